// View ops: shared storage, strides, values, errors and gradients.
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
Tensor iota(const Shape& s, DType dt = DType::Float32) {
    std::vector<double> v(size_t(shape_numel(s)));
    for (size_t i = 0; i < v.size(); ++i) v[i] = double(i);
    return tensor(v, s, dt);
}
}  // namespace

TEST_CASE("view shares storage and checks sizes", "[tensor][views]") {
    Tensor x = iota({2, 6});
    Tensor v = view(x, {3, -1});
    CHECK(v.sizes() == Shape{3, 4});
    CHECK(v.data() == x.data());
    CHECK_THROWS_WITH(view(x, {5, -1}), "shape '[5, -1]' is invalid for input of size 12");
    CHECK_THROWS_WITH(view(x, {-1, -1}), "only one dimension can be inferred");
    CHECK_THROWS_WITH(view(x, {5}), "shape '[5]' is invalid for input of size 12");
}

TEST_CASE("view of a transposed tensor fails, reshape copies", "[tensor][views]") {
    Tensor x = iota({3, 4});
    Tensor xt = transpose(x, 0, 1);
    CHECK_FALSE(xt.is_contiguous());
    CHECK_THROWS_WITH(view(xt, {12}), Catch::Contains("view size is not compatible with input tensor's size and stride"));
    Tensor r = reshape(xt, {12});
    CHECK(r.data() != x.data());
    check_close(r, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11});
    // A view that keeps a transposed dim whole is still allowed.
    Tensor y = view(transpose(iota({2, 3, 4}), 1, 2), {2, 4, 3});
    CHECK(y.strides() == Shape{12, 1, 4});
}

TEST_CASE("permute transpose and t", "[tensor][views]") {
    Tensor x = iota({2, 3, 4});
    Tensor p = permute(x, {2, 0, 1});
    CHECK(p.sizes() == Shape{4, 2, 3});
    CHECK(p.strides() == Shape{1, 12, 4});
    CHECK(contiguous(p).to_double_vector()[1] == 4.0);
    CHECK_THROWS_WITH(permute(x, {0, 0, 1}), Catch::Contains("duplicate dims are not allowed"));
    CHECK(t(iota({2, 5})).sizes() == Shape{5, 2});
    CHECK_THROWS_WITH(t(x), "t() expects a tensor with <= 2 dimensions, but self is 3D");
    CHECK(transpose(x, -1, 0).sizes() == Shape{4, 3, 2});
}

TEST_CASE("expand broadcasts with zero strides", "[tensor][views]") {
    Tensor x = iota({3, 1});
    Tensor e = expand(x, {2, 3, 4});
    CHECK(e.strides() == Shape{0, 1, 0});
    check_close(contiguous(e), {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2});
    CHECK(expand(x, {-1, 5}).sizes() == Shape{3, 5});
    CHECK_THROWS_WITH(expand(x, {4, 4}), Catch::Contains("The expanded size of the tensor (4) must match the existing size (3)"));
}

TEST_CASE("squeeze unsqueeze flatten unflatten", "[tensor][views]") {
    Tensor x = iota({1, 3, 1, 2});
    CHECK(squeeze(x).sizes() == Shape{3, 2});
    CHECK(squeeze(x, 2).sizes() == Shape{1, 3, 2});
    CHECK(squeeze(x, 1).sizes() == Shape{1, 3, 1, 2});
    CHECK(unsqueeze(iota({3}), 0).sizes() == Shape{1, 3});
    CHECK(unsqueeze(iota({3}), -1).sizes() == Shape{3, 1});
    CHECK(flatten(iota({2, 3, 4}), 1).sizes() == Shape{2, 12});
    CHECK(flatten(scalar_tensor(Scalar(1.0))).sizes() == Shape{1});
    CHECK(unflatten(iota({2, 12}), 1, {3, -1}).sizes() == Shape{2, 3, 4});
}

TEST_CASE("slice with steps and negative bounds", "[tensor][views]") {
    Tensor x = iota({10});
    check_close(slice(x, 0, 1, 8, 3), {1, 4, 7});
    check_close(slice(x, 0, -3, std::nullopt), {7, 8, 9});
    check_close(slice(x, 0, std::nullopt, -8), {0, 1});
    CHECK(slice(x, 0, 5, 2).numel() == 0);
    CHECK(slice(x, 0, 100, 200).numel() == 0);
    Tensor m = iota({4, 5});
    check_close(slice(m, 1, 1, 3), {1, 2, 6, 7, 11, 12, 16, 17});
    CHECK_THROWS_WITH(slice(x, 0, 0, 5, 0), "step must be greater than zero");
}

TEST_CASE("select and narrow", "[tensor][views]") {
    Tensor m = iota({3, 4});
    check_close(select(m, 0, -1), {8, 9, 10, 11});
    check_close(select(m, 1, 2), {2, 6, 10});
    CHECK_THROWS_WITH(select(m, 0, 3), "index 3 is out of bounds for dimension 0 with size 3");
    check_close(narrow(m, 1, 1, 2), {1, 2, 5, 6, 9, 10});
    CHECK_THROWS_AS(narrow(m, 1, 3, 2), kiln::Error);
}

