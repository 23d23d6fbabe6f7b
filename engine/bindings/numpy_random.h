// numpy.random's legacy RandomState stream: MT19937 with numpy's seeding, doubles, Gaussians and
// bounded integers, so `np.random.seed(n)` followed by any call gives NumPy's exact values.
//
// Facts carried over from NumPy (numpy/random/src/mt19937, distributions.c, legacy-distributions.c):
// - seed(n) for an int n in [0, 2**32) is MT19937's init_genrand(n) and forgets the cached Gaussian;
//   a sequence of ints seeds through init_by_array.
// - a double is (next32() >> 5) * 2**26 + (next32() >> 6), over 2**53 (53 random bits).
// - the legacy Gaussian is the polar Box-Muller method: pairs (x1, x2) = 2u - 1 until 0 < r2 < 1,
//   f = sqrt(-2 log(r2) / r2); f * x2 is returned and f * x1 cached for the next call.
// - bounded integers (randint, choice) use masked rejection: the smallest all-ones mask >= range,
//   32-bit draws when the range fits 32 bits, else 64-bit draws (high word first).
// - shuffle/permutation draw j in [0, i] for i = n-1 .. 1 by random_interval (masked rejection,
//   32-bit draws when i fits).
// - binomial and poisson are distributions.c's random_binomial (inversion / BTPE) and random_poisson
//   (multiplication / PTRS) over the stream's doubles, shared with the Generator (binomial_of, poisson_of).
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

