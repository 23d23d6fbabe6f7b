// Reductions (reduce.cpp): values against float64 reference loops written out below, output
// shapes and dtypes, PyTorch's error texts, grad_fn names, and gradcheck for every differentiable op.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "support/check.h"
#include "tensor/parallel.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// The oracle's building block: the elements of a row-major tensor grouped by the output element of
// a reduction over `dims` (empty = all), each group in row-major order.
std::vector<std::vector<double>> reduce_groups(const Tensor& x, std::vector<int64_t> dims) {
    const Shape& shape = x.sizes();
    const int64_t nd = int64_t(shape.size());
    std::vector<bool> red(size_t(nd), dims.empty());
    for (int64_t d : dims)
        if (nd > 0) red[size_t((d + nd) % nd)] = true;
    int64_t n_out = 1;
    for (int64_t k = 0; k < nd; ++k)
        if (!red[size_t(k)]) n_out *= shape[size_t(k)];
    std::vector<std::vector<double>> groups{}; groups.resize(size_t(n_out));
    std::vector<double> v = x.to_double_vector();
    std::vector<int64_t> idx(size_t(nd), 0);
    for (size_t i = 0; i < v.size(); ++i) {
        int64_t o = 0;
        for (int64_t k = 0; k < nd; ++k)
            if (!red[size_t(k)]) o = o * shape[size_t(k)] + idx[size_t(k)];
        groups[size_t(o)].push_back(v[i]);
        for (int64_t k = nd - 1; k >= 0; --k) {
            if (++idx[size_t(k)] < shape[size_t(k)]) break;
            idx[size_t(k)] = 0;
        }
    }
    return groups;
}

template <typename F>
std::vector<double> ref_reduce(const Tensor& x, const std::vector<int64_t>& dims, F f) {
    std::vector<double> out;
    for (const auto& g : reduce_groups(x, dims)) out.push_back(f(g));
    return out;
}

double ref_sum(const std::vector<double>& g) { return std::accumulate(g.begin(), g.end(), 0.0); }
double ref_mean(const std::vector<double>& g) { return ref_sum(g) / double(g.size()); }
double ref_var(const std::vector<double>& g, double correction) {
    double m = ref_mean(g), s = 0;
    for (double v : g) s += (v - m) * (v - m);
    return s / std::max(0.0, double(g.size()) - correction);
}

// The expected output shape of a reduction.
Shape reduced_shape(const Shape& in, std::vector<int64_t> dims, bool keepdim) {
    const int64_t nd = int64_t(in.size());
    std::vector<bool> red(size_t(nd), dims.empty());
    for (int64_t d : dims)
        if (nd > 0) red[size_t((d + nd) % nd)] = true;
    Shape out;
    for (int64_t k = 0; k < nd; ++k) {
        if (!red[size_t(k)]) out.push_back(in[size_t(k)]);
        else if (keepdim) out.push_back(1);
    }
    return out;
}


// Float32 data with a fixed pattern, including negatives.
Tensor f32_input(const Shape& shape, uint32_t seed = 7) {
    return to_dtype(test_input(shape, seed, -2.0, 2.0, false), DType::Float32);
}

const std::vector<std::vector<int64_t>> kDimSets = {{}, {0}, {1}, {2}, {-1}, {0, 2}, {-1, 0}, {0, 1, 2}};

}  // namespace

// ---- sum -------------------------------------------------------------------------------------------

TEST_CASE("sum over every set of dims matches the reference", "[reduce][sum]") {
    Tensor x = f32_input({3, 4, 5});
    for (const auto& dims : kDimSets) {
        for (bool keepdim : {false, true}) {
            Tensor s = sum(x, dims, keepdim);
            INFO("dims " << shape_str(dims) << " keepdim " << keepdim);
            CHECK(s.sizes() == reduced_shape(x.sizes(), dims, keepdim));
            CHECK(s.dtype() == DType::Float32);
            check_close(s, ref_reduce(x, dims, ref_sum), 1e-5, 1e-5);
        }
    }
}

TEST_CASE("sum of non-contiguous inputs (transposed, sliced, expanded)", "[reduce][sum]") {
    Tensor base = f32_input({6, 5, 4});
    Tensor xt = permute(base, {2, 0, 1});                      // [4, 6, 5]
    Tensor xs = slice(base, 1, 1, 5, 2);                       // [6, 2, 4] strided
    Tensor xe = expand(f32_input({1, 7}), {9, 7});             // stride 0
    for (const auto& dims : std::vector<std::vector<int64_t>>{{}, {0}, {1}, {-1}, {0, 1}}) {
        INFO("dims " << shape_str(dims));
        check_close(sum(xt, dims), ref_reduce(xt, dims, ref_sum), 1e-5, 1e-5);
        check_close(sum(xs, dims), ref_reduce(xs, dims, ref_sum), 1e-5, 1e-5);
        check_close(sum(xe, dims), ref_reduce(xe, dims, ref_sum), 1e-5, 1e-5);
    }
}

TEST_CASE("sum over dim 0 of a wide matrix (column sums, the bias-gradient case)", "[reduce][sum]") {
    Tensor x = f32_input({300, 129});
    check_close(sum(x, {0}), ref_reduce(x, {0}, ref_sum), 1e-5, 1e-4);
    check_close(sum(x, {0}, true), ref_reduce(x, {0}, ref_sum), 1e-5, 1e-4);
    Tensor y = f32_input({7, 50, 33});
    check_close(sum(y, {1}), ref_reduce(y, {1}, ref_sum), 1e-5, 1e-4);
    check_close(sum(y, {0, 1}), ref_reduce(y, {0, 1}, ref_sum), 1e-5, 1e-4);
}

TEST_CASE("sum of a large float32 tensor stays accurate (parallel chunks)", "[reduce][sum]") {
    const int64_t n = 1 << 21;
    Tensor x = full({n}, Scalar(0.1), {DType::Float32});
    double expected = double(n) * double(0.1f);
    CHECK(std::fabs(sum(x).item_double() - expected) <= 1e-6 * expected);
    Tensor r = reshape(x, {2, n / 2});
    check_close(sum(r, {1}), {expected / 2, expected / 2}, 1e-6, 0);
}

