# reshape with sizes that became dynamic ints, in its other spellings: torch.reshape(x, shape),
# x.reshape(a, b) with separate arguments, and a 3-d reshape of a 1-d input, plus view to 3-d sizes.
# Under fake tensors reshape runs torch._refs' reshape and view runs view's meta (computeStride); the
# decisions they take on the symbolic sizes are guards, so some later sizes recompile although the
# element counts agree. Printed per call: the result's shape, equality with eager and the number of
# graphs compiled so far.
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
        print(label, s, tuple(out.shape), torch.equal(out, fn(x, s)), len(codes))


def torch_reshape(a, shape):
    return torch.reshape(a, shape) * 3


def reshape_args(a, shape):
    return a.reshape(shape[0], shape[1]) + 2


def reshape_3d(a, shape):
    return a.reshape(shape).sum(0)


def view_3d(a, shape):
    return a.view(shape).amax(-1)


x = torch.arange(12.0)
run("torch.reshape", torch_reshape, x, [(3, 4), (6, 2), (2, 6), (12, 1), (1, 12), (4, 3)])
run("reshape args", reshape_args, x, [(3, 4), (4, 3), (1, 12), (2, 6)])
run("reshape 3d", reshape_3d, x, [(2, 3, 2), (3, 2, 2), (1, 4, 3), (2, 2, 3), (3, 4, 1)])
run("view 3d", view_3d, x, [(2, 2, 3), (3, 2, 2), (2, 3, 2), (1, 2, 6), (6, 2, 1)])
