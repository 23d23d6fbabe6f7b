// Scalar helpers for the expressions in ops/pointwise.def that are too long for one line.
//
// Each is a small template over the compute type T (bool, int64_t, float, double) with PyTorch's
// semantics: Python-style floor division and remainder (the result takes the divisor's sign),
// integer powers by squaring (negative exponents give 0 except for bases 1 and -1), clamp that keeps
// NaN. They use only <cmath> so a code generator can emit this header next to generated kernels.
// Integer division by zero never reaches these: pointwise.cpp raises "ZeroDivisionError" first.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace kiln::pw {

// Clamping, in one of two forms that give the same bits (NaN included), each the faster where it
// is compiled:
// - Natively, selects that keep NaN: `lo > x ? lo : x` is false for NaN and so returns x; vectorized,
//   a compare into a mask and a masked move, and NaN needs no test of its own after the arithmetic,
//   which carries it to the result (clamp_keep_nan; 7-9% faster than the bit form on the H100 host's
//   Xeon in the anchor chain). Before -fno-trapping-math, GCC specialized what followed such a
//   masked select per case (a sigmoid after pw::exp got one masked division per clamp case):
//   backends/cpu_jit and the engine build with -fno-trapping-math.
// - In WebAssembly, integer minimums of the bits (clamp_bits) and one NaN test at the end: clang
//   makes the selects f32x4.min/max, whose NaN and -0 rules cost V8 about seven x86 instructions
//   each, where i32x4.min_u/min_s are one (the browser's eager sigmoid: 1.6 vs 1.2 ms at 2^20). As
//   unsigned integers the bits of negative floats grow with their magnitude and lie above every
//   positive float's, so an unsigned minimum with lo's bits (lo < 0) clamps below lo; as signed
//   integers every negative float lies below every positive one and positives keep their order, so
//   a signed minimum with hi's bits (hi > 0) clamps above hi. NaN is clamped too (by its sign bit),
//   so the callers pass it through at the end.
// The bounds' bit patterns and both forms are checked in tests/ops/test_pointwise_math.cpp.
#if defined(__wasm__)
constexpr bool kClampByBits = true;
#else
constexpr bool kClampByBits = false;
#endif
constexpr uint32_t kExpLowBits = 0xC2AE999Au;     // -87.3f
constexpr uint32_t kExpHighBits = 0x42B1999Au;    // 88.8f
constexpr uint32_t kTanhClampBits = 0x411028F6u;  // 9.01f
constexpr uint32_t kOneBits = 0x3F800000u;        // 1.0f
inline float clamp_keep_nan(float x, float lo, float hi) {
    const float a = lo > x ? lo : x;
    return hi < a ? hi : a;
}
// A float's bits and back (memcpy: the defined way; compilers make it a register move).
inline uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}
inline float float_of(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}
inline float clamp_bits(float x, uint32_t lo_bits, uint32_t hi_bits) {
    uint32_t u = bits_of(x);
    u = u > lo_bits ? lo_bits : u;
    int32_t i = int32_t(u);
    i = i > int32_t(hi_bits) ? int32_t(hi_bits) : i;
    return float_of(uint32_t(i));
}
// min(x, hi) for x >= 0 (or NaN: kept by the select, clamped to hi by the bits), in this target's form.
inline float clamp_above(float x, float hi, uint32_t hi_bits) {
    const uint32_t u = bits_of(x);
    return kClampByBits ? float_of(u > hi_bits ? hi_bits : u) : (hi < x ? hi : x);
}

