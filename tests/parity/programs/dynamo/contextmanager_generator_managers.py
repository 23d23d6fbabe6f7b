# @contextlib.contextmanager managers inside torch.compile'd functions: PyTorch 2.11's Dynamo inlines
# the generator behind the manager (what runs before its yield when the block is entered, the rest
# when it is left), so each function below is one graph with no break: a manager yielding a value
# computed from its arguments, one yielding a tensor, one that switches grad mode off in a
# try/finally around its yield, two managers in one `with`, and one used inside an inlined helper.
# Printed: the graphs' code (a recording backend), the results and explain()'s counts.
import contextlib

import torch
import torch._dynamo as dynamo


@contextlib.contextmanager
def scaled(k, offset=0):
    yield k * 2 + offset


@contextlib.contextmanager
def doubled(t):
    yield t * 2


@contextlib.contextmanager
def grad_off():
    prev = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    try:
        yield
    finally:
        torch.set_grad_enabled(prev)


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
    print("result", out.shape, round(float(out.sum()), 4), out.requires_grad)
    dynamo.reset()
    ex = dynamo.explain(fn)(*args)
    print("explain", ex.graph_count, ex.graph_break_count)


def yields_number(x):
    with scaled(3, offset=1) as k:
        y = x * k
    return y.sin()


def yields_tensor(x):
    with doubled(x) as t:
        y = t.cos()
    return y + x


def grad_mode(x):
    with grad_off():
        y = x.exp()
    return y + 1


def two_managers(x):
    with scaled(2) as a, doubled(x) as b:
        y = b * a
    return y - 1


def helper(x):
    with scaled(1) as k:
        return x + k


def inlined(x):
    return helper(x) * helper(x + 1)


x = torch.linspace(-1.0, 2.0, 6, requires_grad=True)
show("a number from the manager's arguments", yields_number, x)
show("a tensor yielded", yields_tensor, x)
show("grad mode off around the yield", grad_mode, x)
show("two managers in one with", two_managers, x)
show("a manager in an inlined helper", inlined, x)
