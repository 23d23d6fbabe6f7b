# badinput: narrow with a start of 2**62
# expect-exit: 1
# expect-stderr: IndexError: start out of range (expected to be in range of [-4, 4], but got 4611686018427387904)
import torch
torch.arange(4).narrow(0, 2**62, 1)
