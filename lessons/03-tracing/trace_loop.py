import torch
import warnings

# Loops are unrolled: the trace holds one copy of the body per iteration it saw.
def power(x, n: int):
    y = x
    for _ in range(n - 1):
        y = y * x
    return y

x = torch.tensor([2.0, 3.0])
with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    t3 = torch.jit.trace(lambda v: power(v, 3), x)
kinds = [n.kind() for n in t3.graph.nodes()]
print("aten::mul nodes:", kinds.count("aten::mul"))
print(t3(torch.tensor([1.0, -1.0])))
# Asking for n=5 needs a new trace: n is not an input of the recording.
with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    t5 = torch.jit.trace(lambda v: power(v, 5), x)
print("aten::mul nodes:", [n.kind() for n in t5.graph.nodes()].count("aten::mul"))