namespace kiln::numpy {

// a * b rounded to double before any addition: the engine is built with -march=native, where GCC
// would otherwise fuse `c + a * b` into one fma (one rounding), and NumPy's results come from two.
inline double mul_rounded(double a, double b) {
    volatile double r = a * b;
    return r;
}

// NumPy's standard gamma draw: distributions.c's random_standard_gamma and legacy-distributions.c's
// legacy_standard_gamma are one algorithm over each generator's own exponential and normal draws
// (Marsaglia-Tsang over `normal()`; Ahrens-Dieter's rejection for shape < 1). G has next_double()
// and standard_exponential().
template <typename G, typename Normal>
double standard_gamma_of(G& g, double shape, Normal normal) {
    if (shape == 1.0) return g.standard_exponential();
    if (shape == 0.0) return 0.0;
    if (shape < 1.0) {
        for (;;) {
            double U = g.next_double(), V = g.standard_exponential();
            if (U <= 1.0 - shape) {
                double X = std::pow(U, 1. / shape);
                if (X <= V) return X;
            } else {
                double Y = -std::log((1 - U) / shape);
                double X = std::pow(1.0 - shape + mul_rounded(shape, Y), 1. / shape);
                if (X <= V + Y) return X;
            }
        }
    }
    const double b = shape - 1. / 3., c = 1. / std::sqrt(9 * b);
    for (;;) {
        double X, V;
        do {
            X = normal();
            V = 1.0 + mul_rounded(c, X);
        } while (V <= 0.0);
        V = V * V * V;
        double U = g.next_double();
        if (U < 1.0 - mul_rounded(mul_rounded(0.0331, X * X), X * X)) return b * V;
        if (std::log(U) < mul_rounded(mul_rounded(0.5, X), X) + mul_rounded(b, 1. - V + std::log(V))) return b * V;
    }
}

// distributions.c's random_loggam: log(Gamma(x)) by Stirling's series, shifted up to x >= 7.
inline double loggam(double x) {
    static const double a[10] = {8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
                                 -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
                                 6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
                                 -1.39243221690590e+00};
    if (x == 1.0 || x == 2.0) return 0.0;
    int64_t n = x < 7.0 ? int64_t(7 - x) : 0;
    double x0 = x + double(n);
    double x2 = (1.0 / x0) * (1.0 / x0);
    const double lg2pi = 1.8378770664093453e+00;
    double gl0 = a[9];
    for (int k = 8; k >= 0; --k) gl0 = mul_rounded(gl0, x2) + a[k];
    double gl = gl0 / x0 + 0.5 * lg2pi + mul_rounded(x0 - 0.5, std::log(x0)) - x0;
    if (x < 7.0)
        for (int64_t k = 1; k <= n; ++k) {
            gl -= std::log(x0 - 1.0);
            x0 -= 1.0;
        }
    return gl;
}

// distributions.c's random_poisson, one algorithm for RandomState (legacy_random_poisson) and
// Generator over their own next_double(): multiplication of uniforms below 10, Hormann's PTRS
// transformed rejection at 10 and above.
template <typename G>
int64_t poisson_of(G& g, double lam) {
    if (lam >= 10) {
        const double slam = std::sqrt(lam), loglam = std::log(lam);
        const double b = 0.931 + mul_rounded(2.53, slam);
        const double a = -0.059 + mul_rounded(0.02483, b);
        const double invalpha = 1.1239 + 1.1328 / (b - 3.4);
        const double vr = 0.9277 - 3.6224 / (b - 2);
        for (;;) {
            double U = g.next_double() - 0.5, V = g.next_double();
            double us = 0.5 - std::fabs(U);
            int64_t k = int64_t(std::floor(mul_rounded(2 * a / us + b, U) + lam + 0.43));
            if (us >= 0.07 && V <= vr) return k;
            if (k < 0 || (us < 0.013 && V > us)) continue;
            if (std::log(V) + std::log(invalpha) - std::log(a / (us * us) + b) <= -lam + mul_rounded(double(k), loglam) - loggam(double(k) + 1))
                return k;
        }
    }
    if (lam == 0) return 0;
    const double enlam = std::exp(-lam);
    int64_t X = 0;
    double prod = 1.0;
    for (;;) {
        prod *= g.next_double();
        if (prod > enlam) ++X;
        else return X;
    }
}

// The per-generator cache of random_binomial's set-up (NumPy's binomial_t): the constants of the
// last (n, p) seen, reused while consecutive draws keep them.
struct BinomialCache {
    bool has = false;
    int64_t nsave = 0, m = 0;
    double psave = 0, r = 0, q = 0, fm = 0, p1 = 0, xm = 0, xl = 0, xr = 0, c = 0, laml = 0, lamr = 0, p2 = 0,
           p3 = 0, p4 = 0;
};

// distributions.c's random_binomial_inversion (n * p <= 30): walk the CDF from 0 with one uniform,
// restarting past the bound n * p + 10 sd.
template <typename G>
int64_t binomial_inversion(G& g, int64_t n, double p, BinomialCache& bc) {
    double q, qn, np;
    int64_t bound;
    if (!bc.has || bc.nsave != n || bc.psave != p) {
        bc.nsave = n;
        bc.psave = p;
        bc.has = true;
        bc.q = q = 1.0 - p;
        bc.r = qn = std::exp(mul_rounded(double(n), std::log(q)));
        bc.c = np = mul_rounded(double(n), p);
        double lim = np + mul_rounded(10.0, std::sqrt(mul_rounded(np, q) + 1));
        bc.m = bound = int64_t(double(n) < lim ? double(n) : lim);
    } else {
        q = bc.q;
        qn = bc.r;
        np = bc.c;
        bound = bc.m;
    }
    int64_t X = 0;
    double px = qn;
    double U = g.next_double();
    while (U > px) {
        X++;
        if (X > bound) {
            X = 0;
            px = qn;
            U = g.next_double();
        } else {
            U -= px;
            px = (mul_rounded(mul_rounded(double(n - X + 1), p), px)) / mul_rounded(double(X), q);
        }
    }
    return X;
}

// distributions.c's random_binomial_btpe (n * p > 30): Kachitvichyanukul and Schmeiser's
// triangle / parallelogram / exponential-tail acceptance with the squeeze of step 5.2.
template <typename G>
int64_t binomial_btpe(G& g, int64_t n, double p, BinomialCache& bc) {
    double r, q, fm, p1, xm, xl, xr, c, laml, lamr, p2, p3, p4;
    int64_t m;
    if (!bc.has || bc.nsave != n || bc.psave != p) {
        bc.nsave = n;
        bc.psave = p;
        bc.has = true;
        bc.r = r = p < 1.0 - p ? p : 1.0 - p;
        bc.q = q = 1.0 - r;
        bc.fm = fm = mul_rounded(double(n), r) + r;
        bc.m = m = int64_t(std::floor(bc.fm));
        bc.p1 = p1 = std::floor(mul_rounded(2.195, std::sqrt(mul_rounded(mul_rounded(double(n), r), q))) - mul_rounded(4.6, q)) + 0.5;
        bc.xm = xm = double(m) + 0.5;
        bc.xl = xl = xm - p1;
        bc.xr = xr = xm + p1;
        bc.c = c = 0.134 + 20.5 / (15.3 + double(m));
        double a = (fm - xl) / (fm - mul_rounded(xl, r));
        bc.laml = laml = mul_rounded(a, 1.0 + a / 2.0);
        a = (xr - fm) / mul_rounded(xr, q);
        bc.lamr = lamr = mul_rounded(a, 1.0 + a / 2.0);
        bc.p2 = p2 = mul_rounded(p1, 1.0 + mul_rounded(2.0, c));
        bc.p3 = p3 = p2 + c / laml;
        bc.p4 = p4 = p3 + c / lamr;
    } else {
        r = bc.r; q = bc.q; fm = bc.fm; m = bc.m; p1 = bc.p1; xm = bc.xm; xl = bc.xl; xr = bc.xr; c = bc.c;
        laml = bc.laml; lamr = bc.lamr; p2 = bc.p2; p3 = bc.p3; p4 = bc.p4;
    }
    const double nrq = mul_rounded(mul_rounded(double(n), r), q);
    for (;;) {
        double u = mul_rounded(g.next_double(), p4);
        double v = g.next_double();
        int64_t y;
        if (u <= p1) {  // step 1: the triangle, accepted at once
            y = int64_t(std::floor(xm - mul_rounded(p1, v) + u));
            return p > 0.5 ? n - y : y;
        }
        if (u <= p2) {  // step 2: the parallelograms
            double x = xl + (u - p1) / c;
            v = mul_rounded(v, c) + 1.0 - std::fabs(double(m) - x + 0.5) / p1;
            if (v > 1.0) continue;
            y = int64_t(std::floor(x));
        } else if (u <= p3) {  // step 3: the left exponential tail
            y = int64_t(std::floor(xl + std::log(v) / laml));
            if (y < 0 || v == 0.0) continue;
            v = mul_rounded(mul_rounded(v, u - p2), laml);
        } else {  // step 4: the right exponential tail
            y = int64_t(std::floor(xr - std::log(v) / lamr));
            if (y > n || v == 0.0) continue;
            v = mul_rounded(mul_rounded(v, u - p3), lamr);
        }
        // step 5: acceptance, by the recursive f(y) / f(m) when y is near the mode
        int64_t k = y > m ? y - m : m - y;
        if (k <= 20 || double(k) >= nrq / 2.0 - 1) {
            double s = r / q;
            double a = mul_rounded(s, double(n + 1));
            double F = 1.0;
            if (m < y) {
                for (int64_t i = m + 1; i <= y; i++) F *= (a / double(i) - s);
            } else if (m > y) {
                for (int64_t i = y + 1; i <= m; i++) F /= (a / double(i) - s);
            }
            if (v > F) continue;
            return p > 0.5 ? n - y : y;
        }
        // step 5.2: squeezing with the normal approximation, then the final Stirling test
        {
            double kd = double(k);
            double rho = (kd / nrq) * ((mul_rounded(kd, kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
            double t = -mul_rounded(kd, kd) / mul_rounded(2.0, nrq);
            double A = std::log(v);
            if (A < t - rho) return p > 0.5 ? n - y : y;
            if (A > t + rho) continue;
            double x1 = double(y + 1), f1 = double(m + 1), z = double(n + 1 - m), w = double(n - y + 1);
            double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
            double bound = mul_rounded(xm, std::log(f1 / x1)) + mul_rounded(double(n - m) + 0.5, std::log(z / w)) +
                           mul_rounded(double(y - m), std::log(mul_rounded(w, r) / mul_rounded(x1, q))) +
                           (13680. - (462. - (132. - (99. - 140. / f2) / f2) / f2) / f2) / f1 / 166320. +
                           (13680. - (462. - (132. - (99. - 140. / z2) / z2) / z2) / z2) / z / 166320. +
                           (13680. - (462. - (132. - (99. - 140. / x2) / x2) / x2) / x2) / x1 / 166320. +
                           (13680. - (462. - (132. - (99. - 140. / w2) / w2) / w2) / w2) / w / 166320.;
            if (A > bound) continue;
            return p > 0.5 ? n - y : y;
        }
    }
}

// distributions.c's random_binomial: inversion for n * min(p, 1 - p) <= 30, else BTPE, drawing for
// min(p, 1 - p) and reflecting. RandomState's legacy_random_binomial_original has no early return
// for n == 0 or p == 0: its inversion still draws one uniform there (`legacy`).
template <typename G>
int64_t binomial_of(G& g, int64_t n, double p, BinomialCache& bc, bool legacy) {
    if (!legacy && (n == 0 || p == 0.0)) return 0;
    if (p <= 0.5) {
        if (mul_rounded(p, double(n)) <= 30.0) return binomial_inversion(g, n, p, bc);
        return binomial_btpe(g, n, p, bc);
    }
    double q = 1.0 - p;
    if (mul_rounded(q, double(n)) <= 30.0) return n - binomial_inversion(g, n, q, bc);
    return n - binomial_btpe(g, n, q, bc);
}

class LegacyRandom {
public:
    LegacyRandom() { seed(5489u); }

    void seed(uint32_t s) {
        key_[0] = s;
        for (int i = 1; i < kN; ++i) key_[i] = 1812433253u * (key_[i - 1] ^ (key_[i - 1] >> 30)) + uint32_t(i);
        pos_ = kN;
        has_gauss_ = false;
        gauss_ = 0;
    }

    // init_by_array, as NumPy's seed([a, b, ...]).
    void seed_array(const std::vector<uint32_t>& init) {
        seed(19650218u);
        int i = 1, j = 0;
        const int len = int(init.size());
        for (int k = kN > len ? kN : len; k; --k) {
            key_[i] = (key_[i] ^ ((key_[i - 1] ^ (key_[i - 1] >> 30)) * 1664525u)) + init[size_t(j)] + uint32_t(j);
            ++i;
            ++j;
            if (i >= kN) {
                key_[0] = key_[kN - 1];
                i = 1;
            }
            if (j >= len) j = 0;
        }
        for (int k = kN - 1; k; --k) {
            key_[i] = (key_[i] ^ ((key_[i - 1] ^ (key_[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
            ++i;
            if (i >= kN) {
                key_[0] = key_[kN - 1];
                i = 1;
            }
        }
        key_[0] = 0x80000000u;
        pos_ = kN;
        has_gauss_ = false;
        gauss_ = 0;
    }

    uint32_t next32() {
        if (pos_ >= kN) generate();
        uint32_t y = key_[pos_++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        return y;
    }
    uint64_t next64() {
        uint64_t hi = next32();
        return (hi << 32) | next32();
    }
    double next_double() {
        int32_t a = int32_t(next32() >> 5), b = int32_t(next32() >> 6);
        return (a * 67108864.0 + b) / 9007199254740992.0;
    }
    double gauss() {
        if (has_gauss_) {
            has_gauss_ = false;
            double g = gauss_;
            gauss_ = 0;
            return g;
        }
        double x1, x2, r2;
        do {
            x1 = 2.0 * next_double() - 1.0;
            x2 = 2.0 * next_double() - 1.0;
            r2 = mul_rounded(x1, x1) + mul_rounded(x2, x2);
        } while (r2 >= 1.0 || r2 == 0.0);
        double f = std::sqrt(-2.0 * std::log(r2) / r2);
        gauss_ = f * x1;
        has_gauss_ = true;
        return f * x2;
    }
    // legacy-distributions.c's continuous draws, which RandomState keeps (a Generator's differ: it
    // takes ziggurat normals and exponentials): -log(1 - U); Marsaglia-Tsang gammas over the polar
    // Gaussians (shape < 1: Ahrens-Dieter's rejection); Johnk's beta when a, b <= 1, else a ratio of
    // gammas. `np.random.beta(alpha, alpha)` is mixup's and cutmix's mixing weight.
    double standard_exponential() { return -std::log(1.0 - next_double()); }
    double standard_gamma(double shape) { return standard_gamma_of(*this, shape, [this] { return gauss(); }); }
    int64_t poisson(double lam) { return poisson_of(*this, lam); }
    int64_t binomial(int64_t n, double p) { return binomial_of(*this, n, p, binomial_, true); }
    double beta(double a, double b) {
        if (a <= 1.0 && b <= 1.0) {
            for (;;) {
                double U = next_double(), V = next_double();
                double X = std::pow(U, 1.0 / a), Y = std::pow(V, 1.0 / b);
                if (X + Y <= 1.0) {
                    if (X + Y > 0) return X / (X + Y);
                    double logX = std::log(U) / a, logY = std::log(V) / b;
                    double logM = logX > logY ? logX : logY;
                    logX -= logM;
                    logY -= logM;
                    return std::exp(logX - std::log(std::exp(logX) + std::exp(logY)));
                }
            }
        }
        double Ga = standard_gamma(a), Gb = standard_gamma(b);
        return Ga / (Ga + Gb);
    }
    // An integer in [0, rng] (rng = high - low - 1 of randint) by masked rejection.
    uint64_t bounded(uint64_t rng) {
        if (rng == 0) return 0;
        uint64_t mask = rng;
        for (int s = 1; s < 64; s <<= 1) mask |= mask >> s;
        if (rng <= 0xffffffffull) {
            if (rng == 0xffffffffull) return next32();
            uint32_t v;
            while ((v = next32() & uint32_t(mask)) > rng) {
            }
            return v;
        }
        if (rng == ~0ull) return next64();
        uint64_t v;
        while ((v = next64() & mask) > rng) {
        }
        return v;
    }
    // random_interval(max): shuffle's draw of j in [0, max].
    uint64_t interval(uint64_t max) {
        if (max == 0) return 0;
        uint64_t mask = max;
        for (int s = 1; s < 64; s <<= 1) mask |= mask >> s;
        if (max <= 0xffffffffull) {
            uint64_t v;
            while ((v = (next32() & mask)) > max) {
            }
            return v;
        }
        uint64_t v;
        while ((v = (next64() & mask)) > max) {
        }
        return v;
    }

private:
    static constexpr int kN = 624, kM = 397;
    void generate() {
        for (int i = 0; i < kN; ++i) {
            uint32_t y = (key_[i] & 0x80000000u) | (key_[(i + 1) % kN] & 0x7fffffffu);
            key_[i] = key_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        pos_ = 0;
    }
    uint32_t key_[kN];
    int pos_ = kN;
    bool has_gauss_ = false;
    double gauss_ = 0;
    BinomialCache binomial_;
};

}  // namespace kiln::numpy
