# Complex tensors through the elementary functions, prod/cumsum/cumprod and gradients of real losses
# of them; Tensor.broadcast_to with varargs (one IntArrayRef parameter takes them as expand does).
import torch

z = torch.tensor([1 + 2j, -3 + 0.5j, 0 - 1j, 0.25 - 0.75j, -2 + 0j, 0.5 + 0.1j], dtype=torch.complex64)
for name in ["sqrt", "log", "log2", "log10", "log1p", "expm1", "rsqrt", "sin", "cos", "tan", "sinh", "cosh",
             "tanh", "sigmoid", "asin", "acos", "atan", "asinh", "acosh", "atanh", "exp", "abs", "angle"]:
    r = getattr(torch, name)(z)
    print(name, r.dtype, torch.view_as_real(r).mul(1e4).round().div(1e4).tolist() if r.is_complex() else r.mul(1e4).round().div(1e4).tolist())
zd = z.to(torch.complex128)
print(torch.sqrt(zd), torch.log(zd).dtype)
print(z.sqrt().dtype, z.sin().shape, torch.tensor([-4 + 0j, 0j, 4 + 0j]).sqrt())
print(torch.prod(z), z.prod(0), torch.cumsum(z, 0), torch.cumprod(z, dim=0))
m = torch.tensor([[1 + 1j, 2 - 1j], [0.5j, 3]], dtype=torch.complex64)
print(m.prod(1), m.prod(0, keepdim=True), m.cumsum(1), m.cumprod(0), m.prod().dtype)
w = torch.tensor([0.5 + 0.5j, -1 + 2j, 2 - 0.3j], requires_grad=True)
loss = torch.sqrt(w).abs().sum() + torch.sin(w).real.sum() + torch.log(w).imag.sum() + torch.tanh(w).abs().sum()
loss.backward()
print(round(loss.item(), 4), torch.view_as_real(w.grad).mul(1e4).round().div(1e4).tolist())
v = torch.tensor([1 + 1j, 2 - 1j, 0.5 + 0.5j], requires_grad=True)
s = v.cumsum(0).abs().sum() + v.prod().real + v.cumprod(0).imag.sum()
s.backward()
print(round(s.item(), 4), torch.view_as_real(v.grad).mul(1e4).round().div(1e4).tolist())
x = torch.arange(3.0)
print(x.broadcast_to(2, 3), x.broadcast_to((2, 3)).shape, torch.broadcast_to(x, (2, 3)).shape, x.broadcast_to([4, 3]).shape)
try:
    torch.broadcast_to(x, 2, 3)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
try:
    x.broadcast_to(2, 4)
except RuntimeError as e:
    print("RuntimeError", e)
