import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
# torch.compile over code that selects attention backends with sdpa_kernel (as ViViT and other
# vit-pytorch models do): Dynamo enters the context manager without a graph break, the compiled
# results equal eager, and the backend flags are restored after each call.

def flags():
    c = torch.backends.cuda
    return (c.flash_sdp_enabled(), c.mem_efficient_sdp_enabled(), c.math_sdp_enabled())

def attend(q, k, v):
    with sdpa_kernel([SDPBackend.MATH, SDPBackend.FLASH_ATTENTION]):
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return out * 2 + 1

class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3, bias=False)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = [t.reshape(b, n, self.heads, d // self.heads).transpose(1, 2) for t in (q, k, v)]
        with sdpa_kernel(SDPBackend.MATH):
            o = F.scaled_dot_product_attention(q, k, v)
        return self.out(o.transpose(1, 2).reshape(b, n, d))

q = torch.linspace(-1.0, 1.0, 2 * 2 * 6 * 4).reshape(2, 2, 6, 4)
k = torch.cos(q)
v = torch.sin(q * 2)
before = flags()
eager = attend(q, k, v)
compiled = torch.compile(attend)(q, k, v)
print(torch.allclose(eager, compiled, atol=1e-5), round(compiled.sum().item(), 4), flags() == before)
ex = torch._dynamo.explain(attend)(q, k, v)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)

torch.manual_seed(0)
m = Attention(8, 2)
x = torch.linspace(-1.0, 1.0, 2 * 5 * 8).reshape(2, 5, 8)
ref = m(x)
cm = torch.compile(m)
out = cm(x)
print(torch.allclose(ref, out, atol=1e-5), round(out.sum().item(), 4), flags() == before)
out.sum().backward()
g = m.qkv.weight.grad.clone()
m.zero_grad()
ref.sum().backward()
print(torch.allclose(g, m.qkv.weight.grad, atol=1e-5))
ex = torch._dynamo.explain(m)(x)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count)
