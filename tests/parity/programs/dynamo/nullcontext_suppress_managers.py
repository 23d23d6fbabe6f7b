# contextlib's managers inside torch.compile'd functions, as PyTorch 2.11 traces them: a
# nullcontext made in the frame (with or without an enter_result bound by `as`; the keyword form
# nullcontext(enter_result=3) is left out: PyTorch 2.11's Dynamo fails on it), one passed in as an
# argument, the common `autocast(...) if amp else nullcontext()` choice, and contextlib.suppress (a
# class with an ABCMeta metaclass, inlined as a user context manager). Each gives one graph and no
# break; printed: the graphs' code (a recording backend) and explain()'s counts. (Not here:
# nullcontext(enter_result=3), the keyword form, which PyTorch 2.11's Dynamo fails on.)
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
    print("==", label, "graphs", len(graphs))
    for g in graphs:
        print(g)
    print("result", out.shape, round(float(out.sum()), 4))
    dynamo.reset()
    ex = dynamo.explain(fn)(*args)
    print("explain", ex.graph_count, ex.graph_break_count, ex.op_count)


x = torch.linspace(-1.0, 2.0, 12).reshape(3, 4)


def made_inside(x):
    with contextlib.nullcontext():
        y = x.sin()
    return y + 1


def bound_as(x):
    with contextlib.nullcontext(x) as t:
        return t.cos() * 2


def passed_in(x, ctx):
    with ctx:
        return x.sin() + 1


def amp_or_null(x, use_amp):
    ctx = torch.autocast("cpu") if use_amp else contextlib.nullcontext()
    with ctx:
        return x @ x.t()


def suppressing(x):
    with contextlib.suppress(ValueError):
        x = x + 1
    return x * 2


def nested(x):
    with contextlib.nullcontext(), torch.no_grad():
        y = x.exp()
    with contextlib.suppress(KeyError, IndexError):
        y = y - 1
    return y


show("nullcontext made inside", made_inside, x)
show("nullcontext(x) as t", bound_as, x)
show("nullcontext passed in", passed_in, x, contextlib.nullcontext())
show("nullcontext passed in, again with another", passed_in, x, contextlib.nullcontext(5))
show("autocast if amp else nullcontext", amp_or_null, x, False)
show("suppress", suppressing, x)
show("nested managers", nested, x)
