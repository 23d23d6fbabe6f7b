// Tensor printing: the rules of PyTorch's _tensor_str (more cases come from real PyTorch in
// tests/parity/golden/foundation.json).
#include "support/check.h"

using namespace kiln;

TEST_CASE("prints small float tensors in fixed notation", "[tensor][print]") {
    CHECK(tensor({0.5, 2.25, -3}, {3}).repr() == "tensor([ 0.5000,  2.2500, -3.0000])");
    CHECK(tensor({1, 2, 3}, {3}).repr() == "tensor([1., 2., 3.])");
    CHECK(tensor({1, 2, 3, 4}, {2, 2}).repr() == "tensor([[1., 2.],\n        [3., 4.]])");
}

TEST_CASE("prints scientific notation for wide ranges", "[tensor][print]") {
    CHECK(tensor({1e-5, 1.0}, {2}).repr() == "tensor([1.0000e-05, 1.0000e+00])");
    CHECK(tensor({1e9, 1.0}, {2}).repr() == "tensor([1.0000e+09, 1.0000e+00])");
}

TEST_CASE("prints ints bools and dtype suffixes", "[tensor][print]") {
    CHECK(tensor({1, -20, 3}, {3}, DType::Int64).repr() == "tensor([  1, -20,   3])");
    CHECK(tensor({1, 0}, {2}, DType::Bool).repr() == "tensor([ True, False])");
    CHECK(tensor({1.5}, {1}, DType::Float64).repr() == "tensor([1.5000], dtype=torch.float64)");
    CHECK(scalar_tensor(Scalar(2.5)).repr() == "tensor(2.5000)");
    CHECK(scalar_tensor(Scalar(int64_t(7))).repr() == "tensor(7)");
    CHECK(zeros({0}).repr() == "tensor([])");
    CHECK(zeros({0, 3}).repr() == "tensor([], size=(0, 3))");
    CHECK(zeros({2, 0}, {DType::Int64}).repr() == "tensor([], size=(2, 0), dtype=torch.int64)");
}

TEST_CASE("prints autograd suffixes", "[tensor][print]") {
    Tensor x = tensor({1, 2}, {2}, DType::Float32, true);
    CHECK(x.repr() == "tensor([1., 2.], requires_grad=True)");
    CHECK(mul(x, 2.0).repr() == "tensor([2., 4.], grad_fn=<MulBackward0>)");
}

TEST_CASE("prints nan and inf", "[tensor][print]") {
    CHECK(tensor({NAN, INFINITY, -INFINITY, 1.5}, {4}).repr() == "tensor([   nan,    inf,   -inf, 1.5000])");
    CHECK(tensor({NAN, 1, 2}, {3}).repr() == "tensor([nan, 1., 2.])");
}

TEST_CASE("summarizes large tensors", "[tensor][print]") {
    CHECK(arange(Scalar(int64_t(2000))).repr() == "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])");
}

TEST_CASE("wraps long rows at 80 columns", "[tensor][print]") {
    std::string s = arange(Scalar(int64_t(30))).repr();
    CHECK(s ==
          "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
          "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])");
}