// e^x for float, written so that loops over it vectorize (std::exp is a scalar libm call, which
// holds exp/sigmoid/silu/softmax far below memory bandwidth), and short: codegen/wasm ports it op
// for op to 128-bit SIMD without FMA, where the sigmoid chain is bound by these instructions.
// x = n ln2 + r with |r| <= ln2/2 (ln2 in two parts, the first with 9 significant bits so that
// n * ln2_hi and x - n * ln2_hi are exact); e^r ~ 1 + r + r^2 Q(r) with Q of degree 4, Kiln's own
// fit (ops/fit_exp.py: 3.1e-9 relative before evaluation); adding r last keeps the rounding near
// half an ulp. The result is 2 e^r times 2^(n-1), whose bits are t's shifted left by 23: t = x
// log2(e) + 1.5 * 2^23 + 126 holds n + 126 in its low mantissa bits, and the shift drops the rest
// (no float->int conversion, which is a slow clamped sequence in wasm SIMD, and one scale instead of
// two). Scaling by 2^(n-1) reaches n = 128, so results up to FLT_MAX stay finite and larger ones
// become inf as std::exp's do (x is clamped at 88.8, n <= 128). NaN stays NaN (see the clamps above).
//
// Bounds (tests/ops/test_pointwise_math.cpp sweeps the float range against float64): within 1 ulp
// of e^x wherever e^x >= 2^-125.5 (x >= -86.98), 1.02 ulp where the compiler fuses a * b + c into
// FMAs (-march=native; wasm has no FMA); below, where n = -126 makes the scale's bits 0,
// the result is +0: the lowest half-binade of normal floats and all subnormals flush to zero (a
// subnormal product would also cost a microcode assist per lane on x86). NaN stays NaN (both clamps
// compare false, so p is NaN whatever the scale's bits), -inf gives 0 and +inf gives inf.
inline float exp(float x) {
#if defined(__CUDACC_RTC__)
    // Kernels generated for the GPU (NVRTC): the device's own expf, a few instructions around the
    // hardware's exp2 unit (CUDA documents 2 ulp), as PyTorch's GPU kernels use. The portable form
    // below is ~20 float instructions, which made softmax compute-bound on an H100.
    return ::expf(x);
#else
    // -87.3 <= xc <= 88.8: n >= -126, so the scale's exponent bits never go negative
    const float xc = kClampByBits ? clamp_bits(x, kExpLowBits, kExpHighBits) : clamp_keep_nan(x, -87.3f, 88.8f);
    const float shifter = 12583038.0f;  // 1.5 * 2^23 + 126: adding it rounds to an integer
    const float t = xc * 1.44269504088896341f + shifter;
    const float n = t - shifter;
    float r = xc - n * 0.693359375f;
    r = r - n * -2.12194440e-4f;
    const float u = r + r;
    float q = 1.382102026e-3f;
    q = q * r + 8.368669078e-3f;
    q = q * r + 4.166826233e-2f;
    q = q * r + 1.666652113e-1f;
    q = q * r + 4.999999404e-1f;
    const float p = q * r * u + u + 2.0f;  // 2 e^r, exactly twice 1 + r + r^2 Q(r) in float
    const float scale = float_of(bits_of(t) << 23);  // (n + 126) << 23: the bits of 2^(n-1); 0 when n = -126
    const float e = p * scale;  // NaN after clamp_keep_nan: p is NaN whatever the scale's bits
    return kClampByBits && x != x ? x : e;
#endif
}
inline double exp(double x) { return std::exp(x); }

// tanh for float, vectorizable for the same reason as exp (std::tanh is a scalar libm call, which
// also keeps every other op of a fused loop scalar). One rational function x P(x^2) / Q(x^2) of
// degrees 13/6 on x clamped to [-9.01, 9.01] (beyond, tanh rounds to +-1 in float): 11 multiply-adds
// and one division, no exp and no branch, about twice as fast as 1 - 2 / (e^{2|x|} + 1). The
// coefficients are Kiln's own fit (ops/fit_tanh.py: reweighted least squares towards minimax
// relative error, in 30-digit arithmetic): 6.6e-9 relative before rounding to float, at most 5 ulp
// in float over every float input (99.6% within 1 ulp), odd (tanh(-0) = -0), and the result is
// clamped so that rounding never leaves [-1, 1]. It is evaluated on |x| and takes x's sign back at
// the end (the function is odd, so this is the same value). NaN stays NaN (see the clamps above).
inline float tanh(float x) {
#if defined(__CUDACC_RTC__)
    return ::tanhf(x);  // generated GPU kernels: the device's tanhf (2 ulp), no division
#else
    const uint32_t sign = bits_of(x) & 0x80000000u;
    const float xc = clamp_above(float_of(bits_of(x) & 0x7fffffffu), 9.01f, kTanhClampBits);  // |x| up to 9.01
    const float z = xc * xc;
    float p = -8.489151051444736e-14f;
    p = p * z + 5.2781381442115864e-11f;
    p = p * z - 2.0225659972918308e-8f;
    p = p * z + 1.1154424430010167e-5f;
    p = p * z + 3.1039679226527478e-3f;
    p = p * z + 1.3084020789929937e-1f;
    p = p * z + 9.9999999343408412e-1f;
    float q = 2.5461618971108205e-4f;
    q = q * z + 2.4495225655187565e-2f;
    q = q * z + 4.6417347905347942e-1f;
    q = q * z + 1.0f;
    const float t = clamp_above(xc * p / q, 1.0f, kOneBits);  // of a value >= 0
    const float r = float_of(bits_of(t) | sign);
    return kClampByBits && x != x ? x : r;
#endif
}
inline double tanh(double x) { return std::tanh(x); }

