// Pointwise ops, forward: values against float64 reference loops written here, result dtypes
// (PyTorch's type promotion), broadcasting, special values (nan, inf, -0.0), Python semantics of
// integer floor division and remainder, and PyTorch's error messages.
#include <cmath>
#include <cstring>
#include <limits>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "support/check.h"
#include "tensor/iter.h"

using namespace kiln;
using kiln::testing::check_close;

namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

Tensor T(const std::vector<double>& v, const Shape& s, DType dt = DType::Float32) { return tensor(v, s, dt); }

std::vector<double> ref_unary(const Tensor& x, double (*f)(double)) {
    std::vector<double> out;
    for (double v : x.to_double_vector()) out.push_back(f(v));
    return out;
}

// A float64 reference for a broadcasting binary op: out[i] = f(a[bi], b[bi]) over the broadcast shape.
template <typename F>
std::vector<double> ref_binary(const Tensor& a, const Tensor& b, F f) {
    Shape shape = broadcast_shapes(a.sizes(), b.sizes());
    std::vector<double> av = broadcast_to(a, shape).to_double_vector();
    std::vector<double> bv = broadcast_to(b, shape).to_double_vector();
    std::vector<double> out;
    for (size_t i = 0; i < av.size(); ++i) out.push_back(f(av[i], bv[i]));
    return out;
}

// A bool tensor as "0101" ("?" if it is not bool).
std::string bits(const Tensor& t) {
    if (t.dtype() != DType::Bool) return "?";
    std::string out;
    for (int64_t v : t.to_int_vector()) out += v ? '1' : '0';
    return out;
}

const std::vector<double> kSpecial = {-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, kInf, -kInf, kNan};

}  // namespace

// ---- unary values -----------------------------------------------------------------------------

TEST_CASE("pointwise exp log sqrt match float64 references incl. special values", "[ops][pointwise]") {
    Tensor x = T(kSpecial, {10}, DType::Float64);
    check_close(exp(x), ref_unary(x, [](double v) { return std::exp(v); }), 1e-12, 0);
    check_close(log(x), ref_unary(x, [](double v) { return std::log(v); }), 1e-12, 0);
    check_close(sqrt(x), ref_unary(x, [](double v) { return std::sqrt(v); }), 1e-12, 0);
    check_close(log1p(x), ref_unary(x, [](double v) { return std::log1p(v); }), 1e-12, 0);
    // log(-0.0) is -inf, sqrt(-0.0) keeps the sign of zero.
    CHECK(std::signbit(sqrt(T({-0.0}, {1})).to_double_vector()[0]));
    CHECK(log(T({-0.0}, {1})).to_double_vector()[0] == -kInf);
}

TEST_CASE("pointwise trig and activations match float64 references", "[ops][pointwise]") {
    Tensor x = T({-30, -3.5, -1, -0.25, 0, 0.3, 1, 2.5, 30}, {3, 3});
    check_close(sin(x), ref_unary(x, [](double v) { return std::sin(v); }), 1e-5, 1e-6);
    check_close(cos(x), ref_unary(x, [](double v) { return std::cos(v); }), 1e-5, 1e-6);
    check_close(tanh(x), ref_unary(x, [](double v) { return std::tanh(v); }), 1e-5, 1e-6);
    check_close(sigmoid(x), ref_unary(x, [](double v) { return 1 / (1 + std::exp(-v)); }), 1e-5, 1e-7);
    check_close(erf(x), ref_unary(x, [](double v) { return std::erf(v); }), 1e-5, 1e-6);
    check_close(silu(x), ref_unary(x, [](double v) { return v / (1 + std::exp(-v)); }), 1e-5, 1e-6);
    check_close(relu(x), ref_unary(x, [](double v) { return v > 0 ? v : 0.0; }), 0, 0);
    check_close(rsqrt(abs(x)), ref_unary(x, [](double v) { return 1 / std::sqrt(std::fabs(v)); }), 1e-5, 1e-7);
    check_close(reciprocal(x), ref_unary(x, [](double v) { return 1 / v; }), 1e-6, 0);
}

TEST_CASE("pointwise gelu exact and tanh forms", "[ops][pointwise]") {
    Tensor x = T({-4, -1.5, -0.5, 0, 0.5, 1.5, 4}, {7}, DType::Float64);
    check_close(gelu(x), ref_unary(x, [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }), 1e-12,
                1e-14);
    check_close(gelu(x, "tanh"), ref_unary(x, [](double v) {
                    return 0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v)));
                }), 1e-12, 1e-14);
    CHECK_THROWS_WITH(gelu(x, "fast"), Catch::Contains("approximate argument must be either none or tanh"));
}

