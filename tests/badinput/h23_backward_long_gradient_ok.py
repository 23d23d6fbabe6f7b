# badinput: backward with an int64 gradient casts it
# expect-exit: 0
# expect-stdout: tensor([2., 2.])
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(2,requires_grad=True)
y=x*2
y.backward(torch.ones(2,dtype=torch.long))
print(x.grad)
