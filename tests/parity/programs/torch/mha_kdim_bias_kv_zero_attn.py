# nn.MultiheadAttention's constructor options beyond the packed layer (PyTorch's MultiheadAttention docs
# and F.multi_head_attention_forward): kdim / vdim give q/k/v_proj_weight (in_proj_weight None),
# add_bias_kv appends bias_k / bias_v to the keys and values, add_zero_attn a zero key and value; the
# masks widen by one column each; parameter order, init draws, outputs, weights and gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
m = nn.MultiheadAttention(8, 2, kdim=4, vdim=6, batch_first=True)
print(m)
print([(n, tuple(p.shape)) for n, p in m.named_parameters()])
print(m.kdim, m.vdim, m._qkv_same_embed_dim, m.in_proj_weight, m.bias_k, m.add_zero_attn)
print(m.k_proj_weight[0])
q, k, v = torch.randn(2, 3, 8), torch.randn(2, 4, 4), torch.randn(2, 4, 6)
out, w = m(q, k, v)
print(out.shape, w.shape)
print(out[0])
print(w[1])

m2 = nn.MultiheadAttention(8, 2, add_bias_kv=True, add_zero_attn=True, kdim=4, vdim=6)
print([n for n, _ in m2.named_parameters()], list(m2.state_dict().keys()))
print(m2.bias_k.flatten(), m2.bias_v.shape)
qs, ks, vs = q.transpose(0, 1), k.transpose(0, 1), v.transpose(0, 1)
out2, w2 = m2(qs, ks, vs, average_attn_weights=False)
print(out2.shape, w2.shape)
print(w2[0, 1])
kpm = torch.tensor([[False, False, True, True], [False, False, False, False]])
mask = torch.tensor([[False, True, False, False]] * 3)
out3, w3 = m2(qs, ks, vs, key_padding_mask=kpm, attn_mask=mask)
print(w3[0])
out3.sum().backward()
print(m2.bias_k.grad.flatten(), m2.v_proj_weight.grad.shape)
ref, rw = F.multi_head_attention_forward(qs, ks, vs, 8, 2, None, m2.in_proj_bias, m2.bias_k, m2.bias_v, True, 0.0,
                                         m2.out_proj.weight, m2.out_proj.bias, key_padding_mask=kpm, attn_mask=mask,
                                         use_separate_proj_weight=True, q_proj_weight=m2.q_proj_weight,
                                         k_proj_weight=m2.k_proj_weight, v_proj_weight=m2.v_proj_weight)
print(torch.allclose(ref, out3, atol=1e-6), torch.allclose(rw, w3, atol=1e-6))

m3 = nn.MultiheadAttention(4, 1, add_bias_kv=True, bias=False)
x = torch.randn(5, 4)
o, ww = m3(x, x, x)
print([n for n, _ in m3.named_parameters()], o.shape, ww.shape, ww[:, -1])
m4 = nn.MultiheadAttention(4, 2, add_zero_attn=True).eval()
o4, w4 = m4(torch.randn(3, 1, 4), torch.randn(2, 1, 4), torch.randn(2, 1, 4), need_weights=True)
print(o4.shape, w4)
