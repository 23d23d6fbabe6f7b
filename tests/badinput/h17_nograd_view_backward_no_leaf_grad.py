# badinput: a result computed in grad mode from a no_grad view requires grad, but backward reaches no leaf through it
# expect-exit: 0
# expect-stdout: True True MulBackward0 None tensor([1., 1., 1.])
import torch
x = torch.ones(3, requires_grad=True)
with torch.no_grad():
    v = x[:2]
y = v * 3
print(v.requires_grad, y.requires_grad, type(y.grad_fn).__name__, end=" ")
(y.sum() + x.sum()).backward()
print(v.grad, x.grad)