TEST_CASE("unbind and movedim", "[tensor][views]") {
    std::vector<Tensor> parts = unbind(iota({3, 2}), 1);
    REQUIRE(parts.size() == 2);
    check_close(parts[1], {1, 3, 5});
    CHECK(movedim(iota({2, 3, 4}), 0, -1).sizes() == Shape{3, 4, 2});
}

TEST_CASE("writes through a view reach the base", "[tensor][views]") {
    Tensor x = zeros({3, 3});
    Tensor row = select(x, 0, 1);
    copy_(row, tensor({1, 2, 3}, {3}));
    check_close(x, {0, 0, 0, 1, 2, 3, 0, 0, 0});
    Tensor col = select(x, 1, 0);
    copy_(col, scalar_tensor(Scalar(9.0)));
    check_close(x, {9, 0, 0, 9, 2, 3, 9, 0, 0});
}

TEST_CASE("to_dtype converts and clone copies", "[tensor][views]") {
    Tensor x = tensor({1.7, -2.2, 0}, {3});
    CHECK(to_dtype(x, DType::Int64).to_int_vector() == std::vector<int64_t>{1, -2, 0});
    CHECK(to_dtype(x, DType::Bool).to_int_vector() == std::vector<int64_t>{1, 1, 0});
    Tensor h = to_dtype(x, DType::Float16);
    CHECK(h.dtype() == DType::Float16);
    CHECK(h.to_double_vector()[0] == double(float(Half(1.7f))));
    CHECK(to_dtype(x, DType::Float32).is_same(x));
    Tensor c = clone(x);
    CHECK(c.data() != x.data());
    check_close(c, x);
}

TEST_CASE("as_strided views storage directly", "[tensor][views]") {
    Tensor x = iota({6});
    check_close(as_strided(x, {2, 2}, {1, 2}), {0, 2, 1, 3});
    CHECK_THROWS_AS(as_strided(x, {4, 4}, {4, 1}), kiln::Error);
}

TEST_CASE("gradients of view ops", "[tensor][views][autograd]") {
    Tensor x = test_input({2, 3, 4});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return permute(in[0], {1, 2, 0}); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return reshape(transpose(in[0], 0, 2), {6, 4}); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return view(in[0], {4, 6}); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return slice(in[0], 2, 1, 4, 2); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return select(in[0], 1, -1); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return squeeze(unsqueeze(in[0], 1), 1); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return narrow(in[0], 2, 1, 2); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return flatten(in[0], 0, 1); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return t(select(in[0], 0, 0)); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return movedim(in[0], 2, 0); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return as_strided(in[0], {3, 2}, {2, 5}, 1); }, {x}));
}

TEST_CASE("gradient of expand sums over broadcast dims", "[tensor][views][autograd]") {
    Tensor x = test_input({3, 1});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return expand(in[0], {2, 3, 4}); }, {x}));
    Tensor y = test_input({3, 1}, 2);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return contiguous(expand(in[0], {3, 5})); }, {y}));
}

TEST_CASE("gradient of unbind and to_dtype", "[tensor][views][autograd]") {
    Tensor x = test_input({3, 2});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return unbind(in[0], 0)[1]; }, {x}));
    CHECK(gradcheck(
        [](const std::vector<Tensor>& in) { return to_dtype(to_dtype(in[0], DType::Float32), DType::Float64); },
        {x}, 1e-3, 1e-3, 1e-2));
}

TEST_CASE("view ops name their grad_fn like PyTorch", "[tensor][views][autograd]") {
    Tensor x = test_input({2, 3});
    CHECK(view(x, {6}).grad_fn()->name == "ViewBackward0");
    CHECK(transpose(x, 0, 1).grad_fn()->name == "TransposeBackward0");
    CHECK(t(x).grad_fn()->name == "TBackward0");
    CHECK(permute(x, {1, 0}).grad_fn()->name == "PermuteBackward0");
    CHECK(expand(unsqueeze(x, 0), {2, 2, 3}).grad_fn()->name == "ExpandBackward0");
    CHECK(select(x, 0, 0).grad_fn()->name == "SelectBackward0");
    CHECK(slice(x, 1, 0, 2).grad_fn()->name == "SliceBackward0");
    CHECK(unsqueeze(x, 0).grad_fn()->name == "UnsqueezeBackward0");
    CHECK(clone(x).grad_fn()->name == "CloneBackward0");
    CHECK(to_dtype(x, DType::Float32).grad_fn()->name == "ToCopyBackward0");
}

TEST_CASE("gradients of clone expand_as broadcast_to and unflatten", "[tensor][views][autograd]") {
    Tensor x = test_input({3, 1});
    Tensor other = zeros({2, 3, 4});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return clone(in[0]); }, {x}));
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return expand_as(in[0], other); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return broadcast_to(in[0], {5, 3, 2}); }, {x}));
    Tensor y = test_input({2, 6}, 3);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return unflatten(in[0], 1, {3, 2}); }, {y}));
}
