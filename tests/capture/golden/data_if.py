# A data-dependent branch: the jump runs in the transformed bytecode, one resume function per side.
import torch
torch._logging.set_logs(graph_code=True, bytecode=True)

def f(x):
    y = x * 2
    if y.sum() > 0:
        return y - 1
    return y + 1

cf = torch.compile(f, backend="eager")
print(cf(torch.ones(2)))
print(cf(-torch.ones(2)))
