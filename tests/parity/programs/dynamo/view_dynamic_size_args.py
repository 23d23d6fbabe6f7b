# Views whose sizes are ints that became dynamic (automatic dynamic shapes: a changed int is a SymInt
# input on the recompile). The fake kernel of view decides the new strides on the symbolic sizes
# (computeStride compares the view's running element count with the input's, and a size with 1),
# and each decision is a guard, so a later call whose sizes decide differently recompiles although
# the numbers of elements agree. Printed per call: the result's shape and strides and the number of
# graphs compiled so far; then the graphs' code.
import torch
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append(gm.code.strip())
    return gm.forward


def run(label, fn, x, shapes):
    torch._dynamo.reset()
    codes.clear()
    cf = torch.compile(fn, backend=rec)
    for s in shapes:
        out = cf(x, s)
        ref = fn(x, s)
        print(label, s, tuple(out.shape), out.stride(), torch.equal(out, ref), len(codes))
    for c in codes:
        print(c)


def view_tuple(a, shape):
    return a.view(shape) + 1


def view_args(a, shape):
    return a.view(shape[0], shape[1]) * 2


def reshape_tuple(a, shape):
    return a.reshape(shape) - 1


def view_3d(a, shape):
    return a.view(shape).sum(-1)


x = torch.arange(4.0)
y = torch.arange(12.0)
run("view tuple", view_tuple, x, [(2, 2), (2, 2), (4, 1), (1, 4), (2, 2), (4, 1)])
run("view args", view_args, x, [(2, 2), (4, 1), (1, 4), (4, 1)])
run("reshape", reshape_tuple, y, [(3, 4), (6, 2), (2, 6), (12, 1), (1, 12)])
run("view 3d", view_3d, y, [(2, 3, 2), (3, 2, 2), (1, 3, 4), (3, 4, 1)])
