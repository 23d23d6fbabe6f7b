import torch
import torch.nn.functional as F
import math
# Hand-written scaled dot-product attention with masks, helper functions with defaults and kwargs.
def attention(q, k, v, mask=None, scale=None):
    if scale is None:
        scale = 1.0 / math.sqrt(q.shape[-1])
    scores = q @ k.transpose(-2, -1) * scale
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = F.softmax(scores, dim=-1)
    return weights @ v, weights
q = torch.tensor([[1.0, 0.0, 1.0, 0.0], [0.0, 2.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]])
k = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 2.0]])
v = torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0]])
out, w = attention(q, k, v)
print(w)
print(out)
causal = torch.tril(torch.ones(3, 3)).bool()
print(causal)
out_c, w_c = attention(q, k, v, mask=causal)
print(w_c)
print(out_c)
out_s, w_s = attention(q, k, v, scale=1.0)
print(w_s.sum(dim=-1).shape, out_s.shape)
sdpa = F.scaled_dot_product_attention(q.unsqueeze(0), k.unsqueeze(0), v.unsqueeze(0), is_causal=True)
print(sdpa.shape, torch.allclose(sdpa[0], out_c, atol=1e-6))
batch_q = torch.stack([q, q * 0])
res, wts = attention(batch_q, torch.stack([k, k]), torch.stack([v, v]))
print(res.shape, wts[1])
def heads(x, n):
    b, t, d = x.shape
    return x.view(b, t, n, d // n).transpose(1, 2)
h = heads(batch_q, 2)
print(h.shape, h.is_contiguous(), h[0, 1])
merged = h.transpose(1, 2).reshape(2, 3, 4)
print(torch.equal(merged, batch_q))
ql = q.clone().requires_grad_(True)
o, ww = attention(ql, k, v, mask=causal)
(o * torch.tensor([1.0, -1.0])).sum().backward()
print(ql.grad[1:] + 0.0, ql.grad.shape)
