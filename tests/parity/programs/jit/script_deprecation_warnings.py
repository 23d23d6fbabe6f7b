# PyTorch 2.11's DeprecationWarning of torch.jit.script, recorded with catch_warnings: one per
# torch.jit.script call (an already scripted object's included), one per reference to a Python
# function that scripted code resolves (torch.jit._recursive.try_compile_fn calls torch.jit.script
# again each time, before its cache), none for @torch.jit.ignore'd / @torch.jit.unused functions,
# for module methods or submodules (compiled without torch.jit.script), or for torch ops; one per
# @torch.jit.script_method decoration. simplefilter("error") raises it from torch.jit.script.
import warnings

import torch
import torch.nn as nn


def report(label, caught):
    texts = [w.category.__name__ + ": " + str(w.message) for w in caught]
    print(label, len(texts))
    for t in sorted(set(texts)):
        print("   ", texts.count(t), t)


def inner(x):
    return x * 2


def helper(x):
    return inner(x) + 1


@torch.jit.ignore
def python_only(x: torch.Tensor) -> torch.Tensor:
    return x - 1


def f(x):
    y = helper(x) + helper(x * 3)
    return torch.relu(y) + x.sum()


def g(x):
    return python_only(x) + 1


x = torch.tensor([1.0, -2.0, 3.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    sf = torch.jit.script(f)
report("script(f):", caught)
print(sf(x))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    sf2 = torch.jit.script(f)
    same = torch.jit.script(sf)
report("again, and a ScriptFunction:", caught)
print(sf2(x), same is sf)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    sg = torch.jit.script(g)
report("ignored callee:", caught)
print(sg(x))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")

    @torch.jit.script
    def decorated(x, n: int):
        for _ in range(n):
            x = inner(x)
        return x

report("decorator:", caught)
print(decorated(x, 2))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)

    def scale(self, y):
        return helper(y) * 0.5

    def forward(self, x):
        return self.scale(self.fc(x)) + inner(x).sum()


torch.manual_seed(0)
net = Net()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    sm = torch.jit.script(net)
report("script(module):", caught)
print(torch.allclose(sm(x), net(x)))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")

    class Block(torch.jit.ScriptModule):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.ones(3))

        @torch.jit.script_method
        def forward(self, x):
            return helper(x) * self.w

        @torch.jit.script_method
        def twice(self, x):
            return self.forward(x) * 2

    report("script_method decorations:", caught)
    caught.clear()
    b = Block()
    report("ScriptModule subclass instance:", caught)
print(b(x).detach(), b.twice(x).detach())

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        torch.jit.script(inner)
    except DeprecationWarning as e:
        print("raised:", type(e).__name__, e)
    warnings.simplefilter("ignore", DeprecationWarning)
    print("filtered:", torch.jit.script(inner)(x))
