// cat / stack / split / chunk (join.cpp): values against index arithmetic written out here, dtype
// promotion, views, PyTorch's error texts, grad_fn names and gradcheck.
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {


// Reference cat of 2-d row-major tensors along dim 0 or 1.
std::vector<double> ref_cat2d(const std::vector<Tensor>& ts, int64_t dim) {
    std::vector<double> out;
    if (dim == 0) {
        for (const Tensor& t : ts) {
            std::vector<double> v = t.to_double_vector();
            out.insert(out.end(), v.begin(), v.end());
        }
        return out;
    }
    const int64_t rows = ts[0].size(0);
    for (int64_t r = 0; r < rows; ++r)
        for (const Tensor& t : ts) {
            std::vector<double> v = t.to_double_vector();
            const int64_t c = t.size(1);
            out.insert(out.end(), v.begin() + r * c, v.begin() + (r + 1) * c);
        }
    return out;
}

}  // namespace

TEST_CASE("cat along dim 0, 1 and -1", "[join][cat]") {
    Tensor a = test_input({2, 3}, 1, -1, 1, false), b = test_input({2, 1}, 2, -1, 1, false);
    Tensor c = test_input({2, 4}, 3, -1, 1, false);
    Tensor r = cat({a, b, c}, 1);
    CHECK(r.sizes() == Shape{2, 8});
    check_close(r, ref_cat2d({a, b, c}, 1), 0, 0);
    check_close(cat({a, b, c}, -1), ref_cat2d({a, b, c}, 1), 0, 0);
    Tensor d = test_input({4, 3}, 4, -1, 1, false);
    Tensor r0 = cat({a, d}, 0);
    CHECK(r0.sizes() == Shape{6, 3});
    check_close(r0, ref_cat2d({a, d}, 0), 0, 0);
    CHECK(cat({a}, 0).sizes() == Shape{2, 3});
}

TEST_CASE("cat of non-contiguous and 3-d inputs", "[join][cat]") {
    Tensor a = transpose(test_input({3, 2}, 1, -1, 1, false), 0, 1);  // [2, 3], strided
    Tensor b = test_input({2, 2}, 2, -1, 1, false);
    check_close(cat({a, b}, 1), ref_cat2d({contiguous(a), b}, 1), 0, 0);
    Tensor x = test_input({2, 3, 4}, 5, -1, 1, false), y = test_input({2, 1, 4}, 6, -1, 1, false);
    Tensor r = cat({x, y}, 1);
    CHECK(r.sizes() == Shape{2, 4, 4});
    // r[i, j, k] = x[i, j, k] for j < 3, y[i, 0, k] for j == 3
    std::vector<double> xv = x.to_double_vector(), yv = y.to_double_vector(), rv = r.to_double_vector();
    for (int64_t i = 0; i < 2; ++i)
        for (int64_t j = 0; j < 4; ++j)
            for (int64_t k = 0; k < 4; ++k) {
                double e = j < 3 ? xv[size_t((i * 3 + j) * 4 + k)] : yv[size_t(i * 4 + k)];
                CHECK(rv[size_t((i * 4 + j) * 4 + k)] == e);
            }
}

TEST_CASE("cat promotes dtypes across its inputs", "[join][cat]") {
    Tensor i = tensor({1, 2}, {2}, DType::Int64);
    Tensor f = tensor({0.5}, {1}, DType::Float32);
    Tensor b = tensor({1, 0}, {2}, DType::Bool);
    Tensor d = tensor({0.25}, {1}, DType::Float64);
    Tensor r = cat({i, f});
    CHECK(r.dtype() == DType::Float32);
    check_close(r, {1, 2, 0.5});
    CHECK(cat({b, i}).dtype() == DType::Int64);
    CHECK(cat({b, i}).to_int_vector() == std::vector<int64_t>{1, 0, 1, 2});
    CHECK(cat({f, d}).dtype() == DType::Float64);
    CHECK(cat({b, b}).dtype() == DType::Bool);
}

TEST_CASE("cat errors use PyTorch's messages", "[join][cat]") {
    Tensor a = zeros({2, 2}), b = zeros({3, 3});
    CHECK_THROWS_WITH(cat({a, b}, 1),
                      "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor "
                      "number 1 in the list.");
    CHECK_THROWS_WITH(cat({a, zeros({2, 2, 2})}, 0), "Tensors must have same number of dimensions: got 2 and 3");
    CHECK_THROWS_WITH(cat({}, 0), "torch.cat(): expected a non-empty list of Tensors");
    CHECK_THROWS_WITH(cat({a, scalar_tensor(Scalar(1.0))}), "zero-dimensional tensor (at position 1) cannot be concatenated");
    CHECK_THROWS_WITH(cat({a, a}, 2), Catch::Contains("Dimension out of range"));
}

