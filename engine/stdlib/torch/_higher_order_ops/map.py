# torch._higher_order_ops.map: apply a function to each slice of tensors along their first dimension
# and stack the results (torch/_higher_order_ops/map.py in PyTorch 2.11). Eagerly it loops; under
# torch.compile Dynamo traces the function once on the first slices into a subgraph (map_body_0)
# and records one torch.ops.higher_order.map_impl(map_body_0, [xs...], [args...]) node.
import torch
from torch._higher_order_ops.cond import HigherOrderOperator, _tree_leaves

__all__ = ["map", "map_impl"]


def _slice(tree, i):
    if isinstance(tree, tuple):
        return tuple(_slice(t, i) for t in tree)
    if isinstance(tree, list):
        return [_slice(t, i) for t in tree]
    if isinstance(tree, dict):
        return {k: _slice(v, i) for k, v in tree.items()}
    return tree[i]


def _stack(outs):
    first = outs[0]
    if isinstance(first, tuple):
        return tuple(_stack([o[k] for o in outs]) for k in range(len(first)))
    if isinstance(first, list):
        return [_stack([o[k] for o in outs]) for k in range(len(first))]
    if isinstance(first, dict):
        return {k: _stack([o[k] for o in outs]) for k in first}
    return torch.stack(outs)


def _map_dense(f, xs, args):
    n = xs[0].shape[0]
    return _stack([f(*[x[i] for x in xs], *args) for i in range(n)])


map_impl = HigherOrderOperator("map_impl", _map_dense)


def map(f, xs, *args):
    """Stacks f(x, *args) for each slice x of xs along dim 0."""
    flat_xs = _tree_leaves(xs, [])
    if not all(isinstance(t, torch.Tensor) for t in flat_xs):
        raise RuntimeError(f"Mapped xs can only consist of tensors. Got xs {flat_xs}.")
    shapes = [t.shape for t in flat_xs]
    leading = [s[0] if len(s) else None for s in shapes]
    if any(d is None or d == 0 for d in leading):
        raise RuntimeError("Leading dimensions of mapped xs cannot be 0.")
    if any(d != leading[0] for d in leading):
        raise RuntimeError(f"Leading dimensions of mapped xs must be consistent. Got shapes {shapes}.")
    return _stack([f(_slice(xs, i), *args) for i in range(leading[0])])
