# badinput: mul_ on exp's saved output before backward
# expect-exit: 1
# expect-stderr: which is output 0 of ExpBackward0, is at version 1; expected version 0 instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
y=x.exp()
y.mul_(2)
y.sum().backward()
print(x.grad)