TEST_CASE("cat skips legacy empty 1-d tensors", "[join][cat]") {
    Tensor a = test_input({2, 3}, 1, -1, 1, false);
    Tensor e = zeros({0});
    Tensor r = cat({e, a, e}, 1);
    CHECK(r.sizes() == Shape{2, 3});
    check_close(r, a.to_double_vector(), 0, 0);
    CHECK(cat({e, e}).sizes() == Shape{0});
    CHECK(cat({zeros({0, 3}), a}, 0).sizes() == Shape{2, 3});
}

TEST_CASE("cat backward: CatBackward0 and gradcheck", "[join][cat][autograd]") {
    Tensor a = test_input({2, 3}, 1), b = test_input({2, 1}, 2), c = test_input({2, 2}, 3);
    CHECK(grad_fn_name(cat({a, b, c}, 1)) == "CatBackward0");
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return cat(in, 1); }, {a, b, c}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return cat(in, -1); }, {a, b, c}));
    Tensor d = test_input({3, 3}, 4), e = test_input({1, 3}, 5);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return cat(in, 0); }, {d, e}));
    // An input that does not require grad gets no gradient, the others still do.
    Tensor f = test_input({2, 3}, 6, -1, 1, false);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return cat(in, 0); }, {f, a}));
    // Mixed dtypes: the float32 input's gradient comes back as float32.
    Tensor g = to_dtype(test_input({1, 3}, 7, -1, 1, false), DType::Float32);
    g.requires_grad_(true);
    autograd::backward({sum(cat({g, a}, 0))});
    CHECK(g.grad().dtype() == DType::Float32);
    check_close(g.grad(), {1, 1, 1});
}

TEST_CASE("stack inserts a new dim", "[join][stack]") {
    Tensor a = test_input({2, 3}, 1, -1, 1, false), b = test_input({2, 3}, 2, -1, 1, false);
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector();
    Tensor s0 = stack({a, b}, 0);
    CHECK(s0.sizes() == Shape{2, 2, 3});
    std::vector<double> e0 = av;
    e0.insert(e0.end(), bv.begin(), bv.end());
    check_close(s0, e0, 0, 0);
    Tensor s2 = stack({a, b}, -1);
    CHECK(s2.sizes() == Shape{2, 3, 2});
    std::vector<double> e2;
    for (size_t k = 0; k < av.size(); ++k) {
        e2.push_back(av[k]);
        e2.push_back(bv[k]);
    }
    check_close(s2, e2, 0, 0);
    Tensor s1 = stack({a, b}, 1);
    CHECK(s1.sizes() == Shape{2, 2, 3});
    check_close(select(s1, 1, 1), bv, 0, 0);
    CHECK(stack({scalar_tensor(Scalar(1.0)), scalar_tensor(Scalar(2.0))}).sizes() == Shape{2});
    CHECK(stack({tensor({1}, {1}, DType::Int64), tensor({0.5}, {1})}).dtype() == DType::Float32);
}

TEST_CASE("stack errors", "[join][stack]") {
    CHECK_THROWS_WITH(stack({zeros({2, 3}), zeros({2, 4})}),
                      "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [2, 4] at entry 1");
    CHECK_THROWS_WITH(stack({}), "stack expects a non-empty TensorList");
    CHECK_THROWS_WITH(stack({zeros({2})}, 2), Catch::Contains("Dimension out of range"));
}

TEST_CASE("stack backward: StackBackward0 and gradcheck", "[join][stack][autograd]") {
    Tensor a = test_input({2, 3}, 1), b = test_input({2, 3}, 2), c = test_input({2, 3}, 3);
    CHECK(grad_fn_name(stack({a, b})) == "StackBackward0");
    for (int64_t d : {0, 1, 2, -1, -3})
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return stack(in, d); }, {a, b, c}));
}

TEST_CASE("split by size returns views, the last one shorter", "[join][split]") {
    Tensor x = reshape(arange(Scalar(int64_t(10))), {5, 2});
    std::vector<Tensor> parts = split(x, 2);
    REQUIRE(parts.size() == 3);
    CHECK(parts[0].sizes() == Shape{2, 2});
    CHECK(parts[2].sizes() == Shape{1, 2});
    CHECK(parts[1].to_int_vector() == std::vector<int64_t>{4, 5, 6, 7});
    CHECK(parts[2].to_int_vector() == std::vector<int64_t>{8, 9});
    CHECK(parts[1].data() == static_cast<char*>(x.data()) + 4 * sizeof(int64_t));  // a view
    std::vector<Tensor> cols = split(x, 1, -1);
    REQUIRE(cols.size() == 2);
    CHECK(cols[1].to_int_vector() == std::vector<int64_t>{1, 3, 5, 7, 9});
    CHECK(split(x, 7).size() == 1);  // larger than the dim: one piece
    CHECK(split(zeros({0, 2}), 0).size() == 1);
}

