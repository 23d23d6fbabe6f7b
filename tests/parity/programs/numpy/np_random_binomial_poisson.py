# np.random.binomial and np.random.poisson on the legacy RandomState stream (module functions and a
# RandomState object) and on a Generator: inversion below n*p = 30, BTPE above (the 1/0 masks of dropout-
# style augmentation, count noise), Poisson by multiplication below 10 and PTRS above, the legacy
# binomial's uniform drawn even for n == 0 or p == 0 (the stream stays NumPy's), and the parameter errors.
import numpy as np
np.random.seed(0)
print(np.random.binomial(1, 0.3, size=12).tolist())
print(np.random.binomial(10, 0.5, size=8).tolist(), np.random.binomial(5, 0.9), type(np.random.binomial(5, 0.9)).__name__)
print(np.random.binomial(100, 0.4, size=10).tolist())
print(np.random.binomial(1000, 0.7, size=10).tolist())
print(np.random.binomial(200000, 0.01, size=5).tolist(), np.random.binomial(0, 0.5), np.random.binomial(7, 0.0), np.random.binomial(7, 1.0))
print(np.random.poisson(3.0, size=10).tolist(), np.random.poisson(25.0, size=10).tolist(), np.random.poisson(1000.5, size=5).tolist(), np.random.poisson(0.0))
print(np.random.poisson(size=3).tolist(), np.random.rand())
rs = np.random.RandomState(42)
print(rs.binomial(3, 0.25, (2, 3)).tolist(), rs.poisson(12.5, 4).tolist(), rs.binomial(60, 0.6, 4).tolist(), rs.randn())
for bad in [lambda: np.random.binomial(-1, 0.5), lambda: np.random.binomial(3, 1.5), lambda: np.random.binomial(3, float('nan')), lambda: np.random.poisson(-1), lambda: np.random.poisson(1e20)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)

g = np.random.default_rng(7)
print(g.binomial(1, 0.3, size=12).tolist(), g.binomial(0, 0.5), g.binomial(7, 0.0), g.random())
print(g.binomial(100, 0.4, size=6).tolist(), g.binomial(1000, 0.7, size=6).tolist(), g.binomial(5, 0.9), g.poisson(4.0, 5).tolist(), g.random())
