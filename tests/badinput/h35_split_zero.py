# badinput: torch API misuse: split zero
# expect-exit: 1
# expect-stderr: RuntimeError: split_size can only be 0 if dimension size is 0, but got dimension size of 5
import torch
torch.ones(5).split(0)
