import torch
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs
from torch._higher_order_ops.while_loop import while_loop
# torch while_loop: a loop whose trip count depends on tensor data, eagerly and under torch.compile
# (one graph, one torch.ops.higher_order.while_loop node, cond_fn_0 / body_fn_0 subgraphs).


def fmt(t):
    return [f"{v:.4f}" for v in t.reshape(-1).tolist()]


def halve_until_small(x):
    def cond_fn(i, x):
        return x.abs().max() > 1.0

    def body_fn(i, x):
        return i + 1, x / 2

    return while_loop(cond_fn, body_fn, (torch.tensor(0), x))


def with_closure(x, limit, step):
    def cond_fn(x):
        return x.sum() < limit

    def body_fn(x):
        return (x + step,)

    return while_loop(cond_fn, body_fn, (x,))


x = torch.tensor([3.0, -7.5, 1.25])
i, y = halve_until_small(x)
print("eager", i.item(), fmt(y))
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cf = torch.compile(halve_until_small, backend=cnt, fullgraph=True)
for inp in (x, x / 8, x * 40):
    i, y = cf(inp)
    ri, ry = halve_until_small(inp)
    print("compiled", i.item(), fmt(y), i.item() == ri.item(), torch.allclose(y, ry))
print("frames", cnt.frame_count, "graphs", len(backend.graphs))
gm = backend.graphs[0]
print(gm.code.strip())
for name, sub in gm.named_children():
    print("--", name)
    print(sub.code.strip())

limit = torch.tensor(10.0)
step = torch.tensor([1.0, 2.0])
(out,) = with_closure(torch.tensor([0.0, 0.5]), limit, step)
print("eager", fmt(out))
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cf = torch.compile(with_closure, backend=cnt)
(out,) = cf(torch.tensor([0.0, 0.5]), limit, step)
print("compiled", fmt(out), "frames", cnt.frame_count)
print(backend.graphs[0].code.strip())
ex = torch._dynamo.explain(with_closure)(torch.tensor([0.0, 0.5]), limit, step)
print("graph_count", ex.graph_count, "graph_break_count", ex.graph_break_count)

for name, bad in (("not_callable", None),):
    try:
        while_loop(bad, lambda i, x: (i + 1, x), (torch.tensor(0), x))
    except Exception as e:
        print(name, type(e).__name__, e)
