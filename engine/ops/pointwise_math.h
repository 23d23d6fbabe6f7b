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
#include <type_traits>

namespace kiln::pw {

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
