import os, torch
# The order of a scripted prim::If's and prim::Loop's outputs, as PyTorch's CanonicalizeOutputs
# leaves it: by the first use of each output (in the graph's printed order, one node's inputs left
# to right), outputs nobody reads dropped by dead code elimination, whatever order the variables
# were assigned in or their names sort in. Several shapes: two and three outputs of an if, outputs
# first read inside a later if, loop-carried values, nested control flow; graphs, code and results.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def if_two(x, k: int):
    if k > 0:
        b = x + 1
        a = k * 2
    else:
        b = x - 1
        a = k
    return a * b


@torch.jit.script
def if_three(x, k: int):
    c = x
    b = x
    a = x
    if k > 1:
        a = x * 2
        b = x * 3
        c = x * 4
    return c - b + a


@torch.jit.script
def if_unused(x, k: int):
    u = 0
    v = x
    if k > 0:
        u = k + 1
        v = x * k
    return v


@torch.jit.script
def read_in_later_if(x, k: int):
    if k > 0:
        p = 1
        q = 2
    else:
        p = 3
        q = 4
    if k > 5:
        return x * q
    return x * p


@torch.jit.script
def loop_carried(x, n: int):
    s = x
    t = x
    for i in range(n):
        t = t + i
        s = s * 2
    return s + t


@torch.jit.script
def loop_nested(x, n: int):
    total = 0
    acc = x
    for i in range(n):
        if i % 2 == 0:
            acc = acc + 1
        else:
            total = total + i
    return acc * total


for fn in [if_two, if_three, if_unused, read_in_later_if, loop_carried, loop_nested]:
    show(fn)

x = torch.arange(3.0)
print(if_two(x, 1), if_two(x, 0))
print(if_three(x, 2), if_three(x, 0))
print(if_unused(x, 2), if_unused(x, -1))
print(read_in_later_if(x, 1), read_in_later_if(x, 9), read_in_later_if(x, -1))
print(loop_carried(x, 3), loop_nested(x, 5))