TEST_CASE("split with a list of sizes", "[join][split]") {
    Tensor x = arange(Scalar(int64_t(6)));
    std::vector<Tensor> parts = split(x, std::vector<int64_t>{1, 0, 5});
    REQUIRE(parts.size() == 3);
    CHECK(parts[0].to_int_vector() == std::vector<int64_t>{0});
    CHECK(parts[1].numel() == 0);
    CHECK(parts[2].to_int_vector() == std::vector<int64_t>{1, 2, 3, 4, 5});
    CHECK_THROWS_WITH(split(x, std::vector<int64_t>{1, 1}),
                      "split_with_sizes expects split_sizes to sum exactly to 6 (input tensor's size at dimension 0), "
                      "but got split_sizes=[1, 1]");
    CHECK_THROWS_WITH(split(x, std::vector<int64_t>{7, -1}), Catch::Contains("non-negative entries"));
}

TEST_CASE("split errors", "[join][split]") {
    Tensor x = zeros({5, 2});
    CHECK_THROWS_WITH(split(x, 0), "split_size can only be 0 if dimension size is 0, but got dimension size of 5");
    CHECK_THROWS_WITH(split(x, -1), "split expects split_size be non-negative, but got split_size=-1");
    CHECK_THROWS_WITH(split(scalar_tensor(Scalar(1.0)), 1), "split expects at least a 1-dimensional tensor");
}

TEST_CASE("split backward: SplitBackward0 / SplitWithSizesBackward0 and gradcheck", "[join][split][autograd]") {
    Tensor x = test_input({5, 3});
    std::vector<Tensor> p = split(x, 2);
    CHECK(grad_fn_name(p[0]) == "SplitBackward0");
    CHECK(p[0].grad_fn() == p[2].grad_fn());
    CHECK(p[2].impl()->output_nr == 2);
    CHECK(grad_fn_name(split(x, std::vector<int64_t>{2, 3})[1]) == "SplitWithSizesBackward0");
    // Reassemble in another order: every element is used exactly once.
    CHECK(gradcheck([](const std::vector<Tensor>& in) {
        std::vector<Tensor> q = split(in[0], 2);
        return cat({q[2], q[0], q[1]}, 0);
    }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) {
        std::vector<Tensor> q = split(in[0], std::vector<int64_t>{1, 2}, -1);
        return cat({q[1], q[0]}, 1);
    }, {x}));
    // Only one piece used: the others' gradient is zero.
    Tensor y = test_input({4});
    autograd::backward({sum(split(y, 2)[1])});
    check_close(y.grad(), {0, 0, 1, 1});
}

TEST_CASE("chunk sizes follow PyTorch", "[join][chunk]") {
    auto sizes_of = [](const std::vector<Tensor>& ts) {
        std::vector<int64_t> s;
        for (const Tensor& t : ts) s.push_back(t.size(0));
        return s;
    };
    CHECK(sizes_of(chunk(zeros({5}), 3)) == std::vector<int64_t>{2, 2, 1});
    CHECK(sizes_of(chunk(zeros({6}), 4)) == std::vector<int64_t>{2, 2, 2});  // fewer pieces than asked
    CHECK(sizes_of(chunk(zeros({0}), 3)) == std::vector<int64_t>{0, 0, 0});
    CHECK(sizes_of(chunk(zeros({2}), 5)) == std::vector<int64_t>{1, 1});
    std::vector<Tensor> c = chunk(reshape(arange(Scalar(int64_t(6))), {2, 3}), 3, 1);
    REQUIRE(c.size() == 3);
    CHECK(c[2].to_int_vector() == std::vector<int64_t>{2, 5});
    CHECK_THROWS_WITH(chunk(zeros({3}), 0), "chunk expects `chunks` to be greater than 0, got: 0");
    CHECK_THROWS_WITH(chunk(scalar_tensor(Scalar(1.0)), 1), "chunk expects at least a 1-dimensional tensor");
}

TEST_CASE("chunk backward: SplitBackward0 and gradcheck", "[join][chunk][autograd]") {
    Tensor x = test_input({3, 5});
    CHECK(grad_fn_name(chunk(x, 2, 1)[0]) == "SplitBackward0");
    CHECK(gradcheck([](const std::vector<Tensor>& in) {
        std::vector<Tensor> q = chunk(in[0], 3, 1);
        return cat({q[1], q[2], q[0]}, 1);
    }, {x}));
}
