import torch
import torch.nn as nn
import torch._dynamo
# torch.compiler.disable / allow_in_graph / mark_dynamic / dynamic=True / config flags on the
# patterns real code uses them for.


def helper(x):
    return x.relu() + 1


@torch.compiler.disable
def logged(x):
    return x.sum().item()


def f(x):
    y = helper(x) * 2
    s = logged(y)
    return y + s


e = torch._dynamo.explain(f)(torch.linspace(-1, 1, 4))
print("disable graphs", e.graph_count, "breaks", e.graph_break_count, [r.reason.split("\n")[0] for r in e.break_reasons])

torch._dynamo.reset()


def opaque(x, k):
    return x * k + 1


torch._dynamo.allow_in_graph(opaque)


def g(x):
    return opaque(x.sin(), 3).cos()


e = torch._dynamo.explain(g)(torch.ones(3))
print("allow_in_graph graphs", e.graph_count, "ops", [getattr(t, "__name__", str(t)) for t in e.ops_per_graph[0]])
print(e.graphs[0].code.strip())


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)

    @torch.compiler.disable(recursive=False)
    def skipped(self, x):
        return helper(x)

    def forward(self, x):
        return self.skipped(self.lin(x)).sum(-1)


torch._dynamo.reset()
m = M()
e = torch._dynamo.explain(m)(torch.ones(2, 4))
print("method disable graphs", e.graph_count, "breaks", e.graph_break_count, [r.reason.split("\n")[0] for r in e.break_reasons])

codes = []


def rec(gm, ex):
    codes.append(gm.code.strip())
    return gm.forward


def h(x):
    return x.reshape(x.shape[0], -1).sum(1) * x.shape[0]


torch._dynamo.reset()
a = torch.ones(3, 2, 2)
torch._dynamo.mark_dynamic(a, 0)
torch.compile(h, backend=rec)(a)
torch.compile(h, backend=rec)(torch.ones(5, 2, 2))
print(len(codes))
print(codes[0])
torch._dynamo.reset()
codes.clear()
c = torch.compile(h, backend=rec, dynamic=True)
for n in (2, 3, 4):
    c(torch.ones(n, 2, 2))
print(len(codes))
print(codes[0])
torch._dynamo.reset()
codes.clear()
torch._dynamo.config.capture_scalar_outputs = True


def k(x):
    n = x.sum().item()
    return x * n


e = torch._dynamo.explain(k)(torch.ones(3))
print("capture_scalar_outputs graphs", e.graph_count, "breaks", e.graph_break_count)
torch._dynamo.config.capture_scalar_outputs = False
e = torch._dynamo.explain(k)(torch.ones(3))
print("default graphs", e.graph_count, "breaks", e.graph_break_count, [r.reason.split("\n")[0] for r in e.break_reasons])
