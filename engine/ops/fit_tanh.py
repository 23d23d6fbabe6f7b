# Fits the rational tanh of ops/pointwise_math.h (pw::tanh for float): x P(x^2) / Q(x^2) with P of
# degree 6 and Q of degree 3 in x^2 (Q's constant term 1) on (0, 9], minimizing the maximum
# relative error. Linearized least squares (x P - tanh(x) Q = 0 weighted by the previous Q, as in
# the Sanathanan-Koerner iteration) on Chebyshev points, then Lawson reweighting towards minimax.
# Needs only mpmath: `python3 engine/ops/fit_tanh.py` prints the iteration's max relative error and
# the coefficients p0..p6, q1..q3 (about a minute).
import mpmath as mp
mp.mp.dps = 30
C = mp.mpf(9)
NP, NQ = 7, 4   # P: p0..p6 (x^1..x^13), Q: q0=1..q3 (x^0..x^6)
N = 1500
xs = [C*(1-mp.cos(mp.pi*(i+0.5)/N))/2 for i in range(N)]
xs = [x for x in xs if x > mp.mpf('1e-4')]
ts = [mp.tanh(x) for x in xs]
lw = [mp.mpf(1)]*len(xs)   # Lawson weights
qprev = [mp.mpf(1)]*len(xs)
def evalPQ(c, x):
    z = x*x
    P = mp.mpf(0)
    for k in reversed(range(NP)): P = P*z + c[k]
    Q = mp.mpf(0)
    qs = [mp.mpf(1)] + list(c[NP:])
    for k in reversed(range(NQ)): Q = Q*z + qs[k]
    return x*P/Q
for it in range(40):
    rows=[]; rhs=[]
    for i,(x,t) in enumerate(zip(xs,ts)):
        w = mp.sqrt(lw[i]) / (qprev[i]*t)
        z = x*x
        row = [w*x*z**k for k in range(NP)] + [-w*t*z**k for k in range(1,NQ)]
        rows.append(row); rhs.append(w*t)
    A = mp.matrix(rows); b = mp.matrix(rhs)
    c = mp.qr_solve(A, b)[0]
    c = [c[k] for k in range(NP+NQ-1)]
    errs=[]
    for i,(x,t) in enumerate(zip(xs,ts)):
        z=x*x; qs=[mp.mpf(1)]+c[NP:]; Q=mp.mpf(0)
        for k in reversed(range(NQ)): Q=Q*z+qs[k]
        qprev[i]=Q
        errs.append(abs(evalPQ(c,x)/t-1))
    m = max(errs)
    if it >= 5:
        s = sum(lw[i]*errs[i] for i in range(len(xs)))
        lw = [lw[i]*errs[i]/s*len(xs) for i in range(len(xs))]
    print(it, "max relative error", mp.nstr(m, 5))
print([mp.nstr(v, 17) for v in c])
