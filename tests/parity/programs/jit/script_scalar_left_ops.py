import os, torch
# A number on the left of a tensor operator in TorchScript: no aten overload takes (number, Tensor),
# so PyTorch matches one of its builtin functions written in TorchScript (b * a, b + a, torch.neg(b)
# + a, torch.reciprocal(b) * a, b == a, b != a) and inlines it; the inlined nodes keep the builtin
# source's locations (<string>:LINE:COL). Several shapes (int and float numbers, each operator,
# inside branches and loops), with graphs, code and results; and `%` on numbers, whose left operand
# PyTorch emits twice (once to see whether it is a format string).
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def show(fn):
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)


@torch.jit.script
def int_left(x, k: int):
    return k * x, k + x, k - x, k == x, k != x


@torch.jit.script
def float_left(x, s: float):
    return s * x + 2.0 / x - 1.5 - x


@torch.jit.script
def in_branches(x, k: int):
    if k % 2 == 0:
        y = 3 - x
    else:
        y = (k % 3) * x
    for i in range(k):
        y = i + y
    return y


for fn in [int_left, float_left, in_branches]:
    show(fn)

x = torch.tensor([1.0, 2.0, 4.0])
print(int_left(x, 2))
print(float_left(x, 0.5))
print(in_branches(x, 2), in_branches(x, 3))
