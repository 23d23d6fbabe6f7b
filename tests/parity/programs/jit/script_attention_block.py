import os, torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Optional
# A transformer-style block written by hand, as tutorials write one (pre-norm self-attention with
# an optional causal mask, then a GELU feed-forward), scripted whole: its graph and code, the
# submodules' classes, and its outputs against eager in eval mode, with and without the mask, for
# a batch and for one unbatched sequence.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, dropout=0.1, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim), nn.Dropout(0.1))

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        h = self.ln1(x)
        attended, _ = self.attn(h, h, h, attn_mask=mask, need_weights=False)
        x = x + attended
        return x + self.ff(self.ln2(x))


torch.manual_seed(0)
block = Block(16, 4).eval()
s = torch.jit.script(block)
print(str(s.graph).replace(HERE, ""))
print(s.code)
for name, child in s.named_children():
    print(name, child.original_name)
x = torch.randn(2, 6, 16)
causal = torch.triu(torch.full((6, 6), float("-inf")), 1)
print(torch.allclose(s(x), block(x), atol=1e-5))
print(torch.allclose(s(x, causal), block(x, causal), atol=1e-5))
print(torch.allclose(s(x[0]), block(x[0]), atol=1e-5))
print(s(x, causal).shape, s(x[0]).shape)
