// torch.linalg.eig / eigvals (see linalg_eig.h): LAPACK dgeev's steps, one float64 matrix at a time.
//
// Which eigenvalue comes first and the phase of each eigenvector are not mathematical facts but
// consequences of geev's algorithm, and programs print them: so each step follows LAPACK's routine of
// the same name (reference LAPACK's choices of reflector signs, shifts, deflation tests and the
// standardisation of 2x2 blocks), in 1-based index notation to keep the correspondence checkable.
// float32 input runs the same code in float (sgeev), float64 in double (dgeev). Two choices follow
// PyTorch's LAPACK (MKL) where it departs from today's reference LAPACK: an exact tie between lahqr's
// two real shift candidates takes the smaller, and dlartg is the pre-3.10 one (r > 0 unless |f| > |g|
// and f < 0). Differences left: gebal is the 2-norm version of LAPACK 3.5-3.11 with the
// restart-after-swap permutation search; matrices of order >= 75 still go through lahqr (LAPACK
// switches to the multishift laqr0 there, which can converge in another order); trevc's triangular
// solves are done in complex arithmetic (the same equations, rounding differs in the last bits).
#include "ops/linalg_eig.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/linalg_decomp.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"
#include "tensor/shape.h"

namespace kiln {

namespace {

using cplx = std::complex<double>;

// LAPACK's machine constants of the working precision T (float for sgeev, T for dgeev)
template <typename T> constexpr T geev_safemin() { return std::numeric_limits<T>::min(); }  // dlamch('S')
template <typename T> constexpr T geev_ulp() { return std::numeric_limits<T>::epsilon(); }  // dlamch('P') = eps * base
template <typename T> constexpr T geev_epshalf() { return std::numeric_limits<T>::epsilon() / 2; }  // dlamch('E')

template <typename T>
T fsign(T a, T b) { return b >= 0 ? std::fabs(a) : -std::fabs(a); }  // Fortran SIGN

template <typename T>
T geev_lapy2(T x, T y) {  // dlapy2: sqrt(x^2 + y^2) without overflow
    const T w = std::max(std::fabs(x), std::fabs(y)), z = std::min(std::fabs(x), std::fabs(y));
    if (z == 0.0 || w > std::numeric_limits<T>::max()) return w;
    return w * std::sqrt(1.0 + (z / w) * (z / w));
}

template <typename T>
T geev_nrm2(int n, const T* x, int inc) {  // dnrm2 (scaled sum of squares)
    T scale = 0.0, ssq = 1.0;
    for (int i = 0; i < n; ++i) {
        const T a = std::fabs(x[i * inc]);
        if (a == 0.0) continue;
        if (scale < a) {
            ssq = 1.0 + ssq * (scale / a) * (scale / a);
            scale = a;
        } else {
            ssq += (a / scale) * (a / scale);
        }
    }
    return scale * std::sqrt(ssq);
}

// dlarfg: the reflector H = I - tau [1; v][1; v]^T with H [alpha; x] = [beta; 0], beta = -sign(alpha) * norm.
template <typename T>
void geev_larfg(int n, T& alpha, T* x, int inc, T& tau) {
    tau = 0.0;
    if (n <= 1) return;
    T xnorm = geev_nrm2(n - 1, x, inc);
    if (xnorm == 0.0) return;
    T beta = -fsign(geev_lapy2(alpha, xnorm), alpha);
    const T safmin = geev_safemin<T>() / geev_epshalf<T>();
    int knt = 0;
    if (std::fabs(beta) < safmin) {  // rescale tiny vectors as LAPACK does
        const T rsafmn = 1.0 / safmin;
        do {
            ++knt;
            for (int i = 0; i < n - 1; ++i) x[i * inc] *= rsafmn;
            beta *= rsafmn;
            alpha *= rsafmn;
        } while (std::fabs(beta) < safmin && knt < 20);
        xnorm = geev_nrm2(n - 1, x, inc);
        beta = -fsign(geev_lapy2(alpha, xnorm), alpha);
    }
    tau = (beta - alpha) / beta;
    const T s = 1.0 / (alpha - beta);
    for (int i = 0; i < n - 1; ++i) x[i * inc] *= s;
    for (int j = 0; j < knt; ++j) beta *= safmin;
    alpha = beta;
}

// One n x n matrix, row-major, addressed with LAPACK's 1-based (row, column).
template <typename T>
struct GeevMat {
    int n;
    std::vector<T> a;
    explicit GeevMat(int n_) : n(n_), a(size_t(n_) * size_t(n_), 0.0) {}
    T& operator()(int i, int j) { return a[size_t(i - 1) * size_t(n) + size_t(j - 1)]; }
};

template <typename T>
void swap_cols(GeevMat<T>& A, int rows, int c1, int c2) {
    for (int r = 1; r <= rows; ++r) std::swap(A(r, c1), A(r, c2));
}
template <typename T>
void swap_rows(GeevMat<T>& A, int from_col, int r1, int r2) {
    for (int c = from_col; c <= A.n; ++c) std::swap(A(r1, c), A(r2, c));
}

// dgebal('B'): permutations isolating eigenvalues, then power-of-2 scaling of rows and columns ilo..ihi.
template <typename T>
void geev_gebal(GeevMat<T>& A, int& ilo, int& ihi, std::vector<T>& scale) {
    const int n = A.n;
    scale.assign(size_t(n) + 1, 1.0);
    int k = 1, l = n;
    bool done = false;
    // rows isolating an eigenvalue are pushed down (restarting the search after each)
    for (bool again = true; again && !done;) {
        again = false;
        for (int j = l; j >= 1; --j) {
            bool isolated = true;
            for (int i = 1; i <= l && isolated; ++i)
                if (i != j && A(j, i) != 0.0) isolated = false;
            if (!isolated) continue;
            scale[size_t(l)] = j;
            if (j != l) {
                swap_cols(A, l, j, l);
                swap_rows(A, k, j, l);
            }
            if (l == 1) {
                done = true;
                break;
            }
            --l;
            again = true;
            break;
        }
    }
    if (!done) {
        // columns isolating an eigenvalue are pushed left
        for (bool again = true; again;) {
            again = false;
            for (int j = k; j <= l; ++j) {
                bool isolated = true;
                for (int i = k; i <= l && isolated; ++i)
                    if (i != j && A(i, j) != 0.0) isolated = false;
                if (!isolated) continue;
                scale[size_t(k)] = j;
                if (j != k) {
                    swap_cols(A, l, j, k);
                    swap_rows(A, k, j, k);
                }
                ++k;
                again = true;
                break;
            }
        }
        for (int i = k; i <= l; ++i) scale[size_t(i)] = 1.0;
        const T radix = 2.0, factor = 0.95;
        const T sfmin1 = geev_safemin<T>() / geev_ulp<T>(), sfmax1 = 1.0 / sfmin1;
        const T sfmin2 = sfmin1 * radix, sfmax2 = 1.0 / sfmin2;
        for (bool noconv = true; noconv;) {
            noconv = false;
            for (int i = k; i <= l; ++i) {
                T c = geev_nrm2(l - k + 1, &A(k, i), n);
                T r = geev_nrm2(l - k + 1, &A(i, k), 1);
                T ca = 0.0, ra = 0.0;
                for (int q = 1; q <= l; ++q) ca = std::max(ca, std::fabs(A(q, i)));
                for (int q = k; q <= n; ++q) ra = std::max(ra, std::fabs(A(i, q)));
                if (c == 0.0 || r == 0.0) continue;
                if (std::isnan(c + ca + r + ra)) return;
                T g = r / radix, f = 1.0;
                const T s = c + r;
                while (!(c >= g || std::max({f, c, ca}) >= sfmax2 || std::min({r, g, ra}) <= sfmin2)) {
                    f *= radix;
                    c *= radix;
                    ca *= radix;
                    r /= radix;
                    g /= radix;
                    ra /= radix;
                }
                g = c / radix;
                while (!(g < r || std::max(r, ra) >= sfmax2 || std::min({f, c, g, ca}) <= sfmin2)) {
                    f /= radix;
                    c /= radix;
                    g /= radix;
                    ca /= radix;
                    r *= radix;
                    ra *= radix;
                }
                if (c + r >= factor * s) continue;
                if (f < 1.0 && scale[size_t(i)] < 1.0 && f * scale[size_t(i)] <= sfmin1) continue;
                if (f > 1.0 && scale[size_t(i)] > 1.0 && scale[size_t(i)] >= sfmax1 / f) continue;
                scale[size_t(i)] *= f;
                noconv = true;
                for (int q = k; q <= n; ++q) A(i, q) *= 1.0 / f;
                for (int q = 1; q <= l; ++q) A(q, i) *= f;
            }
        }
    }
    ilo = k;
    ihi = l;
}

// dgehd2 + dorghr: A becomes its upper Hessenberg form H = Q^T A Q (rows/columns ilo..ihi), Q returned.
template <typename T>
void geev_hessenberg(GeevMat<T>& A, int ilo, int ihi, GeevMat<T>& Q) {
    const int n = A.n;
    std::vector<std::vector<T>> vs;
    std::vector<T> taus;
    for (int i = ilo; i <= ihi - 1; ++i) {
        const int m = ihi - i;  // reflector order
        std::vector<T> v(static_cast<size_t>(m), 0.0);
        T alpha = A(i + 1, i);
        for (int r = 1; r < m; ++r) v[size_t(r)] = A(i + 1 + r, i);
        T tau;
        geev_larfg(m, alpha, v.data() + 1, 1, tau);
        v[0] = 1.0;
        A(i + 1, i) = alpha;
        for (int r = 1; r < m; ++r) A(i + 1 + r, i) = 0.0;
        if (tau != 0.0) {
            // from the right to A(1:ihi, i+1:ihi)
            for (int row = 1; row <= ihi; ++row) {
                T w = 0.0;
                for (int c = 0; c < m; ++c) w += A(row, i + 1 + c) * v[size_t(c)];
                for (int c = 0; c < m; ++c) A(row, i + 1 + c) -= tau * w * v[size_t(c)];
            }
            // from the left to A(i+1:ihi, i+1:n)
            for (int col = i + 1; col <= n; ++col) {
                T w = 0.0;
                for (int r = 0; r < m; ++r) w += v[size_t(r)] * A(i + 1 + r, col);
                for (int r = 0; r < m; ++r) A(i + 1 + r, col) -= tau * v[size_t(r)] * w;
            }
        }
        vs.push_back(std::move(v));
        taus.push_back(tau);
    }
    for (int i = 1; i <= n; ++i) Q(i, i) = 1.0;
    // Q = H(ilo) H(ilo+1) ... H(ihi-1), accumulated backwards as dorg2r does
    for (int idx = int(taus.size()) - 1; idx >= 0; --idx) {
        const int i = ilo + idx, m = ihi - i;
        const T tau = taus[size_t(idx)];
        if (tau == 0.0) continue;
        const std::vector<T>& v = vs[size_t(idx)];
        for (int col = i + 1; col <= ihi; ++col) {
            T w = 0.0;
            for (int r = 0; r < m; ++r) w += v[size_t(r)] * Q(i + 1 + r, col);
            for (int r = 0; r < m; ++r) Q(i + 1 + r, col) -= tau * v[size_t(r)] * w;
        }
    }
}

// dlanv2: the Schur factorisation of a real 2x2 [a b; c d] in standard form; (cs, sn) the rotation.
template <typename T>
void geev_lanv2(T& a, T& b, T& c, T& d, T& rt1r, T& rt1i, T& rt2r, T& rt2i,
                T& cs, T& sn) {
    const T eps = geev_ulp<T>(), multpl = 4.0;
    if (c == 0.0) {
        cs = 1.0;
        sn = 0.0;
    } else if (b == 0.0) {
        cs = 0.0;
        sn = 1.0;
        std::swap(a, d);
        b = -c;
        c = 0.0;
    } else if (a - d == 0.0 && fsign(T(1), b) != fsign(T(1), c)) {
        cs = 1.0;
        sn = 0.0;
    } else {
        T temp = a - d;
        T p = 0.5 * temp;
        const T bcmax = std::max(std::fabs(b), std::fabs(c));
        const T bcmis = std::min(std::fabs(b), std::fabs(c)) * fsign(T(1), b) * fsign(T(1), c);
        T scale = std::max(std::fabs(p), bcmax);
        T z = (p / scale) * p + (bcmax / scale) * bcmis;
        if (z >= multpl * eps) {
            // real eigenvalues
            z = p + fsign(std::sqrt(scale) * std::sqrt(z), p);
            a = d + z;
            d = d - (bcmax / z) * bcmis;
            const T tau = geev_lapy2(c, z);
            cs = z / tau;
            sn = c / tau;
            b = b - c;
            c = 0.0;
        } else {
            // complex or (almost) equal real eigenvalues: equalise the diagonal
            const T sigma = b + c;
            const T tau = geev_lapy2(sigma, temp);
            cs = std::sqrt(0.5 * (1.0 + std::fabs(sigma) / tau));
            sn = -(p / (tau * cs)) * fsign(T(1), sigma);
            const T aa = a * cs + b * sn, bb = -a * sn + b * cs;
            const T cc = c * cs + d * sn, dd = -c * sn + d * cs;
            a = aa * cs + cc * sn;
            b = bb * cs + dd * sn;
            c = -aa * sn + cc * cs;
            d = -bb * sn + dd * cs;
            temp = 0.5 * (a + d);
            a = temp;
            d = temp;
            if (c != 0.0) {
                if (b != 0.0) {
                    if (fsign(T(1), b) == fsign(T(1), c)) {
                        // real eigenvalues: reduce to upper triangular
                        const T sab = std::sqrt(std::fabs(b)), sac = std::sqrt(std::fabs(c));
                        p = fsign(sab * sac, c);
                        const T tau2 = 1.0 / std::sqrt(std::fabs(b + c));
                        a = temp + p;
                        d = temp - p;
                        b = b - c;
                        c = 0.0;
                        const T cs1 = sab * tau2, sn1 = sac * tau2;
                        const T t = cs * cs1 - sn * sn1;
                        sn = cs * sn1 + sn * cs1;
                        cs = t;
                    }
                } else {
                    b = -c;
                    c = 0.0;
                    const T t = cs;
                    cs = -sn;
                    sn = t;
                }
            }
        }
    }
    rt1r = a;
    rt2r = d;
    if (c == 0.0) {
        rt1i = rt2i = 0.0;
    } else {
        rt1i = std::sqrt(std::fabs(b)) * std::sqrt(std::fabs(c));
        rt2i = -rt1i;
    }
}

// drot on two strided sequences: x' = c x + s y, y' = c y - s x.
template <typename T>
void geev_rot(int count, T* x, int incx, T* y, int incy, T c, T s) {
    for (int i = 0; i < count; ++i) {
        const T xv = x[i * incx], yv = y[i * incy];
        x[i * incx] = c * xv + s * yv;
        y[i * incy] = c * yv - s * xv;
    }
}

// dlahqr (wantt, wantz with iloz..ihiz = ilo..ihi): H becomes the quasi-triangular Schur form, Z
// accumulates the transformations, wr/wi (1-based) the eigenvalues. Returns LAPACK's info (0 = success).
template <typename T>
int geev_lahqr(GeevMat<T>& H, int ilo, int ihi, GeevMat<T>* Z, std::vector<T>& wr, std::vector<T>& wi) {
    const int n = H.n;
    if (n == 0) return 0;
    if (ilo == ihi) {
        wr[size_t(ilo)] = H(ilo, ilo);
        wi[size_t(ilo)] = 0.0;
        return 0;
    }
    for (int j = ilo; j <= ihi - 3; ++j) H(j + 2, j) = H(j + 3, j) = 0.0;
    if (ilo <= ihi - 2) H(ihi, ihi - 2) = 0.0;
    const int nh = ihi - ilo + 1;
    const int iloz = ilo, ihiz = ihi;
    const T ulp = geev_ulp<T>(), smlnum = geev_safemin<T>() * (T(nh) / ulp);
    const T dat1 = 0.75, dat2 = -0.4375;
    const int kexsh = 10;
    const int i1 = 1, i2 = n;  // wantt
    const int itmax = 30 * std::max(10, nh);
    int kdefl = 0;
    int i = ihi;
    T v[3];
    while (i >= ilo) {
        int l = ilo;
        bool converged = false;
        for (int its = 0; its <= itmax; ++its) {
            int k;
            for (k = i; k >= l + 1; --k) {  // a single small subdiagonal element
                if (std::fabs(H(k, k - 1)) <= smlnum) break;
                T tst = std::fabs(H(k - 1, k - 1)) + std::fabs(H(k, k));
                if (tst == 0.0) {
                    if (k - 2 >= ilo) tst += std::fabs(H(k - 1, k - 2));
                    if (k + 1 <= ihi) tst += std::fabs(H(k + 1, k));
                }
                if (std::fabs(H(k, k - 1)) <= ulp * tst) {  // Ahues & Tisseur's criterion
                    const T ab = std::max(std::fabs(H(k, k - 1)), std::fabs(H(k - 1, k)));
                    const T ba = std::min(std::fabs(H(k, k - 1)), std::fabs(H(k - 1, k)));
                    const T aa = std::max(std::fabs(H(k, k)), std::fabs(H(k - 1, k - 1) - H(k, k)));
                    const T bb = std::min(std::fabs(H(k, k)), std::fabs(H(k - 1, k - 1) - H(k, k)));
                    const T s = aa + ab;
                    if (ba * (ab / s) <= std::max(smlnum, ulp * (bb * (aa / s)))) break;
                }
            }
            l = k;
            if (l > ilo) H(l, l - 1) = 0.0;
            if (l >= i - 1) {
                converged = true;
                break;
            }
            ++kdefl;
            T h11, h12, h21, h22;
            if (kdefl % (2 * kexsh) == 0) {  // exceptional shifts
                const T s = std::fabs(H(i, i - 1)) + std::fabs(H(i - 1, i - 2));
                h11 = dat1 * s + H(i, i);
                h12 = dat2 * s;
                h21 = s;
                h22 = h11;
            } else if (kdefl % kexsh == 0) {
                const T s = std::fabs(H(l + 1, l)) + std::fabs(H(l + 2, l + 1));
                h11 = dat1 * s + H(l, l);
                h12 = dat2 * s;
                h21 = s;
                h22 = h11;
            } else {  // Francis' T shift
                h11 = H(i - 1, i - 1);
                h21 = H(i, i - 1);
                h12 = H(i - 1, i);
                h22 = H(i, i);
            }
            T rt1r, rt1i, rt2r, rt2i;
            T s = std::fabs(h11) + std::fabs(h12) + std::fabs(h21) + std::fabs(h22);
            if (s == 0.0) {
                rt1r = rt1i = rt2r = rt2i = 0.0;
            } else {
                h11 /= s;
                h21 /= s;
                h12 /= s;
                h22 /= s;
                const T tr = (h11 + h22) / 2.0;
                const T det = (h11 - tr) * (h22 - tr) - h12 * h21;
                const T rtdisc = std::sqrt(std::fabs(det));
                if (det >= 0.0) {
                    rt1r = tr * s;
                    rt2r = rt1r;
                    rt1i = rtdisc * s;
                    rt2i = -rt1i;
                } else {
                    rt1r = tr + rtdisc;
                    rt2r = tr - rtdisc;
                    // the shift nearer h22; on an exact tie (h11 == h22) the smaller one, as PyTorch's
                    // LAPACK (MKL) decides: reference dlahqr's .LE. takes the larger one and converges
                    // another eigenvalue first (parity program linalg_eig, 'scaled')
                    if (std::fabs(rt1r - h22) < std::fabs(rt2r - h22)) {
                        rt1r *= s;
                        rt2r = rt1r;
                    } else {
                        rt2r *= s;
                        rt1r = rt2r;
                    }
                    rt1i = rt2i = 0.0;
                }
            }
            int m;
            for (m = i - 2; m >= l; --m) {  // two consecutive small subdiagonal elements
                T h21s = H(m + 1, m);
                s = std::fabs(H(m, m) - rt2r) + std::fabs(rt2i) + std::fabs(h21s);
                h21s = H(m + 1, m) / s;
                v[0] = h21s * H(m, m + 1) + (H(m, m) - rt1r) * ((H(m, m) - rt2r) / s) - rt1i * (rt2i / s);
                v[1] = h21s * (H(m, m) + H(m + 1, m + 1) - rt1r - rt2r);
                v[2] = h21s * H(m + 2, m + 1);
                s = std::fabs(v[0]) + std::fabs(v[1]) + std::fabs(v[2]);
                v[0] /= s;
                v[1] /= s;
                v[2] /= s;
                if (m == l) break;
                if (std::fabs(H(m, m - 1)) * (std::fabs(v[1]) + std::fabs(v[2])) <=
                    ulp * std::fabs(v[0]) * (std::fabs(H(m - 1, m - 1)) + std::fabs(H(m, m)) + std::fabs(H(m + 1, m + 1))))
                    break;
            }
            for (k = m; k <= i - 1; ++k) {  // the T-shift QR step: chase the bulge
                const int nr = std::min(3, i - k + 1);
                if (k > m)
                    for (int q = 0; q < nr; ++q) v[q] = H(k + q, k - 1);
                T t1;
                geev_larfg(nr, v[0], v + 1, 1, t1);
                if (k > m) {
                    H(k, k - 1) = v[0];
                    H(k + 1, k - 1) = 0.0;
                    if (k < i - 1) H(k + 2, k - 1) = 0.0;
                } else if (m > l) {
                    H(k, k - 1) = H(k, k - 1) * (1.0 - t1);
                }
                const T v2 = v[1], t2 = t1 * v2;
                if (nr == 3) {
                    const T v3 = v[2], t3 = t1 * v3;
                    for (int j = k; j <= i2; ++j) {
                        const T sum = H(k, j) + v2 * H(k + 1, j) + v3 * H(k + 2, j);
                        H(k, j) -= sum * t1;
                        H(k + 1, j) -= sum * t2;
                        H(k + 2, j) -= sum * t3;
                    }
                    for (int j = i1; j <= std::min(k + 3, i); ++j) {
                        const T sum = H(j, k) + v2 * H(j, k + 1) + v3 * H(j, k + 2);
                        H(j, k) -= sum * t1;
                        H(j, k + 1) -= sum * t2;
                        H(j, k + 2) -= sum * t3;
                    }
                    if (Z)
                        for (int j = iloz; j <= ihiz; ++j) {
                            GeevMat<T>& z = *Z;
                            const T sum = z(j, k) + v2 * z(j, k + 1) + v3 * z(j, k + 2);
                            z(j, k) -= sum * t1;
                            z(j, k + 1) -= sum * t2;
                            z(j, k + 2) -= sum * t3;
                        }
                } else if (nr == 2) {
                    for (int j = k; j <= i2; ++j) {
                        const T sum = H(k, j) + v2 * H(k + 1, j);
                        H(k, j) -= sum * t1;
                        H(k + 1, j) -= sum * t2;
                    }
                    for (int j = i1; j <= i; ++j) {
                        const T sum = H(j, k) + v2 * H(j, k + 1);
                        H(j, k) -= sum * t1;
                        H(j, k + 1) -= sum * t2;
                    }
                    if (Z)
                        for (int j = iloz; j <= ihiz; ++j) {
                            GeevMat<T>& z = *Z;
                            const T sum = z(j, k) + v2 * z(j, k + 1);
                            z(j, k) -= sum * t1;
                            z(j, k + 1) -= sum * t2;
                        }
                }
            }
        }
        if (!converged) return i;
        if (l == i) {
            wr[size_t(i)] = H(i, i);
            wi[size_t(i)] = 0.0;
        } else if (l == i - 1) {
            T cs, sn;
            geev_lanv2(H(i - 1, i - 1), H(i - 1, i), H(i, i - 1), H(i, i), wr[size_t(i - 1)], wi[size_t(i - 1)],
                       wr[size_t(i)], wi[size_t(i)], cs, sn);
            if (i2 > i) geev_rot(i2 - i, &H(i - 1, i + 1), 1, &H(i, i + 1), 1, cs, sn);
            if (i - i1 - 1 > 0) geev_rot(i - i1 - 1, &H(i1, i - 1), n, &H(i1, i), n, cs, sn);
            if (Z) geev_rot(ihiz - iloz + 1, &(*Z)(iloz, i - 1), n, &(*Z)(iloz, i), n, cs, sn);
        }
        kdefl = 0;
        i = l - 1;
    }
    return 0;
}

// dtrevc (right eigenvectors, back-transformed by Q) on the Schur form T, then dgebak and geev's
// normalisation. vr receives geev's real representation: column j real for a real eigenvalue, columns
// (j, j+1) the real and imaginary parts for a pair with wi[j] > 0.
template <typename T>
void geev_vectors(GeevMat<T>& Sf, GeevMat<T>& Q, const std::vector<T>& wr, const std::vector<T>& wi, int ilo, int ihi,
                  const std::vector<T>& scale, GeevMat<T>& vr) {
    const int n = Sf.n;
    for (int i = 1; i <= n - 2; ++i)  // dhseqr clears below the subdiagonal
        for (int r = i + 2; r <= n; ++r) Sf(r, i) = 0.0;
    const T smlnum = geev_safemin<T>() * (T(n) / geev_ulp<T>());
    for (int ki = n; ki >= 1; --ki) {
        const bool pair = ki > 1 && Sf(ki, ki - 1) != 0.0;
        std::vector<std::complex<T>> x(size_t(ki) + 1, std::complex<T>(0, 0));
        T wre = Sf(ki, ki), wim = 0.0;
        int top;  // highest row already set
        if (!pair) {
            x[size_t(ki)] = 1.0;
            for (int k = 1; k < ki; ++k) x[size_t(k)] = -Sf(k, ki);
            top = ki;
        } else {
            wim = std::sqrt(std::fabs(Sf(ki, ki - 1))) * std::sqrt(std::fabs(Sf(ki - 1, ki)));
            T xr, xi;
            if (std::fabs(Sf(ki - 1, ki)) >= std::fabs(Sf(ki, ki - 1))) {
                xr = 1.0;
                xi = wim / Sf(ki - 1, ki);
            } else {
                xr = -wim / Sf(ki, ki - 1);
                xi = 1.0;
            }
            x[size_t(ki - 1)] = std::complex<T>(xr, 0.0);
            x[size_t(ki)] = std::complex<T>(0.0, xi);
            for (int k = 1; k < ki - 1; ++k) x[size_t(k)] = std::complex<T>(-xr * Sf(k, ki - 1), -xi * Sf(k, ki));
            top = ki - 1;
        }
        const std::complex<T> lambda(wre, wim);
        const T smin = std::max(geev_ulp<T>() * (std::fabs(wre) + std::fabs(wim)), smlnum);
        // solve (Sf(1:top-1, 1:top-1) - lambda) x = rhs upwards, 1x1 and 2x2 diagonal blocks
        for (int j = top - 1; j >= 1;) {
            const bool block = j > 1 && Sf(j, j - 1) != 0.0;
            if (!block) {
                std::complex<T> d = Sf(j, j) - lambda;
                if (std::abs(d.real()) + std::abs(d.imag()) < smin) d = std::complex<T>(smin, 0.0);
                x[size_t(j)] = x[size_t(j)] / d;
                for (int k = 1; k < j; ++k) x[size_t(k)] -= x[size_t(j)] * Sf(k, j);
                --j;
            } else {
                const int j1 = j - 1;
                std::complex<T> a11 = Sf(j1, j1) - lambda, a12 = Sf(j1, j), a21 = Sf(j, j1), a22 = Sf(j, j) - lambda;
                std::complex<T> det = a11 * a22 - a12 * a21;
                if (std::abs(det) < smin * smin) det = std::complex<T>(smin * smin, 0.0);
                const std::complex<T> b1 = x[size_t(j1)], b2 = x[size_t(j)];
                x[size_t(j1)] = (b1 * a22 - a12 * b2) / det;
                x[size_t(j)] = (a11 * b2 - a21 * b1) / det;
                for (int k = 1; k < j1; ++k) x[size_t(k)] -= x[size_t(j1)] * Sf(k, j1) + x[size_t(j)] * Sf(k, j);
                j -= 2;
            }
        }
        // back-transform: Q(:, 1:ki) x
        const int col_re = pair ? ki - 1 : ki;
        for (int r = 1; r <= n; ++r) {
            std::complex<T> s = 0.0;
            for (int k = 1; k <= ki; ++k) s += Q(r, k) * x[size_t(k)];
            vr(r, col_re) = s.real();
            if (pair) vr(r, ki) = s.imag();
        }
        if (pair) --ki;
    }
    // dgebak('B', 'R'): undo the scaling (none when ilo == ihi: scale holds permutations only),
    // then the permutations
    if (ilo != ihi)
        for (int i = ilo; i <= ihi; ++i)
            for (int c = 1; c <= n; ++c) vr(i, c) *= scale[size_t(i)];
    for (int ii = 1; ii <= n; ++ii) {
        int i = ii;
        if (i >= ilo && i <= ihi) continue;
        if (i < ilo) i = ilo - ii;
        const int k = int(scale[size_t(i)]);
        if (k == i) continue;
        for (int c = 1; c <= n; ++c) std::swap(vr(i, c), vr(k, c));
    }
    // geev: unit 2-norm; a complex vector rotated (dlartg + drot) so that its largest component is real
    for (int i = 1; i <= n; ++i) {
        if (wi[size_t(i)] == 0.0) {
            const T nrm = geev_nrm2(n, &vr(1, i), n);
            if (nrm > 0)
                for (int r = 1; r <= n; ++r) vr(r, i) *= 1.0 / nrm;
        } else if (wi[size_t(i)] > 0.0) {
            const T scl = 1.0 / geev_lapy2(geev_nrm2(n, &vr(1, i), n), geev_nrm2(n, &vr(1, i + 1), n));
            for (int r = 1; r <= n; ++r) {
                vr(r, i) *= scl;
                vr(r, i + 1) *= scl;
            }
            int k = 1;
            T best = -1.0;
            for (int r = 1; r <= n; ++r) {
                const T w = vr(r, i) * vr(r, i) + vr(r, i + 1) * vr(r, i + 1);
                if (w > best) best = w, k = r;
            }
            // dlartg as PyTorch's LAPACK (MKL) has it, the pre-3.10 reference: r = +hypot(f, g) with
            // cs = f / r, sn = g / r, negated only when |f| > |g| and f < 0 (3.10's rewrite gives r
            // the sign of f always; the parity program's batch case tells them apart)
            const T f = vr(k, i), g = vr(k, i + 1);
            T cs = 1.0, sn = 0.0;
            if (g == 0.0) {
                cs = 1.0;
                sn = 0.0;
            } else if (f == 0.0) {
                cs = 0.0;
                sn = 1.0;
            } else {
                const T r = geev_lapy2(f, g);
                cs = f / r;
                sn = g / r;
                if (std::fabs(f) > std::fabs(g) && cs < 0) cs = -cs, sn = -sn;
            }
            geev_rot(n, &vr(1, i), n, &vr(1, i + 1), n, cs, sn);
            vr(k, i + 1) = 0.0;
        }
    }
}

// One matrix through geev. Returns info (0, or the failing index of the QR iteration).
template <typename T>
int geev_one(const T* in, int n, bool vectors, std::vector<T>& wr_out, std::vector<T>& wi_out,
             std::vector<T>& vr_out) {
    GeevMat<T> A(n);
    A.a.assign(in, in + size_t(n) * size_t(n));
    int ilo = 1, ihi = n;
    std::vector<T> scale;
    geev_gebal(A, ilo, ihi, scale);
    GeevMat<T> Q(n);
    geev_hessenberg(A, ilo, ihi, Q);
    std::vector<T> wr(size_t(n) + 1, 0.0), wi(size_t(n) + 1, 0.0);
    for (int i = 1; i < ilo; ++i) wr[size_t(i)] = A(i, i);  // eigenvalues isolated by gebal
    for (int i = ihi + 1; i <= n; ++i) wr[size_t(i)] = A(i, i);
    const int info = geev_lahqr(A, ilo, ihi, vectors ? &Q : nullptr, wr, wi);
    if (info != 0) return info;
    wr_out.assign(wr.begin() + 1, wr.end());
    wi_out.assign(wi.begin() + 1, wi.end());
    if (vectors) {
        GeevMat<T> vr(n);
        geev_vectors(A, Q, wr, wi, ilo, ihi, scale, vr);
        vr_out = vr.a;
    }
    return 0;
}

Tensor eig_mT(const Tensor& t) { return transpose(t, -2, -1); }

DType complex_of(DType d) { return d == DType::Float32 ? DType::Complex64 : DType::Complex128; }

// Real and imaginary parts (row-major float64) of a complex tensor.
void eig_parts(const Tensor& z, std::vector<double>& re, std::vector<double>& im) {
    Tensor c = contiguous(to_device(z.detach(), Device::CPU));
    re = contiguous(to_dtype(real(c), DType::Float64)).to_double_vector();
    im = contiguous(to_dtype(imag(c), DType::Float64)).to_double_vector();
}

Tensor eig_complex_tensor(const std::vector<double>& re, const std::vector<double>& im, const Shape& shape, DType real_dt,
                          Device dev) {
    Tensor t = complex(tensor(re, shape, real_dt), tensor(im, shape, real_dt));
    return dev == Device::CPU ? t : to_device(t, dev);
}

// Solves M X = B for complex n x n M and n x k B (row-major), Gaussian elimination with partial pivoting.
void eig_csolve(std::vector<cplx> M, std::vector<cplx>& B, int n, int k) {
    for (int c = 0; c < n; ++c) {
        int p = c;
        for (int r = c + 1; r < n; ++r)
            if (std::abs(M[size_t(r * n + c)]) > std::abs(M[size_t(p * n + c)])) p = r;
        if (p != c) {
            for (int q = 0; q < n; ++q) std::swap(M[size_t(c * n + q)], M[size_t(p * n + q)]);
            for (int q = 0; q < k; ++q) std::swap(B[size_t(c * k + q)], B[size_t(p * k + q)]);
        }
        const cplx piv = M[size_t(c * n + c)];
        for (int r = c + 1; r < n; ++r) {
            const cplx f = M[size_t(r * n + c)] / piv;
            if (f == cplx(0, 0)) continue;
            for (int q = c; q < n; ++q) M[size_t(r * n + q)] -= f * M[size_t(c * n + q)];
            for (int q = 0; q < k; ++q) B[size_t(r * k + q)] -= f * B[size_t(c * k + q)];
        }
    }
    for (int c = n - 1; c >= 0; --c) {
        const cplx piv = M[size_t(c * n + c)];
        for (int q = 0; q < k; ++q) {
            cplx s = B[size_t(c * k + q)];
            for (int r = c + 1; r < n; ++r) s -= M[size_t(c * n + r)] * B[size_t(r * k + q)];
            B[size_t(c * k + q)] = s / piv;
        }
    }
}

// derivatives.yaml's linalg_eig_backward (FunctionsManual.cpp), for a real A (handle_r_to_c: the real
// part): gA = V^{-H} (diag(gL) + (V^H gV - V^H V Re(diag(V^H gV))) / conj(E)) V^H, E_ij = L_j - L_i.
Tensor eig_backward(const Tensor& gL, const Tensor& gV, const Tensor& L, const Tensor& V, const Tensor& A) {
    const int64_t n = A.sizes().back();
    int64_t count = 1;
    for (int64_t d = 0; d + 2 < A.dim(); ++d) count *= A.sizes()[size_t(d)];
    std::vector<double> lr, li, vr_, vi_, glr, gli, gvr, gvi;
    eig_parts(L, lr, li);
    eig_parts(V, vr_, vi_);
    if (gL.defined()) eig_parts(gL, glr, gli);
    if (gV.defined()) eig_parts(gV, gvr, gvi);
    std::vector<double> out(static_cast<size_t>(count * n * n), 0.0);
    const size_t nn = size_t(n * n);
    for (int64_t b = 0; b < count; ++b) {
        auto Vat = [&](int64_t i, int64_t j) { return cplx(vr_[b * nn + size_t(i * n + j)], vi_[b * nn + size_t(i * n + j)]); };
        auto Lat = [&](int64_t i) { return cplx(lr[size_t(b * n + i)], li[size_t(b * n + i)]); };
        std::vector<cplx> ret(nn, cplx(0, 0));
        if (gV.defined()) {
            std::vector<cplx> VhgV(nn), VhV(nn);
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < n; ++j) {
                    cplx s1 = 0, s2 = 0;
                    for (int64_t k = 0; k < n; ++k) {
                        const cplx vki = std::conj(Vat(k, i));
                        s1 += vki * cplx(gvr[b * nn + size_t(k * n + j)], gvi[b * nn + size_t(k * n + j)]);
                        s2 += vki * Vat(k, j);
                    }
                    VhgV[size_t(i * n + j)] = s1;
                    VhV[size_t(i * n + j)] = s2;
                }
            for (int64_t i = 0; i < n; ++i)
                KILN_CHECK(std::fabs(VhgV[size_t(i * n + i)].imag()) <= 1e-2, RuntimeError,
                           "linalg_eig_backward: The eigenvectors in the complex case are specified up to multiplication "
                           "by e^{i phi}. The specified loss function depends on this quantity, so it is ill-defined.");
            std::vector<double> rediag(static_cast<size_t>(n), 0.0);
            for (int64_t j = 0; j < n; ++j) rediag[size_t(j)] = VhgV[size_t(j * n + j)].real();
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < n; ++j) {
                    cplx v = VhgV[size_t(i * n + j)] - VhV[size_t(i * n + j)] * rediag[size_t(j)];
                    if (i != j) v /= std::conj(Lat(j)) - std::conj(Lat(i));
                    ret[size_t(i * n + j)] = v;
                }
        }
        if (gL.defined())
            for (int64_t i = 0; i < n; ++i) ret[size_t(i * n + i)] = cplx(glr[size_t(b * n + i)], gli[size_t(b * n + i)]);
        // gA = solve(V^H, ret V^H)
        std::vector<cplx> Vh(nn), rhs(nn, cplx(0, 0));
        for (int64_t i = 0; i < n; ++i)
            for (int64_t j = 0; j < n; ++j) Vh[size_t(i * n + j)] = std::conj(Vat(j, i));
        for (int64_t i = 0; i < n; ++i)
            for (int64_t j = 0; j < n; ++j) {
                cplx s = 0;
                for (int64_t k = 0; k < n; ++k) s += ret[size_t(i * n + k)] * Vh[size_t(k * n + j)];
                rhs[size_t(i * n + j)] = s;
            }
        eig_csolve(Vh, rhs, int(n), int(n));
        for (size_t q = 0; q < nn; ++q) out[b * nn + q] = rhs[q].real();
    }
    Tensor g = tensor(out, A.sizes(), A.dtype());
    return A.device() == Device::CPU ? g : to_device(g, A.device());
}

