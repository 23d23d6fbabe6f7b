import torch
import torch.nn as nn
import torch.nn.functional as F
# A compiled training step of a small C3D-like 3-D CNN (Conv3d with groups, BatchNorm3d in train
# mode, MaxPool3d, AvgPool3d, F.avg_pool3d with divisor_override, F.max_pool3d,
# AdaptiveAvgPool3d) follows eager under aot_eager and inductor: losses, parameters, running
# statistics; the whole step is one graph. Then an eval-mode ConvTranspose3d + BatchNorm3d module.

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv3d(2, 4, 3, padding=1)
        self.bn = nn.BatchNorm3d(4)
        self.pool = nn.MaxPool3d((1, 2, 2))
        self.conv2 = nn.Conv3d(4, 6, (2, 3, 3), stride=(1, 1, 2), padding=(0, 1, 1), groups=2)
        self.avg = nn.AvgPool3d(2, stride=1, padding=1, count_include_pad=False)
        self.gap = nn.AdaptiveAvgPool3d((1, 2, 1))
        self.fc = nn.Linear(12, 3)

    def forward(self, x):
        h = self.pool(F.relu(self.bn(self.conv1(x))))
        h = self.avg(F.relu(self.conv2(h)))
        h = h + F.avg_pool3d(h, 1, divisor_override=2) + F.max_pool3d(h, 3, stride=1, padding=1)
        return self.fc(self.gap(h).flatten(1))

def make():
    m = Net()
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (0.3 + 0.1 * i) + 0.05 * (i % 2))
    return m

x = torch.linspace(-1.0, 1.0, 4 * 2 * 4 * 8 * 8).reshape(4, 2, 4, 8, 8)
x = x * torch.linspace(0.2, 1.8, 8) - torch.linspace(0.5, -0.5, 8).reshape(8, 1)
y = torch.tensor([0, 2, 1, 1])

def train(compiled, backend):
    torch._dynamo.reset()
    m = make()
    m.train()
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)

    def step(inp, tgt):
        return F.cross_entropy(m(inp), tgt)

    f = torch.compile(step, backend=backend) if compiled else step
    losses = []
    kind = None
    for it in range(3):
        opt.zero_grad()
        loss = f(x, y)
        kind = type(loss.grad_fn).__name__
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, kind, m

e, _, me = train(False, None)
print("eager", " ".join(f"{v:.4f}" for v in e))
print("running_mean", [round(v, 4) for v in me.bn.running_mean.tolist()])
for backend in ["aot_eager", "inductor"]:
    c, kind, mc = train(True, backend)
    print(backend, kind)
    print("  losses equal:", torch.allclose(torch.tensor(e), torch.tensor(c), rtol=1e-4, atol=1e-5))
    print("  params equal:", all(torch.allclose(a, b, rtol=1e-4, atol=1e-5) for a, b in zip(me.parameters(), mc.parameters())))
    print("  running stats equal:", torch.allclose(me.bn.running_mean, mc.bn.running_mean, rtol=1e-4, atol=1e-6),
          torch.allclose(me.bn.running_var, mc.bn.running_var, rtol=1e-4, atol=1e-6))

m = make()
ex = torch._dynamo.explain(lambda inp, tgt: F.cross_entropy(m(inp), tgt))(x, y)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)

# eval mode through the compiled module, and ConvTranspose3d (a Python layer over conv3d)
class Up(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose3d(2, 3, 2, stride=2)
        self.bn = nn.BatchNorm3d(3)

    def forward(self, x):
        return self.bn(self.up(x)).relu().sum((2, 3, 4))

torch.manual_seed(0)
u = Up().eval()
ref = u(x)
out = torch.compile(u)(x)
print(list(out.shape), torch.allclose(ref, out, rtol=1e-4, atol=1e-5))
