// Error of a float result in ulps of the exact (float64) value, for the accuracy sweeps of the
// vectorized math (tests/ops/test_pointwise_math.cpp, and the generated WebAssembly of the same
// functions in tests/codegen/test_wasm_codegen.cpp), and the float bit patterns those sweeps visit.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace kiln::testing {

// |got - ref| in units of the spacing of floats at ref (the ulp of float(ref); subnormal spacing
// below FLT_MIN). NaN against NaN and equal infinities are 0; NaN against a number, or a number
// against an infinity, is +inf, except that FLT_MAX where ref rounds to inf (or the reverse) counts
// as the 1 ulp it is.
inline double ulp_error(float got, double ref) {
    if (std::isnan(got) || std::isnan(ref)) return std::isnan(got) && std::isnan(ref) ? 0.0 : HUGE_VAL;
    const float rf = float(ref);
    const float big = std::numeric_limits<float>::max();
    if (std::isinf(rf) || std::isinf(got)) {
        if (got == rf) return 0.0;
        const bool one_off = (std::isinf(rf) && std::fabs(got) == big && (got > 0) == (rf > 0)) ||
                             (std::isinf(got) && std::fabs(rf) == big && (got > 0) == (rf > 0));
        return one_off ? 1.0 : HUGE_VAL;
    }
    const float a = std::fabs(rf);
    const double spacing = a < std::numeric_limits<float>::min() ? double(std::numeric_limits<float>::denorm_min())
                                                                 : double(std::nextafter(a, HUGE_VALF) - a);
    return std::fabs(double(got) - ref) / spacing;
}

inline float float_of_bits(uint32_t b) {
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

// A dense sweep of the whole float range: every `stride`-th bit pattern (both signs, subnormals,
// infinities and NaNs included, since the patterns run over all 2^32), plus every float within
// `around` patterns of each of `edges` (the thresholds where a function's behaviour changes).
inline std::vector<float> float_sweep(uint32_t stride, const std::vector<float>& edges, uint32_t around) {
    std::vector<float> xs;
    for (uint64_t b = 0; b < (uint64_t(1) << 32); b += stride) xs.push_back(float_of_bits(uint32_t(b)));
    for (float e : edges) {
        uint32_t b;
        std::memcpy(&b, &e, sizeof b);
        for (uint32_t d = 0; d <= 2 * around; ++d) xs.push_back(float_of_bits(b - around + d));
    }
    const float inf = std::numeric_limits<float>::infinity();
    for (float s : {0.0f, -0.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::max(),
                    -std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min()})
        xs.push_back(s);
    return xs;
}

}  // namespace kiln::testing
