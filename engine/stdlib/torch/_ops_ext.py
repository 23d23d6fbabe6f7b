# torch functions and Tensor methods that real programs call, composed in Python from Kiln's
# native differentiable ops (bindings/linalg_py.cpp forwards torch.<name> to <name> and
# Tensor.<name> to _method_<name> here, since the Tensor type is immutable from Python).
#
# Gradients follow the compositions: index_add through scatter_add, cummax/
# cummin/kthvalue/mode/quantile through gather at the selected indices (PyTorch's formulas give the
# same values), diff/logcumsumexp through narrow/sub and cumsum/exp/log. grad_fn names differ from
# PyTorch's dedicated nodes (ScatterBackward0, CummaxBackward0, ...).
#
# Also the global switches torch.use_deterministic_algorithms (Kiln's CPU
# kernels are deterministic, so the flag is recorded and reported) and torch.random.fork_rng.
import itertools
import math

import torch

_inf = float("inf")


def _named(name, fields, values):
    import torch.linalg
    return torch.linalg._named(name, fields, values)


def _out(result, out):
    # out=: the result (a tensor, or a namedtuple of them into a tuple of tensors) written by a
    # native out= op, which resizes and checks autograd as PyTorch's out= variants do.
    if out is None:
        return result
    if isinstance(result, torch.Tensor):
        return torch.add(result, 0, out=out)
    for r, o in zip(result, out):
        torch.add(r, 0, out=o)
    return out


def _wrap_dim(dim, nd):
    n = max(nd, 1)
    if dim < -n or dim >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim % n


# ---- scatter_reduce / index_add / index_reduce -----------------------------------------------------
# (torch.scatter / Tensor.scatter(_) are native: ops/index_ext.h. The in-place forms x.op_(...) are
# the native in-place forwarder around the out-of-place function here: bindings/linalg_py.cpp.)

def scatter_reduce(input, dim, index, src, reduce, *, include_self=True, out=None):
    return _out(_scatter_reduce_impl(input, dim, index, src, reduce, include_self=include_self), out)


def _scatter_reduce_impl(input, dim, index, src, reduce, *, include_self=True, out=None):
    dim = _wrap_dim(dim, input.dim())
    src = src[tuple(slice(0, s) for s in index.shape)].to(input.dtype)
    if reduce == "sum":
        base = input if include_self else input.scatter(dim, index, torch.zeros_like(src))
        return base.scatter_add(dim, index, src)
    if reduce == "mean":
        base = input if include_self else input.scatter(dim, index, torch.zeros_like(src))
        total = base.scatter_add(dim, index, src)
        cnt = torch.zeros(input.shape, dtype=input.dtype).scatter_add(dim, index, torch.ones_like(src))
        if include_self:
            cnt = cnt + 1
        cnt = torch.where(cnt > 0, cnt, torch.ones_like(cnt))
        r = total / cnt
        if not input.is_floating_point():
            r = r.floor().to(input.dtype)
        return r
    if reduce in ("amax", "amin", "prod"):
        out = input.clone()
        touched = set()
        positions = list(itertools.product(*[range(s) for s in index.shape]))
        flat_idx = index.reshape(-1).tolist()
        for pos, k in zip(positions, flat_idx):
            target = list(pos)
            target[dim] = k
            t = tuple(target)
            v = src[pos]
            if not include_self and t not in touched:
                out[t] = v
            elif reduce == "amax":
                out[t] = torch.maximum(out[t], v)
            elif reduce == "amin":
                out[t] = torch.minimum(out[t], v)
            else:
                out[t] = out[t] * v
            touched.add(t)
        return out
    raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")


def _method_scatter_reduce(self, dim, index, src, reduce, *, include_self=True):
    return scatter_reduce(self, dim, index, src, reduce, include_self=include_self)


def _index_as_scatter(input, dim, index, source):
    # index (k,) along dim -> an index shaped like source for scatter_add.
    shape = [1] * source.dim()
    shape[dim] = index.numel()
    return index.reshape(shape).expand(source.shape)


def index_add(input, dim, index, source, *, alpha=1, out=None):
    return _out(_index_add_impl(input, dim, index, source, alpha=alpha), out)


