# badinput: detach_() on a view
# expect-exit: 1
# expect-stderr: RuntimeError: Can't detach views in-place. Use detach() instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
y=x[:1]
y.detach_()
