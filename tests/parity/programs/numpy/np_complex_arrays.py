# Complex NumPy arrays: construction from Python complex numbers, dtype names and promotion (NEP 50 for
# Python complex scalars), ComplexFloatingFormat printing (real and imaginary parts formatted apart,
# the imaginary ones signed), complex scalars' str/repr, the complex loops of the ufuncs, reductions,
# parts (.real/.imag/conj/angle), comparisons, and torch interop both ways.
import numpy as np
import torch

a = np.array([1 + 2j, 3.5 - 1j, 2j])
print(a)
print(repr(a))
print(a.dtype, a.dtype.kind, a.dtype.char, a.dtype.itemsize, a.shape)
print(a.real, a.imag, repr(a.real))
print(np.real(a), np.imag(a), np.imag(np.array([1.0, 2.0])))
print(np.abs(a), abs(a), np.conj(a), a.conj(), a.conjugate())
print(np.angle(a), np.angle(a, deg=True), np.angle(np.array([-1.0, 1.0])))

# arithmetic and promotion
print(a * 2, a + np.array([1.0, 2.0, 3.0]), a * a, a / (1 + 1j), a - 1j)
f32 = np.array([1.0, 2.0], dtype=np.float32)
print(repr(f32 * 1j), repr(f32 + 0j), repr(np.array([1, 2]) * 1j))
c64 = np.array([1 + 1j, 2 - 1j], dtype=np.complex64)
print(repr(c64), repr(c64 * 2.5), repr(c64 + np.array([1.0, 2.0])), repr(c64 + f32))
print(repr(c64 * np.array([1, 2], dtype=np.int16)), repr(c64 * np.array([1, 2], dtype=np.int32)))
print(repr(a ** 2), repr(np.square(a)), repr(np.reciprocal(a)))
print(np.result_type(np.complex64, np.float64), np.promote_types(np.complex64, np.int16))

# creation and casting
print(repr(np.zeros(3, dtype=complex)), repr(np.ones(2, dtype=np.complex64)), repr(np.array([1, 2], dtype="c16")))
print(repr(np.array([1.5, -2.0]).astype(np.complex128)), repr(np.arange(3).astype("complex64")))
print(np.dtype("complex64"), np.dtype(complex), np.dtype("D"), np.dtype("F"), np.complex128 is np.cdouble)
print(np.iscomplexobj(a), np.isrealobj(a), np.iscomplexobj(f32), issubclass(np.complex64, np.complexfloating))

# scalars
s = np.complex128(1 + 2j)
print(repr(s), s, str(np.complex64(2j)), repr(np.complex64(-1.5 + 0.25j)), repr(a[2]), a[0])
print(complex(a[1]), a.tolist(), a[0].real, a[0].imag, type(a[0]).__name__)
print(repr(np.complex128(1e20 + 1e-5j)), repr(np.complex128(-0.0 - 1j)), np.complex128(3))

# reductions
print(a.sum(), repr(a.mean()), np.sum(a))
m = np.array([[1 + 1j, 2 - 2j, 0.5j], [3.0 + 0j, -1j, 1 + 0.25j]])
print(m.sum(axis=0), m.sum(axis=1), repr(m.mean(axis=1)))
big = np.arange(100) * (1 + 0.5j) / 8
print(repr(big.sum()), repr(big.mean()))

# the complex loops of the unary ufuncs
z = np.array([1 + 1j, -2 + 0.5j, 0.25 - 3j])
print(np.exp(z))
print(np.log(z))
print(np.sqrt(np.array([-4 + 0j, 2j, 3 + 4j])))
print(np.sin(z), np.cos(z))
print(np.tanh(z))
print(np.isnan(np.array([np.nan + 1j, 1 + 0j])), np.isfinite(np.array([1 + np.inf * 1j, 2j])))

# printing: widths, scientific parts, non-finite parts, wrapping
print(np.array([1e-5 + 1j, 1e5 - 1j]))
print(np.array([0.5 + 100j, -12.25 - 0.125j, 3 + 0j]))
print(np.array([complex(np.nan, 1), complex(1, np.inf), complex(-np.inf, -2)]))
print(np.arange(12).reshape(3, 4) * (0.5 - 0.25j))
print(repr(np.linspace(0, 1, 9) * 1j + 1))

# comparisons and indexing
print(a == a[0], a != 2j, a[a.real > 0], a[::-1], a[1:])
b = a.copy()
b[0] = 5 - 5j
b[1:] = 0
print(b, a)
print(np.maximum(np.array([1 + 1j, 2 - 1j]), np.array([1 + 2j, 1 + 5j])), np.array([1 + 1j, 1 - 1j]) < np.array([1 + 0j, 2j]))

# torch interop
t = torch.from_numpy(a)
print(t, t.dtype)
print(torch.tensor([1 + 1j, 2]).numpy(), repr(torch.ones(2, dtype=torch.complex64).numpy()))
print(np.array(torch.tensor([0.5j])), torch.as_tensor(c64))

# errors
for fn in (lambda: a // 2, lambda: a % 2, lambda: np.floor(a), lambda: a & 1):
    try:
        fn()
    except TypeError as e:
        print("TypeError", e)
