# numpy.lib.stride_tricks: views of an array's memory with chosen shapes and strides.
# as_strided follows NumPy: strides are in bytes, the view starts where x starts and shares its memory
# (writes through it reach x), writeable=False makes the view read-only, and a read-only x gives a
# read-only view. NumPy does not check bounds; Kiln's native _as_strided refuses a view that would
# reach outside x's memory instead of reading arbitrary bytes.
# sliding_window_view is NumPy's: the window axes are appended after the trimmed input axes, an axis
# may be windowed more than once, and the view is read-only unless writeable=True.
import operator as _operator

import numpy as _np

__all__ = ["broadcast_to", "broadcast_arrays", "broadcast_shapes", "as_strided", "sliding_window_view"]

broadcast_to = _np.broadcast_to
# the other broadcasting helpers, where Kiln's numpy has them
for _name in ("broadcast_arrays", "broadcast_shapes"):
    if hasattr(_np, _name):
        globals()[_name] = getattr(_np, _name)
    else:
        __all__.remove(_name)


def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    x = _np.asarray(x)
    shape = tuple(x.shape) if shape is None else tuple(_operator.index(s) for s in shape)
    strides = tuple(x.strides) if strides is None else tuple(_operator.index(s) for s in strides)
    view = _np._as_strided(x, shape, strides)
    if not x.flags.writeable or not writeable:
        view.flags.writeable = False
    return view


def _normalize_axis_tuple(axis, ndim):
    if not isinstance(axis, (tuple, list)):
        axis = [_operator.index(axis)]
    out = []
    for ax in axis:
        ax = _operator.index(ax)
        if not -ndim <= ax < ndim:
            raise _np.AxisError(f"axis {ax} is out of bounds for array of dimension {ndim}")
        out.append(ax % ndim)
    return tuple(out)


def _iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    window_shape = tuple(window_shape) if _iterable(window_shape) else (window_shape,)
    x = _np.asarray(x)
    if any(w < 0 for w in window_shape):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        axis = tuple(range(x.ndim))
        if len(window_shape) != len(axis):
            raise ValueError(f"Since axis is `None`, must provide window_shape for all dimensions of `x`; "
                             f"got {len(window_shape)} window_shape elements and `x.ndim` is {x.ndim}.")
    else:
        axis = _normalize_axis_tuple(axis, x.ndim)
        if len(window_shape) != len(axis):
            raise ValueError(f"Must provide matching length window_shape and axis; got {len(window_shape)} "
                             f"window_shape elements and {len(axis)} axes elements.")
    out_strides = tuple(x.strides) + tuple(x.strides[ax] for ax in axis)
    x_shape_trimmed = list(x.shape)
    for ax, dim in zip(axis, window_shape):
        if x_shape_trimmed[ax] < dim:
            raise ValueError("window shape cannot be larger than input array shape")
        x_shape_trimmed[ax] -= dim - 1
    out_shape = tuple(x_shape_trimmed) + window_shape
    return as_strided(x, strides=out_strides, shape=out_shape, subok=subok, writeable=writeable)
