# numpy, the parts written in Kiln's Python: functions composed of the native ndarray operations
# (engine/bindings/numpy.cpp fills this module first; this file runs in the same namespace).
#
# pad (constant, edge, reflect, symmetric, wrap), roll, diff, gradient, tile, append, delete, repeat, meshgrid, percentile /
# quantile / nanpercentile / nanquantile (method='linear', NumPy's lerp), histogram (bins as a count
# or edges, range, density, weights), bincount, digitize, searchsorted, interp, nanmean / nansum /
# nanmax / nanmin / nanstd / nanvar / nanmedian, corrcoef, swapaxes, moveaxis, split / array_split,
# diag, diagonal, trace, triu_indices / tril_indices, isin / in1d, setdiff1d / union1d / intersect1d,
# unravel_index, ptp, average, logspace, geomspace, broadcast_to, fliplr / flipud / rot90,
# nan_to_num, fmax / fmin, atleast_3d, errstate / seterr / geterr (Kiln's numpy emits no floating-point
# warnings, so these only record the settings), save / savez / load (.npy version 1.0 files of every dtype
# Kiln's arrays have and .npz archives of them, stored uncompressed, through the file sandbox; a file is
# a str or os.PathLike name or an open file object), savetxt / loadtxt / genfromtxt (numeric
# text: delimiter, skiprows/skip_header, usecols, loadtxt converters, comments, dtype float or int (loadtxt also
# str/object: the fields' text), unpack,
# ndmin), fromfile
# and ndarray.tofile (through _tofile, which the native method calls), the index tricks r_ / c_ / s_ /
# index_exp, np.memmap's file handling (_memmap_open, which the native memmap type calls), fill_diagonal
# and ndarray.flat (numpy.flatiter, through _flat, which the native property calls).
# Grids and utilities: mgrid / ogrid / indices / ix_, kron, tensordot, fromiter, tri, diagflat, dstack /
# dsplit, isposinf / isneginf, iscomplexobj / isrealobj, nancumsum / nancumprod, ediff1d, lexsort (1-D
# keys), array_equiv, extract, put, putmask, vander, polyfit (through numpy.linalg.lstsq), insert.
# The binary ufuncs (add, maximum, bitwise_xor, ...) are wrapped at the end as numpy.ufunc objects.
# Left out: pad's statistic modes (mean, median, ...), histogram's string bin rules ('auto', ...),
# quantile methods other than 'linear', genfromtxt's missing-value handling
# beyond empty fields (they become nan), str/object arrays in the file functions. Arrays of str and of
# Python objects are numpy/_objects.py's (installed at the end of this file).

import builtins as _builtins
import math as _math
import sys as _sys

if 'numbers' in _sys.modules:
    _sys.modules['numbers']._register_numpy(_sys.modules['numpy'])


def _as(a):
    return a if isinstance(a, ndarray) else array(a)


def atleast_3d(*arys):
    # NumPy's atleast_3d: 0-d -> (1, 1, 1), (N,) -> (1, N, 1), (M, N) -> (M, N, 1); several arrays
    # give a tuple
    res = []
    for a in arys:
        a = _as(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, a.shape[0], 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape[0], a.shape[1], 1)
        res.append(a)
    return res[0] if len(res) == 1 else tuple(res)


def _norm_axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise AxisError("axis %d is out of bounds for array of dimension %d" % (axis, ndim))
    return axis + ndim if axis < 0 else axis


class AxisError(ValueError, IndexError):
    pass


AxisError.__module__ = "numpy.exceptions"  # where NumPy 2 defines it: tracebacks name numpy.exceptions.AxisError


def _take(a, idx, axis):
    key = [slice(None)] * a.ndim
    key[axis] = idx
    return a[tuple(key)]


def _slice_axis(a, start, stop, axis, step=None):
    key = [slice(None)] * a.ndim
    key[axis] = slice(start, stop, step)
    return a[tuple(key)]


def _pad_pairs(pad_width, ndim, name):
    pw = array(pad_width)
    if pw.ndim == 0:
        v = int(pw)
        return [(v, v)] * ndim
    lst = pw.tolist()
    if pw.ndim == 1:
        if len(lst) == 1:
            return [(lst[0], lst[0])] * ndim
        if len(lst) == 2:
            return [(lst[0], lst[1])] * ndim
        raise ValueError("could not broadcast %s" % name)
    if len(lst) == 1:
        return [(lst[0][0], lst[0][1] if len(lst[0]) > 1 else lst[0][0])] * ndim
    if len(lst) != ndim:
        raise ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: (%d,2)  and requested shape (%d,2)" % (len(lst), ndim))
    return [(p[0], p[1] if len(p) > 1 else p[0]) for p in lst]


def pad(array_, pad_width, mode='constant', **kwargs):
    a = _as(array_)
    pairs = _pad_pairs(pad_width, a.ndim, 'pad_width')
    for before, after in pairs:
        if before < 0 or after < 0:
            raise ValueError("index can't contain negative values")
    if mode == 'constant':
        cv = kwargs.get('constant_values', 0)
        cpairs = _pad_pairs(cv, a.ndim, 'constant_values')
    elif mode not in ('edge', 'reflect', 'symmetric', 'wrap'):
        raise NotImplementedError("np.pad(mode=%r) is not supported in Kiln (constant, edge, reflect, symmetric, wrap are)" % (mode,))
    out = a
    for axis in range(a.ndim):
        before, after = pairs[axis]
        if before == 0 and after == 0:
            continue
        n = out.shape[axis]
        parts = []
        if mode == 'constant':
            shp = list(out.shape)
            if before:
                shp[axis] = before
                parts.append(full(tuple(shp), cpairs[axis][0], dtype=out.dtype))
            parts.append(out)
            if after:
                shp[axis] = after
                parts.append(full(tuple(shp), cpairs[axis][1], dtype=out.dtype))
        else:
            if n == 0:
                raise ValueError("can't extend empty axis %d using modes other than 'constant' or 'empty'" % axis)
            idx_before = [_pad_index(-k, n, mode) for k in range(before, 0, -1)]
            idx_after = [_pad_index(n - 1 + k, n, mode) for k in range(1, after + 1)]
            if idx_before:
                parts.append(_take(out, array(idx_before), axis))
            parts.append(out)
            if idx_after:
                parts.append(_take(out, array(idx_after), axis))
        out = concatenate(parts, axis=axis)
    return out


def _pad_index(i, n, mode):
    # The source index of padded position i (i < 0 before the data, i >= n after it).
    if mode == 'edge':
        return 0 if i < 0 else n - 1
    if mode == 'wrap':
        return i % n
    if mode == 'reflect':
        if n == 1:
            return 0
        period = 2 * (n - 1)
        j = i % period
        return j if j < n else period - j
    # symmetric
    period = 2 * n
    j = i % period
    return j if j < n else period - 1 - j


def roll(a, shift, axis=None):
    a = _as(a)
    if axis is None:
        flat = a.reshape(-1)
        n = flat.shape[0]
        if n == 0:
            return a.copy()
        s = int(shift) % n
        return concatenate([flat[n - s:], flat[:n - s]]).reshape(a.shape) if s else a.copy()
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,) * len(axes)
    if isinstance(shift, (tuple, list)) and not isinstance(axis, (tuple, list)):
        axes = (axis,) * len(shifts)
    out = a
    for ax, sh in zip(axes, shifts):
        ax = _norm_axis(ax, a.ndim)
        n = out.shape[ax]
        if n == 0:
            continue
        s = int(sh) % n
        if s:
            out = concatenate([_slice_axis(out, n - s, None, ax), _slice_axis(out, None, n - s, ax)], axis=ax)
    return out if out is not a else a.copy()


def diff(a, n=1, axis=-1, prepend=None, append=None):
    a = _as(a)
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    if n == 0:
        return a
    axis = _norm_axis(axis, a.ndim)
    parts = []
    if prepend is not None:
        p = _as(prepend)
        if p.ndim == 0:
            shp = list(a.shape)
            shp[axis] = 1
            p = full(tuple(shp), p.item())
        parts.append(p)
    parts.append(a)
    if append is not None:
        p = _as(append)
        if p.ndim == 0:
            shp = list(a.shape)
            shp[axis] = 1
            p = full(tuple(shp), p.item())
        parts.append(p)
    if len(parts) > 1:
        a = concatenate(parts, axis=axis)
    for _ in range(n):
        m = a.shape[axis]
        if a.dtype == bool_:
            a = _slice_axis(a, 1, None, axis) != _slice_axis(a, None, m - 1, axis)
        else:
            a = _slice_axis(a, 1, None, axis) - _slice_axis(a, None, m - 1, axis)
    return a


def gradient(f, *varargs, axis=None, edge_order=1):
    """numpy.gradient: second-order central differences inside, first- or second-order (edge_order)
    one-sided differences at the ends, along each requested axis. Spacing: none (1), one scalar for
    every axis, or one value per axis, each a scalar or the coordinates along that axis (uniform
    coordinates count as their step, as NumPy checks). One array for one axis, else a tuple."""
    f = _as(f)
    N = f.ndim
    if axis is None:
        axes = list(_builtins.range(N))
    elif isinstance(axis, (tuple, list)):
        axes = [_norm_axis(a, N) for a in axis]
    else:
        axes = [_norm_axis(axis, N)]
    if len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    n = len(varargs)
    if n == 0:
        spacing = [1.0] * len(axes)
    elif n == 1 and _as(varargs[0]).ndim == 0:
        spacing = list(varargs) * len(axes)
    elif n == len(axes):
        spacing = []
        for i, d in enumerate(varargs):
            d = _as(d)
            if d.ndim == 0:
                spacing.append(d.item())
                continue
            if d.ndim != 1:
                raise ValueError("distances must be either scalars or 1d")
            if len(d) != f.shape[axes[i]]:
                raise ValueError("when 1d, distances must match the length of the corresponding dimension")
            if d.dtype.kind in 'iub':
                d = d.astype(float64)
            dx = diff(d)
            # uniform coordinates are their step (NumPy: `if (diffx == diffx[0]).all()`)
            spacing.append(dx[0].item() if bool((dx == dx[0]).all()) else dx)
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    if f.dtype.kind in 'iub':
        f = f.astype(float64)
    outvals = []
    for ax, dx in zip(axes, spacing):
        m = f.shape[ax]
        if m < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, "
                             "at least (edge_order + 1) elements are required.")
        out = empty_like(f)
        sl = lambda a, b: _slice_axis(f, a, b, ax)
        key = lambda a, b: tuple([slice(None)] * ax + [slice(a, b)])
        uniform = not isinstance(dx, ndarray)
        if uniform:
            out[key(1, -1)] = (sl(2, None) - sl(None, -2)) / (2. * dx)
        else:
            dx1 = dx[0:-1]
            dx2 = dx[1:]
            shape = [1] * N
            shape[ax] = -1
            a = (-(dx2) / (dx1 * (dx1 + dx2))).reshape(shape)
            b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
            c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
            out[key(1, -1)] = a * sl(None, -2) + b * sl(1, -1) + c * sl(2, None)
        if edge_order == 1:
            d0 = dx if uniform else dx[0]
            out[key(0, 1)] = (sl(1, 2) - sl(0, 1)) / d0
            dn = dx if uniform else dx[-1]
            out[key(-1, None)] = (sl(-1, None) - sl(-2, -1)) / dn
        else:
            if uniform:
                a, b, c = -1.5 / dx, 2. / dx, -0.5 / dx
            else:
                dx1, dx2 = dx[0], dx[1]
                a = -(2. * dx1 + dx2) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = - dx1 / (dx2 * (dx1 + dx2))
            out[key(0, 1)] = a * sl(0, 1) + b * sl(1, 2) + c * sl(2, 3)
            if uniform:
                a, b, c = 0.5 / dx, -2. / dx, 1.5 / dx
            else:
                dx1, dx2 = dx[-2], dx[-1]
                a = (dx2) / (dx1 * (dx1 + dx2))
                b = - (dx2 + dx1) / (dx1 * dx2)
                c = (2. * dx2 + dx1) / (dx2 * (dx1 + dx2))
            out[key(-1, None)] = a * sl(-3, -2) + b * sl(-2, -1) + c * sl(-1, None)
        outvals.append(out)
    if len(axes) == 1:
        return outvals[0]
    return tuple(outvals)


def tile(A, reps):
    A = _as(A)
    reps = tuple(reps) if isinstance(reps, (tuple, list)) else (reps,)
    d = len(reps)
    if d < A.ndim:
        reps = (1,) * (A.ndim - d) + reps
    out = A.reshape((1,) * (len(reps) - A.ndim) + A.shape)
    for axis, r in enumerate(reps):
        if r != 1:
            out = concatenate([out] * r, axis=axis) if r > 0 else _slice_axis(out, 0, 0, axis)
    return out.copy() if out is A else out


