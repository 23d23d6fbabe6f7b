import torch
# torch.compile as a decorator, with and without arguments; the wrapper keeps the function's name.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

@torch.compile(backend=counting)
def scaled(x, k=2):
    return x * k

def plain(x):
    return x + 1

wrapped = torch.compile(plain, backend=counting)
x = torch.tensor([1., 2.])
print(scaled.__name__, wrapped.__name__)
print(scaled(x), "compiles", len(calls))
print(scaled(x, k=3), "compiles", len(calls))
print(scaled(x, 3), "compiles", len(calls))
print(wrapped(x), "compiles", len(calls))
print(callable(scaled), callable(wrapped))
print(torch.equal(wrapped(x), plain(x)))
