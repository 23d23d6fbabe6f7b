# scipy.optimize.linear_sum_assignment as set-prediction losses (DETR's HungarianMatcher) and trackers
# call it: square, wide and tall cost matrices (tall ones come back sorted by row), maximize=True,
# ties between equal optima (integer costs, all-equal matrices: SciPy's tie-breaking decides which
# optimum), +inf entries avoided or infeasible, NaN/-inf rejected, empty matrices, lists and torch
# tensors as input, the int64 index arrays, and the DETR pattern of one solve per image over
# `C.split(sizes, -1)` with the results turned into torch.int64 tensors.
import numpy as np
import torch
from scipy.optimize import linear_sum_assignment

cost = np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
r, c = linear_sum_assignment(cost)
print(r.tolist(), c.tolist(), r.dtype, c.dtype, int(cost[r, c].sum()))
r, c = linear_sum_assignment(cost, maximize=True)
print(r.tolist(), c.tolist(), int(cost[r, c].sum()))
print([a.tolist() for a in linear_sum_assignment(np.ones((3, 3)))])
print([a.tolist() for a in linear_sum_assignment(np.zeros((2, 4)))])
print([a.tolist() for a in linear_sum_assignment(np.zeros((4, 2)))])
print([a.tolist() for a in linear_sum_assignment([[1, 2, 2], [2, 1, 1], [1, 1, 1]])])
wide = np.array([[7, 3, 9, 1], [2, 8, 4, 6]], dtype=float)
print([a.tolist() for a in linear_sum_assignment(wide)])
print([a.tolist() for a in linear_sum_assignment(wide.T)])
print([a.tolist() for a in linear_sum_assignment(wide, maximize=True)])
rng = np.random.RandomState(0)
for shape in [(5, 5), (6, 9), (9, 6)]:
    m = rng.rand(*shape)
    r, c = linear_sum_assignment(m)
    print(shape, r.tolist(), c.tolist(), round(float(m[r, c].sum()), 12))
ints = rng.randint(0, 4, size=(7, 7))
r, c = linear_sum_assignment(ints)
print(c.tolist(), int(ints[r, c].sum()))
inf = np.array([[np.inf, 1.0], [2.0, np.inf]])
print([a.tolist() for a in linear_sum_assignment(inf)])
for bad in [np.array([[np.inf, np.inf], [1.0, 2.0]]), np.array([[np.nan, 1.0], [1.0, 2.0]]),
            np.array([[-np.inf, 1.0], [1.0, 2.0]]), np.ones(3)]:
    try:
        linear_sum_assignment(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    linear_sum_assignment(np.array([[np.inf, 1.0], [2.0, 0.0]]), maximize=True)
except ValueError as e:
    print("ValueError:", e)
print([a.tolist() for a in linear_sum_assignment(np.zeros((0, 3)))], linear_sum_assignment(np.zeros((0, 0)))[0].dtype)

# DETR's HungarianMatcher: one cost matrix over all queries and all targets of the batch
torch.manual_seed(0)
bs, num_queries = 2, 5
sizes = [2, 3]
C = torch.rand(bs, num_queries, sum(sizes))
indices = [linear_sum_assignment(c[i]) for i, c in enumerate(C.split(sizes, -1))]
out = [(torch.as_tensor(i, dtype=torch.int64), torch.as_tensor(j, dtype=torch.int64)) for i, j in indices]
for i, j in out:
    print(i.tolist(), j.tolist(), i.dtype)
