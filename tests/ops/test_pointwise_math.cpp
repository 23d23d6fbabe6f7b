// The vectorizable float exp of ops/pointwise_math.h against float64, across the whole float range.
#include <cmath>
#include <cstring>
#include <limits>

#include "ops/pointwise_math.h"
#include "support/check.h"
#include "support/ulp.h"

// The bound pw::exp documents: within 1 ulp of e^x (float64) for x >= -86.98 (results >= 2^-125.5)
// when every operation rounds on its own (WebAssembly, and native builds without FMA: 0.992 ulp
// at most, measured over all 2^32 floats), within 1.02 ulp where the compiler contracts a * b + c
// into fused multiply-adds (GCC does with -march=native: 1.017 at most, 85 floats above 1 ulp, also
// exhaustive); inf where e^x rounds past FLT_MAX (FLT_MAX and inf count as 1 ulp apart at that
// edge), exactly +0 for x < -87 (the flushed half-binade and everything below), NaN for NaN. The
// sweep visits every 61st bit pattern (70 million floats: all signs, magnitudes, subnormals,
// infinities, NaNs) plus every float near the thresholds, so that a wrong constant, coefficient
// or threshold fails it. tests/codegen/test_wasm_codegen.cpp holds the generated WebAssembly to 1 ulp.
TEST_CASE("pw::exp stays within 1.02 ulp of float64 e^x over the float range", "[ops][pointwise]") {
    const std::vector<float> xs = kiln::testing::float_sweep(
        61, {-87.0f, -86.9876f, 88.3763f, 88.72284f, 0.3465736f, -0.3465736f, 0.0f}, 4096);
    double worst = 0;
    float worst_x = 0;
    int64_t bad = 0;
    for (float x : xs) {
        const float got = kiln::pw::exp(x);
        double err;
        if (std::isnan(x)) err = std::isnan(got) ? 0 : HUGE_VAL;
        else if (x < -87.0f) err = got == 0.0f && !std::signbit(got) ? 0 : HUGE_VAL;
        else if (x < -86.98f && got == 0.0f) err = 0;  // at the flush threshold, either is right
        else err = kiln::testing::ulp_error(got, std::exp(double(x)));
        bad += err > 1.02;
        if (err > worst) worst = err, worst_x = x;
    }
    INFO("worst " << worst << " ulp at x = " << worst_x);
    CHECK(bad == 0);
    CHECK(worst <= 1.02);
    CHECK(worst > 0.5);  // not correctly rounded everywhere: a sweep that measured nothing would pass 0
}

TEST_CASE("pw::exp handles overflow underflow and nan like std::exp", "[ops][pointwise]") {
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(kiln::pw::exp(88.72f) == Approx(std::exp(88.72f)).epsilon(1e-6));  // finite, near FLT_MAX
    CHECK(kiln::pw::exp(88.5f) == Approx(std::exp(88.5f)).epsilon(1e-6));    // n = 128: scale 2^127
    CHECK(kiln::pw::exp(88.73f) == inf);
    CHECK(kiln::pw::exp(1000.0f) == inf);
    CHECK(kiln::pw::exp(inf) == inf);
    CHECK(kiln::pw::exp(-inf) == 0.0f);
    CHECK(kiln::pw::exp(-86.9f) == Approx(std::exp(-86.9f)).epsilon(1e-6));  // 1.8e-38, still normal
    CHECK(kiln::pw::exp(-87.5f) == 0.0f);  // 1.0e-38 < 2^-125.5: flushed (std::exp keeps it)
    CHECK(kiln::pw::exp(-100.0f) == 0.0f);
    CHECK(kiln::pw::exp(0.0f) == 1.0f);
    CHECK(kiln::pw::exp(-0.0f) == 1.0f);
    CHECK(kiln::pw::exp(1.0f) == Approx(2.718281828).epsilon(1e-7));
    CHECK(std::isnan(kiln::pw::exp(std::numeric_limits<float>::quiet_NaN())));
    CHECK(std::isnan(kiln::pw::exp(-std::numeric_limits<float>::quiet_NaN())));
}

