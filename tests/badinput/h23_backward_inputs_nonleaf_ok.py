# badinput: backward(inputs=[non-leaf]) fills its grad
# expect-exit: 0
# expect-stdout: tensor([4., 4.]) None
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
y=x*2
(y*y).sum().backward(inputs=[y])
print(y.grad, x.grad)
