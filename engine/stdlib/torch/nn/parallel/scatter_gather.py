# torch.nn.parallel.scatter_gather: scatter / scatter_kwargs cut nested inputs (tensors inside tuples,
# lists, dicts and namedtuples) into one part per device with _functions.Scatter, copying anything
# else to every part; gather puts replica outputs of the same structure back together with Gather.
import torch

from torch.nn.parallel._functions import Gather, Scatter

__all__ = ["scatter", "scatter_kwargs", "gather"]


def _is_namedtuple(obj):
    return isinstance(obj, tuple) and hasattr(obj, "_asdict") and hasattr(obj, "_fields")


def scatter(inputs, target_gpus, dim=0):
    def split(obj):
        if isinstance(obj, torch.Tensor):
            return Scatter.apply(target_gpus, None, dim, obj)
        if _is_namedtuple(obj):
            return [type(obj)(*parts) for parts in zip(*[split(x) for x in obj])]
        if isinstance(obj, tuple) and obj:
            return list(zip(*[split(x) for x in obj]))
        if isinstance(obj, list) and obj:
            return [list(parts) for parts in zip(*[split(x) for x in obj])]
        if isinstance(obj, dict) and obj:
            return [type(obj)(parts) for parts in zip(*[split(item) for item in obj.items()])]
        return [obj for _ in target_gpus]

    return split(inputs)


def scatter_kwargs(inputs, kwargs, target_gpus, dim=0):
    parts = scatter(inputs, target_gpus, dim) if inputs else []
    kw_parts = scatter(kwargs, target_gpus, dim) if kwargs else []
    if len(parts) < len(kw_parts):
        parts.extend(() for _ in range(len(kw_parts) - len(parts)))
    elif len(kw_parts) < len(inputs):
        kw_parts.extend({} for _ in range(len(parts) - len(kw_parts)))
    return tuple(parts), tuple(kw_parts)


def gather(outputs, target_device, dim=0):
    def join(outs):
        first = outs[0]
        if isinstance(first, torch.Tensor):
            return Gather.apply(target_device, dim, *outs)
        if first is None:
            return None
        if isinstance(first, dict):
            if not all(len(first) == len(d) for d in outs):
                raise ValueError("All dicts must have the same number of keys")
            return type(first)((k, join([d[k] for d in outs])) for k in first)
        if _is_namedtuple(first):
            return type(first)._make(map(join, zip(*outs)))
        return type(first)(map(join, zip(*outs)))

    return join(outputs)
