import torch
# More breaks inside grad-mode blocks: a data-dependent jump inside `torch.no_grad()` (one resume
# function per branch, each entering the block again), and a call that raises while the block is
# entered again by the transformed code (the block is left, the grad mode restored, the error
# propagates to the caller).


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def jump(x):
    with torch.no_grad():
        y = x * 2
        if y.sum() > 0:
            z = y + 1
        else:
            z = y - 1
    return z * x


def bad(t):
    print("bad called, grad enabled:", torch.is_grad_enabled())
    raise ValueError("negative input")


def raising(x):
    with torch.no_grad():
        y = x + 1
        if x.shape[0] > 2:
            bad(y)
    return y


x = torch.ones(3, requires_grad=True)
torch._dynamo.reset()
cf = torch.compile(jump, backend=show)
for t in (x, -x.detach()):
    out = cf(t)
    print(out, out.requires_grad, torch.is_grad_enabled())
torch._dynamo.reset()
ex = torch._dynamo.explain(jump)(x)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
for r in ex.break_reasons:
    print(r.reason.splitlines()[0])

torch._dynamo.reset()
cr = torch.compile(raising, backend=show)
try:
    cr(x)
except ValueError as e:
    print("caught", e, "grad enabled:", torch.is_grad_enabled())
