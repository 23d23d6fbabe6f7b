# badinput: torch API misuse: repeat fewer
# expect-exit: 1
# expect-stderr: RuntimeError: Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor
import torch
torch.ones(2, 3).repeat(2)
