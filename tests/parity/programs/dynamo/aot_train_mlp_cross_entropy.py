import torch
import torch.nn as nn
import torch.nn.functional as F
# A compiled training step of an MLP classifier with F.cross_entropy (plain, and with class weights,
# ignore_index and label smoothing) follows eager's losses; the loss's grad_fn is
# CompiledFunctionBackward (AOT autograd, no fallback to eager for the loss).

def make():
    m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.6, 0.6, p.numel()).reshape(p.shape).flip(0) * (0.3 + 0.1 * i))
    return m

x = torch.linspace(-1.5, 1.5, 96).reshape(12, 8)
x = x * torch.linspace(0.5, 1.5, 8)
y = torch.tensor([0, 1, 2, 3, 3, 2, 1, 0, 1, 3, 0, 2])
y_ignored = y.clone()
y_ignored[4] = -1
weight = torch.tensor([1.0, 0.5, 2.0, 1.5])
variants = [
    ("plain", y, {}),
    ("weighted", y_ignored, {"weight": weight, "ignore_index": -1, "label_smoothing": 0.1}),
    ("sum", y, {"reduction": "sum"}),
]

def train(compiled, backend, target, kwargs):
    torch._dynamo.reset()
    m = make()
    opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)

    def step(inp, tgt):
        return F.cross_entropy(m(inp), tgt, **kwargs)

    f = torch.compile(step, backend=backend) if compiled else step
    losses = []
    kind = None
    for it in range(5):
        opt.zero_grad()
        loss = f(x, target)
        kind = type(loss.grad_fn).__name__
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, kind, [p.detach().clone() for p in m.parameters()]

for name, target, kwargs in variants:
    e, _, pe = train(False, None, target, kwargs)
    print(name, "eager", " ".join(f"{v:.4f}" for v in e))
    for backend in ["aot_eager", "inductor"]:
        c, kind, pc = train(True, backend, target, kwargs)
        same = torch.allclose(torch.tensor(e), torch.tensor(c), rtol=1e-4, atol=1e-5)
        params = all(torch.allclose(a, b, rtol=1e-4, atol=1e-5) for a, b in zip(pe, pc))
        print(" ", backend, kind, "losses equal:", same, "params equal:", params)

m = make()
ex = torch._dynamo.explain(lambda inp, tgt: F.cross_entropy(m(inp), tgt))(x, y)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)
