# badinput: backward through 100000 chained adds (iterative, no C stack overflow)
# expect-exit: 0
# expect-stdout: tensor([1.])
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.ones(1,requires_grad=True)
y=x
for _ in range(100000): y=y+1
y.backward()
print(x.grad)
