import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._dynamo
# A training loop around torch.compile(model): eager optimizer and scheduler, train/eval switches,
# no_grad evaluation; what recompiles and whether losses follow eager's.

compiles = []


def backend(gm, example_inputs):
    compiles.append(sum(1 for n in gm.graph.nodes if n.op == "call_function"))
    return gm.forward


def make():
    m = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.0), nn.Linear(8, 2))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.4, 0.4, p.numel()).reshape(p.shape) * (1 + 0.2 * i))
    return m


x = torch.linspace(-1, 1, 24).reshape(6, 4)
y = torch.stack([x.sum(1), x.prod(1)], 1)


def run(compiled):
    m = make()
    opt = torch.optim.AdamW(m.parameters(), lr=0.05, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    net = torch.compile(m, backend=backend) if compiled else m
    out = []
    for epoch in range(3):
        net.train()
        for i in range(2):
            opt.zero_grad(set_to_none=True)
            loss = F.mse_loss(net(x), y)
            loss.backward()
            opt.step()
            out.append(round(loss.item(), 4))
        sched.step()
        net.eval()
        with torch.no_grad():
            out.append(round(F.mse_loss(net(x), y).item(), 4))
    return out


e = run(False)
c = run(True)
print(e)
print(c == e, "compiles", len(compiles), compiles)
torch._dynamo.reset()
compiles.clear()
m = make()
opt = torch.optim.SGD(m.parameters(), lr=0.1)


@torch.compile(backend=backend)
def step(xb, yb):
    opt.zero_grad()
    loss = F.mse_loss(m(xb), yb)
    loss.backward()
    opt.step()
    return loss


print([round(step(x, y).item(), 4) for _ in range(3)], "compiles", len(compiles), compiles)