def append(arr, values, axis=None):
    # NumPy: without an axis both operands are flattened; the result is always a new array.
    arr = _as(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.reshape(-1)
        values = _as(values).reshape(-1)
        axis = arr.ndim - 1
    return concatenate((arr, values), axis=axis)


def delete(arr, obj, axis=None):
    arr = _as(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.reshape(-1)
        axis = arr.ndim - 1
    axis = _norm_axis(axis, arr.ndim)
    n = arr.shape[axis]
    keep = [True] * n
    if isinstance(obj, slice):
        for i in range(*obj.indices(n)):
            keep[i] = False
    else:
        o = _as(obj)
        if o.dtype == bool_:
            if o.shape != (n,):
                raise ValueError("boolean array argument obj to delete must be one dimensional and match the axis "
                                 "length of %d" % n)
            keep = [not x for x in o.tolist()]
        else:
            for i in o.reshape(-1).tolist():
                if i < -n or i >= n:
                    raise IndexError("index %d is out of bounds for axis %d with size %d" % (i, axis, n))
                keep[i % n] = False
    return _take(arr, array([i for i in range(n) if keep[i]], dtype=int64), axis)


def repeat(a, repeats, axis=None):
    a = _as(a)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _norm_axis(axis, a.ndim)
    n = a.shape[axis]
    reps = _as(repeats).tolist()
    if not isinstance(reps, list):
        reps = [reps] * n
    if len(reps) != n:
        raise ValueError("operands could not be broadcast together with shape (%d,) (%d,)" % (n, len(reps)))
    idx = []
    for i, r in enumerate(reps):
        if r < 0:
            raise ValueError("repeats may not contain negative values.")
        idx.extend([i] * r)
    return _take(a, array(idx, dtype=int64), axis)


def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    if indexing not in ('xy', 'ij'):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    arrs = [_as(x).reshape(-1) for x in xi]
    ndim = len(arrs)
    out = []
    for i, x in enumerate(arrs):
        shape = [1] * ndim
        shape[i] = x.shape[0]
        out.append(x.reshape(tuple(shape)))
    if indexing == 'xy' and ndim > 1:
        out = [o.swapaxes(0, 1) if hasattr(o, 'swapaxes') else swapaxes(o, 0, 1) for o in out]
    if not sparse:
        full_shape = [1] * ndim
        for o in out:
            full_shape = [_builtins.max(p, q) for p, q in zip(full_shape, o.shape)]
        out = [o + zeros(tuple(full_shape), dtype=o.dtype) for o in out]
    return tuple(out) if len(out) != 1 or True else out


def swapaxes(a, axis1, axis2):
    a = _as(a)
    axis1 = _norm_axis(axis1, a.ndim)
    axis2 = _norm_axis(axis2, a.ndim)
    perm = list(range(a.ndim))
    perm[axis1], perm[axis2] = perm[axis2], perm[axis1]
    return a.transpose(tuple(perm))


def moveaxis(a, source, destination):
    a = _as(a)
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    if len(src) != len(dst):
        raise ValueError('`source` and `destination` arguments must have the same number of elements')
    src = [_norm_axis(s, a.ndim) for s in src]
    dst = [_norm_axis(d, a.ndim) for d in dst]
    order = [n for n in range(a.ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return a.transpose(tuple(order))


def _quantile_1d(sorted_vals, q):
    n = len(sorted_vals)
    virtual = q * (n - 1)
    prev = _math.floor(virtual)
    if prev < 0:
        prev = 0
    nxt = prev + 1
    if nxt > n - 1:
        nxt = n - 1
    if prev > n - 1:
        prev = n - 1
    gamma = virtual - _math.floor(virtual)
    a = sorted_vals[int(prev)]
    b = sorted_vals[int(nxt)]
    if a != a or b != b:
        return float('nan')
    d = b - a
    # NumPy's _lerp: a + d * t, or b - d * (1 - t) when t >= 0.5
    if gamma >= 0.5:
        return b - d * (1 - gamma)
    return a + d * gamma


def _quantile(a, q, axis, keepdims, nan_skip, fname):
    a = _as(a).astype(float64)
    qa = _as(q).astype(float64)
    for v in qa.reshape(-1).tolist():
        if not (0 <= v <= 1):
            raise ValueError("Quantiles must be in the range [0, 1]")
    if axis is None:
        src = a.reshape(-1)
        ax = 0
    else:
        ax = _norm_axis(axis, a.ndim)
        src = a
    moved = moveaxis(src, ax, -1)
    lead = moved.shape[:-1]
    rows = moved.reshape((-1, moved.shape[-1])).tolist() if moved.ndim > 1 else [moved.tolist()]
    qs = qa.reshape(-1).tolist()
    results = []
    for qv in qs:
        vals = []
        for row in rows:
            if nan_skip:
                row = [x for x in row if x == x]
                if not row:
                    vals.append(float('nan'))
                    continue
            elif _builtins.any(x != x for x in row):
                vals.append(float('nan'))
                continue
            vals.append(_quantile_1d(sorted(row), qv))
        results.append(array(vals).reshape(lead) if lead else array(vals[0]))
    if qa.ndim == 0:
        out = results[0]
    else:
        out = stack(results).reshape(qa.shape + tuple(lead))
    if keepdims:
        if axis is None:
            out = out.reshape(qa.shape + (1,) * a.ndim)
        else:
            shp = list(a.shape)
            shp[ax] = 1
            out = out.reshape(qa.shape + tuple(shp))
    if out.ndim == 0:
        return float64(out.item())
    return out


def quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None, interpolation=None):
    if method != 'linear' or interpolation is not None or weights is not None:
        raise NotImplementedError("np.quantile: only method='linear' without weights is supported in Kiln")
    if out is not None:
        raise NotImplementedError("np.quantile(out=...) is not supported in Kiln")
    return _quantile(a, q, axis, keepdims, False, 'quantile')


def percentile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None, interpolation=None):
    if method != 'linear' or interpolation is not None or weights is not None:
        raise NotImplementedError("np.percentile: only method='linear' without weights is supported in Kiln")
    if out is not None:
        raise NotImplementedError("np.percentile(out=...) is not supported in Kiln")
    qa = _as(q).astype(float64)
    for v in qa.reshape(-1).tolist():
        if not (0 <= v <= 100):
            raise ValueError("Percentiles must be in the range [0, 100]")
    return _quantile(a, qa / 100, axis, keepdims, False, 'percentile')


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False):
    return _quantile(a, q, axis, keepdims, True, 'nanquantile')


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False):
    return _quantile(a, _as(q).astype(float64) / 100, axis, keepdims, True, 'nanpercentile')


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return _quantile(a, 0.5, axis, keepdims, True, 'nanmedian')


def _nan_filled(a, value):
    a = _as(a)
    if a.dtype not in (float64, float32):
        return a, None
    mask = isnan(a)
    return where(mask, value, a), mask


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    b, _ = _nan_filled(a, 0)
    return b.sum(axis=axis, keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    b, mask = _nan_filled(a, 0)
    if mask is None:
        return b.mean(axis=axis, keepdims=keepdims)
    cnt = (~mask).sum(axis=axis, keepdims=keepdims)
    return b.sum(axis=axis, keepdims=keepdims) / cnt


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    a = _as(a)
    m = nanmean(a, axis=axis, keepdims=True)
    b, mask = _nan_filled(a, 0)
    if mask is None:
        return a.var(axis=axis, ddof=ddof, keepdims=keepdims)
    d = where(mask, 0.0, a - m)
    cnt = (~mask).sum(axis=axis, keepdims=keepdims)
    return (d * d).sum(axis=axis, keepdims=keepdims) / (cnt - ddof)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return sqrt(nanvar(a, axis=axis, ddof=ddof, keepdims=keepdims))


def nanmax(a, axis=None, out=None, keepdims=False):
    b, mask = _nan_filled(a, -inf)
    return b.max(axis=axis, keepdims=keepdims)


def nanmin(a, axis=None, out=None, keepdims=False):
    b, mask = _nan_filled(a, inf)
    return b.min(axis=axis, keepdims=keepdims)


def nanargmax(a, axis=None):
    b, mask = _nan_filled(a, -inf)
    return b.argmax(axis=axis)


def nanargmin(a, axis=None):
    b, mask = _nan_filled(a, inf)
    return b.argmin(axis=axis)


def bincount(x, weights=None, minlength=0):
    xs = _as(x).reshape(-1).tolist()
    for v in xs:
        if not isinstance(v, int) or isinstance(v, _builtins.bool):
            raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'")
        if v < 0:
            raise ValueError("'list' argument must have no negative elements")
    n = _builtins.max(_builtins.max(xs) + 1 if xs else 0, minlength)
    if weights is None:
        counts = [0] * n
        for v in xs:
            counts[v] += 1
        return array(counts, dtype=int64)
    ws = _as(weights).astype(float64).reshape(-1).tolist()
    if len(ws) != len(xs):
        raise ValueError("The weights and list don't have the same length.")
    sums = [0.0] * n
    for v, w in zip(xs, ws):
        sums[v] += w
    return array(sums, dtype=float64)


def searchsorted(a, v, side='left', sorter=None):
    import bisect as _bisect
    seq = _as(a).tolist()
    if sorter is not None:
        order = _as(sorter).tolist()
        seq = [seq[i] for i in order]
    if side not in ('left', 'right'):
        raise ValueError("side must be 'left' or 'right' (got %r)" % (side,))
    f = _bisect.bisect_left if side == 'left' else _bisect.bisect_right
    va = _as(v)
    if va.ndim == 0:
        return int64(f(seq, va.item()))
    vals = va.reshape(-1).tolist()
    return array([f(seq, x) for x in vals], dtype=int64).reshape(va.shape)


def digitize(x, bins, right=False):
    b = _as(bins)
    bl = b.tolist()
    increasing = len(bl) < 2 or bl[-1] >= bl[0]
    if increasing:
        return searchsorted(b, x, side='left' if right else 'right')
    rev = array(bl[::-1])
    r = searchsorted(rev, x, side='right' if right else 'left')
    return len(bl) - r


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        raise NotImplementedError("np.interp(period=...) is not supported in Kiln")
    xpl = _as(xp).astype(float64).tolist()
    fpl = _as(fp).astype(float64).tolist()
    if len(xpl) != len(fpl):
        raise ValueError("fp and xp are not of the same length.")
    if not xpl:
        raise ValueError("array of sample points is empty")
    lv = fpl[0] if left is None else float(left)
    rv = fpl[-1] if right is None else float(right)
    import bisect as _bisect
    xa = _as(x)

    def one(v):
        if v != v:
            return v
        if v < xpl[0]:
            return lv
        if v > xpl[-1]:
            return rv
        if v == xpl[-1]:
            return fpl[-1]
        j = _bisect.bisect_right(xpl, v) - 1
        if xpl[j] == v:
            return fpl[j]
        slope = (fpl[j + 1] - fpl[j]) / (xpl[j + 1] - xpl[j])
        r = slope * (v - xpl[j]) + fpl[j]
        if r != r:
            r = slope * (v - xpl[j + 1]) + fpl[j + 1]
            if r != r and fpl[j] == fpl[j + 1]:
                r = fpl[j]
        return r
    if xa.ndim == 0:
        return float64(one(float(xa.item())))
    return array([one(v) for v in xa.astype(float64).reshape(-1).tolist()]).reshape(xa.shape)


def histogram(a, bins=10, range=None, density=None, weights=None):
    a = _as(a)
    flat = a.reshape(-1).astype(float64)
    w = None if weights is None else _as(weights).reshape(-1).astype(float64).tolist()
    if isinstance(bins, str):
        raise NotImplementedError("np.histogram(bins=%r): string bin rules are not supported in Kiln" % (bins,))
    ba = _as(bins)
    vals = flat.tolist()
    if ba.ndim == 0:
        nb = int(ba.item())
        if nb < 1:
            raise ValueError('`bins` must be positive, when an integer')
        if range is not None:
            first, last = float(range[0]), float(range[1])
            if first > last:
                raise ValueError('max must be larger than min in range parameter.')
        elif vals:
            first, last = _builtins.min(vals), _builtins.max(vals)
        else:
            first, last = 0.0, 1.0
        if not (_math.isfinite(first) and _math.isfinite(last)):
            raise ValueError("autodetected range of [%r, %r] is not finite" % (first, last))
        if first == last:
            first -= 0.5
            last += 0.5
        edges = linspace(first, last, nb + 1)
        el = edges.tolist()
        norm = nb / (last - first)
        counts = [0.0 if w is not None else 0] * nb
        for i, v in enumerate(vals):
            if v < first or v > last:
                continue
            k = int((v - first) * norm)
            if k == nb:
                k -= 1
            if v < el[k]:
                k -= 1
            elif k != nb - 1 and v >= el[k + 1]:
                k += 1
            counts[k] += w[i] if w is not None else 1
    else:
        el = ba.astype(float64).tolist()
        for i in _builtins.range(len(el) - 1):
            if el[i] > el[i + 1]:
                raise ValueError('`bins` must increase monotonically, when an array')
        edges = ba
        nb = len(el) - 1
        counts = [0.0 if w is not None else 0] * nb
        import bisect as _bisect
        for i, v in enumerate(vals):
            if v < el[0] or v > el[-1]:
                continue
            k = _bisect.bisect_right(el, v) - 1
            if k == nb:
                k -= 1
            counts[k] += w[i] if w is not None else 1
    hist = array(counts, dtype=float64 if w is not None else int64)
    if density:
        widths = diff(_as(edges).astype(float64))
        return hist / widths / hist.sum(), edges
    return hist, edges


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    # NumPy's histogram_bin_edges: the edges np.histogram would use (an int: linspace over the data's
    # outer edges or the range; an array: itself, checked to increase)
    a = _as(a)
    if isinstance(bins, str):
        raise NotImplementedError("np.histogram_bin_edges(bins=%r): string bin rules are not supported in Kiln" % (bins,))
    ba = _as(bins)
    if ba.ndim == 0:
        nb = int(ba.item())
        if nb < 1:
            raise ValueError('`bins` must be positive, when an integer')
        first, last = _outer_edges(a.reshape(-1).astype(float64).tolist(), range)
        return linspace(first, last, nb + 1)
    if ba.ndim != 1:
        raise ValueError('`bins` must be 1d, when an array')
    el = ba.astype(float64).tolist()
    for i in _builtins.range(len(el) - 1):
        if el[i] > el[i + 1]:
            raise ValueError('`bins` must increase monotonically, when an array')
    return ba

def _outer_edges(vals, rng):
    # numpy/lib/_histograms_impl.py's _get_outer_edges: the given range, else the data's min and max,
    # widened by 0.5 each way when they are equal
    if rng is not None:
        first, last = float(rng[0]), float(rng[1])
        if first > last:
            raise ValueError('max must be larger than min in range parameter.')
        if not (_math.isfinite(first) and _math.isfinite(last)):
            raise ValueError("supplied range of [%r, %r] is not finite" % (first, last))
    elif not vals:
        first, last = 0.0, 1.0
    else:
        first, last = _builtins.min(vals), _builtins.max(vals)
        if not (_math.isfinite(first) and _math.isfinite(last)):
            raise ValueError("autodetected range of [%r, %r] is not finite" % (first, last))
    if first == last:
        first -= 0.5
        last += 0.5
    return first, last


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    # NumPy's histogramdd: per dimension, edges from an int (linspace over the outer edges) or a
    # monotonic array; a sample's bin is searchsorted(edges, x, side='right') with the last edge counted
    # in the last bin and the rest outside dropped; counts (or summed weights) as float64
    import bisect as _bisect
    if isinstance(sample, ndarray) and sample.ndim == 2:
        pts = sample
    else:
        pts = atleast_2d(_as(sample) if not isinstance(sample, (list, tuple)) else
                         array([_as(c).reshape(-1).astype(float64) for c in sample])).T
    N, D = pts.shape
    cols = [pts[:, i].astype(float64).tolist() for i in _builtins.range(D)]
    try:
        M = len(bins)
        if M != D:
            raise ValueError('The dimension of bins must be equal to the dimension of the sample x.')
    except TypeError:
        bins = D * [bins]
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError('range argument must have one entry per dimension')
    edges = []
    for i in _builtins.range(D):
        b = _as(bins[i])
        if b.ndim == 0:
            if b.item() < 1:
                raise ValueError('`bins[{}]` must be positive, when an integer'.format(i))
            if not isinstance(b.item(), int):
                raise TypeError("`bins[{}]` must be an integer, when a scalar".format(i))
            first, last = _outer_edges(cols[i], range[i])
            edges.append(linspace(first, last, int(b.item()) + 1))
        elif b.ndim == 1:
            el = b.astype(float64).tolist()
            if _builtins.any(el[j] > el[j + 1] for j in _builtins.range(len(el) - 1)):
                raise ValueError('`bins[{}]` must be monotonically increasing, when an array'.format(i))
            edges.append(b)
        else:
            raise ValueError('`bins[{}]` must be a scalar or 1d array'.format(i))
    els = [e.astype(float64).tolist() for e in edges]
    nb = [len(el) - 1 for el in els]
    w = None if weights is None else _as(weights).reshape(-1).astype(float64).tolist()
    total = 1
    for n in nb:
        total *= n
    counts = [0.0] * total
    for k in _builtins.range(N):
        flat = 0
        for i in _builtins.range(D):
            v, el = cols[i][k], els[i]
            j = _bisect.bisect_right(el, v)
            if v == el[-1]:
                j -= 1
            if j < 1 or j > nb[i]:
                break
            flat = flat * nb[i] + (j - 1)
        else:
            counts[flat] += w[k] if w is not None else 1.0
    hist = array(counts, dtype=float64).reshape(tuple(nb))
    if density:
        s = hist.sum()
        for i in _builtins.range(D):
            shape = [1] * D
            shape[i] = nb[i]
            hist = hist / diff(edges[i].astype(float64)).reshape(tuple(shape))
        hist = hist / s
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    if len(x) != len(y):
        raise ValueError('x and y must have the same length.')
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N != 1 and N != 2:
        xedges = yedges = _as(bins)
        bins = [xedges, yedges]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]


