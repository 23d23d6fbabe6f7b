import os, torch
from typing import List
# break and continue in scripted loops of several shapes, printed as PyTorch prints them: the
# prim::LoopContinuation values ConvertToSSA's LoopContinuations makes (false for a break, the loop
# condition for a continue, the carried variables), the did-exit values TransformExits carries and
# the If that guards the rest of the body, in while loops, nested loops and alongside a return.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def while_continue(n: int):
    c = 0
    while n > 0:
        n -= 1
        if n % 3 == 0:
            continue
        c += n
    return c


@torch.jit.script
def nested_break(n: int):
    total = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            total += j
        total += 100
    return total


@torch.jit.script
def break_then_tail(xs: List[int]):
    s = 0
    count = 0
    for x in xs:
        if x < 0:
            s = -1
            break
        s += x
        count += 1
    return s, count


@torch.jit.script
def continue_and_break(x, n: int):
    y = x
    for i in range(n):
        if i == 1:
            continue
        if i > 3:
            break
        y = y * 2
    return y


@torch.jit.script
def break_and_return(n: int):
    k = 0
    while k < n:
        if k == 5:
            return -k
        if k * k > n:
            break
        k += 1
    return k


print(while_continue(9), while_continue(0))
show(while_continue)
print(nested_break(4))
show(nested_break)
print(break_then_tail([1, 2, 3]), break_then_tail([4, -1, 5]))
show(break_then_tail)
print(continue_and_break(torch.ones(2), 6).tolist())
show(continue_and_break)
print(break_and_return(3), break_and_return(40), break_and_return(100))
show(break_and_return)
