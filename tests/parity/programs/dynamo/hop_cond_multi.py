import torch
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs
# Several torch.conds in one compiled function (cond_true_0, cond_true_1, ...), a cond whose branch
# calls a helper and returns a list, conds in an unrolled loop, a cond after a graph break (the next
# graph numbers its subgraphs from 0 again), and a module holding a buffer.


def show(gm):
    print(gm.code.strip())
    for name, sub in gm.named_children():
        print("--", name)
        print(sub.code.strip())


def helper(t, s):
    return t * s + s


def two_conds(x, y):
    a = torch.cond(x.sum() > 0, lambda x: x + 1, lambda x: x - 1, (x,))
    b = torch.cond(y.max() > 1, lambda a, y: helper(a, y), lambda a, y: a * 0.5, (a, y))
    return a, b


def list_out(x):
    def tf(x):
        return [x.relu(), helper(x, 2.0)]

    def ff(x):
        return [x.abs(), x.neg()]

    r = torch.cond(x.mean() > 0, tf, ff, [x])
    return r[0] + r[1]


def looped(x):
    for k in range(3):
        x = torch.cond(x.sum() > k, lambda x: x * 2, lambda x: x + 3, (x,))
    return x


def after_break(x):
    x = torch.cond(x.sum() > 0, lambda x: x.sin(), lambda x: x.cos(), (x,))
    print("between graphs")
    return torch.cond(x.sum() > 0.5, lambda x: x * 10, lambda x: x - 10, (x,))


class Buffered(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("offset", torch.tensor([1.0, -1.0, 0.5]))

    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda x: x + self.offset, lambda x: x - self.offset, (x,))


def fmt(t):
    return [f"{v:.4f}" for v in t.reshape(-1).tolist()]


x = torch.tensor([0.5, -1.0, 2.0])
y = torch.tensor([3.0, 0.25, -2.0])
for name, fn, args in (("two_conds", two_conds, (x, y)), ("list_out", list_out, (x,)), ("looped", looped, (x,)),
                       ("after_break", after_break, (x,)), ("module", Buffered(), (x,))):
    print("=====", name)
    backend = EagerAndRecordGraphs()
    cnt = CompileCounterWithBackend(backend)
    cf = torch.compile(fn, backend=cnt)
    for inp in (args, tuple(-a for a in args)):
        got, want = cf(*inp), fn(*inp)
        if isinstance(got, tuple):
            print([fmt(g) for g in got], all(torch.allclose(g, w) for g, w in zip(got, want)))
        else:
            print(fmt(got), torch.allclose(got, want))
    print("frames", cnt.frame_count, "graphs", len(backend.graphs))
    for gm in backend.graphs:
        show(gm)
