import torch
# User-defined context managers (plain Python __enter__/__exit__) inside compiled code: PyTorch 2.11
# inlines them (GenericContextWrappingVariable); a graph break between two such blocks splits the
# frame into two graphs, and a graph break inside one is reported as PyTorch reports it.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


class CustomCtxManager:
    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        pass


class Scaled:
    def __init__(self, factor):
        self.factor = factor

    def __enter__(self):
        return self.factor * 2

    def __exit__(self, exc_type, exc_value, traceback):
        return False


def between(x):
    with CustomCtxManager():
        x = x + 1
    torch._dynamo.graph_break()
    with CustomCtxManager():
        x = x * 2
    return x


def with_value(x, s):
    with s as k:
        y = x * k
    return y + 1


def inside(x):
    with CustomCtxManager():
        x = x + 1
        torch._dynamo.graph_break()
        x = x * 2
    return x


x = torch.ones(3)
s = Scaled(3)
for fn, args in ((between, (x,)), (with_value, (x, s)), (inside, (x,))):
    torch._dynamo.reset()
    print("==", fn.__name__)
    print(torch.compile(fn, backend=show)(*args))
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(*args)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
        print([(f.name, f.lineno) for f in r.user_stack])
