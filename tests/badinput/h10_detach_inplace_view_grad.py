# badinput: detach inplace view grad
# expect-exit: 1
# expect-stderr: RuntimeError: you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, requires_grad=True)
y = x.detach()
y.requires_grad = True
print(y.is_leaf)
z = x[0]
z.requires_grad = False
