# badinput: grad_outputs of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a shape of torch.Size([2]).
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
y=x*x
print(torch.autograd.grad(y,x,grad_outputs=torch.ones(3)))
