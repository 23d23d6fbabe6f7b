import torch
# Values live across a break (tensors, a list, an int) are handed to the resumed code.

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x, k):
    a = x + k
    b = [a, a * 2]
    n = len(b)
    print("break here", n)
    return b[0] + b[1] * n + k

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
out = cf(x, 3)
print("compiled", out, torch.equal(out, f(x, 3)))
print("graphs", len(calls))
for c in calls:
    print(" inputs", c)
out = cf(x, 3)
print("graphs", len(calls))