def _index_add_impl(input, dim, index, source, *, alpha=1, out=None):
    dim = _wrap_dim(dim, input.dim())
    # ATen's index_func_meta_impl checks, in its order
    from torch._ops_more import _scalar_type
    if index.dim() > 1:
        raise IndexError(f"index_add_(): Index is supposed to be a vector, but got dim: {index.dim()} with type: "
                         f"{_scalar_type(index.dtype)} and size: {list(index.shape)}")
    if index.dtype != torch.int64 and index.dtype != torch.int32:
        raise RuntimeError(f"index_add_(): Expected dtype int32/int64 for index but got: {_scalar_type(index.dtype)}")
    if input.dtype != source.dtype:
        raise RuntimeError(f"index_add_(): self ({_scalar_type(input.dtype)}) and source ({_scalar_type(source.dtype)}) "
                           "must have the same scalar type")
    index = index.to(torch.int64)
    if source.dim() == 0:
        source = source.reshape(1)
    if source.dim() > 0 and source.shape[dim] != index.numel():
        raise RuntimeError("index_add_(): Number of indices (" + str(index.numel()) + ") should be equal to source.size(dim) ("
                           + str(source.shape[dim]) + ")")
    if input.dim() == 0:
        return input + (source * alpha).sum()
    src = source * alpha if alpha != 1 else source
    return input.scatter_add(dim, _index_as_scatter(input, dim, index, src), src.to(input.dtype))


def _method_index_add(self, dim, index, source, *, alpha=1):
    return index_add(self, dim, index, source, alpha=alpha)


def index_reduce(input, dim, index, source, reduce, *, include_self=True, out=None):
    return _out(_index_reduce_impl(input, dim, index, source, reduce, include_self=include_self), out)


def _index_reduce_impl(input, dim, index, source, reduce, *, include_self=True, out=None):
    dim = _wrap_dim(dim, input.dim())
    return scatter_reduce(input, dim, _index_as_scatter(input, dim, index, source), source, reduce,
                          include_self=include_self)


def _method_index_reduce(self, dim, index, source, reduce, *, include_self=True):
    return index_reduce(self, dim, index, source, reduce, include_self=include_self)


# ---- unfold ----------------------------------------------------------------------------------------

def _method_unfold(self, dimension, size, step):
    nd = self.dim()
    d = _wrap_dim(dimension, nd)
    length = self.shape[d] if nd > 0 else 1
    if size > length:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {length} but size is {size}")
    if size < 0:
        raise RuntimeError(f"size is {size} but must be >= 0")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    strides = list(self.stride()) if nd > 0 else [1]
    sizes = list(self.shape) if nd > 0 else [1]
    count = (length - size) // step + 1
    new_sizes = sizes[:d] + [count] + sizes[d + 1:] + [size]
    new_strides = strides[:d] + [strides[d] * step] + strides[d + 1:] + [strides[d]]
    if nd == 0:
        new_sizes, new_strides = [size], [1]
    return self.as_strided(new_sizes, new_strides, self.storage_offset())


# ---- counting ---------------------------------------------------------------------------------------

def bincount(input, weights=None, minlength=0):
    if input.dim() != 1 or input.dtype != torch.int64 or (input.numel() > 0 and int(input.min()) < 0):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if weights is not None and (weights.dim() != 1 or weights.shape[0] != input.shape[0]):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    n = max(int(input.max()) + 1 if input.numel() > 0 else 0, minlength)
    if weights is None:
        return torch.zeros(n, dtype=torch.int64).scatter_add(0, input, torch.ones(input.shape, dtype=torch.int64))
    dt = torch.float32 if weights.dtype == torch.float32 else torch.float64
    return torch.zeros(n, dtype=dt).scatter_add(0, input, weights.to(dt))


def _method_bincount(self, weights=None, minlength=0):
    return bincount(self, weights, minlength)


def histc(input, bins=100, min=0, max=0, *, out=None):
    return _out(_histc_impl(input, bins, min, max), out)


