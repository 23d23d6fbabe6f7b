# A small attention block: q/k/v projections, scaled softmax, output projection, residual + norm.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(t, self.heads, d // self.heads).transpose(0, 1)
        k = k.view(t, self.heads, d // self.heads).transpose(0, 1)
        v = v.view(t, self.heads, d // self.heads).transpose(0, 1)
        att = torch.softmax(q @ k.transpose(-2, -1) / (d // self.heads) ** 0.5, dim=-1)
        y = (att @ v).transpose(0, 1).reshape(t, d)
        return self.norm(x + self.proj(y))


block = Block(8, 2)
with torch.no_grad():
    for i, p in enumerate(block.parameters()):
        p.copy_(torch.linspace(-0.3, 0.3, p.numel()).reshape(p.shape) * (1 + 0.1 * i))
x = torch.arange(32, dtype=torch.float32).reshape(4, 8).sin()
cb = torch.compile(block)
with torch.no_grad():
    out = cb(x)
    print(out)
    print(torch.allclose(out, block(x), atol=1e-5))
