# Probe 30's NumPy gaps in scientific code: np.histogram2d / np.histogramdd (matplotlib's hist2d and
# density plots of samples), np.diag_indices / diag_indices_from (normflows' LU flows), the legacy
# RandomState.geometric draws (normflows' residual flows' Russian-roulette estimator), and
# RandomState.choice over a list of strs from a RandomState object (data generators).
import numpy as np

h, xe, ye = np.histogram2d([0.1, 0.5, 0.9, 1.0, 0.3], [1, 2, 3, 3, 2], bins=(2, 3))
print(h, xe, ye, h.dtype)
print(np.histogram2d([0.1, 0.5, 0.9, 2.0], [1, 2, 3, 9], bins=2, range=[[0, 1], [0, 4]], density=True))
print(np.histogram2d(np.arange(6.0), np.arange(6.0) ** 2, bins=[np.array([0, 2, 5.0]), np.array([0, 10, 30.0])]))
print(np.histogram2d([1, 2, 3], [4, 5, 6], bins=3, weights=[0.5, 1.0, 2.0]))
print(np.histogram2d([1.0, 1.0], [2.0, 2.0], bins=2))
print(np.histogramdd(np.array([[0., 1.], [1., 2.], [0.5, 0.5]]), bins=2))
print(np.histogramdd(np.array([[0., 1., 2.], [1., 2., 3.], [0.5, 0.5, 0.5]]), bins=(1, 2, 3))[0].shape)
for bad in (lambda: np.histogram2d([1, 2], [1], bins=2),
            lambda: np.histogram2d([1, 2], [1, 2], bins=0),
            lambda: np.histogram2d([1, 2], [1, 2], bins=2, range=[[2, 1], [0, 1]]),
            lambda: np.histogramdd(np.zeros((3, 2)), bins=[2, 2, 2])):
    try:
        bad()
    except ValueError as e:
        print('ValueError:', e)

print(np.diag_indices(3), np.diag_indices(2, 3))
a = np.arange(16).reshape(4, 4)
a[np.diag_indices_from(a)] = 100
print(a)
for bad in (np.zeros(3), np.zeros((2, 3))):
    try:
        np.diag_indices_from(bad)
    except ValueError as e:
        print('ValueError:', e)

r = np.random.RandomState(0)
print(r.geometric(0.5, 5), r.geometric(0.2, 5), r.geometric(1.0, 3), r.geometric(0.01, (2, 2)))
print(type(r.geometric(0.3)).__name__)
np.random.seed(3)
print(np.random.geometric(0.7), np.random.geometric(0.01, 3))
for p in (0.0, 1.5, float('nan')):
    try:
        r.geometric(p)
    except ValueError as e:
        print('ValueError:', e)

r = np.random.RandomState(1)
print(r.choice(['RL', 'RM', 'FV'], 4), r.choice(['a', 'b']), r.choice(('x', 'y', 'z'), 2, replace=False))
print(r.choice(['lo', 'hi'], size=(2, 3), p=[0.2, 0.8]))
print(r.randint(10), r.choice(5, 2))
