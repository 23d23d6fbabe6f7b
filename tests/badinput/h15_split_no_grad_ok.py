# badinput: pieces of split/unbind may be changed in place when nothing requires grad, or inside no_grad: the multi-output rule only guards autograd
# expect-exit: 0
# expect-stdout: [2.0, 2.0, 1.0, 1.0]|[7.0, 3.0]|True
import torch
x = torch.ones(4)
a, b = x.chunk(2)
a.add_(1)
y = torch.ones(2, requires_grad=True) * 3
with torch.no_grad():
    p, q = y.unbind(0)
    p.add_(4)
print(x.tolist(), y.tolist(), y.requires_grad, sep="|")
