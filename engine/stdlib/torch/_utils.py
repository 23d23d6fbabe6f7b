# torch._utils for Kiln: the private helpers of PyTorch's torch/_utils.py that public training code
# imports directly. Mixed-precision and distributed code (openai/guided-diffusion's fp16_util.py,
# apex-style master weights, bucketed all-reduce) flattens a list of parameters or gradients into one
# buffer and views it back: _flatten_dense_tensors / _unflatten_dense_tensors, with ATen's rules (one
# tensor: its contiguous 1-D view, no copy; several: one concatenation; the unflattened pieces are
# views of the flat buffer shaped like the originals, returned as a list). _take_tensors buckets
# tensors by byte size, _reorder_tensors_as restores an order, _accumulate is the running sum of
# torch.utils.data's random_split, and _get_device_index is torch.cuda's. Not here: the pickling
# rebuild functions (torch.load reconstructs tensors natively) and ExceptionWrapper (no worker processes).
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
