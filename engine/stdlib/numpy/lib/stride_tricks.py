# numpy.lib.stride_tricks: sliding_window_view with NumPy's window rules, argument checks and
# messages, plus broadcast_to/broadcast_arrays/broadcast_shapes. Kiln's arrays have no raw strides,
# so the windows are gathered into a new array rather than being a read-only view of the input
# (the values and shape are NumPy's; writing to the result does not raise or reach the input).
# as_strided is not provided (it needs byte strides).

import numpy as np
from numpy import broadcast_to, broadcast_arrays, broadcast_shapes

__all__ = ["broadcast_to", "broadcast_arrays", "broadcast_shapes", "sliding_window_view"]


def _normalize_axis_tuple(axis, ndim):
    if not isinstance(axis, (tuple, list)):
        axis = (axis,)
    out = []
    for a in axis:
        a = int(a)
        if a < -ndim or a >= ndim:
            raise np.exceptions.AxisError(f"axis {a} is out of bounds for array of dimension {ndim}") \
                if hasattr(np, "exceptions") else np.AxisError(
                    f"axis {a} is out of bounds for array of dimension {ndim}")
        out.append(a % ndim)
    return tuple(out)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """Create a sliding window view into the array with the given window shape."""
    try:
        window_shape = tuple(int(w) for w in window_shape)
    except TypeError:
        window_shape = (int(window_shape),)
    x = np.asarray(x)
    if any(w < 0 for w in window_shape):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        axis = tuple(range(x.ndim))
        if len(window_shape) != len(axis):
            raise ValueError(f"Since axis is `None`, must provide window_shape for all dimensions of "
                             f"`x`; got {len(window_shape)} window_shape elements and `x.ndim` is "
                             f"{x.ndim}.")
    else:
        axis = _normalize_axis_tuple(axis, x.ndim)
        if len(window_shape) != len(axis):
            raise ValueError(f"Must provide matching length window_shape and axis; got "
                             f"{len(window_shape)} window_shape elements and {len(axis)} axes "
                             "elements.")
    trimmed = list(x.shape)
    for ax, dim in zip(axis, window_shape):
        if trimmed[ax] < dim:
            raise ValueError("window shape cannot be larger than input array shape")
        trimmed[ax] -= dim - 1
    # gather: for each (axis, window) the trimmed positions along `axis`, then the window offsets
    # as a new last dimension (NumPy's output keeps the windows' dimensions at the end, in order)
    out = x
    for ax, dim in zip(axis, window_shape):
        n = out.shape[ax] - dim + 1
        idx = np.arange(n)[:, None] + np.arange(dim)[None, :]
        out = np.take(out, idx, axis=ax)           # ax -> (n, dim) at positions ax, ax + 1
        out = np.moveaxis(out, ax + 1, -1)
    return out
