# badinput: a boolean mask of the wrong length
# expect-exit: 1
# expect-stderr: IndexError: The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2] at index 0
import torch
torch.zeros(2)[torch.tensor([True, False, True])]
