import torch
# An optional argument: None and a tensor take different compiled entries.

calls = []

def counting(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward

def f(x, bias=None):
    y = x * 2
    if bias is not None:
        y = y + bias
    return y

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
b = torch.tensor([0.5, -0.5])
print(cf(x), "compiles", len(calls))
print(cf(x, b), "compiles", len(calls))
print(cf(x, None), "compiles", len(calls))
print(cf(x, bias=b), "compiles", len(calls))
print(cf(b, x), "compiles", len(calls))
print(torch.equal(cf(x, b), f(x, b)), torch.equal(cf(x), f(x)))
print("graph inputs per compile", calls)
