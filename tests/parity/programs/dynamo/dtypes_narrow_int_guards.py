import torch
# Dynamo specializes on a tensor's dtype: a narrow integer dtype guards like any other (a new dtype
# recompiles), dtype comparisons and torch.iinfo fold to constants, and factories with dtype= are
# traced into the graph.
calls = []
def count(gm, example_inputs):
    calls.append([str(n.meta["example_value"].dtype) for n in gm.graph.nodes if n.op == "placeholder"])
    return gm.forward

def f(x):
    if x.dtype == torch.int32:
        y = x + torch.zeros(3, dtype=torch.uint8)
    else:
        y = x.float()
    return y * 2, torch.iinfo(x.dtype).max, x.dtype.itemsize

cf = torch.compile(f, backend=count)
print(cf(torch.tensor([1, 2, 3], dtype=torch.int32)))
print(cf(torch.tensor([4, 5, 6], dtype=torch.int32)))
print(cf(torch.tensor([1, 2, 3], dtype=torch.int16)))
print(cf(torch.tensor([1, 2, 3], dtype=torch.uint8)))
print(len(calls), calls)
e = torch._dynamo.explain(f)(torch.tensor([1, 2, 3], dtype=torch.int8))
print(e.graph_count, e.graph_break_count)
