# The torch.compile tutorial's first programs (pytorch/tutorials intermediate_source/torch_compile_tutorial.py):
# a function compiled by call and by decorator, a module, and the tutorial's graph-break example `bar`
# (a data-dependent `if b.sum() < 0`) read through torch._dynamo.explain and a recording backend.
import torch
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append(gm.code.strip())
    return gm.forward


def show(label):
    print(label, "graphs", len(codes))
    for c in codes:
        print(c)
    codes.clear()


def foo(x, y):
    a = torch.sin(x)
    b = torch.cos(y)
    return a + b


x = torch.linspace(-1, 1, 6).reshape(2, 3)
y = torch.linspace(0, 2, 6).reshape(2, 3)
opt_foo1 = torch.compile(foo, backend=rec)
print(torch.allclose(opt_foo1(x, y), foo(x, y)))
show("foo")


@torch.compile(backend=rec)
def opt_foo2(x, y):
    a = torch.sin(x)
    b = torch.cos(y)
    return a + b


print(torch.allclose(opt_foo2(x, y), foo(x, y)))
show("opt_foo2")


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        return torch.nn.functional.relu(self.lin(x))


torch.manual_seed(0)
mod = MyModule()
opt_mod = torch.compile(mod, backend=rec)
print(torch.allclose(opt_mod(x), mod(x)))
show("module")


def bar(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


opt_bar = torch.compile(bar, backend=rec)
a = torch.linspace(-2, 2, 5)
for b in (torch.linspace(-3, 1, 5), torch.linspace(-1, 3, 5)):
    print([round(v, 4) for v in opt_bar(a, b).tolist()])
show("bar")
torch._dynamo.reset()
e = torch._dynamo.explain(bar)(a, torch.linspace(-3, 1, 5))
print("graph_count", e.graph_count, "graph_break_count", e.graph_break_count, "op_count", e.op_count)
print([r.reason.split("\n")[0] for r in e.break_reasons])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in e.ops_per_graph])
print([len(g.graph.nodes) for g in e.graphs])

# The tutorial's fullgraph=True form of bar raises at the data-dependent branch.
torch._dynamo.reset()
try:
    torch.compile(bar, backend=rec, fullgraph=True)(a, torch.linspace(-3, 1, 5))
except Exception as err:
    print(type(err).__name__, str(err).split("\n")[0])
codes.clear()
