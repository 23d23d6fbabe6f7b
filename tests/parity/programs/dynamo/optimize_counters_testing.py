# torch._dynamo's older and inspection entry points, as tutorials and blog posts use them:
# torch._dynamo.optimize (a callable backend, a named one, nopython=, disable=, refused as a `with`
# block, an unknown backend name), torch._dynamo.testing's CompileCounter / EagerAndRecordGraphs
# backends, torch._dynamo.utils.counters (frames, stats, graph breaks: a break at a call, a
# data-dependent branch, a break in a loop, a frame without tensors) and explain(f, *args)'s
# FutureWarning form.
import warnings

import torch
import torch._dynamo as dynamo
from torch._dynamo.testing import CompileCounter, EagerAndRecordGraphs
from torch._dynamo.utils import counters


def my_compiler(gm, example_inputs):
    print("my_compiler() called with FX graph ops:", [n.op for n in gm.graph.nodes])
    return gm.forward


@dynamo.optimize(my_compiler)
def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


torch.manual_seed(0)
for _ in range(3):
    print(toy_example(torch.randn(4), torch.randn(4)).shape)


def with_print(x):
    y = torch.sin(x) + 1
    print("break")
    return y.cos() * 2


def branch(x):
    if x.sum() > 0:
        return x + 1
    return x - 1


def loop(x):
    for _ in range(2):
        x = x + 1
        print("in loop")
    return x


def no_tensors(a):
    return a + 1


dynamo.reset()
counters.clear()
cnt = CompileCounter()
torch.compile(with_print, backend=cnt)(torch.ones(3))
print("CompileCounter", cnt.frame_count, cnt.op_count)
print("frames", dict(counters["frames"]), "stats", dict(counters["stats"]))
print("graph breaks", sum(counters["graph_break"].values()), [k.split("\n")[0] for k in counters["graph_break"]])
cnt.clear()
print("cleared", cnt.frame_count, cnt.op_count)

for fn, arg in ((branch, torch.ones(3)), (loop, torch.ones(2)), (no_tensors, 3)):
    dynamo.reset()
    counters.clear()
    torch.compile(fn, backend="eager")(arg)
    print(fn.__name__, "frames", dict(counters["frames"]), "stats", dict(counters["stats"]),
          "graph breaks", sum(counters["graph_break"].values()))

rec = EagerAndRecordGraphs()
torch.compile(with_print, backend=rec)(torch.ones(2))
print("recorded", len(rec.graphs), [type(g).__name__ for g in rec.graphs])

try:
    with dynamo.optimize("eager"):
        pass
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    dynamo.optimize("no_such_backend")
except Exception as e:
    print(type(e).__name__, e)
print("disabled is the function:", dynamo.optimize("eager", disable=True)(with_print) is with_print)
lin = torch.nn.Linear(2, 2)
opt_mod = dynamo.optimize("eager", nopython=True)(lin)
print(type(opt_mod).__name__, opt_mod(torch.ones(1, 2)).shape)
print(torch.compiler.list_backends() == dynamo.list_backends(), torch.compiler.list_backends(exclude_tags=()))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    out = dynamo.explain(with_print, torch.ones(2))
print("explain", out.graph_count, out.graph_break_count, [(x.category.__name__, str(x.message)[:40]) for x in w])
