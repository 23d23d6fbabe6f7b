import torch

calls = []

def counting(gm, example_inputs):
    calls.append(1)
    return gm.forward

def f(x):
    return (x + 1).relu()

# The exercise: add ONE call of cf, with a tensor, that makes Dynamo recompile
# f exactly once (a guard of the first graph must fail). Keep the calls below.
cf = torch.compile(f, backend=counting)
cf(torch.ones(4))
cf(torch.zeros(4))
print("graphs:", len(calls))
