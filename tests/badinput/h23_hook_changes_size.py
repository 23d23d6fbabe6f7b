# badinput: a tensor hook returning another shape
# expect-exit: 1
# expect-stderr: RuntimeError: hook '<lambda>' has changed the size of value
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
x.register_hook(lambda g: torch.ones(3))
(x*2).sum().backward()