TEST_CASE("sum dtypes: int64 and bool sum to int64, dtype= converts first", "[reduce][sum]") {
    Tensor i = tensor({1, 2, 3, 4, 5, 6}, {2, 3}, DType::Int64);
    Tensor si = sum(i, {1});
    CHECK(si.dtype() == DType::Int64);
    CHECK(si.to_int_vector() == std::vector<int64_t>{6, 15});
    Tensor b = tensor({1, 0, 1, 1}, {4}, DType::Bool);
    Tensor sb = sum(b);
    CHECK(sb.dtype() == DType::Int64);
    CHECK(sb.item().to_int() == 3);
    Tensor big = tensor({4e15, 1, 1}, {3}, DType::Int64);  // exact in int64, not in float
    CHECK(sum(big).item().to_int() == int64_t(4e15) + 2);
    Tensor sd = sum(f32_input({4, 3}), {0}, false, DType::Float64);
    CHECK(sd.dtype() == DType::Float64);
    Tensor h = to_dtype(f32_input({64}), DType::Float16);
    CHECK(sum(h).dtype() == DType::Float16);
    CHECK(std::fabs(sum(h).item_double() - ref_sum(h.to_double_vector())) < 0.02);
    CHECK(sum(to_dtype(h, DType::BFloat16)).dtype() == DType::BFloat16);
}

TEST_CASE("sum of empty and 0-dim tensors", "[reduce][sum]") {
    Tensor e = zeros({0, 3});
    CHECK(sum(e).item_double() == 0.0);
    check_close(sum(e, {0}), {0, 0, 0});
    CHECK(sum(e, {1}).sizes() == Shape{0});
    Tensor s = scalar_tensor(Scalar(2.5));
    CHECK(sum(s).item_double() == 2.5);
    CHECK(sum(s, {0}).sizes() == Shape{});
    CHECK(sum(s, {-1}, true).sizes() == Shape{});
}

TEST_CASE("sum rejects repeated and out-of-range dims", "[reduce][sum]") {
    Tensor x = zeros({2, 3});
    CHECK_THROWS_WITH(sum(x, {1, -1}), Catch::Contains("dim 1 appears multiple times in the list of dims"));
    CHECK_THROWS_WITH(sum(x, {2}), Catch::Contains("Dimension out of range"));
}

TEST_CASE("sum backward: SumBackward0/1 and gradcheck over dims", "[reduce][sum][autograd]") {
    Tensor x = test_input({2, 3, 4});
    CHECK(grad_fn_name(sum(x)) == "SumBackward0");
    CHECK(grad_fn_name(sum(x, {1})) == "SumBackward1");
    for (const auto& dims : kDimSets)
        for (bool keepdim : {false, true}) {
            INFO("dims " << shape_str(dims) << " keepdim " << keepdim);
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return sum(in[0], dims, keepdim); }, {x}));
        }
    Tensor y = test_input({5});
    Tensor l = sum(y);
    autograd::backward({l});
    check_close(y.grad(), std::vector<double>(5, 1.0));
}

// ---- mean ------------------------------------------------------------------------------------------

TEST_CASE("mean matches the reference and keeps the dtype", "[reduce][mean]") {
    Tensor x = f32_input({4, 3, 5});
    for (const auto& dims : kDimSets)
        for (bool keepdim : {false, true}) {
            Tensor m = mean(x, dims, keepdim);
            CHECK(m.sizes() == reduced_shape(x.sizes(), dims, keepdim));
            CHECK(m.dtype() == DType::Float32);
            check_close(m, ref_reduce(x, dims, ref_mean), 1e-5, 1e-6);
        }
    CHECK(std::isnan(mean(zeros({0})).item_double()));
}

TEST_CASE("mean of integers is an error with PyTorch's message", "[reduce][mean]") {
    CHECK_THROWS_WITH(mean(tensor({1, 2}, {2}, DType::Int64)),
                      "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                      "dtype. Got: Long");
    CHECK_THROWS_WITH(mean(tensor({1, 0}, {2}, DType::Bool)), Catch::Contains("Got: Bool"));
}

TEST_CASE("mean backward: MeanBackward0/1 and gradcheck", "[reduce][mean][autograd]") {
    Tensor x = test_input({3, 4, 2});
    CHECK(grad_fn_name(mean(x)) == "MeanBackward0");
    CHECK(grad_fn_name(mean(x, {0})) == "MeanBackward1");
    for (const auto& dims : kDimSets)
        for (bool keepdim : {false, true})
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return mean(in[0], dims, keepdim); }, {x}));
}

// ---- prod ------------------------------------------------------------------------------------------

TEST_CASE("prod values and dtypes", "[reduce][prod]") {
    Tensor x = f32_input({3, 4});
    auto ref_prod = [](const std::vector<double>& g) {
        double p = 1;
        for (double v : g) p *= v;
        return p;
    };
    check_close(prod(x), ref_reduce(x, {}, ref_prod), 1e-5, 1e-7);
    for (int64_t d : {0, 1, -1})
        for (bool keepdim : {false, true}) {
            Tensor p = prod(x, d, keepdim);
            CHECK(p.sizes() == reduced_shape(x.sizes(), {d}, keepdim));
            check_close(p, ref_reduce(x, {d}, ref_prod), 1e-5, 1e-7);
        }
    Tensor i = tensor({1, 2, 3, 4}, {2, 2}, DType::Int64);
    CHECK(prod(i).dtype() == DType::Int64);
    CHECK(prod(i).item().to_int() == 24);
    CHECK(prod(i, 0).to_int_vector() == std::vector<int64_t>{3, 8});
    CHECK(prod(tensor({1, 1, 0}, {3}, DType::Bool)).dtype() == DType::Int64);
    CHECK(prod(zeros({0})).item_double() == 1.0);
}

