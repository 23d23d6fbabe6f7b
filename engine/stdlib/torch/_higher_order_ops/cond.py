# torch.cond(pred, true_fn, false_fn, operands): data-dependent control flow that torch.export can
# capture. Eagerly it runs the branch `pred` picks, after PyTorch's argument checks. While
# torch.export traces (torch/export/_trace.py sets `_export_hook`), a tensor predicate is not read:
# both branches are traced into subgraphs and the call is recorded as one
# torch.ops.higher_order.cond node, so the exported program decides at run time, as PyTorch's does.
import torch

__all__ = ["cond", "HigherOrderOperator", "cond_op"]

# Set by torch.export while it traces: (pred, true_fn, false_fn, operands) -> the branch's outputs.
_export_hook = None


class HigherOrderOperator:
    """An operator whose arguments include functions (graphs); printed as torch.ops.higher_order.<name>."""

    def __init__(self, name, impl):
        self.__name__ = name
        self._name = name
        self.__module__ = "torch.ops.higher_order"
        self._impl = impl

    def name(self):
        return self._name

    def __call__(self, *args, **kwargs):
        return self._impl(*args, **kwargs)

    def __repr__(self):
        return self._name

    def __str__(self):
        return self._name


def _tree_leaves(tree, out):
    # a pytree's leaves in order (tuples, lists, dict values), as torch.utils._pytree.tree_leaves
    if isinstance(tree, (tuple, list)):
        for t in tree:
            _tree_leaves(t, out)
    elif isinstance(tree, dict):
        for k in tree:
            _tree_leaves(tree[k], out)
    else:
        out.append(tree)
    return out


def _check(pred, true_fn, false_fn, operands):
    if not isinstance(pred, (bool, int, float, torch.Tensor)):
        raise RuntimeError(f"Expected pred to be bool or a boolean tensor with a single item but got {pred}")
    if isinstance(pred, torch.Tensor) and pred.numel() != 1:
        raise RuntimeError(f"Expected pred to be bool or single-element tensor, but got {pred}.")
    if not callable(true_fn) or not callable(false_fn):
        raise RuntimeError("Expect both branches to be callable.")
    if not isinstance(operands, (tuple, list)):
        raise RuntimeError(
            "Expect operands to be a tuple of possibly nested dict/list/tuple that only consists of "
            f"tensor leaves, but got {operands}.")


def cond(pred, true_fn, false_fn, operands=()):
    """Runs true_fn(*operands) if pred else false_fn(*operands); exportable as one graph node."""
    _check(pred, true_fn, false_fn, operands)
    if _export_hook is not None and isinstance(pred, torch.Tensor):
        return _export_hook(pred, true_fn, false_fn, tuple(operands))
    if isinstance(pred, torch.Tensor):
        pred = bool(pred.item())
    return true_fn(*operands) if pred else false_fn(*operands)


def _cond_impl(pred, true_graph, false_graph, operands):
    # The graph node's call: each branch subgraph returns a tuple of its outputs.
    if isinstance(pred, torch.Tensor):
        pred = bool(pred.item())
    out = true_graph(*operands) if pred else false_graph(*operands)
    return tuple(out) if isinstance(out, (tuple, list)) else (out,)


cond_op = HigherOrderOperator("cond", _cond_impl)
