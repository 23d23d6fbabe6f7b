# badinput: chunk() of a leaf that requires grad, then an in-place op on a piece: the multi-output check comes before the view-of-a-leaf one, as in PyTorch's check_inplace
# expect-exit: 1
# expect-stderr: RuntimeError: Output 1 of SplitBackward0 is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.
import torch
w = torch.nn.Parameter(torch.ones(6))
first, second = w.chunk(2)
second.clamp_(max=0.5)
