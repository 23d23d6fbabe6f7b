import os, torch
from typing import List
# Loops in scripted graphs, numbered and named as PyTorch's ConvertToSSA leaves them: the carried
# variables become block parameters and outputs in name order (a load, the parameter, a load, the
# output each), range() makes its start/step constants, a while loop's condition is copied before
# the loop (InlineLoopCondition), and a for loop whose body can stop it (a return inside) becomes a
# counted while loop (CanonicalizeModifiedLoops). Several shapes, with graphs, code and results.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def three_carried(x, n: int):
    c = x
    a = x * 2
    b = a + 1
    for i in range(n):
        b = b + a
        a = c - i
        c = c * 2
    return a + b + c


@torch.jit.script
def range_start_step(n: int) -> int:
    total = 0
    for i in range(2, n, 3):
        total = total + i
    for j in range(1, n):
        total = total * j
    return total


@torch.jit.script
def over_list(xs: List[int]) -> int:
    best = 0
    count = 0
    for v in xs:
        if v > best:
            best = v
        count += 1
    return best * count


@torch.jit.script
def nested_loops(n: int, m: int) -> int:
    acc = 0
    for i in range(n):
        for j in range(m):
            acc = acc + i * j
        acc = acc + 1
    return acc


@torch.jit.script
def while_count(n: int) -> int:
    steps = 0
    while n > 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@torch.jit.script
def while_tensor(x):
    k = 0
    while bool(x.sum() < 10.0) and k < 5:
        x = x + 1
        k = k + 1
    return x, k


@torch.jit.script
def find_index(xs: List[int], target: int) -> int:
    for i in range(len(xs)):
        if xs[i] == target:
            return i
    return -1


@torch.jit.script
def first_big(xs: List[int]) -> int:
    for v in xs:
        if v > 10:
            return v
    return 0


for fn in [three_carried, range_start_step, over_list, nested_loops, while_count, while_tensor, find_index, first_big]:
    show(fn)

x = torch.arange(3.0)
print(three_carried(x, 3), range_start_step(9), over_list([3, 9, 4]), nested_loops(3, 4))
print(while_count(6), while_count(1), while_tensor(x), while_tensor(x + 20))
print(find_index([4, 5, 6], 6), find_index([], 1), first_big([1, 12, 30]), first_big([1, 2]))
