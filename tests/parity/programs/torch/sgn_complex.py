# torch.sgn / Tensor.sgn on complex tensors (z / |z|, 0 at 0) and its gradient (sgn_backward:
# (g - sgn^2 conj(g)) / (2 |z|), 0 at z = 0), and real input's sgn (= sign). (Its gradient for real
# input is PyTorch's _efficientzerotensor, which tolist() refuses: not printed.)
import torch


def c(t):
    return [(round(z.real, 4), round(z.imag, 4)) for z in t.flatten().tolist()]


z = torch.tensor([3 + 4j, 0j, -2 + 0j, 0 - 1.5j, 1e-3 + 1e-3j], dtype=torch.complex64)
s = torch.sgn(z)
print(s.dtype, c(s))
print(c(z.sgn()))
print(c(torch.sgn(z.to(torch.complex128))), torch.sgn(z.to(torch.complex128)).dtype)
print('abs of sgn', [round(v, 4) for v in s.abs().tolist()])

zr = torch.tensor([1.0 + 2.0j, -0.5 + 0.25j, 0j, 2.0 - 3.0j], dtype=torch.complex128, requires_grad=True)
y = torch.sgn(zr)
print(type(y.grad_fn).__name__)
w = torch.tensor([0.5 - 1.0j, 2.0 + 0.5j, 1.0 + 1.0j, -1.0 + 0.0j], dtype=torch.complex128)
loss = (y * w).real.sum() + (y.imag ** 2).sum()
loss.backward()
print('grad', c(zr.grad))

x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
sx = torch.sgn(x)
print(sx.tolist(), type(sx.grad_fn).__name__)
