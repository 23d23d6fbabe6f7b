# The Dynamo deep-dive's guard and int-specialization examples (docs/source/torch.compiler_dynamo_deepdive.rst):
# an int argument specialized, made dynamic after it changes, a guard on `n >= 0` that recompiles for a
# negative n, and `a * len(b)` over a list argument; the graphs and their inputs are recorded.
import torch
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append((gm.code.strip(), [type(t).__name__ for t in example_inputs]))
    return gm.forward


def show(label):
    print(label, "graphs", len(codes))
    for c, kinds in codes:
        print(kinds)
        print(c)
    codes.clear()


@torch.compile(backend=rec)
def fn(x, n):
    y = x ** 2
    if n >= 0:
        return (n + 1) * y
    else:
        return y / n


x = torch.linspace(-1, 1, 5)
for n in (2, 3, 4, -2, -5):
    print(n, [round(v, 4) for v in fn(x, n).tolist()])
show("fn")


@torch.compile(backend=rec)
def mse(x, y):
    z = (x - y) ** 2
    return z.sum()


print(round(mse(torch.linspace(0, 1, 8), torch.linspace(1, 0, 8)).item(), 4))
show("mse")


@torch.compile(backend=rec)
def scaled(a, b):
    return a * len(b)


print(scaled(torch.ones(2), [1, 2, 3]).tolist())
print(scaled(torch.ones(2), [4, 5, 6]).tolist())
print(scaled(torch.ones(2), [1, 2]).tolist())
show("len")
