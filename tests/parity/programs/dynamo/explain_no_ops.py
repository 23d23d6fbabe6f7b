import torch
import torch._dynamo
# explain() on functions that record no tensor op: nothing is compiled.

def ident(x):
    return x

def number(x, n):
    return n * 2 + 1

def shape(x):
    return x.shape[0] + 1

x = torch.tensor([1., 2.])
e = torch._dynamo.explain(ident)(x)
print("ident", e.graph_count, e.graph_break_count, e.op_count, len(e.break_reasons))
e = torch._dynamo.explain(number)(x, 3)
print("number", e.graph_count, e.graph_break_count, e.op_count, len(e.break_reasons))
e = torch._dynamo.explain(shape)(x)
print("shape", e.graph_count, e.graph_break_count, e.op_count, len(e.break_reasons))
calls = []
def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward
torch._dynamo.reset()
print(torch.compile(ident, backend=counting)(x), calls)
print(torch.compile(number, backend=counting)(x, 3), calls)
print(torch.compile(shape, backend=counting)(x), calls)