def _histc_impl(input, bins=100, min=0, max=0, *, out=None):
    if not input.is_floating_point():
        from torch._ops_more import _scalar_type
        raise NotImplementedError(f'"histogram_cpu" not implemented for \'{_scalar_type(input.dtype)}\'')
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    lo, hi = float(min), float(max)
    if lo == hi and input.numel() > 0:
        lo, hi = float(input.min()), float(input.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    # ATen's select_outer_bin_edges: an infinite or NaN edge (from the data, or given) is an error,
    # its numbers printed as C++ streams print doubles (%g)
    if math.isinf(lo) or math.isinf(hi) or math.isnan(lo) or math.isnan(hi):
        raise RuntimeError(f"torch.histc: range of [{lo:g}, {hi:g}] is not finite")
    if lo > hi:
        raise RuntimeError(f"torch.histc: max must be larger than min, but got min {min} max {max}")
    x = input.detach().reshape(-1)
    inside = (x >= lo) & (x <= hi)
    pos = ((x - lo) * bins / (hi - lo)).floor().to(torch.int64).clamp(0, bins - 1)
    counts = torch.zeros(bins, dtype=input.dtype).scatter_add(0, pos, inside.to(input.dtype))
    return counts


def _method_histc(self, bins=100, min=0, max=0):
    return histc(self, bins, min, max)


def histogram(input, bins=100, *, range=None, weight=None, density=False, out=None):
    x = input.detach().reshape(-1)
    if isinstance(bins, torch.Tensor):
        edges = bins.to(input.dtype)
    else:
        if range is not None:
            lo, hi = float(range[0]), float(range[1])
        else:
            lo, hi = (float(x.min()), float(x.max())) if x.numel() > 0 else (0.0, 0.0)
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        edges = torch.linspace(lo, hi, bins + 1, dtype=input.dtype)
    nb = edges.numel() - 1
    pos = torch.searchsorted(edges, x, right=True) - 1
    pos = torch.where(x == edges[-1], torch.full_like(pos, nb - 1), pos)
    inside = (pos >= 0) & (pos < nb)
    w = weight.reshape(-1).to(input.dtype) if weight is not None else torch.ones_like(x)
    hist = torch.zeros(nb, dtype=input.dtype).scatter_add(0, pos.clamp(0, nb - 1), torch.where(inside, w, torch.zeros_like(w)))
    if density:
        hist = hist / (hist.sum() * (edges[1:] - edges[:-1]))
    return _named("histogram", ("hist", "bin_edges"), (hist, edges))


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None, out=None):
    return _out(_searchsorted_impl(sorted_sequence, input, out_int32=out_int32, right=right, side=side, sorter=sorter), out)


def _searchsorted_impl(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None, out=None):
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}")
        if right and side == "left":
            raise RuntimeError("torch.searchsorted(): side and right can't be set to opposites, got side of left while "
                               "right was True")
        right = side == "right"
    seq = sorted_sequence
    if sorter is not None:
        seq = seq.gather(-1, sorter)
    scalar = not isinstance(input, torch.Tensor)
    vals = torch.tensor(input, dtype=seq.dtype) if scalar else input
    if seq.dim() > 1 and tuple(seq.shape[:-1]) != tuple(vals.shape[:-1]):
        raise RuntimeError("torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of "
                           "boundaries tensor and input value tensor must match, but we got boundaries tensor "
                           f"{list(seq.shape)} and input value tensor {list(vals.shape)}")
    s = seq.detach()
    v = vals.detach()
    if s.dim() == 1:
        cmp = (s <= v.unsqueeze(-1)) if right else (s < v.unsqueeze(-1))
    else:
        cmp = (s.unsqueeze(-2) <= v.unsqueeze(-1)) if right else (s.unsqueeze(-2) < v.unsqueeze(-1))
    r = cmp.sum(-1)
    return r


def bucketize(input, boundaries, *, out_int32=False, right=False, out=None):
    return _out(_bucketize_impl(input, boundaries, out_int32=out_int32, right=right), out)


def _bucketize_impl(input, boundaries, *, out_int32=False, right=False, out=None):
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})")
    return searchsorted(boundaries, input, right=right)


def _tril_size(row, col, offset):
    # ATen's get_tril_size: the cells (r, c) with c <= r + offset of a row x col matrix
    if row == 0 or col == 0:
        return 0
    m_first_row = min(col, 1 + offset) if offset > 0 else int(row + offset > 0)
    m_last_row = max(0, min(col, row + offset))
    n_row_all = max(0, min(row, row + offset))
    n_row_trapezoid = m_last_row - m_first_row + 1
    size = (m_first_row + m_last_row) * n_row_trapezoid >> 1
    if n_row_all - n_row_trapezoid > 0:
        size += (n_row_all - n_row_trapezoid) * col
    return size


