import torch
# torch.compiler.disable as a decorator, as a wrapper, and on the compiled function itself.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    return x * 2 + 1

df = torch.compiler.disable(f)
print(df(torch.tensor([1., 2.])), "compiles", len(calls))
cdf = torch.compile(df, backend=counting)
print(cdf(torch.tensor([1., 2.])), "compiles", len(calls))

@torch.compiler.disable
def g(x):
    return x - 1

cg = torch.compile(g, backend=counting)
print(cg(torch.tensor([1., 2.])), "compiles", len(calls))
cf = torch.compile(f, backend=counting)
print(cf(torch.tensor([1., 2.])), "compiles", len(calls))
print(torch.compiler.disable(cf)(torch.tensor([3., 4.])), "compiles", len(calls))
print(df.__name__, g.__name__)
