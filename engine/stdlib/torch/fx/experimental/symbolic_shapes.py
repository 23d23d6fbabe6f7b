# torch.fx.experimental.symbolic_shapes: the errors of PyTorch's ShapeEnv that programs catch by name.
# Kiln's torch.export (torch/export/_trace.py, engine/bindings/export_trace.cpp) raises
# GuardOnDataDependentSymNode where PyTorch's fake-tensor trace would have to guard on an unbacked
# (data-dependent) value: a Python branch on tensor data. Kiln has no ShapeEnv; sizes are ints and the
# dims declared dynamic are tracked by torch.export itself.

__all__ = ["GuardOnDataDependentSymNode", "ConstraintViolationError"]


class GuardOnDataDependentSymNode(RuntimeError):
    """A branch needed the value of a data-dependent expression during tracing."""

    def __init__(self, *args):
        super().__init__(*args)
        self.cond = None


class ConstraintViolationError(RuntimeError):
    """The program's shape constraints contradict the dynamic_shapes given to torch.export."""
