# A print splits the frame: graph, print, resume function (and its own graph).
import torch
torch._logging.set_logs(graph_breaks=True, graph_code=True, guards=True, bytecode=True)

def f(x, n):
    a = x * n
    print("a is", a.shape)
    b = a + 1
    return b

cf = torch.compile(f, backend="eager")
print(cf(torch.ones(3), 2))
