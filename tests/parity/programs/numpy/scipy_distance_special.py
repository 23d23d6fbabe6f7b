# scipy.spatial.distance and scipy.special as PyTorch scripts use them beside NumPy (probe 35:
# rasbt/deeplearning-models' pixel-graph GNNs build their adjacency with cdist): cdist/pdist with the
# common metrics and their aliases, a callable metric, squareform both ways with its checks, the
# single-pair functions, float64 results from int and float32 inputs, the shape errors; expit/logit
# (float32 kept), softmax/log_softmax over axes, logsumexp with axis, keepdims, b weights and
# return_sign.
import numpy as np
from scipy.spatial.distance import cdist, pdist, squareform
from scipy.spatial import distance
import scipy.special as special

rng = np.random.RandomState(0)
A = rng.randn(5, 3)
B = rng.randn(4, 3)
for metric in ["euclidean", "sqeuclidean", "cityblock", "chebyshev", "cosine", "correlation", "minkowski",
               "braycurtis", "canberra"]:
    d = cdist(A, B, metric=metric)
    print(metric, d.shape, d.dtype, np.round(d, 6).tolist()[0])
print(np.round(cdist(A, B, "minkowski", p=3), 6)[1].tolist())
print(np.round(cdist(A, B, lambda u, v: np.abs(u - v).max()), 6)[2].tolist())
print(cdist([[0, 0], [3, 4]], [[0, 0]]).tolist(), cdist(np.zeros((2, 2), np.float32), np.ones((1, 2), np.float32)).dtype)
print(cdist([[1, 0, 1, 1]], [[1, 1, 0, 1]], "hamming").tolist())

grid = np.stack(np.meshgrid(np.arange(4), np.arange(4)), axis=2).reshape(-1, 2) / 4
D = cdist(grid, grid)
print(D.shape, round(float(D[0, 15]), 12), bool((D == D.T).all()), float(np.diag(D).max()))
A_adj = np.exp(-D / (0.05 * np.pi) ** 2)
A_adj[A_adj < 0.01] = 0
print(int((A_adj > 0).sum()), round(float(A_adj.sum()), 10))

p = pdist(A)
print(p.shape, np.round(p, 6).tolist()[:4])
print(np.allclose(squareform(p), cdist(A, A)), squareform(squareform(p)).shape)
print(squareform(np.array([1.0, 2.0, 3.0])).tolist(), squareform(np.zeros(0)).tolist())
for bad in [np.array([1.0, 2.0]), np.array([[0.0, 1.0], [2.0, 0.0]]), np.ones((2, 2))]:
    try:
        squareform(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    cdist(A, rng.randn(2, 4))
except ValueError as e:
    print("ValueError:", e)
try:
    cdist(A, B, metric="nope")
except ValueError as e:
    print("ValueError:", e)
u, v = [1.0, 2.0, 3.0], [2.0, 0.0, 4.0]
print(distance.euclidean(u, v), distance.sqeuclidean(u, v), distance.cityblock(u, v), distance.chebyshev(u, v),
      round(distance.cosine(u, v), 12), round(distance.minkowski(u, v, 1), 12), distance.hamming(u, v))

x = np.array([-2.0, 0.0, 3.5])
print(np.round(special.expit(x), 12).tolist(), special.expit(np.float32([0.5])).dtype, np.round(special.logit(np.array([0.25, 0.5])), 12).tolist())
m = np.array([[1.0, 2.0, 3.0], [0.0, -1.0, 4.0]])
print(np.round(special.softmax(m, axis=1), 8).tolist())
print(np.round(special.softmax(m), 8).tolist()[1])
print(np.round(special.log_softmax(m, axis=0), 8).tolist())
print(round(float(special.logsumexp(m)), 10), np.round(special.logsumexp(m, axis=1), 10).tolist(),
      special.logsumexp(m, axis=0, keepdims=True).shape)
r, sgn = special.logsumexp([1.0, 2.0], b=[1.0, -1.0], return_sign=True)
print(round(float(r), 10), float(sgn))
print(special.logsumexp(np.array([-np.inf, -np.inf])))