def _tri_indices(row, col, offset, lower, dtype):
    # ATen's check_args, then the indices built row by row as whole tensors (a Python loop over
    # row * col cells would run for hours on a large matrix; this allocates under the memory cap)
    if row < 0:
        raise RuntimeError(f"row must be non-negative, got{row}")
    if col < 0:
        raise RuntimeError(f"col must be non-negative, got{col}")
    # The result is allocated first, sized by ATen's closed form (get_tril_size): a huge matrix is
    # the allocator's error at once, before any row-sized intermediate (arange(2**31) is 16 GiB).
    size = _tril_size(row, col, offset) if lower else row * col - _tril_size(row, col, offset - 1)
    torch.empty((2, size), dtype=dtype)
    i = torch.arange(row, dtype=torch.int64)
    if lower:
        start = torch.zeros(row, dtype=torch.int64)
        stop = (i + offset + 1).clamp(0, col)
    else:
        start = (i + offset).clamp(0, col)
        stop = torch.full((row,), col, dtype=torch.int64)
    counts = (stop - start).clamp(min=0)
    total = int(counts.sum()) if row > 0 else 0
    if total == 0:
        return torch.zeros((2, 0), dtype=dtype)
    rows = torch.repeat_interleave(i, counts)
    first = torch.cumsum(counts, 0) - counts  # where each row's run begins in the output
    cols = torch.arange(total, dtype=torch.int64) - first[rows] + start[rows]
    return torch.stack([rows, cols]).to(dtype)


def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    return _tri_indices(row, col, offset, True, dtype or torch.int64)


def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    return _tri_indices(row, col, offset, False, dtype or torch.int64)


# ---- products and combinations ----------------------------------------------------------------------

def tensordot(a, b, dims=2, out=None):
    return _out(_tensordot_impl(a, b, dims), out)


def _tensordot_impl(a, b, dims=2, out=None):
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        da = list(range(a.dim() - dims, a.dim()))
        db = list(range(dims))
    else:
        if isinstance(dims, torch.Tensor):
            dims = dims.tolist()
        da, db = dims
        if isinstance(da, int):
            da = [da]
        if isinstance(db, int):
            db = [db]
        da = [d % a.dim() for d in da]
        db = [d % b.dim() for d in db]
    if len(da) != len(db):
        raise RuntimeError("both dimension lists should have same length")
    for x, y in zip(da, db):
        if a.shape[x] != b.shape[y]:
            raise RuntimeError(f"contracted dimensions need to match, but first has size {a.shape[x]} in dim {x} and "
                               f"second has size {b.shape[y]} in dim {y}")
    free_a = [d for d in range(a.dim()) if d not in da]
    free_b = [d for d in range(b.dim()) if d not in db]
    k = 1
    for d in da:
        k *= a.shape[d]
    ma = 1
    for d in free_a:
        ma *= a.shape[d]
    nb = 1
    for d in free_b:
        nb *= b.shape[d]
    A = a.permute(free_a + da).reshape(ma, k)
    B = b.permute(db + free_b).reshape(k, nb)
    return (A @ B).reshape([a.shape[d] for d in free_a] + [b.shape[d] for d in free_b])


def kron(input, other, *, out=None):
    return _out(_kron_impl(input, other), out)


def _kron_impl(input, other, *, out=None):
    nd = max(input.dim(), other.dim())
    a = input.reshape([1] * (nd - input.dim()) + list(input.shape))
    b = other.reshape([1] * (nd - other.dim()) + list(other.shape))
    ea, eb = [], []
    for i in range(nd):
        ea += [a.shape[i], 1]
        eb += [1, b.shape[i]]
    r = a.reshape(ea) * b.reshape(eb)
    return r.reshape([a.shape[i] * b.shape[i] for i in range(nd)])


def _method_kron(self, other):
    return kron(self, other)


