# Python complex numbers: literals, complex(), .real/.imag/conjugate, repr/str, arithmetic with
# int/float/bool, comparisons, hash, bool, abs, formatting.
import math

a = 1 + 2j
b = 3.5 - 0.5j
print(a, b, repr(a), str(b), type(a).__name__, type(1j))
print(1j, 2.5j, 0j, -1j, -0j, 1e16j, 1.5 + 1e-5j, 1J, 10j, 1_000j, .5j, 1.j, 1e3j)
print(complex(), complex(2), complex(2.5), complex(1, 2), complex(-0.0, 0), complex(0, -0.0))
print(complex(1, 2j), complex(1j, 2j), complex(True, False), complex(imag=3), complex(real=4))
print(complex("1+2j"), complex(" (1-2.5e3J) "), complex("j"), complex("-j"), complex("3"), complex("inf-nanj"))
print(complex("1_000+2_0j"), complex(float("nan"), float("inf")))
print(a.real, a.imag, a.conjugate(), (3 + 4j).real, type(a.real).__name__)
print(a + b, a - b, a * b, a / b, a ** 2, a ** -2, a ** 0.5, a ** (1 + 1j), 2 ** a, 0j ** 0)
print(a + 1, 1 + a, a - 1, 1 - a, a * 2, 2 * a, a / 2, 2 / a, a + 1.5, 1.5 - a, True + 1j, a * False)
print(-a, +a, abs(3 + 4j), abs(-2j), abs(complex(float("inf"), 1)))
print(a == 1 + 2j, a != 1 + 2j, (1 + 0j) == 1, (1 + 0j) == 1.0, 1j == 1, 2 == 2 + 0j, a == "x")
print(bool(0j), bool(1j), bool(-0.0 + 0j), hash(1j), hash(1 + 2j), hash(2 + 0j) == hash(2), hash(0.5 + 0j) == hash(0.5))
print({1j: "a", 2 + 0j: "b"}[1j], {2: "x"}.get(2 + 0j), 1j in [1, 1j], sorted([3, 1, 2], key=lambda v: abs(v * 1j)))
print(sum([1j, 2, 3.5 - 1j]), [x * 1j for x in range(3)], (-8) ** (1 / 3), (-1) ** 0.5)
print(format(1 + 2j), format(1 + 2j, ".2f"), format(-1.5j, ".3e"), f"{a}", f"{b:.1f}", "%s" % a)
print(isinstance(a, complex), isinstance(1.0, complex), complex is type(1j), a.__class__.__name__)
print(pow(a, 2), pow(2j, 3), (1 + 1j) ** 3, (2 + 0j) ** 10, (1e-3 + 1e-3j) ** 2)
z = 0j
for k in range(5):
    z = z * z + (0.25 + 0.5j)
print(z)
print(math.isclose(abs(a), math.sqrt(5)), round(abs(b), 6))
