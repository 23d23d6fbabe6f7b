# cmath on finite arguments: sqrt/exp/log/phase/polar/rect and the trigonometric and hyperbolic
# functions, as CPython computes them; plus a small FFT and root-finding in plain Python complex.
import cmath
import math

vals = [1 + 2j, -3 + 0.5j, 0.25 - 4j, 2, -1.5, 1j, -1j, 0.7 + 0.7j]
for z in vals:
    print(z, cmath.sqrt(z), cmath.exp(z), cmath.log(z), cmath.phase(z), cmath.polar(z))
    print("  ", cmath.sin(z), cmath.cos(z), cmath.tan(z))
    print("  ", cmath.sinh(z), cmath.cosh(z), cmath.tanh(z), cmath.log10(z), cmath.log(z, 2))
print(cmath.rect(2, math.pi / 3), cmath.rect(1, 0), cmath.sqrt(-4), cmath.sqrt(0j), cmath.sqrt(-0.0 - 0j))
print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.infj, cmath.isfinite(1 + 1j), cmath.isinf(cmath.infj))
print(cmath.isnan(complex(1, math.nan)), cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1j, 2j))
try:
    cmath.log(0)
except ValueError as e:
    print("ValueError", e)


def dft(xs):
    n = len(xs)
    return [sum(xs[k] * cmath.exp(-2j * cmath.pi * k * m / n) for k in range(n)) for m in range(n)]


def fft(xs):
    n = len(xs)
    if n == 1:
        return list(xs)
    even = fft(xs[0::2])
    odd = fft(xs[1::2])
    tw = [cmath.exp(-2j * cmath.pi * k / n) * odd[k] for k in range(n // 2)]
    return [even[k] + tw[k] for k in range(n // 2)] + [even[k] - tw[k] for k in range(n // 2)]


sig = [math.sin(2 * math.pi * 2 * t / 8) + 0.5 for t in range(8)]
print([round(abs(v), 6) for v in dft(sig)])
print([complex(round(v.real, 6), round(v.imag, 6)) for v in fft(sig)])
print(max(abs(a - b) for a, b in zip(dft(sig), fft(sig))) < 1e-9)

# roots of z^2 + z + 1 and Newton's method on z^3 - 1
a, b, c = 1, 1, 1
d = cmath.sqrt(b * b - 4 * a * c)
print((-b + d) / (2 * a), (-b - d) / (2 * a))
z = 0.5 + 0.5j
for _ in range(20):
    z = z - (z ** 3 - 1) / (3 * z ** 2)
print(z, abs(z ** 3 - 1) < 1e-12)