def block_diag(*tensors):
    mats = []
    for i, t in enumerate(tensors):
        if t.dim() > 2:
            raise RuntimeError(f"torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {i} has "
                               f"{t.dim()} dimensions")
        mats.append(t.reshape(1, -1) if t.dim() < 2 else t)
    if not mats:
        return torch.empty(1, 0)
    dt = mats[0].dtype
    for m in mats[1:]:
        dt = (torch.zeros(1, dtype=dt) + torch.zeros(1, dtype=m.dtype)).dtype  # promote_types
    total_cols = sum(m.shape[1] for m in mats)
    rows = []
    left = 0
    for m in mats:
        r, c = m.shape
        parts = []
        if left > 0:
            parts.append(torch.zeros(r, left, dtype=dt))
        parts.append(m.to(dt))
        if total_cols - left - c > 0:
            parts.append(torch.zeros(r, total_cols - left - c, dtype=dt))
        rows.append(torch.cat(parts, 1) if len(parts) > 1 else parts[0])
        left += c
    return torch.cat(rows, 0)


def cartesian_prod(*tensors):
    for t in tensors:
        if t.dim() != 1:
            raise RuntimeError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    grids = torch.meshgrid(*tensors, indexing="ij")
    return torch.stack([g.reshape(-1) for g in grids], dim=1)


def combinations(input, r=2, with_replacement=False):
    if input.dim() != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return torch.empty(0, dtype=input.dtype)
    # ATen's algorithm: an r-way meshgrid of the input masked to the cells whose indices increase
    # (i < j < k ..., or <= with replacement), in the grid's row-major order. The grid's n**r
    # cells are what PyTorch sizes (and refuses: "numel: integer multiplication overflow") for a
    # large n and r; a Python loop over the combinations would run for hours instead.
    n = input.shape[0]
    grids = torch.meshgrid(*([input] * r), indexing="ij")
    index_grids = torch.meshgrid(*([torch.arange(n)] * r), indexing="ij")
    mask = torch.full(index_grids[0].shape, True, dtype=torch.bool)
    for a, b in zip(index_grids, index_grids[1:]):
        mask = mask & ((a <= b) if with_replacement else (a < b))
    return torch.stack([g.masked_select(mask) for g in grids], 1)


# ---- cumulative, order statistics -------------------------------------------------------------------

def _cum_extreme(input, dim, take_max, name):
    nd = input.dim()
    dim = _wrap_dim(dim, nd)
    if input.numel() == 0:
        return _named(name, ("values", "indices"), (input.clone(), torch.zeros(input.shape, dtype=torch.int64)))
    x = input.detach() if nd > 0 else input.detach().reshape(1)
    d = dim if nd > 0 else 0
    n = x.shape[d]
    best = x.select(d, 0)
    best_idx = torch.zeros(best.shape, dtype=torch.int64)
    idx_slices = [best_idx]
    for i in range(1, n):
        cur = x.select(d, i)
        # later equal values win (PyTorch's >= / <=); NaN, once seen, stays.
        better = (cur >= best) if take_max else (cur <= best)
        better = better | cur.isnan()
        better = better & ~(best.isnan() & ~cur.isnan())
        best = torch.where(better, cur, best)
        best_idx = torch.where(better, torch.full_like(best_idx, i), best_idx)
        idx_slices.append(best_idx)
    indices = torch.stack(idx_slices, d)
    if nd == 0:
        indices = indices.reshape(())
    values = input.gather(dim, indices) if nd > 0 else input.clone()
    return _named(name, ("values", "indices"), (values, indices))


def cummax(input, dim, *, out=None):
    return _out(_cummax_impl(input, dim), out)


def _cummax_impl(input, dim, *, out=None):
    return _cum_extreme(input, dim, True, "cummax")


def cummin(input, dim, *, out=None):
    return _out(_cummin_impl(input, dim), out)


def _cummin_impl(input, dim, *, out=None):
    return _cum_extreme(input, dim, False, "cummin")


def _method_cummax(self, dim):
    return cummax(self, dim)


def _method_cummin(self, dim):
    return cummin(self, dim)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    if input.dim() == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    dim = _wrap_dim(dim, input.dim())
    parts = []
    if prepend is not None:
        parts.append(prepend if isinstance(prepend, torch.Tensor) and prepend.dim() > 0 else
                     torch.as_tensor(prepend, dtype=input.dtype).expand(
                         [1 if i == dim else s for i, s in enumerate(input.shape)]))
    parts.append(input)
    if append is not None:
        parts.append(append if isinstance(append, torch.Tensor) and append.dim() > 0 else
                     torch.as_tensor(append, dtype=input.dtype).expand(
                         [1 if i == dim else s for i, s in enumerate(input.shape)]))
    x = torch.cat(parts, dim) if len(parts) > 1 else input
    for _ in range(n):
        length = x.shape[dim]
        if length == 0:
            break
        a = x.narrow(dim, 1, length - 1)
        b = x.narrow(dim, 0, length - 1)
        x = (a ^ b) if x.dtype == torch.bool else a - b
    return x


