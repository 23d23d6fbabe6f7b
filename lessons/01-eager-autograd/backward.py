import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x * x).sum()          # y = x0^2 + x1^2 + x2^2
y.backward()               # walks the recorded graph from y back to x
print(x.grad)              # dy/dx = 2x

# Gradients accumulate: a second backward adds to .grad.
z = (3 * x).sum()
z.backward()
print(x.grad)              # 2x + 3

# Zero it before the next step, as optimizers do.
x.grad.zero_()
(x ** 3).sum().backward()
print(x.grad)              # 3x^2

# Under no_grad nothing is recorded: no grad_fn, no backward.
with torch.no_grad():
    q = x * 2
print(q.requires_grad, q.grad_fn)