void eig_check(const Tensor& A, const char* fn) {
    KILN_CHECK(A.dim() >= 2, RuntimeError, fn, ": The input tensor A must have at least 2 dimensions.");
    KILN_CHECK(!dtype_is_complex(A.dtype()), NotImplementedError, fn, ": complex input (",
               dtype_scalar_type_name(A.dtype()), ") is not supported by Kiln's linalg yet: its kernels take float32 "
               "and float64 matrices");
    KILN_CHECK(dtype_is_floating(A.dtype()), RuntimeError, fn,
               ": Expected a floating point or complex tensor as input. Got ", dtype_scalar_type_name(A.dtype()));
    KILN_CHECK(A.dtype() == DType::Float32 || A.dtype() == DType::Float64, RuntimeError, fn,
               ": Low precision dtypes not supported. Got ", dtype_scalar_type_name(A.dtype()));
    const int64_t m = A.sizes()[size_t(A.dim() - 2)], n = A.sizes().back();
    KILN_CHECK(m == n, RuntimeError, fn, ": A must be batches of square matrices, but they are ", m, " by ", n, " matrices");
}

std::pair<Tensor, Tensor> eig_impl(const Tensor& A, bool vectors, const char* fn) {
    eig_check(A, fn);
    const int64_t n = A.sizes().back();
    Shape batch(A.sizes().begin(), A.sizes().end() - 2);
    Shape lshape = batch, vshape = A.sizes();
    lshape.push_back(n);
    const DType cdt = complex_of(A.dtype());
    if (meta_mode()) {
        Tensor L = Tensor::empty(lshape, cdt, A.device()), V = Tensor::empty(vshape, cdt, A.device());
        mark_meta(L.impl()->storage.get());
        mark_meta(V.impl()->storage.get());
        return {L, vectors ? V : Tensor()};
    }
    int64_t count = 1;
    for (int64_t s : batch) count *= s;
    std::vector<double> a = contiguous(to_device(A.detach(), Device::CPU, DType::Float64)).to_double_vector();
    for (double x : a)
        KILN_CHECK(std::isfinite(x), RuntimeError, "torch.linalg.eig: input tensor should not contain infs or NaNs.");
    const size_t nn = size_t(n * n);
    std::vector<double> lre(size_t(count * n)), lim(size_t(count * n)), vre(vectors ? count * nn : 0), vim(vectors ? count * nn : 0);
    for (int64_t b = 0; b < count; ++b) {
        std::vector<double> wr, wi, vr;
        int info;
        if (A.dtype() == DType::Float32) {
            // sgeev: the same steps in float arithmetic, whose deflation thresholds (float's ulp)
            // decide how many QR sweeps run and so the Schur vectors' signs
            std::vector<float> af(a.begin() + b * nn, a.begin() + (b + 1) * nn), wrf, wif, vrf;
            info = geev_one<float>(af.data(), int(n), vectors, wrf, wif, vrf);
            wr.assign(wrf.begin(), wrf.end());
            wi.assign(wif.begin(), wif.end());
            vr.assign(vrf.begin(), vrf.end());
        } else {
            info = geev_one<double>(a.data() + b * nn, int(n), vectors, wr, wi, vr);
        }
        if (info != 0)
            throw LinAlgFailure(str(fn, ": ", A.dim() > 2 ? str("(Batch element ", b, "): ") : std::string(),
                                    "The algorithm failed to converge because the input matrix is ill-conditioned or has "
                                    "too many repeated eigenvalues (error code: ", info, ")."));
        for (int64_t i = 0; i < n; ++i) {
            lre[size_t(b * n + i)] = wr[size_t(i)];
            lim[size_t(b * n + i)] = wi[size_t(i)];
        }
        if (!vectors) continue;
        // geev's real representation to complex columns (linalg_eig_make_complex_eigenvectors)
        for (int64_t j = 0; j < n; ++j) {
            for (int64_t r = 0; r < n; ++r) {
                double re, im;
                if (wi[size_t(j)] == 0.0) {
                    re = vr[size_t(r * n + j)];
                    im = 0.0;
                } else if (wi[size_t(j)] > 0.0) {
                    re = vr[size_t(r * n + j)];
                    im = vr[size_t(r * n + j + 1)];
                } else {
                    re = vr[size_t(r * n + j - 1)];
                    im = -vr[size_t(r * n + j)];
                }
                vre[b * nn + size_t(r * n + j)] = re;
                vim[b * nn + size_t(r * n + j)] = im;
            }
        }
    }
    Tensor L = eig_complex_tensor(lre, lim, lshape, A.dtype(), A.device());
    Tensor V = vectors ? eig_complex_tensor(vre, vim, vshape, A.dtype(), A.device()) : Tensor();
    return {L, V};
}