def _method_diff(self, n=1, dim=-1, prepend=None, append=None):
    return diff(self, n, dim, prepend, append)


def _logaddexp(a, b):
    m = torch.maximum(a, b)
    r = m + (-(a - b).abs()).exp().log1p()
    # both -inf (a - b is nan) or either +inf: the maximum itself
    return torch.where(m.isinf(), m, r)


def logcumsumexp(input, dim, *, out=None):
    return _out(_logcumsumexp_impl(input, dim), out)


def _logcumsumexp_impl(input, dim, *, out=None):
    # A running logaddexp along dim: each step stays in range however far apart the values are
    # (a single shift by the maximum would underflow the smaller terms to log(0)).
    if input.dim() == 0:
        return input.clone()
    dim = _wrap_dim(dim, input.dim())
    n = input.shape[dim]
    if n == 0:
        return input.clone()
    acc = input.select(dim, 0)
    parts = [acc]
    for i in range(1, n):
        acc = _logaddexp(acc, input.select(dim, i))
        parts.append(acc)
    return torch.stack(parts, dim)


def _method_logcumsumexp(self, dim):
    return logcumsumexp(self, dim)


def kthvalue(input, k, dim=-1, keepdim=False, *, out=None):
    return _out(_kthvalue_impl(input, k, dim, keepdim), out)


def _kthvalue_impl(input, k, dim=-1, keepdim=False, *, out=None):
    nd = input.dim()
    d = _wrap_dim(dim, nd)
    x = input if nd > 0 else input.reshape(1)
    n = x.shape[d]
    if k < 1 or k > n:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    _, order = x.detach().sort(dim=d, stable=True)
    idx = order.narrow(d, k - 1, 1)
    values = x.gather(d, idx)
    if not keepdim or nd == 0:
        values = values.squeeze(d)
        idx = idx.squeeze(d)
    if nd == 0:
        values, idx = values.reshape(()), idx.reshape(())
    return _named("kthvalue", ("values", "indices"), (values, idx))


def _method_kthvalue(self, k, dim=-1, keepdim=False):
    return kthvalue(self, k, dim, keepdim)


def mode(input, dim=-1, keepdim=False, *, out=None):
    return _out(_mode_impl(input, dim, keepdim), out)


def _mode_impl(input, dim=-1, keepdim=False, *, out=None):
    nd = input.dim()
    d = _wrap_dim(dim, nd)
    if input.numel() == 0:
        # ATen's mode_out: get_zero_numel_tensor_size (an empty reduced dim is an IndexError; an
        # empty tensor reduced along a non-empty dim gives empty values and indices)
        if input.shape[d] == 0:
            raise IndexError(f"mode(): Expected reduction dim {d} to have non-zero size.")
        shape = list(input.shape)
        if keepdim:
            shape[d] = 1
        else:
            del shape[d]
        return _named("mode", ("values", "indices"), (torch.empty(shape, dtype=input.dtype, device=input.device),
                                                      torch.empty(shape, dtype=torch.int64, device=input.device)))
    x = input if nd > 0 else input.reshape(1)
    moved = x.detach().movedim(d, -1)
    lead = list(moved.shape[:-1])
    flat = moved.reshape(-1, moved.shape[-1])
    best_idx = []
    for row in flat.tolist():
        counts = {}
        last = {}
        for i, v in enumerate(row):
            key = v
            counts[key] = counts.get(key, 0) + 1
            last[key] = i
        top = max(counts.values())
        value = min(v for v, c in counts.items() if c == top)
        best_idx.append(last[value])
    idx = torch.tensor(best_idx, dtype=torch.int64).reshape(lead + [1]).movedim(-1, d)
    values = x.gather(d, idx)
    if not keepdim or nd == 0:
        values = values.squeeze(d)
        idx = idx.squeeze(d)
    if nd == 0:
        values, idx = values.reshape(()), idx.reshape(())
    return _named("mode", ("values", "indices"), (values, idx))


