// index_select / gather / scatter_add / masked_select / tril / triu (index.cpp): values against
// reference loops written out here, PyTorch's bounds and shape errors, grad_fn names and gradcheck.
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {


Tensor idx(const std::vector<double>& v, const Shape& shape) { return tensor(v, shape, DType::Int64); }

}  // namespace

// ---- index_select ----------------------------------------------------------------------------------

TEST_CASE("index_select along each dim, with repeats", "[index][index_select]") {
    Tensor x = test_input({3, 4}, 1, -1, 1, false);
    std::vector<double> xv = x.to_double_vector();
    Tensor i0 = idx({2, 0, 2}, {3});
    Tensor r0 = index_select(x, 0, i0);
    CHECK(r0.sizes() == Shape{3, 4});
    std::vector<double> e0;
    for (int64_t r : {2, 0, 2})
        for (int64_t c = 0; c < 4; ++c) e0.push_back(xv[size_t(r * 4 + c)]);
    check_close(r0, e0, 0, 0);
    Tensor i1 = idx({3, 1}, {2});
    Tensor r1 = index_select(x, -1, i1);
    CHECK(r1.sizes() == Shape{3, 2});
    std::vector<double> e1;
    for (int64_t r = 0; r < 3; ++r)
        for (int64_t c : {3, 1}) e1.push_back(xv[size_t(r * 4 + c)]);
    check_close(r1, e1, 0, 0);
    CHECK(index_select(x, 0, idx({}, {0})).sizes() == Shape{0, 4});
    Tensor xi = reshape(arange(Scalar(int64_t(6))), {2, 3});
    CHECK(index_select(transpose(xi, 0, 1), 1, idx({1}, {1})).to_int_vector() == std::vector<int64_t>{3, 4, 5});
    CHECK(index_select(x, 1, scalar_tensor(Scalar(int64_t(2)))).sizes() == Shape{3, 1});
}

TEST_CASE("index_select errors", "[index][index_select]") {
    Tensor x = zeros({3, 4});
    CHECK_THROWS_WITH(index_select(x, 0, idx({5}, {1})), "index out of range in self");
    CHECK_THROWS_WITH(index_select(x, 0, idx({-1}, {1})), "index out of range in self");
    CHECK_THROWS_WITH(index_select(x, 0, tensor({0}, {1})), "index_select(): Expected dtype int32 or int64 for index");
    CHECK_THROWS_WITH(index_select(x, 0, idx({0, 1}, {1, 2})), "index_select(): Index is supposed to be a vector");
}

TEST_CASE("index_select backward accumulates repeats (IndexSelectBackward0)", "[index][index_select][autograd]") {
    Tensor x = test_input({4, 3});
    Tensor i = idx({1, 3, 1, 1}, {4});
    CHECK(grad_fn_name(index_select(x, 0, i)) == "IndexSelectBackward0");
    for (int64_t d : {0, 1, -1})
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return index_select(in[0], d, idx({2, 0, 2}, {3})); }, {x}));
    Tensor y = tensor({1, 2, 3}, {3}, DType::Float64, true);
    autograd::backward({sum(index_select(y, 0, idx({2, 2, 0}, {3})))});
    check_close(y.grad(), {1, 0, 2});
    // create_graph: the backward (index_add) is itself differentiable.
    Tensor z = test_input({4, 2});
    CHECK(gradcheck([&](const std::vector<Tensor>& in) {
        autograd::GradModeGuard enable(true);  // gradcheck evaluates f under no_grad
        Tensor w = tensor({1, -2, 0.5, 3, 1, 1, -1, 2}, {4, 2}, DType::Float64);
        Tensor out = sum(mul(mul(index_select(in[0], 0, i), index_select(in[0], 0, i)), w));
        return autograd::grad({out}, {in[0]}, {}, false, true)[0];
    }, {z}));
}

// ---- gather ----------------------------------------------------------------------------------------

