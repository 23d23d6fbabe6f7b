# badinput: arange huge
# expect-exit: 1
# expect-stderr: DefaultCPUAllocator: not enough memory: you tried to allocate 80000000000000 bytes.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.arange(10 ** 13)
