# badinput: backward through a chain of 200000 ops
# expect-exit: 0
# expect-stdout: tensor([1.])
import torch
x = torch.ones(1, requires_grad=True)
y = x
for i in range(200000):
    y = y * 1.0
y.sum().backward()
print(x.grad)
