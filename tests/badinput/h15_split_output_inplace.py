# badinput: an in-place op on a piece of split() of a tensor that requires grad: PyTorch refuses it (a multi-output view), Kiln ran it silently
# expect-exit: 1
# expect-stderr: RuntimeError: Output 0 of SplitBackward0 is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
x = torch.ones(4, requires_grad=True)
y = x * 2
a, b = y.split(2)
a.add_(1)
