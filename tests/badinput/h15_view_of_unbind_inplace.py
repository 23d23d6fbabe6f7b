# badinput: a slice of an unbind output inherits its multi-output creation (propagate_creation_meta): writing it is refused too, naming the slice's backward
# expect-exit: 1
# expect-stderr: RuntimeError: Output 0 of SliceBackward0 is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
x = torch.ones(3, 4, requires_grad=True)
y = x + 1
row = y.unbind(0)[1]
row[1:3].mul_(5)
