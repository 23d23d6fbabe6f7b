// In-place pointwise ops: values, version counter bumps, PyTorch's in-place errors (leaf that
// requires grad, result dtype that can't be cast to x's, broadcast shape that isn't x's), and
// autograd through in-place ops (grad_fn rebasing, saved-tensor version checks).
#include <cmath>
#include <limits>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;
Tensor T(const std::vector<double>& v, const Shape& s, DType dt = DType::Float32) { return tensor(v, s, dt); }
// gradcheck also calls f under no_grad (no grad_fn then): check names only when recording.
void check_fn(const Tensor& y, const char* name) {
    if (!autograd::grad_enabled()) return;
    REQUIRE(y.grad_fn() != nullptr);
    CHECK(y.grad_fn()->name == name);
}
}  // namespace

TEST_CASE("pointwise add_ sub_ mul_ div_ values, broadcasting and version bumps", "[ops][pointwise][inplace]") {
    Tensor x = T({1, 2, 3, 4, 5, 6}, {2, 3});
    uint64_t v0 = x.version();
    Tensor& r = add_(x, T({10, 20, 30}, {3}));
    CHECK(&r == &x);
    check_close(x, {11, 22, 33, 14, 25, 36});
    CHECK(x.version() == v0 + 1);
    sub_(x, T({1}, {1}), Scalar(2));
    check_close(x, {9, 20, 31, 12, 23, 34});
    mul_(x, Scalar(0.5));
    check_close(x, {4.5, 10, 15.5, 6, 11.5, 17});
    div_(x, T({2, 4}, {2, 1}));
    check_close(x, {2.25, 5, 7.75, 1.5, 2.875, 4.25});
    add_(x, Scalar(1), Scalar(-1));
    check_close(x, {1.25, 4, 6.75, 0.5, 1.875, 3.25});
    CHECK(x.version() == v0 + 5);
}

TEST_CASE("pointwise in-place ops write through views into the base", "[ops][pointwise][inplace]") {
    Tensor base = zeros({3, 4});
    Tensor col = select(base, 1, 2);
    add_(col, Scalar(5));
    Tensor row = transpose(base, 0, 1);
    mul_(row, T({1, 1, 2, 1}, {4, 1}));
    check_close(base, {0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10, 0});
}

TEST_CASE("pointwise in-place result type must be castable to x's dtype", "[ops][pointwise][inplace]") {
    Tensor i = T({1, 2}, {2}, DType::Int64);
    CHECK_THROWS_WITH(add_(i, Scalar(1.5)),
                      Catch::Contains("result type Float can't be cast to the desired output type Long"));
    CHECK_THROWS_WITH(div_(i, Scalar(2)), Catch::Contains("result type Float can't be cast to the desired output type Long"));
    CHECK_THROWS_WITH(mul_(i, T({1.0}, {1}, DType::Float64)),
                      Catch::Contains("result type Double can't be cast to the desired output type Long"));
    Tensor b = T({1, 0}, {2}, DType::Bool);
    CHECK_THROWS_WITH(add_(b, Scalar(2)), Catch::Contains("result type Long can't be cast to the desired output type Bool"));
    CHECK(i.to_int_vector() == std::vector<int64_t>{1, 2});  // untouched after the errors
    add_(i, Scalar(3));
    CHECK(i.to_int_vector() == std::vector<int64_t>{4, 5});
}

TEST_CASE("pointwise in-place into a lower-precision float computes in the promoted dtype", "[ops][pointwise][inplace]") {
    Tensor x = T({1, 2}, {2});
    add_(x, T({0.1, 0.2}, {2}, DType::Float64));
    CHECK(x.dtype() == DType::Float32);
    check_close(x, {double(float(1 + 0.1)), double(float(2 + 0.2))}, 0, 0);
    Tensor h = T({1, 2}, {2}, DType::Float16);
    mul_(h, Scalar(1.5));
    CHECK(h.dtype() == DType::Float16);
    check_close(h, {1.5, 3}, 0, 0);
}

TEST_CASE("pointwise in-place broadcast must keep x's shape", "[ops][pointwise][inplace]") {
    Tensor x = T({1, 2, 3}, {3});
    CHECK_THROWS_WITH(add_(x, T({1, 2, 3, 4, 5, 6}, {2, 3})),
                      Catch::Contains("output with shape [3] doesn't match the broadcast shape [2, 3]"));
}

