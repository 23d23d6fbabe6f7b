# badinput: narrow with start and length 2**62
# expect-exit: 1
# expect-stderr: IndexError: start out of range (expected to be in range of [-5, 5], but got 4611686018427387904)
import torch
torch.ones(5).narrow(0, 2**62, 2**62)
