import os, torch
from typing import List
# Branches that break or continue: PyTorch's emitter marks no exit block for them (only return and
# raise do), so an If whose branch breaks reads that branch's variables like any other branch,
# statements written after a break are still emitted (then removed by TransformExits), and the
# loop-carried values are typed by unifying the outer and the body's types. Graphs, code, values.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def last_before_stop(xs: List[int], stop: int):
    last = 0
    total = 0
    for v in xs:
        if v == stop:
            last = v
            total = total + 100
            break
        total = total + v
    return last, total


@torch.jit.script
def skip_and_count(xs: List[int]):
    kept = 0
    skipped = 0
    for v in xs:
        if v < 0:
            skipped = skipped + 1
            continue
        kept = kept + v
    return kept, skipped


@torch.jit.script
def while_break_assign(x, limit: float):
    steps = 0
    y = x
    while steps < 10:
        if bool(y.sum() > limit):
            y = y - 1
            break
        y = y * 2
        steps += 1
    return y, steps


@torch.jit.script
def both_branches_exit(xs: List[int]):
    a = 0
    for v in xs:
        if v > 2:
            a = v
            break
        else:
            a = a + v
            continue
    return a


@torch.jit.script
def dead_after_break(xs: List[int]):
    acc = 0
    for v in xs:
        acc = acc + v
        if acc > 5:
            break
            acc = acc * 10
    return acc


@torch.jit.script
def tensor_carried_continue(x, n: int):
    y = x
    for i in range(n):
        if i % 2 == 0:
            y = y + 1
            continue
        y = y * 3
    return y


print(last_before_stop([1, 2, 3, 4], 3), last_before_stop([1, 2], 9))
show(last_before_stop)
print(skip_and_count([1, -2, 3, -4, 5]))
show(skip_and_count)
y, steps = while_break_assign(torch.tensor([0.5, 0.25]), 5.0)
print(y.tolist(), steps)
show(while_break_assign)
print(both_branches_exit([1, 1, 5, 7]), both_branches_exit([0, 1]))
show(both_branches_exit)
print(dead_after_break([1, 2, 3, 4]))
show(dead_after_break)
print(tensor_carried_continue(torch.tensor([1.0, 2.0]), 4).tolist())
show(tensor_carried_continue)
