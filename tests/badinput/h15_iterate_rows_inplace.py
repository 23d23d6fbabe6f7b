# badinput: iterating a tensor gives unbind's outputs (Tensor.__iter__): normalizing rows in place in the loop is refused in PyTorch
# expect-exit: 1
# expect-stderr: is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
x = torch.randn(3, 4, requires_grad=True)
y = x * 1
for row in y:
    row.div_(row.norm())
