import torch
import torch._dynamo

# After a break, the rest of the function continues in a resume function: a new
# code object Dynamo generates, named after the line where the break happened,
# and compiled like any other frame.
names = []

def backend(gm, example_inputs):
    names.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos() + x

x = torch.tensor([0.0, 1.0])
cf = torch.compile(f, backend=backend)
print(torch.allclose(cf(x), f(x)))
print("graphs:", len(names))
e = torch._dynamo.explain(f)(x)
print("break at:", [r.user_stack[-1].lineno for r in e.break_reasons])
