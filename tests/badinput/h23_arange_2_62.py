# badinput: arange of 2**62 elements
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.arange(0, 2**62).shape)
