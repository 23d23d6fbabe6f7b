# torch._utils for Kiln: the private helpers of PyTorch's torch/_utils.py that public training code
# imports directly. Mixed-precision and distributed code (openai/guided-diffusion's fp16_util.py,
# apex-style master weights, bucketed all-reduce) flattens a list of parameters or gradients into one
# buffer and views it back: _flatten_dense_tensors / _unflatten_dense_tensors, with ATen's rules (one
# tensor: its contiguous 1-D view, no copy; several: one concatenation; the unflattened pieces are
# views of the flat buffer shaped like the originals, returned as a list). _take_tensors buckets
# tensors by byte size, _reorder_tensors_as restores an order, _accumulate is the running sum of
# torch.utils.data's random_split, and _get_device_index is torch.cuda's. The pickling rebuild
# functions are here for pickle (pickle.dumps of a tensor, a Parameter or a whole model: PyTorch's
# Tensor.__reduce_ex__ names them, with the storage as a TypedStorage pickled through the legacy
# torch.save format); torch.load rebuilds natively. Not here: ExceptionWrapper (no worker processes).
import itertools

import torch
from torch.cuda import _get_device_index

__all__ = []


def _flatten_dense_tensors(tensors):
    tensors = list(tensors)
    if len(tensors) == 1:
        return tensors[0].contiguous().view(-1)
    return torch.cat([t.contiguous().view(-1) for t in tensors], dim=0)


def _unflatten_dense_tensors(flat, tensors):
    outputs = []
    offset = 0
    for t in tensors:
        n = t.numel()
        outputs.append(flat.narrow(0, offset, n).view_as(t))
        offset += n
    return tuple(outputs)


def _take_tensors(tensors, size_limit):
    # Buckets of tensors of one type, each bucket at most size_limit bytes unless a single tensor is
    # larger; buckets are yielded as they fill, the rest at the end (PyTorch's order).
    buckets = {}
    for t in tensors:
        key = t.type()
        size = t.numel() * t.element_size()
        bucket = buckets.setdefault(key, [[], 0])
        if bucket[1] + size > size_limit and bucket[1] > 0:
            yield bucket[0]
            bucket = buckets[key] = [[], 0]
        bucket[0].append(t)
        bucket[1] += size
    for bucket, _ in buckets.values():
        if len(bucket) > 0:
            yield bucket


def _reorder_tensors_as(tensors, ordered_tensors):
    # tensors grouped by type back into the type order of ordered_tensors
    type_dict = {}
    for t in tensors:
        type_dict.setdefault(t.type(), []).append(t)
    iters = {k: iter(v) for k, v in type_dict.items()}
    return tuple(next(iters[t.type()]) for t in ordered_tensors)


def _accumulate(iterable, fn=lambda x, y: x + y):
    return itertools.accumulate(iterable, fn)


# ---- pickling (PyTorch's Tensor.__reduce_ex__ / Parameter.__reduce_ex__ and their rebuilds) -------------


def _rebuild_tensor(storage, storage_offset, size, stride):
    t = torch.empty((0,), dtype=storage.dtype, device=storage._untyped_storage.device)
    return t.set_(storage, storage_offset, size, stride)


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None):
    tensor = _rebuild_tensor(storage, storage_offset, size, stride)
    tensor.requires_grad = requires_grad
    return tensor


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return torch.nn.Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = torch.nn.Parameter(data, requires_grad)
    for k, v in state.items():
        setattr(param, k, v)
    return param


def _get_obj_state(obj):
    # the attributes a program set on the tensor (its __dict__), as PyTorch keeps them through pickling
    return dict(getattr(obj, "__dict__", None) or {})


def _reduce_tensor(t, proto):
    """Tensor.__reduce_ex__ / Parameter.__reduce_ex__ as PyTorch writes them: the storage (a new
    TypedStorage, so views of one tensor are pickled apart, as in PyTorch), offset, size, stride."""
    from collections import OrderedDict

    if isinstance(t, torch.nn.Parameter):
        state = _get_obj_state(t)
        if not state:
            return (_rebuild_parameter, (t.data, t.requires_grad, OrderedDict()))
        return (_rebuild_parameter_with_state, (t.data, t.requires_grad, OrderedDict(), state))
    if t.device.type == "meta":
        raise NotImplementedError("pickle of a tensor on the meta device is not supported in Kiln")
    storage = torch.storage._typed_storage_of(t.untyped_storage(), t.dtype)
    args = (storage, t.storage_offset(), tuple(t.size()), t.stride(), t.requires_grad, OrderedDict())
    return (_rebuild_tensor_v2, args)
