# badinput: x[2**64] does not fit int64
# expect-exit: 1
# expect-stderr: Overflow when unpacking long
import torch
x = torch.ones(3)
x[2**64]
