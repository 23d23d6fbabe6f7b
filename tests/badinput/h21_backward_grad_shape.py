# badinput: backward with a gradient of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and output[0] has a shape of torch.Size([3]).
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.randn(3,requires_grad=True)
y=x*2
y.backward(torch.ones(2))
