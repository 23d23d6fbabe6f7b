# badinput: x[2**62] = 1
# expect-exit: 1
# expect-stderr: IndexError: index 4611686018427387904 is out of bounds for dimension 0 with size 3
import torch
x = torch.ones(3)
x[2**62] = 1