// log for float, vectorizable for the same reason as exp (std::log is a scalar libm call: x.log()
// took ~1.4 ns per element natively and 1.9 ms per 2^20 in the browser, eager and compiled alike).
// x = 2^k m with m in [sqrt(1/2), sqrt(2)), both from the bits (subnormals scaled by 2^23 first):
// the offset bits' arithmetic shift is k, and m's bits are x's less k in the exponent field; then
// f = m - 1 (exact) and log x = k ln2 + log1p(f), log1p(f) ~ f - f^2/2 + f^3 P(f) with P of degree
// 7, Kiln's own fit (ops/fit_log.py: 5.8e-9 relative before evaluation); k ln2 in the two parts
// pw::exp uses, the small part added first and f last, so the rounding stays near half an ulp.
// Within 1 ulp of log x over every positive float (tests/ops/test_pointwise_math.cpp); x < 0 and
// NaN give NaN, +-0 gives -inf, +inf gives +inf, as std::log.
inline float log(float x) {
#if defined(__CUDACC_RTC__)
    return ::logf(x);  // generated GPU kernels: the device's logf
#else
    const bool tiny = x < 1.17549435e-38f;  // subnormal (or zero, negative: chosen at the end)
    const float xs = tiny ? x * 8388608.0f : x;
    const uint32_t u = bits_of(xs);
    const uint32_t off = u - 0x3f3504f3u;  // the bits of sqrt(1/2)
    const float k = float(int32_t(off) >> 23) - (tiny ? 23.0f : 0.0f);
    const float f = float_of(u - (off & 0xff800000u)) - 1.0f;
    const float z = f * f;
    float p = -7.636900246e-02f;
    p = p * f + 1.276246756e-01f;
    p = p * f - 1.315955371e-01f;
    p = p * f + 1.420154124e-01f;
    p = p * f - 1.662341058e-01f;
    p = p * f + 2.000124305e-01f;
    p = p * f - 2.500081956e-01f;
    p = p * f + 3.333333135e-01f;
    float y = p * f * z;
    y = y + k * -2.12194440e-4f;
    y = y - 0.5f * z;
    const float r = (f + y) + k * 0.693359375f;
    const float special = x == 0.0f ? -HUGE_VALF : (x > 0.0f ? x : std::numeric_limits<float>::quiet_NaN());  // +inf, NaN
    return x > 0.0f && x < HUGE_VALF ? r : special;
#endif
}
inline double log(double x) { return std::log(x); }