TEST_CASE("prod backward: ProdBackward0/1 and gradcheck without zeros", "[reduce][prod][autograd]") {
    Tensor x = test_input({3, 4}, 3, 0.5, 1.5);
    CHECK(grad_fn_name(prod(x)) == "ProdBackward0");
    CHECK(grad_fn_name(prod(x, 1)) == "ProdBackward1");
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return prod(in[0]); }, {x}));
    for (int64_t d : {0, 1, -1})
        for (bool keepdim : {false, true})
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return prod(in[0], d, keepdim); }, {x}));
    Tensor neg = test_input({2, 3}, 4, -1.5, -0.5);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return prod(in[0], 0); }, {neg}));
}

TEST_CASE("prod backward with one zero and with two zeros", "[reduce][prod][autograd]") {
    // One zero: only the zero's gradient is non-zero (the product of the others).
    Tensor x = tensor({2, 0, 3, 4}, {4}, DType::Float64, true);
    autograd::backward({prod(x)});
    check_close(x.grad(), {0, 24, 0, 0});
    // Two zeros: everything is zero.
    Tensor y = tensor({2, 0, 3, 0}, {4}, DType::Float64, true);
    autograd::backward({prod(y)});
    check_close(y.grad(), {0, 0, 0, 0});
    // Along a dim: rows with and without zeros.
    Tensor z = tensor({1, 2, 3, 0, 5, 6}, {2, 3}, DType::Float64, true);
    autograd::backward({prod(z, 1)}, {ones({2}, {DType::Float64})});
    check_close(z.grad(), {6, 3, 2, 30, 0, 0});
    Tensor w = test_input({3, 3}, 9);
    w.data_ptr<double>()[4] = 0.0;
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return prod(in[0], 1); }, {w}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return prod(in[0]); }, {w}));
}

// ---- max / min -------------------------------------------------------------------------------------

TEST_CASE("max() and min() over all elements", "[reduce][max]") {
    Tensor x = f32_input({4, 5});
    std::vector<double> v = x.to_double_vector();
    CHECK(max(x).item_double() == *std::max_element(v.begin(), v.end()));
    CHECK(min(x).item_double() == *std::min_element(v.begin(), v.end()));
    CHECK(max(x).sizes() == Shape{});
    CHECK(max(tensor({3, 9, 2}, {3}, DType::Int64)).item().to_int() == 9);
    CHECK(std::isnan(max(tensor({1, kNaN, 3}, {3})).item_double()));
    CHECK(std::isnan(min(tensor({1, kNaN, 3}, {3})).item_double()));
    CHECK_THROWS_WITH(max(zeros({0, 2})),
                      "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
                      "dim with the 'dim' argument.");
    CHECK_THROWS_WITH(min(zeros({0})), Catch::Contains("min(): Expected reduction dim to be specified"));
}

TEST_CASE("max() backward splits the gradient evenly among ties (MaxBackward1)", "[reduce][max][autograd]") {
    Tensor x = tensor({1, 5, 5, 2}, {2, 2}, DType::Float64, true);
    Tensor m = max(x);
    CHECK(grad_fn_name(m) == "MaxBackward1");
    autograd::backward({m});
    check_close(x.grad(), {0, 0.5, 0.5, 0});
    Tensor y = test_input({3, 4});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return max(in[0]); }, {y}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return min(in[0]); }, {y}));
    CHECK(grad_fn_name(min(y)) == "MinBackward1");
}

TEST_CASE("max(dim) and min(dim) return values and first indices", "[reduce][max]") {
    Tensor x = f32_input({3, 4, 5});
    for (int64_t d : {0, 1, 2, -1})
        for (bool keepdim : {false, true}) {
            auto [v, i] = max(x, d, keepdim);
            auto [vn, in] = min(x, d, keepdim);
            CHECK(v.sizes() == reduced_shape(x.sizes(), {d}, keepdim));
            CHECK(i.dtype() == DType::Int64);
            std::vector<double> ev, ei, evn, ein;
            for (const auto& g : reduce_groups(x, {d})) {
                auto mx = std::max_element(g.begin(), g.end());
                auto mn = std::min_element(g.begin(), g.end());
                ev.push_back(*mx);
                ei.push_back(double(mx - g.begin()));
                evn.push_back(*mn);
                ein.push_back(double(mn - g.begin()));
            }
            check_close(v, ev, 0, 0);
            check_close(i, ei, 0, 0);
            check_close(vn, evn, 0, 0);
            check_close(in, ein, 0, 0);
        }
}

TEST_CASE("max(dim) picks the first index among ties and propagates NaN", "[reduce][max]") {
    Tensor x = tensor({3, 1, 3, 2, 2, 0, kNaN, 5, kNaN}, {3, 3});
    auto [v, i] = max(x, 1);
    check_close(v, {3, 2, kNaN});
    CHECK(i.to_int_vector() == std::vector<int64_t>{0, 0, 0});
    auto [vn, in] = min(x, 1);
    check_close(vn, {1, 0, kNaN});
    CHECK(in.to_int_vector() == std::vector<int64_t>{1, 2, 0});
    Tensor t = tensor({4, 4, 4, 4}, {4}, DType::Int64);
    CHECK(max(t, 0).second.item().to_int() == 0);
    CHECK(min(t, 0).second.item().to_int() == 0);
}

