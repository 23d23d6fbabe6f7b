// numpy.random.Generator's streams: SeedSequence -> PCG64 -> NumPy's distribution algorithms, so
// `np.random.default_rng(seed)` followed by any supported call gives NumPy's exact values.
//
// Facts carried over from NumPy (numpy/random/bit_generator.pyx, src/pcg64, src/distributions):
// - SeedSequence: the entropy int is split into 32-bit words, low word first ([0] for 0); a pool of
//   4 words is filled by hashmix (INIT_A/MULT_A) over the entropy (0 past its end), every word mixed
//   into every other (MIX_MULT_L/R), extra entropy words mixed in after; generate_state(n) cycles
//   over the pool through a second hash (INIT_B/MULT_B), and 64-bit words are pairs of 32-bit words
//   (low word first).
// - PCG64 is the 128-bit LCG (multiplier 0x2360ED051FC65DA44385DF649FCCF645) with the XSL-RR output;
//   seeding takes generate_state(4, uint64) as initstate = (w0 << 64) | w1, initseq = (w2 << 64) | w3:
//   state = 0, inc = (initseq << 1) | 1, step, state += initstate, step. next32 hands out the low
//   half of a 64-bit draw and keeps the high half for the next next32 call.
// - doubles are (next64 >> 11) * 2**-53; the normal is the 256-layer ziggurat over 64-bit draws
//   (index 8 bits, sign 1 bit, 52-bit magnitude), its tail by Marsaglia's exponential method with
//   log1p(-u); the exponential is the ziggurat too (after >> 3).
// - bounded integers are Lemire's multiply-and-reject: 32-bit draws when the range fits 32 bits,
//   else 64-bit draws with a 128-bit product; shuffles draw j in [0, i] by masked rejection
//   (random_interval), choice without replacement by Floyd's algorithm and a Lemire shuffle.
// - gamma (Marsaglia-Tsang for shape >= 1, Johnk-style rejection below), beta (Johnk for a, b <= 1,
//   else a ratio of gammas), poisson and binomial (numpy_random.h's poisson_of / binomial_of, shared
//   with RandomState) and the one-line transforms (laplace, gumbel, logistic, ...).
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "bindings/numpy_random.h"  // mul_rounded, standard_gamma_of

namespace kiln::numpy {

namespace pcg_detail {
#include "bindings/numpy_ziggurat.inc"
}  // namespace pcg_detail

class SeedSequence {
public:
    explicit SeedSequence(const std::vector<uint32_t>& entropy) {
        uint32_t hash_const = kInitA;
        auto hashmix = [&hash_const](uint32_t value) {
            value ^= hash_const;
            hash_const *= kMultA;
            value *= hash_const;
            value ^= value >> 16;
            return value;
        };
        auto mix = [](uint32_t x, uint32_t y) {
            uint32_t r = kMixMultL * x - kMixMultR * y;
            r ^= r >> 16;
            return r;
        };
        for (size_t i = 0; i < kPool; ++i) pool_[i] = hashmix(i < entropy.size() ? entropy[i] : 0u);
        for (size_t src = 0; src < kPool; ++src)
            for (size_t dst = 0; dst < kPool; ++dst)
                if (src != dst) pool_[dst] = mix(pool_[dst], hashmix(pool_[src]));
        for (size_t src = kPool; src < entropy.size(); ++src)
            for (size_t dst = 0; dst < kPool; ++dst) pool_[dst] = mix(pool_[dst], hashmix(entropy[src]));
    }
    std::vector<uint32_t> generate_state32(size_t n) const {
        std::vector<uint32_t> out(n);
        uint32_t hash_const = kInitB;
        for (size_t i = 0; i < n; ++i) {
            uint32_t v = pool_[i % kPool];
            v ^= hash_const;
            hash_const *= kMultB;
            v *= hash_const;
            v ^= v >> 16;
            out[i] = v;
        }
        return out;
    }
    std::vector<uint64_t> generate_state64(size_t n) const {
        std::vector<uint32_t> w = generate_state32(2 * n);
        std::vector<uint64_t> out(n);
        for (size_t i = 0; i < n; ++i) out[i] = uint64_t(w[2 * i]) | (uint64_t(w[2 * i + 1]) << 32);
        return out;
    }

private:
    static constexpr size_t kPool = 4;
    static constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u, kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu,
                              kMixMultL = 0xca01f9ddu, kMixMultR = 0x4973f715u;
    uint32_t pool_[kPool] = {};
};

// 128-bit unsigned arithmetic on two words (the browser build has no __int128 everywhere).
struct U128 {
    uint64_t hi = 0, lo = 0;
};
inline U128 add128(U128 a, U128 b) {
    U128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < b.lo);
    return r;
}
inline void mul64(uint64_t x, uint64_t y, uint64_t& hi, uint64_t& lo) {
    lo = x * y;
    uint64_t x0 = x & 0xffffffffull, x1 = x >> 32, y0 = y & 0xffffffffull, y1 = y >> 32;
    uint64_t w0 = x0 * y0;
    uint64_t t = x1 * y0 + (w0 >> 32);
    uint64_t w1 = (t & 0xffffffffull) + x0 * y1;
    hi = x1 * y1 + (t >> 32) + (w1 >> 32);
}
inline U128 mul128(U128 a, U128 b) {
    U128 r;
    mul64(a.lo, b.lo, r.hi, r.lo);
    r.hi += a.hi * b.lo + a.lo * b.hi;
    return r;
}

