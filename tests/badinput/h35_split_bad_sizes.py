# badinput: torch API misuse: split bad sizes
# expect-exit: 1
# expect-stderr: RuntimeError: split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at dimension 0), but got split_sizes=[2, 2]
import torch
torch.ones(5).split([2, 2])
