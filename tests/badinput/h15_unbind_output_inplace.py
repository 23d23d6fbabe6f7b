# badinput: an in-place op on an output of unbind (its outputs share one backward node) of a tensor that requires grad: Kiln wrote it and differentiated the old values silently; PyTorch's handle_view_on_rebase refuses (MULTI_OUTPUT_NODE views)
# expect-exit: 1
# expect-stderr: RuntimeError: Output 1 of UnbindBackward0 is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
x = torch.ones(2, 3, requires_grad=True)
y = x * 2
a, b = y.unbind(0)
b.mul_(2)
