import torch
# torch.fft: fft/ifft/rfft/irfft/fftn and friends on a few shapes, norms and lengths. Values that
# go through irrational twiddle factors are printed rounded (FFT algorithms differ in the last ulp).


def show(t):
    r = torch.view_as_real(t) if t.is_complex() else t
    return (r * 10000).round() / 10000 + 0.0


x = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(torch.fft.fft(x))
print(torch.fft.ifft(torch.fft.fft(x)).real)
print(torch.fft.rfft(x), torch.fft.irfft(torch.fft.rfft(x)))
print(torch.fft.fft(x, norm="ortho"), torch.fft.fft(x, norm="forward"), torch.fft.ifft(x, norm="forward"))
print(torch.fft.fft(x, n=8).shape, show(torch.fft.fft(x, n=8)), torch.fft.fft(x, n=2))
y = torch.tensor([[0.0, 1.0, 0.0, -1.0], [1.0, 1.0, 1.0, 1.0], [2.0, 0.0, -2.0, 0.0]])
print(torch.fft.fft(y))
print(show(torch.fft.fft(y, dim=0)))
print(torch.fft.fft2(y).shape, show(torch.fft.fftn(y)[0]), show(torch.fft.ifftn(torch.fft.fftn(y)).real))
print(torch.fft.rfft(y).shape, torch.fft.irfft(torch.fft.rfft(y), n=4))
print(show(torch.fft.rfft2(y)), show(torch.fft.irfft2(torch.fft.rfft2(y), s=(3, 4))))
z = torch.tensor([1 + 1j, 2 - 1j, 0.5j, -1.0])
print(torch.fft.fft(z), torch.fft.ifft(z))
print(show(torch.fft.fft(torch.arange(5.0))), show(torch.fft.irfft(torch.tensor([1.0, 2.0, 3.0]), n=5)))
print(torch.fft.fftfreq(5), torch.fft.rfftfreq(6, d=0.5), torch.fft.fftfreq(4, d=0.1))
print(torch.fft.fftshift(torch.arange(6)), torch.fft.ifftshift(torch.arange(5)), torch.fft.fftshift(torch.arange(6).reshape(2, 3)))
s = torch.sin(torch.arange(16) * 2 * 3.141592653589793 * 3 / 16)
mag = torch.fft.rfft(s).abs()
print(mag.argmax().item(), round(mag.max().item(), 3))
print(torch.fft.rfft(torch.arange(5, dtype=torch.float64)).dtype, torch.fft.fft(torch.arange(3)).dtype)
print(torch.fft.fft(torch.tensor([1.0, 0.0, 0.0, 0.0], dtype=torch.float64)))
t = torch.randn(3, 8, requires_grad=True)
torch.fft.rfft(t).abs().sum().backward()
print(t.grad.shape, round(t.grad.abs().sum().item(), 2) > 0)
u = torch.randn(16, dtype=torch.float64)
print(torch.allclose(torch.fft.irfft(torch.fft.rfft(u), n=16), u), torch.allclose(torch.fft.ifft(torch.fft.fft(u)).real, u))