// F.gelu on the CPU (gelu_cpu): float32 contiguous inputs take oneDNN's erf form in one pass, written
// straight into the output, with gelu's GeluBackward0 record and its plain formula where the input
// is not finite; anything else is gelu itself.
TEST_CASE("gelu_cpu: oneDNN form in one pass, gelu's record and non-finite values", "[ops][pointwise]") {
    const float inf = std::numeric_limits<float>::infinity();
    Tensor x = T({-4, -1.5, -0.5, 0, 0.5, 1.5, 4, inf, -inf, std::nanf("")}, {10}, DType::Float32);
    x.requires_grad_(true);
    Tensor y = gelu_cpu(x);
    REQUIRE(y.grad_fn());
    CHECK(y.grad_fn()->name == "GeluBackward0");
    CHECK(y.dtype() == DType::Float32);
    const std::vector<double> got = y.to_double_vector(), plain = gelu(x.detach()).to_double_vector();
    for (size_t i = 0; i < 7; ++i) CHECK(got[i] == Approx(plain[i]).epsilon(1e-6).margin(1e-7));
    CHECK(got[7] == inf);
    CHECK(std::isnan(got[8]) == std::isnan(plain[8]));
    CHECK(std::isnan(got[9]));
    autograd::backward({sum(slice(y, 0, 0, 7))});
    check_close(slice(x.grad(), 0, 0, 7), ref_unary(slice(x.detach(), 0, 0, 7), [](double v) {
                    return 0.5 * (1 + std::erf(v / std::sqrt(2.0))) + v * std::exp(-v * v / 2) / std::sqrt(2 * M_PI);
                }), 1e-5, 1e-6);
    CHECK(gelu_cpu(to_dtype(x.detach(), DType::Float64)).dtype() == DType::Float64);  // the generic kernel
    // Blocks of 1024: the oneDNN form everywhere, then the plain formula for the non-finite values of
    // the blocks that hold one (here the second and last of 3000), the finite ones left as computed.
    Tensor big = mul(to_dtype(kiln::testing::test_input({3000}, 5, -1.0, 1.0, false), DType::Float32), Scalar(4.0));
    Tensor clean = gelu_cpu(big);
    big.data_ptr<float>()[1500] = inf, big.data_ptr<float>()[2999] = -inf, big.data_ptr<float>()[2000] = std::nanf("");
    Tensor mixed = gelu_cpu(big);
    const std::vector<double> c = clean.to_double_vector(), m = mixed.to_double_vector();
    int same = 0;
    for (size_t i = 0; i < c.size(); ++i) same += (i == 1500 || i == 2999 || i == 2000) ? 0 : c[i] == m[i];
    CHECK(same == 2997);
    CHECK(m[1500] == inf);
    CHECK(std::isnan(m[2000]));
    CHECK(std::isnan(m[2999]) == std::isnan(gelu(T({-inf}, {1}, DType::Float32)).to_double_vector()[0]));
}

TEST_CASE("GeluBackward0 (one vectorized pass) matches a float64 reference, both forms, odd sizes", "[ops][pointwise]") {
    // gelu_backward_fused's loop runs vectorized (pw::erf/exp/tanh inlined): lengths not a multiple of
    // the vector width, values across the erf branches (|x| < 0.5, up to 4, past 4), float32 and float64.
    for (DType dt : {DType::Float32, DType::Float64})
        for (int64_t n : {1, 7, 33, 1001})
            for (const char* form : {"none", "tanh"}) {
                Tensor x = mul(to_dtype(kiln::testing::test_input({n}, uint32_t(n), -1.0, 1.0, false), dt), Scalar(5.0));
                x.requires_grad_(true);
                Tensor g = to_dtype(kiln::testing::test_input({n}, uint32_t(n + 1), -1.0, 1.0, false), dt);
                autograd::backward({gelu(x, form)}, {g});
                const std::vector<double> xv = x.detach().to_double_vector(), gv = g.to_double_vector();
                std::vector<double> want(xv.size());
                for (size_t i = 0; i < xv.size(); ++i) {
                    const double v = xv[i];
                    double d;
                    if (std::string(form) == "none") {
                        d = 0.5 * (1 + std::erf(v / std::sqrt(2.0))) + v * std::exp(-v * v / 2) / std::sqrt(2 * M_PI);
                    } else {
                        const double k = std::sqrt(2 / M_PI), t = std::tanh(k * (v + 0.044715 * v * v * v));
                        d = 0.5 * (1 + t) + 0.5 * v * (1 - t * t) * k * (1 + 3 * 0.044715 * v * v);
                    }
                    want[i] = gv[i] * d;
                }
                INFO("dtype=" << dtype_name(dt) << " n=" << n << " form=" << form);
                // (float32's tanh form loses digits in 1 - t^2 as t nears -1, as ATen's formula does: an absolute margin)
                check_close(x.grad(), want, dt == DType::Float32 ? 1e-5 : 1e-12, dt == DType::Float32 ? 5e-6 : 1e-12);
            }
}

TEST_CASE("pointwise leaky_relu and softplus parameters", "[ops][pointwise]") {
    Tensor x = T({-3, -0.5, 0, 0.5, 3, 25}, {6}, DType::Float64);
    check_close(leaky_relu(x), {-0.03, -0.005, 0, 0.5, 3, 25}, 1e-12, 0);
    check_close(leaky_relu(x, 0.2), {-0.6, -0.1, 0, 0.5, 3, 25}, 1e-12, 0);
    check_close(softplus(x), ref_unary(x, [](double v) { return v > 20 ? v : std::log1p(std::exp(v)); }), 1e-12, 0);
    // beta=2, threshold=1: linear once beta*x > threshold.
    std::vector<double> ref;
    for (double v : x.to_double_vector()) ref.push_back(2 * v > 1 ? v : std::log1p(std::exp(2 * v)) / 2);
    check_close(softplus(x, 2.0, 1.0), ref, 1e-12, 0);
}

