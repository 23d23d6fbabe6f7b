# badinput: backward twice through the same graph
# expect-exit: 1
# expect-stderr: Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.randn(3, requires_grad=True)
y = (x * x).sum()
y.backward()
y.backward()
