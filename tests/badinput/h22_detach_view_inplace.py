# badinput: detach_() of a view
# expect-exit: 1
# expect-stderr: RuntimeError: Can't detach views in-place. Use detach() instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(3, requires_grad=True)
y = x[:2] * 1
v = y.view(2)
v.detach_()