TEST_CASE("pointwise relu keeps nan and dtype", "[ops][pointwise]") {
    Tensor y = relu(T({kNan, -1, 2}, {3}));
    check_close(y, {kNan, 0, 2});
    Tensor yi = relu(T({-3, 0, 4}, {3}, DType::Int64));
    CHECK(yi.dtype() == DType::Int64);
    CHECK(yi.to_int_vector() == std::vector<int64_t>{0, 0, 4});
}

TEST_CASE("pointwise abs sign neg handle zeros and nan", "[ops][pointwise]") {
    Tensor x = T({-2, -0.0, 0.0, 3, kNan}, {5});
    Tensor a = abs(x);
    check_close(a, {2, 0, 0, 3, kNan});
    CHECK(!std::signbit(a.to_double_vector()[1]));  // abs(-0.) is +0.
    check_close(sign(x), {-1, 0, 0, 1, 0});
    Tensor n = neg(x);
    check_close(n, {2, 0, -0.0, -3, kNan});
    CHECK(!std::signbit(n.to_double_vector()[1]));
    CHECK(std::signbit(n.to_double_vector()[2]));
    Tensor ai = abs(T({-5, 7}, {2}, DType::Int64));
    CHECK(ai.dtype() == DType::Int64);
    CHECK(ai.to_int_vector() == std::vector<int64_t>{5, 7});
    CHECK(sign(T({-5, 0, 7}, {3}, DType::Int64)).to_int_vector() == std::vector<int64_t>{-1, 0, 1});
}

TEST_CASE("pointwise neg of a bool tensor raises PyTorch's error", "[ops][pointwise]") {
    CHECK_THROWS_WITH(neg(T({1, 0}, {2}, DType::Bool)),
                      Catch::Contains("Negation, the `-` operator, on a bool tensor is not supported"));
}

TEST_CASE("pointwise floor ceil round: half to even, ints unchanged", "[ops][pointwise]") {
    Tensor x = T({-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.7, -2.7}, {8});
    check_close(round(x), {-2, -2, -0.0, 0, 2, 2, 3, -3}, 0, 0);
    check_close(floor(x), {-3, -2, -1, 0, 1, 2, 2, -3}, 0, 0);
    check_close(ceil(x), {-2, -1, -0.0, 1, 2, 3, 3, -2}, 0, 0);
    CHECK(std::signbit(round(x).to_double_vector()[2]));
    Tensor i = T({-3, 4}, {2}, DType::Int64);
    for (Tensor r : {floor(i), ceil(i), round(i)}) {
        CHECK(r.dtype() == DType::Int64);
        CHECK(r.to_int_vector() == std::vector<int64_t>{-3, 4});
    }
}

TEST_CASE("pointwise floating ops on integer tensors give the default float dtype", "[ops][pointwise]") {
    Tensor i = T({0, 1, 4}, {3}, DType::Int64);
    Tensor s = sqrt(i);
    CHECK(s.dtype() == DType::Float32);
    check_close(s, {0, 1, 2});
    CHECK(exp(T({1, 0}, {2}, DType::Bool)).dtype() == DType::Float32);
    CHECK(sigmoid(i).dtype() == DType::Float32);
    set_default_float_dtype(DType::Float64);
    CHECK(sin(i).dtype() == DType::Float64);
    set_default_float_dtype(DType::Float32);
}

TEST_CASE("pointwise half and bfloat16 compute in float32 and round on store", "[ops][pointwise]") {
    Tensor h = T({0.1, 1.0, 2.0, 65504}, {4}, DType::Float16);
    Tensor e = exp(h);
    CHECK(e.dtype() == DType::Float16);
    std::vector<double> in = h.to_double_vector();
    std::vector<double> got = e.to_double_vector();
    for (size_t k = 0; k < 3; ++k) CHECK(got[k] == double(float(Half(float(std::exp(float(in[k])))))));
    CHECK(got[3] == kInf);  // overflows half
    Tensor b = T({1.0, 3.0}, {2}, DType::BFloat16);
    Tensor s = add(b, b);
    CHECK(s.dtype() == DType::BFloat16);
    check_close(s, {2, 6}, 0, 0);
    Tensor hb = add(T({1}, {1}, DType::Float16), T({2}, {1}, DType::BFloat16));
    CHECK(hb.dtype() == DType::Float32);
}

