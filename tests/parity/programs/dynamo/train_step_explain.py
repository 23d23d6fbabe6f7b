import torch
import torch.nn as nn
import torch.nn.functional as F
# A whole training step under torch.compile: what Dynamo captures (explain), and that compiled
# steps follow eager's loss curve with SGD (momentum) and Adam.

def make():
    m = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (1 + i))
    return m

x = torch.linspace(-1.0, 1.0, 24).reshape(8, 3)
y = x.sum(dim=1, keepdim=True).sin()

def make_step(m, opt):
    def step(x, y):
        opt.zero_grad()
        loss = F.mse_loss(m(x), y)
        loss.backward()
        opt.step()
        return loss
    return step

m = make()
opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
e = torch._dynamo.explain(make_step(m, opt))(x, y)
print("graph_count", e.graph_count)
print("graph_break_count", e.graph_break_count)
print("op_count", e.op_count)
print("ops", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
print("reasons", [r.reason.split("\n")[0] for r in e.break_reasons])
print("stacks", [[fs.name for fs in r.user_stack] for r in e.break_reasons])

def train(backend, opt_name):
    torch._dynamo.reset()
    m = make()
    if opt_name == "sgd":
        opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    else:
        opt = torch.optim.Adam(m.parameters(), lr=0.02)
    step = make_step(m, opt)
    if backend != "none":
        step = torch.compile(step, backend=backend)
    losses = []
    for i in range(20):
        losses.append(step(x, y).item())
    return losses

for opt_name in ["sgd", "adam"]:
    e = train("none", opt_name)
    print(opt_name, f"{e[0]:.5f}", f"{e[-1]:.5f}")
    for backend in ["eager", "aot_eager", "inductor"]:
        c = train(backend, opt_name)
        print(" ", backend, "same curve:", torch.allclose(torch.tensor(e), torch.tensor(c), rtol=1e-4, atol=1e-6))
