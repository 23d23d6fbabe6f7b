import torch
import warnings
# The same function traced and scripted, run on inputs that take different branches.

def f(x):
    if x.mean() > 1:
        return x - 1
    return x * 4

a = torch.tensor([2., 3.])
b = torch.tensor([0.25, 0.5])
with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, a)
sf = torch.jit.script(f)
for name, x in [("a", a), ("b", b)]:
    print(name, "eager ", f(x))
    print(name, "traced", tf(x))
    print(name, "script", sf(x))
print("trace ok on b:", torch.equal(tf(b), f(b)))
print("script ok on b:", torch.equal(sf(b), f(b)))
with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    tb = torch.jit.trace(f, b)
print("traced on b, run on a:", tb(a))
