// Pointwise ops, backward: gradcheck (float64 central differences vs autograd) for every
// differentiable pointwise op, with broadcasting shapes; grad_fn names as PyTorch prints them; and
// the special gradient rules (clamp passes at the bounds, maximum/minimum split ties, where's
// condition gets no gradient).
#include <cmath>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;
}  // namespace

TEST_CASE("pointwise gradcheck add and sub with broadcasting and alpha", "[ops][pointwise][autograd]") {
    for (auto [sa, sb] : std::vector<std::pair<Shape, Shape>>{{{3, 4}, {3, 4}}, {{2, 3, 4}, {4}}, {{3, 1}, {1, 5}}, {{}, {2, 2}}}) {
        Tensor a = test_input(sa, 1), b = test_input(sb, 2);
        CHECK(gradcheck([](const Ins& x) { return add(x[0], x[1]); }, {a, b}));
        CHECK(gradcheck([](const Ins& x) { return add(x[0], x[1], Scalar(2.5)); }, {a, b}));
        CHECK(gradcheck([](const Ins& x) { return sub(x[0], x[1], Scalar(-3)); }, {a, b}));
    }
    Tensor a = test_input({3}, 3);
    CHECK(gradcheck([](const Ins& x) { return add(x[0], Scalar(1.5)); }, {a}));
    CHECK(gradcheck([](const Ins& x) { return rsub(x[0], Scalar(2)); }, {a}));
}

TEST_CASE("pointwise gradcheck mul and div with broadcasting", "[ops][pointwise][autograd]") {
    for (auto [sa, sb] : std::vector<std::pair<Shape, Shape>>{{{3, 4}, {3, 4}}, {{2, 3, 4}, {3, 1}}, {{4}, {2, 4}}, {{2, 2}, {}}}) {
        Tensor a = test_input(sa, 4), b = test_input(sb, 5, 0.5, 2.0);
        CHECK(gradcheck([](const Ins& x) { return mul(x[0], x[1]); }, {a, b}));
        CHECK(gradcheck([](const Ins& x) { return div(x[0], x[1]); }, {a, b}));
    }
    Tensor a = test_input({5}, 6, 0.5, 2.0);
    CHECK(gradcheck([](const Ins& x) { return mul(x[0], Scalar(-2.5)); }, {a}));
    CHECK(gradcheck([](const Ins& x) { return div(x[0], Scalar(4)); }, {a}));
    CHECK(gradcheck([](const Ins& x) { return div(Scalar(3), x[0]); }, {a}));
    // one operand without grad
    Tensor c = test_input({5}, 7, -1, 1, false);
    CHECK(gradcheck([c](const Ins& x) { return mul(c, x[0]); }, {a}));
}

