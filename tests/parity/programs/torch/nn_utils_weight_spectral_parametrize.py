# torch.nn.utils.weight_norm / spectral_norm (hook forms, as TCN and SN-GAN code calls them) and
# torch.nn.utils.parametrize with the parametrizations.weight_norm / spectral_norm: parameter names,
# state_dict keys, forward values and gradients on built-in layers, removal, the generated
# Parametrized<Class> and cached(); plus the pieces they rest on (module __class__ assignment,
# ModuleDict deletion, torch.contiguous_format, Tensor.H).
import warnings

import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils import remove_spectral_norm, remove_weight_norm, spectral_norm, weight_norm
from torch.nn.utils import parametrizations

warnings.simplefilter("ignore")
torch.manual_seed(0)

# hook-form weight_norm on a Conv1d (TemporalBlock style)
conv = weight_norm(nn.Conv1d(3, 4, 2, dilation=2))
print(conv)
print([n for n, _ in conv.named_parameters()], tuple(conv.weight_g.shape), tuple(conv.weight_v.shape))
x = torch.randn(2, 3, 7)
y = conv(x)
(y ** 2).mean().backward()
print(y.shape, round(y.sum().item(), 4))
print(conv.weight_g.grad.flatten().round(decimals=4), round(conv.weight_v.grad.abs().sum().item(), 4))
with torch.no_grad():
    conv.weight_g.mul_(2.0)
print(round(conv(x).sum().item(), 4))
remove_weight_norm(conv)
print([n for n, _ in conv.named_parameters()], round(conv(x).sum().item(), 4))
try:
    remove_weight_norm(conv)
except ValueError as e:
    print("ValueError:", str(e).split(" not found")[0])

lin = weight_norm(nn.Linear(4, 3), dim=None)
print(lin.weight_g.shape, round(lin(torch.ones(1, 4)).sum().item(), 4))

# hook-form spectral_norm: one power iteration per training call, none in eval
sn = spectral_norm(nn.Linear(5, 4))
print([n for n, _ in sn.named_parameters()], [n for n, _ in sn.named_buffers()], sorted(sn.state_dict()))
for _ in range(3):
    out = sn(torch.randn(2, 5))
print(out.shape, round(sn.weight_u.norm().item(), 4), round(torch.linalg.matrix_norm(sn.weight, 2).item(), 4))
sn.eval()
u_before = sn.weight_u.clone()
sn(torch.randn(2, 5))
print(torch.equal(u_before, sn.weight_u))
remove_spectral_norm(sn)
print([n for n, _ in sn.named_parameters()])


# parametrize with a user parametrization
class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class Scale(nn.Module):
    def forward(self, X):
        return 2 * X


m = nn.Linear(3, 3)
P.register_parametrization(m, "weight", Symmetric())
print(m)
print(type(m).__name__, isinstance(m, nn.Linear), P.type_before_parametrizations(m).__name__)
print(torch.equal(m.weight, m.weight.T), P.is_parametrized(m), P.is_parametrized(m, "bias"))
m(torch.ones(2, 3)).sum().backward()
print(m.parametrizations.weight.original.grad)
print([n for n, _ in m.named_parameters()], sorted(m.state_dict()))
P.register_parametrization(m, "weight", Scale())
print(len(m.parametrizations.weight), torch.equal(m.weight, 2 * (m.weight / 2)))
with P.cached():
    print(m.weight is m.weight)
try:
    P.register_parametrization(m, "nothing", Scale())
except ValueError as e:
    print("ValueError:", str(e).split("does not have")[1])
P.remove_parametrizations(m, "weight")
print(type(m).__name__, [n for n, _ in m.named_parameters()], torch.equal(m.weight, m.weight.T))

# the parametrization forms of weight_norm and spectral_norm
w = parametrizations.weight_norm(nn.Linear(4, 2))
print(type(w).__name__, sorted(w.state_dict()))
print(tuple(w.parametrizations.weight.original0.shape), round(w(torch.ones(1, 4)).sum().item(), 4))
s = parametrizations.spectral_norm(nn.Linear(4, 3))
s(torch.ones(2, 4))
print(sorted(s.state_dict()), round(torch.linalg.matrix_norm(s.weight, 2).item(), 4))

# the pieces
d = nn.ModuleDict({"a": nn.ReLU(), "b": nn.Tanh()})
del d["a"]
print(list(d.keys()), d.pop("b"), len(d))
print(torch.contiguous_format, torch.channels_last, torch.randn(2, 3).H.shape, torch.randn(2, 3, 4).mH.shape)
