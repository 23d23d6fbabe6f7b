# badinput: a split() piece used after its base was written through setitem: PyTorch's indirect multi-output view error
# expect-exit: 1
# expect-stderr: RuntimeError: Output 0 of SplitBackward0 is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
x = torch.ones(4, requires_grad=True)
y = x * 2
a, b = y.split(2)
y[0] = 7
print(a.sum())
