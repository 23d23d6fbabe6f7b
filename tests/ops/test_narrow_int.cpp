// uint8/int8/int16/int32 tensors: the storage types that compute as int64 and wrap on store.
// Checks that results are PyTorch's (taken mod 2^n), that promotion and reductions give PyTorch's
// dtypes, conversions from floats keep x86's low bits, and that the narrow types print with their
// dtype suffix.
#include "support/check.h"

using namespace kiln;

namespace {
Tensor I(const std::vector<double>& v, DType dt) { return tensor(v, {int64_t(v.size())}, dt); }
std::vector<int64_t> ints(const Tensor& t) { return t.to_int_vector(); }
}  // namespace

TEST_CASE("narrow integer arithmetic wraps like PyTorch", "[ops][pointwise][narrow_int]") {
    Tensor a = I({250, 3, 128}, DType::UInt8);
    Tensor r = add(a, Scalar(int64_t(10)));
    CHECK(r.dtype() == DType::UInt8);
    CHECK(ints(r) == std::vector<int64_t>{4, 13, 138});
    CHECK(ints(mul(a, Scalar(int64_t(2)))) == std::vector<int64_t>{244, 6, 0});
    CHECK(ints(neg(a)) == std::vector<int64_t>{6, 253, 128});
    Tensor b = I({127, -128, -1}, DType::Int8);
    CHECK(ints(add(b, Scalar(int64_t(1)))) == std::vector<int64_t>{-128, -127, 0});
    CHECK(ints(abs(b)) == std::vector<int64_t>{127, -128, 1});
    CHECK(ints(bitwise_not(a)) == std::vector<int64_t>{5, 252, 127});
    Tensor c = I({2147483647, -7, 9}, DType::Int32);
    CHECK(ints(add(c, Scalar(int64_t(1)))) == std::vector<int64_t>{-2147483648LL, -6, 10});
    CHECK(ints(floor_divide(c, Scalar(int64_t(2)))) == std::vector<int64_t>{1073741823, -4, 4});
    CHECK(ints(remainder(c, Scalar(int64_t(4)))) == std::vector<int64_t>{3, 1, 1});
}

TEST_CASE("narrow integer promotion and result dtypes", "[ops][pointwise][narrow_int]") {
    Tensor u = I({1, 2}, DType::UInt8), s = I({-1, 2}, DType::Int8), i = I({5, 6}, DType::Int32);
    CHECK(add(u, s).dtype() == DType::Int16);
    CHECK(ints(add(u, s)) == std::vector<int64_t>{0, 4});
    CHECK(add(i, I({1, 1}, DType::Int64)).dtype() == DType::Int64);
    CHECK(add(i, Scalar(int64_t(3))).dtype() == DType::Int32);
    CHECK(mul(i, Scalar(1.5)).dtype() == DType::Float32);
    CHECK(div(i, Scalar(int64_t(2))).dtype() == DType::Float32);
    CHECK(add(u, tensor({1.0}, {1}, DType::Bool)).dtype() == DType::UInt8);
    CHECK(lt(u, s).dtype() == DType::Bool);
    CHECK(ints(lt(s, u)) == std::vector<int64_t>{1, 0});  // compared as values, not as bytes
}

TEST_CASE("narrow integer reductions and sorting", "[ops][reduce][narrow_int]") {
    Tensor x = I({200, 100, 50}, DType::UInt8);
    Tensor s = sum(x, {}, false);
    CHECK(s.dtype() == DType::Int64);
    CHECK(s.item().to_int() == 350);  // sums in int64, not in uint8
    Tensor m = amax(x, {0}, false);
    CHECK(m.dtype() == DType::UInt8);
    CHECK(m.item().to_int() == 200);
    CHECK(argmax(x, std::nullopt, false).item().to_int() == 0);
    auto [values, indices] = sort(I({3, -1, 2}, DType::Int32), -1, false);
    CHECK(values.dtype() == DType::Int32);
    CHECK(ints(values) == std::vector<int64_t>{-1, 2, 3});
    CHECK(ints(indices) == std::vector<int64_t>{1, 2, 0});
    CHECK(cumsum(I({100, 100, 100}, DType::Int8), 0).dtype() == DType::Int64);
}

TEST_CASE("conversions to narrow integers keep x86's low bits", "[ops][copy][narrow_int]") {
    Tensor f = tensor({300.0, -1.0, 2.7, -2.7}, {4}, DType::Float32);
    CHECK(ints(to_dtype(f, DType::UInt8)) == std::vector<int64_t>{44, 255, 2, 254});
    CHECK(ints(to_dtype(f, DType::Int8)) == std::vector<int64_t>{44, -1, 2, -2});
    CHECK(ints(to_dtype(I({70000, -70000}, DType::Int64), DType::Int16)) == std::vector<int64_t>{4464, -4464});
    CHECK(to_dtype(I({255}, DType::UInt8), DType::Float32).item().to_double() == 255.0);
}

TEST_CASE("narrow integer tensors print with their dtype", "[tensor][print][narrow_int]") {
    CHECK(I({1, 2}, DType::Int32).repr() == "tensor([1, 2], dtype=torch.int32)");
    CHECK(I({255, 0}, DType::UInt8).repr() == "tensor([255,   0], dtype=torch.uint8)");
    CHECK(I({-3}, DType::Int8).repr() == "tensor([-3], dtype=torch.int8)");
}

TEST_CASE("narrow integer tensors cannot require grad", "[autograd][narrow_int]") {
    Tensor x = I({1, 2}, DType::Int32);
    CHECK_THROWS_WITH(x.requires_grad_(true),
                      Catch::Contains("Only Tensors of floating point"));
}

TEST_CASE("matmul of narrow integers", "[ops][linalg][narrow_int]") {
    Tensor a = tensor({1, 2, 3, 4}, {2, 2}, DType::Int32);
    Tensor r = matmul(a, a);
    CHECK(r.dtype() == DType::Int32);
    CHECK(ints(r) == std::vector<int64_t>{7, 10, 15, 22});
}
