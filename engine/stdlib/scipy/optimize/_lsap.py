# scipy.optimize.linear_sum_assignment for Kiln: SciPy's rectangular_lsap algorithm (Crouse, "On
# implementing 2D rectangular assignment algorithms", 2016: shortest augmenting paths with dual
# variables, Jonker-Volgenant style), followed step by step so that the assignment chosen among equal
# optima, and the order of the returned pairs, are SciPy's: rows are processed in order, the scan
# prefers a column that ends the path when reduced costs tie, a matrix with more rows than columns is
# solved transposed and its pairs sorted by row. Inputs become float64 (torch tensors and lists as
# np.asarray takes them); NaN or -inf entries (+inf under maximize) are SciPy's ValueError, and a
# matrix whose assignment must use an infinite cost is "cost matrix is infeasible".
import numpy as _np

_INF = float("inf")


def _augmenting_path(nc, cost, u, v, path, row4col, shortest, i, SR, SC):
    # Dijkstra over columns from row i on reduced costs; returns (sink column or -1, minVal)
    min_val = 0.0
    remaining = [nc - it - 1 for it in range(nc)]
    num_remaining = nc
    for j in range(nc):
        SC[j] = False
        shortest[j] = _INF
    for r in range(len(SR)):
        SR[r] = False
    sink = -1
    while sink == -1:
        index = -1
        lowest = _INF
        SR[i] = True
        row = cost[i]
        ui = u[i]
        for it in range(num_remaining):
            j = remaining[it]
            r = min_val + row[j] - ui - v[j]
            if r < shortest[j]:
                path[j] = i
                shortest[j] = r
            # among equal costs prefer a column that is still free: it ends the path
            if shortest[j] < lowest or (shortest[j] == lowest and row4col[j] == -1):
                lowest = shortest[j]
                index = it
        min_val = lowest
        if min_val == _INF:
            return -1, min_val
        j = remaining[index]
        if row4col[j] == -1:
            sink = j
        else:
            i = row4col[j]
        SC[j] = True
        num_remaining -= 1
        remaining[index] = remaining[num_remaining]
    return sink, min_val


def _solve(cost_matrix, maximize):
    nr, nc = cost_matrix.shape
    if nr == 0 or nc == 0:
        return _np.array([], dtype=_np.int64), _np.array([], dtype=_np.int64)
    transpose = nc < nr
    c = cost_matrix.T if transpose else cost_matrix
    if transpose:
        nr, nc = nc, nr
    cost = [[float(x) for x in row] for row in c.tolist()]
    if maximize:
        cost = [[-x for x in row] for row in cost]
    for row in cost:
        for x in row:
            if x != x or x == -_INF:
                raise ValueError("matrix contains invalid numeric entries")
    u = [0.0] * nr
    v = [0.0] * nc
    shortest = [_INF] * nc
    path = [-1] * nc
    col4row = [-1] * nr
    row4col = [-1] * nc
    SR = [False] * nr
    SC = [False] * nc
    for cur_row in range(nr):
        sink, min_val = _augmenting_path(nc, cost, u, v, path, row4col, shortest, cur_row, SR, SC)
        if sink < 0:
            raise ValueError("cost matrix is infeasible")
        # update the dual variables
        u[cur_row] += min_val
        for i in range(nr):
            if SR[i] and i != cur_row:
                u[i] += min_val - shortest[col4row[i]]
        for j in range(nc):
            if SC[j]:
                v[j] -= min_val - shortest[j]
        # augment the previous solution along the path
        j = sink
        while True:
            i = path[j]
            row4col[j] = i
            col4row[i], j = j, col4row[i]
            if i == cur_row:
                break
    if transpose:
        order = sorted(range(nr), key=lambda k: col4row[k])
        a = [col4row[k] for k in order]
        b = order
    else:
        a = list(range(nr))
        b = col4row
    return _np.array(a, dtype=_np.int64), _np.array(b, dtype=_np.int64)


def linear_sum_assignment(cost_matrix, maximize=False):
    cost_matrix = _np.asarray(cost_matrix)
    if cost_matrix.ndim != 2:
        # SciPy formats the number of dimensions here ("got a 1 array")
        raise ValueError(f"expected a matrix (2-D array), got a {cost_matrix.ndim} array")
    if cost_matrix.dtype.kind not in "biuf":
        raise ValueError("expected a matrix containing numerical entries")
    return _solve(cost_matrix.astype(_np.float64), bool(maximize))
