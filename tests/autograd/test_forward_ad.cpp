// Forward-mode AD (autograd/forward_ad.h): tangents derived from each op's backward formula, checked
// against central differences of the op along the tangent; forward mode alone leaves no backward
// history, next to backward mode it leaves the program's graph runnable; in-place ops, views,
// no_grad and detach follow PyTorch's rules; one level at a time.
#include <cmath>
#include <functional>

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::test_input;

namespace {

using Fn = std::function<Tensor(const std::vector<Tensor>&)>;

struct Level {
    Level() { autograd::enter_dual_level(); }
    ~Level() { autograd::exit_dual_level(0); }
};

// (f(x + eps v) - f(x - eps v)) / (2 eps) for every input moved along its tangent at once.
Tensor central_difference(const Fn& f, const std::vector<Tensor>& xs, const std::vector<Tensor>& vs) {
    autograd::NoGradGuard no_grad;
    const double eps = 1e-6;
    std::vector<Tensor> plus, minus;
    for (size_t i = 0; i < xs.size(); ++i) {
        plus.push_back(add(xs[i], mul(vs[i], Scalar(eps))));
        minus.push_back(sub(xs[i], mul(vs[i], Scalar(eps))));
    }
    return div(sub(f(plus), f(minus)), Scalar(2 * eps));
}

// The forward-mode tangent of f at xs along vs (inputs not requiring grad).
Tensor forward_tangent(const Fn& f, const std::vector<Tensor>& xs, const std::vector<Tensor>& vs, Tensor* primal_out = nullptr) {
    Level level;
    std::vector<Tensor> duals;
    for (size_t i = 0; i < xs.size(); ++i) duals.push_back(autograd::make_dual(xs[i], vs[i]));
    Tensor out = f(duals);
    if (primal_out) *primal_out = out;
    return autograd::fw_grad(out);
}

void check_op(const char* name, const Fn& f, std::vector<Tensor> xs) {
    INFO(name);
    std::vector<Tensor> vs;
    uint32_t seed = 100;
    for (const Tensor& x : xs) vs.push_back(test_input(x.sizes(), seed++, -1.0, 1.0, false));
    Tensor out;
    Tensor t = forward_tangent(f, xs, vs, &out);
    REQUIRE(t.defined());
    CHECK_FALSE(out.requires_grad());
    CHECK(out.grad_fn() == nullptr);
    check_close(t, central_difference(f, xs, vs), 1e-5, 1e-6);
}

Tensor in(const Shape& s, uint32_t seed, double lo = -1.0, double hi = 1.0) { return test_input(s, seed, lo, hi, false); }

}  // namespace

TEST_CASE("forward AD: tangents of differentiable ops match central differences", "[autograd][forward_ad]") {
    check_op("mul", [](const auto& v) { return mul(v[0], v[1]); }, {in({3, 4}, 1), in({3, 4}, 2)});
    check_op("div broadcast", [](const auto& v) { return div(v[0], v[1]); }, {in({3, 4}, 3), in({4}, 4, 0.5, 2.0)});
    check_op("exp", [](const auto& v) { return exp(v[0]); }, {in({5}, 5)});
    check_op("log", [](const auto& v) { return log(v[0]); }, {in({5}, 6, 0.5, 2.0)});
    check_op("tanh", [](const auto& v) { return tanh(v[0]); }, {in({2, 3}, 7)});
    check_op("sigmoid", [](const auto& v) { return sigmoid(v[0]); }, {in({2, 3}, 8)});
    check_op("relu", [](const auto& v) { return relu(v[0]); }, {in({7}, 9)});
    check_op("gelu", [](const auto& v) { return gelu(v[0]); }, {in({7}, 10)});
    check_op("sum", [](const auto& v) { return sum(v[0]); }, {in({3, 4}, 11)});
    check_op("mean dim", [](const auto& v) { return mean(v[0], {1}); }, {in({3, 4}, 12)});
    check_op("softmax", [](const auto& v) { return softmax(v[0], 1); }, {in({3, 4}, 13)});
    check_op("log_softmax", [](const auto& v) { return log_softmax(v[0], 0); }, {in({3, 4}, 14)});
    check_op("matmul", [](const auto& v) { return matmul(v[0], v[1]); }, {in({3, 4}, 15), in({4, 2}, 16)});
    check_op("linear", [](const auto& v) { return linear(v[0], v[1], v[2]); }, {in({3, 4}, 17), in({5, 4}, 18), in({5}, 19)});
    check_op("transpose+narrow", [](const auto& v) { return narrow(transpose(v[0], 0, 1), 0, 1, 2); }, {in({3, 4}, 20)});
    check_op("cat", [](const auto& v) { return cat({v[0], v[1]}, 1); }, {in({2, 3}, 21), in({2, 2}, 22)});
    check_op("conv2d", [](const auto& v) { return conv2d(v[0], v[1], v[2], {1, 1}, {1, 1}); },
             {in({1, 2, 5, 5}, 23), in({3, 2, 3, 3}, 24), in({3}, 25)});
    check_op("layer_norm", [](const auto& v) { return layer_norm(v[0], {4}, v[1], v[2]); },
             {in({3, 4}, 26), in({4}, 27), in({4}, 28)});
    check_op("mse_loss", [](const auto& v) { return mse_loss(v[0], v[1]); }, {in({3, 4}, 29), in({3, 4}, 30)});
}

