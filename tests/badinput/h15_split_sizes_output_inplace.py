# badinput: split with a list of sizes (SplitWithSizesBackward0), then setitem on a piece: refused as a multi-output view
# expect-exit: 1
# expect-stderr: RuntimeError: Output 1 of SplitWithSizesBackward0 is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
x = torch.ones(5, requires_grad=True)
y = x.exp()
a, b = torch.split(y, [2, 3])
b.zero_()