// Long float rows take the vectorized run (ops/extreme_run.h) and, for indices, a second pass; one
// row long enough is split into chunks reduced in parallel. Against a plain scalar scan: ties at
// several places, NaN first, late or in the 16-lane tail, rows of -inf, float and double.
TEST_CASE("max/min/amax/amin over long rows match a scalar scan (ties, NaN, -inf)", "[reduce][max]") {
    const int64_t cols[] = {1000, 37, 16, 200003};
    for (DType dt : {DType::Float32, DType::Float64})
        for (int64_t n : cols) {
            const int64_t rows = n > 100000 ? 1 : 7;
            std::vector<double> v(size_t(rows * n));
            for (size_t i = 0; i < v.size(); ++i) v[i] = double((i * 7919) % 997) - 400.0;  // ties galore
            auto at = [&](int64_t r, int64_t c) -> double& { return v[size_t(r * n + std::min(c, n - 1))]; };
            if (rows > 1) {
                at(1, 0) = kNaN;               // NaN first
                at(2, n - 1) = kNaN;           // NaN last (the tail of 16 lanes)
                at(3, n / 2) = kNaN, at(3, n / 2 + 5) = kNaN;
                for (int64_t c = 0; c < n; ++c) at(4, c) = -kInf;  // all -inf
                at(5, n / 3) = kInf, at(5, n - 2) = kInf;           // +inf twice
            } else {
                at(0, n - 10) = 1e6, at(0, 3 * n / 4) = 1e6;  // the max twice, in different chunks
                at(0, n / 5) = -1e6;
            }
            const Tensor x = tensor(v, {rows, n}, dt);
            auto [mx, imx] = max(x, 1);
            auto [mn, imn] = min(x, 1);
            const std::vector<double> amx = amax(x, {1}, false).to_double_vector(), amn = amin(x, {1}, false).to_double_vector();
            const std::vector<double> vmx = mx.to_double_vector(), vmn = mn.to_double_vector();
            const std::vector<int64_t> jmx = imx.to_int_vector(), jmn = imn.to_int_vector();
            for (int64_t r = 0; r < rows; ++r) {
                INFO("dtype " << dtype_name(dt) << ", row " << r << " of " << n);
                int64_t bi = 0, si = 0;  // first max / first min, NaN winning
                for (int64_t c = 1; c < n; ++c) {
                    const double e = at(r, c), b = at(r, bi), sm = at(r, si);
                    if (!std::isnan(b) && (std::isnan(e) || e > b)) bi = c;
                    if (!std::isnan(sm) && (std::isnan(e) || e < sm)) si = c;
                }
                CHECK(jmx[size_t(r)] == bi);
                CHECK(jmn[size_t(r)] == si);
                for (auto [got, want] : {std::pair{vmx[size_t(r)], at(r, bi)}, std::pair{amx[size_t(r)], at(r, bi)},
                                         std::pair{vmn[size_t(r)], at(r, si)}, std::pair{amn[size_t(r)], at(r, si)}}) {
                    if (std::isnan(want)) CHECK(std::isnan(got));
                    else CHECK(got == want);
                }
            }
        }
}

TEST_CASE("max(dim) on an empty dim is an IndexError", "[reduce][max]") {
    CHECK_THROWS_WITH(max(zeros({0, 3}), 0), "max(): Expected reduction dim 0 to have non-zero size.");
    CHECK(max(zeros({0, 3}), 1).first.sizes() == Shape{0});
    try {
        min(zeros({2, 0}), 1);
        FAIL("expected an error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::IndexError);
    }
}

TEST_CASE("max(dim) backward routes the gradient to the chosen index (MaxBackward0)", "[reduce][max][autograd]") {
    Tensor x = tensor({1, 7, 7, 2, 0, 2}, {2, 3}, DType::Float64, true);
    auto [v, i] = max(x, 1);
    CHECK(grad_fn_name(v) == "MaxBackward0");
    CHECK(!i.requires_grad());
    autograd::backward({v}, {tensor({10, 20}, {2}, DType::Float64)});
    check_close(x.grad(), {0, 10, 0, 20, 0, 0});  // ties: the first index only
    Tensor y = test_input({3, 4, 2});
    for (int64_t d : {0, 1, -1})
        for (bool keepdim : {false, true}) {
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return max(in[0], d, keepdim).first; }, {y}));
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return min(in[0], d, keepdim).first; }, {y}));
        }
    CHECK(grad_fn_name(min(y, 0).first) == "MinBackward0");
}

// ---- amax / amin / argmax / argmin -----------------------------------------------------------------

TEST_CASE("amax and amin over sets of dims", "[reduce][amax]") {
    Tensor x = f32_input({3, 4, 5});
    auto rmax = [](const std::vector<double>& g) { return *std::max_element(g.begin(), g.end()); };
    auto rmin = [](const std::vector<double>& g) { return *std::min_element(g.begin(), g.end()); };
    for (const auto& dims : kDimSets)
        for (bool keepdim : {false, true}) {
            Tensor a = amax(x, dims, keepdim);
            CHECK(a.sizes() == reduced_shape(x.sizes(), dims, keepdim));
            check_close(a, ref_reduce(x, dims, rmax), 0, 0);
            check_close(amin(x, dims, keepdim), ref_reduce(x, dims, rmin), 0, 0);
        }
    Tensor xt = transpose(x, 0, 2);
    check_close(amax(xt, {0, 1}), ref_reduce(xt, {0, 1}, rmax), 0, 0);
    CHECK_THROWS_WITH(amax(zeros({2, 0}), {1}), Catch::Contains("amax(): Expected reduction dim 1 to have non-zero size."));
}

TEST_CASE("amax backward splits evenly among ties (AmaxBackward0)", "[reduce][amax][autograd]") {
    Tensor x = tensor({1, 3, 3, 3, 0, 3}, {2, 3}, DType::Float64, true);
    Tensor a = amax(x, {1});
    CHECK(grad_fn_name(a) == "AmaxBackward0");
    autograd::backward({a}, {tensor({1, 1}, {2}, DType::Float64)});
    check_close(x.grad(), {0, 0.5, 0.5, 0.5, 0, 0.5});
    Tensor y = test_input({3, 4, 2});
    CHECK(grad_fn_name(amin(y)) == "AminBackward0");
    for (const auto& dims : kDimSets)
        for (bool keepdim : {false, true}) {
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return amax(in[0], dims, keepdim); }, {y}));
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return amin(in[0], dims, keepdim); }, {y}));
        }
}

