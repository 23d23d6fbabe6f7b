# Guards on list and tuple arguments as PyTorch 2.11's VariableBuilder installs them (wrap_listlike):
# the length is guarded when the sequence is wrapped, each item lazily, only when the function reads it.
# Several shapes of the construct: len() alone, one item read, items iterated, an item branched on, a
# tuple passed to view(), a list of tensors of which one is used, a nested tuple, sum() over a list,
# a list item stored in a local across a graph break. Each case prints its results and the number of
# graphs compiled so far (a recompile shows as a new graph), then the graphs' code and input kinds.
import torch
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append((gm.code.strip(), [type(t).__name__ for t in example_inputs]))
    return gm.forward


def show(label):
    print(label, "graphs", len(codes))
    for c, kinds in codes:
        print(kinds)
        print(c)
    codes.clear()
    torch._dynamo.reset()


x = torch.arange(4.0)


@torch.compile(backend=rec)
def scale_len(a, b):
    return a * len(b)


for b in ([1, 2, 3], [7, 8, 9], ("p", "q", "r"), [1, 2], [5, 6]):
    print("len", b, scale_len(x, b).tolist(), len(codes))
show("len")


@torch.compile(backend=rec)
def first_item(a, b):
    return a + b[0]


for b in ([1, 2, 3], [1, 5, 6], [1, 9, 9], [2, 9, 9], [3, 0, 0]):
    print("first", b, first_item(x, b).tolist(), len(codes))
show("first")


@torch.compile(backend=rec)
def all_items(a, b):
    total = a
    for v in b:
        total = total * v
    return total


for b in ([1, 2], [1, 2], [1, 3], [2, 3]):
    print("iter", b, all_items(x, b).tolist(), len(codes))
show("iter")


@torch.compile(backend=rec)
def branch(a, opts):
    if opts[1] == "sum":
        return a.sum()
    return a.mean()


for o in ([0, "sum"], [5, "sum"], [5, "mean"], [6, "mean"]):
    print("branch", o, round(branch(x, o).item(), 4), len(codes))
show("branch")


@torch.compile(backend=rec)
def reshape(a, shape):
    return a.view(shape) + 1


for s in ((2, 2), (2, 2), (4, 1), (2, 2)):
    print("view", s, reshape(x, s).shape, len(codes))
show("view")


@torch.compile(backend=rec)
def first_tensor(ts):
    return ts[0] * 2


for ts in ([x, x[:2]], [x, x[:3]], [x + 1, torch.ones(5)], [x[:2], x]):
    print("tensors", [t.shape[0] for t in ts], first_tensor(ts).tolist(), len(codes))
show("tensors")


@torch.compile(backend=rec)
def nested(a, spec):
    return a * spec[1]


for sp in (((1, 2), 3), ((4, 5), 3), ((4, 5), 6), ((7,), 6)):
    print("nested", sp, nested(x, sp).tolist(), len(codes))
show("nested")


@torch.compile(backend=rec)
def summed(a, ws):
    return a * sum(ws)


for ws in ([1, 2], [2, 1], [2, 2]):
    print("sum", ws, summed(x, ws).tolist(), len(codes))
show("sum")


@torch.compile(backend=rec)
def across_break(a, b):
    k = b[0]
    y = a + 1
    torch._dynamo.graph_break()
    return y * k


for b in ([2, 0], [2, 1], [3, 1]):
    print("break", b, across_break(x, b).tolist(), len(codes))
show("break")
