import torch
# torch._dynamo.explain counts a graph's call_function nodes after Dynamo's miniature dead-code
# pass: the getitem a tuple-returning op gets for each field is dropped when nothing reads it
# (x.max(dim).values, a tuple unpacked into a variable never used), while used ones count.


def softmax(x):
    m = x.max(dim=-1, keepdim=True).values
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)


def unpack_one(x):
    vals, idx = torch.sort(x, dim=0)
    return vals * 2


def unpack_both(x):
    vals, idx = torch.max(x, dim=1)
    return vals + idx


def topk_values(x):
    return torch.topk(x, 2).values.sum()


torch.manual_seed(0)
x = torch.randn(3, 4)
for fn in (softmax, unpack_one, unpack_both, topk_values):
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(x)
    names = [[getattr(t, "__name__", str(t)) for t in ops] for ops in ex.ops_per_graph]
    print(fn.__name__, ex.graph_count, ex.graph_break_count, ex.op_count, names)