TEST_CASE("argmax and argmin with and without dim", "[reduce][argmax]") {
    Tensor x = tensor({1, 9, 3, 9, 0, -4}, {2, 3});
    CHECK(argmax(x).item().to_int() == 1);  // first of the two 9s, in flattened order
    CHECK(argmin(x).item().to_int() == 5);
    CHECK(argmax(x).sizes() == Shape{});
    CHECK(argmax(x, std::nullopt, true).sizes() == Shape{1, 1});
    CHECK(argmax(x, 1).to_int_vector() == std::vector<int64_t>{1, 0});
    CHECK(argmin(x, 0).to_int_vector() == std::vector<int64_t>{0, 1, 1});
    CHECK(argmax(x, -1, true).sizes() == Shape{2, 1});
    Tensor xt = transpose(tensor({1, 2, 3, 9, 0, -4}, {2, 3}), 0, 1);  // [[1, 9], [2, 0], [3, -4]]
    CHECK(argmax(xt).item().to_int() == 1);  // logical order of the transposed view, not storage order
    CHECK(argmin(xt).item().to_int() == 5);
    Tensor y = f32_input({4, 6});
    std::vector<double> ei;
    for (const auto& g : reduce_groups(y, {0})) ei.push_back(double(std::max_element(g.begin(), g.end()) - g.begin()));
    check_close(argmax(y, 0), ei, 0, 0);
    CHECK(argmax(y, 0).dtype() == DType::Int64);
    CHECK_THROWS_WITH(argmax(zeros({0})), "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
    CHECK_THROWS_WITH(argmin(zeros({0, 2}), 0), "argmin(): Expected reduction dim 0 to have non-zero size.");
}

// ---- var / std -------------------------------------------------------------------------------------

TEST_CASE("var and std with corrections 0, 1 and 2", "[reduce][var]") {
    Tensor x = f32_input({4, 3, 6});
    for (const auto& dims : kDimSets)
        for (double c : {0.0, 1.0, 2.0})
            for (bool keepdim : {false, true}) {
                INFO("dims " << shape_str(dims) << " correction " << c);
                Tensor v = var(x, dims, c, keepdim);
                CHECK(v.sizes() == reduced_shape(x.sizes(), dims, keepdim));
                check_close(v, ref_reduce(x, dims, [c](const std::vector<double>& g) { return ref_var(g, c); }), 1e-4, 1e-6);
                check_close(kiln::std_dev(x, dims, c, keepdim),
                            ref_reduce(x, dims, [c](const std::vector<double>& g) { return std::sqrt(ref_var(g, c)); }),
                            1e-4, 1e-6);
            }
}

TEST_CASE("var is accurate for large offsets and long rows", "[reduce][var]") {
    // Welford / two-pass: a naive sum-of-squares formula would lose everything here.
    std::vector<double> v(100000);
    for (size_t i = 0; i < v.size(); ++i) v[i] = 1e8 + double(i % 7);
    Tensor x = tensor(v, {int64_t(v.size())}, DType::Float64);
    CHECK(std::fabs(var(x).item_double() - ref_var(v, 1.0)) < 1e-9 * ref_var(v, 1.0) + 1e-9);
    Tensor big = reshape(x, {2, 50000});
    Tensor cols = var(transpose(big, 0, 1), {1});  // strided rows (Welford path)
    CHECK(cols.sizes() == Shape{50000});
    std::vector<double> c = cols.to_double_vector();
    CHECK(std::fabs(c[0] - ref_var({v[0], v[50000]}, 1.0)) < 1e-6);
}

TEST_CASE("var of one element is nan, ints are rejected", "[reduce][var]") {
    CHECK(std::isnan(var(tensor({3}, {1})).item_double()));
    CHECK(std::isnan(kiln::std_dev(tensor({3}, {1})).item_double()));
    CHECK(var(tensor({3}, {1}), {}, 0.0).item_double() == 0.0);
    CHECK_THROWS_WITH(var(tensor({1, 2}, {2}, DType::Int64)), "std and var only support floating point and complex dtypes");
    CHECK_THROWS_WITH(kiln::std_dev(tensor({1, 2}, {2}, DType::Int64)), Catch::Contains("std and var only support"));
}

TEST_CASE("var and std backward: VarBackward0, StdBackward0, gradcheck", "[reduce][var][autograd]") {
    Tensor x = test_input({3, 4, 2});
    CHECK(grad_fn_name(var(x)) == "VarBackward0");
    CHECK(grad_fn_name(kiln::std_dev(x, {1})) == "StdBackward0");
    for (const auto& dims : kDimSets)
        for (double c : {0.0, 1.0})
            for (bool keepdim : {false, true}) {
                CHECK(gradcheck([&](const std::vector<Tensor>& in) { return var(in[0], dims, c, keepdim); }, {x}));
                CHECK(gradcheck([&](const std::vector<Tensor>& in) { return kiln::std_dev(in[0], dims, c, keepdim); }, {x}));
            }
}

// ---- softmax / log_softmax -------------------------------------------------------------------------

namespace {
// Reference softmax along `dim` of a float64 copy, by groups (each group is one softmax row).
std::vector<double> ref_softmax(const Tensor& x, int64_t dim, bool log) {
    const int64_t nd = x.dim();
    const int64_t d = (dim + nd) % nd;
    std::vector<int64_t> others;
    for (int64_t k = 0; k < nd; ++k)
        if (k != d) others.push_back(k);
    // Move dim last, compute rows, move back via index arithmetic.
    Tensor moved = contiguous(movedim(x.detach(), d, -1));
    std::vector<double> v = moved.to_double_vector();
    const int64_t n = x.size(d);
    std::vector<double> r(v.size());
    for (size_t b = 0; b < v.size(); b += size_t(n)) {
        double m = -kInf;
        for (int64_t i = 0; i < n; ++i) m = std::max(m, v[b + size_t(i)]);
        double s = 0;
        for (int64_t i = 0; i < n; ++i) s += std::exp(v[b + size_t(i)] - m);
        for (int64_t i = 0; i < n; ++i)
            r[b + size_t(i)] = log ? v[b + size_t(i)] - m - std::log(s) : std::exp(v[b + size_t(i)] - m) / s;
    }
    Shape ms = moved.sizes();
    Tensor back = movedim(tensor(r, ms, DType::Float64), -1, d);
    return back.to_double_vector();
}
}  // namespace

TEST_CASE("softmax along each dim matches the reference", "[reduce][softmax]") {
    Tensor x = f32_input({3, 4, 5});
    for (int64_t d : {0, 1, 2, -1, -2}) {
        Tensor s = softmax(x, d);
        CHECK(s.sizes() == x.sizes());
        CHECK(s.dtype() == DType::Float32);
        check_close(s, ref_softmax(x, d, false), 1e-5, 1e-6);
        check_close(log_softmax(x, d), ref_softmax(x, d, true), 1e-5, 1e-5);
    }
    Tensor xt = transpose(f32_input({6, 70}), 0, 1);  // non-contiguous input
    check_close(softmax(xt, -1), ref_softmax(xt, -1, false), 1e-5, 1e-6);
    check_close(softmax(xt, 0), ref_softmax(xt, 0, false), 1e-5, 1e-6);
}

TEST_CASE("softmax is stable for large logits and handles -inf", "[reduce][softmax]") {
    Tensor x = tensor({1000, 1001, 1002, -1000, -1001, -1002}, {2, 3});
    std::vector<double> e = {std::exp(-2.0), std::exp(-1.0), 1.0};
    double s = e[0] + e[1] + e[2];
    check_close(softmax(x, 1), {e[0] / s, e[1] / s, e[2] / s, e[2] / s, e[1] / s, e[0] / s}, 1e-5, 1e-7);
    check_close(log_softmax(x, 1), {-2 - std::log(s), -1 - std::log(s), -std::log(s), -std::log(s),
                                    -1 - std::log(s), -2 - std::log(s)}, 1e-5, 1e-5);
    // A masked (attention-style) row: -inf entries get exactly 0.
    Tensor m = tensor({0, -kInf, 0, -kInf}, {1, 4});
    CHECK(softmax(m, 1).to_double_vector() == std::vector<double>{0.5, 0, 0.5, 0});
    Tensor mc = tensor({0, -kInf, 0, -kInf}, {4, 1});
    CHECK(softmax(mc, 0).to_double_vector() == std::vector<double>{0.5, 0, 0.5, 0});
    // All -inf gives NaN (as PyTorch), NaN propagates through the row.
    CHECK(std::isnan(softmax(tensor({-kInf, -kInf}, {2}), 0).to_double_vector()[0]));
    std::vector<double> nanrow = softmax(tensor({1, kNaN, 2}, {3}), 0).to_double_vector();
    CHECK(std::isnan(nanrow[0]));
    CHECK(std::isnan(nanrow[2]));
}

TEST_CASE("softmax dtype argument, integer inputs and 0-dim input", "[reduce][softmax]") {
    Tensor x = f32_input({2, 3});
    Tensor s = softmax(x, 1, DType::Float64);
    CHECK(s.dtype() == DType::Float64);
    check_close(s, ref_softmax(x, 1, false), 1e-12, 1e-12);
    CHECK(log_softmax(x, 1, DType::Float64).dtype() == DType::Float64);
    Tensor i = tensor({1, 2, 3}, {3}, DType::Int64);
    CHECK_THROWS_WITH(softmax(i, 0), "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
    CHECK_THROWS_WITH(log_softmax(reshape(i, {3, 1}), 0), "\"log_softmax_kernel_impl\" not implemented for 'Long'");
    check_close(softmax(i, 0, DType::Float32), ref_softmax(to_dtype(i, DType::Float64), 0, false), 1e-6, 1e-7);
    CHECK(softmax(scalar_tensor(Scalar(3.0)), 0).item_double() == 1.0);
    CHECK(log_softmax(scalar_tensor(Scalar(3.0)), -1).item_double() == 0.0);
    CHECK(softmax(zeros({0, 4}), 1).sizes() == Shape{0, 4});
    Tensor h = to_dtype(x, DType::Float16);
    CHECK(softmax(h, 1).dtype() == DType::Float16);
    check_close(softmax(h, 1), ref_softmax(to_dtype(h, DType::Float64), 1, false), 2e-3, 1e-3);
}

TEST_CASE("softmax of a large float32 matrix: rows sum to one", "[reduce][softmax]") {
    Tensor x = mul(f32_input({256, 3000}), Scalar(10.0));
    Tensor s = softmax(x, -1);
    check_close(sum(s, {1}), std::vector<double>(256, 1.0), 1e-5, 1e-5);
    std::vector<double> row0 = slice(x, 0, 0, 1).to_double_vector();
    Tensor r0 = tensor(row0, {1, 3000}, DType::Float64);
    check_close(slice(s, 0, 0, 1), ref_softmax(r0, 1, false), 1e-4, 1e-9);
}

TEST_CASE("softmax and log_softmax backward: names and gradcheck", "[reduce][softmax][autograd]") {
    Tensor x = test_input({3, 4, 2});
    CHECK(grad_fn_name(softmax(x, 1)) == "SoftmaxBackward0");
    CHECK(grad_fn_name(log_softmax(x, 1)) == "LogSoftmaxBackward0");
    for (int64_t d : {0, 1, 2, -1}) {
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return softmax(in[0], d); }, {x}));
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return log_softmax(in[0], d); }, {x}));
    }
}