// erf for float, vectorizable: |x| < 0.5 by its Taylor series through x^11 (relative error below
// 3e-8), beyond by Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7, i.e. a few ulp of
// erf's value there) on pw::exp; |x| >= 4 is +-1 in float. NaN stays NaN, -0 stays -0.
inline float erf(float x) {
#if defined(__CUDACC_RTC__)
    return ::erff(x);  // generated GPU kernels: the device's erff (2 ulp), branch-free, no division
#else
    const float a = x < 0 ? -x : x;
    const float x2 = x * x;
    float s = -1.0f / 1320.0f;
    s = s * x2 + 1.0f / 216.0f;
    s = s * x2 - 1.0f / 42.0f;
    s = s * x2 + 1.0f / 10.0f;
    s = s * x2 - 1.0f / 3.0f;
    const float small = 1.12837916709551257f * (x + x * x2 * s);
    const float t = 1.0f / (1.0f + 0.3275911f * a);
    float q = 1.061405429f;
    q = q * t - 1.453152027f;
    q = q * t + 1.421413741f;
    q = q * t - 0.284496736f;
    q = q * t + 0.254829592f;
    const float big = a >= 4.0f ? 1.0f : 1.0f - q * t * exp(-x2);
    const float r = a < 0.5f ? small : (x < 0 ? -big : big);
    // NaN, and +-0 as itself: the series rounds -0 + (-0 * 0 * s) to +0, and erf(-0) is -0.
    return (x != x || x == 0.0f) ? x : r;
#endif
}
inline double erf(double x) { return std::erf(x); }

template <typename T>
inline T clamp(T x, T lo, T hi) {
    // min(max(x, lo), hi): NaN x stays NaN, and lo > hi gives hi everywhere (as torch.clamp).
    T m = x < lo ? lo : x;
    return hi < m ? hi : m;
}

// -a for integers, wrapping as two's complement: the minimum value stays itself. Integer division
// by -1 goes through it because x86's idiv traps (SIGFPE) on INT64_MIN / -1 instead of wrapping.
template <typename T>
inline T neg_wrap(T a) {
    return T(uint64_t(0) - uint64_t(a));
}

template <typename T>
inline bool is_minus_one(T b) {
    return T(-1) < T(0) && b == T(-1);  // unsigned types have no -1
}

template <typename T>
inline T div_trunc(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return std::trunc(a / b);
    else if constexpr (std::is_same_v<T, bool>) return a;  // b is true (b == 0 was rejected)
    else return is_minus_one(b) ? neg_wrap(a) : a / b;
}

template <typename T>
inline T div_floor(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        // c10::div_floor_floating: exact for huge quotients, and -0.0 where the quotient is -0.
        if (b == 0) return a / b;
        T mod = std::fmod(a, b);
        T div = (a - mod) / b;
        if (mod != 0 && (b < 0) != (mod < 0)) div -= T(1);
        T floordiv;
        if (div != 0) {
            floordiv = std::floor(div);
            if (div - floordiv > T(0.5)) floordiv += T(1);
        } else {
            floordiv = std::copysign(T(0), a / b);
        }
        return floordiv;
    } else if constexpr (std::is_same_v<T, bool>) {
        return a;
    } else {
        if (is_minus_one(b)) return neg_wrap(a);
        T q = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
        return q;
    }
}

template <typename T>
inline T remainder(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        T mod = std::fmod(a, b);
        if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
        return mod;
    } else if constexpr (std::is_same_v<T, bool>) {
        return false;
    } else {
        if (is_minus_one(b)) return T(0);
        T mod = a % b;
        if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
        return mod;
    }
}

// C's fmod: the result takes the dividend's sign.
template <typename T>
inline T fmod(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        return std::fmod(a, b);
    } else if constexpr (std::is_same_v<T, bool>) {
        return false;
    } else {
        return is_minus_one(b) ? T(0) : a % b;
    }
}

template <typename T>
inline T pow(T base, T exp) {
    if constexpr (std::is_floating_point_v<T>) {
        return std::pow(base, exp);
    } else if constexpr (std::is_same_v<T, bool>) {
        return base || !exp;
    } else {
        if (exp < 0) {
            if (base == 1) return 1;
            if (base == -1) return (exp & 1) ? -1 : 1;
            return 0;
        }
        // Unsigned arithmetic: overflow wraps (as PyTorch's int64 kernels do) instead of being UB.
        uint64_t result = 1, b = uint64_t(base);
        while (exp) {
            if (exp & 1) result *= b;
            exp >>= 1;
            b *= b;
        }
        return T(result);
    }
}

