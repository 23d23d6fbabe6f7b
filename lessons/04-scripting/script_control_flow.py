import torch

# torch.jit.script compiles the function's source, not one run of it: the `if`
# becomes a prim::If node and the loop a prim::Loop, both kept in the graph.
@torch.jit.script
def f(x, n: int):
    for _ in range(n):
        if x.sum() > 0:
            x = x - 1
        else:
            x = x * 2
    return x

g = str(f.graph)
print("prim::If" in g, "prim::Loop" in g)
print(f(torch.tensor([2.0, 3.0]), 1))
print(f(torch.tensor([2.0, 3.0]), 4))     # the branch changes between iterations
print(f(torch.tensor([-1.0, -2.0]), 2))
