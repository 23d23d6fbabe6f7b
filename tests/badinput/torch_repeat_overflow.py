# badinput: repeat(2**62): the size overflows
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed
import torch
torch.ones(4).repeat(2**62)