// pow by a scalar exponent as PyTorch's CPU kernel computes it: the exponents 2, 3, 0.5, -0.5, -1 and
// -2 as multiplications, square roots and divisions (the same bits as PyTorch's), others by
// std::pow. The exponent is the same for the whole loop, so compilers unswitch the tests out of
// it and the special cases vectorize: x ** 2 was a libm call per element (3.6 ms for 2^20 floats
// natively, 10 ms in the browser; now as fast as x * x).
template <typename T>
inline T pow_scalar(T x, T e) {
    if constexpr (std::is_floating_point_v<T>) {
        if (e == T(2)) return x * x;
        if (e == T(3)) return x * x * x;
        if (e == T(0.5)) return std::sqrt(x);
        if (e == T(-0.5)) return T(1) / std::sqrt(x);
        if (e == T(-1)) return T(1) / x;
        if (e == T(-2)) return T(1) / (x * x);
    }
    return pow(x, e);
}

// ---- special functions and the integer-only ops (PyTorch's ATen/native/Math.h algorithms) ----
// KILN_PW_HD marks the helpers that cuda/kernels.cu also calls on the device (nvcc); NVRTC compiles
// this whole text with -default-device, and host compilers see plain inline functions.
#if defined(__CUDACC__) && !defined(__CUDACC_RTC__)
#define KILN_PW_HD __host__ __device__ inline
#else
#define KILN_PW_HD inline
#endif

// erfinv: PyTorch's calc_erfinv (Pavlis's rational first guess, central range 0.7, then two Newton
// steps on erf), in the compute type T, so float32 results carry float32's rounding as PyTorch's.
template <typename T>
KILN_PW_HD T erfinv(T y) {
    if constexpr (!std::is_floating_point_v<T>) {
        return y;
    } else {
        const T ya = y < T(0) ? -y : y;
        if (ya > T(1)) return std::numeric_limits<T>::quiet_NaN();
        if (ya == T(1)) return std::copysign(std::numeric_limits<T>::infinity(), y);
        T x;
        if (ya <= T(0.7)) {
            const T z = y * y;
            const T num = ((T(-0.140543331) * z + T(0.914624893)) * z + T(-1.645349621)) * z + T(0.886226899);
            const T dem = (((T(0.012229801) * z + T(-0.329097515)) * z + T(1.442710462)) * z + T(-2.118377725)) * z + T(1);
            x = y * num / dem;
        } else {
            const T z = std::sqrt(-std::log((T(1) - ya) / T(2)));
            const T num = ((T(1.641345311) * z + T(3.429567803)) * z + T(-1.624906493)) * z + T(-1.970840454);
            const T dem = (T(1.637067800) * z + T(3.543889200)) * z + T(1);
            x = std::copysign(num, y) / dem;
        }
        const T k = T(2) / T(1.77245385090551602729);  // 2 / sqrt(pi)
        x = x - (std::erf(x) - y) / (k * std::exp(-x * x));
        x = x - (std::erf(x) - y) / (k * std::exp(-x * x));
        return x;
    }
}

// digamma: PyTorch's calc_digamma: +-inf at +-0, NaN at negative integers, the reflection
// psi(1 - x) - pi / tan(pi * frac(x)) below 0, the recurrence up to 10, then the asymptotic series.
template <typename T>
KILN_PW_HD T digamma(T x) {
    if constexpr (!std::is_floating_point_v<T>) {
        return x;
    } else {
        const T pi = T(3.14159265358979323846);
        if (x == T(0)) return std::copysign(std::numeric_limits<T>::infinity(), -x);
        T reflection = T(0);  // psi(x) = psi(1 - x) - pi / tan(pi * frac(x)) for x < 0
        if (x < T(0)) {
            if (x == std::trunc(x)) return std::numeric_limits<T>::quiet_NaN();
            reflection = pi / std::tan(pi * (x - std::trunc(x)));
            x = T(1) - x;
        }
        T result = T(0);
        while (x < T(10)) {
            result -= T(1) / x;
            x += T(1);
        }
        if (x == T(10)) return (result + T(2.25175258906672110764)) - reflection;
        T y = T(0);
        if (x < T(1.0e17)) {
            const T z = T(1) / (x * x);
            const T A[] = {T(8.33333333333333333333E-2), T(-2.10927960927960927961E-2), T(7.57575757575757575758E-3),
                           T(-4.16666666666666666667E-3), T(3.96825396825396825397E-3), T(-8.33333333333333333333E-3),
                           T(8.33333333333333333333E-2)};
            T p = A[0];
            for (int i = 1; i < 7; ++i) p = p * z + A[i];
            y = z * p;
        }
        return (result + std::log(x) - (T(0.5) / x) - y) - reflection;
    }
}

