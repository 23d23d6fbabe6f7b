import torch

# fullgraph=True turns every graph break into an error: use it when you need the
# whole function as one graph and want to know at once when it is not.
def f(x):
    y = x * 2
    if y.sum() > 0:
        y = y + 1
    return y

try:
    torch.compile(f, backend="eager", fullgraph=True)(torch.ones(2))
    print("one graph")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])

def g(x):
    y = x * 2
    return torch.where(y.sum() > 0, y + 1, y)

print(torch.compile(g, backend="eager", fullgraph=True)(torch.ones(2)))
