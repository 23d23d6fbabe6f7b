// PyTorch's Box-Muller blocks of 16 (see rng_box_muller.h), reproduced operation for operation.
//
// float32 is the AVX2 kernel x86-64 PyTorch runs for a contiguous float tensor of >= 16 elements
// (normal_stub is never dispatched to AVX-512, so AVX-512 machines run it too). Its log and sincos are
// Cephes' single-precision polynomials as avx_mathfun.h evaluates them. GCC (which builds PyTorch's
// wheels, with -mfma for the AVX2 kernels and contraction on, its C++ default) sees the intrinsics
// _mm256_mul_ps / _mm256_add_ps / _mm256_sub_ps as plain vector arithmetic and fuses every product
// whose only use is one addition or subtraction, in statement order; everything that goes through a
// builtin (and/or/max/cmp/sqrt/cvt) is not fused. The lanes are independent, so each lane is computed
// here in scalar float arithmetic with std::fma exactly where the wheel's code has a fused
// multiply-add. This file is compiled with -ffp-contract=off (engine/CMakeLists.txt) so that no other
// product is fused, here or in the WebAssembly build.
#include "ops/rng_box_muller.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace kiln::rng {

namespace {

uint32_t bm_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

float bm_float(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// avx_mathfun.h's constants: double literals rounded to float, as its _PS256_CONST tables hold them.
constexpr float kSqrtHalf = float(0.707106781186547524);
constexpr float kLogP[9] = {float(7.0376836292E-2),  float(-1.1514610310E-1), float(1.1676998740E-1),
                            float(-1.2420140846E-1), float(+1.4249322787E-1), float(-1.6668057665E-1),
                            float(+2.0000714765E-1), float(-2.4999993993E-1), float(+3.3333331174E-1)};
constexpr float kLogQ1 = float(-2.12194440e-4);
constexpr float kLogQ2 = float(0.693359375);
constexpr float kMinusDP1 = float(-0.78515625);
constexpr float kMinusDP2 = float(-2.4187564849853515625e-4);
constexpr float kMinusDP3 = float(-3.77489497744594108e-8);
constexpr float kSinP0 = float(-1.9515295891E-4);
constexpr float kSinP1 = float(8.3321608736E-3);
constexpr float kSinP2 = float(-1.6666654611E-1);
constexpr float kCosP0 = float(2.443315711809948E-005);
constexpr float kCosP1 = float(-1.388731625493765E-003);
constexpr float kCosP2 = float(4.166664568298827E-002);
constexpr float kFourOverPi = float(1.27323954473516);

// One lane of log256_ps: exponent and mantissa split, the mantissa folded into [sqrt(1/2), sqrt(2)),
// a degree-9 polynomial in Horner form (fused steps), then e * ln2 added in two parts.
float avx2_lane_log(float x) {
    const bool invalid = x <= 0.0f;  // _CMP_LE_OS: false for NaN
    const float min_norm = bm_float(0x00800000u);
    x = x > min_norm ? x : min_norm;  // _mm256_max_ps(x, min_norm): the second operand unless x is larger
    const int32_t exponent = int32_t(bm_bits(x) >> 23) - 0x7f;
    x = bm_float((bm_bits(x) & ~0x7f800000u) | bm_bits(0.5f));
    float e = float(exponent);
    e = e + 1.0f;
    const bool below = x < kSqrtHalf;
    const float tmp = below ? x : 0.0f;
    x = x - 1.0f;
    e = e - (below ? 1.0f : 0.0f);
    x = x + tmp;
    const float z = x * x;
    float y = std::fma(kLogP[0], x, kLogP[1]);
    for (int k = 2; k < 9; ++k) y = std::fma(y, x, kLogP[k]);
    y = y * x;
    y = std::fma(y, z, e * kLogQ1);
    y = std::fma(-z, 0.5f, y);
    x = x + y;
    x = std::fma(e, kLogQ2, x);
    return invalid ? bm_float(bm_bits(x) | 0xffffffffu) : x;
}

// One lane of sincos256_ps: reduction by multiples of pi/4 in three fused steps (Cody-Waite), then
// the cosine and sine polynomials on the reduced argument, selected and signed by the octant.
void avx2_lane_sincos(float xin, float* s, float* c) {
    uint32_t sign_sin = bm_bits(xin) & 0x80000000u;
    float x = bm_float(bm_bits(xin) & 0x7fffffffu);
    float y = x * kFourOverPi;
    // _mm256_cvttps_epi32: truncation; out-of-range inputs give INT32_MIN ("integer indefinite")
    int32_t j = (y < 2147483648.0f && y >= -2147483648.0f) ? int32_t(y) : INT32_MIN;
    j = int32_t((uint32_t(j) + 1u) & ~1u);
    y = float(j);
    const uint32_t swap_sin = (uint32_t(j) & 4u) << 29;
    const bool first_poly = (uint32_t(j) & 2u) == 0;
    x = std::fma(y, kMinusDP1, x);
    x = std::fma(y, kMinusDP2, x);
    x = std::fma(y, kMinusDP3, x);
    const uint32_t j_cos = uint32_t(j) - 2u;
    const uint32_t sign_cos = (~j_cos & 4u) << 29;
    sign_sin ^= swap_sin;

    const float z = x * x;
    float yc = std::fma(kCosP0, z, kCosP1);
    yc = std::fma(yc, z, kCosP2);
    yc = yc * z;
    yc = std::fma(yc, z, -(z * 0.5f));
    yc = yc + 1.0f;

    float ys = std::fma(kSinP0, z, kSinP1);
    ys = std::fma(ys, z, kSinP2);
    ys = ys * z;
    ys = std::fma(ys, x, x);

    // the masked selection, as the kernel computes it (subtracting a lane from itself or +0)
    const float ysin2 = first_poly ? ys : 0.0f;
    const float ysin1 = first_poly ? 0.0f : yc;
    ys = ys - ysin2;
    yc = yc - ysin1;
    const float sv = ysin1 + ysin2;
    const float cv = yc + ys;
    *s = bm_float(bm_bits(sv) ^ sign_sin);
    *c = bm_float(bm_bits(cv) ^ sign_cos);
}

template <typename T>
void box_muller16_16bit(T* d, T mean, T std) {
    // c10::Half / BFloat16 arithmetic: 16-bit op 16-bit (or int) is computed in float and rounded back
    // to the 16-bit type; c10's std::log / cos / sin / sqrt overloads for them (BFloat16-math.h) also
    // return the 16-bit type; 16-bit op double gives double.
    for (int j = 0; j < 8; ++j) {
        const T u1 = T(1.0f - float(d[j]));
        const T u2 = d[j + 8];
        const T log_u1 = T(std::log(float(u1)));
        const T radius = T(std::sqrt(float(T(-2.0f * float(log_u1)))));
        const T theta = T(float(2.0 * M_PI * double(float(u2))));
        const T c = T(std::cos(float(theta))), s = T(std::sin(float(theta)));
        d[j] = T(float(T(float(T(float(radius) * float(c))) * float(std))) + float(mean));
        d[j + 8] = T(float(T(float(T(float(radius) * float(s))) * float(std))) + float(mean));
    }
}

}  // namespace

void box_muller16(float* data, float mean, float std) {
    for (int j = 0; j < 8; ++j) {
        const float u1 = 1.0f - data[j];
        const float u2 = data[j + 8];
        const float radius = std::sqrt(-2.0f * avx2_lane_log(u1));
        const float theta = float(2.0 * M_PI) * u2;
        float s, c;
        avx2_lane_sincos(theta, &s, &c);
        data[j] = std::fma(radius * c, std, mean);
        data[j + 8] = std::fma(radius * s, std, mean);
    }
}

// The scalar normal_fill_16<double>: theta = (2.0f * pi<double>) * u2 in double, and the scaling
// radius * cos(theta) * std + mean with its last multiply fused (GCC's contraction in the kernel).
void box_muller16(double* data, double mean, double std) {
    for (int j = 0; j < 8; ++j) {
        const double u1 = 1.0 - data[j];
        const double u2 = data[j + 8];
        const double radius = std::sqrt(-2.0 * std::log(u1));
        const double theta = (2.0 * M_PI) * u2;
        data[j] = std::fma(radius * std::cos(theta), std, mean);
        data[j + 8] = std::fma(radius * std::sin(theta), std, mean);
    }
}

void box_muller16(Half* data, Half mean, Half std) { box_muller16_16bit(data, mean, std); }
void box_muller16(BFloat16* data, BFloat16 mean, BFloat16 std) { box_muller16_16bit(data, mean, std); }

}  // namespace kiln::rng
