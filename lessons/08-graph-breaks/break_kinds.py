import torch
import torch._dynamo

# Four common causes of a graph break, each measured with explain().
def data_if(x):
    if x.sum() > 0:           # the branch depends on a tensor's value
        return x * 2
    return x - 1

def item(x):
    s = x.sum().item()        # a Python number out of a tensor
    return x * s

def explicit(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x * 3

def clean(x):
    return torch.where(x.sum() > 0, x * 2, x - 1)

x = torch.tensor([1.0, 2.0])
for fn in [data_if, item, explicit, clean]:
    e = torch._dynamo.explain(fn)(x)
    reasons = [r.reason.split("\n")[0] for r in e.break_reasons]
    print(fn.__name__, "graphs", e.graph_count, "breaks", e.graph_break_count)
    for r in reasons:
        print("   ", r)
