import torch
# Complex tensors: dtypes, promotion, construction from Python complex numbers, printing in
# several shapes, item/tolist, .real/.imag views, conj bit, conversions.
for dt in [torch.complex64, torch.complex128, torch.cfloat, torch.cdouble, torch.float32]:
    print(dt, dt.is_complex, dt.is_floating_point, dt.itemsize)
print(torch.cfloat is torch.complex64, torch.cdouble is torch.complex128)
print(torch.complex64.to_real(), torch.complex128.to_real(), torch.float64.to_complex(), torch.float32.to_complex())
print(torch.promote_types(torch.float64, torch.complex64), torch.promote_types(torch.int64, torch.complex64))
print(torch.promote_types(torch.float16, torch.complex64), torch.promote_types(torch.complex64, torch.complex128))

a = torch.tensor([1 + 2j, -3.5 + 0.25j, 0j])
print(a, a.dtype, a.is_complex(), a.is_floating_point(), a.shape, a.element_size())
print(torch.tensor(2 - 1j), torch.tensor([[1j, 2], [3, 4 + 0.5j]]))
print(torch.tensor([1 + 1j], dtype=torch.complex128))
print(torch.tensor([1.5, 2.0], dtype=torch.complex64), torch.zeros(2, 2, dtype=torch.cfloat))
print(torch.ones(3, dtype=torch.cdouble), torch.full((2,), 1 - 2j))
print(torch.tensor([100.5 + 1e-3j, 2j]), torch.tensor([1e10 + 1j, 1j]))
print(torch.tensor([[1.25 + 3j, -7j], [0.5, 1e-5j]]))
print(torch.arange(12, dtype=torch.float32).reshape(2, 3, 2).contiguous().view(2, 3, 2)[..., 0] * (1 + 1j))
print(torch.tensor([float("nan") + 1j, float("inf") - 1j]))
print(a[0].item(), a.tolist(), type(a[1].item()).__name__)

r = a.real
i = a.imag
print(r, i, r.dtype, r.shape, r.stride(), i.storage_offset())
r[0] = 10.0
print(a)
a.imag = torch.tensor([1.0, 2.0, 3.0])
print(a)
f = torch.tensor([1.0, -2.0])
print(f.real, torch.real(f), torch.real(a), torch.imag(a))

c = a.conj()
print(c, c.is_conj(), a.is_conj(), c.resolve_conj().is_conj(), torch.conj(f) is f or torch.equal(torch.conj(f), f))
print(torch.is_complex(a), torch.is_complex(f), torch.is_conj(c))

x = torch.arange(6, dtype=torch.float32).reshape(3, 2)
z = torch.view_as_complex(x)
print(z, z.shape, z.dtype)
x[1, 1] = 100.0
print(z)
back = torch.view_as_real(z)
print(back, back.shape, back.dtype, back.stride(), torch.view_as_real(z.unsqueeze(0)).shape)
print(torch.view_as_complex(torch.arange(8, dtype=torch.float64).reshape(2, 2, 2)))
zz = torch.view_as_complex(torch.zeros(4, 3, 2))
print(zz.stride(), zz[1:].stride(), zz[:, 1].shape, zz.t().shape)

print(torch.complex(torch.tensor([1.0, 2.0]), torch.tensor([3.0, -4.0])))
print(torch.complex(torch.tensor([[1.0], [2.0]], dtype=torch.float64), torch.tensor([0.5, -0.5], dtype=torch.float64)))
print(torch.polar(torch.tensor([1.0, 2.0]), torch.tensor([0.0, 3.141592653589793 / 2])))

y = torch.tensor([3 + 4j, -1 - 1j, 2j])
print(y.abs(), torch.abs(y), y.angle(), torch.angle(torch.tensor([-1.0, 2.0, 0.0])))
print(y + 1, y - 2j, y * 2, y * (1 + 1j), y / 2, y / (1 - 1j), 2 * y, 1j * torch.tensor([1.0, 2.0]))
print(y + y, y * y, y / y, -y, y - torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.0, 3.0]) / y)
print(torch.exp(y), torch.exp(torch.tensor([0j, 3.141592653589793j])))
print(y.sum(), y.mean(), torch.sum(y.reshape(1, 3), dim=1), y == y, y != y.conj(), y == torch.tensor([3 + 4j, 0, 2j]))
m = torch.tensor([[1 + 1j, 2], [0, 1j]])
print(m @ m, torch.matmul(m, torch.tensor([1j, 1], dtype=torch.complex64)))
print(torch.tensor([1.0, 2.0]).to(torch.complex64), torch.tensor([1, 2]).to(torch.cdouble))
print(y.to(torch.complex128), y.to(torch.complex128).dtype, torch.tensor([1.0]).type_as(y).dtype)
print(torch.tensor([0.5, 1.5], dtype=torch.float64) * y[:2], (torch.tensor([0.5, 1.5], dtype=torch.float64) * y[:2]).dtype)
print(torch.result_type(torch.tensor([1.0]), 1j), torch.result_type(torch.tensor([1.0], dtype=torch.float64), 1j))
print(torch.result_type(torch.tensor([1]), 1j), (torch.tensor([1, 2]) * 1j).dtype)
print(y.clone(), y.contiguous(), y.reshape(3, 1), y.unsqueeze(0).expand(2, 3).contiguous())
