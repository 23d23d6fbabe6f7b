# torch.fft as ATen composes it: the grad_fns of each transform (FftC2CBackward0, FftR2CBackward0,
# FftC2RBackward0, and the conjugation of the inverse real transforms), the primitives torch._fft_c2c /
# _fft_r2c / _fft_c2r with their normalization codes, exact zeros where inputs cancel (radix-3 and -5
# lengths), the conjugate-symmetric upper half of a real signal's full FFT, gradients against a float64
# DFT-matrix reference, n/s trimming and padding, dtype promotion and ATen's errors.
import math

import torch


def show(t):
    r = torch.view_as_real(t) if t.is_complex() else t
    return (r * 10000).round() / 10000 + 0.0


x = torch.arange(6.0, requires_grad=True)
for name, y in [("fft", torch.fft.fft(x)), ("ifft", torch.fft.ifft(x)), ("rfft", torch.fft.rfft(x)),
                ("ihfft", torch.fft.ihfft(x)), ("fft2", torch.fft.fft2(x.view(2, 3))),
                ("rfftn", torch.fft.rfftn(x.view(2, 3))), ("fft_n", torch.fft.fft(x, n=8))]:
    print(name, y.dtype, tuple(y.shape), type(y.grad_fn).__name__)
z = torch.fft.rfft(x)
for name, y in [("irfft", torch.fft.irfft(z)), ("hfft", torch.fft.hfft(z)), ("irfftn", torch.fft.irfftn(z.unsqueeze(0))),
                ("ifft_c", torch.fft.ifft(z))]:
    print(name, y.dtype, tuple(y.shape), type(y.grad_fn).__name__)

# the transforms of constant rows of length 3, 5, 6, 15 (rounded: FFT libraries differ in the zero bins'
# signs and last-ulp residues)
for n in (3, 5, 6, 15):
    print(n, show(torch.fft.fft(torch.full((n,), 2.0))).tolist(), show(torch.fft.rfft(torch.ones(n, dtype=torch.float64))).tolist())
print(show(torch.fft.fft2(torch.arange(12.0).reshape(3, 4))))
print(show(torch.fft.fft(torch.tensor([1.0, 1.0, 1.0, 1.0]))), torch.fft.fft(torch.tensor([0.0, 1.0, 0.0, 1.0], dtype=torch.float64)).shape)

# the primitives
c = torch.tensor([1 + 1j, 2 - 1j, 0.5j, -1.0, 3.0])
print(torch._fft_c2c(c, [0], 0, True), torch._fft_c2c(c, [0], 2, False))
print(show(torch._fft_c2c(c, [0], 1, True)))
r = torch.tensor([[1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 0.0, -1.0]])
print(torch._fft_r2c(r, [1], 0, True), torch._fft_r2c(r, [1], 0, False))
print(torch._fft_c2r(torch._fft_r2c(r, [1], 0, True), [1], 2, 4))
print(torch._fft_r2c(r, [0, 1], 0, True))

# gradients against the DFT matrix in float64
torch.manual_seed(0)
n = 6
k = torch.arange(n, dtype=torch.float64)
F = torch.polar(torch.ones(n, n, dtype=torch.float64), -2 * math.pi * torch.outer(k, k) / n)
sig = torch.randn(n, dtype=torch.float64, requires_grad=True)
w = torch.randn(n, dtype=torch.float64)
(torch.fft.fft(sig).real * w).sum().backward()
g1 = sig.grad.clone()
sig.grad = None
((F @ sig.to(torch.complex128)).real * w).sum().backward()
print(torch.allclose(g1, sig.grad), show(g1))
sig.grad = None
torch.fft.rfft(sig, norm="ortho").abs().sum().backward()
print(show(sig.grad))
spec = torch.randn(4, dtype=torch.complex128, requires_grad=True)
torch.fft.irfft(spec, n=6).pow(2).sum().backward()
print(show(spec.grad))
spec.grad = None
torch.fft.irfft(spec, n=7, norm="forward").sum().backward()
print(show(spec.grad))
m = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
torch.fft.rfft2(m).abs().pow(2).sum().backward()
print(show(m.grad))

# n / s trimming and padding, dims
print(torch.fft.fft(torch.arange(4.0), n=2), torch.fft.rfft(torch.arange(4.0), n=6).shape)
print(torch.fft.fftn(torch.ones(2, 3), s=(3, 2)).shape, torch.fft.irfftn(torch.ones(2, 3), s=(2, 4)))
print(torch.fft.fft(torch.ones(2, 2, dtype=torch.float64), dim=0), torch.fft.fft2(torch.ones(2, 4), s=(-1, 2)))

# promotion and errors
print(torch.fft.fft(torch.tensor([1, 2, 3])).dtype, torch.fft.rfft(torch.arange(4, dtype=torch.float64)).dtype)
for bad in (lambda: torch.fft.fft(torch.ones(4, dtype=torch.float16)),
            lambda: torch.fft.rfft(torch.ones(4, dtype=torch.complex64)),
            lambda: torch.fft.fft(torch.ones(4), norm="bad"),
            lambda: torch.fft.fft(torch.ones(4), n=0),
            lambda: torch.fft.fft(torch.ones(4), dim=1),
            lambda: torch.fft.fftn(torch.ones(2, 2), dim=(0, 0)),
            lambda: torch.fft.fftn(torch.ones(2, 2), s=(1, 1, 1)),
            lambda: torch.fft.irfft(torch.ones(1, dtype=torch.complex64)),
            lambda: torch._fft_c2c(torch.ones(3), [0], 0, True)):
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, str(e).splitlines()[0])
