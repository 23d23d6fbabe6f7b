import torch
# Dynamic shapes name each size symbol as PyTorch 2.11's ShapeEnv does: from a hash of its source
# (L['x'].size()[0] is s77), the next free number where two sources collide; equal sizes share one
# symbol under dynamic=True (duck sizing), automatic dynamic gives a changed dim its own. The
# placeholders of the graphs a backend receives, their code, and the results.
graphs = []


def backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def names(gm):
    return [n.name for n in gm.graph.nodes if n.op == "placeholder"]


def scale_add(x, y):
    return x * 2 + y.sum()


def matmul_bias(a, b, bias):
    return a @ b + bias


f = torch.compile(scale_add, backend=backend, dynamic=True)
print(f(torch.ones(3, 4), torch.ones(5)).sum().item())
g = torch.compile(matmul_bias, backend=backend, dynamic=True)
print(g(torch.ones(2, 3), torch.ones(3, 3), torch.ones(3)).sum().item())
for gm in graphs:
    print(names(gm))
    print(gm.code)

graphs.clear()
torch._dynamo.reset()
h = torch.compile(scale_add, backend=backend)
for n in (3, 4, 6):
    h(torch.ones(n, 2), torch.ones(n))
for gm in graphs:
    print(names(gm))