TEST_CASE("gather along dim 0 and 1", "[index][gather]") {
    Tensor x = test_input({3, 4}, 2, -1, 1, false);
    std::vector<double> xv = x.to_double_vector();
    // out[i][j] = x[index[i][j]][j] for dim 0; x[i][index[i][j]] for dim 1.
    Tensor i0 = idx({2, 0, 1, 1, 0, 0, 2, 1}, {2, 4});
    std::vector<double> iv = i0.to_double_vector(), e0;
    for (int64_t i = 0; i < 2; ++i)
        for (int64_t j = 0; j < 4; ++j) e0.push_back(xv[size_t(int64_t(iv[size_t(i * 4 + j)]) * 4 + j)]);
    Tensor g0 = gather(x, 0, i0);
    CHECK(g0.sizes() == Shape{2, 4});
    check_close(g0, e0, 0, 0);
    Tensor i1 = idx({3, 3, 0, 1, 2, 0}, {3, 2});
    std::vector<double> iv1 = i1.to_double_vector(), e1;
    for (int64_t i = 0; i < 3; ++i)
        for (int64_t j = 0; j < 2; ++j) e1.push_back(xv[size_t(i * 4 + int64_t(iv1[size_t(i * 2 + j)]))]);
    check_close(gather(x, -1, i1), e1, 0, 0);
    // Non-contiguous input and index.
    Tensor xt = transpose(x, 0, 1);  // [4, 3]
    Tensor it = transpose(idx({0, 1, 2, 3, 3, 2}, {2, 3}), 0, 1);  // [3, 2]
    Tensor gt = gather(xt, 0, it);
    std::vector<double> itv = it.to_double_vector(), et;
    for (int64_t i = 0; i < 3; ++i)
        for (int64_t j = 0; j < 2; ++j) et.push_back(xv[size_t(j * 4 + int64_t(itv[size_t(i * 2 + j)]))]);
    check_close(gt, et, 0, 0);
    CHECK(gather(reshape(arange(Scalar(int64_t(4))), {2, 2}), 1, idx({1, 0}, {2, 1})).to_int_vector() ==
          std::vector<int64_t>{1, 2});
}

TEST_CASE("gather errors: bounds, shapes, dtype", "[index][gather]") {
    Tensor x = zeros({3, 2});
    CHECK_THROWS_WITH(gather(x, 0, idx({5, 0}, {1, 2})), "index 5 is out of bounds for dimension 0 with size 3");
    CHECK_THROWS_WITH(gather(x, 1, idx({-1}, {1, 1})), "index -1 is out of bounds for dimension 1 with size 2");
    CHECK_THROWS_WITH(gather(x, 0, idx({0, 0, 0}, {1, 3})),
                      "Size does not match at dimension 1 expected index [1, 3] to be no larger than self [3, 2] apart "
                      "from dimension 0");
    CHECK_THROWS_WITH(gather(x, 0, idx({0}, {1})), "Index tensor must have the same number of dimensions as input tensor");
    CHECK_THROWS_WITH(gather(x, 0, tensor({0}, {1, 1})), "gather(): Expected dtype int32/int64 for index");
    // int32 indices are read like int64 ones; an empty index of any dtype is accepted
    Tensor v = test_input({3, 2}, 3, -1, 1, false);
    check_close(gather(v, 0, tensor({2, 0}, {1, 2}, DType::Int32)), gather(v, 0, idx({2, 0}, {1, 2})), 0, 0);
    CHECK(gather(v, 0, zeros({0, 2})).sizes() == Shape{0, 2});
}

TEST_CASE("gather backward: GatherBackward0 and gradcheck, repeated indices", "[index][gather][autograd]") {
    Tensor x = test_input({3, 4});
    Tensor i = idx({2, 2, 1, 0, 0, 2, 2, 2}, {2, 4});
    CHECK(grad_fn_name(gather(x, 0, i)) == "GatherBackward0");
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return gather(in[0], 0, i); }, {x}));
    Tensor i1 = idx({3, 3, 3, 0, 1, 2}, {3, 2});
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return gather(in[0], -1, i1); }, {x}));
    Tensor y = tensor({1, 2}, {2}, DType::Float64, true);
    autograd::backward({sum(gather(y, 0, idx({1, 1, 1}, {3})))});
    check_close(y.grad(), {0, 3});
}

// ---- scatter_add -----------------------------------------------------------------------------------

