# F.scaled_dot_product_attention on the CPU as PyTorch runs it there: its flash attention kernel
# (_scaled_dot_product_flash_attention_for_cpu) for 4-D float32/float64 inputs without mask or
# dropout, with and without gradients: the node's name, the output's memory order, the values and
# gradients (causal is top-left aligned when L != S; q/k/v views of one packed projection), the math
# path for a mask, and double backward through the flash node.
import math

import torch
import torch.nn.functional as F


def r(x, digits=4):
    # 4 significant digits (float32 kernels may differ in the 7th, and sums cancel); -0.0 prints as 0.0
    return "%.*g" % (digits, float(x) + 0.0)


def data(*shape, dtype=torch.float32, shift=0.0):
    n = math.prod(shape)
    return (torch.sin(torch.arange(n, dtype=torch.float64) * 0.37 + shift) * 1.5).to(dtype).reshape(shape)


for dtype in (torch.float32, torch.float64):
    for (B, H, L, S, D) in [(2, 3, 5, 7, 4), (1, 2, 40, 40, 8), (1, 1, 9, 3, 2)]:
        for causal in (False, True):
            q = data(B, H, L, D, dtype=dtype).requires_grad_()
            k = data(B, S, H, D, dtype=dtype, shift=1.0).transpose(1, 2).detach().requires_grad_()
            v = data(B, H, S, D, dtype=dtype, shift=2.0).requires_grad_()
            out = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
            g = data(B, H, L, D, dtype=dtype, shift=3.0)
            out.backward(g)
            print(dtype, (B, H, L, S, D), causal, type(out.grad_fn).__name__, out.stride())
            digits = 4 if dtype == torch.float32 else 10
            print("  out", r(out.double().sum(), digits), r(out.double().abs().sum(), digits))
            for name, t in (("dq", q), ("dk", k), ("dv", v)):
                print("  " + name, r(t.grad.double().abs().sum(), digits),
                      r((t.grad.double() * data(*t.shape, dtype=torch.float64, shift=4.0)).sum(), digits))

# nanoGPT's layout: q, k, v split from one (B, T, 3C) projection and viewed as heads
B, T, C, nh = 2, 16, 12, 3
x = data(B, T, 3 * C).requires_grad_()
q, k, v = x.split(C, dim=2)
q, k, v = [t.view(B, T, nh, C // nh).transpose(1, 2) for t in (q, k, v)]
y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
y = y.transpose(1, 2).contiguous().view(B, T, C)
y.square().sum().backward()
print("nanoGPT layout", y.is_contiguous(), r(y.sum()), r(x.grad.abs().sum()))

# without gradients: the same values
with torch.no_grad():
    q, k, v = data(1, 2, 6, 4), data(1, 2, 6, 4, shift=1.0), data(1, 2, 6, 4, shift=2.0)
    a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    print("no_grad", a.stride(), r(a.sum()))

# a mask takes the math: its grad_fn is not the flash node
q = data(1, 1, 4, 2).requires_grad_()
mask = torch.tensor([[True, False, True, True]]).expand(4, 4)
out = F.scaled_dot_product_attention(q, q, q, attn_mask=mask)
print("masked", type(out.grad_fn).__name__ != "ScaledDotProductFlashAttentionForCpuBackward0", r(out.sum()))

# double backward through the flash node
q = data(1, 1, 3, 2).requires_grad_()
out = F.scaled_dot_product_attention(q, q, q, is_causal=True)
(gq,) = torch.autograd.grad(out.sum(), q, create_graph=True)
try:
    gq.sum().backward()
    print("double backward ran")
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[0])
