# A TorchDispatchMode that logs each aten call (the "python_subclass / torch_dispatch" tutorials'
# LoggingMode): which OpOverload every eager call reaches, printed as PyTorch prints it
# (aten.add.Tensor), with the arguments as __torch_dispatch__ receives them (defaults left out,
# int lists as lists), the decompositions PyTorch applies before the Python key (x.double() is
# aten._to_copy, a 2-D F.linear is aten.t + aten.addmm, a 2-D matmul aten.mm), nesting, and
# the OpOverload objects' own names, and built-in layers' calls.
import torch
import torch.nn.functional as F
from torch.utils._python_dispatch import TorchDispatchMode, _get_current_dispatch_mode


def describe(a):
    if isinstance(a, torch.Tensor):
        return f"T{list(a.shape)}:{str(a.dtype)[6:]}"
    if isinstance(a, (list, tuple)):
        return "[" + ", ".join(describe(x) for x in a) + "]"
    return repr(a)


class LoggingMode(TorchDispatchMode):
    def __init__(self, tag):
        super().__init__()
        self.tag = tag
        self.seen = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        self.seen.append(func)
        inner = _get_current_dispatch_mode()
        print(f"{self.tag}: {func}({', '.join(describe(a) for a in args)}"
              f"{''.join(f', {k}={describe(v)}' for k, v in kwargs.items())})"
              f" inner={None if inner is None else inner.tag}")
        return func(*args, **kwargs)


x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
w = torch.ones(4, 3)
b = torch.zeros(4)

with LoggingMode("log") as mode:
    y = x + x
    z = y * 2
    s = z.sum()
    r = torch.relu(x - 1)
    m = x @ w.t()
    d = x.double()
    same = x.float()
    out = F.linear(x, w, b)
    c = torch.cat([x, y], dim=1)
    v = c.view(12)
    mean = x.mean(dim=0)
    x2 = x.clone()
    x2.add_(1, alpha=3)

print(same is x)
print(s.item(), r.tolist(), m.tolist())
print(d.dtype, out.shape, c.shape, v.shape, mean.tolist(), x2.tolist())
print(len(mode.seen), mode.seen[0] is torch.ops.aten.add.Tensor)
f = mode.seen[0]
print(str(f), repr(f), f.name(), f.overloadpacket, type(f).__name__)

# nested modes: the inner one sees the call first; its func(*args) reaches the outer one
with LoggingMode("outer"):
    with LoggingMode("inner"):
        q = torch.neg(x)
print(q[0].tolist())
print(_get_current_dispatch_mode())

# built-in layers run as PyTorch's Python forwards do: nn.Linear is F.linear (t + addmm)
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU())
with LoggingMode("model"):
    h = model(x)
print(h.shape)

# an OpOverload called directly dispatches too
with LoggingMode("direct"):
    e = torch.ops.aten.mul.Tensor(x, x)
print(e[1].tolist())