// pw::log: within 1 ulp of float64's log over a sweep of the positive floats, subnormals included
// (0.85 ulp over all 2^31 of them, measured once with and without FMA contraction), with a dense
// run around 1 where log x is small and its relative error the hardest to keep; the special values
// as std::log gives them.
TEST_CASE("pw::log stays within 1 ulp of float64 log and handles zero, negatives, inf and nan", "[ops][pointwise]") {
    std::vector<float> xs = kiln::testing::float_sweep(67, {1.0f, 0.70710677f, 0.7071068f, 1.4142135f, 1.4142137f, 1e-45f, 1.1754942e-38f}, 4096);
    for (int i = -100000; i <= 100000; ++i) xs.push_back(1.0f + float(i) * 1e-6f);  // about 8 ulp apart
    double worst = 0;
    float worst_x = 0;
    int64_t bad = 0, measured = 0;
    for (float x : xs) {
        if (!(x > 0.0f) || std::isinf(x)) continue;
        const double err = kiln::testing::ulp_error(kiln::pw::log(x), std::log(double(x)));
        ++measured;
        bad += err > 1.0;
        if (err > worst) worst = err, worst_x = x;
    }
    INFO("worst " << worst << " ulp at x = " << worst_x << " over " << measured << " positive floats");
    CHECK(measured > 5000);
    CHECK(bad == 0);
    CHECK(worst > 0.5);
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(kiln::pw::log(0.0f) == -inf);
    CHECK(kiln::pw::log(-0.0f) == -inf);
    CHECK(kiln::pw::log(1.0f) == 0.0f);
    CHECK(kiln::pw::log(inf) == inf);
    CHECK(std::isnan(kiln::pw::log(-1.0f)));
    CHECK(std::isnan(kiln::pw::log(-inf)));
    CHECK(std::isnan(kiln::pw::log(-1e-40f)));
    CHECK(std::isnan(kiln::pw::log(std::numeric_limits<float>::quiet_NaN())));
    CHECK(kiln::pw::log(1e-45f) == Approx(std::log(double(1e-45f))).epsilon(1e-7));  // the least subnormal
    CHECK(kiln::pw::log(3.4028235e38f) == Approx(std::log(3.4028235e38)).epsilon(1e-7));
}

// pw::exp and pw::tanh clamp in one of two forms (pw::kClampByBits: integer minimums of the bits in
// WebAssembly, NaN-keeping selects natively): the bounds' bit patterns must be the bits of the floats
// their comments name, and both forms must clamp like the plain compares, NaN passing the selects
// (clamp_bits clamps NaN by its sign bit: its callers test for NaN at the end).
// erf is odd: erf(-0) is -0 in PyTorch (the series' x + x * x^2 * s rounded it to +0 before).
TEST_CASE("kiln::pw::erf keeps the sign of zero and passes NaN", "[ops][pointwise]") {
    CHECK(kiln::pw::erf(0.0f) == 0.0f);
    CHECK_FALSE(std::signbit(kiln::pw::erf(0.0f)));
    CHECK(kiln::pw::erf(-0.0f) == 0.0f);
    CHECK(std::signbit(kiln::pw::erf(-0.0f)));
    CHECK(std::isnan(kiln::pw::erf(std::numeric_limits<float>::quiet_NaN())));
    CHECK(kiln::pw::erf(1e-30f) > 0.0f);
    CHECK(kiln::pw::erf(-1e-30f) < 0.0f);
    CHECK(kiln::pw::erf(-5.0f) == -1.0f);
}

TEST_CASE("pw clamp forms clamp alike and keep NaN", "[ops][pointwise]") {
    auto bits = [](float f) { uint32_t u; std::memcpy(&u, &f, sizeof u); return u; };
    CHECK(bits(-87.3f) == kiln::pw::kExpLowBits);
    CHECK(bits(88.8f) == kiln::pw::kExpHighBits);
    CHECK(bits(9.01f) == kiln::pw::kTanhClampBits);
    CHECK(bits(1.0f) == kiln::pw::kOneBits);
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    for (float x : {-inf, -1e30f, -87.31f, -87.3f, -87.29f, -1.0f, -0.0f, 0.0f, 1e-40f, 1.0f, 88.79f, 88.8f, 88.81f, 1e30f, inf}) {
        const float want = x < -87.3f ? -87.3f : (x > 88.8f ? 88.8f : x);
        CHECK(bits(kiln::pw::clamp_keep_nan(x, -87.3f, 88.8f)) == bits(want));
        CHECK(bits(kiln::pw::clamp_bits(x, kiln::pw::kExpLowBits, kiln::pw::kExpHighBits)) == bits(want));
    }
    CHECK(std::isnan(kiln::pw::clamp_keep_nan(nan, -87.3f, 88.8f)));
    CHECK(std::isnan(kiln::pw::clamp_keep_nan(-nan, -87.3f, 88.8f)));
    // tanh's one-sided clamps of values >= 0, in this target's form
    for (float x : {0.0f, 1e-40f, 1.0f, 9.0f, 9.01f, 9.02f, 1e30f, inf})
        CHECK(bits(kiln::pw::clamp_above(x, 9.01f, kiln::pw::kTanhClampBits)) == bits(x < 9.01f ? x : 9.01f));
    const float above_nan = kiln::pw::clamp_above(nan, 1.0f, kiln::pw::kOneBits);
    CHECK((kiln::pw::kClampByBits ? above_nan == 1.0f : std::isnan(above_nan)));
    CHECK(std::isnan(kiln::pw::tanh(nan)));
    CHECK(std::signbit(kiln::pw::tanh(-nan)));
    CHECK(std::isnan(kiln::pw::tanh(-nan)));
    CHECK(std::signbit(kiln::pw::tanh(-0.0f)));
    CHECK(kiln::pw::tanh(-inf) == -1.0f);
    CHECK(kiln::pw::tanh(inf) == 1.0f);
}
