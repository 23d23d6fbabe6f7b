# torch.special's Bessel functions (J0, J1, Y0, Y1, modified I0/I1/K0/K1 and scaled K0/K1, spherical
# j0) and airy_ai over small, medium and large arguments, zero, negatives, inf and nan, and the orthogonal
# polynomials (Chebyshev T/U/V/W and the shifted ones, Hermite H/He, Laguerre, Legendre) with tensor
# and scalar degrees, their closed forms at the interval ends and the large-degree branch.
import math

import torch
import torch.special as S


def show(name, t):
    # float32 results to 5 significant digits: ATen computes them in float arithmetic
    digits = 5 if t.dtype == torch.float32 else 6
    vals = []
    for v in t.flatten().tolist():
        if math.isnan(v) or math.isinf(v):
            vals.append(str(v))
        else:
            vals.append(f"{v:.{digits}g}")
    print(name, t.dtype, " ".join(vals))


x = torch.tensor([0.0, 1e-8, 0.1, 0.5, 1.0, 2.0, 3.7, 10.0, 24.9, 25.1, 40.0, 100.0, -3.0, float("inf"), float("nan")],
                 dtype=torch.float64)
for name in ["bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1",
             "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
             "spherical_bessel_j0", "airy_ai"]:
    show(name, getattr(S, name)(x))
show("airy_ai more", S.airy_ai(torch.tensor([-30.0, -10.5, -7.5, -5.0, -2.0, 0.99, 5.0, 30.0, -float("inf")],
                                            dtype=torch.float64)))
xf = torch.linspace(0.25, 6.0, 7)
show("j0 f32", S.bessel_j0(xf))
show("k1 f32", S.modified_bessel_k1(xf))
show("y1 f32", S.bessel_y1(xf))
out = torch.empty(0, dtype=torch.float64)
S.bessel_j1(x[:4], out=out)
show("out=", out)

xs = torch.tensor([-1.0, -0.5, 0.0, 0.3, 0.85, 1.0, 1.5], dtype=torch.float64)
for name in ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
             "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
             "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l",
             "legendre_polynomial_p"]:
    f = getattr(S, name)
    for n in [0, 1, 3, 9]:
        show(f"{name} n={n}", f(xs, n))
    show(f"{name} n=tensor", f(xs, torch.tensor([0, 1, 2, 3, 4, 5, -1])))
    show(f"{name} f32", f(xs.float(), torch.tensor(4)))
show("scalar x", S.chebyshev_polynomial_t(0.5, torch.tensor([0.0, 1.0, 2.0, 7.0])))
show("broadcast", S.legendre_polynomial_p(torch.tensor([[0.2], [0.7]]), torch.tensor([1, 2, 3])))
try:
    S.bessel_j0([1.0])
except TypeError as e:
    print("TypeError", e)
