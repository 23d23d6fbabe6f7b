import os
import tempfile
import torch
# PyTorch's "Dynamo Core Concepts" example: torch.save inside a compiled function is a function
# Dynamo skips, so the graph breaks there, the save runs eagerly between the two graphs, and the
# file holds the tensor the first graph computed.


def record(gm, example_inputs):
    print("  graph:", [n.name for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward


path = os.path.join(tempfile.mkdtemp(), "foo.pt")


def f(x):
    y = x ** 2 / 2
    torch.save(y, path)
    z = y ** 3 / 6
    return z


x = torch.tensor([1.0, -2.0, 3.0])
print(torch.compile(f, backend=record)(x))
print(torch.load(path))
torch._dynamo.reset()
ex = torch._dynamo.explain(f)(x)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
print(ex.break_reasons[0].reason.splitlines()[0])
print([(fr.name, fr.lineno) for fr in ex.break_reasons[0].user_stack])
os.remove(path)
