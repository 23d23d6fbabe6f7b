import torch
# A list argument: its length is guarded, the tensors in it are graph inputs.

calls = []

def counting(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward

def f(xs):
    total = xs[0] * 0
    for t in xs:
        total = total + t
    return total

cf = torch.compile(f, backend=counting)
a = torch.tensor([1., 2.])
b = torch.tensor([3., 4.])
c = torch.tensor([0.5, 0.5])
for xs in [[a, b], [b, a], [a, b, c], [c, c], [a], [a, b, c]]:
    out = cf(xs)
    print(len(xs), out, torch.equal(out, f(xs)), "compiles", len(calls))
print("graph inputs per compile", calls)
