# F.scaled_dot_product_attention alone on the GPU, in both engines (kiln and python3 run it unchanged):
# the transformer6 shape, q/k/v as head views of one (B, L, 3E) projection, as nn.MultiheadAttention
# passes them; prints ms per call and the achieved FLOP rate.
import time
import torch
import torch.nn.functional as F

B, L, H, D = 32, 128, 8, 64
E = H * D
torch.manual_seed(0)
qkv = torch.randn(B, L, 3 * E, device="cuda")
q = qkv[:, :, 0:E].reshape(B, L, H, D).transpose(1, 2)
k = qkv[:, :, E:2 * E].reshape(B, L, H, D).transpose(1, 2)
v = qkv[:, :, 2 * E:3 * E].reshape(B, L, H, D).transpose(1, 2)
with torch.no_grad():
    for _ in range(10):
        out = F.scaled_dot_product_attention(q, k, v)
    torch.cuda.synchronize()
    best = 1e9
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(50):
            out = F.scaled_dot_product_attention(q, k, v)
        torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - t0) / 50)
flops = 4.0 * B * H * L * L * D
print("ATTN|%.4f ms|%.1f TFLOP/s" % (best * 1e3, flops / best / 1e12))
