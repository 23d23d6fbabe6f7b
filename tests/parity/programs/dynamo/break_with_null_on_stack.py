# Graph breaks while NULL markers are on the value stack (the NULL below a callable): print of an
# .item(), nested calls, a keyword call, a module-level function taking the break's result, and a
# data-dependent branch inside a call's arguments. The compiled result equals the eager one.
import torch


def show(*a, **k):
    print(*a, **k)
    return len(a)


def f1(x):
    y = x * 2
    print("v", y.sum().item())
    return y


def f2(x):
    y = x + 1
    n = show("a", show("b", y.sum().item(), sep="|"), sep="/")
    return y * n


def f3(x):
    return torch.full((2,), x.sum().item()) + x[:2]


def f4(x):
    y = x - 1
    show("pos" if y.sum() > 0 else "neg")
    return y * 3


def f5(x):
    print("mean", round(x.mean().item(), 4), "max", x.max().item(), sep=" ")
    return x.relu()


for f, inputs in [(f1, [torch.arange(4.0), torch.ones(3)]), (f2, [torch.arange(3.0)]), (f3, [torch.arange(4.0)]),
                  (f4, [torch.arange(4.0), -torch.arange(4.0)]), (f5, [torch.linspace(-1, 1, 5)])]:
    torch._dynamo.reset()
    cf = torch.compile(f, backend="eager")
    for x in inputs:
        e = f(x)
        c = cf(x)
        print(f.__name__, torch.equal(e, c), c)
    ex = torch._dynamo.explain(f)(inputs[0])
    print(f.__name__, "graphs", ex.graph_count, "breaks", ex.graph_break_count)
