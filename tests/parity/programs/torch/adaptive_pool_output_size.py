# The adaptive pools' output_size as torch.nn.functional reads it (_list_with_default): an int for every
# spatial dim, None entries keeping the input's size (AdaptiveAvgPool2d((None, 7)) in torchvision-style
# heads), and a list as long as the input's dims refused with ValueError before ATen sees it.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 6, 8)
print(F.adaptive_avg_pool2d(x, 3).shape, F.adaptive_avg_pool2d(x, (None, 4)).shape, F.adaptive_avg_pool2d(x, (2, None)).shape)
print(nn.AdaptiveAvgPool2d((None, 7))(x).shape, nn.AdaptiveAvgPool2d((None, 7)))
print(F.adaptive_max_pool2d(x, (None, 2)).shape, F.adaptive_avg_pool2d(x[0], (3, 4)).shape)
v = torch.randn(1, 2, 4, 6, 8)
print(F.adaptive_avg_pool3d(v, (None, 3, None)).shape, nn.AdaptiveAvgPool3d((2, None, 4))(v).shape)
print(torch.allclose(F.adaptive_avg_pool2d(x, (None, 8)), x))
for f, inp, size in [(F.adaptive_avg_pool2d, x[0, 0], (2, 2)), (F.adaptive_avg_pool3d, v[0, 0], (2, 2, 2)),
                     (F.adaptive_max_pool2d, x[0, 0], (3, 3))]:
    try:
        f(inp, size)
    except ValueError as e:
        print("ValueError:", e)
