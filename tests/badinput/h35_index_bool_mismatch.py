# badinput: torch API misuse: index bool mismatch
# expect-exit: 1
# expect-stderr: IndexError: The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3] at index 0
import torch
x = torch.zeros(3)
x[torch.tensor([True, False])]
