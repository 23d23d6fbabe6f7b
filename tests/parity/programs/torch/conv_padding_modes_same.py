# Convolutions with padding_mode 'reflect' / 'replicate' / 'circular' (CycleGAN-style generators) and
# padding='same' with even kernels (the extra padding goes on the right, as ATen's _convolution_mode and
# _ConvNd's _reversed_padding_repeated_twice place it): values against F.pad + conv, reprs, gradients,
# the functional forms, and torch.compile.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 7, 6, requires_grad=True)
for mode in ["reflect", "replicate", "circular"]:
    conv = nn.Conv2d(3, 4, 3, padding=1, padding_mode=mode)
    y = conv(x)
    ref = F.conv2d(F.pad(x, (1, 1, 1, 1), mode=mode), conv.weight, conv.bias)
    y.sum().backward()
    print(conv, conv.padding_mode, y.shape, torch.allclose(y, ref, atol=1e-6), y.grad_fn.name())
    print(round(x.grad.abs().sum().item(), 3))
    x.grad = None
c1 = nn.Conv1d(2, 2, 5, padding=2, padding_mode="reflect")
print(c1, c1(torch.randn(1, 2, 9)).shape)
c3 = nn.Conv3d(1, 2, 3, padding=(1, 0, 1), padding_mode="replicate")
print(c3, c3(torch.randn(1, 1, 4, 5, 6)).shape)

for k, d in [(2, 1), (4, 1), (2, 3), ((2, 3), 1)]:
    conv = nn.Conv2d(3, 2, k, padding="same", dilation=d)
    y = conv(x)
    ref = F.conv2d(x, conv.weight, conv.bias, padding="same", dilation=d)
    print(conv, tuple(y.shape), torch.allclose(y, ref, atol=1e-6))
w = torch.randn(2, 3, 4)
v = torch.randn(1, 3, 10)
same = F.conv1d(v, w, padding="same")
manual = F.conv1d(F.pad(v, (1, 2)), w)
print(same.shape, torch.allclose(same, manual, atol=1e-6))
print(nn.Conv2d(3, 3, 4, padding="same", padding_mode="circular")(x).shape)
try:
    nn.Conv2d(3, 3, 3, padding_mode="mirror")
except ValueError as e:
    print("ValueError:", str(e).split(" one of")[0])

model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1, padding_mode="reflect"), nn.ReLU(), nn.Conv2d(4, 2, 2, padding="same"))
compiled = torch.compile(model, backend="eager")
print(torch.allclose(compiled(x), model(x), atol=1e-6))
