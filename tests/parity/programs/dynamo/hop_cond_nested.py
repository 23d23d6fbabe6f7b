import torch
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs
# torch.cond with tuple outputs, nested conds (subgraph names count up per compiled frame),
# a module's parameters lifted into the branches, and a Python-bool predicate (specialized).


def show(gm, indent=""):
    for line in gm.print_readable(print_output=False).split("\n"):
        s = line.strip()
        if not s or s.startswith("# File") or s.startswith("# No stacktrace"):
            continue
        print(line)


def tuple_out(x):
    def true_fn(x):
        return x.sin(), x.cos()

    def false_fn(x):
        return x.cos(), x.sin()

    a, b = torch.cond(x.sum() > 0, true_fn, false_fn, (x,))
    return a + b, a - b


def nested(pred, pred2, x, y):
    def true_fn(pred2, x, y):
        return x + y

    def false_fn(pred2, x, y):
        def true_fn2(x, y):
            return x.sin() - y.cos()

        def false_fn2(x, y):
            return x.cos() - y.sin()

        return torch.cond(pred2, true_fn2, false_fn2, [x, y])

    return torch.cond(pred, true_fn, false_fn, [pred2, x, y])


class Gate(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.scale = torch.nn.Parameter(torch.tensor([2.0, 3.0, 4.0]))

    def forward(self, x):
        def grow(x):
            return self.lin(x).relu()

        def shrink(x):
            return x * self.scale

        return torch.cond(x.mean() > 0, grow, shrink, (x,))


def const_pred(x, flag):
    def true_fn(x):
        return x + 10

    def false_fn(x):
        return x - 10

    return torch.cond(flag, true_fn, false_fn, (x,))


x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
y = torch.tensor([1.0, 2.0, 3.0])

print("===== tuple_out")
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cf = torch.compile(tuple_out, backend=cnt, fullgraph=True)
for inp in (x, -x.abs()):
    got = cf(inp)
    want = tuple_out(inp)
    print([torch.allclose(g, w) for g, w in zip(got, want)], [g.round(decimals=4) for g in got])
print("frames", cnt.frame_count)
show(backend.graphs[0])

print("===== nested")
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cf = torch.compile(nested, backend=cnt, fullgraph=True)
for p1, p2 in ((True, False), (False, True), (False, False)):
    got = cf(torch.tensor(p1), torch.tensor(p2), x, y)
    print(p1, p2, torch.allclose(got, nested(torch.tensor(p1), torch.tensor(p2), x, y)), got.round(decimals=4))
print("frames", cnt.frame_count)
gm = backend.graphs[0]
print([name for name, _ in gm.named_children()])
print([name for name, _ in gm.cond_false_1.named_children()])
show(gm)

print("===== module")
torch.manual_seed(0)
m = Gate()
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cm = torch.compile(m, backend=cnt)
for inp in (x.abs(), -x.abs()):
    print(torch.allclose(cm(inp), m(inp)), cm(inp).round(decimals=4))
print("frames", cnt.frame_count)
show(backend.graphs[0])

print("===== const_pred")
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cf = torch.compile(const_pred, backend=cnt)
print(cf(y, True), cf(y, False))
print("frames", cnt.frame_count)
for gm in backend.graphs:
    print(gm.code.strip())
