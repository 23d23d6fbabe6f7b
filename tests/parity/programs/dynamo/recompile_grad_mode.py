import torch
# Grad mode is part of the global-state guard: no_grad recompiles once, then both entries are reused.

calls = []

def counting(gm, example_inputs):
    calls.append(torch.is_grad_enabled())
    return gm.forward

def f(x):
    return x * 2 + 1

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.], requires_grad=True)
out = cf(x)
print("grad on ", out.requires_grad, "compiles", len(calls))
with torch.no_grad():
    out = cf(x)
    print("no_grad ", out.requires_grad, "compiles", len(calls))
out = cf(x)
print("grad on ", out.requires_grad, "compiles", len(calls))
with torch.no_grad():
    out = cf(x)
    print("no_grad ", out.requires_grad, "compiles", len(calls))
with torch.enable_grad():
    out = cf(x)
    print("enable_grad", out.requires_grad, "compiles", len(calls))
print("grad mode at each compile", calls)
print(torch.equal(out.detach(), f(x).detach()))
