# badinput: repeat to 2**40 x 2**41 elements
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[1099511627776, 2199023255552]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(2).repeat(2**40, 2**40).shape)