// The modified Bessel functions of the first kind of orders 0 and 1 (torch.i0, torch.special.i1):
// the power series sum over k of (x/2)^(2k+nu) / (k! (k+nu)!) up to |x| = 20, where no term cancels
// another, and beyond it Hankel's asymptotic expansion e^|x| / sqrt(2 pi |x|) * sum over k of
// (-1)^k a_k(nu) / |x|^k, whose terms shrink until k ~ 2|x|. i0 is even, i1 odd.
template <typename T>
KILN_PW_HD T bessel_i(T x, int nu) {
    if constexpr (!std::is_floating_point_v<T>) {
        return x;
    } else {
        const T ax = x < T(0) ? -x : x;
        T r;
        if (ax <= T(20)) {
            const T q = ax * ax / T(4);
            T term = nu == 0 ? T(1) : ax / T(2), sum = term;
            for (int k = 1; k < 80 && term > sum * std::numeric_limits<T>::epsilon(); ++k) {
                term *= q / (T(k) * T(k + nu));
                sum += term;
            }
            r = sum;
        } else {
            const T mu = T(4 * nu * nu);
            T term = T(1), sum = T(1);
            for (int k = 1; k < 30; ++k) {
                term *= -(mu - T((2 * k - 1) * (2 * k - 1))) / (T(8 * k) * ax);
                sum += term;
                if ((term < T(0) ? -term : term) <= sum * std::numeric_limits<T>::epsilon()) break;
            }
            r = std::exp(ax) / std::sqrt(T(6.28318530717958647692) * ax) * sum;
        }
        return nu == 1 && x < T(0) ? -r : r;
    }
}
template <typename T>
KILN_PW_HD T i0(T x) { return bessel_i(x, 0); }
template <typename T>
KILN_PW_HD T i1(T x) { return bessel_i(x, 1); }

// trigamma (polygamma(1, x), digamma's derivative): PyTorch's calc_trigamma.
template <typename T>
KILN_PW_HD T trigamma(T x) {
    if constexpr (!std::is_floating_point_v<T>) {
        return x;
    } else {
        const T pi = T(3.14159265358979323846);
        T sign = T(1), result = T(0);
        if (x < T(0.5)) {
            sign = T(-1);
            const T s = std::sin(pi * x);
            result -= (pi * pi) / (s * s);
            x = T(1) - x;
        }
        for (int i = 0; i < 6; ++i) {
            result += T(1) / (x * x);
            x += T(1);
        }
        const T ixx = T(1) / (x * x);
        result += (T(1) + T(1) / (T(2) * x) + ixx * (T(1) / T(6) - ixx * (T(1) / T(30) - ixx * (T(1) / T(42))))) / x;
        return sign * result;
    }
}

