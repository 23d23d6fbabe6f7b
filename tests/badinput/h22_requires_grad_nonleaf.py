# badinput: clearing requires_grad of a computed tensor
# expect-exit: 1
# expect-stderr: RuntimeError: you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.randn(2, requires_grad=True)
y = x * 2
y.requires_grad = False