TEST_CASE("pointwise pow with scalar exponent: dtypes, values, int errors", "[ops][pointwise]") {
    Tensor x = T({-2, -0.5, 0, 1.5, 3}, {5}, DType::Float64);
    check_close(pow(x, Scalar(2)), {4, 0.25, 0, 2.25, 9}, 1e-12, 0);
    check_close(pow(x, Scalar(-1.0)), {-0.5, -2, kInf, 1 / 1.5, 1 / 3.0}, 1e-12, 0);
    check_close(pow(x, Scalar(0.5)), {kNan, kNan, 0, std::sqrt(1.5), std::sqrt(3.0)}, 1e-12, 0);
    Tensor i = T({-3, 2, 5}, {3}, DType::Int64);
    Tensor pi = pow(i, Scalar(3));
    CHECK(pi.dtype() == DType::Int64);
    CHECK(pi.to_int_vector() == std::vector<int64_t>{-27, 8, 125});
    Tensor pf = pow(i, Scalar(0.5));
    CHECK(pf.dtype() == DType::Float32);
    CHECK_THROWS_WITH(pow(i, Scalar(-2)), Catch::Contains("Integers to negative integer powers are not allowed."));
}

// PyTorch's CPU kernel computes these exponents without pow: the same bits as the multiplications,
// square roots and divisions written out (float32, where std::pow would round differently now and then).
TEST_CASE("pointwise pow by 2, 3, 0.5, -0.5, -1, -2 is exactly the arithmetic PyTorch uses", "[ops][pointwise]") {
    std::vector<double> v;
    for (int k = 0; k < 4000; ++k) v.push_back(std::ldexp(std::sin(k * 0.37) * 1.9, k % 40 - 20));
    v.push_back(0.0), v.push_back(-0.0), v.push_back(kInf), v.push_back(-kInf), v.push_back(kNan);
    Tensor x = T(v, {int64_t(v.size())});
    auto same = [](const Tensor& a, const Tensor& b) {
        const float* pa = a.data_ptr<float>();
        const float* pb = b.data_ptr<float>();
        int64_t bad = 0;
        for (int64_t i = 0; i < a.numel(); ++i) bad += std::memcmp(pa + i, pb + i, 4) != 0;
        return bad;
    };
    CHECK(same(pow(x, Scalar(2)), mul(x, x)) == 0);
    CHECK(same(pow(x, Scalar(3.0)), mul(mul(x, x), x)) == 0);
    CHECK(same(pow(x, Scalar(0.5)), sqrt(x)) == 0);
    CHECK(same(pow(x, Scalar(-0.5)), rsqrt(x)) == 0);
    CHECK(same(pow(x, Scalar(-1)), reciprocal(x)) == 0);
    CHECK(same(pow(x, Scalar(-2.0)), reciprocal(mul(x, x))) == 0);
    check_close(pow(abs(x), Scalar(2.5)), ref_unary(abs(x), [](double a) { return std::pow(a, 2.5); }), 1e-6, 0);
}

TEST_CASE("pointwise pow with tensor exponent and scalar base", "[ops][pointwise]") {
    Tensor a = T({2, 3, 0.5, 4}, {2, 2}, DType::Float64);
    Tensor e = T({3, -1}, {2}, DType::Float64);
    check_close(pow(a, e), ref_binary(a, e, [](double p, double q) { return std::pow(p, q); }), 1e-12, 0);
    check_close(pow(Scalar(2), e), {8, 0.5}, 1e-12, 0);
    CHECK(pow(Scalar(2), T({1, 2}, {2}, DType::Int64)).dtype() == DType::Int64);
    CHECK(pow(Scalar(2.0), T({1, 2}, {2}, DType::Int64)).dtype() == DType::Float32);
    // Integer tensors to negative powers: 0 except for bases 1 and -1 (PyTorch's kernel).
    Tensor ib = T({2, 1, -1, -1}, {4}, DType::Int64), ie = T({-1, -3, -3, -2}, {4}, DType::Int64);
    CHECK(pow(ib, ie).to_int_vector() == std::vector<int64_t>{0, 1, -1, 1});
}

TEST_CASE("pointwise clamp: bounds, nan, promotion, errors", "[ops][pointwise]") {
    Tensor x = T({-3, -1, 0, 2, 5, kNan}, {6});
    check_close(clamp(x, Scalar(-1.5), Scalar(2.5)), {-1.5, -1, 0, 2, 2.5, kNan});
    check_close(clamp(x, Scalar(0), std::nullopt), {0, 0, 0, 2, 5, kNan});
    check_close(clamp(x, std::nullopt, Scalar(1)), {-3, -1, 0, 1, 1, kNan});
    // min > max gives max everywhere (as torch.clamp).
    check_close(clamp(x, Scalar(3), Scalar(1)), {1, 1, 1, 1, 1, kNan});
    Tensor i = T({-4, 2, 9}, {3}, DType::Int64);
    Tensor ci = clamp(i, Scalar(0), Scalar(5));
    CHECK(ci.dtype() == DType::Int64);
    CHECK(ci.to_int_vector() == std::vector<int64_t>{0, 2, 5});
    Tensor cf = clamp(i, Scalar(0.5), std::nullopt);
    CHECK(cf.dtype() == DType::Float32);
    check_close(cf, {0.5, 2, 9});
    CHECK_THROWS_WITH(clamp(x, std::nullopt, std::nullopt),
                      Catch::Contains("At least one of 'min' or 'max' must not be None"));
}

// ---- binary: promotion -----------------------------------------------------------------------