TEST_CASE("scatter_add accumulates duplicates and leaves self unchanged", "[index][scatter_add]") {
    Tensor self = test_input({3, 4}, 3, -1, 1, false);
    Tensor src = test_input({2, 4}, 4, -1, 1, false);
    Tensor i = idx({0, 1, 2, 0, 0, 1, 2, 0}, {2, 4});
    Tensor r = scatter_add(self, 0, i, src);
    // Reference: out[index[i][j]][j] += src[i][j].
    std::vector<double> e = self.to_double_vector(), sv = src.to_double_vector(), iv = i.to_double_vector();
    for (int64_t a = 0; a < 2; ++a)
        for (int64_t b = 0; b < 4; ++b) e[size_t(int64_t(iv[size_t(a * 4 + b)]) * 4 + b)] += sv[size_t(a * 4 + b)];
    check_close(r, e, 1e-12, 1e-12);
    check_close(self, test_input({3, 4}, 3, -1, 1, false).to_double_vector(), 0, 0);
    // dim 1 with an index smaller than src.
    Tensor i1 = idx({3, 3, 0, 0, 1, 1}, {3, 2});
    Tensor r1 = scatter_add(self, 1, i1, test_input({3, 3}, 5, -1, 1, false));
    std::vector<double> e1 = self.to_double_vector(), s1 = test_input({3, 3}, 5, -1, 1, false).to_double_vector();
    std::vector<double> iv1 = i1.to_double_vector();
    for (int64_t a = 0; a < 3; ++a)
        for (int64_t b = 0; b < 2; ++b) e1[size_t(a * 4 + int64_t(iv1[size_t(a * 2 + b)]))] += s1[size_t(a * 3 + b)];
    check_close(r1, e1, 1e-12, 1e-12);
    Tensor counts = scatter_add(zeros({3}, {DType::Int64}), 0, idx({0, 2, 2, 2}, {4}), ones({4}, {DType::Int64}));
    CHECK(counts.to_int_vector() == std::vector<int64_t>{1, 0, 3});
}

TEST_CASE("scatter_add errors", "[index][scatter_add]") {
    Tensor self = zeros({3, 2});
    CHECK_THROWS_WITH(scatter_add(self, 0, idx({3}, {1, 1}), zeros({1, 1})),
                      "index 3 is out of bounds for dimension 0 with size 3");
    CHECK_THROWS_WITH(scatter_add(self, 0, idx({0}, {1, 1}), zeros({1, 1}, {DType::Float64})),
                      "scatter(): Expected self.dtype to be equal to src.dtype");
    CHECK_THROWS_WITH(scatter_add(self, 0, tensor({0}, {1, 1}), zeros({1, 1})),
                      "scatter(): Expected dtype int32/int64 for index");
    CHECK_THROWS_WITH(scatter_add(self, 0, idx({0, 0}, {2, 1}), zeros({1, 1})),
                      Catch::Contains("Expected index [2, 1] to be no larger than self [3, 2] apart from dimension 0 and "
                                      "to be no larger size than src [1, 1]"));
}

TEST_CASE("scatter_add backward: ScatterAddBackward0 for self and src", "[index][scatter_add][autograd]") {
    Tensor self = test_input({3, 4}, 1), src = test_input({2, 4}, 2);
    Tensor i = idx({0, 1, 2, 0, 0, 1, 2, 0}, {2, 4});
    CHECK(grad_fn_name(scatter_add(self, 0, i, src)) == "ScatterAddBackward0");
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return scatter_add(in[0], 0, i, in[1]); }, {self, src}));
    Tensor src3 = test_input({3, 3}, 3);
    Tensor i1 = idx({3, 3, 0, 0, 1, 1}, {3, 2});
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return scatter_add(in[0], 1, i1, in[1]); }, {self, src3}));
}

// ---- masked_select ---------------------------------------------------------------------------------

