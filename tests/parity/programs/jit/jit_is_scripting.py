import torch
import warnings
# torch.jit.is_scripting() / is_tracing(): False in eager, True in the matching mode.

def report(ws):
    n = 0
    for w in ws:
        if w.category.__name__ == "TracerWarning":
            n += 1
            print(" ", w.category.__name__, "|", " ".join(str(w.message).split()[:8]))
    print("tracer warnings:", n)

def f(x):
    if torch.jit.is_scripting():
        return x + 100
    if torch.jit.is_tracing():
        return x + 10
    return x + 1

print(torch.jit.is_scripting(), torch.jit.is_tracing())
x = torch.tensor([1., 2.])
print("eager ", f(x))
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, x, check_trace=False)
report(ws)
print("traced", tf(x))
print("script", torch.jit.script(f)(x))
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    tf2 = torch.jit.trace(f, x)
report(ws)
print("traced (checked)", tf2(x))
print(torch.jit.is_scripting(), torch.jit.is_tracing())
