# numpy.fft: the 1-d, 2-d and n-d transforms with n/s, axis/axes and the norm modes, their result dtypes
# (single precision in, single precision out in NumPy 2), fftfreq/rfftfreq/fftshift/ifftshift, NumPy's
# errors; then the first half of PyTorch's "Creating Extensions Using NumPy and SciPy" tutorial
# (advanced_source/numpy_extensions_tutorial.py: a torch.autograd.Function over numpy.fft.rfft2/irfft2).
# Sizes other than powers of two are printed rounded: a transform's round-off differs from pocketfft's.
import numpy as np
import torch
from numpy.fft import irfft2, rfft2

x = np.array([1.0, 2.0, 3.0, 4.0])
print(np.fft.fft(x))
print(np.fft.ifft(np.fft.fft(x)))
print(np.fft.rfft(x), np.fft.irfft(np.fft.rfft(x)))
print(np.fft.fft(x, norm="ortho"), np.fft.fft(x, norm="forward"), np.fft.ifft(x, norm="forward"))
print(np.abs(np.fft.fft([1, 0, -1, 0])), np.fft.fft([1, 0, -1, 0]).dtype)
print(repr(np.fft.fft(np.ones(4, dtype=np.float32))), repr(np.fft.irfft(np.ones(3, dtype=np.complex64))))
print(np.fft.fft(x, n=8).round(6) + 0, np.fft.fft(x, n=2))
print(np.fft.rfft(np.arange(8.0)).round(6) + 0)
print(np.fft.irfft(np.array([4.0, 1 - 1j, 0]), n=5).round(6) + 0)
print(np.fft.hfft(np.array([1.0, 2 - 1j, 0.5j])).round(6) + 0, np.fft.ihfft(np.arange(4.0)).round(6) + 0)

m = np.arange(16.0).reshape(4, 4)
print(np.fft.fft2(m))
print(np.fft.rfft2(m))
print(np.fft.irfft2(np.fft.rfft2(m)))
print(np.fft.fftn(m, s=(2, 2)), np.fft.ifftn(np.fft.fftn(m)).real)
print(np.fft.fft(m, axis=0))
print(np.fft.rfftn(np.ones((2, 2, 4))).shape, np.fft.irfftn(np.ones((2, 3)), s=(2, 4)))
print(np.fft.fft2(np.arange(6.0).reshape(2, 3)).round(6) + 0)

print(np.fft.fftfreq(5), np.fft.fftfreq(8, d=0.5), np.fft.rfftfreq(6, d=0.1), np.fft.rfftfreq(7))
print(np.fft.fftshift(np.arange(6)), np.fft.ifftshift(np.arange(5)), np.fft.fftshift(np.fft.fftfreq(6)))
print(np.fft.fftshift(np.arange(6).reshape(2, 3)), np.fft.fftshift(np.arange(6).reshape(2, 3), axes=1))

out = np.zeros(3, dtype=complex)
r = np.fft.rfft(x, out=out)
print(r is out, out)
for bad in (lambda: np.fft.fft(x, norm="bad"), lambda: np.fft.fft(x, n=0), lambda: np.fft.fftfreq(2.5)):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)


# numpy_extensions_tutorial.py (pytorch/tutorials), its FFT part verbatim
from torch.autograd import Function


class BadFFTFunction(Function):
    @staticmethod
    def forward(ctx, input):
        numpy_input = input.detach().numpy()
        result = abs(rfft2(numpy_input))
        return input.new(result)

    @staticmethod
    def backward(ctx, grad_output):
        numpy_go = grad_output.numpy()
        result = irfft2(numpy_go)
        return grad_output.new(result)

# since this layer does not have any parameters, we can
# simply declare this as a function, rather than as an ``nn.Module`` class


def incorrect_fft(input):
    return BadFFTFunction.apply(input)


torch.manual_seed(0)
input = torch.randn(8, 8, requires_grad=True)
result = incorrect_fft(input)
print(result)
result.backward(torch.randn(result.size()))
print(input.grad)
