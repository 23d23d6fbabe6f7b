# scikit-learn's toy generators as tutorials call them: make_moons / make_circles / make_blobs /
# make_classification with a random_state (an int, a RandomState, None after np.random.seed), noise, odd
# and tuple sample counts, shuffle off, explicit centers, per-cluster stds, return_centers; the draws match scikit-learn's.
import numpy as np
from sklearn.datasets import make_blobs, make_circles, make_classification, make_moons

X, y = make_moons(n_samples=10, noise=0.1, random_state=0)
print(X.shape, X.dtype, y.dtype)
print(X)
print(y)
X, y = make_moons(7, shuffle=False)
print(X)
print(y)
X, y = make_moons((3, 4), noise=0.2, random_state=np.random.RandomState(5))
print(X.round(6).tolist(), y.tolist())
np.random.seed(0)
X, y = make_moons(500, noise=0.2)
print(X[:3], y[:10], round(float(X.sum()), 6))

X, y = make_circles(n_samples=9, noise=0.05, factor=0.5, random_state=1)
print(X)
print(y)
X, y = make_circles(6, shuffle=False)
print(X.round(8).tolist(), y.tolist())
X, y = make_circles((2, 3), random_state=3)
print(X.round(8).tolist(), y.tolist())

X, y = make_blobs(n_samples=10, centers=3, n_features=2, random_state=0)
print(X)
print(y)
X, y = make_blobs(n_samples=[3, 3, 4], centers=None, n_features=2, random_state=0)
print(y)
X, y, c = make_blobs(n_samples=7, n_features=3, centers=[[0, 0, 0], [5, 5, 5]], cluster_std=[0.5, 2.0],
                     random_state=42, return_centers=True)
print(X.round(6).tolist(), y.tolist(), c.tolist())
X, y = make_blobs(n_samples=8, centers=2, shuffle=False, random_state=7, center_box=(0, 1))
print(X.round(6).tolist(), y.tolist())

# make_classification: the hypercube vertices (reservoir, permutation and tracking-selection draws),
# redundant / repeated / useless features, weights, flip_y, random shift and scale
X, y = make_classification(n_samples=12, n_features=5, random_state=0)
print(X.shape, y.tolist())
print(X[:3])
X, y = make_classification(n_samples=20, n_features=6, n_informative=3, n_redundant=1, n_repeated=1, n_classes=3,
                           n_clusters_per_class=1, weights=[0.5, 0.3], flip_y=0.1, random_state=4)
print(y.tolist(), X[0].round(6).tolist())
X, y = make_classification(n_samples=10, n_features=10, n_informative=9, n_redundant=0, n_classes=2, shift=None,
                           scale=None, hypercube=False, shuffle=False, random_state=1)
print(y.tolist(), X[:2].round(4).tolist())
