import torch
# A str argument is a constant guarded by value: each new string compiles once.

calls = []

def counting(gm, example_inputs):
    calls.append([n.op for n in gm.graph.nodes])
    return gm.forward

def f(x, mode):
    if mode == "add":
        return x + 1
    elif mode == "mul":
        return x * 3
    return x - 2

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
for mode in ["add", "add", "mul", "add", "sub", "mul", "sub"]:
    out = cf(x, mode)
    print(mode, out, torch.equal(out, f(x, mode)), "compiles", len(calls))
print(calls)