TEST_CASE("softmax and log_softmax backward over rows (one pass) match their formulas", "[reduce][softmax][autograd]") {
    // softmax's input gradient over the innermost dim runs one pass per row (softmax_backward_rows;
    // log_softmax's is composed): rows of 65 (a ViT's 65 tokens), a trailing size-1 dim, a
    // non-contiguous gradient, float32 against the float64 formula y * (g - sum(g * y)) / g - exp(y) * sum(g).
    // (That the one-pass arithmetic is the composition's, bit for bit, is what keeps realworld
    // programs' trained losses unchanged: realworld.spiral_course_plot_lib printed other decision
    // regions with a differently ordered sum.)
    for (const Shape& shape : {Shape{6, 3, 65}, Shape{4, 17, 1}, Shape{1, 1}})
        for (bool log : {false, true}) {
            const int64_t d = shape.size() == 3 && shape[2] == 1 ? 1 : int64_t(shape.size()) - 1;
            Tensor gt = test_input(Shape{shape.rbegin(), shape.rend()}, 9, -1, 1, false);
            std::vector<int64_t> rev;
            for (int64_t i = int64_t(shape.size()) - 1; i >= 0; --i) rev.push_back(i);
            Tensor g = to_dtype(permute(gt, rev), DType::Float32);  // non-contiguous
            Tensor xf = to_dtype(test_input(shape, 3, -4, 4, false), DType::Float32).detach();
            xf.requires_grad_(true);
            Tensor y = log ? log_softmax(xf, d) : softmax(xf, d);
            Tensor gx = autograd::grad({y}, {xf}, {g})[0];
            Tensor yd = to_dtype(y.detach(), DType::Float64), gd = to_dtype(g, DType::Float64);
            Tensor ref = log ? sub(gd, mul(exp(yd), sum(gd, {d}, true))) : mul(yd, sub(gd, sum(mul(gd, yd), {d}, true)));
            INFO("shape " << shape_str(shape) << " log " << log);
            check_close(gx, ref.to_double_vector(), 1e-5, 1e-6);
        }
}

