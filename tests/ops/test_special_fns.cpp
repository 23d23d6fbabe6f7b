// torch.special's native ops of ops/special_fns.h (i0e, i1e, ndtr, ndtri, log_ndtr, erfcx, zeta):
// values against closed forms and libm in float64 (wide ranges, tails, poles), dtype rules, grad_fn
// names, and float64 finite-difference gradchecks of derivatives.yaml's formulas.
#include <cmath>
#include <limits>

#include "ops/special_fns.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;
Tensor sf_f64(std::vector<double> v) { return tensor(v, {int64_t(v.size())}, DType::Float64); }
Tensor sf_i64(std::vector<double> v) { return to_dtype(tensor(v, {int64_t(v.size())}, DType::Float64), DType::Int64); }
}  // namespace

TEST_CASE("special i0e/i1e/erfcx/log_ndtr/ndtr/ndtri match closed forms in float64", "[ops][special]") {
    const std::vector<double> v = {-30.0, -7.5, -1.0, -1e-3, 0.0, 0.5, 2.0, 9.0, 25.0};
    std::vector<double> i0e, i1e, erfcx, lndtr, ndtr;
    for (double a : v) {
        // references: i0/i1 by their power series (long double), exp(x^2) erfc(x), log of ndtr
        long double s0 = 0, s1 = 0, t0 = 1, t1 = a / 2.0L;
        for (int k = 0; k < 400; ++k) {
            s0 += t0;
            s1 += t1;
            t0 *= (a * a / 4.0L) / ((k + 1.0L) * (k + 1.0L));
            t1 *= (a * a / 4.0L) / ((k + 1.0L) * (k + 2.0L));
        }
        i0e.push_back(double(s0 * std::exp(-std::fabs((long double)a))));
        i1e.push_back(double(s1 * std::exp(-std::fabs((long double)a))));
        erfcx.push_back(double(std::exp((long double)a * a) * std::erfc((long double)a)));
        // log ndtr: in the right tail log1p(-Q(a)), where log(1 - Q) would round Q away
        lndtr.push_back(double(a > 0 ? std::log1p(-0.5L * std::erfc((long double)a / std::sqrt(2.0L)))
                                     : std::log(0.5L * std::erfc(-(long double)a / std::sqrt(2.0L)))));
        ndtr.push_back(0.5 * (1 + std::erf(a / std::sqrt(2.0))));
    }
    Tensor x = sf_f64(v);
    check_close(special_i0e(x), i0e, 1e-12, 0);
    check_close(special_i1e(x), i1e, 1e-12, 0);
    check_close(special_erfcx(x), erfcx, 1e-12, 0);
    check_close(special_log_ndtr(x), lndtr, 1e-12, 0);
    check_close(special_ndtr(x), ndtr, 1e-15, 0);
    // large arguments: no overflow (i0e ~ 1/sqrt(2 pi x), erfcx ~ 1/(x sqrt(pi)))
    check_close(special_i0e(sf_f64({1e4})), {1.0 / std::sqrt(2 * M_PI * 1e4) * (1 + 1.0 / 8e4)}, 1e-9, 0);
    check_close(special_erfcx(sf_f64({1e6})), {1.0 / (1e6 * std::sqrt(M_PI))}, 1e-9, 0);
    // ndtri inverts ndtr, its ends and domain
    // (through erfc: special_ndtr is ATen's composite 0.5 (1 + erf(x / sqrt 2)), which loses the far left tail)
    const std::vector<double> ps = {1e-300, 1e-12, 0.025, 0.3, 0.5, 0.8, 1 - 1e-9};
    std::vector<double> back;
    for (double q : special_ndtri(sf_f64(ps)).to_double_vector()) back.push_back(0.5 * std::erfc(-q / std::sqrt(2.0)));
    for (size_t i = 0; i < ps.size(); ++i) CHECK(std::fabs(back[i] - ps[i]) <= 1e-9 * ps[i]);
    std::vector<double> ends = special_ndtri(sf_f64({0.0, 1.0, -0.1, 1.5, 0.5})).to_double_vector();
    CHECK(ends[0] == -std::numeric_limits<double>::infinity());
    CHECK(ends[1] == std::numeric_limits<double>::infinity());
    CHECK(std::isnan(ends[2]));
    CHECK(std::isnan(ends[3]));
    CHECK(ends[4] == 0.0);
}

TEST_CASE("special ops: dtypes, grad_fn names and gradchecks", "[ops][special][autograd]") {
    CHECK(special_i0e(sf_i64({0, 1})).dtype() == DType::Float32);
    CHECK(special_erfcx(tensor({1.0}, {1}, DType::Float32)).dtype() == DType::Float32);
    Tensor x = test_input({6}, 7, -3.0, 3.0);
    CHECK(grad_fn_name(special_i0e(x)) == "SpecialI0EBackward0");
    CHECK(grad_fn_name(special_i1e(x)) == "SpecialI1EBackward0");
    CHECK(grad_fn_name(special_ndtr(x)) == "MulBackward1");  // a composite in ATen
    CHECK(grad_fn_name(special_log_ndtr(x)) == "SpecialLogNdtrBackward0");
    CHECK(grad_fn_name(special_erfcx(x)) == "SpecialErfcxBackward0");
    CHECK(gradcheck([](const Ins& v) { return special_i0e(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return special_i1e(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return special_ndtr(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return special_log_ndtr(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return special_erfcx(v[0]); }, {x}));
    Tensor p = test_input({5}, 3, 0.05, 0.95);
    CHECK(grad_fn_name(special_ndtri(p)) == "SpecialNdtriBackward0");
    CHECK(gradcheck([](const Ins& v) { return special_ndtri(v[0]); }, {p}));
    // zeta: differentiable in q only, broadcast gradient summed back
    Tensor s = tensor({2.0, 3.5}, {2, 1}, DType::Float64);
    Tensor q = test_input({3}, 5, 0.5, 3.0);
    CHECK(grad_fn_name(special_zeta(s, q)) == "SpecialZetaBackward0");
    CHECK(gradcheck([&](const Ins& v) { return special_zeta(s, v[0]); }, {q}));
    check_close(special_zeta(sf_f64({2.0}), sf_f64({1.0})), {M_PI * M_PI / 6}, 1e-14, 0);
}
