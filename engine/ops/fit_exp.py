# Fits the polynomial of pw::exp for float (ops/pointwise_math.h): e^r ~ 1 + r + r^2 Q(r) on the
# reduced range |r| <= ln2/2 (widened by 1e-5 for the rounding of n), Q of degree 4 (c2..c6),
# minimizing the maximum relative error. c1 is fixed at 1 so that pw::exp can add r exactly (the
# form Cephes' expf uses; it keeps the evaluation's rounding near half an ulp). Lawson's iteration
# (least squares reweighted by the previous errors, converging towards minimax) on Chebyshev
# points, in 30-digit arithmetic. The coefficients are rounded to float one at a time, leading one
# first, and the rest refitted around each rounded value, so the float polynomial itself is near
# minimax (3.1e-9 relative, 1/20 ulp: the float evaluation's rounding, not the fit, sets
# pw::exp's error). Needs only mpmath: `python3 engine/ops/fit_exp.py` prints c2..c6 (~10 s).
import struct

import mpmath as mp

mp.mp.dps = 30
DEG = 6
A = mp.log(2) / 2 * (1 + mp.mpf("1e-5"))
N = 300
XS = [A * mp.cos(mp.pi * (i + 0.5) / N) for i in range(N)]


def to_float(x):
    return mp.mpf(struct.unpack("f", struct.pack("f", float(x)))[0])


def poly(c, x):  # 1 + c1 x + ... + c6 x^6
    return 1 + sum(c[k] * x ** (k + 1) for k in range(DEG))


def fit(fixed, iterations=40):
    """c1..c6 with c1..c_len(fixed) given, the rest minimax (relative error) by Lawson's iteration."""
    w = [mp.mpf(1)] * len(XS)
    nf = len(fixed)
    for _ in range(iterations):
        rows, rhs = [], []
        for x, wi in zip(XS, w):
            e = mp.exp(x)
            s = mp.sqrt(wi) / e  # relative error: each row divided by e^x
            rows.append([s * x ** k for k in range(nf + 1, DEG + 1)])
            rhs.append(s * (e - poly(list(fixed) + [0] * (DEG - nf), x)))
        sol = mp.qr_solve(mp.matrix(rows), mp.matrix(rhs))[0]
        c = list(fixed) + [sol[k] for k in range(DEG - nf)]
        errs = [abs(poly(c, x) / mp.exp(x) - 1) for x in XS]
        total = sum(wi * e for wi, e in zip(w, errs))
        w = [wi * e / total for wi, e in zip(w, errs)]
    return c


coefs = [mp.mpf(1)]
while len(coefs) < DEG:
    coefs.append(to_float(fit(coefs)[len(coefs)]))
dense = [A * mp.cos(mp.pi * (i + 0.5) / 2000) for i in range(2000)]
print("max relative error of the float polynomial:", mp.nstr(max(abs(poly(coefs, x) / mp.exp(x) - 1) for x in dense), 5))
for k, c in enumerate(coefs[1:], start=2):
    print("c%d = %.9ef" % (k, float(c)))
