import torch
import torch.nn as nn
import torch.nn.functional as F
# A compiled training step of a small CNN (Conv2d, BatchNorm2d in train mode, ReLU, MaxPool2d,
# Linear) with cross_entropy follows eager: losses, parameters, and the running statistics that
# batch norm updates as a side effect of the compiled forward.

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4 * 4 * 4, 3)

    def forward(self, x):
        h = F.max_pool2d(F.relu(self.bn(self.conv(x))), 2)
        return self.fc(h.flatten(1))

def make():
    m = Net()
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (0.3 + 0.1 * i) + 0.05 * (i % 2))
    return m

x = torch.linspace(-1.0, 1.0, 6 * 64).reshape(6, 1, 8, 8)
x = x * torch.linspace(0.2, 1.8, 8) - torch.linspace(0.5, -0.5, 8).reshape(8, 1)
y = torch.tensor([0, 2, 1, 1, 0, 2])

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
    for it in range(4):
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
print("running_var", [round(v, 4) for v in me.bn.running_var.tolist()])
print("num_batches_tracked", me.bn.num_batches_tracked.item())
for backend in ["aot_eager", "inductor"]:
    c, kind, mc = train(True, backend)
    print(backend, kind)
    print("  losses equal:", torch.allclose(torch.tensor(e), torch.tensor(c), rtol=1e-4, atol=1e-5))
    print("  params equal:", all(torch.allclose(a, b, rtol=1e-4, atol=1e-5) for a, b in zip(me.parameters(), mc.parameters())))
    print("  running stats equal:", torch.allclose(me.bn.running_mean, mc.bn.running_mean, rtol=1e-4, atol=1e-6),
          torch.allclose(me.bn.running_var, mc.bn.running_var, rtol=1e-4, atol=1e-6))
    print("  num_batches_tracked", mc.bn.num_batches_tracked.item())

m = make()
ex = torch._dynamo.explain(lambda inp, tgt: F.cross_entropy(m(inp), tgt))(x, y)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)
