# More shapes of a graph break inside `with contextlib.nullcontext():` under torch.compile: the break
# inside a helper function called in the block (the caller breaks at the call and resumes in the block),
# one `with` statement holding nullcontext() and torch.no_grad(), a nullcontext chosen by a flag
# (`autocast(...) if amp else nullcontext()`), a break in a loop inside the block (the frame runs
# eagerly, as for any break in a loop), and a tensor returned from inside the block after the break.
# Printed: results, the number of graphs compiled, explain()'s counts and break reasons.
import contextlib

import torch
import torch._dynamo as dynamo


def show(label, fn, *args):
    dynamo.reset()
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(len([n for n in gm.graph.nodes if n.op in ("call_function", "call_method")]))
        return gm.forward

    out = torch.compile(fn, backend=backend)(*args)
    ref = fn(*args)
    print("==", label, "graphs", graphs, "match", torch.allclose(out, ref), "requires_grad", out.requires_grad)
    dynamo.reset()
    ex = dynamo.explain(fn)(*args)
    print("explain", ex.graph_count, ex.graph_break_count, ex.op_count)
    for r in ex.break_reasons:
        print("  reason:", r.reason.splitlines()[0])


x = torch.linspace(-1.0, 2.0, 12).reshape(3, 4)
w = torch.linspace(0.5, 1.5, 12).reshape(3, 4).requires_grad_()


def noisy(t):
    print("helper sees", tuple(t.shape))
    return t + 1


def helper_breaks(x):
    with contextlib.nullcontext():
        y = x.sin()
        y = noisy(y)
        y = y * 2
    return y.cos()


def combined(w):
    with contextlib.nullcontext(), torch.no_grad():
        y = w * 3
        dynamo.graph_break()
        y = y.exp()
    return y + w


def chosen(x, amp):
    ctx = torch.autocast("cpu", dtype=torch.bfloat16) if amp else contextlib.nullcontext()
    with ctx:
        y = x @ x.t()
        dynamo.graph_break()
        y = y.relu()
    return y.sum(1)


def loop_inside(x):
    with contextlib.nullcontext():
        for i in range(2):
            x = x + i
            dynamo.graph_break()
    return x * 2


def return_inside(x):
    with contextlib.nullcontext():
        y = x.tanh()
        dynamo.graph_break()
        return y - 1


show("break in a helper", helper_breaks, x)
show("nullcontext() and no_grad()", combined, w)
show("nullcontext chosen by a flag", chosen, x, False)
show("break in a loop", loop_inside, x)
show("return inside the block", return_inside, x)