TEST_CASE("pointwise result_type follows PyTorch's three priority classes", "[ops][pointwise]") {
    Tensor i = T({1, 2}, {2}, DType::Int64), f = T({1, 2}, {2}), d = T({1, 2}, {2}, DType::Float64);
    Tensor b = T({1, 0}, {2}, DType::Bool);
    CHECK(result_type({i, wrapped_scalar(Scalar(1.5))}) == DType::Float32);
    CHECK(result_type({i, wrapped_scalar(Scalar(2))}) == DType::Int64);
    CHECK(result_type({b, wrapped_scalar(Scalar(2))}) == DType::Int64);
    CHECK(result_type({b, wrapped_scalar(Scalar(true))}) == DType::Bool);
    CHECK(result_type({f, d}) == DType::Float64);
    CHECK(result_type({f, scalar_tensor(Scalar(1.5), DType::Float64)}) == DType::Float32);  // 0-dim ranks lower
    CHECK(result_type({i, scalar_tensor(Scalar(1.5), DType::Float64)}) == DType::Float64);  // higher category
    CHECK(result_type({T({1}, {1}, DType::Float16), wrapped_scalar(Scalar(1.5))}) == DType::Float16);
    CHECK(result_type({scalar_tensor(Scalar(1), DType::Int64), wrapped_scalar(Scalar(1.5))}) == DType::Float32);
}

TEST_CASE("pointwise add/sub/mul result dtypes", "[ops][pointwise]") {
    Tensor i = T({1, 2}, {2}, DType::Int64), f = T({1, 2}, {2}), b = T({1, 0}, {2}, DType::Bool);
    CHECK(add(i, Scalar(1.5)).dtype() == DType::Float32);
    check_close(add(i, Scalar(1.5)), {2.5, 3.5});
    CHECK(add(i, Scalar(1)).dtype() == DType::Int64);
    CHECK(add(b, b).dtype() == DType::Bool);
    CHECK(add(b, b).to_int_vector() == std::vector<int64_t>{1, 0});
    CHECK(mul(b, b).dtype() == DType::Bool);
    CHECK(add(b, i).dtype() == DType::Int64);
    CHECK(mul(f, i).dtype() == DType::Float32);
    CHECK(add(f, scalar_tensor(Scalar(2.0), DType::Float64)).dtype() == DType::Float32);
    CHECK(mul(i, Scalar(true)).dtype() == DType::Int64);
}

TEST_CASE("pointwise true division of integers gives float", "[ops][pointwise]") {
    Tensor a = T({7, -7, 1}, {3}, DType::Int64), b = T({2, 2, 3}, {3}, DType::Int64);
    Tensor q = div(a, b);
    CHECK(q.dtype() == DType::Float32);
    check_close(q, {3.5, -3.5, 1.0 / 3});
    CHECK(div(a, Scalar(2)).dtype() == DType::Float32);
    check_close(div(T({1, -1, 0}, {3}), Scalar(0)), {kInf, -kInf, kNan});
}

// ---- binary: values ---------------------------------------------------------------------------

TEST_CASE("pointwise add sub mul div broadcast against float64 references", "[ops][pointwise]") {
    Tensor a = kiln::testing::test_input({2, 3, 4}, 1, -2, 2, false);
    Tensor b = kiln::testing::test_input({3, 1}, 2, 0.5, 2, false);
    check_close(add(a, b), ref_binary(a, b, [](double p, double q) { return p + q; }), 1e-12, 0);
    check_close(sub(a, b), ref_binary(a, b, [](double p, double q) { return p - q; }), 1e-12, 0);
    check_close(mul(a, b), ref_binary(a, b, [](double p, double q) { return p * q; }), 1e-12, 0);
    check_close(div(a, b), ref_binary(a, b, [](double p, double q) { return p / q; }), 1e-12, 0);
    check_close(add(a, b, Scalar(2.5)), ref_binary(a, b, [](double p, double q) { return p + 2.5 * q; }), 1e-12, 0);
    check_close(sub(a, b, Scalar(-3)), ref_binary(a, b, [](double p, double q) { return p + 3 * q; }), 1e-12, 0);
    CHECK(add(a, b).sizes() == Shape{2, 3, 4});
}

TEST_CASE("pointwise binary ops on non-contiguous and scalar-broadcast operands", "[ops][pointwise]") {
    Tensor a = kiln::testing::test_input({4, 5}, 3, -1, 1, false);
    Tensor at = transpose(a, 0, 1);  // 5x4, strided
    Tensor b = kiln::testing::test_input({5, 4}, 4, -1, 1, false);
    check_close(mul(at, b), ref_binary(at, b, [](double p, double q) { return p * q; }), 1e-12, 0);
    Tensor s = scalar_tensor(Scalar(2.0), DType::Float64);
    check_close(sub(s, at), ref_binary(s, at, [](double p, double q) { return p - q; }), 1e-12, 0);
    check_close(add(slice(a, 1, 1, std::nullopt, 2), Scalar(1)),
                ref_binary(slice(a, 1, 1, std::nullopt, 2), s, [](double p, double) { return p + 1; }), 1e-12, 0);
    // float32 contiguous path against the strided one
    Tensor f = to_dtype(a, DType::Float32);
    check_close(mul(f, Scalar(3)), ref_binary(f, s, [](double p, double) { return float(p) * 3.0f; }), 1e-6, 0);
}

