# badinput: reading .grad of a non-leaf (None, warns)
# expect-exit: 0
# expect-stdout: None
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
y = x * 2
y.sum().backward()
print(y.grad)