def corrcoef(x, y=None, rowvar=True):
    x = _as(x)
    if y is not None:
        x = concatenate([atleast_2d(x), atleast_2d(_as(y))], axis=0 if rowvar else 1)
    c = _as(cov(x, rowvar=rowvar))
    if c.ndim == 0:
        return c / c
    d = sqrt(diag(c))
    c = c / d.reshape((-1, 1))
    c = c / d.reshape((1, -1))
    return clip(c, -1, 1)


def array_split(ary, indices_or_sections, axis=0):
    a = _as(ary)
    axis = _norm_axis(axis, a.ndim)
    n = a.shape[axis]
    try:
        len(indices_or_sections)
        is_scalar = False
    except TypeError:  # NumPy's test: anything without len() is a section count, int() of it (2.0 too)
        is_scalar = True
    if is_scalar:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError('number sections must be larger than 0.')
        each, extras = _builtins.divmod(n, sections)
        bounds = [0]
        for i in _builtins.range(sections):
            bounds.append(bounds[-1] + each + (1 if i < extras else 0))
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    return [_slice_axis(a, bounds[i], bounds[i + 1], axis) for i in _builtins.range(len(bounds) - 1)]


def split(ary, indices_or_sections, axis=0):
    try:
        len(indices_or_sections)
    except TypeError:
        n = _as(ary).shape[axis]
        if n % indices_or_sections:
            raise ValueError('array split does not result in an equal division')
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    a = _as(ary)
    return split(a, indices_or_sections, 1 if a.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 0)


def diag(v, k=0):
    v = _as(v)
    if v.ndim == 1:
        n = v.shape[0] + _builtins.abs(k)
        out = zeros((n, n), dtype=v.dtype)
        for i, x in enumerate(v.tolist()):
            if k >= 0:
                out[i, i + k] = x
            else:
                out[i - k, i] = x
        return out
    if v.ndim == 2:
        return diagonal(v, k)
    raise ValueError("Input must be 1- or 2-d.")


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = _as(a)
    if a.ndim != 2 or axis1 != 0 or axis2 != 1:
        raise NotImplementedError("np.diagonal: only 2-d arrays over axes (0, 1) are supported in Kiln")
    r, c = a.shape
    idx = []
    for i in _builtins.range(r):
        j = i + offset
        if 0 <= j < c:
            idx.append((i, j))
    if not idx:
        return zeros((0,), dtype=a.dtype)
    return a[array([p[0] for p in idx]), array([p[1] for p in idx])]


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return diagonal(a, offset, axis1, axis2).sum()


def triu_indices(n, k=0, m=None):
    m = n if m is None else m
    rows = []
    cols = []
    for i in _builtins.range(n):
        for j in _builtins.range(_builtins.max(i + k, 0), m):
            rows.append(i)
            cols.append(j)
    return array(rows, dtype=int64), array(cols, dtype=int64)


def tril_indices(n, k=0, m=None):
    m = n if m is None else m
    rows = []
    cols = []
    for i in _builtins.range(n):
        for j in _builtins.range(0, _builtins.min(i + k + 1, m)):
            rows.append(i)
            cols.append(j)
    return array(rows, dtype=int64), array(cols, dtype=int64)


def diag_indices(n, ndim=2):
    # numpy/lib/_index_tricks_impl.py: the same arange(n) once per dimension (a[idx] is a's main diagonal)
    idx = arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    arr = _as(arr)
    if not arr.ndim >= 2:
        raise ValueError("input array must be at least 2-d")
    if not _builtins.all(d == arr.shape[0] for d in arr.shape):
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    e = _as(element)
    s = set(_as(test_elements).reshape(-1).tolist())
    vals = [(x in s) != invert for x in e.reshape(-1).tolist()]
    return array(vals, dtype=bool_).reshape(e.shape)


def in1d(ar1, ar2, assume_unique=False, invert=False):
    return isin(_as(ar1).reshape(-1), ar2, invert=invert)


def setdiff1d(ar1, ar2, assume_unique=False):
    s = set(_as(ar2).reshape(-1).tolist())
    a = unique(ar1) if not assume_unique else _as(ar1).reshape(-1)
    return array([x for x in a.tolist() if x not in s], dtype=_as(ar1).dtype)


def union1d(ar1, ar2):
    return unique(concatenate([_as(ar1).reshape(-1), _as(ar2).reshape(-1)]))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    if return_indices:
        raise NotImplementedError("np.intersect1d(return_indices=True) is not supported in Kiln")
    s = set(_as(ar2).reshape(-1).tolist())
    a = unique(ar1)
    return array([x for x in a.tolist() if x in s], dtype=a.dtype)


def unravel_index(indices, shape, order='C'):
    if order != 'C':
        raise NotImplementedError("np.unravel_index(order='F') is not supported in Kiln")
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    total = 1
    for s in shape:
        total *= s
    ia = _as(indices)
    flat = ia.reshape(-1).tolist()
    outs = [[] for _ in shape]
    for v in flat:
        if v < 0 or v >= total:
            raise ValueError("index %d is out of bounds for array with size %d" % (v, total))
        for d in _builtins.range(len(shape) - 1, -1, -1):
            outs[d].append(v % shape[d])
            v //= shape[d]
    if ia.ndim == 0:
        return tuple(int64(o[0]) for o in outs)
    return tuple(array(o, dtype=int64).reshape(ia.shape) for o in outs)


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    arrs = [_as(m) for m in multi_index]
    shape = arrs[0].shape
    flat = [a.reshape(-1).tolist() for a in arrs]
    out = []
    for k in _builtins.range(len(flat[0])):
        v = 0
        for d, n in enumerate(dims):
            i = flat[d][k]
            if i < 0 or i >= n:
                raise ValueError("invalid entry in coordinates array")
            v = v * n + i
        out.append(v)
    if arrs[0].ndim == 0:
        return int64(out[0])
    return array(out, dtype=int64).reshape(shape)


def ptp(a, axis=None, out=None, keepdims=False):
    a = _as(a)
    return a.max(axis=axis, keepdims=keepdims) - a.min(axis=axis, keepdims=keepdims)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = _as(a)
    if weights is None:
        avg = a.mean(axis=axis, keepdims=keepdims)
        scl = float64(a.size / avg.size) if isinstance(avg, ndarray) else float64(a.size)
    else:
        w = _as(weights).astype(float64)
        if w.shape != a.shape:
            if axis is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            shp = [1] * a.ndim
            shp[_norm_axis(axis, a.ndim)] = w.shape[0]
            w = w.reshape(tuple(shp))
            w = w + zeros(a.shape)
        scl = w.sum(axis=axis, keepdims=keepdims)
        if (_as(scl) == 0).any():
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = (a * w).sum(axis=axis, keepdims=keepdims) / scl
    if returned:
        return avg, scl
    return avg


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = linspace(start, stop, num=num, endpoint=endpoint)
    return power(base, y) if dtype is None else power(base, y).astype(dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    if start == 0 or stop == 0:
        raise ValueError('Geometric sequence cannot include zero')
    sign = -1.0 if (start < 0 and stop < 0) else 1.0
    ls = _math.log10(_builtins.abs(start))
    le = _math.log10(_builtins.abs(stop))
    out = sign * logspace(ls, le, num=num, endpoint=endpoint)
    if num > 0:
        out[0] = start
        if endpoint and num > 1:
            out[-1] = stop
    return out if dtype is None else out.astype(dtype)


def broadcast_shapes(*args):
    """Broadcast the input shapes into a single shape (NumPy's rules and mismatch message)."""
    shapes = [tuple(s) if isinstance(s, (tuple, list)) else (int(s),) for s in args]
    ndim = _builtins.max([len(s) for s in shapes], default=0)
    result = [1] * ndim
    owner = [None] * ndim
    for k, s in enumerate(shapes):
        for i, d in enumerate(s):
            j = ndim - len(s) + i
            if d == 1:
                continue
            if result[j] == 1:
                result[j] = d
                owner[j] = k
            elif result[j] != d:
                a = owner[j]
                raise ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch "
                                 f"is between arg {a} with shape {shapes[a]} and arg {k} with shape {s}.")
    return tuple(result)


def broadcast_arrays(*args, subok=False):
    """Broadcast any number of arrays against each other (new arrays here, not read-only views)."""
    arrays = [_as(a) for a in args]
    shape = broadcast_shapes(*[a.shape for a in arrays])
    return tuple(broadcast_to(a, shape) for a in arrays)


def broadcast_to(array_, shape, subok=False):
    a = _as(array_)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    return a + zeros(shape, dtype=a.dtype)


def fliplr(m):
    m = _as(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m):
    m = _as(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1]


def rot90(m, k=1, axes=(0, 1)):
    m = _as(m)
    k = k % 4
    a0, a1 = axes
    if k == 0:
        return m[:]
    if k == 2:
        return flip(flip(m, a0), a1)
    perm = list(range(m.ndim))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return flip(m, a1).transpose(tuple(perm))
    return flip(m.transpose(tuple(perm)), a1)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    a = _as(x)
    if a.dtype not in (float64, float32):
        return a.copy() if copy else a
    big = finfo(a.dtype).max
    out = where(isnan(a), nan, a)
    out = where(out == inf, big if posinf is None else posinf, out)
    out = where(out == -inf, -big if neginf is None else neginf, out)
    return out.astype(a.dtype)


def fmax(x1, x2):
    a = _as(x1)
    b = _as(x2)
    return where(isnan(a), b, where(isnan(b), a, maximum(a, b)))


def fmin(x1, x2):
    a = _as(x1)
    b = _as(x2)
    return where(isnan(a), b, where(isnan(b), a, minimum(a, b)))


_errstate = {'divide': 'warn', 'over': 'warn', 'under': 'ignore', 'invalid': 'warn'}


def geterr():
    return dict(_errstate)


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    old = geterr()
    for k, v in (('divide', divide), ('over', over), ('under', under), ('invalid', invalid)):
        nv = v if v is not None else all
        if nv is not None:
            if nv not in ('ignore', 'warn', 'raise', 'call', 'print', 'log'):
                raise ValueError("invalid error value %r" % (nv,))
            _errstate[k] = nv
    return old


class errstate:
    def __init__(self, *, call=None, all=None, divide=None, over=None, under=None, invalid=None):
        self._kw = dict(all=all, divide=divide, over=over, under=under, invalid=invalid)

    def __enter__(self):
        self._old = seterr(**self._kw)

    def __exit__(self, *exc):
        _errstate.clear()
        _errstate.update(self._old)
        return False


# ---- .npy files and text files ------------------------------------------------------------------

# NumPy's descr strings (little-endian, '|' where byte order does not apply) of every dtype Kiln's
# arrays have; loading also takes the spellings other writers use ('<u1', '?').
_NPY_DESCR = {'float64': '<f8', 'float32': '<f4', 'float16': '<f2', 'int64': '<i8', 'int32': '<i4',
              'int16': '<i2', 'int8': '|i1', 'uint8': '|u1', 'uint16': '<u2', 'uint32': '<u4', 'bool': '|b1'}
_NPY_DTYPE = {'<f8': 'float64', '<f4': 'float32', '<f2': 'float16', '<i8': 'int64', '<i4': 'int32',
              '<i2': 'int16', '|i1': 'int8', '<i1': 'int8', 'i1': 'int8', '|u1': 'uint8', '<u1': 'uint8',
              'u1': 'uint8', '<u2': 'uint16', '<u4': 'uint32', '|b1': 'bool', '?': 'bool', '<?': 'bool', '|?': 'bool'}


def _fspath(file):
    # NumPy's file functions take a str or an os.PathLike (pathlib.Path: `np.load(mask_dir / name)`)
    # for a file name and anything else as an open file object, as numpy/lib/_npyio_impl.py does with
    # os.fspath; None means "an open file".
    if isinstance(file, str):
        return file
    if hasattr(type(file), '__fspath__'):
        import os as _os
        return _os.fspath(file)
    return None


def _npy_header(a):
    name = str(a.dtype)
    if name not in _NPY_DESCR:
        raise NotImplementedError("np.save of %s arrays is not supported in Kiln" % name)
    shape = a.shape
    shape_s = '(' + ', '.join(str(s) for s in shape) + (',)' if len(shape) == 1 else ')')
    d = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (_NPY_DESCR[name], shape_s)
    total = 10 + len(d) + 1
    padlen = (64 - total % 64) % 64
    d = d + ' ' * padlen + '\n'
    n = len(d)
    return b'\x93NUMPY\x01\x00' + bytes([n & 0xff, n >> 8]) + d.encode('latin-1')


def save(file, arr, allow_pickle=True, fix_imports=True):
    a = ascontiguousarray(_as(arr))
    data = _npy_header(a) + a.tobytes()
    if _fspath(file) is not None:
        file = _fspath(file)
        if not file.endswith('.npy'):
            file = file + '.npy'
        with open(file, 'wb') as f:
            f.write(data)
    else:
        file.write(data)


class NpzFile:
    # np.load of a .npz archive: a read-only mapping of the arrays by name (".npy" dropped).
    def __init__(self, data):
        import zipfile as _zipfile
        import io as _io_mod
        self.zip = _zipfile.ZipFile(_io_mod.BytesIO(data))
        self._files = self.zip.namelist()
        self.files = [f[:-4] if f.endswith('.npy') else f for f in self._files]

    def __getitem__(self, key):
        name = key + '.npy' if key + '.npy' in self._files else key
        if name not in self._files:
            raise KeyError("%s is not a file in the archive" % key)
        return _load_npy(self.zip.read(name))

    def __contains__(self, key):
        return key in self.files

    def __iter__(self):
        return iter(self.files)

    def __len__(self):
        return len(self.files)

    def keys(self):
        return list(self.files)

    def values(self):
        return [self[k] for k in self.files]

    def items(self):
        return [(k, self[k]) for k in self.files]

    def get(self, key, default=None):
        return self[key] if key in self.files else default

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __repr__(self):
        return "NpzFile object with %d files" % len(self.files)


def _savez(file, args, kwds):
    import zipfile as _zipfile
    import io as _io_mod
    named = dict(kwds)
    for i, a in enumerate(args):
        key = 'arr_%d' % i
        if key in named:
            raise ValueError("Cannot use un-named variables and keyword %s" % key)
        named[key] = a
    if _fspath(file) is not None:
        file = _fspath(file)
        if not file.endswith('.npz'):
            file = file + '.npz'
    target = file if not isinstance(file, str) else _io_mod.BytesIO()
    with _zipfile.ZipFile(target, 'w') as z:
        for key, val in named.items():
            a = ascontiguousarray(_as(val))
            zi = _zipfile.ZipInfo(key + '.npy', (1980, 1, 1, 0, 0, 0))
            z.writestr(zi, _npy_header(a) + a.tobytes())
    if isinstance(file, str):
        with open(file, 'wb') as f:
            f.write(target.getvalue())


