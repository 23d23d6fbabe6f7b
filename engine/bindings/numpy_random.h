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
};

}  // namespace kiln::numpy
