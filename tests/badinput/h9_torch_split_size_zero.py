# badinput: split(0) of a non-empty dim
# expect-exit: 1
# expect-stderr: RuntimeError: split_size can only be 0 if dimension size is 0, but got dimension size of 4
import torch
torch.ones(4).split(0)
