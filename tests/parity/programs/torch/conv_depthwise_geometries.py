# Depthwise convolutions (groups == in_channels) over the geometries MobileNet, EfficientNet and
# ConvNeXt use, with channel multipliers, stride 2, dilation and wide padding: values and gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def show(name, t):
    f = t.flatten()
    print(name, tuple(t.shape), "%.5g %.5g" % (t.sum().item(), t.abs().sum().item()), ["%.4f" % v for v in f[:3].tolist()],
          "%.4f" % f[-1].item())


cases = [
    # (N, C, H, W, mult, k, stride, padding, dilation)
    (2, 8, 16, 16, 1, 3, 1, 1, 1),
    (2, 8, 15, 17, 1, 3, 2, 1, 1),
    (3, 4, 9, 9, 2, 5, 1, 2, 1),
    (1, 6, 14, 14, 1, 7, 1, 3, 1),
    (4, 16, 4, 4, 1, 3, 1, 1, 1),
    (5, 3, 2, 3, 3, 3, 1, 1, 1),
    (2, 4, 12, 10, 1, 3, 1, 2, 2),
    (2, 4, 11, 11, 1, 3, 3, 0, 1),
]
for N, C, H, W, mult, k, s, p, d in cases:
    x = torch.randn(N, C, H, W, requires_grad=True)
    conv = nn.Conv2d(C, C * mult, k, stride=s, padding=p, dilation=d, groups=C)
    y = conv(x)
    show("y  %s" % ((N, C, H, W, mult, k, s, p, d),), y.detach())
    (y * torch.linspace(-1, 1, y.numel()).view_as(y)).sum().backward()
    show("gx", x.grad)
    show("gw", conv.weight.grad)
    print("gb", ["%.2f" % v for v in conv.bias.grad[:3].tolist()])

# a depthwise block as MobileNetV2 writes it, eval and train
torch.manual_seed(1)
block = nn.Sequential(nn.Conv2d(16, 96, 1, bias=False), nn.BatchNorm2d(96), nn.ReLU6(inplace=True),
                      nn.Conv2d(96, 96, 3, 2, 1, groups=96, bias=False), nn.BatchNorm2d(96), nn.ReLU6(inplace=True),
                      nn.Conv2d(96, 24, 1, bias=False), nn.BatchNorm2d(24))
x = torch.randn(8, 16, 16, 16)
opt = torch.optim.SGD(block.parameters(), lr=0.1, momentum=0.9)
for step in range(3):
    loss = block(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("step", step, "loss %.5g" % loss.item())
block.eval()
with torch.no_grad():
    show("eval", block(x))
print(F.conv2d(torch.ones(1, 2, 3, 3), torch.ones(2, 1, 3, 3), padding=1, groups=2)[0, 0])
