# badinput: autograd.grad twice over one graph
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to backward through the graph a second time
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.randn(3,requires_grad=True)
y=(x.exp()).sum()
torch.autograd.grad(y,x)
torch.autograd.grad(y,x)
