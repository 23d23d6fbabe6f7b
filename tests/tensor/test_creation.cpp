// Factory functions: dtypes chosen like PyTorch, values, and errors.
#include <algorithm>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;

TEST_CASE("arange infers int64 or the default float", "[tensor][creation]") {
    Tensor a = arange(Scalar(int64_t(5)));
    CHECK(a.dtype() == DType::Int64);
    CHECK(a.to_int_vector() == std::vector<int64_t>{0, 1, 2, 3, 4});
    Tensor b = arange(Scalar(0.0), Scalar(1.0), Scalar(0.25));
    CHECK(b.dtype() == DType::Float32);
    check_close(b, {0, 0.25, 0.5, 0.75});
    Tensor c = arange(Scalar(int64_t(10)), Scalar(int64_t(0)), Scalar(int64_t(-3)));
    CHECK(c.to_int_vector() == std::vector<int64_t>{10, 7, 4, 1});
    CHECK_THROWS_WITH(arange(Scalar(int64_t(0)), Scalar(int64_t(5)), Scalar(int64_t(-1))),
                      "upper bound and lower bound inconsistent with step sign");
    CHECK_THROWS_WITH(arange(Scalar(int64_t(0)), Scalar(int64_t(5)), Scalar(int64_t(0))), "step must be nonzero");
}

TEST_CASE("linspace fills from both ends", "[tensor][creation]") {
    Tensor l = linspace(0, 1, 5);
    check_close(l, {0, 0.25, 0.5, 0.75, 1.0}, 0, 0);
    CHECK(linspace(-1, 1, 1).to_double_vector() == std::vector<double>{-1});
    CHECK(linspace(0, 1, 0).numel() == 0);
    // The last element is exactly `end` even when the step is inexact.
    Tensor m = linspace(0, 1, 30);
    CHECK(m.to_double_vector().back() == 1.0);
}

TEST_CASE("full takes its dtype from the value", "[tensor][creation]") {
    CHECK(full({2}, Scalar(1.5)).dtype() == DType::Float32);
    CHECK(full({2}, Scalar(int64_t(3))).dtype() == DType::Int64);
    CHECK(full({2}, Scalar(true)).dtype() == DType::Bool);
    CHECK(full({2, 2}, Scalar(7.0), {DType::Float64}).to_double_vector() == std::vector<double>(4, 7.0));
}

TEST_CASE("zeros ones eye and the like functions", "[tensor][creation]") {
    CHECK(zeros({2, 3}).to_double_vector() == std::vector<double>(6, 0.0));
    CHECK(ones({3}, {DType::Int64}).to_int_vector() == std::vector<int64_t>{1, 1, 1});
    check_close(eye(2, 3), {1, 0, 0, 0, 1, 0});
    Tensor x = ones({2, 2}, {DType::Float64});
    CHECK(zeros_like(x).dtype() == DType::Float64);
    CHECK(full_like(x, Scalar(2.0)).to_double_vector() == std::vector<double>(4, 2.0));
    CHECK(empty_like(x, DType::Bool).dtype() == DType::Bool);
}

TEST_CASE("requires_grad only for floating leaves", "[tensor][creation]") {
    Tensor x = ones({2}, {std::nullopt, Device::CPU, true});
    CHECK(x.requires_grad());
    CHECK(x.is_leaf());
    CHECK_THROWS_WITH(ones({2}, {DType::Int64}).requires_grad_(),
                      "Only Tensors of floating point and complex dtype can require gradients");
}

TEST_CASE("tensor() checks the value count", "[tensor][creation]") {
    CHECK_THROWS_AS(tensor({1, 2, 3}, {2, 2}), kiln::Error);
    Tensor t = tensor({1, 0, 2}, {3}, DType::Bool);
    CHECK(t.to_int_vector() == std::vector<int64_t>{1, 0, 1});
}

TEST_CASE("item and tolist", "[tensor][creation]") {
    CHECK(tensor({2.5}, {1}).item().to_double() == 2.5);
    CHECK_THROWS_WITH(zeros({2}).item(), "a Tensor with 2 elements cannot be converted to Scalar");
    Tensor t = tensor({1, 2, 3, 4}, {2, 2}, DType::Int64);
    CHECK(tolist(t).repr() == "[[1, 2], [3, 4]]");
    CHECK(tolist(tensor({0.5, 1.0}, {2})).repr() == "[0.5, 1.0]");
    CHECK(tolist(tensor({1, 0}, {2}, DType::Bool)).repr() == "[True, False]");
    CHECK(tolist(scalar_tensor(Scalar(int64_t(4)))).repr() == "4");
}

TEST_CASE("manual_seed makes random draws repeatable", "[tensor][random]") {
    manual_seed(123);
    Tensor a = randn({40});
    Tensor r = rand({5});
    manual_seed(123);
    Tensor b = randn({40});
    CHECK(a.to_double_vector() == b.to_double_vector());
    CHECK(rand({5}).to_double_vector() == r.to_double_vector());
    for (double v : r.to_double_vector()) CHECK((v >= 0.0 && v < 1.0));
    Tensor i = randint(-3, 3, {200});
    for (int64_t v : i.to_int_vector()) CHECK((v >= -3 && v < 3));
    CHECK(i.dtype() == DType::Int64);
}

TEST_CASE("randn has zero mean and unit variance", "[tensor][random]") {
    manual_seed(0);
    std::vector<double> v = randn({100000}).to_double_vector();
    double mean = 0, sq = 0;
    for (double x : v) mean += x;
    mean /= double(v.size());
    for (double x : v) sq += (x - mean) * (x - mean);
    CHECK(std::fabs(mean) < 0.02);
    CHECK(std::fabs(sq / double(v.size()) - 1.0) < 0.02);
}

TEST_CASE("randperm is a permutation", "[tensor][random]") {
    std::vector<int64_t> p = randperm(50).to_int_vector();
    std::sort(p.begin(), p.end());
    for (int64_t i = 0; i < 50; ++i) CHECK(p[size_t(i)] == i);
}

TEST_CASE("random factories reject bad arguments", "[tensor][random]") {
    CHECK_THROWS_WITH(randint(5, 5, {2}), Catch::Contains("random_ expects 'from' to be less than 'to'"));
    Tensor t = zeros({3});
    CHECK_THROWS_WITH(normal_(t, 0.0, -1.0), Catch::Contains("normal expects std >= 0.0"));
    CHECK_THROWS_WITH(bernoulli_(t, 1.5), Catch::Contains("bernoulli_ expects p to be in [0, 1]"));
    Tensor i = zeros({3}, {DType::Int64});
    CHECK_THROWS_WITH(uniform_(i), Catch::Contains("expects a floating point tensor"));
}

TEST_CASE("tolist keeps int64 values above 2^53 exact", "[tensor][creation]") {
    Tensor big = full({2}, Scalar(int64_t(9007199254740993LL)));
    CHECK(tolist(big).repr() == "[9007199254740993, 9007199254740993]");
}