def savez(file, *args, allow_pickle=True, **kwds):
    _savez(file, args, kwds)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    # Kiln's zip writer stores members uncompressed (zipfile's header says why): a valid .npz,
    # larger than NumPy's.
    _savez(file, args, kwds)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII', *, max_header_size=10000):
    # mmap_mode as NumPy: ignored for .npz archives (their members are read as usual: WaveNet's
    # `np.load(dataset.npz, mmap_mode='r')['arr_0']`), a memmap over the data after the header for
    # .npy files given by path (format.open_memmap; Kiln's memmap reads the mapped range), refused
    # for an open file object as NumPy refuses it.
    if _fspath(file) is not None:
        with open(_fspath(file), 'rb') as f:
            data = f.read()
        real_file = True
    else:
        data = file.read()
        real_file = _is_real_file(file)
    if not data:
        raise EOFError("No data left in file")
    if data[:4] == b'PK\x03\x04' or data[:4] == b'PK\x05\x06':
        return NpzFile(data)
    if data[:6] != b'\x93NUMPY':
        # neither npz nor npy: NumPy tries it as a pickle, only when the caller trusts the file
        if not allow_pickle:
            raise ValueError("This file contains pickled (object) data. If you trust the file you can load it "
                             "unsafely using the `allow_pickle=` keyword argument or `pickle.load()`.")
        import pickle
        return pickle.loads(data, fix_imports=fix_imports, encoding=encoding)
    if mmap_mode is not None:
        if _fspath(file) is None:
            raise ValueError("Filename must be a string or a path-like object.  Memmap cannot use existing file "
                             "handles.")
        return _load_npy(data, real_file, 2 ** 64 if allow_pickle else max_header_size,
                         mmap=(_fspath(file), mmap_mode))
    return _load_npy(data, real_file, max_header_size)


def _is_real_file(f):
    # numpy's isfileobj: an OS-level file (open(...) in binary mode) is read with fromfile; other
    # file objects (io.BytesIO, zip members) in chunks whose short reads are "EOF" errors
    try:
        f.fileno()
        return True
    except Exception:
        return False


_NPY_HEADER_KEYS = {'descr', 'fortran_order', 'shape'}


def _npy_read(data, pos, size, what):
    # numpy.lib.format._read_bytes: exactly `size` bytes or "EOF: reading ..."
    chunk = data[pos:pos + size]
    if len(chunk) != size:
        raise ValueError("EOF: reading %s, expected %d bytes got %d" % (what, size, len(chunk)))
    return chunk


def _npy_descr_valid(descr):
    # what numpy.dtype(descr) accepts as a simple type string: byte order, a kind, an item size
    import re as _re
    return isinstance(descr, str) and _re.fullmatch(r'[<>|=]?([?bBhHiIlLqQpPefdgFDGO]|[biufcSUVa][0-9]*|[mM]8(\[[0-9]*[a-zA-Z]+\])?)', descr) is not None


def _load_npy(data, real_file=False, max_header_size=10000, mmap=None):
    # numpy.lib.format.read_array: read_magic, _check_version, _read_array_header's checks in its
    # order and words, then the data (fromfile for a real file, else chunked reads)
    magic = _npy_read(data, 0, 8, "magic string")
    if magic[:6] != b'\x93NUMPY':
        raise ValueError("the magic string is not correct; expected %r, got %r" % (b'\x93NUMPY', magic[:6]))
    version = (magic[6], magic[7])
    if version not in [(1, 0), (2, 0), (3, 0)]:
        raise ValueError("we only support format version (1,0), (2,0), and (3,0), not %s" % (version,))
    nlen = 2 if version == (1, 0) else 4
    hl = _npy_read(data, 8, nlen, "array header length")
    hlen = int.from_bytes(hl, 'little')
    start = 8 + nlen
    header = _npy_read(data, start, hlen, "array header").decode('utf8' if version == (3, 0) else 'latin1')
    if len(header) > max_header_size:
        raise ValueError("Header info length (%d) is large and may not be safe to load securely.\n"
                         "To allow loading, adjust `max_header_size` or fully trust the `.npy` file using "
                         "`allow_pickle=True`.\nFor safety against large resource use or crashes, sandboxing "
                         "may be necessary." % len(header))
    import ast as _ast
    try:
        d = _ast.literal_eval(header)
    except SyntaxError as e:
        raise ValueError("Cannot parse header: {!r}".format(header)) from e
    if not isinstance(d, dict):
        raise ValueError("Header is not a dictionary: {!r}".format(d))
    if set(d.keys()) != _NPY_HEADER_KEYS:
        raise ValueError("Header does not contain the correct keys: {!r}".format(sorted(d.keys())))
    shape = d['shape']
    if not isinstance(shape, tuple) or not _builtins.all(isinstance(x, _builtins.int) for x in shape):
        raise ValueError("shape is not valid: {!r}".format(shape))
    if not isinstance(d['fortran_order'], _builtins.bool):
        raise ValueError("fortran_order is not a valid bool: {!r}".format(d['fortran_order']))
    descr = d['descr']
    if not isinstance(descr, (str, list, tuple)) or isinstance(descr, str) and not _npy_descr_valid(descr):
        raise ValueError("descr is not a valid dtype descriptor: {!r}".format(descr))
    if descr not in _NPY_DTYPE:
        raise NotImplementedError("np.load of dtype %r is not supported in Kiln" % (descr,))
    if mmap is not None:
        return memmap(mmap[0], dtype=dtype(_NPY_DTYPE[descr]), mode=mmap[1], shape=shape,
                      order='F' if d['fortran_order'] else 'C', offset=start + hlen)
    if d['fortran_order']:
        raise NotImplementedError("np.load of Fortran-ordered arrays is not supported in Kiln")
    dt = dtype(_NPY_DTYPE[descr])
    # numpy.multiply.reduce(shape, dtype=int64): the element count wraps as int64 arithmetic does
    count = 1
    for n in shape:
        count = (count * n + 2**63) % 2**64 - 2**63
    body = data[start + hlen:]
    item = dt.itemsize
    if real_file:
        # fromfile(count=count) reads what the file holds (all of it for count < 0), then the
        # shape assignment refuses a short read
        avail = len(body) // item
        n = avail if count < 0 else _builtins.min(count, avail)
        flat = frombuffer(body[:n * item], dtype=dt)
    else:
        if count < 0:  # numpy.ndarray(count, dtype) for the chunked reads
            raise ValueError("negative dimensions are not allowed")
        # numpy reads BUFFER_SIZE (2**18) bytes of items at a time: the first short chunk is the error
        step = _builtins.max(1, (2 ** 18) // _builtins.min(2 ** 18, item))
        pos = 0
        for i in range(0, _builtins.max(count, 0), step):
            want = _builtins.min(step, count - i) * item
            _npy_read(body, pos, want, "array data")
            pos += want
        flat = frombuffer(body[:_builtins.max(count, 0) * item], dtype=dt)
    # `array.shape = shape`: numpy's words, with the exact (unwrapped) sizes
    known = 1
    for n in shape:
        known *= n if n != -1 else 1
    if list(shape).count(-1) > 1 or (-1 not in shape and known != flat.size) or (
            -1 in shape and (known == 0 or flat.size % known)) or _builtins.any(n < -1 for n in shape):
        text = "(" + ",".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"
        raise ValueError("cannot reshape array of size %d into shape %s" % (flat.size, text))
    return flat.reshape(shape).copy()


def _fmt_value(fmt, v):
    return fmt % v


def savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='', footer='', comments='# ', encoding=None):
    a = _as(X)
    if a.ndim == 1:
        a = a.reshape((-1, 1))
    if a.ndim != 2:
        raise ValueError("Expected 1D or 2D array, got %dD array instead" % a.ndim)
    lines = []
    if header:
        lines.append(comments + header.replace('\n', newline + comments) + newline)
    for row in a.tolist():
        if isinstance(fmt, (list, tuple)):
            lines.append(delimiter.join(f % v for f, v in zip(fmt, row)) + newline)
        elif fmt.count('%') > 1:
            lines.append((fmt % tuple(row)) + newline)
        else:
            lines.append(delimiter.join(fmt % v for v in row) + newline)
    if footer:
        lines.append(comments + footer.replace('\n', newline + comments) + newline)
    text = ''.join(lines)
    if _fspath(fname) is not None:
        with open(_fspath(fname), 'w') as f:
            f.write(text)
    else:
        fname.write(text)


def _text_lines(fname):
    if _fspath(fname) is not None:
        fname = _fspath(fname)
        # NumPy's loadtxt/genfromtxt decompress a file named *.gz first (np.lib._datasource)
        if fname.endswith('.gz'):
            import gzip
            with gzip.open(fname, 'rt') as f:
                return f.read().splitlines()
        with open(fname) as f:
            return f.read().splitlines()
    if hasattr(fname, 'read'):
        return fname.read().splitlines()
    return [l.rstrip('\n') for l in fname]


def _loadtxt_converters(converters, usecols, num_fields):
    # NumPy's create_conv_funcs: one callable for every column, or a dict keyed by the file's column
    # (negative from the end; with usecols, the position of that column in usecols, others ignored).
    if callable(converters):
        return {i: converters for i in range(num_fields)}
    if not isinstance(converters, dict):
        raise TypeError("converters must be a dictionary mapping columns to converter functions or a single callable.")
    out = {}
    cols = None if usecols is None else ([usecols] if isinstance(usecols, int) else list(usecols))
    for key, value in converters.items():
        column = int(key)
        if cols is not None:
            if column not in cols:
                continue
            column = cols.index(column)
        else:
            if column < -num_fields or column >= num_fields:
                raise ValueError("converter specified for column %d, which is invalid for the number of fields %d."
                                 % (column, num_fields))
            if column < 0:
                column += num_fields
        if not callable(value):
            raise TypeError("values of the converters dictionary must be callable, but the value associated with "
                            "key %r is not" % (key,))
        out[column] = value
    return out


def _parse_table(fname, dtype, comments, delimiter, skiprows, usecols, max_rows, empty_nan, fname_fn, converters=None):
    lines = _text_lines(fname)[skiprows:]
    rows = []
    convs = None
    for line in lines:
        if comments is not None:
            for c in ([comments] if isinstance(comments, str) else comments):
                k = line.find(c)
                if k >= 0:
                    line = line[:k]
        if not line.strip():
            continue
        fields = line.split(delimiter) if delimiter is not None else line.split()
        if usecols is not None:
            cols = [usecols] if isinstance(usecols, int) else list(usecols)
            fields = [fields[c] for c in cols]
        vals = []
        if converters is not None and convs is None:
            convs = _loadtxt_converters(converters, usecols, len(fields))
        for s in fields:
            if dtype is str:  # a str or object dtype: the fields' text as it is
                vals.append(s)
                continue
            if convs and len(vals) in convs:
                v = convs[len(vals)](s)
                vals.append(float(v) if dtype in (float, float64, None, 'float', 'float64') else int(v))
                continue
            s = s.strip()
            if not s and empty_nan:
                vals.append(float('nan'))
                continue
            try:
                vals.append(float(s) if dtype in (float, float64, None, 'float', 'float64') else int(s))
            except ValueError:
                if empty_nan:
                    vals.append(float('nan'))
                else:
                    raise ValueError("could not convert string '%s' to %s at row %d, column %d."
                                     % (s, 'float64' if dtype in (float, float64, None) else 'int64', len(rows), len(vals) + 1))
        if rows and len(vals) != len(rows[0]):
            raise ValueError("the number of columns changed from %d to %d at row %d; use `usecols` to select a subset and avoid this error"
                             % (len(rows[0]), len(vals), len(rows) + 1))
        rows.append(vals)
        if max_rows is not None and len(rows) >= max_rows:
            break
    return rows


_dtype_cls = dtype  # np.dtype, for functions whose parameter is named dtype


def loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0, usecols=None,
            unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None):
    # Any numeric dtype: the text is parsed as Python floats (or ints) and the table cast to it, as
    # np.loadtxt(..., dtype=np.float32) gives a float32 array.
    try:
        want = _dtype_cls(dtype)
    except TypeError:
        want = None
    if want is not None and want.kind in 'UO':  # fields as strs (numpy/_objects.py's arrays)
        rows = _parse_table(fname, str, comments, delimiter, skiprows, usecols, max_rows, False, 'loadtxt')
        out = array(rows, dtype=want) if rows else array([], dtype=want)
        if out.ndim == 2 and (out.shape[0] == 1 or out.shape[1] == 1) and ndmin < 2:
            out = out.reshape(-1)
        if ndmin == 2 and out.ndim == 1:
            out = out.reshape((-1, 1)) if rows and len(rows[0]) == 1 else out.reshape((1, -1))
        return (out.T if out.ndim == 2 else out) if unpack else out
    if want is None or want.kind not in 'fiub':
        raise NotImplementedError("np.loadtxt(dtype=%r): numeric and str dtypes only in Kiln" % (dtype,))
    isf = want.kind == 'f'
    base = float64 if isf else int64
    rows = _parse_table(fname, float if isf else int, comments, delimiter, skiprows, usecols, max_rows, False, 'loadtxt',
                        converters)
    out = array(rows, dtype=base)
    if not rows:
        out = zeros((0,), dtype=base)
    if want.name != ('float64' if isf else 'int64'):
        out = out.astype(want)
    if out.ndim == 2 and (out.shape[0] == 1 or out.shape[1] == 1) and ndmin < 2:
        out = out.reshape(-1)
    if ndmin == 2 and out.ndim == 1:
        out = out.reshape((-1, 1)) if rows and len(rows[0]) == 1 else out.reshape((1, -1))
    if unpack:
        return out.T if out.ndim == 2 else out
    return out


def genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0, skip_footer=0, converters=None,
               missing_values=None, filling_values=None, usecols=None, names=None, unpack=None, **kwargs):
    # Any float dtype: parsed as Python floats (missing fields nan) and cast, as
    # np.genfromtxt(..., dtype=np.float32) gives a float32 array. A str dtype keeps the fields' text
    # ('<U0' from np.dtype(str) sized to the longest field, as pygcn / pytorch/examples gcn read
    # cora.content), an integer one parses ints (their cora.cites as np.int32).
    try:
        want = _dtype_cls(dtype) if dtype is not None else _dtype_cls(float64)
    except TypeError:
        want = None
    if want is None or want.kind not in 'fiubUO':
        raise NotImplementedError("np.genfromtxt(dtype=%r) is not supported in Kiln (numeric and str dtypes only)" % (dtype,))
    if names is not None or converters is not None:
        raise NotImplementedError("np.genfromtxt(names=/converters=) is not supported in Kiln")
    kind = str if want.kind in 'UO' else float if want.kind == 'f' else int
    rows = _parse_table(fname, kind, comments, delimiter, skip_header, usecols, None, kind is float, 'genfromtxt')
    if skip_footer:
        rows = rows[:-skip_footer]
    if kind is str:
        out = array(rows, dtype=want) if rows else array([], dtype=want)
    else:
        out = array(rows, dtype=float64 if kind is float else int64)
        if want.name != out.dtype.name:
            out = out.astype(want)
    if out.ndim == 2 and (out.shape[0] == 1 or out.shape[1] == 1):
        out = out.reshape(-1)
    if unpack:
        return out.T if out.ndim == 2 else out
    return out


