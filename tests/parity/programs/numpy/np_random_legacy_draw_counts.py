# How many doubles each legacy RandomState draw takes from the MT19937 stream, seen through the next
# rs.random() after it (np_random_multinomial_dirichlet_laplace's line 12 differs from NumPy 2.x by two
# doubles somewhere among a small-alpha dirichlet, multinomial with n == 0 or a zero probability and a
# multinomial whose pvals sum below 1; NumPy 1.24 draws as Kiln does). Each case starts from the same
# state: the dirichlet's gammas below 1 (Ahrens-Dieter rejection, two doubles a try), multinomial's chain
# of binomial inversions (one double each, none for n == 0 or p == 0), laplace's single uniform.
import numpy as np


def fresh():
    rs = np.random.RandomState(42)
    rs.dirichlet((10, 5, 3), 2)
    rs.dirichlet([0.5, 0.5])
    return rs


rs = fresh()
print("stream:", [round(rs.random(), 12) for _ in range(24)])
rs = fresh()
print("dirichlet(0.1 x4, (1, 2)):", np.round(rs.dirichlet(np.ones(4) * 0.1, size=(1, 2)), 10).tolist(), rs.random())
rs = fresh()
print("dirichlet(0.1 x4):", np.round(rs.dirichlet(np.ones(4) * 0.1), 10).tolist(), rs.random())
for n, pvals, size in ((0, [0.5, 0.5], None), (5, [0.0, 1.0], None), (3, [0.2, 0.3], (2, 1)), (3, [0.2, 0.8], None),
                       (10, [0.5, 0.25, 0.25], 3)):
    rs = fresh()
    out = rs.multinomial(n, pvals, size=size)
    print("multinomial", n, pvals, size, out.tolist(), rs.random())
rs = fresh()
print("laplace(scale=0):", rs.laplace(scale=0.0), rs.random())
rs = fresh()
print("binomial(3, 0.2, 4):", rs.binomial(3, 0.2, 4).tolist(), rs.random())
rs = fresh()
print("binomial(0, 0.5), binomial(4, 0.0):", rs.binomial(0, 0.5), rs.binomial(4, 0.0), rs.random())
