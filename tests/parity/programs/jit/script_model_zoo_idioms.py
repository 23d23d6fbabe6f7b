# torch.jit.script over idioms of model-zoo code: a relative positional encoding that caches its
# table in a plain tensor attribute and rebuilds it with slice assignments (Conformer), a
# `transpose(*self.shape)` module, devices compared, index assignments with numbers and tensor
# indices, and MobileNetV3's built-in activations (ReLU6, Hardswish, Hardsigmoid) next to Hardtanh,
# ELU, Mish and Softplus.
import math

import torch
from torch import Tensor, nn


class RelPositionalEncoding(nn.Module):
    def __init__(self, d_model: int = 8, max_len: int = 4):
        super().__init__()
        self.d_model = d_model
        self.pe = None
        self.extend_pe(torch.tensor(0.0).expand(1, max_len))

    def extend_pe(self, x: Tensor) -> None:
        if self.pe is not None:
            if self.pe.size(1) >= x.size(1) * 2 - 1:
                if self.pe.dtype != x.dtype or self.pe.device != x.device:
                    self.pe = self.pe.to(dtype=x.dtype, device=x.device)
                return
        pe_positive = torch.zeros(x.size(1), self.d_model)
        pe_negative = torch.zeros(x.size(1), self.d_model)
        position = torch.arange(0, x.size(1), dtype=torch.float32).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, self.d_model, 2, dtype=torch.float32) * -(math.log(10000.0) / self.d_model))
        pe_positive[:, 0::2] = torch.sin(position * div_term)
        pe_positive[:, 1::2] = torch.cos(position * div_term)
        pe_negative[:, 0::2] = torch.sin(-1 * position * div_term)
        pe_negative[:, 1::2] = torch.cos(-1 * position * div_term)
        pe_positive = torch.flip(pe_positive, [0]).unsqueeze(0)
        pe_negative = pe_negative[1:].unsqueeze(0)
        self.pe = torch.cat([pe_positive, pe_negative], dim=1).to(device=x.device, dtype=x.dtype)

    def forward(self, x: Tensor) -> Tensor:
        self.extend_pe(x)
        return self.pe[:, self.pe.size(1) // 2 - x.size(1) + 1 : self.pe.size(1) // 2 + x.size(1)]


class Transpose(nn.Module):
    def __init__(self, shape: tuple):
        super().__init__()
        self.shape = shape

    def forward(self, x: Tensor) -> Tensor:
        return x.transpose(*self.shape)


class Masked(nn.Module):
    def forward(self, x: Tensor, idx: Tensor) -> Tensor:
        y = x.clone()
        y[0] = -1
        y[:, 1:] = 0.5
        y[idx, 0] = torch.zeros(idx.size(0))
        y[:, -1] = x[:, 0] * 2
        return y


class Activations(nn.Module):
    def __init__(self):
        super().__init__()
        self.acts = nn.Sequential(nn.ReLU6(), nn.Hardswish(), nn.Hardsigmoid())
        self.more = nn.ModuleList([nn.Hardtanh(-0.5, 0.5), nn.ELU(0.3), nn.Mish(), nn.Softplus(2.0, 5.0)])

    def forward(self, x: Tensor) -> Tensor:
        out = self.acts(x * 4)
        for m in self.more:
            out = out + m(x)
        return out


torch.manual_seed(0)
pe = RelPositionalEncoding()
s = torch.jit.script(pe)
print(type(s.pe).__name__, tuple(s.pe.shape))
x = torch.randn(1, 6, 8)
print(tuple(s(x).shape), tuple(s.pe.shape))
eager = RelPositionalEncoding()
print(torch.allclose(s(x), eager(x)), torch.allclose(s.pe, eager.pe))
print(s(torch.randn(1, 2, 8)).shape)

t = torch.jit.script(Transpose((1, 2)))
print(tuple(t(torch.randn(2, 3, 4)).shape))

m = torch.jit.script(Masked())
x = torch.arange(12.0).view(3, 4)
print(m(x, torch.tensor([1, 2])))
print(torch.equal(m(x, torch.tensor([2])), Masked()(x, torch.tensor([2]))))

a = Activations()
sa = torch.jit.script(a)
x = torch.linspace(-3, 3, 7)
print(torch.allclose(sa(x), a(x), atol=1e-6))
print(sa(x))
print(sa.acts.original_name, sa.original_name)
