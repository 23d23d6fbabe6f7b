# badinput: t index bool mismatch (issue 31 sweep)
# expect-exit: 1
# expect-stderr: IndexError: The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3] at index 0
import torch
torch.ones(3)[torch.tensor([True, False])]
