# Writes into complex tensors through the paths that use scatter/gather/masked_fill: t[..., i] = v with
# autograd (FEDformer's FourierBlock fills a cfloat buffer mode by mode: thuml/Time-Series-Library
# layers/FourierCorrelation.py, probe 28, stopped at '"scatter_kernel" not implemented for
# ComplexFloat'), a boolean-mask fill, torch.gather / scatter / scatter_add and their gradients.
import torch

torch.manual_seed(0)
B, H, E, L = 2, 2, 3, 8
w1 = torch.randn(H, E, E, 4, requires_grad=True)
w2 = torch.randn(H, E, E, 4, requires_grad=True)
x = torch.randn(B, H, E, L)
x_ft = torch.fft.rfft(x, dim=-1)
out_ft = torch.zeros(B, H, E, L // 2 + 1, dtype=torch.cfloat)
for wi, i in enumerate([0, 2, 3, 1]):
    out_ft[:, :, :, wi] = torch.einsum("bhi,hio->bho", x_ft[:, :, :, i], torch.complex(w1, w2)[:, :, :, wi])
y = torch.fft.irfft(out_ft, n=L)
print(type(out_ft.grad_fn).__name__, y.shape, round(y.sum().item(), 3), round(y.pow(2).sum().item(), 2))
y.pow(2).sum().backward()
print(round(w1.grad.sum().item(), 3), round(w2.grad.abs().sum().item(), 2))

z = torch.complex(torch.arange(6.0).view(2, 3), -torch.arange(6.0).view(2, 3))
m = z.real > 2
z2 = z.clone()
z2[m] = 0
print(z2)
z3 = z.clone()
z3[m] = 1 - 2j
print(z3, z.masked_fill(~m, 5j))

idx = torch.tensor([[2, 0], [1, 1]])
print(torch.gather(z, 1, idx))
print(torch.zeros(2, 3, dtype=torch.cfloat).scatter(1, idx, z[:, :2]))
print(torch.zeros(2, 3, dtype=torch.cfloat).scatter_add(1, idx, z[:, :2]))

a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(2, 3, requires_grad=True)
c = torch.complex(a, b)
g = torch.gather(c, 1, idx)
s = torch.zeros(2, 3, dtype=torch.cfloat).scatter_add(1, idx, g * (1 + 1j))
(s.abs() ** 2).sum().backward()
print(a.grad, b.grad, sep="\n")
