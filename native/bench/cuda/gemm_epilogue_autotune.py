# mode="max-autotune" on the anchors' tiny MLP (16 x (Linear(64, 64) + Tanh), batch 32) on the GPU:
# prints Kiln's AUTOTUNE tables (stderr), among them one [GEMM epilogue] table per layer: the GEMM
# template fused with the tanh against cuBLAS followed by the tanh kernel. Runs unchanged in PyTorch
# (which prints its own autotuning of the addmm templates).
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(*[nn.Sequential(nn.Linear(64, 64), nn.Tanh()) for _ in range(16)]).cuda()
x = torch.randn(32, 64, device="cuda")
with torch.no_grad():
    cm = torch.compile(m, mode="max-autotune")
    out = cm(x)
    print("max |compiled - eager|:", float((out - m(x)).abs().max()))
