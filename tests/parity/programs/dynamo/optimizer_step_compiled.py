import torch
import torch.nn as nn
# torch.compile of an optimizer's step alone (PyTorch's "compiling the optimizer" recipe): one
# graph per optimizer, the parameters updated in place, the same values as the eager step.

def make():
    m = nn.Linear(4, 3)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-1.0, 1.0, 12).reshape(3, 4))
        m.bias.copy_(torch.tensor([0.1, -0.2, 0.3]))
    return m

x = torch.linspace(-2.0, 2.0, 20).reshape(5, 4)

def run(opt_name, compiled, steps):
    torch._dynamo.reset()
    m = make()
    if opt_name == "sgd":
        opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)
    elif opt_name == "adam":
        opt = torch.optim.Adam(m.parameters(), lr=0.01)
    else:
        opt = torch.optim.AdamW(m.parameters(), lr=0.01, weight_decay=0.1)

    def opt_step():
        opt.step()

    fn = torch.compile(opt_step) if compiled else opt_step
    for i in range(steps):
        opt.zero_grad()
        (m(x) ** 2).mean().backward()
        fn()
    return m

for opt_name in ["sgd", "adam", "adamw"]:
    e = run(opt_name, False, 5)
    c = run(opt_name, True, 5)
    print(opt_name, [round(v, 4) for v in e.weight.reshape(-1)[:4].tolist()])
    print("  same weights:", torch.allclose(e.weight, c.weight, atol=1e-6), torch.allclose(e.bias, c.bias, atol=1e-6))

m = make()
opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)
(m(x) ** 2).mean().backward()
ex = torch._dynamo.explain(opt.step)()
print("sgd graph_count", ex.graph_count)
print("sgd graph_break_count", ex.graph_break_count)
print("sgd reasons", [r.reason.split("\n")[0] for r in ex.break_reasons])
print("sgd ops", [sorted(set(getattr(t, "__name__", str(t)) for t in ops)) for ops in ex.ops_per_graph])

m = make()
opt = torch.optim.Adam(m.parameters(), lr=0.01)
(m(x) ** 2).mean().backward()
ex = torch._dynamo.explain(opt.step)()
print("adam graph_count", ex.graph_count)
print("adam graph_break_count", ex.graph_break_count)
print("adam reasons", [r.reason.split("\n")[0] for r in ex.break_reasons])
print("adam ops", [sorted(set(getattr(t, "__name__", str(t)) for t in ops)) for ops in ex.ops_per_graph])
