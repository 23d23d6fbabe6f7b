import torch
import torch.nn as nn
import torch.nn.functional as F
# 50 steps of SGD (momentum) and Adam on a compiled model follow the eager loss curve.

def make():
    m = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (1 + i))
    return m

x = torch.linspace(-1.0, 1.0, 24).reshape(8, 3)
y = x.sum(dim=1, keepdim=True).sin()

def train(compiled, opt_name):
    torch._dynamo.reset()
    m = make()
    f = torch.compile(m, backend="aot_eager") if compiled else m
    if opt_name == "sgd":
        opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    else:
        opt = torch.optim.Adam(m.parameters(), lr=0.02)
    losses = []
    for step in range(50):
        opt.zero_grad()
        loss = F.mse_loss(f(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses

for opt_name in ["sgd", "adam"]:
    e = train(False, opt_name)
    c = train(True, opt_name)
    print(opt_name, f"{e[0]:.6f}", f"{e[-1]:.6f}", f"{c[-1]:.6f}")
    print(" same curve:", torch.allclose(torch.tensor(e), torch.tensor(c), rtol=1e-4, atol=1e-6))
