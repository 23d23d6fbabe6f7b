# F.scaled_dot_product_attention on the CPU with an attn_mask: PyTorch 2.11's CPU flash kernel takes
# 2-D and 4-D masks (bool or the query's dtype) that need no gradient, adding them to the scaled
# scores; a fully masked query row gives zeros. Other masks (3-D, requiring grad) take the math.
# The output is contiguous (B, H, L, D) on the CPU either way, so viewing its transpose fails.
import math

import torch
import torch.nn.functional as F


def r(x, digits=4):
    return "%.*g" % (digits, float(x) + 0.0)


def data(*shape, dtype=torch.float32, shift=0.0):
    n = math.prod(shape)
    return (torch.sin(torch.arange(n, dtype=torch.float64) * 0.37 + shift) * 1.5).to(dtype).reshape(shape)


B, H, L, S, D = 2, 3, 5, 6, 4
masks = {
    "bool2d": (torch.arange(L)[:, None] + torch.arange(S)[None, :]) % 3 != 1,
    "float2d": data(L, S, shift=5.0),
    "bool4d_b": (data(B, 1, L, S, shift=6.0) > -0.5),
    "float4d_h": data(1, H, 1, S, shift=7.0),
    "bool_allmasked_row": torch.ones(L, S, dtype=torch.bool).index_fill_(0, torch.tensor([2]), False),
    "bool3d": (data(H, L, S, shift=8.0) > 0),
}
for dtype in (torch.float32, torch.float64):
    digits = 4 if dtype == torch.float32 else 10
    for name, m in masks.items():
        if m.dtype != torch.bool:
            m = m.to(dtype)
        q = data(B, H, L, D, dtype=dtype).requires_grad_()
        k = data(B, H, S, D, dtype=dtype, shift=1.0).requires_grad_()
        v = data(B, S, H, D, dtype=dtype, shift=2.0).transpose(1, 2).detach().requires_grad_()
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=m)
        out.backward(data(B, H, L, D, dtype=dtype, shift=3.0))
        print(dtype, name, type(out.grad_fn).__name__, out.stride(), out.is_contiguous())
        print("  out", r(out.double().sum(), digits), r(out.double().abs().sum(), digits),
              "nan" if out.isnan().any() else "finite")
        for gname, t in (("dq", q), ("dk", k), ("dv", v)):
            print("  " + gname, r(t.grad.double().abs().sum(), digits),
                  r((t.grad.double() * data(*t.shape, dtype=torch.float64, shift=4.0)).sum(), digits))
        with torch.no_grad():
            a = F.scaled_dot_product_attention(q, k, v, attn_mask=m)
            print("  no_grad", a.stride(), r((a - out).abs().max().double(), 3))

# the fully masked row is zeros
m = masks["bool_allmasked_row"]
q = data(1, 1, L, D)
print("masked row", F.scaled_dot_product_attention(q, q[:, :, :1].expand(1, 1, S, D), q[:, :, :1].expand(1, 1, S, D), attn_mask=m)[0, 0, 2].tolist())

# a mask requiring grad takes the math and gets a gradient
q = data(1, 2, 4, 3).requires_grad_()
fm = data(4, 4, shift=9.0).requires_grad_()
out = F.scaled_dot_product_attention(q, q, q, attn_mask=fm)
out.sum().backward()
print("grad mask", type(out.grad_fn).__name__, out.stride(), r(fm.grad.abs().sum()))

# nanoGPT written with an explicit causal mask: the transpose of the output is not viewable
B, T, C, nh = 2, 8, 12, 3
x = data(B, T, 3 * C)
q, k, v = x.split(C, dim=2)
q, k, v = [t.view(B, T, nh, C // nh).transpose(1, 2) for t in (q, k, v)]
causal = torch.ones(T, T, dtype=torch.bool).tril()
y = F.scaled_dot_product_attention(q, k, v, attn_mask=causal)
y2 = F.scaled_dot_product_attention(q, k, v, is_causal=True)
print("explicit causal == is_causal", r((y - y2).abs().max(), 3))
try:
    y.transpose(1, 2).view(B, T, C)
    print("view ok")
except RuntimeError as e:
    print("RuntimeError:", str(e).split(".")[0])
print(r(y.transpose(1, 2).reshape(B, T, C).sum()))