TEST_CASE("forward AD: cumprod, unfold (as_strided) and embedding_bag tangents", "[autograd][forward_ad]") {
    // Formulas computed by raw kernels record their own derivative in the output gradient, so the
    // tangent is not zero: cumprod's exact also where the input has zeros.
    check_op("cumprod", [](const auto& v) { return cumprod(v[0], 1); }, {in({3, 5}, 31)});
    check_op("cumprod zeros", [](const auto& v) { return cumprod(v[0], 0); },
             {tensor({1.5, 0.0, -2.0, 0.0, 3.0, 0.5, 0.0, 2.0}, {4, 2}, DType::Float64)});
    check_op("as_strided overlapping", [](const auto& v) { return as_strided(v[0], {3, 3, 2}, {4, 1, 1}, 0); },
             {in({3, 4}, 32)});
    check_op("as_strided offset", [](const auto& v) { return as_strided(v[0], {2, 3}, {1, 2}, 1); }, {in({3, 4}, 33)});
    const Tensor idx = tensor({0, 2, 1, 2, 3}, {5}, DType::Int64), offs = tensor({0, 2}, {2}, DType::Int64);
    for (int64_t mode : {0, 1, 2})
        check_op("embedding_bag", [&](const auto& v) { return std::get<0>(embedding_bag(v[0], idx, offs, false, mode)); },
                 {in({4, 3}, 34 + uint32_t(mode))});
    check_op("embedding_bag per_sample_weights",
             [&](const auto& v) { return std::get<0>(embedding_bag(v[0], idx, offs, false, 0, false, v[1])); },
             {in({4, 3}, 37), in({5}, 38)});
}

TEST_CASE("forward AD next to backward mode keeps the program's graph", "[autograd][forward_ad]") {
    Tensor x = test_input({4}, 40);  // requires grad
    Tensor v = in({4}, 41);
    Tensor y, t;
    {
        Level level;
        Tensor d = autograd::make_dual(x, v);
        CHECK(autograd::fw_grad(d).is_same(v));  // laid out as the primal: kept as-is
        y = sum(mul(exp(d), d));                 // d/dx (x e^x) = (1 + x) e^x
        t = autograd::fw_grad(y);
        REQUIRE(t.defined());
        CHECK(y.requires_grad());
    }
    CHECK_FALSE(autograd::fw_grad(y).defined());  // the level's tangents are gone
    std::vector<double> xv = x.to_double_vector(), vv = v.to_double_vector();
    double jv = 0;
    for (size_t i = 0; i < 4; ++i) jv += (1 + xv[i]) * std::exp(xv[i]) * vv[i];
    check_close(t, {jv}, 1e-10, 1e-12);
    autograd::backward({y});  // the backward graph was neither run nor freed by the tangents
    std::vector<double> g;
    for (double a : xv) g.push_back((1 + a) * std::exp(a));
    check_close(Tensor(x.impl()->grad), g, 1e-10, 1e-12);
}

TEST_CASE("forward AD: grad mode, detach, in-place ops and views", "[autograd][forward_ad]") {
    Level level;
    Tensor a = tensor({1.0, 2.0, 3.0}, {3}, DType::Float64);
    Tensor ta = tensor({1.0, 1.0, 1.0}, {3}, DType::Float64);
    Tensor d = autograd::make_dual(a, ta);
    {
        autograd::NoGradGuard no_grad;  // torch.no_grad leaves forward AD on
        check_close(autograd::fw_grad(mul(d, Scalar(3))), {3.0, 3.0, 3.0});
    }
    CHECK_FALSE(autograd::fw_grad(mul(d.detach(), Scalar(3))).defined());
    CHECK_FALSE(autograd::fw_grad(gt(d, Scalar(1))).defined());  // no tangent for a bool result
    mul_(d, Scalar(2));  // the tangent is updated in place: the one given to make_dual too
    check_close(ta, {2.0, 2.0, 2.0});
    Tensor view = narrow(d, 0, 1, 2);
    mul_(view, Scalar(5));  // through a view: the base's tangent changes in the view's elements
    check_close(autograd::fw_grad(d), {2.0, 10.0, 10.0});
    Tensor b = zeros({3}, {DType::Float64});
    copy_(b, d);
    check_close(autograd::fw_grad(b), {2.0, 10.0, 10.0});
    CHECK_THROWS_WITH(autograd::enter_dual_level(), "Nested forward mode AD is not supported at the moment");
    CHECK_THROWS_WITH(autograd::make_dual(a, zeros({2}, {DType::Float64})),
                      Catch::Contains("Trying to set a forward gradient that has a different size"));
}
