// Factory functions: dtypes chosen like PyTorch, values, and errors.
#include <algorithm>

#include "ops/index_ext.h"
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
    CHECK_THROWS_WITH(uniform_(i), Catch::Contains("\"check_uniform_bounds\" not implemented for 'Long'"));
}

TEST_CASE("tolist keeps int64 values above 2^53 exact", "[tensor][creation]") {
    Tensor big = full({2}, Scalar(int64_t(9007199254740993LL)));
    CHECK(tolist(big).repr() == "[9007199254740993, 9007199254740993]");
}

// uniform_/bernoulli_ on contiguous float tensors draw in bulk (ops/random.cpp: random_block); a
// strided view still draws one element at a time. Both must give the same numbers and leave the
// generator in the same state, across the 624-word block boundaries of the Mersenne Twister.
TEST_CASE("bulk random draws equal element-by-element draws", "[tensor][random]") {
    for (DType dt : {DType::Float32, DType::Float64})
        for (int64_t n : {1, 7, 311, 312, 623, 624, 625, 1249, 5000}) {
            INFO("dtype " << dtype_short_name(dt) << ", n " << n);
            auto draw = [&](bool strided, int which) {
                manual_seed(11);
                Tensor warm = rand({5});  // start mid-block
                Tensor t = strided ? select(Tensor::empty({n, 2}, dt), 1, 0) : Tensor::empty({n}, dt);
                if (which == 0) uniform_(t, -2.0, 3.0);
                else if (which == 1) bernoulli_(t, 0.3);
                else bernoulli_(t, rand({n}, {dt}));
                return std::make_pair(contiguous(t), rand({3}));
            };
            for (int which : {0, 1, 2}) {
                auto [bulk, after_bulk] = draw(false, which);
                auto [serial, after_serial] = draw(true, which);
                CHECK(equal(bulk, serial));
                CHECK(equal(after_bulk, after_serial));
            }
        }
    manual_seed(0);  // PyTorch's torch.manual_seed(0); torch.rand(4)
    check_close(rand({4}), {0.49625659, 0.76822180, 0.08847743, 0.13203049});
}

// Boolean-mask indexing takes the mask's flat positions (ops/index.cpp); nonzero compacts without
// branches. Both against the definition.
TEST_CASE("nonzero and mask indexing follow the mask in row-major order", "[tensor][index]") {
    manual_seed(3);
    Tensor x = randn({4, 5, 6});
    Tensor m = gt(x, Scalar(0.2));
    std::vector<double> xv = x.to_double_vector();
    std::vector<int64_t> mv = m.to_int_vector(), want_nz;
    std::vector<double> want_sel;
    for (int64_t i = 0; i < 120; ++i)
        if (mv[size_t(i)]) {
            want_nz.insert(want_nz.end(), {i / 30, i / 6 % 5, i % 6});
            want_sel.push_back(xv[size_t(i)]);
        }
    Tensor nz = nonzero(m);
    CHECK(nz.sizes() == Shape{int64_t(want_sel.size()), 3});
    CHECK(nz.to_int_vector() == want_nz);
    CHECK(index(x, {m}).to_double_vector() == want_sel);
    CHECK(masked_select(x, m).to_double_vector() == want_sel);
    // a 2-d mask over the last two dims, after a full slice: rows of every x[i]
    Tensor m2 = select(m, 0, 1);
    Tensor sel = index(x, {std::nullopt, m2});
    int64_t k = 0;
    for (int64_t i = 0; i < 30; ++i) k += mv[size_t(30 + i)];
    CHECK(sel.sizes() == Shape{4, k});
    CHECK(nonzero(zeros({0, 3})).sizes() == Shape{0, 2});
    CHECK(nonzero(scalar_tensor(Scalar(int64_t(3)), DType::Int64)).sizes() == Shape{1, 0});
    CHECK_THROWS_WITH(index(x, {select(m, 0, 0), arange(Scalar(int64_t(2)))}),
                      Catch::Contains("The shape of the mask [5, 6] at index 0 does not match"));
}

// where/masked_fill/bool conversions read bool as bytes (vectorizable loops): the values are the
// definition's, for contiguous and broadcast operands.
TEST_CASE("where, masked_fill and bool conversions on masks", "[tensor][pointwise]") {
    manual_seed(5);
    Tensor a = randn({3, 70}), b = randn({3, 70});
    Tensor m = lt(a, Scalar(0.0));
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector();
    std::vector<int64_t> mv = m.to_int_vector();
    std::vector<double> w1, w2, w3, mf;
    for (size_t i = 0; i < av.size(); ++i) {
        w1.push_back(mv[i] ? av[i] : bv[i]);
        w2.push_back(mv[i] ? 0.0 : bv[i]);
        w3.push_back(mv[i] ? av[i] : 1.5);
        mf.push_back(double(mv[i]));
    }
    CHECK(where(m, a, b).to_double_vector() == w1);
    CHECK(where(m, Scalar(0.0), b).to_double_vector() == w2);
    CHECK(where(m, a, Scalar(1.5)).to_double_vector() == w3);
    CHECK(masked_fill(b, m, Scalar(0.0)).to_double_vector() == w2);
    CHECK(to_dtype(m, DType::Float32).to_double_vector() == mf);
    CHECK(equal(to_dtype(to_dtype(m, DType::Float32), DType::Bool), m));
    CHECK(equal(logical_not(logical_not(m)), m));
    CHECK(to_dtype(mul(b, m), DType::Float64).to_double_vector() ==
          to_dtype(where(m, b, Scalar(0.0)), DType::Float64).to_double_vector());
}
