// diagonal/diag/trace, meshgrid, einsum, cross, cdist (ops/tensor_extra.h): values worked out by hand
// from PyTorch's documented semantics, einsum against matmul/sum, error texts, and float64
// finite-difference gradchecks.
#include <cmath>

#include "ops/tensor_extra.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;
Tensor ar(int64_t n, const Shape& shape) {
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[size_t(i)] = double(i);
    return tensor(v, shape, DType::Float64);
}
std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("diagonal, diag and trace", "[ops][extra]") {
    Tensor a = ar(12, {3, 4});  // [[0 1 2 3] [4 5 6 7] [8 9 10 11]]
    check_close(diagonal(a), {0, 5, 10});
    check_close(diagonal(a, 1), {1, 6, 11});
    check_close(diagonal(a, -1), {4, 9});
    CHECK(diagonal(a, 4).numel() == 0);
    CHECK(diagonal(a).storage_offset() == 0);
    Tensor b = ar(24, {2, 3, 4});
    Tensor d = diagonal(b, 0, 1, 2);  // per batch: [0 5 10], [12 17 22]
    CHECK(d.sizes() == Shape{2, 3});
    check_close(d, {0, 5, 10, 12, 17, 22});
    check_close(diagonal(b, 0, 0, 2), {0, 13, 4, 17, 8, 21});  // sizes [3, 2]
    CHECK(error_of([&] { diagonal(a, 0, 1, -1); }) == "diagonal dimensions cannot be identical 1, -1");
    check_close(diag(a), {0, 5, 10});
    check_close(diag(tensor({1.0, 2.0}, {2}, DType::Float64), -1), {0, 0, 0, 1, 0, 0, 0, 2, 0});
    check_close(trace(a), {15});
    CHECK(error_of([] { trace(ar(3, {3})); }) == "trace: expected a matrix, but got tensor with dim 1");
    Tensor x = test_input({3, 4}, 31);
    CHECK(gradcheck([](const Ins& v) { return diagonal(v[0], 1); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return diag(v[0], -1); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return trace(v[0]); }, {x}));
    CHECK(gradcheck([](const Ins& v) { return diag(v[0], 2); }, {test_input({3}, 32)}));
    CHECK(grad_fn_name(trace(x)) == "TraceBackward0");
    CHECK(grad_fn_name(diagonal(x)) == "DiagonalBackward0");
}

TEST_CASE("meshgrid ij and xy", "[ops][extra]") {
    Tensor a = ar(3, {3}), b = ar(2, {2});
    auto ij = meshgrid({a, b}, "ij");
    CHECK(ij[0].sizes() == Shape{3, 2});
    check_close(ij[0], {0, 0, 1, 1, 2, 2});
    check_close(ij[1], {0, 1, 0, 1, 0, 1});
    auto xy = meshgrid({a, b}, "xy");
    CHECK(xy[0].sizes() == Shape{2, 3});
    check_close(xy[0], {0, 1, 2, 0, 1, 2});
    check_close(xy[1], {0, 0, 0, 1, 1, 1});
    CHECK(error_of([&] { meshgrid({a}, "ji"); }) ==
          "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ji");
}

