# badinput: torch.autograd.grad twice through one graph
# expect-exit: 1
# expect-stderr: Specify retain_graph=True if you need to backward through the graph a second time
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
y=(x*x).sum()
g,=torch.autograd.grad(y,x)
g2,=torch.autograd.grad(y,x)
