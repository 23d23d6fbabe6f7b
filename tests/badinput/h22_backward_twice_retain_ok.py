# badinput: backward twice with retain_graph
# expect-exit: 0
# expect-stdout: tensor([4., 4., 4.])
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(3, requires_grad=True)
y = (x * x).sum()
y.backward(retain_graph=True)
y.backward()
print(x.grad)