TEST_CASE("pointwise in-place on a leaf that requires grad raises", "[ops][pointwise][inplace]") {
    Tensor w = test_input({3}, 1);
    CHECK_THROWS_WITH(add_(w, Scalar(1)),
                      Catch::Contains("a leaf Variable that requires grad is being used in an in-place operation."));
    CHECK_THROWS_WITH(relu_(w), Catch::Contains("a leaf Variable that requires grad"));
    autograd::NoGradGuard no_grad;
    add_(w, Scalar(1));  // allowed under no_grad (the optimizer step)
}

TEST_CASE("pointwise in-place ops on non-leaves record PyTorch's grad_fn and correct gradients", "[ops][pointwise][inplace]") {
    Tensor a = test_input({2, 3}, 2), b = test_input({3}, 3);
    auto f = [](const Ins& v) {
        Tensor y = mul(v[0], Scalar(1.0));
        add_(y, v[1], Scalar(2));
        check_fn(y, "AddBackward0");
        mul_(y, v[1]);
        check_fn(y, "MulBackward0");
        sub_(y, v[0]);
        div_(y, Scalar(3));
        check_fn(y, "DivBackward0");
        return y;
    };
    CHECK(gradcheck(f, {a, b}));
}

TEST_CASE("pointwise in-place into a tensor without grad from one with grad", "[ops][pointwise][inplace]") {
    Tensor acc = zeros({3}, {DType::Float64});
    Tensor w = test_input({3}, 4);
    add_(acc, w);
    CHECK(acc.requires_grad());
    CHECK(acc.grad_fn()->name == "AddBackward0");
    autograd::backward({sum(mul(acc, Scalar(3)))});
    check_close(w.grad(), {3, 3, 3});
}

TEST_CASE("pointwise in-place change of a saved output is detected in backward", "[ops][pointwise][inplace]") {
    Tensor x = test_input({3}, 5);
    Tensor y = sigmoid(x);  // saves its output
    add_(y, Scalar(1));
    CHECK_THROWS_WITH(autograd::backward({sum(y)}),
                      Catch::Contains("one of the variables needed for gradient computation has been modified by an "
                                      "inplace operation"));
}

TEST_CASE("pointwise clamp_ relu_ masked_fill_ values and gradients", "[ops][pointwise][inplace]") {
    Tensor x = T({-2, -0.5, 0.5, 3}, {4});
    clamp_(x, Scalar(-1), Scalar(1));
    check_close(x, {-1, -0.5, 0.5, 1});
    relu_(x);
    check_close(x, {0, 0, 0.5, 1});
    masked_fill_(x, T({1, 0, 0, 1}, {4}, DType::Bool), Scalar(7));
    check_close(x, {7, 0, 0.5, 7});
    Tensor i = T({-3, 4}, {2}, DType::Int64);
    clamp_(i, Scalar(0), std::nullopt);
    CHECK(i.to_int_vector() == std::vector<int64_t>{0, 4});
    CHECK_THROWS_WITH(clamp_(i, Scalar(0.5), std::nullopt), Catch::Contains("can't be cast to the desired output type Long"));
    CHECK_THROWS_WITH(masked_fill_(x, T({1, 0}, {2, 1}, DType::Bool), Scalar(0)),
                      Catch::Contains("doesn't match the broadcast shape"));

    Tensor a = test_input({2, 4}, 6, -2, 2);
    Tensor m = T({0, 1, 0, 1}, {4}, DType::Bool);
    CHECK(gradcheck(
        [m](const Ins& v) {
            Tensor y = mul(v[0], Scalar(2));
            clamp_(y, Scalar(-1), Scalar(1.5));
            check_fn(y, "ClampBackward1");
            relu_(y);
            check_fn(y, "ReluBackward0");
            masked_fill_(y, m, Scalar(0.25));
            check_fn(y, "MaskedFillBackward0");
            return y;
        },
        {a}));
}

TEST_CASE("pointwise fill_ and zero_ set values and cut the gradient", "[ops][pointwise][inplace]") {
    Tensor x = T({1, 2, 3, 4}, {2, 2});
    Tensor col = select(x, 1, 0);
    fill_(col, Scalar(9));
    check_close(x, {9, 2, 9, 4});
    zero_(x);
    check_close(x, {0, 0, 0, 0});
    Tensor i = T({1, 2}, {2}, DType::Int64);
    fill_(i, Scalar(7));
    CHECK(i.to_int_vector() == std::vector<int64_t>{7, 7});
    Tensor h = T({1, 2}, {2}, DType::BFloat16);
    fill_(h, Scalar(0.5));
    check_close(h, {0.5, 0.5}, 0, 0);

    Tensor w = test_input({3}, 7);
    Tensor y = mul(w, Scalar(2));
    fill_(y, Scalar(1.0));
    check_fn(y, "FillBackward0");
    Tensor z = mul(w, Scalar(3));
    zero_(z);
    CHECK(z.grad_fn()->name == "ZeroBackward0");
    autograd::backward({sum(add(y, z))});
    check_close(w.grad(), {0, 0, 0});
}