TEST_CASE("einsum: products, traces, transposes, ellipsis, implicit output", "[ops][extra]") {
    Tensor x = test_input({2, 3, 4}, 33, -1, 1, false), y = test_input({2, 4, 5}, 34, -1, 1, false);
    check_close(einsum("bij,bjk->bik", {x, y}), matmul(x, y), 1e-12, 1e-12);
    check_close(einsum("bij,bjk", {x, y}), sum(matmul(x, y), {0}), 1e-12, 1e-12);  // implicit "ik": b appears twice
    check_close(einsum("...ij->...ji", {x}), transpose(x, -1, -2), 0, 0);
    check_close(einsum("bij->", {x}), sum(x), 1e-12, 1e-12);
    check_close(einsum("bij->j", {x}), sum(x, {0, 1}), 1e-12, 1e-12);
    check_close(einsum("bij->i", {x}), sum(x, {0, 2}), 1e-12, 1e-12);
    Tensor m = ar(9, {3, 3});
    check_close(einsum("ii", {m}), {12});
    check_close(einsum("ii->i", {m}), {0, 4, 8});
    Tensor u = tensor({1.0, 2.0}, {2}, DType::Float64), v = tensor({3.0, 4.0, 5.0}, {3}, DType::Float64);
    check_close(einsum("i,j->ij", {u, v}), {3, 4, 5, 6, 8, 10});
    check_close(einsum("i,i->", {u, u}), {5});
    // Three operands, contracted left to right.
    Tensor p = test_input({3, 4}, 35, -1, 1, false), q = test_input({4, 5}, 36, -1, 1, false), r = test_input({5, 2}, 37, -1, 1, false);
    check_close(einsum("ij,jk,kl->il", {p, q, r}), matmul(matmul(p, q), r), 1e-12, 1e-12);
    // Broadcast ellipsis: [2,1,3] with [4,3] over "...j".
    Tensor e1 = test_input({2, 1, 3}, 38, -1, 1, false), e2 = test_input({4, 3}, 39, -1, 1, false);
    check_close(einsum("...j,...j->...", {e1, e2}), sum(mul(e1, e2), {-1}), 1e-12, 1e-12);
    CHECK(error_of([&] { einsum("ij->k", {m}); }) == "einsum(): output subscript k does not appear in the equation for any input operand");
    CHECK(error_of([&] { einsum("ijk", {m}); }) ==
          "einsum(): the number of subscripts in the equation (3) does not match the number of dimensions (2) for operand 0 and no ellipsis was given");
    CHECK(error_of([&] { einsum("ij,jk", {m}); }) == "einsum(): fewer operands were provided than specified in the equation");
    Tensor gx = test_input({2, 3}, 40), gy = test_input({3, 4}, 41), gz = test_input({4}, 42);
    CHECK(gradcheck([](const Ins& t) { return einsum("ij,jk,k->i", {t[0], t[1], t[2]}); }, {gx, gy, gz}));
    CHECK(gradcheck([](const Ins& t) { return einsum("ii->", {t[0]}); }, {test_input({3, 3}, 43)}));
}

TEST_CASE("cross and cdist", "[ops][extra]") {
    Tensor a = tensor({1.0, 2.0, 3.0, 1.0, 0.0, 0.0}, {2, 3}, DType::Float64);
    Tensor b = tensor({4.0, 5.0, 6.0, 0.0, 1.0, 0.0}, {2, 3}, DType::Float64);
    check_close(cross(a, b, 1), {-3, 6, -3, 0, 0, 1});
    CHECK(error_of([&] { cross(a, b, 0); }) == "linalg.cross: inputs dimension 0 must have length 3. Got 2 and 2");
    CHECK(gradcheck([](const Ins& t) { return cross(t[0], t[1], -1); }, {test_input({2, 3}, 44), test_input({1, 3}, 45)}));
    Tensor p = tensor({0.0, 0.0, 3.0, 4.0}, {2, 2}, DType::Float64);
    Tensor q = tensor({0.0, 0.0, 1.0, 1.0, 6.0, 8.0}, {3, 2}, DType::Float64);
    check_close(cdist(p, q), {0, std::sqrt(2.0), 10, 5, std::sqrt(13.0), 5}, 1e-15, 0);
    check_close(cdist(p, q, 1.0), {0, 2, 14, 7, 5, 7});
    check_close(cdist(p, q, INFINITY), {0, 1, 8, 4, 3, 4});
    check_close(cdist(p, q, 0.0), {0, 2, 2, 2, 2, 2});
    Tensor x1 = test_input({3, 2}, 46), x2 = test_input({4, 2}, 47);
    for (double pp : {1.0, 2.0, 3.0})
        CHECK(gradcheck([pp](const Ins& t) { return cdist(t[0], t[1], pp); }, {x1, x2}));
    CHECK(grad_fn_name(cdist(x1, x2)) == "CdistBackward0");
}
