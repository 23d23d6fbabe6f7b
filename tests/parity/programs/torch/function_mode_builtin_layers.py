# A TorchFunctionMode reaches the torch calls the built-in layers make, as PyTorch's Python layers
# make them: their __init__'s factories (torch.empty for parameters, torch.zeros / ones / tensor for
# BatchNorm's buffers) with device= and dtype= keywords, the torch.nn.init functions that dispatch
# (uniform_, normal_, constant_, kaiming_uniform_: handed over as handle_torch_function does, args ()
# and every parameter by keyword, tensor= included), and their forward's functional call (F.linear,
# F.embedding, F.layer_norm, conv2d). Modes built on this: lit-llama's EmptyInitOnDevice (factories
# get the mode's dtype, initialisers are skipped, so no random numbers are drawn) and a mode that
# moves the factories to the meta device; nn.init called directly by a program dispatches the same way.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils._device
from torch.overrides import TorchFunctionMode

WATCH = {"linear", "embedding", "layer_norm", "conv2d", "relu"}


class Log(TorchFunctionMode):
    # Records the factories, the nn.init functions and the functional calls (other Tensor calls the
    # layers make are left out of the record).
    def __init__(self):
        super().__init__()
        self.calls = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "?")
        if func in torch.utils._device._device_constructors():
            self.calls.append(f"{name}(nargs={len(args)}, kw={list(kwargs)})")
        elif getattr(func, "__module__", None) == "torch.nn.init":
            self.calls.append(f"init.{name}(nargs={len(args)}, kw={sorted(kwargs)})")
        elif name in WATCH:
            self.calls.append(name)
        return func(*args, **kwargs)


def show(title, build):
    torch.manual_seed(0)
    with Log() as log:
        m = build()
    print(title)
    for c in log.calls:
        print("  ", c)
    print("   params:", [(n, tuple(p.shape), p.dtype) for n, p in m.named_parameters()])
    return m


lin = show("Linear(4, 3)", lambda: nn.Linear(4, 3))
torch.manual_seed(0)
ref = nn.Linear(4, 3)
print("same values as without a mode:", torch.equal(lin.weight, ref.weight), torch.equal(lin.bias, ref.bias))
show("Linear(4, 3, bias=False)", lambda: nn.Linear(4, 3, bias=False))
show("Embedding(5, 2)", lambda: nn.Embedding(5, 2))
show("LayerNorm(3)", lambda: nn.LayerNorm(3))
show("Conv2d(2, 4, 3)", lambda: nn.Conv2d(2, 4, 3))
bn = show("BatchNorm1d(3)", lambda: nn.BatchNorm1d(3))
print("   buffers:", [(n, b.dtype) for n, b in bn.named_buffers()])

# Forward calls under a mode.
torch.manual_seed(0)
model = nn.Sequential(nn.Embedding(6, 4), nn.LayerNorm(4), nn.Linear(4, 4), nn.ReLU())
conv = nn.Conv2d(1, 2, 3)
idx = torch.tensor([[1, 2, 3]])
plain = model(idx)
with Log() as log:
    out = model(idx)
    cout = conv(torch.ones(1, 1, 4, 4))
print("forward:", log.calls)
print("forward same result:", torch.equal(out, plain), tuple(cout.shape))


class Scaled(nn.Linear):
    # A subclass whose forward reaches the built-in one through super().
    def forward(self, x):
        return super().forward(x) * 2


torch.manual_seed(0)
sub = Scaled(4, 2)
with Log() as log:
    y = sub(torch.ones(1, 4))
print("subclass forward:", log.calls, torch.allclose(y, 2 * F.linear(torch.ones(1, 4), sub.weight, sub.bias)))


# lit-llama's EmptyInitOnDevice (lit_llama/utils.py), verbatim but for the quantization branch.
class EmptyInitOnDevice(torch.overrides.TorchFunctionMode):
    def __init__(self, device=None, dtype=None):
        self.device = device
        self.dtype = dtype

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if getattr(func, "__module__", None) == "torch.nn.init":
            if "tensor" in kwargs:
                return kwargs["tensor"]
            else:
                return args[0]
        if (self.device is not None and func in torch.utils._device._device_constructors()
                and kwargs.get("device") is None):
            kwargs["device"] = self.device
        if (self.dtype is not None and func in torch.utils._device._device_constructors()
                and kwargs.get("dtype") is None):
            kwargs["dtype"] = self.dtype
        return func(*args, **kwargs)


torch.manual_seed(0)
before = torch.get_rng_state()
with EmptyInitOnDevice(dtype=torch.float64):
    net = nn.Sequential(nn.Linear(3, 5), nn.LayerNorm(5), nn.Embedding(4, 5), nn.Conv2d(1, 2, 3),
                        nn.BatchNorm1d(5))
print("EmptyInitOnDevice dtypes:", sorted({str(p.dtype) for p in net.parameters()}),
      net[4].num_batches_tracked.dtype, net[4].running_mean.dtype)
print("no random numbers drawn:", torch.equal(before, torch.get_rng_state()))
print("layer norm still ones/zeros:", net[1].weight.tolist(), net[1].bias.tolist())

with EmptyInitOnDevice(device="meta"):
    big = nn.Linear(1000, 1000)
print("meta:", big.weight.device, big.weight.is_meta, big.bias.shape)


# nn.init called directly dispatches too; ones_/zeros_ reach the mode as Tensor.fill_/zero_.
class InitNames(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.seen = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "?")
        if getattr(func, "__module__", None) == "torch.nn.init" or name in ("fill_", "zero_"):
            self.seen.append((name, len(args), sorted(kwargs)))
        return func(*args, **kwargs)


w = torch.empty(2, 3)
with InitNames() as seen:
    nn.init.uniform_(w, -1, 1)
    nn.init.normal_(w, std=0.5)
    nn.init.constant_(w, 0.25)
    nn.init.kaiming_uniform_(w, a=1.0)
    nn.init.ones_(w)
    nn.init.zeros_(w)
for s in seen.seen:
    print("init:", s)
print(w)
