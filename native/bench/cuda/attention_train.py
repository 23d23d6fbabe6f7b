# F.scaled_dot_product_attention forward and backward, compiled, at the transformer6 shape: a small program for
# Nsight Compute (ncu) to profile the attention kernels of a compiled training step in either engine.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
B, L, H, D = 32, 128, 8, 64
E = H * D
qkv = torch.randn(B, L, 3 * E, device="cuda", requires_grad=True)
def f(qkv):
    q = qkv[:, :, 0:E].reshape(B, L, H, D).transpose(1, 2)
    k = qkv[:, :, E:2 * E].reshape(B, L, H, D).transpose(1, 2)
    v = qkv[:, :, 2 * E:3 * E].reshape(B, L, H, D).transpose(1, 2)
    return F.scaled_dot_product_attention(q, k, v).sum()
cf = torch.compile(f)
for _ in range(3):
    cf(qkv).backward()
torch.cuda.synchronize()
