# nn.LPPool1d / LPPool2d / LPPool3d: power-average pooling modules over F.lp_pool*d with PyTorch's
# reprs (kernel_size and stride kept as given), norm types 1, 1.5, 2 and inf-free p, ceil_mode, inside a
# Sequential with gradients, and the module path type(m).__module__.
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.rand(1, 2, 7, 7)
for m in [nn.LPPool2d(2, 3, stride=2), nn.LPPool2d(1.5, (3, 2)), nn.LPPool2d(1, 2, ceil_mode=True),
          nn.LPPool1d(2, 3), nn.LPPool1d(3, 2, stride=1), nn.LPPool3d(2, 2)]:
    if isinstance(m, nn.LPPool2d):
        inp = x
    elif isinstance(m, nn.LPPool1d):
        inp = x[0]
    else:
        inp = x.unsqueeze(0)
    y = m(inp)
    print(m, tuple(y.shape), round(y.sum().item(), 4), type(m).__module__)
net = nn.Sequential(nn.Conv2d(2, 4, 3), nn.ReLU(), nn.LPPool2d(2, 2))
print(net)
out = net(x)
out.sum().backward()
print(tuple(out.shape), type(out.grad_fn).__name__, round(net[0].weight.grad.abs().sum().item(), 4))
print(nn.LPPool2d(2, 2).norm_type, nn.LPPool2d(2, 2).kernel_size, nn.LPPool2d(2, 2).stride)
print(type(nn.MaxUnpool3d(2)).__module__, nn.LPPool1d.__module__)
