# avg_pool2d's divisor_override (nn.AvgPool2d, F.avg_pool2d, as in PyTorch's AvgPool2d docs): every
# window's sum divided by the given number instead of its size, with ceil_mode / padding /
# count_include_pad ignored for the divisor, the gradient spread with the same divisor, the 3-d form
# alongside, the module's attribute and repr, and ATen's "divisor must be not zero".
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.arange(16.).view(1, 1, 4, 4)
print(F.avg_pool2d(x, 2, divisor_override=3))
print(F.avg_pool2d(x, 3, stride=2, padding=1, divisor_override=2))
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False, divisor_override=5))
m = nn.AvgPool2d(2, stride=1, divisor_override=1)
print(m, m.divisor_override, m(x))
y = torch.randn(2, 3, 5, 7, requires_grad=True)
out = nn.AvgPool2d((3, 2), stride=(2, 1), padding=(1, 0), divisor_override=4)(y)
print(out.shape)
out.sum().backward()
print(y.grad[0, 0])
ref = F.avg_pool2d(y, (3, 2), stride=(2, 1), padding=(1, 0), count_include_pad=True) * 6 / 4
print(torch.allclose(out, ref))
print(F.avg_pool2d(torch.arange(9.).view(1, 3, 3), 2, divisor_override=2))  # unbatched (C, H, W)
print(F.avg_pool3d(torch.arange(27.).view(1, 1, 3, 3, 3), 2, divisor_override=4))
print(nn.AvgPool3d(2, divisor_override=8)(torch.ones(1, 1, 2, 2, 2)))
try:
    F.avg_pool2d(x, 2, divisor_override=0)
except RuntimeError as e:
    print("RuntimeError:", e)
