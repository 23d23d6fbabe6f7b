// The maximum or minimum of a contiguous run of floats, vectorized, with NaN winning: shared by
// eager's max/amax/min/amin (ops/reduce.cpp) and the kernel interpreter's max/min reductions
// (backends/interp.cpp).
//
// The obvious `(v != v || v > m) ? v : m` per element does not vectorize, nor do plain selects over
// a 16-lane array at -O3, where GCC keeps the lanes in 16 scalar registers (amax(-1) of [1024, 1024],
// one thread: 0.85 ms where the sum took 0.07). So the run is read as vectors of 16 lanes (GCC's and
// clang's vector extensions: AVX-512, two AVX2 or four SIMD128 registers), each lane keeping its own
// extreme with a compare and a select, and a lane mask records whether any NaN went by: NaN only
// needs to be known, not ordered, since it wins whatever else the run holds.
#pragma once
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace kiln::ops {

// max (IsMax) or min of v[0..n), NaN if any element is NaN; -inf (max) or +inf (min) when n == 0.
template <typename T, bool IsMax>
T extreme_run(const T* __restrict v, int64_t n) {
    static_assert(std::is_floating_point_v<T>, "extreme_run takes float or double");
    constexpr int L = 16;
    constexpr T kInit = IsMax ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    using Lane = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
    typedef T Vec __attribute__((vector_size(L * sizeof(T))));
    typedef Lane Mask __attribute__((vector_size(L * sizeof(Lane))));
    Vec acc;
    Mask nan = {};
    for (int j = 0; j < L; ++j) acc[j] = kInit;
    int64_t i = 0;
    for (; i + L <= n; i += L) {
        Vec x;
        std::memcpy(&x, v + i, sizeof x);
        if constexpr (IsMax) acc = x > acc ? x : acc;
        else acc = x < acc ? x : acc;
        nan |= x != x;
    }
    T r = kInit;
    bool any = false;
    for (int j = 0; j < L; ++j) {
        if constexpr (IsMax) r = acc[j] > r ? acc[j] : r;
        else r = acc[j] < r ? acc[j] : r;
        any |= nan[j] != 0;
    }
    for (; i < n; ++i) {
        if (v[i] != v[i]) return v[i];
        if constexpr (IsMax) r = v[i] > r ? v[i] : r;
        else r = v[i] < r ? v[i] : r;
    }
    return any ? std::numeric_limits<T>::quiet_NaN() : r;
}

}  // namespace kiln::ops
