import os, torch
from typing import List
# Scripted graphs of loops and early exits, printed as PyTorch prints them: loop-carried values
# (ConvertToSSA's loads, block parameters and outputs named after the variable), while loops, the
# values TransformExits makes for a `return` inside an if, break/continue, and the .code of each.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def running_sum(x, n: int):
    total = torch.zeros(3)
    for i in range(n):
        total = total + x * i
    return total


@torch.jit.script
def two_carried(x, n: int):
    a = x
    b = x * 0
    for _ in range(n):
        a, b = b + 1, a * 2
    return a - b


@torch.jit.script
def halve_until_small(x):
    steps = 0
    while bool(x.abs().max() > 1.0):
        x = x / 2
        steps += 1
    return x, steps


@torch.jit.script
def early_return(x, k: int):
    if k < 0:
        return x * 0
    y = x + k
    return y * 2


@torch.jit.script
def early_return_both(x, k: int):
    if k > 1:
        return x + 1
    else:
        return x - 1


@torch.jit.script
def first_positive(xs: List[int]):
    found = -1
    for v in xs:
        if v > 0:
            found = v
            break
    return found


@torch.jit.script
def skip_odd(n: int):
    s = 0
    for i in range(n):
        if i % 2 == 1:
            continue
        s += i
    return s


x = torch.tensor([1.0, -2.0, 3.0])
print(running_sum(x, 3).tolist())
show(running_sum)
print(two_carried(x, 3).tolist())
show(two_carried)
y, steps = halve_until_small(torch.tensor([5.0, -3.0]))
print(y.tolist(), steps)
show(halve_until_small)
print(early_return(x, -1).tolist(), early_return(x, 2).tolist())
show(early_return)
print(early_return_both(x, 2).tolist(), early_return_both(x, 0).tolist())
show(early_return_both)
print(first_positive([-3, 0, 4, 7]), first_positive([-1]))
show(first_positive)
print(skip_odd(7))
show(skip_odd)