def _method_mode(self, dim=-1, keepdim=False):
    return mode(self, dim, keepdim)


def _cpp_double(x):
    # a double as C++'s ostream prints it in a TORCH_CHECK message (precision 6, like %g: 2, 0.5, nan)
    return "%g" % x


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan, name):
    if not isinstance(q, torch.Tensor):
        # The float overloads check q first, in the form `q >= 0 && q <= 1` (NaN fails), and both
        # name "quantile()" (nanquantile too)
        qv = float(q)
        if not (qv >= 0 and qv <= 1):
            raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {_cpp_double(qv)}")
    # ATen's quantile_checks, in its order and words ("quantile()" for nanquantile too): non-empty,
    # q a scalar or 1-D, float/double input, q of the input's dtype (no conversion); then the dim,
    # the interpolation mode, and the q range (q.ge(0).logical_and_(q.le(1)).all(): NaN fails)
    scalar_q = not isinstance(q, torch.Tensor)
    if input.numel() == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    if not scalar_q and q.dim() > 1:
        raise RuntimeError("quantile() q must be a scalar or 1D tensor")
    if input.dtype not in (torch.float32, torch.float64):
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if not scalar_q and q.dtype != input.dtype:
        raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
    if dim is None:
        x = input.reshape(-1)
        d = 0
    else:
        d = _wrap_dim(dim, input.dim())
        x = input if input.dim() > 0 else input.reshape(1)
    if interpolation not in ("linear", "lower", "higher", "midpoint", "nearest"):
        raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, midpoint or nearest. Got "
                           f"{interpolation}")
    qt = torch.tensor([float(q)], dtype=input.dtype) if scalar_q else q.reshape(-1)
    if not bool(((qt >= 0) & (qt <= 1)).all()):
        raise RuntimeError("quantile() q values must be in the range [0, 1]")
    xm = x.movedim(d, -1)
    sorted_vals, order = xm.detach().sort(dim=-1)
    n = xm.shape[-1]
    nan_mask = xm.detach().isnan()
    if ignore_nan:
        count = (~nan_mask).sum(-1, keepdim=True).to(input.dtype)
    else:
        count = torch.full(list(xm.shape[:-1]) + [1], float(n), dtype=input.dtype)
    outs = []
    for j in range(qt.numel()):
        qq = qt[j]
        pos = qq * (count - 1).clamp(min=0)
        if interpolation == "lower":
            pos = pos.floor()
        elif interpolation == "higher":
            pos = pos.ceil()
        elif interpolation == "nearest":
            pos = pos.round()
        lo = pos.floor().clamp(0, n - 1).to(torch.int64)
        hi = pos.ceil().clamp(0, n - 1).to(torch.int64)
        vlo = xm.gather(-1, order.gather(-1, lo))
        vhi = xm.gather(-1, order.gather(-1, hi))
        if interpolation == "midpoint":
            w = torch.where(hi > lo, torch.full_like(pos, 0.5), torch.zeros_like(pos))
        else:
            w = pos - lo.to(pos.dtype)
        r = vlo + (vhi - vlo) * w
        if ignore_nan:
            r = torch.where(count == 0, torch.full_like(r, float("nan")), r)
        else:
            r = torch.where(nan_mask.any(-1, keepdim=True), torch.full_like(r, float("nan")), r)
        r = r.squeeze(-1)
        if keepdim:
            if dim is None:
                r = r.reshape([1] * input.dim())
            else:
                r = r.unsqueeze(d)
        outs.append(r)
    if scalar_q:
        return outs[0]
    return torch.stack(outs, 0)


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    return _out(_quantile_impl(input, q, dim, keepdim, interpolation=interpolation), out)


