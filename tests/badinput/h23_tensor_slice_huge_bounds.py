# badinput: tensor slice bounds past 64 bits clamp as PySlice_Unpack does
# expect-exit: 0
# expect-stdout: tensor([0, 1, 2, 3, 4]) tensor([0, 1, 2, 3, 4]) torch.Size([0])
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.arange(5)
print(x[-2**70:2**70], x[:2**64], x[2**100:].shape)
