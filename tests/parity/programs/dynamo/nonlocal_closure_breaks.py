import torch
# Closures over the compiled frame's variables (PyTorch's docs, "Skipped Functions": a loop unrolled
# into `inner(i)` calls with `nonlocal x`): stores through `nonlocal` are traced and written back to
# the cell, a graph break inside the closure breaks the caller at the call and compiles the closure
# as a frame of its own, and the caller's resume function still sees the cell's latest value.


def record(gm, example_inputs):
    print("  graph:", [n.name for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward


def unrolled(x):
    def inner(i):
        nonlocal x
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()

    inner(0)
    inner(1)
    inner(2)
    inner(3)
    inner(4)
    return x


def counter(x):
    total = torch.zeros(())

    def add(t):
        nonlocal total
        total = total + t.sum()

    add(x)
    add(x * 2)
    return total


for fn, arg in [(unrolled, torch.zeros(3)), (counter, torch.ones(2))]:
    torch._dynamo.reset()
    print("==", fn.__name__)
    print(torch.compile(fn, backend=record)(arg), fn(arg))
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(arg)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)

