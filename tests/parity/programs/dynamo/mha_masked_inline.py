# nn.MultiheadAttention called with attn_mask / key_padding_mask / is_causal inside torch.compile
# (probe 29: rasbt/LLMs-from-scratch's mha-implementations notebook passes a triu bool mask; Kiln's
# Dynamo broke the graph there with "Unsupported layer call" when gradients flowed, and ran the layer
# on the FX interpreter otherwise). PyTorch inlines the forward (masks made additive, one
# F.multi_head_attention_forward), so the whole function is one graph: explain's counts, outputs and
# gradients against eager ones.
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.MultiheadAttention(16, 4, batch_first=True, bias=False)
x = torch.randn(2, 6, 16)
mask = torch.triu(torch.ones(6, 6), diagonal=1).bool()
kpm = torch.tensor([[False] * 5 + [True], [False] * 6])
fmask = torch.zeros(6, 6).masked_fill(mask, float("-inf"))


def with_weights(x):
    return m(x, x, x, attn_mask=mask, need_weights=True)


def padded_no_weights(x):
    return m(x, x, x, key_padding_mask=kpm, need_weights=False, attn_mask=mask)[0]


def float_mask_causal(x):
    return m(x, x, x, attn_mask=fmask, is_causal=True, need_weights=False)[0] * 2


for fn in (with_weights, padded_no_weights, float_mask_causal):
    ex = torch._dynamo.explain(fn)(x)
    print(fn.__name__, "graphs", ex.graph_count, "breaks", ex.graph_break_count)
    c = torch.compile(fn)
    a, b = c(x), fn(x)
    if isinstance(a, tuple):
        print("weights", a[1].shape, torch.allclose(a[1], b[1], atol=1e-5))
        a, b = a[0], b[0]
    print("out", a.shape, torch.allclose(a, b, atol=1e-5))
    a.sum().backward()
    gc = m.in_proj_weight.grad.clone()
    m.zero_grad()
    b.sum().backward()
    print("grad", torch.allclose(gc, m.in_proj_weight.grad, atol=1e-5))
    m.zero_grad()