// linalg_eig_backward for a Hermitian A (complex): gA = V (diag(gL) + skew(V^H gV) / E) V^H with
// skew(X) = (X - X^H) / 2 and E_ij = L_j - L_i.
Tensor eigh_complex_backward(const Tensor& gL, const Tensor& gV, const Tensor& L, const Tensor& V, const Tensor& A) {
    const int64_t n = A.sizes().back();
    int64_t count = 1;
    for (int64_t d = 0; d + 2 < A.dim(); ++d) count *= A.sizes()[size_t(d)];
    std::vector<double> lr = contiguous(to_dtype(to_device(L.detach(), Device::CPU), DType::Float64)).to_double_vector();
    std::vector<double> vr_, vi_, gvr, gvi, glr;
    eig_parts(V, vr_, vi_);
    if (gV.defined()) eig_parts(gV, gvr, gvi);
    if (gL.defined()) glr = contiguous(to_dtype(to_device(gL.detach(), Device::CPU), DType::Float64)).to_double_vector();
    const size_t nn = size_t(n * n);
    std::vector<double> ore(count * nn), oim(count * nn);
    for (int64_t b = 0; b < count; ++b) {
        auto Vat = [&](int64_t i, int64_t j) { return cplx(vr_[b * nn + size_t(i * n + j)], vi_[b * nn + size_t(i * n + j)]); };
        std::vector<cplx> ret(nn, cplx(0, 0));
        if (gV.defined()) {
            std::vector<cplx> VhgV(nn);
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < n; ++j) {
                    cplx s = 0;
                    for (int64_t k = 0; k < n; ++k)
                        s += std::conj(Vat(k, i)) * cplx(gvr[b * nn + size_t(k * n + j)], gvi[b * nn + size_t(k * n + j)]);
                    VhgV[size_t(i * n + j)] = s;
                }
            for (int64_t i = 0; i < n; ++i)
                KILN_CHECK(std::fabs(VhgV[size_t(i * n + i)].imag()) <= 1e-2, RuntimeError,
                           "linalg_eigh_backward: The eigenvectors in the complex case are specified up to multiplication "
                           "by e^{i phi}. The specified loss function depends on this quantity, so it is ill-defined.");
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < n; ++j) {
                    cplx v = 0.5 * (VhgV[size_t(i * n + j)] - std::conj(VhgV[size_t(j * n + i)]));
                    if (i != j) v /= lr[size_t(b * n + j)] - lr[size_t(b * n + i)];
                    ret[size_t(i * n + j)] = v;
                }
        }
        if (gL.defined())
            for (int64_t i = 0; i < n; ++i) ret[size_t(i * n + i)] = cplx(glr[size_t(b * n + i)], 0.0);
        for (int64_t i = 0; i < n; ++i)
            for (int64_t j = 0; j < n; ++j) {
                cplx s = 0;
                for (int64_t k = 0; k < n; ++k)
                    for (int64_t q = 0; q < n; ++q) s += Vat(i, k) * ret[size_t(k * n + q)] * std::conj(Vat(j, q));
                ore[b * nn + size_t(i * n + j)] = s.real();
                oim[b * nn + size_t(i * n + j)] = s.imag();
            }
    }
    return eig_complex_tensor(ore, oim, A.sizes(), L.dtype(), A.device());
}

}  // namespace

