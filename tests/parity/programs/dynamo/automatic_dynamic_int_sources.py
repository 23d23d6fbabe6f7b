# Automatic dynamic ints by where they come from (PyTorch 2.11's is_int_specialization_case): an int
# read from a local, an item of a local list or dict, or an attribute of a plain object passed in is
# static on the first compile and a SymInt placeholder once a recompile sees it change; an int read
# from a global or through an nn.Module (its attribute, a plain object it holds) stays a constant
# guarded by value, so each new value recompiles. A frame input that was a tensor on one call and an
# int on the next is dynamic at once (one frame-state entry per source), and float()/int() of a
# symbolic int stay in the graph as torch.sym_float / torch.sym_int.
import torch

graphs = []


def counting(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


def show(label):
    gm = graphs[-1]
    nodes = []
    for n in gm.graph.nodes:
        if n.op == "placeholder":
            nodes.append("in:" + n.name)
        elif n.op == "call_function":
            nodes.append(getattr(n.target, "__name__", str(n.target)))
        elif n.op == "call_method":
            nodes.append("." + n.target)
    print(label, "graphs", len(graphs), nodes)


class Cfg:
    def __init__(self, width, depth=1):
        self.width = width
        self.depth = depth


x = torch.arange(4.0).reshape(2, 2)


def by_attr(x, cfg):
    return x.repeat(1, cfg.width) + cfg.depth


f = torch.compile(by_attr, backend=counting)
for w in [2, 3, 5]:
    out = f(x, Cfg(w))
    print("attr", w, tuple(out.shape), torch.equal(out, by_attr(x, Cfg(w))))
    show("  attr")


def by_item(x, sizes, opts):
    return x.sum() * sizes[0] + opts["bias"]


f = torch.compile(by_item, backend=counting)
for k in [2, 3, 4]:
    out = f(x, [k, 7], {"bias": k + 1})
    print("item", k, out.item())
    show("  item")

STEP = 2


def by_global(x):
    return x * STEP


f = torch.compile(by_global, backend=counting)
for s in [2, 3, 4]:
    STEP = s
    print("global", s, f(x).sum().item())
    show("  global")


class Scale(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.cfg = Cfg(k + 1)

    def forward(self, x):
        return x * self.k + self.cfg.width


scale = Scale(2)
f = torch.compile(scale, backend=counting)
for k in [2, 3, 4]:
    scale.k = k
    scale.cfg.width = k + 1
    print("module", k, f(x).sum().item())
    show("  module")


def to_number(v):
    if isinstance(v, torch.Tensor):
        return v * 2
    return torch.full((2,), float(v)) + int(v)


f = torch.compile(to_number, backend=counting)
print("tensor then int", f(x).sum().item(), f(3).tolist())
show("  int after tensor")
print("int again", f(4).tolist(), "graphs", len(graphs))


def width_of(cfg, x):
    return x.new_zeros(cfg.width, cfg.width).sum() + x


f = torch.compile(width_of, backend=counting)
for w in [2, 3, 6]:
    print("new_zeros", w, f(Cfg(w), torch.ones(2)).tolist())
    show("  new_zeros")
