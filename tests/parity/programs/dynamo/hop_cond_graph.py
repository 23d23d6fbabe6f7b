import torch
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs
# torch.cond under torch.compile: both branches become subgraphs (cond_true_0 / cond_false_0),
# one torch.ops.higher_order.cond node, no graph break for a data-dependent predicate.


def show(gm):
    # print_readable without the source-location comments (they name PyTorch's own files).
    for line in gm.print_readable(print_output=False).split("\n"):
        s = line.strip()
        if not s or s.startswith("# File") or s.startswith("# No stacktrace"):
            continue
        print(line)


def report(backend, cnt):
    print("frames", cnt.frame_count, "graphs", len(backend.graphs))
    for gm in backend.graphs:
        print(gm.code.strip())
        for name, sub in gm.named_children():
            print("--", name)
            print(sub.code.strip())
        show(gm)


def closure_only(x):
    def true_fn():
        return torch.sin(x)

    def false_fn():
        return torch.cos(x)

    return torch.cond(x.sum() > 0, true_fn, false_fn, ())


def with_operands(x, y):
    def true_fn(a, b):
        return a * b + 1

    def false_fn(a, b):
        return a - b

    return torch.cond(x.mean() > 0, true_fn, false_fn, (x, y))


def mixed(x, y, z):
    # y only in the true branch, z only in the false one: *_true_branch / *_false_branch inputs.
    def true_fn(x):
        return x + y

    def false_fn(x):
        return x * z

    out = torch.cond(x.sum() > 0, true_fn, false_fn, (x,))
    return out * 2


def no_inputs(x):
    def true_fn():
        return torch.ones(2, 3)

    def false_fn():
        return torch.ones(2, 3).neg()

    return torch.cond(x.sum() > 0, true_fn, false_fn, ())


x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
y = torch.tensor([0.5, -1.0, 2.0])
z = torch.tensor([[2.0], [3.0]])
cases = [
    ("closure_only", closure_only, (x,)),
    ("with_operands", with_operands, (x, y)),
    ("mixed", mixed, (x, y, z)),
    ("no_inputs", no_inputs, (x,)),
]
for name, fn, args in cases:
    print("=====", name)
    backend = EagerAndRecordGraphs()
    cnt = CompileCounterWithBackend(backend)
    cf = torch.compile(fn, backend=cnt)
    pos = cf(*args)
    neg_args = (-args[0],) + args[1:]
    neg = cf(*neg_args)
    print(torch.allclose(pos, fn(*args)), torch.allclose(neg, fn(*neg_args)))
    print(pos.round(decimals=4))
    print(neg.round(decimals=4))
    report(backend, cnt)
    ex = torch._dynamo.explain(fn)(*args)
    print("graph_count", ex.graph_count, "graph_break_count", ex.graph_break_count, "op_count", ex.op_count)
    print([str(op) for op in ex.ops_per_graph[0]])
