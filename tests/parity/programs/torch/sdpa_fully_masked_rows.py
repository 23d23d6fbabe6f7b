# F.scaled_dot_product_attention when a boolean attn_mask hides every key from some query row
# (probe 29: the LLMs-from-scratch mha-implementations notebook passes triu(ones, 1).bool() as
# attn_mask, whose last row is all False). PyTorch 2.11 gives zeros for such rows (its _safe_softmax),
# not NaN; Kiln's math gave NaN. Outputs, gradients (eager and compiled), an additive -inf mask with
# a dead row, and a row that keeps one key.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
q, k, v = (torch.randn(1, 2, 4, 8, requires_grad=True) for _ in range(3))
mask = torch.triu(torch.ones(4, 4), diagonal=1).bool()


def f(q, k, v, m):
    return F.scaled_dot_product_attention(q, k, v, attn_mask=m)


o = f(q, k, v, mask)
print(o[0, 0, -1].tolist(), o.isnan().any().item(), o[0, 0, 0].abs().sum().item() > 0)
o.sum().backward()
g = [t.grad.clone() for t in (q, k, v)]
print([t.isnan().any().item() for t in g], g[0][0, 0, -1].abs().sum().item())
for t in (q, k, v):
    t.grad = None
c = torch.compile(f)(q, k, v, mask)
c.sum().backward()
print(torch.allclose(c, o, atol=1e-6), [torch.allclose(t.grad, gg, atol=1e-5) for t, gg in zip((q, k, v), g)])
fmask = torch.zeros(4, 4)
fmask[2] = float("-inf")
with torch.no_grad():
    print(f(q, k, v, fmask)[0, 1, 2].tolist(), f(q, k, v, fmask)[0, 1, 1].isnan().any().item())
    one = torch.zeros(4, 4, dtype=torch.bool)
    one[:, 0] = True
    print(torch.allclose(f(q, k, v, one), v[:, :, :1].expand(1, 2, 4, 8)))
