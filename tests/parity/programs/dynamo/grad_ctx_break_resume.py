import torch
# A graph break inside `with torch.no_grad():` / `torch.enable_grad()` / `torch.set_grad_enabled(b)`
# (PyTorch 2.11's GradModeVariable, a ContextWrappingVariable): the graph so far ends by leaving the
# block (`_set_grad_enabled` back to the mode before it), the breaking instruction runs inside the
# block re-entered, and the resume function enters the block again, so its graph starts with
# `_set_grad_enabled` too. Grad mode changes are coalesced: no node when the mode is already right.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def plain(x):
    with torch.no_grad():
        y = x + 1
        print("inside no_grad", torch.is_grad_enabled())
        y = y * 2
    return y + x


def nested(x):
    with torch.no_grad():
        a = x * 2
        with torch.enable_grad():
            b = x + a
            print("inside enable_grad", torch.is_grad_enabled())
            c = b * 3
        d = c + a
    return d, a


def returns_inside(x):
    with torch.no_grad():
        y = x.sin()
        torch._dynamo.graph_break()
        return y.cos()


def set_false(x):
    with torch.set_grad_enabled(False):
        y = x - 1
        torch._dynamo.graph_break()
        z = y.exp()
    return z, x * 3


def two_breaks(x):
    y = x * 2
    with torch.no_grad():
        y = y + 1
        print("first")
        y = y + 2
        print("second")
        y = y + 3
    return y


for fn in (plain, nested, returns_inside, set_false, two_breaks):
    torch._dynamo.reset()
    print("==", fn.__name__)
    x = torch.ones(3, requires_grad=True)
    out = torch.compile(fn, backend=show)(x)
    outs = out if isinstance(out, tuple) else (out,)
    for o in outs:
        print(o, o.requires_grad)
    print("grad enabled after:", torch.is_grad_enabled())
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(x)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
        print([(f.name, f.lineno) for f in r.user_stack])
