import torch
# A graph break inside `with torch.autocast(...)` (PyTorch 2.11's break_graph_if_unsupported on an
# AutocastModeVariable, a ContextWrappingVariable): the graph so far leaves the block
# (`_exit_autocast`), the breaking instruction runs inside the block re-entered
# (`torch.amp.autocast_mode.autocast(...)` around it), and the resume function enters the block
# again, so its graph starts with `_enter_autocast` with the same arguments.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def print_inside(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = x @ w
        print("inside", z.dtype, torch.is_autocast_enabled("cpu"))
        z = z @ w.t()
    return z, x.sum()


def explicit_break(x, w):
    y = x * 2
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = y @ w
        torch._dynamo.graph_break()
        u = z @ w.t()
    return u.float() + 1


def break_then_leave(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = x @ w
        torch._dynamo.graph_break()
    return z.float() * 3


def nested_grad(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        with torch.no_grad():
            z = x @ w
            print("no_grad inside autocast", torch.is_grad_enabled(), torch.is_autocast_enabled("cpu"))
            u = z @ w.t()
        v = u * 2
    return v


region = torch.autocast("cpu", dtype=torch.bfloat16)


def outside_object(x, w):
    with region:
        z = x @ w
        torch._dynamo.graph_break()
        u = z @ w.t()
    return u


def returns_inside(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = x @ w
        torch._dynamo.graph_break()
        return z @ w.t()


torch.manual_seed(0)
x = torch.randn(4, 8)
w = torch.randn(8, 3)
for fn in (print_inside, explicit_break, break_then_leave, nested_grad, outside_object, returns_inside):
    torch._dynamo.reset()
    print("==", fn.__name__)
    got = torch.compile(fn, backend=show)(x, w)
    ref = fn(x, w)
    got = got if isinstance(got, tuple) else (got,)
    ref = ref if isinstance(ref, tuple) else (ref,)
    for g, r in zip(got, ref):
        print(g.dtype, g.shape, torch.equal(g, r))
    print("autocast after:", torch.is_autocast_enabled("cpu"), "grad after:", torch.is_grad_enabled())
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(x, w)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for ops in ex.ops_per_graph:
        print([op.__name__ for op in ops])
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
        print([(f.name, f.lineno) for f in r.user_stack])