TEST_CASE("pointwise gradcheck exp log log1p sqrt rsqrt reciprocal", "[ops][pointwise][autograd]") {
    Tensor x = test_input({3, 4}, 8), p = test_input({3, 4}, 9, 0.2, 3.0);
    CHECK(gradcheck([](const Ins& v) { return exp(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return log(v[0]); }, {p}));
    CHECK(gradcheck([](const Ins& v) { return log1p(v[0]); }, {p}));
    CHECK(gradcheck([](const Ins& v) { return sqrt(v[0]); }, {p}));
    CHECK(gradcheck([](const Ins& v) { return rsqrt(v[0]); }, {p}));
    CHECK(gradcheck([](const Ins& v) { return reciprocal(v[0]); }, {p}));
}

TEST_CASE("pointwise gradcheck sin cos tanh sigmoid erf", "[ops][pointwise][autograd]") {
    Tensor x = test_input({2, 5}, 10, -3, 3);
    CHECK(gradcheck([](const Ins& v) { return sin(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return cos(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return tanh(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return sigmoid(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return erf(v[0]); }, {x}));
}

TEST_CASE("pointwise gradcheck relu leaky_relu gelu silu softplus", "[ops][pointwise][autograd]") {
    Tensor x = test_input({4, 5}, 11, -3, 3);
    CHECK(gradcheck([](const Ins& v) { return relu(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return leaky_relu(v[0], 0.1); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return gelu(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return gelu(v[0], "tanh"); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return silu(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return softplus(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return softplus(v[0], 2.0, 1.0); }, {x}));  // crosses the threshold
}

TEST_CASE("pointwise gradcheck abs neg and zero-gradient rounding ops", "[ops][pointwise][autograd]") {
    Tensor x = test_input({6}, 12, 0.1, 2.0);
    Tensor xs = mul(x.detach(), tensor({1, -1, 1, -1, 1, -1}, {6}, DType::Float64));
    xs.requires_grad_(true);
    CHECK(gradcheck([](const Ins& v) { return abs(v[0]); }, {xs}));
    CHECK(gradcheck([](const Ins& v) { return neg(v[0]); }, {xs}));
    Tensor y = add(mul(test_input({6}, 13, 0.1, 0.4, false), Scalar(1)), tensor({0, 1, 2, -1, -2, 3}, {6}, DType::Float64));
    y.requires_grad_(true);  // values away from integers and .5: finite differences are 0
    CHECK(gradcheck([](const Ins& v) { return sign(v[0]); }, {y}));
    CHECK(gradcheck([](const Ins& v) { return floor(v[0]); }, {y}));
    CHECK(gradcheck([](const Ins& v) { return ceil(v[0]); }, {y}));
    CHECK(gradcheck([](const Ins& v) { return round(v[0]); }, {y}));
}

TEST_CASE("pointwise gradcheck pow: scalar exponent, tensor exponent, scalar base", "[ops][pointwise][autograd]") {
    Tensor x = test_input({3, 3}, 14, -2, 2), p = test_input({3, 3}, 15, 0.3, 2);
    CHECK(gradcheck([](const Ins& v) { return pow(v[0], Scalar(2)); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return pow(v[0], Scalar(3)); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return pow(v[0], Scalar(0.5)); }, {p}));
    CHECK(gradcheck([](const Ins& v) { return pow(v[0], Scalar(-1.5)); }, {p}));
    CHECK(gradcheck([](const Ins& v) { return pow(v[0], Scalar(0)); }, {x}));
    Tensor e = test_input({3}, 16, -2, 2);
    CHECK(gradcheck([](const Ins& v) { return pow(v[0], v[1]); }, {p, e}));
    CHECK(gradcheck([](const Ins& v) { return pow(Scalar(2.5), v[0]); }, {e}));
}

TEST_CASE("pointwise pow gradient at zero base and zero exponent is finite", "[ops][pointwise][autograd]") {
    Tensor x = tensor({0, 0, 2}, {3}, DType::Float64, true);
    Tensor e = tensor({2, 0, 0}, {3}, DType::Float64, true);
    Tensor y = pow(x, e);
    auto g = autograd::grad({y}, {x, e}, {ones_like(y)});
    check_close(g[0], {0, 0, 0});
    check_close(g[1], {0, 0, std::log(2.0)});
}

TEST_CASE("pointwise gradcheck clamp and its boundary rule", "[ops][pointwise][autograd]") {
    Tensor x = test_input({4, 4}, 17, -2, 2);
    CHECK(gradcheck([](const Ins& v) { return clamp(v[0], Scalar(-0.5), Scalar(0.7)); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return clamp(v[0], Scalar(0), std::nullopt); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return clamp(v[0], std::nullopt, Scalar(0.2)); }, {x}));
    // PyTorch passes the gradient where min <= x <= max, bounds included.
    Tensor b = tensor({-1, 0, 1, 2}, {4}, DType::Float64, true);
    Tensor y = clamp(b, Scalar(0), Scalar(1));
    check_close(autograd::grad({y}, {b}, {ones_like(y)})[0], {0, 1, 1, 0});
}

TEST_CASE("pointwise gradcheck maximum minimum and tie splitting", "[ops][pointwise][autograd]") {
    Tensor a = test_input({3, 4}, 18), b = test_input({4}, 19);
    CHECK(gradcheck([](const Ins& v) { return maximum(v[0], v[1]); }, {a, b}));
    CHECK(gradcheck([](const Ins& v) { return minimum(v[0], v[1]); }, {a, b}));
    Tensor p = tensor({1, 2, 3}, {3}, DType::Float64, true), q = tensor({1, 1, 4}, {3}, DType::Float64, true);
    Tensor m = maximum(p, q);
    auto g = autograd::grad({m}, {p, q}, {ones_like(m)}, true);
    check_close(g[0], {0.5, 1, 0});
    check_close(g[1], {0.5, 0, 1});
    Tensor n = minimum(p, q);
    auto h = autograd::grad({n}, {p, q}, {ones_like(n)});
    check_close(h[0], {0.5, 0, 1});
    check_close(h[1], {0.5, 1, 0});
}

TEST_CASE("pointwise gradcheck remainder and atan2", "[ops][pointwise][autograd]") {
    Tensor a = test_input({2, 3}, 20, 0.1, 0.9), b = test_input({3}, 21, 1.1, 1.9);
    Tensor a2 = add(mul(a.detach(), Scalar(1)), Scalar(2.0));  // in (2.1, 2.9): a % b stays continuous
    a2.requires_grad_(true);
    CHECK(gradcheck([](const Ins& v) { return remainder(v[0], v[1]); }, {a2, b}));
    CHECK(gradcheck([](const Ins& v) { return remainder(v[0], Scalar(1.5)); }, {a2}));
    Tensor y = test_input({2, 3}, 22), x = test_input({2, 1}, 23, 0.2, 1.0);
    CHECK(gradcheck([](const Ins& v) { return atan2(v[0], v[1]); }, {y, x}));
}

TEST_CASE("pointwise gradcheck where and masked_fill, the condition gets no gradient", "[ops][pointwise][autograd]") {
    Tensor c = tensor({1, 0, 0, 1}, {4}, DType::Bool);
    Tensor a = test_input({3, 4}, 24), b = test_input({4}, 25);
    CHECK(gradcheck([c](const Ins& v) { return where(c, v[0], v[1]); }, {a, b}));
    CHECK(gradcheck([c](const Ins& v) { return where(c, v[0], Scalar(0)); }, {a}));
    CHECK(gradcheck([c](const Ins& v) { return masked_fill(v[0], c, Scalar(2.0)); }, {a}));
    Tensor small = test_input({4}, 26);
    Tensor m2 = tensor({1, 0, 1, 0, 0, 0, 1, 1}, {2, 4}, DType::Bool);
    CHECK(gradcheck([m2](const Ins& v) { return masked_fill(v[0], m2, Scalar(-1.0)); }, {small}));
    Tensor w = where(c, a, b);
    CHECK(w.grad_fn()->next_edges.size() == 3);
    CHECK(w.grad_fn()->next_edges[0].fn == nullptr);
}

TEST_CASE("pointwise grad_fn names match PyTorch", "[ops][pointwise][autograd]") {
    Tensor x = test_input({3}, 27, 0.5, 1.5), y = test_input({3}, 28, 0.5, 1.5);
    CHECK(grad_fn_name(add(x, y)) == "AddBackward0");
    CHECK(grad_fn_name(add(x, Scalar(1))) == "AddBackward0");
    CHECK(grad_fn_name(sub(x, y)) == "SubBackward0");
    CHECK(grad_fn_name(rsub(x, Scalar(1))) == "RsubBackward1");
    CHECK(grad_fn_name(mul(x, Scalar(2))) == "MulBackward0");
    CHECK(grad_fn_name(div(x, y)) == "DivBackward0");
    CHECK(grad_fn_name(div(Scalar(1), x)) == "MulBackward0");
    CHECK(grad_fn_name(div(x, y, "floor")) == "DivBackward2");
    CHECK(grad_fn_name(neg(x)) == "NegBackward0");
    CHECK(grad_fn_name(exp(x)) == "ExpBackward0");
    CHECK(grad_fn_name(log1p(x)) == "Log1PBackward0");
    CHECK(grad_fn_name(relu(x)) == "ReluBackward0");
    CHECK(grad_fn_name(gelu(x, "tanh")) == "GeluBackward0");
    CHECK(grad_fn_name(silu(x)) == "SiluBackward0");
    CHECK(grad_fn_name(sigmoid(x)) == "SigmoidBackward0");
    CHECK(grad_fn_name(leaky_relu(x)) == "LeakyReluBackward0");
    CHECK(grad_fn_name(softplus(x)) == "SoftplusBackward0");
    CHECK(grad_fn_name(clamp(x, Scalar(0), Scalar(1))) == "ClampBackward1");
    CHECK(grad_fn_name(pow(x, Scalar(2))) == "PowBackward0");
    CHECK(grad_fn_name(pow(x, y)) == "PowBackward1");
    CHECK(grad_fn_name(pow(Scalar(2), x)) == "PowBackward2");
    CHECK(grad_fn_name(maximum(x, y)) == "MaximumBackward0");
    CHECK(grad_fn_name(minimum(x, y)) == "MinimumBackward0");
    CHECK(grad_fn_name(atan2(x, y)) == "Atan2Backward0");
    CHECK(grad_fn_name(remainder(x, y)) == "RemainderBackward1");  // remainder.Tensor is listed second
    CHECK(grad_fn_name(remainder(x, Scalar(2))) == "RemainderBackward0");
    CHECK(grad_fn_name(where(gt(x, y), x, y)) == "WhereBackward0");
    CHECK(grad_fn_name(masked_fill(x, gt(x, y), Scalar(0))) == "MaskedFillBackward0");
    CHECK(grad_fn_name(abs(x)) == "AbsBackward0");
    CHECK(grad_fn_name(erf(x)) == "ErfBackward0");
}

TEST_CASE("pointwise ops without grad or under no_grad record nothing", "[ops][pointwise][autograd]") {
    Tensor x = test_input({3}, 29);
    CHECK(!gt(x, Scalar(0)).requires_grad());
    CHECK(!floor_divide(x, Scalar(2)).requires_grad());
    CHECK(!logical_not(x).requires_grad());
    autograd::NoGradGuard no_grad;
    Tensor y = mul(x, x);
    CHECK(!y.requires_grad());
    CHECK(y.grad_fn() == nullptr);
}

TEST_CASE("pointwise mixed-precision gradients come back in each input's dtype", "[ops][pointwise][autograd]") {
    Tensor a = tensor({1, 2}, {2}, DType::Float32, true);
    Tensor b = tensor({3}, {}, DType::Float64, true);  // 0-dim: result stays float32
    Tensor y = mul(a, b);
    CHECK(y.dtype() == DType::Float32);
    autograd::backward({sum(y)});
    CHECK(a.grad().dtype() == DType::Float32);
    CHECK(b.grad().dtype() == DType::Float64);
    check_close(a.grad(), {3, 3});
    check_close(b.grad(), {3});
}
