# badinput: an in-place op through narrow() of a non-leaf is an ordinary view write (CopySlices)
# expect-exit: 0
# expect-stdout: [6.0, 6.0, 2.0, 2.0]
import torch
x = torch.ones(4, requires_grad=True)
y = x * 2
y.narrow(0, 0, 2).mul_(3)
y.sum().backward()
print(x.grad.tolist())
