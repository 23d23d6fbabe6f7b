import torch
import torch.nn as nn
import torch.nn.functional as F
# What torch.jit.trace records for transposed convolutions (aten::_convolution with transposed=True
# and every argument spelled out) and for convolutions with a padding string (aten::_convolution_mode
# with 'same' or 'valid'): functions and layers, batched and unbatched inputs, strides, output_padding,
# groups, dilation, odd and even kernels. Each traced callable must compute what eager computes, its
# .code prints as PyTorch's does, and the traced graph runs on new inputs.


def up1(x, w, b):
    return F.conv_transpose1d(x, w, b, stride=2, padding=1, output_padding=1)


def up2(x, w):
    return F.conv_transpose2d(x, w, None, 2, 0, 0, 2, 1)


def same2(x, w, b):
    return F.conv2d(x, w, b, padding="same", dilation=2)


def valid1(x, w):
    return F.conv1d(x, w, padding="valid")


torch.manual_seed(0)
cases = [
    (up1, (torch.randn(2, 3, 5), torch.randn(3, 2, 3), torch.randn(2))),
    (up1, (torch.randn(3, 4), torch.randn(3, 2, 3), torch.randn(2))),
    (up2, (torch.randn(1, 4, 3, 3), torch.randn(4, 1, 2, 2))),
    (same2, (torch.randn(1, 2, 5, 6), torch.randn(3, 2, 2, 3), torch.randn(3))),
    (same2, (torch.randn(2, 5, 6), torch.randn(3, 2, 3, 3), torch.randn(3))),
    (valid1, (torch.randn(2, 2, 7), torch.randn(4, 2, 3))),
]
for fn, args in cases:
    t = torch.jit.trace(fn, args)
    y = t(*args)
    print(fn.__name__, tuple(y.shape), torch.allclose(y, fn(*args), atol=1e-5), round(y.sum().item(), 3))
    print(t.code)
    again = tuple(torch.randn(a.shape) for a in args)
    print(torch.allclose(t(*again), fn(*again), atol=1e-5))

layers = [
    (nn.ConvTranspose2d(2, 4, kernel_size=3, stride=2, padding=1, dilation=2), torch.randn(1, 2, 4, 4)),
    (nn.ConvTranspose1d(4, 2, kernel_size=2, stride=3, groups=2, bias=False), torch.randn(2, 4, 3)),
    (nn.Conv2d(2, 2, kernel_size=(3, 4), padding="same"), torch.randn(1, 2, 4, 5)),
    (nn.Conv1d(2, 3, kernel_size=3, padding="valid", bias=False), torch.randn(2, 6)),
]
for m, x in layers:
    t = torch.jit.trace(m, x)
    y = t(x)
    print(type(m).__name__, tuple(y.shape), torch.allclose(y, m(x), atol=1e-5))
    print(t.code)
    y.sum().backward()
    print(tuple(m.weight.grad.shape), round(m.weight.grad.abs().sum().item(), 3))
