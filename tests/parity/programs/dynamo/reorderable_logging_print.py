import torch
# torch._dynamo.config.reorderable_logging_functions (PyTorch's docs, "Common Graph Breaks"): a
# listed function such as print is not a graph break; Dynamo calls it after the graph, with the
# values its arguments had (tensors as the graph computed them), so the frame stays one graph.


def record(gm, example_inputs):
    print("  graph:", [str(n.target.__name__) for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward


def fn(x):
    x += 1
    print("log!")
    return torch.sin(x)


def fn_args(x):
    y = x * 2
    print("y is", y, 3)
    z = y + 1
    print("z sum", z.sum())
    return z


for f in (fn, fn_args):
    torch._dynamo.reset()
    ex = torch._dynamo.explain(f)(torch.ones(2))
    print(f.__name__, "breaks before:", ex.graph_break_count)

torch._dynamo.config.reorderable_logging_functions.add(print)
for f in (fn, fn_args):
    torch._dynamo.reset()
    print("==", f.__name__)
    out = torch.compile(f, backend=record)(torch.ones(2))
    print("out", out)
    torch._dynamo.reset()
    ex = torch._dynamo.explain(f)(torch.ones(2))
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
torch._dynamo.config.reorderable_logging_functions.discard(print)