TEST_CASE("pointwise large contiguous add and mul use the parallel fast path correctly", "[ops][pointwise]") {
    const int64_t n = (1 << 18) + 7;
    Tensor a = arange(Scalar(int64_t(0)), Scalar(n), Scalar(int64_t(1)), {DType::Float32});
    Tensor b = full({n}, Scalar(0.5));
    Tensor s = add(a, b), p = mul(a, Scalar(2.0)), q = mul(b, a);
    std::vector<double> sv = s.to_double_vector(), pv = p.to_double_vector(), qv = q.to_double_vector();
    bool ok = true;
    for (int64_t k = 0; k < n; ++k)
        ok = ok && sv[k] == double(float(k) + 0.5f) && pv[k] == double(float(k) * 2.0f) && qv[k] == double(0.5f * float(k));
    CHECK(ok);
}

TEST_CASE("pointwise broadcast shape mismatch raises PyTorch's error", "[ops][pointwise]") {
    CHECK_THROWS_WITH(add(T({1, 2, 3}, {3}), T({1, 2}, {2})),
                      Catch::Contains("The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
                                      "dimension 0"));
}

TEST_CASE("pointwise sub of bool tensors raises PyTorch's errors", "[ops][pointwise]") {
    Tensor b = T({1, 0}, {2}, DType::Bool), i = T({1, 0}, {2}, DType::Int64);
    CHECK_THROWS_WITH(sub(b, b), Catch::Contains("with two bool tensors is not supported"));
    CHECK_THROWS_WITH(sub(i, b), Catch::Contains("with a bool tensor is not supported"));
    CHECK_THROWS_WITH(rsub(b, Scalar(1)), Catch::Contains("with a bool tensor is not supported"));
}

TEST_CASE("pointwise integral alpha must not be floating", "[ops][pointwise]") {
    Tensor i = T({1, 2}, {2}, DType::Int64);
    CHECK_THROWS_WITH(add(i, i, Scalar(0.5)),
                      Catch::Contains("For integral input tensors, argument alpha must not be a floating point number."));
    CHECK_THROWS_WITH(add(i, i, Scalar(true)), Catch::Contains("Boolean alpha only supported for Boolean results."));
    CHECK(add(i, i, Scalar(3)).to_int_vector() == std::vector<int64_t>{4, 8});
}

TEST_CASE("pointwise rsub computes scalar minus tensor", "[ops][pointwise]") {
    Tensor x = T({1, 2.5}, {2});
    check_close(rsub(x, Scalar(1)), {0, -1.5});
    Tensor i = T({1, 5}, {2}, DType::Int64);
    CHECK(rsub(i, Scalar(2)).dtype() == DType::Int64);
    CHECK(rsub(i, Scalar(2)).to_int_vector() == std::vector<int64_t>{1, -3});
}

TEST_CASE("pointwise div by a scalar numerator is reciprocal times scalar", "[ops][pointwise]") {
    Tensor x = T({2, -4, 0}, {3});
    check_close(div(Scalar(1), x), {0.5, -0.25, kInf});
    Tensor i = T({2, 4}, {2}, DType::Int64);
    Tensor q = div(Scalar(3), i);
    CHECK(q.dtype() == DType::Float32);
    check_close(q, {1.5, 0.75});
}

TEST_CASE("pointwise integer floor division and remainder follow Python", "[ops][pointwise]") {
    Tensor a = T({7, -7, 7, -7, 0, 6}, {6}, DType::Int64), b = T({2, 2, -2, -2, 3, -3}, {6}, DType::Int64);
    CHECK(floor_divide(a, b).to_int_vector() == std::vector<int64_t>{3, -4, -4, 3, 0, -2});
    CHECK(floor_divide(a, b).dtype() == DType::Int64);
    CHECK(remainder(a, b).to_int_vector() == std::vector<int64_t>{1, 1, -1, -1, 0, 0});
    CHECK(div(a, b, "trunc").to_int_vector() == std::vector<int64_t>{3, -3, -3, 3, 0, -2});
    CHECK(div(a, b, "floor").to_int_vector() == std::vector<int64_t>{3, -4, -4, 3, 0, -2});
    CHECK(remainder(a, Scalar(3)).to_int_vector() == std::vector<int64_t>{1, 2, 1, 2, 0, 0});
    CHECK(floor_divide(a, Scalar(-3)).to_int_vector() == std::vector<int64_t>{-3, 2, -3, 2, 0, -2});
}