TEST_CASE("softmax double backward through create_graph", "[reduce][softmax][autograd]") {
    // d/dx of sum(grad_x(sum(w * softmax(x)))) compared with finite differences of the first grad.
    Tensor x = test_input({5});
    Tensor w = test_input({5}, 11, -1, 1, false);
    auto first_grad = [&](const Tensor& xx) {
        autograd::GradModeGuard enable(true);  // gradcheck evaluates f under no_grad
        Tensor y = sum(mul(softmax(xx, 0), w));
        return autograd::grad({y}, {xx}, {}, false, true)[0];
    };
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return first_grad(in[0]); }, {x}));
}

// ---- logsumexp -------------------------------------------------------------------------------------

TEST_CASE("logsumexp matches the reference and handles infinities", "[reduce][logsumexp]") {
    Tensor x = f32_input({3, 4, 5});
    auto rlse = [](const std::vector<double>& g) {
        double m = *std::max_element(g.begin(), g.end()), s = 0;
        for (double v : g) s += std::exp(v - m);
        return m + std::log(s);
    };
    for (const auto& dims : kDimSets)
        for (bool keepdim : {false, true}) {
            if (dims.empty()) continue;
            Tensor l = logsumexp(x, dims, keepdim);
            CHECK(l.sizes() == reduced_shape(x.sizes(), dims, keepdim));
            check_close(l, ref_reduce(x, dims, rlse), 1e-5, 1e-5);
        }
    check_close(logsumexp(tensor({1000, 1000}, {2}), {0}), {1000 + std::log(2.0)}, 1e-6, 0);
    check_close(logsumexp(tensor({-kInf, -kInf, 1, -kInf}, {2, 2}), {1}), {-kInf, 1});
    check_close(logsumexp(tensor({kInf, 1, kInf, kInf}, {2, 2}), {1}), {kInf, kInf});
    CHECK(std::isnan(logsumexp(tensor({kNaN, 1}, {2}), {0}).item_double()));
    Tensor i = tensor({0, 0}, {2}, DType::Int64);
    Tensor li = logsumexp(i, {0});
    CHECK(li.dtype() == DType::Float32);
    CHECK(std::fabs(li.item_double() - std::log(2.0)) < 1e-6);
}

TEST_CASE("logsumexp backward: LogsumexpBackward0 and gradcheck", "[reduce][logsumexp][autograd]") {
    Tensor x = test_input({3, 4, 2});
    CHECK(grad_fn_name(logsumexp(x, {1})) == "LogsumexpBackward0");
    for (const auto& dims : kDimSets) {
        if (dims.empty()) continue;
        for (bool keepdim : {false, true})
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return logsumexp(in[0], dims, keepdim); }, {x}));
    }
}

// ---- norm ------------------------------------------------------------------------------------------

TEST_CASE("norm for p = 0, 1, 2, 3, 0.5, inf and -inf", "[reduce][norm]") {
    Tensor x = f32_input({3, 4});
    x.data_ptr<float>()[5] = 0.0f;
    for (double p : {0.0, 1.0, 2.0, 3.0, 0.5, kInf, -kInf}) {
        auto rnorm = [p](const std::vector<double>& g) {
            if (p == 0) return double(std::count_if(g.begin(), g.end(), [](double v) { return v != 0; }));
            if (p == kInf) {
                double m = 0;
                for (double v : g) m = std::max(m, std::fabs(v));
                return m;
            }
            if (p == -kInf) {
                double m = kInf;
                for (double v : g) m = std::min(m, std::fabs(v));
                return m;
            }
            double s = 0;
            for (double v : g) s += std::pow(std::fabs(v), p);
            return std::pow(s, 1.0 / p);
        };
        for (const std::vector<int64_t>& dims : std::vector<std::vector<int64_t>>{{}, {0}, {-1}, {0, 1}})
            for (bool keepdim : {false, true}) {
                INFO("p " << p << " dims " << shape_str(dims));
                Tensor n = norm(x, p, dims, keepdim);
                CHECK(n.sizes() == reduced_shape(x.sizes(), dims, keepdim));
                check_close(n, ref_reduce(x, dims, rnorm), 1e-5, 1e-6);
            }
    }
    CHECK_THROWS_WITH(norm(tensor({1, 2}, {2}, DType::Int64)),
                      "linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long");
    CHECK_THROWS_WITH(norm(zeros({0}), kInf), Catch::Contains("cannot compute the inf norm on an empty tensor"));
    CHECK(norm(zeros({0})).item_double() == 0.0);
}