class PCG64Random {
public:
    explicit PCG64Random(const std::vector<uint32_t>& entropy) {
        std::vector<uint64_t> s = SeedSequence(entropy).generate_state64(4);
        U128 initstate{s[0], s[1]}, initseq{s[2], s[3]};
        state_ = U128{};
        inc_.hi = (initseq.hi << 1) | (initseq.lo >> 63);
        inc_.lo = (initseq.lo << 1) | 1u;
        step();
        state_ = add128(state_, initstate);
        step();
    }

    uint64_t next64() {
        step();
        uint64_t x = state_.hi ^ state_.lo;
        unsigned rot = unsigned(state_.hi >> 58);
        return (x >> rot) | (x << ((64u - rot) & 63u));
    }
    uint32_t next32() {
        if (has_uint32_) {
            has_uint32_ = false;
            return uinteger_;
        }
        uint64_t n = next64();
        has_uint32_ = true;
        uinteger_ = uint32_t(n >> 32);
        return uint32_t(n & 0xffffffffull);
    }
    double next_double() { return double(next64() >> 11) * (1.0 / 9007199254740992.0); }

    double standard_normal() {
        using namespace pcg_detail;
        for (;;) {
            uint64_t r = next64();
            int idx = int(r & 0xff);
            r >>= 8;
            int sign = int(r & 1);
            uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
            double x = double(rabs) * k_wi_double[idx];
            if (sign) x = -x;
            if (rabs < k_ki_double[idx]) return x;
            if (idx == 0) {
                for (;;) {
                    double xx = -k_ziggurat_nor_inv_r * std::log1p(-next_double());
                    double yy = -std::log1p(-next_double());
                    if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(k_ziggurat_nor_r + xx) : k_ziggurat_nor_r + xx;
                }
            }
            // two roundings, as NumPy's C does (no fused multiply-add)
            volatile double scaled = (k_fi_double[idx - 1] - k_fi_double[idx]) * next_double();
            volatile double ex = -0.5 * x;
            if (scaled + k_fi_double[idx] < std::exp(ex * x)) return x;
        }
    }
    double standard_exponential() {
        using namespace pcg_detail;
        for (;;) {
            uint64_t ri = next64() >> 3;
            int idx = int(ri & 0xff);
            ri >>= 8;
            double x = double(ri) * k_we_double[idx];
            if (ri < k_ke_double[idx]) return x;
            if (idx == 0) return k_ziggurat_exp_r - std::log1p(-next_double());
            volatile double scaled = (k_fe_double[idx - 1] - k_fe_double[idx]) * next_double();
            if (scaled + k_fe_double[idx] < std::exp(-x)) return x;
        }
    }

    // The distributions composed of the draws above, as NumPy's distributions.c has them.
    double standard_gamma(double shape) { return standard_gamma_of(*this, shape, [this] { return standard_normal(); }); }
    double beta(double a, double b) {
        if (a <= 1.0 && b <= 1.0) {
            if (a < 3e-103 && b < 3e-103) {
                double U = next_double();
                return mul_rounded(a + b, U) < a ? 1.0 : 0.0;
            }
            for (;;) {
                double U = next_double(), V = next_double();
                double X = std::pow(U, 1.0 / a), Y = std::pow(V, 1.0 / b);
                double XpY = X + Y;
                if (XpY <= 1.0 && U + V > 0.0) {
                    if (X > 0 && Y > 0) return X / XpY;
                    double logX = std::log(U) / a, logY = std::log(V) / b, delta = logX - logY;
                    return delta > 0 ? std::exp(-std::log1p(std::exp(-delta))) : std::exp(delta - std::log1p(std::exp(delta)));
                }
            }
        }
        double Ga = standard_gamma(a), Gb = standard_gamma(b);
        return Ga / (Ga + Gb);
    }
    int64_t poisson(double lam) { return poisson_of(*this, lam); }
    int64_t binomial(int64_t n, double p) { return binomial_of(*this, n, p, binomial_, false); }

    // An integer in [0, rng] (Lemire): 32-bit draws when rng fits 32 bits.
    uint64_t bounded(uint64_t rng) {
        if (rng == 0) return 0;
        if (rng <= 0xffffffffull) {
            if (rng == 0xffffffffull) return next32();
            const uint32_t excl = uint32_t(rng) + 1;
            uint64_t m = uint64_t(next32()) * excl;
            uint32_t left = uint32_t(m);
            if (left < excl) {
                const uint32_t threshold = uint32_t(0xffffffffu - uint32_t(rng)) % excl;
                while (left < threshold) {
                    m = uint64_t(next32()) * excl;
                    left = uint32_t(m);
                }
            }
            return m >> 32;
        }
        if (rng == ~0ull) return next64();
        const uint64_t excl = rng + 1;
        uint64_t hi, lo;
        mul64(next64(), excl, hi, lo);
        if (lo < excl) {
            const uint64_t threshold = (~0ull - rng) % excl;
            while (lo < threshold) mul64(next64(), excl, hi, lo);
        }
        return hi;
    }
    // random_interval(max): j in [0, max] by masked rejection (Generator.shuffle/permutation).
    uint64_t interval(uint64_t max) {
        if (max == 0) return 0;
        uint64_t mask = max;
        for (int s = 1; s < 64; s <<= 1) mask |= mask >> s;
        uint64_t v;
        if (max <= 0xffffffffull) {
            while ((v = (next32() & mask)) > max) {
            }
        } else {
            while ((v = (next64() & mask)) > max) {
            }
        }
        return v;
    }

private:
    void step() {
        static const U128 kMult{0x2360ED051FC65DA4ull, 0x4385DF649FCCF645ull};
        state_ = add128(mul128(state_, kMult), inc_);
    }
    U128 state_, inc_;
    bool has_uint32_ = false;
    uint32_t uinteger_ = 0;
    BinomialCache binomial_;
};

}  // namespace kiln::numpy
