# A compiled function that constructs modules inside itself and calls them (a graph break at
# each construction, as in PyTorch): the result equals eager, and compiling draws nothing from
# the RNG, so seeded weights are the eager ones.
import torch
import torch.nn as nn


def build_and_run(x):
    model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
    return model(x)


def build_seeded(x):
    torch.manual_seed(0)
    m = nn.Linear(4, 2)
    return m(x) + torch.rand(2)


x = torch.linspace(-1, 1, 8).reshape(2, 4)
for f in [build_and_run, build_seeded]:
    torch.manual_seed(1)
    e = f(x)
    torch.manual_seed(1)
    c = torch.compile(f, backend="eager")(x)
    print(f.__name__, torch.allclose(e, c), c)
print(torch.rand(3))