TEST_CASE("masked_select picks elements in row-major order, with broadcasting", "[index][masked_select]") {
    Tensor x = test_input({2, 3}, 1, -1, 1, false);
    std::vector<double> xv = x.to_double_vector();
    Tensor m = tensor({1, 0, 1, 0, 0, 1}, {2, 3}, DType::Bool);
    Tensor r = masked_select(x, m);
    CHECK(r.sizes() == Shape{3});
    check_close(r, {xv[0], xv[2], xv[5]}, 0, 0);
    // The mask broadcasts over rows.
    Tensor mrow = tensor({0, 1, 1}, {3}, DType::Bool);
    check_close(masked_select(x, mrow), {xv[1], xv[2], xv[4], xv[5]}, 0, 0);
    // The input broadcasts against a bigger mask.
    Tensor col = tensor({7, 8}, {2, 1});
    check_close(masked_select(col, m), {7, 7, 8}, 0, 0);
    CHECK(masked_select(x, tensor({0, 0, 0}, {3}, DType::Bool)).sizes() == Shape{0});
    CHECK(masked_select(tensor({4, 5}, {2}, DType::Int64), tensor({0, 1}, {2}, DType::Bool)).to_int_vector() ==
          std::vector<int64_t>{5});
    CHECK_THROWS_WITH(masked_select(x, tensor({1, 0, 1}, {3}, DType::Int64)), "masked_select: expected BoolTensor for mask");
}

TEST_CASE("masked_select backward: MaskedSelectBackward0 and gradcheck", "[index][masked_select][autograd]") {
    Tensor x = test_input({2, 3});
    Tensor m = tensor({1, 0, 1, 1, 0, 1}, {2, 3}, DType::Bool);
    CHECK(grad_fn_name(masked_select(x, m)) == "MaskedSelectBackward0");
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return masked_select(in[0], m); }, {x}));
    Tensor col = test_input({2, 1}, 3);
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return masked_select(in[0], m); }, {col}));
    Tensor y = tensor({1, 2}, {2, 1}, DType::Float64, true);
    autograd::backward({sum(masked_select(y, m))});
    check_close(y.grad(), {2, 2});
}

// ---- tril / triu -----------------------------------------------------------------------------------

TEST_CASE("tril and triu with diagonals, batches and non-square matrices", "[index][tril]") {
    Tensor x = test_input({2, 3, 4}, 1, -1, 1, false);
    std::vector<double> xv = x.to_double_vector();
    for (int64_t k : {-2, -1, 0, 1, 3}) {
        std::vector<double> el, eu;
        for (int64_t b = 0; b < 2; ++b)
            for (int64_t i = 0; i < 3; ++i)
                for (int64_t j = 0; j < 4; ++j) {
                    double v = xv[size_t((b * 3 + i) * 4 + j)];
                    el.push_back(j - i <= k ? v : 0.0);
                    eu.push_back(j - i >= k ? v : 0.0);
                }
        INFO("diagonal " << k);
        check_close(tril(x, k), el, 0, 0);
        check_close(triu(x, k), eu, 0, 0);
    }
    Tensor i = reshape(arange(Scalar(int64_t(1)), Scalar(int64_t(5))), {2, 2});
    CHECK(tril(i).dtype() == DType::Int64);
    CHECK(tril(i).to_int_vector() == std::vector<int64_t>{1, 0, 3, 4});
    CHECK(triu(transpose(i, 0, 1)).to_int_vector() == std::vector<int64_t>{1, 3, 0, 4});
    CHECK(tril(ones({3, 3}, {DType::Bool})).to_int_vector() == std::vector<int64_t>{1, 0, 0, 1, 1, 0, 1, 1, 1});
    CHECK(tril(zeros({0, 3})).sizes() == Shape{0, 3});
    CHECK_THROWS_WITH(tril(zeros({3})), "tril: input tensor must have at least 2 dimensions");
    CHECK_THROWS_WITH(triu(zeros({3})), "triu: input tensor must have at least 2 dimensions");
}

TEST_CASE("tril and triu backward: TrilBackward0 / TriuBackward0 and gradcheck", "[index][tril][autograd]") {
    Tensor x = test_input({2, 3, 3});
    CHECK(grad_fn_name(tril(x)) == "TrilBackward0");
    CHECK(grad_fn_name(triu(x, 1)) == "TriuBackward0");
    for (int64_t k : {-1, 0, 2}) {
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return tril(in[0], k); }, {x}));
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return triu(in[0], k); }, {x}));
    }
}
