# F.pad's reflect/replicate/circular modes and the padding layers (fast_neural_style's
# ReflectionPad2d): values, gradients (accumulated into the border sources), reprs, errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(12.0).reshape(1, 1, 3, 4)
for mode in ["reflect", "replicate", "circular"]:
    print(mode)
    print(F.pad(x[0], (1, 2), mode=mode))
    print(F.pad(x, (2, 1, 1, 2), mode=mode))
print(F.pad(x, (1, 1, 2, 0), mode="constant", value=-1.0))
print(F.pad(x, (-1, 1, 0, -1), mode="replicate"))
print(F.pad(x, (-1, 2, 1, 0), mode="circular"))

# 1D inputs: (C, W) unbatched and (N, C, W)
s = torch.tensor([[1.0, 2.0, 3.0]])
print(F.pad(s, (2, 2), mode="reflect"), F.pad(s, (2, 1), mode="replicate"), F.pad(s, (1, 3), mode="circular"))
print(F.pad(s.unsqueeze(0), (2, 0), mode="reflect").shape)

# 3D padding of a 5D input
v = torch.arange(8.0).reshape(1, 1, 2, 2, 2)
print(F.pad(v, (1, 0, 0, 1, 1, 0), mode="reflect").sum().item(), F.pad(v, (1, 1, 1, 1, 1, 1), mode="replicate").shape)

# gradients: each output element adds its gradient to the input element it copies
for mode in ["reflect", "replicate", "circular"]:
    a = torch.arange(12.0).reshape(1, 1, 3, 4).requires_grad_()
    w = torch.arange(1.0, 1.0 + 5 * 7).reshape(1, 1, 5, 7)
    (F.pad(a, (2, 1, 1, 1), mode=mode) * w).sum().backward()
    print(mode, a.grad)

# the layers
layers = [nn.ReflectionPad2d(2), nn.ReflectionPad2d((1, 0, 2, 1)), nn.ReplicationPad2d(1), nn.ReplicationPad1d((0, 3)),
          nn.ZeroPad2d((1, 1, 0, 2)), nn.ZeroPad1d(2), nn.ConstantPad2d(1, 3.5), nn.ConstantPad1d((2, 0), -1),
          nn.ReflectionPad1d(1), nn.CircularPad2d(1), nn.ReplicationPad3d(1), nn.ConstantPad3d((1, 0, 0, 0, 0, 1), 0.5)]
for layer in layers:
    print(layer, layer.padding)
img = torch.arange(16.0).reshape(1, 1, 4, 4)
print(nn.ReflectionPad2d(2)(img))
print(nn.ZeroPad2d((1, 1, 0, 2))(img).shape, nn.ConstantPad2d(1, 3.5)(img)[0, 0, 0])
print(nn.ReplicationPad1d((0, 3))(torch.tensor([[[1.0, 2.0]]])))
print(nn.CircularPad2d(1)(img)[0, 0])
print(list(nn.ReflectionPad2d(1).parameters()), nn.ReflectionPad2d(1).training)

# fast_neural_style's ConvLayer: reflection padding, then a convolution
torch.manual_seed(0)


class ConvLayer(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride):
        super().__init__()
        self.reflection_pad = nn.ReflectionPad2d(kernel_size // 2)
        self.conv2d = nn.Conv2d(in_channels, out_channels, kernel_size, stride)

    def forward(self, x):
        return self.conv2d(self.reflection_pad(x))


layer = ConvLayer(3, 4, 3, 2)
print(layer)
out = layer(torch.randn(2, 3, 8, 8))
print(out.shape, f"{out.sum().item():.4f}")
out.pow(2).mean().backward()
print(f"{layer.conv2d.weight.grad.abs().sum().item():.4f}")

# errors
cases = [lambda: F.pad(x[0], (4, 0), mode="reflect"),
         lambda: F.pad(x, (1, 2), mode="reflect"),
         lambda: F.pad(x, (0, 0, 3, 0), mode="reflect"),
         lambda: F.pad(x, (1, 1), mode="nearest"),
         lambda: F.pad(x, (1, 1), mode="reflect", value=2.0),
         lambda: F.pad(torch.ones(3), (1, 1), mode="reflect"),
         lambda: F.pad(x, (1, 1, 1), mode="replicate"),
         lambda: F.pad(x[0], (5, 0), mode="circular"),
         lambda: nn.CircularPad2d(1)(torch.ones(2, 2))]
for case in cases:
    try:
        case()
    except Exception as e:
        print(type(e).__name__, e)
