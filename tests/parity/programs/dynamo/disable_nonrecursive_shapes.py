# torch.compiler.disable(fn, recursive=False) in its several shapes: the decorator form, the call
# form, on a method, with a reason, inside fullgraph=True, torch.compile of the wrapper, a recursive
# disable of a non-recursive wrapper, and the wrapper's attributes. Only the wrapped function's own
# frame runs eagerly; what it calls is compiled (graphs are counted with a recording backend).
import torch
import torch.nn as nn
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append(gm.code.strip())
    return gm.forward


def show(label):
    print(label, "graphs", len(codes))
    for c in codes:
        print(c)
    codes.clear()


def first_lines(e):
    return [r.reason.split("\n")[0] for r in e.break_reasons]


# 1. The troubleshooting page's example: inner2 breaks its own graph, outer2's frame is skipped.
def inner2(x):
    torch._dynamo.graph_break()
    return x + 1


@torch.compiler.disable(recursive=False)
def outer2(x):
    x = x + 2
    torch._dynamo.graph_break()
    return inner2(x)


def g(x):
    x = outer2(x)
    return x + 4


torch._dynamo.reset()
print(torch.compile(g, backend=rec)(torch.ones(3)))
show("decorator")


# 2. The call form on a plain helper that does tensor work of its own (compiled as a frame).
def work(x):
    return x.sin() * 2


work_nr = torch.compiler.disable(work, recursive=False)


def step(x):
    y = x.cos()
    y = work_nr(y)
    return y.exp()


torch._dynamo.reset()
print(torch.compile(step, backend=rec)(torch.zeros(2)))
show("call form")
torch._dynamo.reset()
e = torch._dynamo.explain(step)(torch.zeros(2))
print("explain call form", e.graph_count, e.graph_break_count, first_lines(e))


# 3. A reason is quoted in the break's explanation.
def helper(x):
    return x * 3


helper_nr = torch.compiler.disable(helper, recursive=False, reason="logs to disk")


def with_reason(x):
    return helper_nr(x + 1) - 1


torch._dynamo.reset()
e = torch._dynamo.explain(with_reason)(torch.ones(2))
print("reason", e.graph_count, e.graph_break_count, first_lines(e))
print("reason quoted", all("(reason: logs to disk)" in r.reason for r in e.break_reasons))


# 4. The recursive form next to it: its callees run eagerly too.
work_rec = torch.compiler.disable(work)


def rec_form(x):
    return work_rec(x + 1) - 1


torch._dynamo.reset()
e = torch._dynamo.explain(rec_form)(torch.ones(2))
print("recursive", e.graph_count, e.graph_break_count, first_lines(e))


# 5. A method of a module, the wrapped method calling another module.
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(3, 2)

    @torch.compiler.disable(recursive=False)
    def middle(self, h):
        return self.b(torch.relu(h))

    def forward(self, x):
        return self.middle(self.a(x)).sum(-1)


torch.manual_seed(0)
m = Block()
torch._dynamo.reset()
out = torch.compile(m, backend=rec)(torch.ones(2, 3))
print([round(v, 4) for v in out.tolist()])
print("method graphs", len(codes))
codes.clear()

# 6. fullgraph=True refuses to skip the frame.
torch._dynamo.reset()
try:
    torch.compile(g, backend=rec, fullgraph=True)(torch.ones(3))
except torch._dynamo.exc.Unsupported as err:
    print("fullgraph", type(err).__name__, str(err).split("\n")[0])
codes.clear()

# 7. torch.compile of the wrapper compiles the wrapped function itself (innermost_fn).
nr = torch.compiler.disable(work, recursive=False)
torch._dynamo.reset()
print(torch.compile(nr, backend=rec)(torch.ones(2)))
show("compile wrapper")

# 8. A recursive disable of the wrapper disables the function and its callees.
full = torch.compiler.disable(nr)


def uses_full(x):
    return full(x) + 1


torch._dynamo.reset()
e = torch._dynamo.explain(uses_full)(torch.ones(2))
print("recursive of wrapper", e.graph_count, e.graph_break_count, first_lines(e))

# 9. The wrapper's attributes, as decorators.disable sets them.
print(nr.__name__, nr.__qualname__, nr.__wrapped__ is work, nr._torchdynamo_orig_callable is work)
print(nr._torchdynamo_disable, nr._torchdynamo_disable_msg, nr._torchdynamo_disable_recursive)
print(outer2.__name__, outer2(torch.zeros(1)))
