# badinput: a slice step of 2**63-1 (the length arithmetic must not overflow)
# expect-exit: 0
# expect-stdout: tensor([0]) tensor([1]) torch.Size([1])
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.arange(5)
y = x[::2**63 - 1]
print(y, x[1::2**80], y.shape)
