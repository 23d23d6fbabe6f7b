// The vectorizable float exp of ops/pointwise_math.h against libm, across its whole range.
#include <cmath>
#include <cstring>
#include <limits>

#include "ops/pointwise_math.h"
#include "support/check.h"

TEST_CASE("pw::exp stays within 2 ulp of std::exp", "[ops][pointwise]") {
    int worst = 0;
    for (float x = -87.0f; x < 88.7f; x += 0.0137f) {
        float want = std::exp(x), got = kiln::pw::exp(x);
        int32_t a, b;
        std::memcpy(&a, &want, 4);
        std::memcpy(&b, &got, 4);
        worst = std::max(worst, std::abs(a - b));
    }
    CHECK(worst <= 2);
}

TEST_CASE("pw::exp handles overflow underflow and nan like std::exp", "[ops][pointwise]") {
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(kiln::pw::exp(88.72f) == Approx(std::exp(88.72f)).epsilon(1e-6));  // finite, near FLT_MAX
    CHECK(kiln::pw::exp(88.73f) == inf);
    CHECK(kiln::pw::exp(1000.0f) == inf);
    CHECK(kiln::pw::exp(inf) == inf);
    CHECK(kiln::pw::exp(-inf) == 0.0f);
    CHECK(kiln::pw::exp(-100.0f) == 0.0f);
    CHECK(kiln::pw::exp(0.0f) == 1.0f);
    CHECK(std::isnan(kiln::pw::exp(std::numeric_limits<float>::quiet_NaN())));
}