// The Hurwitz zeta function zeta(x, q) = sum over k >= 0 of (k + q)^-x, as PyTorch's zeta computes it
// (Cephes' algorithm): the terms summed directly until k + q > 9 (at least nine), then the
// Euler-Maclaurin tail with twelve Bernoulli terms; the asymptotic form for q > 1e8. x = 1 and poles
// of q give inf, x < 1 and a negative non-integer q with a non-integer x give NaN. Computed in double
// (PyTorch's CPU accumulates float in double too).
KILN_PW_HD double zeta(double x, double q) {
    const double machep = 1.11022302462515654042E-16;
    const double A[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
                        -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
                        1.8152105401943546773e17, -7.1661652561756670113e18};
    if (x == 1.0) return std::numeric_limits<double>::infinity();
    if (x < 1.0) return std::numeric_limits<double>::quiet_NaN();
    if (q <= 0.0) {
        if (q == std::floor(q)) return std::numeric_limits<double>::infinity();
        if (x != std::floor(x)) return std::numeric_limits<double>::quiet_NaN();  // q^-x is not real
    }
    if (q > 1e8) return (1.0 / (x - 1.0) + 1.0 / (2.0 * q)) * std::pow(q, 1.0 - x);
    double s = std::pow(q, -x), a = q, b = 0.0;
    int i = 0;
    while (i < 9 || a <= 9.0) {
        i += 1;
        a += 1.0;
        b = std::pow(a, -x);
        s += b;
        if (std::fabs(b / s) < machep) return s;
    }
    const double w = a;
    s += b * w / (x - 1.0);
    s -= 0.5 * b;
    a = 1.0;
    double k = 0.0;
    for (int j = 0; j < 12; ++j) {
        a *= x + k;
        b /= w;
        const double t = a * b / A[j];
        s += t;
        if (std::fabs(t / s) < machep) return s;
        k += 1.0;
        a *= x + k;
        b /= w;
        k += 1.0;
    }
    return s;
}

// polygamma(n, x) for n >= 2 (digamma and trigamma are their own rows): (-1)^(n+1) n! zeta(n + 1, x),
// PyTorch's calc_polygamma.
template <typename T>
KILN_PW_HD T polygamma(T x, T n) {
    if constexpr (!std::is_floating_point_v<T>) {
        return x;
    } else {
        const T sign = (int64_t(n) % 2) ? T(1) : T(-1);
        return sign * std::exp(std::lgamma(n + T(1))) * T(zeta(double(n) + 1.0, double(x)));
    }
}

// logit with PyTorch's eps rule: eps < 0 (eps=None) leaves x as is, otherwise x is clamped to
// [eps, 1 - eps] first; x == 1 gives +inf.
template <typename T>
KILN_PW_HD T logit(T x, T eps) {
    if constexpr (!std::is_floating_point_v<T>) {
        return x;
    } else {
        if (!(eps < T(0))) {
            const T hi = T(1) - eps;
            x = x < eps ? eps : (x > hi ? hi : x);
        }
        return x == T(1) ? std::numeric_limits<T>::infinity() : std::log(x / (T(1) - x));
    }
}

// fmax/fmin: a NaN operand loses to a number (std::fmax); integers compare plainly.
template <typename T>
KILN_PW_HD T fmax(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a != a ? b : (b != b ? a : (a < b ? b : a));
    else return a < b ? b : a;
}
template <typename T>
KILN_PW_HD T fmin(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a != a ? b : (b != b ? a : (b < a ? b : a));
    else return b < a ? b : a;
}

// The bitwise ops exist for bool and integer dtypes only (pointwise.cpp refuses floating inputs with
// PyTorch's "not implemented for 'Float'"). Compiled kernels compute bool values in float (0 or 1),
// so the floating branch is the bool semantics on those values.
template <typename T>
KILN_PW_HD T bitwise_not(T x) {
    if constexpr (std::is_same_v<T, bool>) return !x;
    else if constexpr (std::is_floating_point_v<T>) return T(x == T(0));
    else return ~x;
}
template <typename T>
KILN_PW_HD T bitwise_and(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a && b;
    else if constexpr (std::is_floating_point_v<T>) return T(a != T(0) && b != T(0));
    else return a & b;
}
template <typename T>
KILN_PW_HD T bitwise_or(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a || b;
    else if constexpr (std::is_floating_point_v<T>) return T(a != T(0) || b != T(0));
    else return a | b;
}
template <typename T>
KILN_PW_HD T bitwise_xor(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a != b;
    else if constexpr (std::is_floating_point_v<T>) return T((a != T(0)) != (b != T(0)));
    else return a ^ b;
}

// heaviside(x, values): values where x == 0, else x > 0 (as T).
template <typename T>
KILN_PW_HD T heaviside(T a, T b) {
    return a == T(0) ? b : T(a > T(0));
}

