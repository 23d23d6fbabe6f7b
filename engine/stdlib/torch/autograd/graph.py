# torch.autograd.graph: the saved-tensor hook context managers (saved_tensors_hooks, save_on_cpu,
# disable_saved_tensors_hooks), the Node class grad_fn objects are instances of, and
# GradientEdge / get_gradient_edge, with PyTorch's semantics (torch/autograd/graph.py).
#
# The hooks themselves run in Kiln's autograd (engine/autograd/node.h, SavedTensor): while a pair is
# pushed, each tensor an op saves for backward goes through pack_hook when it is saved, and the
# packed object goes back through unpack_hook whenever backward reads it. The push/pop functions are
# torch.autograd's private natives, named as torch._C._autograd names them.
import contextlib
from typing import NamedTuple

import torch

__all__ = [
    "saved_tensors_hooks",
    "save_on_cpu",
    "disable_saved_tensors_hooks",
    "Node",
    "GradientEdge",
    "get_gradient_edge",
]

_C_autograd = torch.autograd


# The base class of Kiln's native grad_fn classes (MulBackward0, AccumulateGrad, ...), which carries
# name(), next_functions, register_hook and register_prehook, as PyTorch's abstract Node declares.
# Open: PyTorch's __subclasshook__ also counts custom Functions' backward nodes (BackwardCFunction)
# as Nodes; here isinstance(ctx_node, Node) is False for those.
Node = torch.autograd._graph_node_type


class GradientEdge(NamedTuple):
    """Object representing a given gradient edge within the autograd graph."""

    node: Node
    output_nr: int


def get_gradient_edge(tensor):
    """Get the gradient edge for computing the gradient of the given Tensor: its grad_fn and output
    number, or its AccumulateGrad node if it is a leaf."""
    if not tensor.requires_grad:
        raise RuntimeError("It is not possible to get the gradient edge for a Tensor that does not require gradients")
    grad_fn = tensor.grad_fn
    if grad_fn is None:
        # a leaf: the AccumulateGrad node its gradient flows into, as expand_as(...).grad_fn exposes it
        grad_fn = tensor.view_as(tensor).grad_fn.next_functions[0][0]
        return GradientEdge(grad_fn, 0)
    return GradientEdge(grad_fn, tensor._output_nr if hasattr(tensor, "_output_nr") else 0)


class saved_tensors_hooks:
    """Context-manager that sets a pair of pack / unpack hooks for saved tensors.

    Every tensor an operation saves for backward while the context is active is passed to
    ``pack_hook`` and only its result is kept; ``unpack_hook`` turns that result back into a tensor
    when the saved tensor is needed. Only one pair applies at a time: the innermost.
    """

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _C_autograd._push_saved_tensors_default_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *args):
        _C_autograd._pop_saved_tensors_default_hooks()


class save_on_cpu(saved_tensors_hooks):
    """Context manager under which tensors saved by the forward pass are stored on the CPU, then
    retrieved for backward (pinned when pin_memory=True and the device module is available)."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        device_module = getattr(torch, device_type, torch.cuda)

        def pack_to_cpu(tensor):
            if not pin_memory:
                return (tensor.device, tensor.cpu())
            packed = torch.empty(
                tensor.size(),
                dtype=tensor.dtype,
                layout=tensor.layout,
                pin_memory=(device_module.is_available() and not tensor.is_sparse),
            )
            packed.copy_(tensor)
            return (tensor.device, packed)

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)


@contextlib.contextmanager
def disable_saved_tensors_hooks(error_message):
    """Context-manager that disables the saved tensors default hooks feature: entering a
    saved_tensors_hooks inside it raises RuntimeError(error_message)."""
    maybe_prev_message = None
    try:
        maybe_prev_message = _C_autograd._saved_tensors_hooks_get_disabled_error_message()
        _C_autograd._saved_tensors_hooks_disable(error_message)
        yield
    finally:
        if maybe_prev_message is None:
            _C_autograd._saved_tensors_hooks_enable()
        else:
            _C_autograd._saved_tensors_hooks_disable(maybe_prev_message)
