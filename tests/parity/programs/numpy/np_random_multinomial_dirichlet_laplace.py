# The legacy RandomState's multinomial, dirichlet and laplace with NumPy's algorithms, so seeded draws
# are NumPy's: multinomial as a chain of binomial draws over the remaining probability (dice rolls,
# class-count simulations), dirichlet from legacy standard gammas (non-IID client splits in
# federated-learning code: np.random.dirichlet([alpha] * n_clients)), laplace from one uniform per
# draw (differential-privacy noise); the module functions share np.random's global state; shapes
# size + (d,), int64 counts, and mtrand's parameter errors.
import numpy as np

np.random.seed(0)
print(np.random.laplace(), np.random.laplace(1.0, 2.0, size=3))
print(np.random.laplace(0.0, 0.5, size=(2, 2)))
print(np.random.multinomial(20, [1 / 6.] * 6, size=2))
print(np.random.multinomial(100, [0.2, 0.3, 0.5]), np.random.multinomial(100, [0.2, 0.3, 0.5]).dtype)
print(np.random.multinomial(1000, [0.9, 0.05, 0.05]), np.random.multinomial(7, np.array([0.5, 0.5])))
rs = np.random.RandomState(42)
print(rs.dirichlet((10, 5, 3), 2))
print(rs.dirichlet([0.5, 0.5]), rs.dirichlet(np.ones(4) * 0.1, size=(1, 2)).shape)
print(rs.multinomial(0, [0.5, 0.5]), rs.multinomial(5, [0.0, 1.0]), rs.multinomial(3, [0.2, 0.3], size=(2, 1)).shape)
print(rs.random(), rs.laplace(scale=0.0), rs.random())
num_clients, num_classes = 4, 3
np.random.seed(1)
proportions = np.random.dirichlet(np.repeat(0.5, num_clients), size=num_classes)
print(np.round(proportions, 6), proportions.sum(axis=1))
counts = np.array([np.random.multinomial(30, p) for p in proportions])
print(counts, counts.sum(axis=1))
for bad in (lambda: np.random.multinomial(5, [0.7, 0.6, 0.1]), lambda: np.random.multinomial(5, [-0.1, 1.1]),
            lambda: np.random.multinomial(-1, [0.5, 0.5]), lambda: np.random.multinomial(5, 0.5),
            lambda: np.random.dirichlet([1.0, 0.0]), lambda: np.random.laplace(0.0, -1.0)):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
