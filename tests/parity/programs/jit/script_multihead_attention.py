import os, torch
import torch.nn as nn
# torch.jit.script of modules holding nn.MultiheadAttention: the layer's forward is scriptable
# (PyTorch compiles it and F.multi_head_attention_forward), so a caller's graph calls it with
# prim::CallMethod, every default argument passed, and unpacks its (Tensor, Tensor?) result.
# Self- and cross-attention, attn_mask and key_padding_mask, need_weights on and off, weights per
# head, batch_first, a layer without bias; the scripted results against eager.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


class SelfAttend(nn.Module):
    def __init__(self, batch_first):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2, batch_first=batch_first)

    def forward(self, x):
        out, _ = self.attn(x, x, x)
        return out


class Masked(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 4, bias=False)

    def forward(self, x, mem, mask, padding):
        a, w = self.attn(x, x, x, attn_mask=mask)
        b = self.attn(x, mem, mem, key_padding_mask=padding, need_weights=False)[0]
        c, per_head = self.attn(x, mem, mem, average_attn_weights=False)
        return a + b + c, w, per_head


def show(s):
    print(str(s.graph).replace(HERE, ""))
    print(s.code)


torch.manual_seed(0)
for batch_first in (False, True):
    m = SelfAttend(batch_first).eval()
    s = torch.jit.script(m)
    show(s)
    x = torch.randn(2, 5, 8) if batch_first else torch.randn(5, 2, 8)
    print(batch_first, s(x).shape, torch.allclose(s(x), m(x), atol=1e-6))

m = Masked().eval()
s = torch.jit.script(m)
show(s)
print(s)
print(s.attn.original_name, s.attn.out_proj.original_name)
x = torch.randn(5, 2, 8)
mem = torch.randn(3, 2, 8)
mask = torch.triu(torch.ones(5, 5, dtype=torch.bool), 1)
padding = torch.tensor([[False, False, True], [False, True, False]])
for got, want in zip(s(x, mem, mask, padding), m(x, mem, mask, padding)):
    print(tuple(got.shape), torch.allclose(got, want, atol=1e-6))
