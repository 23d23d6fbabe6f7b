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
#include <type_traits>

namespace kiln::pw {

// e^x for float, written so that loops over it vectorize (std::exp is a scalar libm call, which
// holds exp/sigmoid/silu/softmax far below memory bandwidth). x = n ln2 + r with |r| <= ln2/2,
// e^r by Cephes' degree-6 polynomial (about 1 ulp), and 2^n applied as two halves so that n = 128
// still yields a finite scale: results above FLT_MAX become inf exactly as std::exp's do. Results
// in float's subnormal range (x < -87.3) flush to 0; NaN stays NaN.
inline float exp(float x) {
    const float xc = x < -87.3f ? -87.3f : (x > 88.8f ? 88.8f : x);
    const float shifter = 12582912.0f;  // 1.5 * 2^23: adding it rounds to the nearest integer
    const float n = (xc * 1.44269504088896341f + shifter) - shifter;
    float r = xc - n * 0.693359375f;  // ln2 split in two for an exact first product
    r = r - n * -2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * r * r + r + 1.0f;
    // NaN (x is NaN) and huge n would make the int conversion undefined: clamp; the result is
    // replaced below for those inputs anyway.
    const float nc = n == n ? (n < -200.0f ? -200.0f : n > 200.0f ? 200.0f : n) : 0.0f;
    const int32_t ni = int32_t(nc), half = ni >> 1;
    const int32_t b1 = (half + 127) << 23, b2 = (ni - half + 127) << 23;
    float s1, s2;
    std::memcpy(&s1, &b1, sizeof s1);
    std::memcpy(&s2, &b2, sizeof s2);
    const float res = x < -87.3f ? 0.0f : p * s1 * s2;
    return x != x ? x : res;
}
inline double exp(double x) { return std::exp(x); }

template <typename T>
inline T clamp(T x, T lo, T hi) {
    // min(max(x, lo), hi): NaN x stays NaN, and lo > hi gives hi everywhere (as torch.clamp).
    T m = x < lo ? lo : x;
    return hi < m ? hi : m;
}

template <typename T>
inline T div_trunc(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return std::trunc(a / b);
    else if constexpr (std::is_same_v<T, bool>) return a;  // b is true (b == 0 was rejected)
    else return a / b;
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
        return a % b;
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

}  // namespace kiln::pw
