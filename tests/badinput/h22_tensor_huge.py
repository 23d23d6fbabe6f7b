# badinput: a tensor of 10**12 floats
# expect-exit: 1
# expect-stderr: you tried to allocate 4000000000000 bytes
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(10 ** 6, 10 ** 6)
