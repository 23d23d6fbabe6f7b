# badinput: backward(inputs=[])
# expect-exit: 1
# expect-stderr: RuntimeError: 'inputs' argument to backward() cannot be empty.
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
(x*x).sum().backward(inputs=[])
