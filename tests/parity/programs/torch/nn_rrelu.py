# nn.RReLU / F.rrelu / torch.rrelu: in training each element <= 0 gets its own slope drawn from
# uniform(lower, upper) (ATen draws them in memory order, in double precision, from the global
# generator); in eval the slope is (lower + upper) / 2. Gradients are the slopes.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.tensor([[-1.0, 2.0, -0.5], [-3.0, 0.0, 4.0]], requires_grad=True)
m = nn.RReLU()
print(m, nn.RReLU(0.1, 0.3, inplace=True))
y = m(x)
print(y.detach())
y.sum().backward()
print(x.grad)
m.eval()
print(m(x).detach(), F.rrelu(x.detach()), torch.rrelu(x.detach(), 0.2, 0.4))
torch.manual_seed(1)
a = torch.randn(3, 4, dtype=torch.float64)
print(F.rrelu(a, training=True))
torch.manual_seed(1)
b = torch.randn(3, 4)
F.rrelu_(b, 0.0, 0.5, True)
print(b)
print(torch.rand(2))
try:
    F.rrelu(a, 0.5, 0.1, True)
except RuntimeError as e:
    print("RuntimeError:", e)