// The regularized incomplete gamma functions P(a, x) (torch.igamma, special.gammainc) and
// Q(a, x) = 1 - P (torch.igammac, special.gammaincc), in double whatever T: Cephes' igam/igamc as
// PyTorch's calc_igamma/calc_igammac take them (its boundary values: NaN for a or x < 0, P(0, x > 0)
// = 1, P(a, 0) = 0, P(inf, x) = 0, P(a, inf) = 1), the power series below max(1, a) and Legendre's
// continued fraction above. PyTorch also switches to Temme's asymptotic series where a ~ x is
// large; the series and fraction agree with it to double rounding there, only slower.
KILN_PW_HD double igamma_series(double a, double x) {
    double ax = a * std::log(x) - x - std::lgamma(a);
    if (ax < -709.78271289338399678773) return 0.0;
    ax = std::exp(ax);
    double r = a, c = 1.0, ans = 1.0;
    for (int i = 0; i < 10000; ++i) {  // terms fall geometrically once r > x
        r += 1.0;
        c *= x / r;
        ans += c;
        if (c <= ans * 1.11022302462515654042e-16) break;
    }
    return ans * ax / a;
}
KILN_PW_HD double igammac_fraction(double a, double x) {
    double ax = a * std::log(x) - x - std::lgamma(a);
    if (ax < -709.78271289338399678773) return 0.0;
    ax = std::exp(ax);
    const double big = 4.503599627370496e15, biginv = 2.22044604925031308085e-16;
    double y = 1.0 - a, z = x + y + 1.0, c = 0.0;
    double pkm2 = 1.0, qkm2 = x, pkm1 = x + 1.0, qkm1 = z * x;
    double ans = pkm1 / qkm1;
    for (int i = 0; i < 10000; ++i) {
        c += 1.0;
        y += 1.0;
        z += 2.0;
        const double yc = y * c, pk = pkm1 * z - pkm2 * yc, qk = qkm1 * z - qkm2 * yc;
        double t = 1.0;
        if (qk != 0.0) {
            const double r = pk / qk;
            t = std::fabs((ans - r) / r);
            ans = r;
        }
        pkm2 = pkm1;
        pkm1 = pk;
        qkm2 = qkm1;
        qkm1 = qk;
        if (std::fabs(pk) > big) {
            pkm2 *= biginv;
            pkm1 *= biginv;
            qkm2 *= biginv;
            qkm1 *= biginv;
        }
        if (t <= 1.11022302462515654042e-16) break;
    }
    return ans * ax;
}
// upper: Q(a, x) instead of P(a, x).
KILN_PW_HD double incomplete_gamma(double a, double x, bool upper) {
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    if (x < 0.0 || a < 0.0) return nan;
    if (a == 0.0) return x > 0.0 ? (upper ? 0.0 : 1.0) : nan;
    if (x == 0.0) return upper ? 1.0 : 0.0;
    if (a == inf) return x == inf ? nan : (upper ? 1.0 : 0.0);
    if (x == inf) return upper ? 0.0 : 1.0;
    if (x != x || a != a) return nan;
    if (x > 1.0 && x > a) {
        const double q = igammac_fraction(a, x);
        return upper ? q : 1.0 - q;
    }
    const double p = igamma_series(a, x);
    return upper ? 1.0 - p : p;
}
template <typename T>
KILN_PW_HD T igamma(T a, T x) {
    return T(incomplete_gamma(double(a), double(x), false));
}
template <typename T>
KILN_PW_HD T igammac(T a, T x) {
    return T(incomplete_gamma(double(a), double(x), true));
}

// nextafter(a, b): the next representable value after a towards b, in T (floating dtypes only;
// pointwise.cpp refuses the others).
template <typename T>
KILN_PW_HD T nextafter(T a, T b) {
    if constexpr (!std::is_floating_point_v<T>) {
        return a;
    } else {
        return std::nextafter(a, b);
    }
}

// frac: x - trunc(x) (floating dtypes only; pointwise.cpp refuses the others).
template <typename T>
KILN_PW_HD T frac(T x) {
    if constexpr (std::is_floating_point_v<T>) return x - std::trunc(x);
    else return x;
}

}  // namespace kiln::pw
