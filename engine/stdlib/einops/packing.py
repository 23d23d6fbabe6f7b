# einops.packing: pack (several tensors into one along the axes matched by "*") and unpack (its inverse,
# from the packed shapes), with einops' checks and messages.
from einops import EinopsError
from einops.einops import _axis_name_problem

_PATTERNS = {}


def _analyze(pattern, opname):
    key = (pattern, opname)
    if key in _PATTERNS:
        return _PATTERNS[key]
    axes = pattern.split()
    if len(axes) != len(set(axes)):
        raise EinopsError(f'Duplicates in axes names in {opname}(..., "{pattern}")')
    if "*" not in axes:
        raise EinopsError(f'No *-axis in {opname}(..., "{pattern}")')
    for axis in axes:
        if axis != "*" and not _axis_name_problem(axis)[0]:
            raise EinopsError(f'Invalid axis name {axis} in {opname}(..., "{pattern}")')
    before = axes.index("*")
    after = len(axes) - before - 1
    result = (before, after, before + after)
    _PATTERNS[key] = result
    return result


def pack(tensors, pattern):
    import torch
    from einops.einops import _as_torch, _is_ndarray

    n_before, n_after, min_axes = _analyze(pattern, "pack")
    numpy_in = len(tensors) > 0 and _is_ndarray(tensors[0])
    tensors = [_as_torch(t) for t in tensors]
    reshaped = []
    packed_shapes = []
    for i, tensor in enumerate(tensors):
        shape = tensor.shape
        if len(shape) < min_axes:
            raise EinopsError(
                f"packed tensor #{i} (enumeration starts with 0) has shape {shape}, "
                f"while pattern {pattern} assumes at least {min_axes} axes"
            )
        end = len(shape) - n_after
        packed_shapes.append(shape[n_before:end])
        reshaped.append(tensor.reshape(list(shape[:n_before]) + [-1] + list(shape[end:])))
    packed = torch.cat(reshaped, dim=n_before)
    if numpy_in:
        return packed.numpy(), [tuple(p) for p in packed_shapes]
    return packed, packed_shapes


def _prod(shape):
    result = 1
    for v in shape:
        result *= v
    return result


def unpack(tensor, packed_shapes, pattern):
    from einops.einops import _as_torch, _is_ndarray

    n_before, n_after, min_axes = _analyze(pattern, opname="unpack")
    if _is_ndarray(tensor):
        return [t.numpy() for t in unpack(_as_torch(tensor), packed_shapes, pattern)]
    input_shape = tensor.shape
    if len(input_shape) != n_before + 1 + n_after:
        raise EinopsError(f"unpack(..., {pattern}) received input of wrong dim with shape {input_shape}")
    axis = n_before
    lengths = [-1 if -1 in list(p) else _prod(p) for p in packed_shapes]
    n_unknown = sum(int(v == -1) for v in lengths)
    if n_unknown > 1:
        raise EinopsError(
            f"unpack(..., {pattern}) received more than one -1 in {packed_shapes} and can't infer dimensions"
        )
    splits = [0] * len(packed_shapes) + [input_shape[axis]]
    if n_unknown == 0:
        for i, v in enumerate(lengths[:-1]):
            splits[i + 1] = splits[i] + v
    else:
        unknown = lengths.index(-1)
        for i in range(unknown):
            splits[i + 1] = splits[i] + lengths[i]
        for j in range(unknown + 1, len(lengths))[::-1]:
            splits[j] = splits[j + 1] - lengths[j]
    start = list(input_shape[:axis])
    end = list(input_shape[axis + 1:])
    try:
        return [
            tensor.narrow(axis, splits[i], splits[i + 1] - splits[i]).reshape(start + list(shape) + end)
            for i, shape in enumerate(packed_shapes)
        ]
    except RuntimeError as e:
        raise EinopsError(
            f'Error during unpack(..., "{pattern}"): could not split axis of size {splits[-1]}'
            f" into requested {packed_shapes}"
        ) from e