TEST_CASE("pointwise float floor division and remainder follow Python", "[ops][pointwise]") {
    Tensor a = T({7.5, -7.5, 7.5, -7.5, 1, -0.0}, {6}, DType::Float64);
    Tensor b = T({2, 2, -2, -2, kInf, 3}, {6}, DType::Float64);
    check_close(floor_divide(a, b), {3, -4, -4, 3, 0, -0.0}, 0, 0);
    check_close(remainder(a, b), {1.5, 0.5, -0.5, -1.5, 1, 0}, 1e-12, 0);
    check_close(div(a, b, "trunc"), {3, -3, -3, 3, 0, -0.0}, 0, 0);
    Tensor r = remainder(T({-1.0}, {1}, DType::Float64), T({kInf}, {1}, DType::Float64));
    check_close(r, {kInf});  // Python: -1.0 % inf == inf
    CHECK(std::signbit(floor_divide(a, b).to_double_vector()[5]));
    check_close(remainder(T({5.5, -5.5}, {2}), Scalar(2)), {1.5, 0.5});
}

TEST_CASE("pointwise integer division by zero raises ZeroDivisionError", "[ops][pointwise]") {
    Tensor a = T({1, 2}, {2}, DType::Int64), z = T({1, 0}, {2}, DType::Int64);
    CHECK_THROWS_WITH(floor_divide(a, z), Catch::Contains("ZeroDivisionError"));
    CHECK_THROWS_WITH(remainder(a, Scalar(0)), Catch::Contains("ZeroDivisionError"));
    CHECK_THROWS_WITH(div(a, z, "trunc"), Catch::Contains("ZeroDivisionError"));
    check_close(div(a, z), {1, kInf});  // true division is fine
}

TEST_CASE("pointwise div rejects unknown rounding modes", "[ops][pointwise]") {
    CHECK_THROWS_WITH(div(T({1}, {1}), T({1}, {1}), "round"),
                      Catch::Contains("div expected rounding_mode to be one of None, 'trunc', or 'floor'"));
}

TEST_CASE("pointwise maximum minimum propagate nan and promote", "[ops][pointwise]") {
    Tensor a = T({1, kNan, 3, -0.5}, {4}), b = T({2, 1, kNan, -0.5}, {4});
    check_close(maximum(a, b), {2, kNan, kNan, -0.5});
    check_close(minimum(a, b), {1, kNan, kNan, -0.5});
    Tensor i = T({1, 5}, {2}, DType::Int64);
    CHECK(maximum(i, T({2, 2}, {2})).dtype() == DType::Float32);
    CHECK(maximum(i, T({3, 2}, {2}, DType::Int64)).to_int_vector() == std::vector<int64_t>{3, 5});
}

TEST_CASE("pointwise atan2 quadrants and integer promotion", "[ops][pointwise]") {
    Tensor y = T({1, 1, -1, -1, 0, -0.0}, {6}, DType::Float64), x = T({1, -1, 1, -1, -1, -1}, {6}, DType::Float64);
    check_close(atan2(y, x), ref_binary(y, x, [](double p, double q) { return std::atan2(p, q); }), 1e-12, 0);
    CHECK(atan2(T({1}, {1}, DType::Int64), T({1}, {1}, DType::Int64)).dtype() == DType::Float32);
}

// ---- comparisons and logic ----------------------------------------------------------------------

TEST_CASE("pointwise comparisons return bool with nan semantics", "[ops][pointwise]") {
    // Expected bool patterns are strings: GCC 12 at -O3 -march=native (AVX-512) miscompiled a run of
    // std::vector<int64_t>{...} literals in this test (the last literal read back as {1, 1, 1, 1}).
    Tensor a = T({1, 2, kNan, 3}, {4}), b = T({1, 3, kNan, 2}, {4});
    CHECK(bits(eq(a, b)) == "1000");
    CHECK(bits(ne(a, b)) == "0111");
    CHECK(bits(lt(a, b)) == "0100");
    CHECK(bits(le(a, b)) == "1100");
    CHECK(bits(gt(a, b)) == "0001");
    CHECK(bits(ge(a, b)) == "1001");
    CHECK(bits(gt(a, Scalar(1.5))) == "0101");
    CHECK(bits(eq(T({1, 2}, {2}, DType::Int64), Scalar(1.0))) == "10");
    // int compared with a float scalar promotes: 2 < 2.5
    CHECK(bits(lt(T({2, 3}, {2}, DType::Int64), Scalar(2.5))) == "10");
    CHECK(eq(T({1, 2}, {2, 1}), T({1, 2}, {1, 2})).sizes() == Shape{2, 2});
}

TEST_CASE("pointwise comparisons of large int64 values do not round through double", "[ops][pointwise]") {
    Tensor a = scalar_tensor(Scalar(int64_t(9007199254740993)), DType::Int64);
    Tensor b = scalar_tensor(Scalar(int64_t(9007199254740992)), DType::Int64);
    CHECK(gt(a, b).item().to_bool());
    CHECK(!eq(a, b).item().to_bool());
}

TEST_CASE("pointwise logical ops accept any dtype and return bool", "[ops][pointwise]") {
    Tensor a = T({0, 1, 2, kNan}, {4}), b = T({0, 0, 3, 0}, {4}, DType::Int64);
    CHECK(bits(logical_and(a, b)) == "0010");
    CHECK(bits(logical_or(a, b)) == "0111");
    CHECK(bits(logical_xor(a, b)) == "0101");
    CHECK(bits(logical_not(a)) == "1000");
}

