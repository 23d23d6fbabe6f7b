import torch

# In a static graph, independent work can run in parallel: fork starts a call and
# returns a Future; wait collects its result.
def branch(x, k: int):
    for _ in range(k):
        x = x * 2 + 1
    return x

@torch.jit.script
def both(x):
    a = torch.jit.fork(branch, x, 2)
    b = torch.jit.fork(branch, x - 1, 3)
    return torch.jit.wait(a) + torch.jit.wait(b)

x = torch.tensor([1.0, -0.5, 2.0])
print(both(x))
print(torch.equal(both(x), branch(x, 2) + branch(x - 1, 3)))
g = str(both.graph)
print("prim::fork" in g, "aten::wait" in g)
