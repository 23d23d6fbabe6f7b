# badinput: contiguous(channels_last) of a 3-D tensor
# expect-exit: 1
# expect-stderr: RuntimeError: required rank 4 tensor to use channels_last format
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2,3,4).contiguous(memory_format=torch.channels_last)
