import torch
import torch.nn as nn
# Compiled training details: gradients accumulate over two backward calls, a call under no_grad
# builds no graph, a frozen parameter gets no gradient, an input updated in place is updated once.

lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.25, 1.0], [0.75, 0.5, -0.5]]))
    lin.bias.copy_(torch.tensor([0.1, -0.2]))
f = torch.compile(lin, backend="aot_eager")
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
f(x).sum().backward()
f(x * 2).sum().backward()
print("accumulated", lin.weight.grad.tolist(), lin.bias.grad.tolist())
with torch.no_grad():
    y = f(x)
print("no_grad", y.requires_grad, y.grad_fn is None)
lin.zero_grad()
lin.bias.requires_grad_(False)
f(x).sum().backward()
print("frozen", lin.bias.grad, lin.weight.grad.tolist())

def g(a, buf):
    buf.add_(1)
    return (a * buf).sum()

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
buf = torch.zeros(3)
torch.compile(g, backend="aot_eager")(a, buf).backward()
print("mutated", buf.tolist(), a.grad.tolist())