TEST_CASE("pointwise addcmul_ addcdiv_ values against float64 references", "[ops][pointwise][inplace]") {
    Tensor x = test_input({2, 3}, 8, -1, 1, false), a = test_input({3}, 9, -1, 1, false);
    Tensor b = test_input({2, 1}, 10, 0.5, 2, false);
    std::vector<double> xv = x.to_double_vector(), av = a.to_double_vector(), bv = b.to_double_vector();
    std::vector<double> mul_ref, div_ref;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 3; ++j) {
            mul_ref.push_back(xv[i * 3 + j] + 0.5 * av[j] * bv[i]);
            div_ref.push_back(mul_ref.back() - 2.0 * av[j] / bv[i]);
        }
    uint64_t v0 = x.version();
    addcmul_(x, a, b, Scalar(0.5));
    check_close(x, mul_ref, 1e-12, 0);
    addcdiv_(x, a, b, Scalar(-2.0));
    check_close(x, div_ref, 1e-12, 0);
    CHECK(x.version() == v0 + 2);
    Tensor i = T({1, 2}, {2}, DType::Int64);
    CHECK_THROWS_WITH(addcdiv_(i, i, i), Catch::Contains("Integer division with addcdiv is no longer supported"));
    addcmul_(i, i, i, Scalar(int64_t(2)));
    CHECK(i.to_int_vector() == std::vector<int64_t>{3, 10});
}

TEST_CASE("pointwise addcmul_ addcdiv_ lerp_ gradients", "[ops][pointwise][inplace]") {
    Tensor x = test_input({2, 3}, 11), a = test_input({3}, 12), b = test_input({2, 1}, 13, 0.5, 2);
    CHECK(gradcheck(
        [](const Ins& v) {
            Tensor y = mul(v[0], Scalar(1));
            addcmul_(y, v[1], v[2], Scalar(0.7));
            check_fn(y, "AddcmulBackward0");
            return y;
        },
        {x, a, b}));
    CHECK(gradcheck(
        [](const Ins& v) {
            Tensor y = mul(v[0], Scalar(1));
            addcdiv_(y, v[1], v[2], Scalar(-1.3));
            check_fn(y, "AddcdivBackward0");
            return y;
        },
        {x, a, b}));
    Tensor e = test_input({3}, 14);
    CHECK(gradcheck(
        [](const Ins& v) {
            Tensor y = mul(v[0], Scalar(1));
            lerp_(y, v[1], Scalar(0.3));
            check_fn(y, "LerpBackward0");
            return y;
        },
        {x, e}));
}

TEST_CASE("pointwise lerp_ is exact at weight 0 and 1 and matches the formula between", "[ops][pointwise][inplace]") {
    Tensor s = T({1, -2, 1e8}, {3}, DType::Float64), e = T({3, 4, 1}, {3}, DType::Float64);
    Tensor x = clone(s);
    lerp_(x, e, Scalar(1.0));
    check_close(x, e.to_double_vector(), 0, 0);
    x = clone(s);
    lerp_(x, e, Scalar(0.0));
    check_close(x, s.to_double_vector(), 0, 0);
    x = clone(s);
    lerp_(x, e, Scalar(0.25));
    check_close(x, {1.5, -0.5, 1e8 + 0.25 * (1 - 1e8)}, 1e-12, 0);
    x = clone(s);
    lerp_(x, e, Scalar(0.75));
    check_close(x, {2.5, 2.5, 1e8 + 0.75 * (1 - 1e8)}, 1e-12, 0);
}

TEST_CASE("pointwise optimizer-style update under no_grad keeps the leaf and bumps its version", "[ops][pointwise][inplace]") {
    Tensor w = test_input({4}, 15);
    Tensor g = test_input({4}, 16, -1, 1, false);
    std::vector<double> wv = w.to_double_vector(), gv = g.to_double_vector();
    uint64_t v0 = w.version();
    {
        autograd::NoGradGuard no_grad;
        add_(w, g, Scalar(-0.1));
    }
    CHECK(w.is_leaf());
    CHECK(w.requires_grad());
    CHECK(w.version() == v0 + 1);
    std::vector<double> ref;
    for (size_t k = 0; k < wv.size(); ++k) ref.push_back(wv[k] - 0.1 * gv[k]);
    check_close(w, ref, 1e-12, 0);
}