TEST_CASE("norm p=2 of contiguous float32 over trailing dims: lane-split double sums, any thread count", "[reduce][norm]") {
    // ops/reduce.cpp's norm2_f32_trailing (clip_grad_norm_'s per-gradient norms, F.normalize's rows):
    // the float32 result of a double sum of exact squares, whatever the order, equals the float64
    // norm rounded to float32 (to within one rounding); one chunk boundary (16384) and several
    // threads must not change it; NaN and inf propagate; dims not trailing take the general kernel.
    Tensor big = f32_input({100003});
    Tensor rows = f32_input({7, 300});
    for (int threads : {1, 2}) {
        INFO("threads " << threads);
        const int before = num_threads();
        set_num_threads(threads);
        Tensor a = norm(big, 2.0), r = norm(rows, 2.0, {-1}), r3 = norm(reshape(rows, {7, 3, 100}), 2.0, {1, 2});
        set_num_threads(before);
        check_close(a, to_dtype(norm(to_dtype(big, DType::Float64), 2.0), DType::Float32), 1.2e-7, 0);
        check_close(r, to_dtype(norm(to_dtype(rows, DType::Float64), 2.0, {-1}), DType::Float32), 1.2e-7, 0);
        check_close(r3, r, 1.2e-7, 0);
        static float first = 0;
        if (threads == 1) first = a.data_ptr<float>()[0];
        else CHECK(a.data_ptr<float>()[0] == first);  // fixed chunks: the same bits on any team
    }
    Tensor x = f32_input({5, 6});
    x.data_ptr<float>()[7] = std::numeric_limits<float>::quiet_NaN();
    x.data_ptr<float>()[20] = kInf;
    Tensor n = norm(x, 2.0, {-1});
    CHECK(std::isnan(n.data_ptr<float>()[1]));
    CHECK(std::isinf(n.data_ptr<float>()[3]));
    CHECK(std::isfinite(n.data_ptr<float>()[0]));
    check_close(norm(f32_input({6, 5}), 2.0, {0}), norm(contiguous(transpose(f32_input({6, 5}), 0, 1)), 2.0, {1}), 1e-6, 0);
}

TEST_CASE("norm backward: name, gradcheck for several p, zero norm gives zero grad", "[reduce][norm][autograd]") {
    Tensor x = test_input({3, 4}, 5, 0.2, 1.0);
    // Alternate signs without making any |x| zero.
    for (int64_t i = 0; i < x.numel(); i += 2) x.data_ptr<double>()[i] *= -1;
    CHECK(grad_fn_name(norm(x)) == "LinalgVectorNormBackward0");
    for (double p : {1.0, 2.0, 3.0, 1.5, kInf})
        for (const std::vector<int64_t>& dims : std::vector<std::vector<int64_t>>{{}, {0}, {-1}})
            for (bool keepdim : {false, true}) {
                INFO("p " << p);
                CHECK(gradcheck([&](const std::vector<Tensor>& in) { return norm(in[0], p, dims, keepdim); }, {x}));
            }
    Tensor z = zeros({3}, {DType::Float64, Device::CPU, true});
    autograd::backward({norm(z)});
    check_close(z.grad(), {0, 0, 0});
}

// ---- all / any / cumsum ----------------------------------------------------------------------------

TEST_CASE("all and any return bool for every dtype", "[reduce][all]") {
    CHECK(all(tensor({1, 2, -1}, {3})).item().to_bool());
    CHECK(!all(tensor({1, 0, -1}, {3})).item().to_bool());
    CHECK(any(tensor({0, 0, 0.5}, {3})).item().to_bool());
    CHECK(!any(tensor({0, 0}, {2}, DType::Int64)).item().to_bool());
    CHECK(all(tensor({1, 1}, {2}, DType::Bool)).dtype() == DType::Bool);
    CHECK(all(zeros({0})).item().to_bool());
    CHECK(!any(zeros({0})).item().to_bool());
    CHECK(any(tensor({kNaN}, {1})).item().to_bool());
    CHECK(all(transpose(ones({3, 4}), 0, 1)).item().to_bool());
}

TEST_CASE("cumsum along each dim, integer promotion", "[reduce][cumsum]") {
    Tensor x = f32_input({3, 4, 2});
    for (int64_t d : {0, 1, 2, -1}) {
        // Reference: running sums along d.
        Tensor moved = contiguous(movedim(to_dtype(x, DType::Float64), d, -1));
        std::vector<double> v = moved.to_double_vector();
        int64_t n = x.size(d);
        for (size_t b = 0; b < v.size(); b += size_t(n))
            for (int64_t i = 1; i < n; ++i) v[b + size_t(i)] += v[b + size_t(i) - 1];
        Tensor expected = movedim(tensor(v, moved.sizes(), DType::Float64), -1, d);
        Tensor c = cumsum(x, d);
        CHECK(c.dtype() == DType::Float32);
        check_close(c, expected, 1e-5, 1e-5);
    }
    Tensor i = tensor({1, 2, 3, 4}, {4}, DType::Int64);
    CHECK(cumsum(i, 0).to_int_vector() == std::vector<int64_t>{1, 3, 6, 10});
    Tensor b = tensor({1, 0, 1}, {3}, DType::Bool);
    CHECK(cumsum(b, 0).dtype() == DType::Int64);
    CHECK(cumsum(b, 0).to_int_vector() == std::vector<int64_t>{1, 1, 2});
    CHECK(cumsum(scalar_tensor(Scalar(2.0)), 0).item_double() == 2.0);
}

TEST_CASE("cumsum backward: CumsumBackward0 and gradcheck", "[reduce][cumsum][autograd]") {
    Tensor x = test_input({3, 4});
    CHECK(grad_fn_name(cumsum(x, 1)) == "CumsumBackward0");
    for (int64_t d : {0, 1, -1}) CHECK(gradcheck([&](const std::vector<Tensor>& in) { return cumsum(in[0], d); }, {x}));
    Tensor y = tensor({1, 2, 3}, {3}, DType::Float64, true);
    autograd::backward({sum(cumsum(y, 0))});
    check_close(y.grad(), {3, 2, 1});
}
