# relu's gradient is threshold_backward(grad, result, 0): zero where the result is <= 0, the incoming
# gradient elsewhere, a NaN result included (it passes its gradient on); same for F.relu, nn.ReLU,
# Tensor.relu and relu_ in place, and for a second-order gradient through it.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([float("nan"), -1.0, 0.0, 2.0, float("inf"), -float("inf")], requires_grad=True)
for name, f in [("torch.relu", torch.relu), ("F.relu", F.relu), ("nn.ReLU", nn.ReLU()), ("Tensor.relu", lambda t: t.relu())]:
    y = f(x)
    (g,) = torch.autograd.grad(y, x, torch.arange(1.0, 7.0))
    print(name, y.grad_fn.name(), g.tolist())

z = (x * 1).relu_()
(g,) = torch.autograd.grad(z, x, torch.full((6,), 0.5))
print("relu_", z.grad_fn.name(), g.tolist())

w = torch.tensor([-2.0, -0.5, 0.5, 3.0], requires_grad=True)
y = torch.relu(w) ** 2
(g,) = torch.autograd.grad(y.sum(), w, create_graph=True)
(gg,) = torch.autograd.grad(g.sum(), w)
print("second order", g.tolist(), gg.tolist())

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Linear(7, 1))
inp = torch.randn(4, 5)
m(inp).sum().backward()
print([round(v, 5) for v in m[0].weight.grad.flatten()[:8].tolist()])