def fromfile(file, dtype=float, count=-1, sep='', offset=0, *, like=None):
    # Binary (sep=''): the file's bytes as elements of dtype; text: numbers split by sep. An open file
    # is read from its current position (offset counts from there) and, in binary mode with a count,
    # only count elements are consumed, so the next read continues after them as in NumPy (darknet
    # weight loaders read a 5-int header, then the float32 weights, from one file object).
    dt = float64 if dtype is float else int64 if dtype is int else dtype
    if _fspath(file) is not None:
        with open(_fspath(file), 'rb') as f:
            data = f.read()
        data = data[offset:]
    else:
        if offset:
            file.seek(offset, 1)
        if sep == '' and count >= 0:
            data = file.read(count * empty(0, dtype=dt).itemsize)  # (dtype is the parameter here)
        else:
            data = file.read()
        if isinstance(data, str):
            data = data.encode('utf-8')
    if sep == '':
        return frombuffer(data, dtype=dt, count=count).copy()
    text = data.decode('utf-8')
    parts = [p for p in (text.split(sep) if sep.strip() else text.split()) if p.strip()]
    if count >= 0:
        parts = parts[:count]
    return array([float(p) for p in parts], dtype=dt)



def fromstring(string, dtype=float, count=-1, *, sep='', like=None):
    # Text mode only, as NumPy 2: numbers split by sep (whitespace around them ignored). The binary
    # mode (sep='', the default: enwik8 loaders' `np.fromstring(f.read(n), dtype=np.uint8)`) was
    # deprecated in NumPy 1.14 and now raises NumPy's ValueError naming frombuffer.
    if sep == '':
        raise ValueError("The binary mode of fromstring is removed, use frombuffer instead")
    if isinstance(string, (bytes, bytearray)):
        string = bytes(string).decode('utf-8')
    dt = float64 if dtype is float else int64 if dtype is int else dtype
    parts = [p for p in (string.split(sep) if sep.strip() else string.split()) if p.strip()]
    if count >= 0:
        parts = parts[:count]
    return array([float(p) for p in parts], dtype=dt)

def _tofile(a, fid, sep='', format='%s'):
    # ndarray.tofile: raw bytes (sep='') or the elements as text joined by sep, in C order.
    if sep == '':
        data = ascontiguousarray(a).tobytes()
    else:
        data = sep.join(format % x for x in a.reshape(-1).tolist()).encode('utf-8')
    if _fspath(fid) is not None:
        with open(_fspath(fid), 'wb') as f:
            f.write(data)
    else:
        fid.write(data)


# ---- np.unique along an axis ------------------------------------------------------------------------

_unique_flat = unique


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True):
    # axis=None is the native flattening unique; along an axis NumPy (numpy/lib/_arraysetops_impl.py)
    # moves the axis first, treats each slice as one row compared lexicographically, sorts stably (so
    # return_index gives first occurrences) and puts the axis back: the idiom of segmentation loaders,
    # `np.unique(mask.reshape(-1, 3), axis=0)` for the RGB colors of a mask. The inverse is 1-D.
    if axis is None:
        return _unique_flat(ar, return_index, return_inverse, return_counts)
    ar = asarray(ar)
    axis = _norm_axis(axis, ar.ndim)
    moved = moveaxis(ar, axis, 0)
    rest = moved.shape[1:]
    n = moved.shape[0]
    rows = moved.reshape(n, -1).tolist() if n else []
    keys = [tuple(r) for r in rows]
    order = sorted(range(n), key=lambda i: keys[i])
    first, inverse, counts = [], [0] * n, []
    for i in order:
        if first and keys[first[-1]] == keys[i]:
            counts[-1] += 1
        else:
            first.append(i)
            counts.append(1)
        inverse[i] = len(first) - 1
    idx = array(first, dtype=int64)
    uniq = moved[idx] if n else moved
    uniq = moveaxis(uniq.reshape((len(first),) + tuple(rest)) if n else uniq, 0, axis)
    if not (return_index or return_inverse or return_counts):
        return uniq
    ret = (uniq,)
    if return_index:
        ret += (idx,)
    if return_inverse:
        ret += (array(inverse, dtype=int64),)
    if return_counts:
        ret += (array(counts, dtype=int64),)
    return ret


# ---- index tricks: np.r_, np.c_, np.s_, np.index_exp (numpy/lib/_index_tricks_impl.py) -------------

def _concat_result_dtype(arrays, scalars):
    # np.result_type over the pieces with NEP 50's weak Python scalars: the arrays' promoted dtype,
    # raised to float64 by a Python float when it is bool/integer and to int64 by a Python int when bool.
    if arrays:
        dt = concatenate([empty(0, dtype=a.dtype) for a in arrays]).dtype
    else:
        dt = None
    for x in scalars:
        k = bool if isinstance(x, bool) else int if isinstance(x, int) else float
        if dt is None:
            dt = asarray(x).dtype
        elif k is float and str(dt) in ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64'):
            dt = float64
        elif k is int and str(dt) == 'bool':
            dt = int64
    return dt


def promote_types(type1, type2):
    # The smallest dtype both cast to safely (numpy/_core/src/multiarray/dtypemeta's common dtype):
    # the same promotion arrays get in arithmetic and concatenate; str dtypes keep the longer length.
    a, b = dtype(type1), dtype(type2)
    if a.kind in 'US' or b.kind in 'US':
        if a.kind != b.kind:
            raise NotImplementedError("np.promote_types(%s, %s): mixing str/bytes with other dtypes is not supported "
                                      "in Kiln" % (a, b))
        return a if a.itemsize >= b.itemsize else b
    return concatenate([empty(0, dtype=a), empty(0, dtype=b)]).dtype


def result_type(*arrays_and_dtypes):
    # NEP 50: arrays, NumPy scalars and dtypes are strong; Python bool/int/float are weak and only
    # raise a bool/integer result to int64/float64 (np.result_type(np.int8, 1) is int8).
    if not arrays_and_dtypes:
        raise ValueError("at least one array or dtype is required")
    strong, weak = [], []
    for x in arrays_and_dtypes:
        if isinstance(x, (bool, int, float)) and not isinstance(x, generic):
            weak.append(x)
        elif isinstance(x, (ndarray, generic)):
            strong.append(x.dtype)
        else:
            strong.append(dtype(x))
    dt = None
    for t in strong:
        dt = t if dt is None else promote_types(dt, t)
    if dt is None:
        dt = asarray(weak[0]).dtype
        weak = weak[1:]
    for x in weak:
        if isinstance(x, float) and dt.kind in 'biu':
            dt = dtype(float64)
        elif isinstance(x, int) and not isinstance(x, bool) and dt.kind == 'b':
            dt = dtype(int64)
    return dt


_CAST_KIND_ORDER = {'b': 0, 'u': 1, 'i': 2, 'f': 3, 'c': 4}


def can_cast(from_, to, casting='safe'):
    # numpy's casting levels for dtypes (and the dtypes of arrays / NumPy scalars); NumPy 2 refuses
    # Python scalars, whose answer used to depend on the value.
    if isinstance(from_, (bool, int, float, complex)) and not isinstance(from_, generic):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because the result used to "
                        "depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow "
                        "them again in the future.")
    f = from_.dtype if isinstance(from_, (ndarray, generic)) else dtype(from_)
    t = dtype(to)
    if casting not in ('no', 'equiv', 'safe', 'same_kind', 'unsafe'):
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got %r)" % (casting,))
    if casting in ('no', 'equiv'):
        return f == t
    if casting == 'unsafe':
        return True
    if f.kind in 'US' or t.kind in 'US':
        if f.kind == t.kind:
            return f.itemsize <= t.itemsize or casting == 'same_kind'
        return casting == 'same_kind' and t.kind == 'U' and f.kind in 'biuS'
    safe = promote_types(f, t) == t
    if casting == 'safe' or safe:
        return safe
    return _CAST_KIND_ORDER.get(f.kind, 9) <= _CAST_KIND_ORDER.get(t.kind, 9)


class AxisConcatenator:
    # Translates slices (arange / linspace with a complex step) and arrays into one concatenation
    # along `axis`, each piece raised to ndmin dimensions with its own axes put at trans1d; a first
    # string entry is a directive ('0,2,1' = axis, ndmin, trans1d). np.matrix results ('r'/'c', or a
    # string key) are not supported: Kiln's numpy has no matrix class.
    __slots__ = ('axis', 'matrix', 'ndmin', 'trans1d')

    def __init__(self, axis=0, matrix=False, ndmin=1, trans1d=-1):
        self.axis = axis
        self.matrix = matrix
        self.trans1d = trans1d
        self.ndmin = ndmin

    def __getitem__(self, key):
        if isinstance(key, str):
            raise NotImplementedError("np.r_/np.c_ with a matrix string: Kiln's numpy has no np.matrix")
        if not isinstance(key, tuple):
            key = (key,)
        trans1d, ndmin, axis = self.trans1d, self.ndmin, self.axis
        objs = []
        arrays, scalars = [], []
        for k, item in enumerate(key):
            if isinstance(item, slice):
                step, start, stop = item.step, item.start, item.stop
                if start is None:
                    start = 0
                if step is None:
                    step = 1
                if type(step).__name__ in ('complex', 'complex128', 'complex64'):
                    # a complex step (`np.r_[-1:1:6j]`) is linspace's point count
                    newobj = linspace(start, stop, num=int(_builtins.abs(step)))
                else:
                    newobj = arange(start, stop, step)
                if ndmin > 1:
                    newobj = array(newobj, ndmin=ndmin)
                    if trans1d != -1:
                        newobj = newobj.swapaxes(-1, trans1d)
                arrays.append(newobj)
            elif isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                if item in ('r', 'c'):
                    raise NotImplementedError("np.r_['r'/'c', ...]: Kiln's numpy has no np.matrix")
                if ',' in item:
                    vec = item.split(',')
                    try:
                        axis, ndmin = [int(x) for x in vec[:2]]
                        if len(vec) == 3:
                            trans1d = int(vec[2])
                        continue
                    except Exception as e:
                        raise ValueError(f"unknown special directive {item!r}") from e
                try:
                    axis = int(item)
                    continue
                except (ValueError, TypeError) as e:
                    raise ValueError("unknown special directive") from e
            elif type(item) in (int, float, bool):
                newobj = item
                scalars.append(item)
            else:
                item_ndim = ndim(item)
                newobj = array(item, ndmin=ndmin)
                if trans1d != -1 and item_ndim < ndmin:
                    k2 = ndmin - item_ndim
                    k1 = trans1d
                    if k1 < 0:
                        k1 += k2 + 1
                    defaxes = list(range(ndmin))
                    axes = defaxes[:k1] + defaxes[k2:] + defaxes[k1:k2]
                    newobj = newobj.transpose(axes)
                arrays.append(newobj)
            objs.append(newobj)
        if objs:
            final_dtype = _concat_result_dtype(arrays, scalars)
            objs = [array(obj, ndmin=ndmin, dtype=final_dtype) for obj in objs]
        return concatenate(tuple(objs), axis=axis)

    def __len__(self):
        return 0


class RClass(AxisConcatenator):
    def __init__(self):
        AxisConcatenator.__init__(self, 0)


class CClass(AxisConcatenator):
    def __init__(self):
        AxisConcatenator.__init__(self, -1, ndmin=2, trans1d=0)


r_ = RClass()
c_ = CClass()


class IndexExpression:
    # np.s_[...] / np.index_exp[...]: the index as written (index_exp always a tuple)
    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


index_exp = IndexExpression(maketuple=True)
s_ = IndexExpression(maketuple=False)


_MEMMAP_MODES = ["r", "c", "r+", "w+"]
_MEMMAP_EQUIVALENTS = {"readonly": "r", "copyonwrite": "c", "readwrite": "r+", "write": "w+"}


def _memmap_open(filename, dt, mode, offset, shape, order):
    # np.memmap's file handling as numpy/_core/memmap.py's __new__ does it: mode names, the shape
    # from the bytes after offset, a 'w+'/'r+' file extended with a zero byte at the mapped end;
    # the mapped range is then read (Kiln has no mmap). Returns (array, filename attribute, mode,
    # the path the native memmap writes back to).
    import os as _os
    try:
        mode = _MEMMAP_EQUIVALENTS[mode]
    except KeyError:
        if mode not in _MEMMAP_MODES:
            raise ValueError("mode must be one of {!r} (got {!r})".format(
                _MEMMAP_MODES + list(_MEMMAP_EQUIVALENTS.keys()), mode)) from None
    if mode == 'w+' and shape is None:
        raise ValueError("shape must be given if mode == 'w+'")
    own = not hasattr(filename, 'read')
    fid = open(_os.fspath(filename), ('r' if mode == 'c' else mode) + 'b') if own else filename
    try:
        fid.seek(0, 2)
        flen = fid.tell()
        descr = dtype(dt)
        itemsize = descr.itemsize
        if shape is None:
            nbytes = flen - offset
            if nbytes % itemsize:
                raise ValueError("Size of available data is not a multiple of the data-type size.")
            size = nbytes // itemsize
            shape = (size,)
        else:
            if type(shape) not in (tuple, list):
                try:
                    shape = [_operator_index(shape)]
                except TypeError:
                    pass
            shape = tuple(shape)
            size = 1
            for k in shape:
                size *= k
        nbytes = int(offset + size * itemsize)
        if mode in ('w+', 'r+') and flen < nbytes:
            fid.seek(nbytes - 1, 0)
            fid.write(b'\0')
            fid.flush()
            flen = nbytes
        if nbytes > flen:
            raise ValueError("mmap length is greater than file size")
        fid.seek(offset, 0)
        data = fid.read(size * itemsize)
        name = fid.name if isinstance(getattr(fid, 'name', None), str) else None
    finally:
        if own:
            fid.close()
    arr = frombuffer(data, dtype=descr, count=size).reshape(shape, order=order)
    if isinstance(filename, _os.PathLike):
        attr = filename.resolve()
    else:
        attr = _os.path.abspath(name) if name is not None else None
    return arr, attr, mode, name


def _operator_index(x):
    import operator as _operator
    return _operator.index(x)


# NumPy 2.0 removed these names; reading one raises AttributeError with NumPy's migration note, as
# numpy.__getattr__ does from numpy/_expired_attrs_2_0.py (np.Inf in older tutorials:
# valid_loss_min = np.Inf). Any other missing name is the plain module AttributeError.
def asanyarray(a, dtype=None, order=None, *, like=None):
    # NumPy passes ndarray subclasses through; Kiln's numpy has none (no np.matrix), so this is asarray
    return asarray(a, dtype=dtype)


class ndindex:
    """An N-dimensional iterator object to index arrays: the index tuples of `shape` in C order."""

    def __init__(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        self._shape = tuple(int(d) for d in shape)
        self._it = self._gen()

    def _gen(self):
        shape = self._shape
        if _builtins.any(d == 0 for d in shape):
            return
        idx = [0] * len(shape)
        while True:
            yield tuple(idx)
            k = len(shape) - 1
            while k >= 0:
                idx[k] += 1
                if idx[k] < shape[k]:
                    break
                idx[k] = 0
                k -= 1
            if k < 0:
                return

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)


class ndenumerate:
    """Multidimensional index iterator: (index tuple, element) pairs of an array in C order, the
    elements as NumPy scalars (a.flat[i])."""

    def __init__(self, arr):
        self._a = asarray(arr)
        self._it = iter(ndindex(self._a.shape))

    def __iter__(self):
        return self

    def __next__(self):
        idx = next(self._it)
        return idx, self._a[idx]


