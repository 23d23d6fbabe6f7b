import torch
import torch.nn as nn

# No gradient needed, no backward graph: under torch.no_grad (or when nothing
# requires grad), AOT autograd produces a single inference graph, and the
# output is a plain tensor without grad_fn.
lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.25, 1.0], [0.75, 0.5, -0.5]]))
    lin.bias.copy_(torch.tensor([0.1, -0.2]))
f = torch.compile(lin, backend="aot_eager")
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])

y = f(x)
print("training:", y.requires_grad, type(y.grad_fn).__name__)
with torch.no_grad():
    z = f(x)
print("no_grad:", z.requires_grad, z.grad_fn is None)
print("same values:", torch.allclose(y.detach(), z))
