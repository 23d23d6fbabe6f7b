import torch
# requires_grad is part of the tensor guard: flipping it recompiles.

calls = []

def counting(gm, example_inputs):
    calls.append(example_inputs[0].requires_grad)
    return gm.forward

def f(x):
    return (x * x).sum()

cf = torch.compile(f, backend=counting)
a = torch.tensor([1., 2., 3.])
out = cf(a)
print(out, out.requires_grad, "compiles", len(calls))
b = torch.tensor([1., 2., 3.], requires_grad=True)
out = cf(b)
print(out.detach(), out.requires_grad, "compiles", len(calls))
out.backward()
print("grad", b.grad)
out = cf(a)
print(out, "compiles", len(calls))
c = torch.tensor([2., 2., 2.], requires_grad=True)
out = cf(c)
print(out.detach(), "compiles", len(calls))
print(calls)
