# torch._higher_order_ops.while_loop: a loop whose trip count depends on tensor data, as one graph
# node under torch.compile (torch/_higher_order_ops/while_loop.py in PyTorch 2.11). Eagerly it runs
# cond_fn and body_fn on the carried values until cond_fn says stop, with PyTorch's checks; under
# torch.compile Dynamo traces both functions into subgraphs (cond_fn_0 / body_fn_0) and records one
# torch.ops.higher_order.while_loop(cond_fn_0, body_fn_0, carried, additional) node.
import torch
from torch._higher_order_ops.cond import HigherOrderOperator, _tree_leaves

__all__ = ["while_loop", "while_loop_op"]


def _validate_cond_output(pred):
    if (isinstance(pred, torch.Tensor) and pred.size() == torch.Size([]) and pred.dtype == torch.bool) or isinstance(pred, bool):
        return
    raise RuntimeError(f"cond_fn must return a boolean scalar tensor or a boolean but got {pred}")


def _while_loop_dense(cond_fn, body_fn, carried_inputs, additional_inputs):
    # while_loop_dense: the loop itself, on the carried values (a tuple or list).
    if not isinstance(carried_inputs, (tuple, list)):
        raise RuntimeError(f"carried_inputs must be a tuple or list but got {type(carried_inputs)}")
    carried_vals = carried_inputs
    while True:
        pred = cond_fn(*carried_vals, *additional_inputs)
        _validate_cond_output(pred)
        if not pred:
            break
        out = body_fn(*carried_vals, *additional_inputs)
        assert isinstance(out, tuple), f"body_fn should return a tuple but got {type(out)}"
        assert len(out) == len(carried_inputs), "body_fn should return the same number of elements as carried_inputs"
        carried_vals = out
    return carried_vals


while_loop_op = HigherOrderOperator("while_loop", _while_loop_dense)


def while_loop(cond_fn, body_fn, carried_inputs):
    """Runs `while cond_fn(*carried): carried = body_fn(*carried)` and returns the carried values."""
    if not callable(cond_fn) or not callable(body_fn):
        raise RuntimeError("Expect cond_fn and body_fn to be callable.")
    flat = _tree_leaves(carried_inputs, [])
    if not isinstance(carried_inputs, (tuple, list)) or not all(isinstance(t, (torch.Tensor, int)) for t in flat):
        raise RuntimeError(
            "Expect carried_inputs to be a tuple of possibly nested dict/list/tuple that only"
            f"consists of tensor or int leaves, but got {carried_inputs}.")
    return _while_loop_dense(cond_fn, body_fn, tuple(carried_inputs), ())
