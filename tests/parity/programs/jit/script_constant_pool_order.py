import os, torch
from typing import List
# Where the constants of a scripted graph stand and which location each keeps, as PyTorch's emitter
# and ConstantPooling leave them: number literals are made once per value at the top of the graph
# when first read (reverse order of first appearance until pooling reverses them back), a unary
# minus on a literal folds into one constant at the minus, the other constants (None, True, strings,
# default arguments such as add's alpha) are made where they are used, and pooling keeps the first
# of equal constants. Several shapes of the rule, with their graphs and code.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def literals_reused(x, k: int):
    y = x * 3 + 1
    if k > 3:
        y = y - 3
    return y * 1


@torch.jit.script
def negatives(x, k: int):
    if k < -1:
        return x - 1
    return x * -2.5 + float(-k)


@torch.jit.script
def floats_and_ints(x):
    a = x * 2.0
    b = a + 2
    c = b / 0.5
    return c - 2.0


@torch.jit.script
def inner_first(x, k: int):
    if k > 0:
        if k > 10:
            x = x + 7
        x = x * 5
    return x - 7


@torch.jit.script
def nested_minus(x, k: int):
    m = -(-1)
    return x * -(2) + m - k


@torch.jit.script
def none_and_strings(xs: List[int], flag: bool):
    s = "a"
    if flag:
        s = "b"
    t = None
    if len(xs) > 0:
        print(s, "first", xs[0])
    return s


for fn in [literals_reused, negatives, floats_and_ints, inner_first, nested_minus, none_and_strings]:
    show(fn)

x = torch.arange(3.0)
print(literals_reused(x, 5), literals_reused(x, 0))
print(negatives(x, -3), negatives(x, 2))
print(floats_and_ints(x), inner_first(x, 11), inner_first(x, 1), inner_first(x, 0))
print(nested_minus(x, 2))
print(none_and_strings([5, 6], True), none_and_strings([], False))
