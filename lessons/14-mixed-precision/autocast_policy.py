import torch
import torch.nn as nn
import torch.nn.functional as F

# Inside torch.autocast, each op follows a per-op policy. On the CPU with
# bfloat16: matrix products, linear layers and convolutions run in bfloat16
# (fast, and they tolerate the rounding); losses run in float32 (they sum many
# small numbers); other ops run in the dtype of their inputs.
torch.manual_seed(0)
x = torch.randn(4, 8)
w = torch.randn(8, 8)
lin = nn.Linear(8, 3)
conv = nn.Conv1d(1, 2, 3)
target = torch.randn(4, 3)

with torch.autocast("cpu", dtype=torch.bfloat16):
    print("autocast on:", torch.is_autocast_enabled("cpu"))
    m = x @ w
    print("matmul:", m.dtype)
    h = lin(x)
    print("linear:", h.dtype)
    print("conv1d:", conv(x.unsqueeze(1)).dtype)
    print("relu of bf16:", h.relu().dtype)
    print("add of two float32:", (x + x).dtype)
    loss = F.mse_loss(h, target)
    print("mse_loss:", loss.dtype)

print("after the region:", (x @ w).dtype)
print("parameters stay float32:", lin.weight.dtype)