def _quantile_impl(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    return _quantile(input, q, dim, keepdim, interpolation, False, "quantile")


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    return _out(_nanquantile_impl(input, q, dim, keepdim, interpolation=interpolation), out)


def _nanquantile_impl(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    return _quantile(input, q, dim, keepdim, interpolation, True, "nanquantile")


def _method_quantile(self, q, dim=None, keepdim=False, *, interpolation="linear"):
    return quantile(self, q, dim, keepdim, interpolation=interpolation)


def _method_nanquantile(self, q, dim=None, keepdim=False, *, interpolation="linear"):
    return nanquantile(self, q, dim, keepdim, interpolation=interpolation)


def _reduce_dims(input, dim):
    if dim is None:
        return list(range(input.dim()))
    if isinstance(dim, int):
        return [dim]
    return list(dim)


def nansum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    return _out(_nansum_impl(input, dim, keepdim, dtype=dtype), out)


def _nansum_impl(input, dim=None, keepdim=False, *, dtype=None, out=None):
    x = input if dtype is None else input.to(dtype)
    if x.is_floating_point():
        x = torch.where(x.isnan(), torch.zeros_like(x), x)
    if dim is None and not keepdim:
        return x.sum()
    return x.sum(dim=_reduce_dims(x, dim), keepdim=keepdim)


def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    return _out(_nanmean_impl(input, dim, keepdim, dtype=dtype), out)


def _nanmean_impl(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if not (input.is_floating_point()):
        raise RuntimeError(f"nanmean(): expected input to have floating point or complex dtype but got Long")
    x = input if dtype is None else input.to(dtype)
    count = (~x.isnan()).sum(dim=_reduce_dims(x, dim), keepdim=keepdim) if (dim is not None or keepdim) else (~x.isnan()).sum()
    return nansum(x, dim, keepdim) / count


def _method_nansum(self, dim=None, keepdim=False, *, dtype=None):
    return nansum(self, dim, keepdim, dtype=dtype)


def _method_nanmean(self, dim=None, keepdim=False, *, dtype=None):
    return nanmean(self, dim, keepdim, dtype=dtype)


def _norm_str(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    # torch.norm with a string p other than 'fro' over at most two dims (bindings/linalg_py.cpp):
    # as torch/functional.py, torch.linalg.matrix_norm over dim, or over every dim of input when none
    # is given, so a 1-D input, an unknown order or a dim that is not two ints fails with its message.
    import torch.linalg
    _dim = [dim] if isinstance(dim, int) else dim
    if _dim is None:
        _dim = list(range(input.ndim))
    if out is None:
        return torch.linalg.matrix_norm(input, p, _dim, keepdim, dtype=dtype)
    return torch.linalg.matrix_norm(input, p, _dim, keepdim, dtype=dtype, out=out)


def _norm_str_method(self, p="fro", dim=None, keepdim=False, dtype=None):
    # Tensor.norm(p, dim, keepdim, dtype): torch/_tensor.py's, which calls torch.norm
    return _norm_str(self, p, dim, keepdim, dtype=dtype)


# ---- global switches --------------------------------------------------------------------------------

_flags = {"deterministic": False, "warn_only": False}


def use_deterministic_algorithms(mode, *, warn_only=False):
    if not isinstance(mode, bool):
        raise TypeError(f"use_deterministic_algorithms(): argument 'mode' (position 1) must be bool, not "
                        f"{type(mode).__name__}")
    _flags["deterministic"] = mode
    _flags["warn_only"] = warn_only
    torch.cuda._set_cudnn_flag("deterministic_algorithms", mode)  # cuDNN's algorithm choice reads it


def are_deterministic_algorithms_enabled():
    return _flags["deterministic"]


def is_deterministic_algorithms_warn_only_enabled():
    return _flags["warn_only"]


class fork_rng:
    # torch.random.fork_rng: the CPU generator's state is saved on entry and restored on exit
    # (CUDA generators too when there are GPUs and devices are given); usable as a decorator.
    def __init__(self, devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type="cuda"):
        self.enabled = enabled
        self.state = None

    def __enter__(self):
        if self.enabled:
            self.state = torch.get_rng_state()
        return None

    def __exit__(self, *exc):
        if self.enabled:
            torch.set_rng_state(self.state)
        return False

    def __call__(self, fn):
        def wrapper(*args, **kwargs):
            with fork_rng(enabled=self.enabled):
                return fn(*args, **kwargs)
        return wrapper


# torch.typename(obj): a tensor's type() ("torch.FloatTensor"), else the object's (or, for an
# instance, its class's) module-qualified name, as PyTorch's torch.typename.
def typename(obj, /):
    if isinstance(obj, torch.Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    qualname = ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ""
        qualname = obj.__class__.__qualname__
    if module in {"", "builtins"}:
        return qualname
    return f"{module}.{qualname}"


def is_storage(obj, /):
    import torch.storage
    return torch.storage.is_storage(obj)
