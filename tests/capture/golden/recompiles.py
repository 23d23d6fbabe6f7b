# Guards and recompiles: a size change (then automatic dynamic), a dtype change, an int argument.
import torch
torch._logging.set_logs(recompiles=True, guards=True, graph_code=True)

def f(x, k):
    return x * k + x.shape[0]

cf = torch.compile(f, backend="eager")
cf(torch.ones(3), 2)
cf(torch.ones(4), 2)
cf(torch.ones(5), 2)
cf(torch.ones(5, dtype=torch.float64), 2)
print(cf(torch.ones(5), 3))
