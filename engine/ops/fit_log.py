# Fits the polynomial of pw::log for float (ops/pointwise_math.h): log1p(f) ~ f - f^2/2 + f^3 P(f)
# on the reduced range sqrt(1/2) - 1 <= f < sqrt(2) - 1 (m = 1 + f is x's mantissa moved into
# [sqrt(1/2), sqrt(2))), P of degree 7 (p0..p7), minimizing the maximum relative error of log1p.
# The first two terms are fixed so that pw::log adds f exactly and last, as pw::exp adds r (the
# evaluation's rounding then stays near half an ulp). Lawson's iteration (least squares reweighted
# by the previous errors, converging towards minimax) on Chebyshev points, in 30-digit arithmetic;
# the coefficients are rounded to float one at a time, leading one first, the rest refitted around
# each rounded value. Result: 5.8e-9 relative (1/20 ulp); degree 6 gives 3.2e-8 and degree 5 2.6e-7
# (`python3 engine/ops/fit_log.py 7` fits P of degree 6). Needs only mpmath (~1 min).
import struct
import sys

import mpmath as mp

mp.mp.dps = 30
NCOEF = int(sys.argv[1]) if len(sys.argv) > 1 else 8  # P's coefficients
LO, HI = mp.sqrt(mp.mpf(1) / 2) - 1, mp.sqrt(2) - 1
N = 400
XS = [(LO + HI) / 2 + (HI - LO) / 2 * mp.cos(mp.pi * (i + 0.5) / N) for i in range(N)]
XS = [x for x in XS if abs(x) > mp.mpf("1e-6")]


def to_float(x):
    return mp.mpf(struct.unpack("f", struct.pack("f", float(x)))[0])


def approx(p, f):  # f - f^2/2 + f^3 (p0 + p1 f + ...)
    return f - f * f / 2 + f**3 * sum(p[k] * f**k for k in range(len(p)))


def fit(fixed, iterations=40):
    """p0..p(NCOEF-1) with the first len(fixed) given, the rest minimax (relative error) by Lawson's iteration."""
    w = [mp.mpf(1)] * len(XS)
    nf = len(fixed)
    for _ in range(iterations):
        rows, rhs = [], []
        for f, wi in zip(XS, w):
            v = mp.log1p(f)
            s = mp.sqrt(wi) / v  # relative error: each row divided by log1p(f)
            rows.append([s * f ** (3 + k) for k in range(nf, NCOEF)])
            rhs.append(s * (v - approx(list(fixed), f)))
        sol = mp.qr_solve(mp.matrix(rows), mp.matrix(rhs))[0]
        p = list(fixed) + [sol[k] for k in range(NCOEF - nf)]
        errs = [abs(approx(p, f) / mp.log1p(f) - 1) for f in XS]
        total = sum(wi * e for wi, e in zip(w, errs))
        w = [wi * e / total for wi, e in zip(w, errs)]
    return p


coefs = []
while len(coefs) < NCOEF:
    coefs.append(to_float(fit(coefs)[len(coefs)]))
dense = [(LO + HI) / 2 + (HI - LO) / 2 * mp.cos(mp.pi * (i + 0.5) / 3000) for i in range(3000)]
worst = max(abs(approx(coefs, f) / mp.log1p(f) - 1) for f in dense if abs(f) > 1e-9)
print("max relative error of the float polynomial:", mp.nstr(worst, 5))
for k, c in enumerate(coefs):
    print("p%d = %.9ef" % (k, float(c)))
