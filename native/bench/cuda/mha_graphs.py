# A small MultiheadAttention block trained with torch.compile on the GPU: run with
# TORCH_LOGS=aot_graphs to read the forward and backward graphs AOT autograd makes for attention
# there (the fused attention ops and how the q/k/v gradients are merged).
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
attn = nn.MultiheadAttention(64, 2, batch_first=True).cuda()
x = torch.randn(4, 16, 64, device="cuda")
f = torch.compile(lambda x: attn(x, x, x, need_weights=False)[0].pow(2).sum())
f(x).backward()
print(attn.in_proj_weight.grad.shape)
