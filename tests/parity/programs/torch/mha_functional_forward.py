# F.multi_head_attention_forward, PyTorch's functional multi-head attention: the packed in-projection
# of nn.MultiheadAttention (matching the layer), separate q/k/v weights (CLIP's AttentionPool2d),
# unbatched input, bool and float masks with key padding, need_weights with and without head
# averaging, bias_k/bias_v, add_zero_attn, and the None attributes of a default layer.
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
E, H, L, S, N = 8, 2, 3, 5, 2
mha = nn.MultiheadAttention(E, H)
print(mha.q_proj_weight, mha.k_proj_weight, mha.v_proj_weight, mha.bias_k, mha.bias_v, mha.add_zero_attn)
q, k, v = torch.randn(L, N, E), torch.randn(S, N, E), torch.randn(S, N, E)
ref, ref_w = mha(q, k, v)
out, w = F.multi_head_attention_forward(q, k, v, E, H, mha.in_proj_weight, mha.in_proj_bias, None, None, False,
                                        0.0, mha.out_proj.weight, mha.out_proj.bias, training=False)
print(out.shape, w.shape, torch.allclose(out, ref, atol=1e-6), torch.allclose(w, ref_w, atol=1e-6))
pad = torch.tensor([[False, False, False, True, True], [False] * 5])
causal = torch.triu(torch.ones(L, S, dtype=torch.bool), 1)
ref2, _ = mha(q, k, v, key_padding_mask=pad, attn_mask=causal, need_weights=False)
out2, none = F.multi_head_attention_forward(q, k, v, E, H, mha.in_proj_weight, mha.in_proj_bias, None, None, False,
                                            0.0, mha.out_proj.weight, mha.out_proj.bias, training=False,
                                            key_padding_mask=pad, need_weights=False, attn_mask=causal)
print(none, torch.allclose(out2, ref2, atol=1e-6), [round(x, 4) for x in out2[0, 0, :4].tolist()])
x = torch.randn(L, N, E)
out3, w3 = F.multi_head_attention_forward(x, x, x, E, H, mha.in_proj_weight, mha.in_proj_bias, None, None, False,
                                          0.0, mha.out_proj.weight, mha.out_proj.bias, training=False,
                                          average_attn_weights=False)
print(w3.shape, [round(s, 4) for s in w3.sum(-1).flatten().tolist()[:4]])
qp, kp, vp = nn.Linear(E, E), nn.Linear(E, E), nn.Linear(E, E)
c_proj = nn.Linear(E, 4)
tokens = torch.randn(7, N, E)
pooled, _ = F.multi_head_attention_forward(
    query=tokens[:1], key=tokens, value=tokens, embed_dim_to_check=E, num_heads=H,
    q_proj_weight=qp.weight, k_proj_weight=kp.weight, v_proj_weight=vp.weight, in_proj_weight=None,
    in_proj_bias=torch.cat([qp.bias, kp.bias, vp.bias]), bias_k=None, bias_v=None, add_zero_attn=False,
    dropout_p=0, out_proj_weight=c_proj.weight, out_proj_bias=c_proj.bias, use_separate_proj_weight=True,
    training=True, need_weights=False)
print(pooled.shape, [round(s, 4) for s in pooled.squeeze(0)[0].tolist()])
u, uw = F.multi_head_attention_forward(q[:, 0], k[:, 0], v[:, 0], E, H, mha.in_proj_weight, mha.in_proj_bias,
                                       None, None, False, 0.0, mha.out_proj.weight, mha.out_proj.bias,
                                       training=False)
print(u.shape, uw.shape, torch.allclose(u, ref[:, 0], atol=1e-6))
bk, bv = torch.randn(1, 1, E), torch.randn(1, 1, E)
o4, w4 = F.multi_head_attention_forward(q, k, v, E, H, mha.in_proj_weight, mha.in_proj_bias, bk, bv, True, 0.0,
                                        mha.out_proj.weight, mha.out_proj.bias, training=False, key_padding_mask=pad)
print(o4.shape, w4.shape, [round(s, 4) for s in w4[0, 0].tolist()])
try:
    F.multi_head_attention_forward(q, k, v, E + 1, H, mha.in_proj_weight, mha.in_proj_bias, None, None, False, 0.0,
                                   mha.out_proj.weight, mha.out_proj.bias)
except AssertionError as e:
    print("AssertionError:", e)
try:
    F.multi_head_attention_forward(q, k, v, E, H, mha.in_proj_weight, mha.in_proj_bias, None, None, False, 0.0,
                                   mha.out_proj.weight, mha.out_proj.bias, attn_mask=torch.zeros(2, 2))
except RuntimeError as e:
    print("RuntimeError:", e)
