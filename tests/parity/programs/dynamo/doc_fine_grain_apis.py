# The fine-grained compiler APIs page (docs/source/torch.compiler_fine_grain_apis.rst): torch.compiler.disable,
# torch._dynamo.disallow_in_graph on a torch op, torch.compiler.allow_in_graph on a user function,
# torch.compiler.is_compiling() choosing a path, torch._dynamo.graph_break() and set_stance, each read
# through graph counts and the recorded graphs' code.
import torch
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


x = torch.linspace(-1, 1, 4)


def uses_sub(x):
    return torch.sub(x.sin(), 1).cos()


torch._dynamo.reset()
torch._dynamo.disallow_in_graph(torch.sub)
print([round(v, 4) for v in torch.compile(uses_sub, backend=rec)(x).tolist()])
show("disallow_in_graph")
torch._dynamo.allow_in_graph(torch.sub)
torch._dynamo.reset()
torch.compile(uses_sub, backend=rec)(x)
show("allowed again")


def opaque(t):
    return t.abs().sqrt()


torch.compiler.allow_in_graph(opaque)


def uses_opaque(x):
    return opaque(x * 2) + 1


torch._dynamo.reset()
torch.compile(uses_opaque, backend=rec)(x)
show("allow_in_graph")


def branchy(x):
    if torch.compiler.is_compiling():
        return x + 100
    return x - 100


torch._dynamo.reset()
print(torch.compile(branchy, backend=rec)(x).tolist(), branchy(x).tolist())
show("is_compiling")


@torch.compiler.disable
def eager_only(x):
    return x * 10


def around(x):
    return eager_only(x.exp()) + 1


torch._dynamo.reset()
print([round(v, 4) for v in torch.compile(around, backend=rec)(x).tolist()])
show("disable")

torch._dynamo.reset()
ca = torch.compile(around, backend=rec)
with torch.compiler.set_stance("force_eager"):
    ca(x)
show("force_eager")
ca(x)
show("default stance")


# disallow_in_graph only takes callables Dynamo puts in graphs as-is.
def plain(t):
    return t + 1


try:
    torch._dynamo.disallow_in_graph(plain)
except Exception as err:
    print(type(err).__name__, str(err).split("\n")[0])
torch.compiler.allow_in_graph(plain)
torch._dynamo.disallow_in_graph(plain)


def uses_plain(x):
    return plain(x.sin()).cos()


torch._dynamo.reset()
torch.compile(uses_plain, backend=rec)(x)
show("disallowed user function")
torch._dynamo.reset()
e = torch._dynamo.explain(uses_sub)(x)
print("explain allowed", e.graph_count, [r.reason.split("\n")[0] for r in e.break_reasons])
torch._dynamo.disallow_in_graph(torch.sub)
torch._dynamo.reset()
e = torch._dynamo.explain(uses_sub)(x)
print("explain disallowed", e.graph_count, [r.reason.split("\n")[0] for r in e.break_reasons])
torch._dynamo.allow_in_graph(torch.sub)
