# badinput: autograd.grad of a vector without grad_outputs
# expect-exit: 1
# expect-stderr: RuntimeError: grad can be implicitly created only for scalar outputs
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.randn(3,requires_grad=True)
torch.autograd.grad(x*2, x)
