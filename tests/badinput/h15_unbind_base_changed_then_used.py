# badinput: an unbind output used after its base was changed in place: PyTorch refuses it when its history is asked for (the indirect case of handle_view_on_rebase); Kiln differentiated stale values silently
# expect-exit: 1
# expect-stderr: RuntimeError: Output 0 of UnbindBackward0 is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
x = torch.ones(2, 3, requires_grad=True)
y = x * 2
a, b = y.unbind(0)
y.mul_(3)
(a * 2).sum().backward()
