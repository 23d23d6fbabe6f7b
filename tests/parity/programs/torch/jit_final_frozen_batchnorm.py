# Two building blocks of model zoos (timm, DETR-style backbones): torch.jit.Final class annotations
# (`fused_attn: torch.jit.Final[bool]`, evaluated when the class body runs; torch.jit.Final is
# typing.Final) and torchvision.ops.misc.FrozenBatchNorm2d (BatchNorm2d with frozen statistics as
# buffers: no parameters, eval-mode BatchNorm2d's numbers, its repr).
import typing

import torch
import torch.nn as nn
from torchvision.ops.misc import FrozenBatchNorm2d

torch.manual_seed(0)
print(torch.jit.Final is typing.Final, torch.jit.Final[int])


class Attention(nn.Module):
    fused_attn: torch.jit.Final[bool]
    heads: torch.jit.Final[int]

    def __init__(self, dim, heads=2):
        super().__init__()
        self.heads = heads
        self.fused_attn = False
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x):
        B, N, C = x.shape
        q, k, v = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        attn = (q @ k.transpose(-2, -1) * (C // self.heads) ** -0.5).softmax(dim=-1)
        return (attn @ v).transpose(1, 2).reshape(B, N, C)


a = Attention(8)
print(Attention.__annotations__['fused_attn'], a.fused_attn, a.heads)
print(tuple(a(torch.randn(2, 5, 8)).shape))

fbn = FrozenBatchNorm2d(4)
print(fbn, FrozenBatchNorm2d(3, eps=1e-3))
print(list(dict(fbn.named_buffers()).keys()), len(list(fbn.parameters())))
bn = nn.BatchNorm2d(4)
bn.running_mean.uniform_(-1, 1)
bn.running_var.uniform_(0.5, 2)
with torch.no_grad():
    bn.weight.uniform_(0.5, 1.5)
    bn.bias.uniform_(-0.5, 0.5)
for name in ('weight', 'bias', 'running_mean', 'running_var'):
    getattr(fbn, name).copy_(getattr(bn, name).detach())
bn.eval()
x = torch.randn(2, 4, 3, 3)
print(torch.allclose(fbn(x), bn(x), atol=1e-6), fbn(x).sum().item() == fbn.train()(x).sum().item())
print(fbn(x)[0, :, 0, 0].round(decimals=4))
sd = fbn.state_dict()
print(sorted(sd.keys()))
fbn2 = FrozenBatchNorm2d(4)
fbn2.load_state_dict(sd)
print(torch.equal(fbn2(x), fbn(x)))
