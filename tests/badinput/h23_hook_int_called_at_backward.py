# badinput: register_hook(5) fails only when backward calls it
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
x.register_hook(5)
(x*2).sum().backward()
