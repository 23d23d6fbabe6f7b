import torch
# A torch.compiler.disable'd helper: the caller breaks around the call, the helper runs eagerly.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

@torch.compiler.disable
def helper(x):
    print("helper: compiling?", torch.compiler.is_compiling())
    return x * 3 + 1

def f(x):
    print("f: compiling?", torch.compiler.is_compiling())
    a = x - 1
    b = helper(a)
    return b * 2

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
print("eager", f(x))
out = cf(x)
print("compiled", out, torch.equal(out, f(x)))
print("graphs", len(calls), calls)
out = cf(x)
print("graphs", len(calls))
print("helper alone", helper(x))