// ---- where / masked_fill / equal / allclose ---------------------------------------------------------

TEST_CASE("pointwise where broadcasts and promotes", "[ops][pointwise]") {
    Tensor c = T({1, 0, 1}, {3}, DType::Bool);
    Tensor a = T({1, 2, 3, 4, 5, 6}, {2, 3}), b = T({-1}, {1}, DType::Float64);
    Tensor w = where(c, a, b);
    CHECK(w.dtype() == DType::Float64);
    CHECK(w.sizes() == Shape{2, 3});
    check_close(w, {1, -1, 3, 4, -1, 6});
    Tensor ws = where(c, Scalar(0.5), T({1, 2, 3}, {3}, DType::Int64));
    CHECK(ws.dtype() == DType::Float32);
    check_close(ws, {0.5, 2, 0.5});
    Tensor wi = where(c, T({7, 8, 9}, {3}, DType::Int64), Scalar(0));
    CHECK(wi.dtype() == DType::Int64);
    CHECK(wi.to_int_vector() == std::vector<int64_t>{7, 0, 9});
    CHECK_THROWS_WITH(where(a, a, b), Catch::Contains("where expected condition to be a boolean tensor, but got a tensor "
                                                      "with dtype Float"));
    // a uint8 condition is read as bool (deprecated in PyTorch, which still accepts it)
    check_close(where(T({2, 0, 1}, {3}, DType::UInt8), a, b), {1, -1, 3, 4, -1, 6});
}

TEST_CASE("pointwise masked_fill keeps dtype and broadcasts the mask", "[ops][pointwise]") {
    Tensor x = T({1, 2, 3, 4, 5, 6}, {2, 3});
    Tensor m = T({0, 1, 1}, {3}, DType::Bool);
    check_close(masked_fill(x, m, Scalar(-kInf)), {1, -kInf, -kInf, 4, -kInf, -kInf});
    Tensor xi = T({1, 2, 3}, {3}, DType::Int64);
    Tensor fi = masked_fill(xi, m, Scalar(2.7));
    CHECK(fi.dtype() == DType::Int64);
    CHECK(fi.to_int_vector() == std::vector<int64_t>{1, 2, 2});
    CHECK_THROWS_WITH(masked_fill(x, T({0, 1, 1}, {3}), Scalar(0)),
                      Catch::Contains("masked_fill_ only supports boolean masks, but got mask with dtype float"));
}

TEST_CASE("pointwise equal compares shape and values with promotion", "[ops][pointwise]") {
    Tensor a = T({1, 2, 3}, {3});
    CHECK(equal(a, T({1, 2, 3}, {3})));
    CHECK(equal(a, T({1, 2, 3}, {3}, DType::Int64)));
    CHECK(!equal(a, T({1, 2, 4}, {3})));
    CHECK(!equal(a, T({1, 2, 3}, {1, 3})));
    CHECK(!equal(T({kNan}, {1}), T({kNan}, {1})));
}

TEST_CASE("pointwise allclose tolerances, infinities and nan", "[ops][pointwise]") {
    Tensor a = T({1, 2, kInf}, {3}, DType::Float64);
    CHECK(allclose(a, T({1 + 1e-9, 2, kInf}, {3}, DType::Float64)));
    CHECK(!allclose(a, T({1.001, 2, kInf}, {3}, DType::Float64)));
    CHECK(allclose(a, T({1.001, 2, kInf}, {3}, DType::Float64), 1e-2));
    CHECK(!allclose(a, T({1, 2, -kInf}, {3}, DType::Float64)));
    CHECK(!allclose(T({kNan}, {1}), T({kNan}, {1})));
    CHECK(allclose(T({kNan}, {1}), T({kNan}, {1}), 1e-5, 1e-8, true));
    CHECK(allclose(T({1, 1}, {2}), T({1}, {1})));  // broadcasts
    CHECK_THROWS_WITH(allclose(T({1}, {1}), T({1}, {1}, DType::Float64)), Catch::Contains("Float did not match Double"));
}

TEST_CASE("pointwise ops on empty tensors give empty results", "[ops][pointwise]") {
    Tensor e = T({}, {0, 3});
    CHECK(add(e, T({1, 2, 3}, {3})).sizes() == Shape{0, 3});
    CHECK(exp(e).sizes() == Shape{0, 3});
    CHECK(where(T({}, {0, 3}, DType::Bool), e, Scalar(1)).sizes() == Shape{0, 3});
}

// torch.set_num_threads sets OpenMP's default as at::set_num_threads does, so that parallel loops
// without a num_threads clause (gelu's, the JIT-compiled kernels') follow it instead of using every core.
TEST_CASE("set_num_threads sets OpenMP's default thread count", "[pointwise][threads]") {
#ifdef _OPENMP
    const int saved = num_threads();
    set_num_threads(1);
    CHECK(omp_get_max_threads() == 1);
    set_num_threads(3);
    CHECK(omp_get_max_threads() == 3);
    CHECK(num_threads() == 3);
    set_num_threads(saved);
    CHECK(omp_get_max_threads() == saved);
#endif
}
