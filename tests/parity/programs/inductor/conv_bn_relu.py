# Conv2d + BatchNorm2d (eval) + ReLU: the batch norm folds into the convolution's weights.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Conv2d(2, 3, 3, padding=1), nn.BatchNorm2d(3), nn.ReLU())
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) + 0.1 * i)
    model[1].running_mean.copy_(torch.tensor([0.1, -0.2, 0.3]))
    model[1].running_var.copy_(torch.tensor([1.5, 0.5, 2.0]))
model.eval()
x = torch.arange(50, dtype=torch.float32).reshape(1, 2, 5, 5).cos()
cm = torch.compile(model)
with torch.no_grad():
    out = cm(x)
    print(out)
    print(torch.allclose(out, model(x), atol=1e-5))
