# A graph break inside a `with` block, as PyTorch 2.11's break_graph_if_unsupported handles it: a
# block of a manager Dynamo models as a ContextWrappingVariable (contextlib.nullcontext() made in the
# frame or passed in, torch.no_grad(), torch.enable_grad(), torch.set_grad_enabled(b), nested
# blocks of them) is left by the graph before the break, re-entered around the breaking instruction
# and entered again by the resume function, which compiles a graph of its own; a user-defined manager
# (GenericContextWrappingVariable) or contextlib.suppress cannot be, so the frame runs eagerly.
# Printed per case: the result, the graphs a recording backend received (their code), and explain()'s
# graph count, break count and break reasons.
import contextlib

import torch
import torch._dynamo as dynamo


def show(label, fn, *args):
    dynamo.reset()
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm.code.strip())
        return gm.forward

    out = torch.compile(fn, backend=backend)(*args)
    again = torch.compile(fn, backend=backend)(*args)
    print("==", label, "graphs", len(graphs), "requires_grad", out.requires_grad)
    for g in graphs:
        print(g)
    print("result", tuple(out.shape), round(float(out.sum()), 4), torch.equal(out, again))
    dynamo.reset()
    ex = dynamo.explain(fn)(*args)
    print("explain", ex.graph_count, ex.graph_break_count, ex.op_count)
    for r in ex.break_reasons:
        print("  reason:", r.reason.splitlines()[0])


x = torch.linspace(-1.0, 2.0, 12).reshape(3, 4)
w = torch.linspace(0.5, 1.5, 12).reshape(3, 4).requires_grad_()


def null_print(x):
    with contextlib.nullcontext():
        y = x.sin()
        print("inside nullcontext")
        z = y * 2
    return z + 1


def null_graph_break(x):
    y = x.cos()
    with contextlib.nullcontext():
        y = y + 1
        dynamo.graph_break()
        y = y * 3
    return y.sum(0)


def null_passed_in(x, ctx):
    with ctx:
        y = x.exp()
        dynamo.graph_break()
    return y - 1


def null_then_no_grad(w):
    with contextlib.nullcontext():
        with torch.no_grad():
            y = w * 2
            print("inside no_grad")
            y = y + 1
    return y * w


def no_grad_then_null(w):
    with torch.no_grad():
        with contextlib.nullcontext():
            y = w.tanh()
            dynamo.graph_break()
            y = y - 1
    return y + w


def set_grad_break(w):
    with torch.set_grad_enabled(False):
        y = w.relu()
        dynamo.graph_break()
        y = y * w
    return y


def two_breaks(x):
    with contextlib.nullcontext():
        a = x + 1
        dynamo.graph_break()
        b = a * 2
        print("second break")
        c = b - 3
    return c


class Tracked:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def user_manager_break(x):
    with Tracked():
        y = x.sin()
        dynamo.graph_break()
        y = y + 1
    return y


def suppress_break(x):
    with contextlib.suppress(KeyError):
        y = x.cos()
        dynamo.graph_break()
        y = y * 2
    return y


show("nullcontext, print", null_print, x)
show("nullcontext, graph_break()", null_graph_break, x)
show("nullcontext passed in", null_passed_in, x, contextlib.nullcontext())
show("nullcontext around no_grad", null_then_no_grad, w)
show("no_grad around nullcontext", no_grad_then_null, w)
show("set_grad_enabled(False)", set_grad_break, w)
show("two breaks in one block", two_breaks, x)
show("user-defined manager", user_manager_break, x)
show("contextlib.suppress", suppress_break, x)