def resize(a, new_shape):
    # NumPy's: the flattened array repeated as often as needed (zero-filled when either size is 0)
    if isinstance(new_shape, int) or isinstance(new_shape, integer):
        new_shape = (new_shape,)
    a = ravel(a)
    new_size = 1
    for dim_length in new_shape:
        new_size *= dim_length
        if dim_length < 0:
            raise ValueError('all elements of `new_shape` must be non-negative')
    if a.size == 0 or new_size == 0:
        return zeros(new_shape, dtype=a.dtype)
    repeats = -(-new_size // a.size)
    a = concatenate((a,) * repeats)[:new_size]
    return reshape(a, new_shape)


_EXPIRED_2_0 = {
    "geterrobj": "Use the np.errstate context manager instead.",
    "seterrobj": "Use the np.errstate context manager instead.",
    "cast": "Use `np.asarray(arr, dtype=dtype)` instead.",
    "source": "Use `inspect.getsource` instead.",
    "lookfor": "Search NumPy's documentation directly.",
    "who": "Use an IDE variable explorer or `locals()` instead.",
    "fastCopyAndTranspose": "Use `arr.T.copy()` instead.",
    "set_numeric_ops": "For the general case, use `PyUFunc_ReplaceLoopBySignature`. For ndarray subclasses, define "
                       "the ``__array_ufunc__`` method and override the relevant ufunc.",
    "NINF": "Use `-np.inf` instead.",
    "PINF": "Use `np.inf` instead.",
    "NZERO": "Use `-0.0` instead.",
    "PZERO": "Use `0.0` instead.",
    "add_newdoc": "It's still available as `np.lib.add_newdoc`.",
    "add_docstring": "It's still available as `np.lib.add_docstring`.",
    "add_newdoc_ufunc": "It's an internal function and doesn't have a replacement.",
    "compat": "There's no replacement, as Python 2 is no longer supported.",
    "safe_eval": "Use `ast.literal_eval` instead.",
    "float_": "Use `np.float64` instead.",
    "complex_": "Use `np.complex128` instead.",
    "longfloat": "Use `np.longdouble` instead.",
    "singlecomplex": "Use `np.complex64` instead.",
    "cfloat": "Use `np.complex128` instead.",
    "longcomplex": "Use `np.clongdouble` instead.",
    "clongfloat": "Use `np.clongdouble` instead.",
    "string_": "Use `np.bytes_` instead.",
    "unicode_": "Use `np.str_` instead.",
    "Inf": "Use `np.inf` instead.",
    "Infinity": "Use `np.inf` instead.",
    "NaN": "Use `np.nan` instead.",
    "infty": "Use `np.inf` instead.",
    "issctype": "",
    "maximum_sctype": "",
    "obj2sctype": "",
    "sctype2char": "",
    "sctypeDict": "",
    "sctypes": "Access dtypes explicitly instead.",
    "issubsctype": "Use `np.issubdtype` instead.",
    "set_string_function": "Use `np.set_printoptions` instead with a formatter for custom printing of NumPy objects.",
    "asfarray": "Use `np.asarray` with a proper dtype instead.",
    "issubclass_": "Use `issubclass` builtin instead.",
    "tracemalloc_domain": "It's now available from `np.lib`.",
    "mat": "Use `np.asmatrix` instead.",
    "recfromcsv": "Use `np.genfromtxt` with comma delimiter instead.",
    "recfromtxt": "Use `np.genfromtxt` instead.",
    "deprecate": "Raise `DeprecationWarning` instead.",
    "deprecate_with_doc": "Raise `DeprecationWarning` instead.",
    "disp": "Use your own printing function instead.",
    "find_common_type": "This function is deprecated, use `numpy.promote_types` or `numpy.result_type` instead.  To "
                        "achieve semantics for the `scalar_types` argument, use `numpy.result_type` and pass the "
                        "Python values `0`, `0.0`, or `0j`.",
    "round_": "Use `np.round` instead.",
    "nbytes": "Use `np.dtype(<dtype>).itemsize` instead.",
    "get_array_wrap": "",
    "DataSource": "It's still available as `np.lib.npyio.DataSource`.",
    "row_stack": "Use `np.vstack` instead.",
}


# The aliases of builtins removed in NumPy 1.24 (np.int, np.float, ... in pre-2021 code such as
# `.astype(np.int)`), with the message numpy/__init__.py builds for them.
_FORMER_MSG = (
    "module 'numpy' has no attribute '{n}'.\n"
    "`np.{n}` was a deprecated alias for the builtin `{n}`. "
    "To avoid this error in existing code, use `{n}` by itself. "
    "Doing this will not modify any behavior and is safe. {extended_msg}\n"
    "The aliases was originally deprecated in NumPy 1.20; for more "
    "details and guidance see the original release note at:\n"
    "    https://numpy.org/devdocs/release/1.20.0-notes.html#deprecations")
_SPECIFIC_MSG = "If you specifically wanted the numpy scalar type, use `np.{}` here."
_INT_EXTENDED_MSG = (
    "When replacing `np.{}`, you may wish to use e.g. `np.int64` "
    "or `np.int32` to specify the precision. If you wish to review "
    "your current use, check the release note link for "
    "additional information.")
_FORMER_ATTRS = {n: _FORMER_MSG.format(n=n, extended_msg=m) for n, m in [
    ("object", ""), ("float", _SPECIFIC_MSG.format("float64")), ("complex", _SPECIFIC_MSG.format("complex128")),
    ("str", _SPECIFIC_MSG.format("str_")), ("int", _INT_EXTENDED_MSG.format("int"))]}
_FUTURE_SCALARS = {"str", "bytes", "object"}


def __getattr__(attr):
    # numpy.lib is imported on first use (its stride_tricks imports this module's functions).
    if attr == "lib":
        import numpy.lib as _lib
        globals()["lib"] = _lib
        return _lib
    # numpy.__getattr__'s order: the FutureWarning for names that will become scalar types, then the
    # former builtin aliases and the 2.0 removals, raised with name=None as NumPy does (so a traceback
    # offers no "Did you mean" suggestion for them; a plain missing name gets one).
    if attr in _FUTURE_SCALARS:
        import warnings
        warnings.warn(f"In the future `np.{attr}` will be defined as the corresponding NumPy scalar.", FutureWarning,
                      stacklevel=2)
    if attr == "testing":
        # NumPy 2 loads this submodule on first attribute access
        import importlib
        mod = importlib.import_module("numpy." + attr)
        globals()[attr] = mod
        return mod
    if attr in _FORMER_ATTRS:
        raise AttributeError(_FORMER_ATTRS[attr], name=None)
    if attr in _EXPIRED_2_0:
        raise AttributeError(f"`np.{attr}` was removed in the NumPy 2.0 release. {_EXPIRED_2_0[attr]}", name=None)
    raise AttributeError(f"module 'numpy' has no attribute {attr!r}")


# ---- fill_diagonal and ndarray.flat ---------------------------------------------------------------

def _flat_positions(shape, key):
    # the C-order positions a flat index (int, slice, int list/array, bool mask) selects
    size = 1
    for s in shape:
        size *= s
    if isinstance(key, slice):
        return list(_builtins.range(size)[key]), False
    if isinstance(key, (int, integer)) and not isinstance(key, (_builtins.bool, bool_)):
        k = int(key)
        if k < -size or k >= size:
            raise IndexError("index %d is out of bounds for size %d" % (k, size))
        return [k + size if k < 0 else k], True
    idx = asarray(key)
    if idx.dtype == bool_:
        return [i for i, b in enumerate(idx.reshape(-1).tolist()) if b], False
    out = []
    for k in idx.reshape(-1).tolist():
        if k < -size or k >= size:
            raise IndexError("index %d is out of bounds for size %d" % (k, size))
        out.append(k + size if k < 0 else k)
    return out, False


def _flat_index(shape, positions):
    # positions -> one index array per axis, for a[idx] reads and writes on any layout
    cols = []
    rest = list(positions)
    for s in reversed(shape):
        cols.append([p % s for p in rest])
        rest = [p // s for p in rest]
    return tuple(array(c, dtype=int64) for c in reversed(cols))


class flatiter:
    """a.flat: the array's elements in C order, readable and writable by flat index (numpy.flatiter)."""

    def __init__(self, base):
        self.base = base
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        size = self.base.size
        if self.index >= size:
            raise StopIteration
        pos = self.index
        self.index += 1
        return self.base[_flat_index(self.base.shape, [pos])][0] if self.base.ndim else self.base[()]

    def __len__(self):
        return self.base.size

    def __getitem__(self, key):
        positions, scalar = _flat_positions(self.base.shape, key)
        if self.base.ndim == 0:
            vals = self.base.reshape(1)[array(positions, dtype=int64)]
        else:
            vals = self.base[_flat_index(self.base.shape, positions)]
        return vals[0] if scalar else vals

    def __setitem__(self, key, value):
        positions, _ = _flat_positions(self.base.shape, key)
        if not positions:
            return
        v = asarray(value).reshape(-1)
        if v.size == 0:
            return
        # NumPy repeats the values over the selected positions (a.flat[::k] = [1, 2] cycles them)
        vals = resize(v, (len(positions),)) if v.size != len(positions) else v
        if self.base.ndim == 0:
            self.base[()] = vals[0]
        else:
            self.base[_flat_index(self.base.shape, positions)] = vals

    def copy(self):
        return self.base.reshape(-1).copy()

    def __array__(self, dtype=None):
        return self.copy() if dtype is None else self.copy().astype(dtype)


def _flat(a):
    # ndarray.flat (the native property calls this)
    return flatiter(a)


def fill_diagonal(a, val, wrap=False):
    """Fills the main diagonal of an array of at least 2 dimensions in place (numpy.fill_diagonal)."""
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    end = None
    if a.ndim == 2:
        step = a.shape[1] + 1
        if not wrap:
            end = a.shape[1] * a.shape[1]
    else:
        if not _builtins.all(s == a.shape[0] for s in a.shape[1:]):
            raise ValueError("All dimensions of input must be of equal length")
        step = 1 + _builtins.sum(cumprod(a.shape[:-1]).tolist())
    flatiter(a)[:end:step] = val


# ---- ufunc objects ------------------------------------------------------------------------------
# NumPy's binary ufuncs are objects of type numpy.ufunc, not plain functions: besides being called
# they have the methods reduce / accumulate / outer / at and the attributes __name__, nin, nout,
# nargs and identity. Real programs use them directly: `np.bitwise_xor.reduce(bits, axis=1)`
# (pytorch-lr-finder's XOR data), `np.maximum.accumulate(x)` (running maxima, drawdowns, RL
# returns), `np.add.at(counts, idx, 1)` (unbuffered scatter-add), `np.multiply.outer(a, b)`,
# `np.logical_and.reduce([m1, m2, m3])`. Each native binary function is wrapped once here; calling
# the object calls it unchanged. reduce/accumulate use the native reductions where NumPy's result
# is the same one (add.reduce is sum, multiply.accumulate is cumprod, ...) and otherwise fold the
# ufunc along the axis as NumPy's reduction loop does (axis=0 by default, None for every axis).
# reduceat is not provided.

_NO_VALUE = object()


class ufunc:
    nin = 2
    nout = 1
    nargs = 3
    signature = None

    def __init__(self, fn, name, identity=None, reduce_fn=None, accumulate_fn=None):
        self._fn = fn
        self.__name__ = name
        self.identity = identity
        self._reduce = reduce_fn
        self._accumulate = accumulate_fn

    def __repr__(self):
        return "<ufunc '%s'>" % self.__name__

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)

    def _axes(self, axis, ndim):
        if axis is None:
            return list(_builtins.range(ndim))
        if isinstance(axis, (tuple, list)):
            return sorted(_norm_axis(a, ndim) for a in axis)
        return [_norm_axis(axis, ndim)]

    def _fold(self, a, ax, initial):
        # NumPy's reduction loop along one axis: acc = f(acc, a[i]) from the first element (or
        # `initial`, or the identity for an empty axis)
        n = a.shape[ax]
        if n == 0 and initial is _NO_VALUE:
            if self.identity is None:
                raise ValueError("zero-size array to reduction operation %s which has no identity" % self.__name__)
            initial = self.identity
        if initial is _NO_VALUE:
            acc = _take(a, 0, ax)
            start = 1
        else:
            # the start value takes the array's dtype (np.add.reduce([], initial=5) is 5.0); booleans
            # summed or multiplied count as integers, as np.add.reduce([True, True]) is 2
            dt = a.dtype
            if dt == bool_ and self.__name__ in ("add", "multiply"):
                dt = int64
            acc = full(a.shape[:ax] + a.shape[ax + 1:], initial, dtype=dt)
            start = 0
        for i in _builtins.range(start, n):
            acc = self._fn(acc, _take(a, i, ax))
        return _as(acc)

    def reduce(self, array_, axis=0, dtype=None, out=None, keepdims=False, initial=_NO_VALUE, where=True):
        if out is not None or where is not True:
            raise NotImplementedError("%s.reduce: out= and where= are not supported in Kiln's numpy" % self.__name__)
        a = _as(array_)
        if dtype is not None:
            a = a.astype(dtype)
        if a.ndim == 0:
            if axis is None or axis == ():
                return a[()]
            raise AxisError("axis %s is out of bounds for array of dimension 0" % (axis,))
        axes = self._axes(axis, a.ndim)
        if self._reduce is not None and initial is _NO_VALUE and _builtins.all(a.shape[x] > 0 for x in axes):
            r = self._reduce(a, axis=tuple(axes), keepdims=keepdims)
            return r
        r = a
        for ax in reversed(axes):
            r = self._fold(r, ax, initial)
        if keepdims:
            for ax in axes:
                r = expand_dims(r, ax)
        return r[()] if isinstance(r, ndarray) and r.ndim == 0 else r

    def accumulate(self, array_, axis=0, dtype=None, out=None):
        if out is not None:
            raise NotImplementedError("%s.accumulate: out= is not supported in Kiln's numpy" % self.__name__)
        a = _as(array_)
        if dtype is not None:
            a = a.astype(dtype)
        if a.ndim == 0:
            raise ValueError("accumulate() on a 0-d array (NumPy raises here too)")
        if axis is None:
            raise TypeError("'NoneType' object cannot be interpreted as an integer")
        ax = _norm_axis(axis, a.ndim)
        if self._accumulate is not None:
            return self._accumulate(a, axis=ax)
        n = a.shape[ax]
        if n == 0:
            return a.copy()
        parts = [_take(a, 0, ax)]
        for i in _builtins.range(1, n):
            parts.append(_as(self._fn(parts[-1], _take(a, i, ax))))
        return stack(parts, axis=ax)

    def outer(self, A, B, **kwargs):
        A = _as(A)
        B = _as(B)
        return self._fn(A.reshape(A.shape + (1,) * B.ndim), B, **kwargs)

    def at(self, a, indices, b=None):
        # unbuffered in place: a repeated index applies the operation once per occurrence
        if not isinstance(a, ndarray):
            raise TypeError("at() requires an array as its first argument")
        if b is None:
            raise TypeError("at() of a binary ufunc needs the operand b")
        if isinstance(indices, tuple):
            idx = [asarray(i) for i in indices]
            shape = zeros(())
            for i in idx:
                shape = shape + zeros(i.shape)
            idx = [broadcast_to(i, shape.shape) for i in idx]
            keys = [tuple(int(i[k]) for i in idx) for k in ndindex(idx[0].shape)] if idx[0].ndim \
                else [tuple(int(i) for i in idx)]
            lead = idx[0].shape
        elif isinstance(indices, slice):
            keys = [(i,) for i in _builtins.range(*indices.indices(a.shape[0]))]
            lead = (len(keys),)
        else:
            idx = asarray(indices)
            keys = [(int(idx[k]),) for k in ndindex(idx.shape)] if idx.ndim else [(int(idx),)]
            lead = idx.shape
        rest = a.shape[len(keys[0]):] if keys else ()
        bb = broadcast_to(_as(b), tuple(lead) + tuple(rest)).reshape((len(keys),) + tuple(rest))
        for k, key in enumerate(keys):
            a[key] = self._fn(a[key], bb[k])
        return None


# ---- signal, indexing and functional helpers real programs reach for (probe 14) ----
# convolve's moving averages (np.convolve(x, np.ones(k) / k, 'valid')) in RL score plots,
# take_along_axis after argsort/argmax, vectorize / apply_along_axis over Python callables.

def convolve(a, v, mode='full'):
    a = ravel(_as(a))
    v = ravel(_as(v))
    if len(v) > len(a):
        a, v = v, a
    if len(a) == 0:
        raise ValueError('a cannot be empty')
    if len(v) == 0:
        raise ValueError('v cannot be empty')
    n, m = len(a), len(v)
    if mode not in ('full', 'same', 'valid'):
        raise ValueError("mode must be one of 'valid', 'same', or 'full' (got %r)" % (mode,))
    # each output is the dot product of a window of a with the reversed v (multiarray.correlate)
    rv = v[::-1]
    full_len = n + m - 1
    padded = concatenate([zeros(m - 1, dtype=a.dtype), a, zeros(m - 1, dtype=a.dtype)])
    out = array([dot(padded[k:k + m], rv) for k in _builtins.range(full_len)])
    if mode == 'full':
        return out
    if mode == 'same':
        start = m - 1 - m // 2
        return out[start:start + n]
    return out[m - 1:n]


def _check_kth(kth, n):
    for k in (kth if isinstance(kth, (list, tuple)) or (isinstance(kth, ndarray) and kth.ndim) else [kth]):
        k = int(k)
        if not -n <= k < n:
            raise ValueError("kth(=%d) out of bounds (%d)" % (k, n))


def argpartition(a, kth, axis=-1, kind='introselect', order=None):
    # NumPy's contract: the element at each kth position is the one a sort puts there, no smaller one
    # after it and no larger one before. A stable argsort keeps that contract (top-k selection by
    # argpartition(d, k)[:k] picks the same set); the order inside each part is introselect's in NumPy
    # and not reproduced here.
    a = _as(a)
    if axis is None:
        a, axis = a.ravel(), -1
    _check_kth(kth, a.shape[_norm_axis(axis, a.ndim)] if a.ndim else 1)
    return argsort(a, axis=axis, kind='stable')


def partition(a, kth, axis=-1, kind='introselect', order=None):
    # the values in argpartition's order (see there)
    a = _as(a)
    if axis is None:
        a, axis = a.ravel(), -1
    _check_kth(kth, a.shape[_norm_axis(axis, a.ndim)] if a.ndim else 1)
    return sort(a, axis=axis)


def _partition_inplace(a, kth, axis=-1, kind='introselect', order=None):
    # ndarray.partition: NumPy's method rearranges the array itself and returns None
    if axis is None:
        raise ValueError('axis must be an integer for ndarray.partition')
    a[...] = partition(a, kth, axis, kind, order)
    return None


def take_along_axis(arr, indices, axis=-1):
    arr = _as(arr)
    indices = _as(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError('when axis=None, `indices` must have a single dimension.')
        return arr.ravel()[indices]
    if indices.ndim != arr.ndim:
        raise ValueError('`indices` and `arr` must have the same number of dimensions')
    return arr[_along_axis_index(arr, indices, _norm_axis(axis, arr.ndim))]


def _along_axis_index(arr, indices, axis):
    idx = []
    for d in _builtins.range(arr.ndim):
        if d == axis:
            idx.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = arr.shape[d]
            idx.append(arange(arr.shape[d]).reshape(tuple(shape)))
    return tuple(idx)


def put_along_axis(arr, indices, values, axis):
    indices = _as(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError('when axis=None, `indices` must have a single dimension.')
        flat = arr.reshape(-1)
        flat[indices] = values
        return None
    if indices.ndim != arr.ndim:
        raise ValueError('`indices` and `arr` must have the same number of dimensions')
    arr[_along_axis_index(arr, indices, _norm_axis(axis, arr.ndim))] = values
    return None


def take(a, indices, axis=None, out=None, mode='raise'):
    if out is not None or mode != 'raise':
        raise NotImplementedError("np.take's out= and mode= are not supported in Kiln's numpy")
    a = _as(a)
    if axis is None:
        return a.ravel()[indices]
    axis = _norm_axis(axis, a.ndim)
    return a[(slice(None),) * axis + (_as(indices),)]


def flatnonzero(a):
    return nonzero(ravel(_as(a)))[0]


def divmod(x1, x2):
    return floor_divide(x1, x2), remainder(x1, x2)


def modf(x):
    x = _as(x) if not isinstance(x, (int, float)) else float64(x)
    whole = trunc(x)
    frac = where(isinf(x), copysign(0.0, x), x - whole)
    if isinstance(whole, ndarray) and whole.ndim == 0:
        return frac[()], whole[()]
    return frac, whole


def signbit(x):
    return less(copysign(1.0, x), 0)


def sinc(x):
    x = _as(x)
    y = pi * where(x == 0, 1.0e-20, x)
    return sin(y) / y


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = _as(y)
    nd = y.ndim
    axis = _norm_axis(axis, nd)
    if x is None:
        d = dx
    else:
        x = _as(x)
        if x.ndim == 1:
            d = diff(x)
            shape = [1] * nd
            shape[axis] = d.shape[0]
            d = d.reshape(tuple(shape))
        else:
            d = diff(x, axis=axis)
    slice1 = [slice(None)] * nd
    slice2 = [slice(None)] * nd
    slice1[axis] = slice(1, None)
    slice2[axis] = slice(None, -1)
    return (d * (y[tuple(slice1)] + y[tuple(slice2)]) / 2.0).sum(axis)


def polyval(p, x):
    p = asarray(p)
    x = _as(x)
    y = zeros_like(x)
    for pv in p:
        y = y * x + pv
    return y


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a = _as(a)
    b = _as(b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = moveaxis(a, axisa, -1)
    b = moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else None
    b2 = b[..., 2] if b.shape[-1] == 3 else None
    if a2 is None and b2 is None:
        return a0 * b1 - a1 * b0
    if a2 is None:
        a2 = zeros_like(a0)
    if b2 is None:
        b2 = zeros_like(b0)
    c = stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
    return moveaxis(c, -1, axisc)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError('list of cases must be same length as list of conditions')
    if len(choicelist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    result = default
    for cond, choice in _builtins.reversed(_builtins.list(_builtins.zip(condlist, choicelist))):
        cond = _as(cond)
        if cond.dtype != bool_:
            raise TypeError('invalid entry %d in condlist: should be boolean ndarray' % condlist.index(cond))
        result = where(cond, choice, result)
    return _as(result)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = _as(arr)
    nd = arr.ndim
    axis = _norm_axis(axis, nd)
    view = moveaxis(arr, axis, -1)
    outer = view.shape[:-1]
    results = [_as(func1d(view[ind], *args, **kwargs)) for ind in ndindex(outer)]
    if not results:
        raise ValueError('Cannot apply_along_axis when any iteration dimensions are 0')
    res_shape = results[0].shape
    out = stack(results).reshape(tuple(outer) + tuple(res_shape))
    k = len(res_shape)
    if k == 0:
        return out
    lead = _builtins.list(_builtins.range(axis))
    perm = lead + _builtins.list(_builtins.range(len(outer), len(outer) + k)) + \
        _builtins.list(_builtins.range(axis, len(outer)))
    return out.transpose(perm)


class vectorize:
    """np.vectorize: the Python function applied to each element of the broadcast inputs, which
    it receives as Python scalars (frompyfunc's object loop); the results form an array of
    otypes[0], else of the first result's type."""

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if signature is not None:
            raise NotImplementedError("np.vectorize(signature=...) is not supported in Kiln's numpy")
        self.pyfunc = pyfunc
        if isinstance(otypes, str):
            otypes = _builtins.list(otypes)
        self.otypes = otypes
        self.excluded = set(excluded) if excluded else set()
        self.cache = cache
        self.signature = signature
        self.__doc__ = getattr(pyfunc, "__doc__", None) if doc is None else doc

    def __call__(self, *args, **kwargs):
        pos = [i for i in _builtins.range(len(args)) if i not in self.excluded]
        arrs = [_as(args[i]) for i in pos]
        shape = zeros(())
        for x in arrs:
            shape = shape + zeros(x.shape)
        shape = shape.shape
        flat = [broadcast_to(x, shape).ravel().tolist() for x in arrs]
        outs = []
        for k in _builtins.range(int(prod(shape)) if shape else 1):
            call = _builtins.list(args)
            for j, i in enumerate(pos):
                call[i] = flat[j][k]
            outs.append(self.pyfunc(*call, **kwargs))
        if not outs:
            if self.otypes is None:
                raise ValueError('cannot call `vectorize` on size 0 inputs unless `otypes` is set')
            return zeros(shape, dtype=self.otypes[0])
        if isinstance(outs[0], tuple):
            n = len(outs[0])
            return tuple(self._pack([o[j] for o in outs], shape, j) for j in _builtins.range(n))
        return self._pack(outs, shape, 0)

    def _pack(self, values, shape, j):
        dt = self.otypes[j] if self.otypes else None
        if dt is None:
            first = asarray(values[0])
            return asarray(values, dtype=first.dtype).reshape(shape)
        return asarray(values, dtype=dt).reshape(shape)


def _wrap_ufuncs():
    g = globals()
    reducers = {"add": (0, sum, cumsum), "multiply": (1, prod, cumprod), "maximum": (None, amax, None),
                "minimum": (None, amin, None), "logical_and": (True, all, None), "logical_or": (False, any, None)}
    identities = {"subtract": None, "bitwise_and": -1, "bitwise_or": 0, "bitwise_xor": 0, "logical_xor": False,
                  "logaddexp": -_math.inf, "logaddexp2": -_math.inf}
    for name in ("add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "mod", "remainder",
                 "power", "maximum", "minimum", "equal", "not_equal", "less", "less_equal", "greater",
                 "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
                 "bitwise_xor", "fmax", "fmin", "arctan2", "hypot", "copysign", "nextafter", "fmod",
                 "logaddexp", "logaddexp2", "heaviside"):
        fn = g.get(name)
        if fn is None or isinstance(fn, ufunc):
            continue
        ident, red, acc = reducers.get(name, (identities.get(name), None, None))
        g[name] = ufunc(fn, "divide" if name == "true_divide" else name, ident, red, acc)


_wrap_ufuncs()


# ---- arrays of str and of Python objects (numpy/_objects.py) ----------------------------------------
# The functions below that data-preparation code calls on labels and tokens go to numpy/_objects.py
# when an argument is one of its arrays, or when the native function refuses the data for holding
# strs or other objects; numbers stay on the native path at the cost of one isinstance check.

import numpy._objects as _objects

str_ = str
object_ = _objects.object_
char = _objects.char
strings = _objects.strings
_ObjArr = _objects.ndarray


def _object_aware(native, ours, probe):
    # `probe(args)`: the values to look at (ours when one of them is an _ObjArr, or after the native
    # call fails, when one of them holds strs or other objects)
    def call(*args, **kwargs):
        vals = probe(args, kwargs)
        if _builtins.any(isinstance(v, _ObjArr) for v in vals):
            return ours(*args, **kwargs)
        try:
            return native(*args, **kwargs)
        except (TypeError, ValueError, NotImplementedError):
            if not _builtins.any(_objects._needs_us(v) for v in vals if not isinstance(v, ndarray)):
                raise
        return ours(*args, **kwargs)
    call.__name__ = call.__qualname__ = native.__name__
    call.__module__ = 'numpy'
    return call


def _first(args, kwargs):
    return args[:1]


def _each_of_first(args, kwargs):
    seq = args[0] if args else kwargs.get('arrays', ())
    return list(seq) if isinstance(seq, (list, tuple)) else [seq]


array = _objects.array
asarray = _objects.asarray
sort = _object_aware(sort, _objects.sort, _first)
argsort = _object_aware(argsort, _objects.argsort, _first)
unique = _object_aware(unique, _objects.unique, _first)
isin = _object_aware(isin, _objects.isin, lambda a, k: a[:2])
array_equal = _object_aware(array_equal, _objects.array_equal, lambda a, k: a[:2])
concatenate = _object_aware(concatenate, _objects.concatenate, _each_of_first)
stack = _object_aware(stack, _objects.stack, _each_of_first)
atleast_1d = _object_aware(atleast_1d, _objects.atleast_1d, lambda a, k: a)
atleast_2d = _object_aware(atleast_2d, _objects.atleast_2d, lambda a, k: a)


def _by_method(native, method):
    # np.reshape(a, ...) and the like: our arrays' own method
    return _object_aware(native, lambda a, *args, **kw: getattr(_objects.array(a) if not isinstance(a, _ObjArr) else a,
                                                                method)(*args, **kw), _first)


for _name in ("reshape", "transpose", "squeeze", "ravel", "copy", "repeat", "take", "nonzero"):
    globals()[_name] = _by_method(globals()[_name], _name)
for _name in ("expand_dims", "flip", "fliplr", "flipud", "roll", "swapaxes", "moveaxis", "broadcast_to"):
    globals()[_name] = _object_aware(globals()[_name], _objects.positions_op(globals()[_name]), _first)
del _name
_where_native = where


def where(condition, *xy):
    # np.where(cond) and numeric choices stay native; a str or object choice goes to _objects.where
    if len(xy) == 2 and (_builtins.any(isinstance(v, (_ObjArr, str)) for v in xy) or
                         _builtins.any(isinstance(v, (list, tuple)) and _objects._needs_us(v) for v in xy) or
                         _builtins.any(not isinstance(v, (ndarray, list, tuple, int, float, bool)) and not isinstance(v, generic)
                             and v is not None for v in xy)):
        return _objects.where(condition, *xy)
    return _where_native(condition, *xy)


def _filled_by(native, value):
    def call(shape, dtype=float, *args, **kwargs):
        if dtype is not float and _objects._names_ours(dtype):
            return _objects.filled(shape, _objects._dtype_of(dtype), value)
        return native(shape, dtype, *args, **kwargs)
    call.__name__ = call.__qualname__ = native.__name__
    call.__module__ = 'numpy'
    return call


empty = _filled_by(empty, None)
zeros = _filled_by(zeros, 0)
ones = _filled_by(ones, 1)
_full_native = full


def full(shape, fill_value, dtype=None, order='C', *, like=None):
    if (dtype is not None and _objects._names_ours(dtype)) or (dtype is None and not isinstance(fill_value, (
            int, float, bool, ndarray, list, tuple)) and not isinstance(fill_value, generic)):
        return _objects.full(shape, fill_value, dtype)
    return _full_native(shape, fill_value, dtype=dtype)


def _choice_objects(a):
    # RandomState.choice's `a` (bindings/numpy.cpp) when it holds strs or other objects: (the object
    # array, its length); None for numbers, which stay native
    if isinstance(a, _ObjArr) or (isinstance(a, (list, tuple)) and _objects._needs_us(a)):
        arr = a if isinstance(a, _ObjArr) else array(a)
        if arr.ndim != 1:
            raise ValueError("a must be 1-dimensional")
        return arr, len(arr)
    return None


def _choice_take(arr, idx):
    return arr[idx]


def _random_wrappers():
    # np.random.choice / permutation / shuffle of labels: the positions come from the native stream
    # (NumPy draws the same numbers for an array as for its length), then index the array
    rnd = random
    choice_n, perm_n, shuffle_n = rnd.choice, rnd.permutation, rnd.shuffle

    def choice(a, size=None, replace=True, p=None):
        if isinstance(a, _ObjArr) or (isinstance(a, (list, tuple)) and _objects._needs_us(a)):
            arr = array(a)
            if arr.ndim != 1:
                raise ValueError("a must be 1-dimensional")
            return arr[choice_n(len(arr), size, replace, p)]
        return choice_n(a, size, replace, p)

    def permutation(x):
        if isinstance(x, _ObjArr):
            return x[perm_n(len(x))]
        return perm_n(x)

    def shuffle(x):
        if isinstance(x, _ObjArr):
            x[...] = x[perm_n(len(x))]
            return None
        return shuffle_n(x)

    rnd.choice, rnd.permutation, rnd.shuffle = choice, permutation, shuffle


_random_wrappers()


def issubdtype(arg1, arg2):
    # NumPy's rule: arg1 as a dtype's scalar type; arg2 kept when it is an abstract (or any) NumPy
    # scalar type, else read as a dtype (so float means float64: issubdtype(np.float32, float) is
    # False). str and object arrays' types (np.str_ is str here, np.object_) count as np.generic's.
    t1 = (arg1 if isinstance(arg1, dtype) else dtype(arg1)).type
    if not (isinstance(arg2, type) and issubclass(arg2, generic)):
        arg2 = dtype(arg2).type
    if t1 is str or t1 is object_:
        return arg2 is generic or arg2 is t1
    return issubclass(t1, arg2)


# ---- grids, products and small array utilities (numpy/lib's index tricks, _function_base_impl,
# _twodim_base_impl, _shape_base_impl and numpy/_core/numeric.py), written as NumPy computes them ----

def indices(dimensions, dtype=int, sparse=False):
    dimensions = tuple(dimensions)
    N = len(dimensions)
    shape = (1,) * N
    res = () if sparse else empty((N,) + dimensions, dtype=dtype)
    for i, dim in enumerate(dimensions):
        idx = arange(dim, dtype=dtype).reshape(shape[:i] + (dim,) + shape[i + 1:])
        if sparse:
            res = res + (idx,)
        else:
            res[i] = idx
    return res


class _NdGrid:
    # np.mgrid / np.ogrid: start:stop:step slices (a complex step 5j means 5 points, stop included),
    # int64 unless a bound or step is a float
    def __init__(self, sparse):
        self.sparse = sparse

    @staticmethod
    def _parts(s):
        start = 0 if s.start is None else s.start
        step = 1 if s.step is None else s.step
        return start, s.stop, step

    def __getitem__(self, key):
        if isinstance(key, slice):
            start, stop, step = self._parts(key)
            if isinstance(step, complex):
                length = int(_builtins.abs(step))
                step = (stop - start) / float(length - 1) if length != 1 else length
                return arange(0, length, 1, dtype=float64) * step + start
            return arange(start, stop, step)
        size = []
        is_float = False
        for k in key:
            start, stop, step = self._parts(k)
            if isinstance(step, complex):
                step = _builtins.abs(step)
                size.append(int(step))
            else:
                size.append(int(_math.ceil((stop - start) / (step * 1.0))))
            is_float = is_float or _builtins.any(isinstance(v, float) or (isinstance(v, generic) and dtype(type(v)).kind == 'f')
                                                 for v in (start, stop, step))
        typ = float64 if is_float else int64
        nn = [arange(n, dtype=typ) for n in size] if self.sparse else indices(size, typ)
        out = []
        for k, kk in enumerate(key):
            start, stop, step = self._parts(kk)
            if isinstance(step, complex):
                step = int(_builtins.abs(step))
                if step != 1:
                    step = (kk.stop - start) / float(step - 1)
            out.append(nn[k] * step + start)
        if self.sparse:
            nd = len(size)
            return tuple(o.reshape(tuple(size[i] if i == k else 1 for i in range(nd))) for k, o in enumerate(out))
        return stack(out)


mgrid = _NdGrid(False)
ogrid = _NdGrid(True)


def ix_(*args):
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        if not isinstance(new, ndarray):
            new = asarray(new)
            if new.size == 0:
                new = new.astype(intp)
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype == bool_:
            new, = new.nonzero()
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


def kron(a, b):
    b = asarray(b)
    a = asarray(a)
    nda, ndb = a.ndim, b.ndim
    if nda == 0 or ndb == 0:
        return multiply(a, b)
    nd = _builtins.max(nda, ndb)
    as_ = (1,) * _builtins.max(0, ndb - nda) + a.shape
    bs = (1,) * _builtins.max(0, nda - ndb) + b.shape
    # a's axes at the even positions, b's at the odd ones: the block structure of the product
    a_arr = a.reshape(tuple(x for d in as_ for x in (d, 1)))
    b_arr = b.reshape(tuple(x for d in bs for x in (1, d)))
    return multiply(a_arr, b_arr).reshape(tuple(p * q for p, q in zip(as_, bs)))


def tensordot(a, b, axes=2):
    try:
        iter(axes)
    except Exception:
        axes_a = list(range(-axes, 0))
        axes_b = list(range(0, axes))
    else:
        axes_a, axes_b = axes
    try:
        na = len(axes_a)
        axes_a = list(axes_a)
    except TypeError:
        axes_a = [axes_a]
        na = 1
    try:
        nb = len(axes_b)
        axes_b = list(axes_b)
    except TypeError:
        axes_b = [axes_b]
        nb = 1
    a, b = asarray(a), asarray(b)
    as_, nda = a.shape, a.ndim
    bs, ndb = b.shape, b.ndim
    equal = True
    if na != nb:
        equal = False
    else:
        for k in range(na):
            if as_[axes_a[k]] != bs[axes_b[k]]:
                equal = False
                break
            if axes_a[k] < 0:
                axes_a[k] += nda
            if axes_b[k] < 0:
                axes_b[k] += ndb
    if not equal:
        raise ValueError("shape-mismatch for sum")
    notin = [k for k in range(nda) if k not in axes_a]
    newaxes_a = notin + axes_a
    N2 = _math.prod(as_[axis] for axis in axes_a)
    newshape_a = (int(_math.prod([as_[ax] for ax in notin])), N2)
    olda = [as_[axis] for axis in notin]
    notin = [k for k in range(ndb) if k not in axes_b]
    newaxes_b = axes_b + notin
    N2 = _math.prod(bs[axis] for axis in axes_b)
    newshape_b = (N2, int(_math.prod([bs[ax] for ax in notin])))
    oldb = [bs[axis] for axis in notin]
    at = a.transpose(newaxes_a).reshape(newshape_a)
    bt = b.transpose(newaxes_b).reshape(newshape_b)
    return dot(at, bt).reshape(olda + oldb)


def fromiter(iter, dtype, count=-1, *, like=None):
    import itertools as _it
    items = list(iter if count < 0 else _it.islice(iter, count))
    if count >= 0 and len(items) < count:
        raise ValueError(f"iterator too short: Expected {count} but iterator had only {len(items)} items.")
    return array(items, dtype=dtype)


def tri(N, M=None, k=0, dtype=float, *, like=None):
    if M is None:
        M = N
    return greater_equal.outer(arange(N, dtype=intp), arange(-k, M - k, dtype=intp)).astype(dtype)


def diagflat(v, k=0):
    return diag(asarray(v).ravel(), k)


def dstack(tup):
    return concatenate(atleast_3d(*tup) if len(tup) > 1 else [atleast_3d(*tup)], axis=2)


def dsplit(ary, indices_or_sections):
    if _as(ary).ndim < 3:
        raise ValueError('dsplit only works on arrays of 3 or more dimensions')
    return split(ary, indices_or_sections, 2)


def isposinf(x, out=None):
    x = asarray(x)
    return logical_and(isinf(x), ~signbit(x))


def isneginf(x, out=None):
    x = asarray(x)
    return logical_and(isinf(x), signbit(x))


def iscomplexobj(x):
    try:
        kind = x.dtype.kind
    except AttributeError:
        kind = asarray(x).dtype.kind
    return kind == 'c'


def isrealobj(x):
    return not iscomplexobj(x)


def nancumsum(a, axis=None, dtype=None, out=None):
    a = asarray(a)
    if a.dtype.kind in 'fc':
        a = where(isnan(a), 0, a)
    return cumsum(a, axis=axis, dtype=dtype)


def nancumprod(a, axis=None, dtype=None, out=None):
    a = asarray(a)
    if a.dtype.kind in 'fc':
        a = where(isnan(a), 1, a)
    return cumprod(a, axis=axis, dtype=dtype)


def ediff1d(ary, to_end=None, to_begin=None):
    ary = asarray(ary).ravel()
    parts = []
    if to_begin is not None:
        parts.append(asarray(to_begin, dtype=ary.dtype).ravel())
    parts.append(ary[1:] - ary[:-1])
    if to_end is not None:
        parts.append(asarray(to_end, dtype=ary.dtype).ravel())
    return concatenate(parts) if len(parts) > 1 else parts[0]


def lexsort(keys, axis=-1):
    # the last key is the primary one: stable sorts from the first key to the last
    keys = [asarray(k) for k in keys]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    n = keys[0].shape[axis]
    if keys[0].ndim != 1:
        raise NotImplementedError("np.lexsort of multi-dimensional keys is not supported in Kiln")
    idx = arange(n)
    for k in keys:
        idx = idx[argsort(k[idx], kind='stable')]
    return idx


def array_equiv(a1, a2):
    try:
        a1, a2 = asarray(a1), asarray(a2)
    except Exception:
        return False
    n = _builtins.max(a1.ndim, a2.ndim)
    s1, s2 = (1,) * (n - a1.ndim) + a1.shape, (1,) * (n - a2.ndim) + a2.shape
    if _builtins.any(p != q and p != 1 and q != 1 for p, q in zip(s1, s2)):
        return False
    shape = tuple(_builtins.max(p, q) for p, q in zip(s1, s2))
    return bool((broadcast_to(a1, shape) == broadcast_to(a2, shape)).all())


def extract(condition, arr):
    return take(asarray(arr).ravel(), nonzero(asarray(condition).ravel())[0])


def put(a, ind, v, mode='raise'):
    if not isinstance(a, ndarray):
        raise TypeError("argument 1 must be numpy.ndarray, not " + type(a).__name__)
    ind = asarray(ind).ravel()
    v = asarray(v).ravel()
    if ind.size == 0:
        return None
    n = a.size
    if mode == 'wrap':
        ind = ind % n
    elif mode == 'clip':
        ind = clip(ind, 0, n - 1)
    elif ((ind < -n) | (ind >= n)).any():
        bad = int(ind[(ind < -n) | (ind >= n)][0])
        raise IndexError(f"index {bad} is out of bounds for axis 0 with size {n}")
    vals = v[arange(ind.size) % v.size]
    flat = a.reshape(-1)
    flat[ind] = vals
    a[...] = flat.reshape(a.shape)
    return None


def putmask(a, mask, values):
    if not isinstance(a, ndarray):
        raise TypeError("argument a of putmask must be a numpy array")
    mask = asarray(mask, dtype=bool_)
    values = asarray(values).ravel()
    if values.size == 0:
        return None
    pos = arange(a.size).reshape(a.shape)
    a[mask] = values[pos[mask] % values.size]
    return None


def vander(x, N=None, increasing=False):
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    if N is None:
        N = len(x)
    dt = x.dtype if x.dtype.kind in 'fc' else (zeros(0, x.dtype) + zeros(0, int64)).dtype
    cols = [ones(len(x), dtype=dt)]
    for _ in range(1, N):
        cols.append(cols[-1] * x.astype(dt))
    v = stack(cols, axis=1) if N > 0 else empty((len(x), 0), dtype=dt)
    return v if increasing else v[:, ::-1].copy()


class RankWarning(RuntimeWarning):
    pass


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    order = int(deg) + 1
    x = asarray(x) + 0.0
    y = asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = len(x) * finfo(x.dtype).eps
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w = asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    # columns scaled to unit norm for the conditioning, as NumPy does before its lstsq
    scale = sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        import warnings as _warnings
        _warnings.warn("Polyfit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if cov:
        raise NotImplementedError("np.polyfit(cov=True) is not supported in Kiln")
    return c


def insert(arr, obj, values, axis=None):
    # numpy/lib/_function_base_impl.py's insert: one index (values broadcast into a slab, a scalar
    # index moving values' first axis to `axis`), or several (stable-sorted, shifted by the number
    # inserted before them, the old entries placed through a mask)
    arr = asarray(arr)
    ndim = arr.ndim
    if axis is None:
        if ndim != 1:
            arr = arr.ravel()
        ndim = arr.ndim
        axis = ndim - 1
    else:
        axis = _norm_axis(axis, ndim)
    slobj = [slice(None)] * ndim
    N = arr.shape[axis]
    newshape = list(arr.shape)
    if isinstance(obj, slice):
        indices = arange(*obj.indices(N), dtype=intp)
    else:
        indices = array(obj)
        if indices.dtype == bool_:
            indices = indices.astype(intp)
        elif indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if indices.size == 1:
        index = indices.item()
        if index < -N or index > N:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {N}")
        if index < 0:
            index += N
        values = array(values, ndmin=arr.ndim, dtype=arr.dtype)
        if indices.ndim == 0:
            values = moveaxis(values, 0, axis)
        numnew = values.shape[axis]
        newshape[axis] += numnew
        new = empty(newshape, arr.dtype)
        slobj[axis] = slice(None, index)
        new[tuple(slobj)] = arr[tuple(slobj)]
        slobj[axis] = slice(index, index + numnew)
        new[tuple(slobj)] = values
        slobj[axis] = slice(index + numnew, None)
        slobj2 = [slice(None)] * ndim
        slobj2[axis] = slice(index, None)
        new[tuple(slobj)] = arr[tuple(slobj2)]
        return new
    elif indices.size == 0 and not isinstance(obj, ndarray):
        indices = indices.astype(intp)
    indices = where(indices < 0, indices + N, indices)
    numnew = len(indices)
    order = indices.argsort(kind='mergesort')
    indices[order] += arange(numnew)
    newshape[axis] += numnew
    old_mask = ones(newshape[axis], dtype=bool_)
    old_mask[indices] = False
    new = empty(newshape, arr.dtype)
    slobj2 = [slice(None)] * ndim
    slobj[axis] = indices
    slobj2[axis] = old_mask
    new[tuple(slobj)] = values
    new[tuple(slobj2)] = arr
    return new


_size_native = size


def size(a, axis=None):
    # NumPy 2's np.size normalizes an int axis first: AxisError (an IndexError) for one out of range
    if axis is not None and not isinstance(axis, (tuple, list)):
        _norm_axis(axis, ndim(a))
    return _size_native(a, axis)
