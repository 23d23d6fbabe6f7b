# torch._native_multi_head_attention called directly (the op nn.MultiheadAttention's fast path
# calls): batch-first (B, T, D) inputs, the in-projection's weight (3D, D) and bias, the
# out-projection; weights averaged over heads, per head, or not wanted (None); a key padding mask
# (mask_type 1) and a (T, T) mask (mask_type 0) with a fully masked row (NaN, as ATen's CPU kernel); values
# against nn.MultiheadAttention's own forward. Then the op's shape checks and their RuntimeErrors,
# and the op inside a compiled function (one call_function node).
import torch
import torch.nn as nn
import torch._dynamo as dynamo

torch.manual_seed(0)
m = nn.MultiheadAttention(8, 2, batch_first=True).eval()
x = torch.randn(2, 4, 8)
args = (x, x, x, 8, 2, m.in_proj_weight, m.in_proj_bias, m.out_proj.weight, m.out_proj.bias)

with torch.no_grad():
    out, w = torch._native_multi_head_attention(*args)
    ref, rw = m(x, x, x)
    print(tuple(out.shape), tuple(w.shape), torch.allclose(out, ref, atol=1e-5), torch.allclose(w, rw, atol=1e-6))
    out, w = torch._native_multi_head_attention(*args, None, True, False)
    ref, rw = m(x, x, x, average_attn_weights=False)
    print(tuple(w.shape), torch.allclose(out, ref, atol=1e-5), torch.allclose(w, rw, atol=1e-6))
    out, w = torch._native_multi_head_attention(*args, None, False)
    print(w, torch.allclose(out, ref, atol=1e-5))

    kpm = torch.tensor([[False, False, True, True], [False, False, False, False]])
    out, w = torch._native_multi_head_attention(*args, kpm, True, True, 1)
    ref, rw = m(x, x, x, key_padding_mask=kpm)
    print(torch.allclose(out, ref, atol=1e-5), torch.allclose(w, rw, atol=1e-6))
    print(torch.allclose(w.sum(-1), torch.ones(2, 4)), bool((w[0, :, 2:] == 0).all()))

    causal = torch.triu(torch.ones(4, 4, dtype=torch.bool), 1)
    out, w = torch._native_multi_head_attention(*args, causal, True, True, 0)
    ref, rw = m(x, x, x, attn_mask=causal)
    print(torch.allclose(out, ref, atol=1e-5), torch.allclose(w, rw, atol=1e-6))

    full = torch.zeros(4, 4, dtype=torch.bool)
    full[1] = True
    out, w = torch._native_multi_head_attention(*args, full, True, True, 0)
    print(torch.isnan(out).any().item(), w[0, 1])

    y = torch.randn(2, 4, 8)
    out, w = torch._native_multi_head_attention(x, y, y, 8, 2, m.in_proj_weight, m.in_proj_bias, m.out_proj.weight,
                                               m.out_proj.bias)
    ref, rw = m(x, y, y)
    print(torch.allclose(out, ref, atol=1e-5), torch.allclose(w, rw, atol=1e-6))

    bad = [
        (x[0], x[0], x[0], 8, 2),
        (x, x, x, 6, 2),
        (x, x, x[:, :3], 8, 2),
        (x, x, x, 8, 3),
    ]
    for q, k, v, e, h in bad:
        try:
            torch._native_multi_head_attention(q, k, v, e, h, m.in_proj_weight, m.in_proj_bias, m.out_proj.weight,
                                               m.out_proj.bias)
        except RuntimeError as err:
            print("RuntimeError:", err)


def f(x, w, b, pw, pb):
    out, _ = torch._native_multi_head_attention(x, x, x, 8, 2, w, b, pw, pb, None, False)
    return out.relu()


with torch.no_grad():
    ex = dynamo.explain(f)(x, m.in_proj_weight, m.in_proj_bias, m.out_proj.weight, m.out_proj.bias)
    print(ex.graph_count, ex.op_count, [getattr(op, "__name__", str(op)) for op in ex.ops_per_graph[0]])
    got = torch.compile(f, backend="aot_eager")(x, m.in_proj_weight, m.in_proj_bias, m.out_proj.weight,
                                                m.out_proj.bias)
    print(torch.allclose(got, f(x, m.in_proj_weight, m.in_proj_bias, m.out_proj.weight, m.out_proj.bias), atol=1e-5))
