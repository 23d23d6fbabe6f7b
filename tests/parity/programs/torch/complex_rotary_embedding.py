import torch
import torch.nn as nn
# Rotary position embeddings through complex tensors, the construct of meta-llama/llama's
# llama/model.py (precompute_freqs_cis / reshape_for_broadcast / apply_rotary_emb: torch.polar of
# ones_like, view_as_complex of a (..., -1, 2) reshape, a broadcast complex product, view_as_real
# then flatten(3) and type_as), re-written here; forward and backward (training) in several shapes.
torch.manual_seed(0)


def precompute_freqs_cis(dim, end, theta=10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)
    freqs = torch.outer(t, freqs).float()
    return torch.polar(torch.ones_like(freqs), freqs)


def reshape_for_broadcast(freqs_cis, x):
    ndim = x.ndim
    assert freqs_cis.shape == (x.shape[1], x.shape[-1])
    shape = [d if i == 1 or i == ndim - 1 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(*shape)


def apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = reshape_for_broadcast(freqs_cis, xq_)
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)


fc = precompute_freqs_cis(8, 6)
print(fc.dtype, fc.shape)
print(fc[:3])
print(torch.view_as_real(fc)[2])

for bsz, seqlen, heads, head_dim in [(1, 3, 1, 4), (2, 4, 2, 8), (2, 5, 3, 6)]:
    freqs = precompute_freqs_cis(head_dim, seqlen * 2)[1 : 1 + seqlen]
    xq = torch.randn(bsz, seqlen, heads, head_dim)
    xk = torch.randn(bsz, seqlen, heads, head_dim)
    oq, ok = apply_rotary_emb(xq, xk, freqs)
    print(oq.shape, ok.dtype, round(oq.sum().item(), 4), round(ok.abs().sum().item(), 4))
    # rotations keep each pair's norm
    print(torch.allclose(oq.pow(2).sum(-1), xq.pow(2).sum(-1), atol=1e-5))
print(oq[0, 0])


class Attention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = dim // n_heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)

    def forward(self, x, freqs_cis):
        bsz, seqlen, _ = x.shape
        xq = self.wq(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xk = self.wk(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xv = self.wv(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xq, xk = apply_rotary_emb(xq, xk, freqs_cis=freqs_cis)
        xq, xk, xv = xq.transpose(1, 2), xk.transpose(1, 2), xv.transpose(1, 2)
        scores = torch.matmul(xq, xk.transpose(2, 3)) / (self.head_dim ** 0.5)
        out = torch.matmul(torch.softmax(scores, dim=-1), xv)
        return self.wo(out.transpose(1, 2).contiguous().view(bsz, seqlen, -1))


attn = Attention(16, 2)
freqs_cis = precompute_freqs_cis(8, 10)
x = torch.randn(2, 5, 16)
opt = torch.optim.SGD(attn.parameters(), lr=0.1)
for step in range(3):
    opt.zero_grad()
    y = attn(x, freqs_cis[:5])
    loss = y.pow(2).mean()
    loss.backward()
    print(step, round(loss.item(), 5), round(attn.wq.weight.grad.abs().sum().item(), 5),
          round(attn.wk.weight.grad.norm().item(), 5))
    opt.step()

# gradient through view_as_complex -> mul -> view_as_real reaches the real input
xq = torch.randn(1, 2, 1, 4, requires_grad=True)
out, _ = apply_rotary_emb(xq, xq.detach(), precompute_freqs_cis(4, 2))
(out * torch.arange(8.0).reshape(1, 2, 1, 4)).sum().backward()
print(xq.grad)

# a complex leaf: PyTorch's conjugate Wirtinger convention (grad = dL/dRe + i dL/dIm)
w = torch.tensor([1 + 2j, -0.5 + 1j], requires_grad=True)
loss = torch.view_as_real(w * torch.tensor([2 - 1j, 1j])).pow(2).sum()
loss.backward()
print(w.grad)
