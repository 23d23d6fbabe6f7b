import torch
import torch.nn as nn
from collections import OrderedDict
# Lists and dicts mutated inside compiled frames and across graph breaks: `del` of items, one list
# referenced twice at a break, any()/all() of generator expressions, a loop over
# reversed(range(n)) building a list, and Sequentials of Python modules (module.compile()).

torch.manual_seed(0)
x = torch.randn(2, 3, 4)


def report(name, fn, make_args):
    # Fresh arguments for each run: the functions mutate them.
    torch._dynamo.reset()
    eager = fn(*make_args())
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="eager")(*make_args())
    torch._dynamo.reset()
    e = torch._dynamo.explain(fn)(*make_args())
    same = torch.equal(eager[0], compiled[0]) if isinstance(eager, tuple) else torch.equal(eager, compiled)
    print(name, same, e.graph_count, e.graph_break_count, len(e.break_reasons))
    if isinstance(eager, tuple):
        print("  ", eager[1:], compiled[1:])


def del_item(x):
    m = list(x.shape)
    del m[1]
    return x.sum(1).reshape(m)


def del_slice_and_key(x, lst, d):
    del lst[0]
    del lst[-2:]
    del d["k"]
    return x * len(lst), list(d)


def shared_at_break(x):
    m = list(x.shape)
    m.append(int(x.sum().item() > 0))
    m.append(5)
    return x.sum(), m


def any_all(x, ints):
    if any(p < 0 for p in ints):
        return x - 1
    if all(p > 0 for p in ints):
        return x + 1
    return x * 2


def reversed_loop(x, n):
    lst = []
    for d in reversed(range(n)):
        lst += [x * d]
    torch._dynamo.graph_break()
    return sum(lst), len(lst)


report("del_item", del_item, lambda: (x,))
report("del_slice_and_key", del_slice_and_key, lambda: (x, [1, 2, 3, 4, 5], {"k": 1, "j": 2}))
report("shared_at_break", shared_at_break, lambda: (x,))
for ints in ([1, 2], [1, -2], [0, 1]):
    report("any_all" + str(ints), any_all, lambda: (x, ints))
report("reversed_loop", reversed_loop, lambda: (x, 3))


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return torch.relu(self.fc(x))


y = torch.randn(2, 4)
gms = []


def backend(gm, example_inputs):
    gms.append(gm)
    return gm.forward


torch._dynamo.reset()
seq = nn.Sequential(Block(4), Block(4))
ref = seq(y)
seq.compile(backend=backend)
print("module.compile", torch.allclose(seq(y), ref), len(gms))
print([n.name for n in gms[0].graph.nodes])
od = nn.Sequential(OrderedDict([("a", Block(4)), ("b", nn.ReLU()), ("c", Block(4))]))
torch._dynamo.reset()
e = torch._dynamo.explain(od)(y)
print("ordered", torch.allclose(od(y), torch.compile(od, backend="eager")(y)), e.graph_count, e.graph_break_count)
