# An MLP compiled for inference: matmuls stay library calls, bias + relu fuse around them.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-1, 1, p.numel()).reshape(p.shape) * (0.5 + 0.25 * i))

x = torch.arange(12, dtype=torch.float32).reshape(2, 6) / 5 - 1
cm = torch.compile(model)
with torch.no_grad():
    out = cm(x)
    print(out)
    print(torch.allclose(out, model(x), atol=1e-6))