std::pair<Tensor, Tensor> linalg_eigh_complex(const Tensor& A, bool lower) {
    KILN_CHECK(A.dim() >= 2, RuntimeError, "linalg.eigh: The input tensor A must have at least 2 dimensions.");
    const int64_t n = A.sizes().back();
    KILN_CHECK(A.sizes()[size_t(A.dim() - 2)] == n, RuntimeError, "linalg.eigh: A must be batches of square matrices, but they are ",
               A.sizes()[size_t(A.dim() - 2)], " by ", n, " matrices");
    const DType real_dt = A.dtype() == DType::Complex64 ? DType::Float32 : DType::Float64;
    Shape batch(A.sizes().begin(), A.sizes().end() - 2);
    Shape lshape = batch;
    lshape.push_back(n);
    if (meta_mode()) {
        Tensor L = Tensor::empty(lshape, real_dt, A.device()), V = Tensor::empty(A.sizes(), A.dtype(), A.device());
        mark_meta(L.impl()->storage.get());
        mark_meta(V.impl()->storage.get());
        return {L, V};
    }
    int64_t count = 1;
    for (int64_t s : batch) count *= s;
    std::vector<double> re, im;
    eig_parts(A, re, im);
    const size_t nn = size_t(n * n), n2 = size_t(2 * n);
    // the real symmetric form [[X, -Y], [Y, X]] of the Hermitian matrix the UPLO triangle stands for
    std::vector<double> big(size_t(count) * n2 * n2);
    for (int64_t b = 0; b < count; ++b) {
        double* M = big.data() + size_t(b) * n2 * n2;
        for (int64_t i = 0; i < n; ++i)
            for (int64_t j = 0; j < n; ++j) {
                double x, y;
                if (i == j) {
                    x = re[b * nn + size_t(i * n + i)];
                    y = 0.0;
                } else if ((i > j) == lower) {
                    x = re[b * nn + size_t(i * n + j)];
                    y = im[b * nn + size_t(i * n + j)];
                } else {  // the other triangle: the conjugate of the stored entry
                    x = re[b * nn + size_t(j * n + i)];
                    y = -im[b * nn + size_t(j * n + i)];
                }
                M[size_t(i) * n2 + size_t(j)] = x;
                M[size_t(i + n) * n2 + size_t(j + n)] = x;
                M[size_t(i) * n2 + size_t(j + n)] = -y;
                M[size_t(i + n) * n2 + size_t(j)] = y;
            }
    }
    Shape bshape = batch;
    bshape.push_back(int64_t(n2));
    bshape.push_back(int64_t(n2));
    auto [W, U] = linalg_eigh(tensor(big, bshape, DType::Float64), "L");
    std::vector<double> w = W.to_double_vector(), u = contiguous(U).to_double_vector();
    std::vector<double> lout(size_t(count * n)), vre(count * nn), vim(count * nn);
    for (int64_t b = 0; b < count; ++b) {
        const double* ub = u.data() + size_t(b) * n2 * n2;
        std::vector<std::vector<cplx>> accepted;
        for (size_t j = 0; j < n2 && int64_t(accepted.size()) < n; ++j) {
            // each eigenvalue appears twice, for [x; y] and [-y; x], one complex direction x + iy:
            // a complex Gram-Schmidt keeps one vector per direction (and a basis of a repeated one)
            std::vector<cplx> z(static_cast<size_t>(n), cplx(0, 0));
            for (int64_t r = 0; r < n; ++r) z[size_t(r)] = cplx(ub[size_t(r) * n2 + j], ub[size_t(r + n) * n2 + j]);
            for (const auto& q : accepted) {
                cplx dot = 0;
                for (int64_t r = 0; r < n; ++r) dot += std::conj(q[size_t(r)]) * z[size_t(r)];
                for (int64_t r = 0; r < n; ++r) z[size_t(r)] -= dot * q[size_t(r)];
            }
            double nrm = 0;
            for (const cplx& c : z) nrm += std::norm(c);
            nrm = std::sqrt(nrm);
            if (nrm < 0.5) continue;
            // phase: the largest component real and positive
            size_t big_at = 0;
            for (size_t r = 0; r < z.size(); ++r)
                if (std::abs(z[r]) > std::abs(z[big_at]) + 1e-12) big_at = r;
            const cplx phase = std::conj(z[big_at]) / std::abs(z[big_at]);
            for (cplx& c : z) c = c * phase / nrm;
            lout[size_t(b * n) + accepted.size()] = w[size_t(b) * n2 + j];
            accepted.push_back(std::move(z));
        }
        for (int64_t k = 0; k < n; ++k)
            for (int64_t r = 0; r < n; ++r) {
                vre[b * nn + size_t(r * n + k)] = accepted[size_t(k)][size_t(r)].real();
                vim[b * nn + size_t(r * n + k)] = accepted[size_t(k)][size_t(r)].imag();
            }
    }
    Tensor L = tensor(lout, lshape, real_dt);
    if (A.device() != Device::CPU) L = to_device(L, A.device());
    Tensor V = eig_complex_tensor(vre, vim, A.sizes(), real_dt, A.device());
    if (autograd::needs_grad({A})) {
        autograd::SavedTensor sl(L.detach()), sv(V.detach()), sa(A.detach());
        autograd::record("LinalgEighBackward0", {A}, {L, V}, [sl, sv, sa](const autograd::Grads& g) {
            Tensor gL = g.size() > 0 ? g[0] : Tensor(), gV = g.size() > 1 ? g[1] : Tensor();
            if (!gL.defined() && !gV.defined()) return autograd::Grads{Tensor()};
            return autograd::Grads{eigh_complex_backward(gL, gV, sl.get(), sv.get(), sa.get())};
        });
    }
    return {L, V};
}

std::pair<Tensor, Tensor> linalg_eig(const Tensor& A) {
    auto [L, V] = eig_impl(A, true, "linalg.eig");
    if (autograd::needs_grad({A})) {
        autograd::SavedTensor sl(L.detach()), sv(V.detach()), sa(A.detach());
        autograd::record("LinalgEigBackward0", {A}, {L, V}, [sl, sv, sa](const autograd::Grads& g) {
            Tensor gL = g.size() > 0 ? g[0] : Tensor(), gV = g.size() > 1 ? g[1] : Tensor();
            if (!gL.defined() && !gV.defined()) return autograd::Grads{Tensor()};
            return autograd::Grads{eig_backward(gL, gV, sl.get(), sv.get(), sa.get())};
        });
    }
    return {L, V};
}

Tensor linalg_eigvals(const Tensor& A) {
    // PyTorch's linalg_eigvals goes through linalg_eig when A requires grad (the eigenvectors are
    // needed by the backward), else computes the eigenvalues alone.
    if (autograd::needs_grad({A})) return linalg_eig(A).first;
    return eig_impl(A, false, "linalg.eigvals").first;
}

}  // namespace kiln
