// layer_norm, batch_norm, dropout and embedding: values against float64 loops written here,
// gradients by gradcheck, grad_fn names and PyTorch's error texts.
#include <cmath>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {

// Normalizes each row of `rows` x `n` values: (x - mean) / sqrt(var_biased + eps) * w + b.
std::vector<double> ref_layer_norm(const std::vector<double>& x, int64_t rows, int64_t n, const std::vector<double>& w,
                                   const std::vector<double>& b, double eps) {
    std::vector<double> out(x.size());
    for (int64_t r = 0; r < rows; ++r) {
        double mu = 0, var = 0;
        for (int64_t j = 0; j < n; ++j) mu += x[size_t(r * n + j)];
        mu /= double(n);
        for (int64_t j = 0; j < n; ++j) var += (x[size_t(r * n + j)] - mu) * (x[size_t(r * n + j)] - mu);
        var /= double(n);
        for (int64_t j = 0; j < n; ++j) {
            double v = (x[size_t(r * n + j)] - mu) / std::sqrt(var + eps);
            if (!w.empty()) v = v * w[size_t(j)] + b[size_t(j)];
            out[size_t(r * n + j)] = v;
        }
    }
    return out;
}

// Per-channel mean and biased variance of an (N, C, inner) tensor given as a flat vector.
void ref_channel_stats(const std::vector<double>& x, int64_t N, int64_t C, int64_t inner, std::vector<double>& mean,
                       std::vector<double>& var) {
    mean.assign(size_t(C), 0);
    var.assign(size_t(C), 0);
    for (int64_t c = 0; c < C; ++c) {
        for (int64_t n = 0; n < N; ++n)
            for (int64_t i = 0; i < inner; ++i) mean[size_t(c)] += x[size_t((n * C + c) * inner + i)];
        mean[size_t(c)] /= double(N * inner);
        for (int64_t n = 0; n < N; ++n)
            for (int64_t i = 0; i < inner; ++i) {
                double d = x[size_t((n * C + c) * inner + i)] - mean[size_t(c)];
                var[size_t(c)] += d * d;
            }
        var[size_t(c)] /= double(N * inner);
    }
}

}  // namespace

TEST_CASE("layer_norm with affine matches the float64 formula", "[nn][layer_norm]") {
    Tensor x = test_input({3, 5}, 1, -2, 2, false);
    Tensor w = test_input({5}, 2, 0.5, 1.5, false), b = test_input({5}, 3, -1, 1, false);
    Tensor y = layer_norm(x, {5}, w, b, 1e-5);
    CHECK(y.sizes() == Shape{3, 5});
    CHECK(y.dtype() == DType::Float64);
    check_close(y, ref_layer_norm(x.to_double_vector(), 3, 5, w.to_double_vector(), b.to_double_vector(), 1e-5), 1e-10,
                1e-10);
}

TEST_CASE("layer_norm over two trailing dims without affine", "[nn][layer_norm]") {
    Tensor x = test_input({2, 3, 4}, 4, -3, 3, false);
    Tensor y = layer_norm(x, {3, 4});
    check_close(y, ref_layer_norm(x.to_double_vector(), 2, 12, {}, {}, 1e-5), 1e-10, 1e-10);
}

TEST_CASE("layer_norm keeps float32 and agrees with the float64 result", "[nn][layer_norm]") {
    Tensor x64 = test_input({4, 6}, 5, -1, 1, false);
    Tensor x32 = to_dtype(x64, DType::Float32);
    Tensor y = layer_norm(x32, {6});
    CHECK(y.dtype() == DType::Float32);
    check_close(y, ref_layer_norm(x64.to_double_vector(), 4, 6, {}, {}, 1e-5), 1e-5, 1e-5);
}

TEST_CASE("layer_norm gradcheck with weight and bias", "[nn][layer_norm][grad]") {
    Tensor x = test_input({3, 4}, 6), w = test_input({4}, 7, 0.5, 1.5), b = test_input({4}, 8);
    Tensor y = layer_norm(x, {4}, w, b);
    REQUIRE(y.grad_fn());
    CHECK(y.grad_fn()->name == "NativeLayerNormBackward0");
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return layer_norm(in[0], {4}, in[1], in[2]); }, {x, w, b}));
}

TEST_CASE("layer_norm gradcheck without affine, 3-d input", "[nn][layer_norm][grad]") {
    Tensor x = test_input({2, 2, 5}, 9);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return layer_norm(in[0], {2, 5}); }, {x}));
}

// Rows wider than the kernels' eight double lanes, with a tail, far from zero (cancellation in the
// variance): the CPU statistics are double sums split over lanes (ops/normalization.cpp row_sum),
// forward and the one-pass input gradient both checked against float64 loops over the same floats.
TEST_CASE("layer_norm's lane-split double statistics match float64 on wide float32 rows", "[nn][layer_norm]") {
    const int64_t rows = 5, n = 131;
    Tensor x64 = add(test_input({rows, n}, 21, -1, 1, false), Scalar(1000.0));
    Tensor x = to_dtype(x64, DType::Float32), w = to_dtype(test_input({n}, 22, 0.5, 1.5, false), DType::Float32),
           b = to_dtype(test_input({n}, 23, -1, 1, false), DType::Float32);
    const std::vector<double> xv = x.to_double_vector(), wv = w.to_double_vector(), bv = b.to_double_vector();
    check_close(layer_norm(x, {n}, w, b, 1e-5), ref_layer_norm(xv, rows, n, wv, bv, 1e-5), 2e-6, 2e-6);
    // dx = rstd * (g*w - mean(g*w) - xhat * mean(g*w*xhat)) per row
    Tensor xg = clone(x).requires_grad_(true);
    Tensor g = to_dtype(test_input({rows, n}, 24, -1, 1, false), DType::Float32);
    autograd::backward({layer_norm(xg, {n}, w, b, 1e-5)}, {g});
    const std::vector<double> gv = g.to_double_vector();
    std::vector<double> want(xv.size());
    for (int64_t r = 0; r < rows; ++r) {
        double mu = 0, var = 0, a = 0, c = 0;
        for (int64_t j = 0; j < n; ++j) mu += xv[size_t(r * n + j)] / double(n);
        for (int64_t j = 0; j < n; ++j) var += std::pow(xv[size_t(r * n + j)] - mu, 2) / double(n);
        const double rstd = 1 / std::sqrt(var + 1e-5);
        for (int64_t j = 0; j < n; ++j) {
            const double gw = gv[size_t(r * n + j)] * wv[size_t(j)], xh = (xv[size_t(r * n + j)] - mu) * rstd;
            a += gw / double(n);
            c += gw * xh / double(n);
        }
        for (int64_t j = 0; j < n; ++j) {
            const double gw = gv[size_t(r * n + j)] * wv[size_t(j)], xh = (xv[size_t(r * n + j)] - mu) * rstd;
            want[size_t(r * n + j)] = rstd * (gw - a - xh * c);
        }
    }
    check_close(xg.grad(), want, 1e-4, 1e-4);
}

TEST_CASE("layer_norm rejects a mismatched normalized_shape", "[nn][layer_norm][errors]") {
    Tensor x = zeros({2, 3});
    CHECK_THROWS_WITH(layer_norm(x, {4}),
                      Catch::Contains("Given normalized_shape=[4], expected input with shape [*, 4], but got input of "
                                      "size[2, 3]"));
    CHECK_THROWS_WITH(layer_norm(x, {3}, ones({2})),
                      Catch::Contains("Expected weight to be of same shape as normalized_shape"));
}

TEST_CASE("batch_norm training on (N, C): batch statistics and running stats", "[nn][batch_norm]") {
    Tensor x = test_input({4, 3}, 10, -2, 2, false);
    Tensor rm = zeros({3}), rv = ones({3});
    Tensor w = test_input({3}, 11, 0.5, 1.5, false), b = test_input({3}, 12, -1, 1, false);
    Tensor y = batch_norm(x, rm, rv, w, b, /*training=*/true, 0.1, 1e-5);
    std::vector<double> xv = x.to_double_vector(), mean, var;
    ref_channel_stats(xv, 4, 3, 1, mean, var);
    std::vector<double> expected(xv.size()), wv = w.to_double_vector(), bv = b.to_double_vector();
    for (int64_t n = 0; n < 4; ++n)
        for (int64_t c = 0; c < 3; ++c) {
            size_t k = size_t(n * 3 + c);
            expected[k] = (xv[k] - mean[size_t(c)]) / std::sqrt(var[size_t(c)] + 1e-5) * wv[size_t(c)] + bv[size_t(c)];
        }
    check_close(y, expected, 1e-10, 1e-10);
    // Running stats: momentum 0.1 towards the batch mean and the unbiased batch variance.
    std::vector<double> erm, erv;
    for (int64_t c = 0; c < 3; ++c) {
        erm.push_back(0.1 * mean[size_t(c)]);
        erv.push_back(0.9 + 0.1 * var[size_t(c)] * 4.0 / 3.0);
    }
    check_close(rm, erm, 1e-6, 1e-6);
    check_close(rv, erv, 1e-6, 1e-6);
}

TEST_CASE("batch_norm training on (N, C, H, W) normalizes per channel", "[nn][batch_norm]") {
    Tensor x = test_input({2, 3, 2, 2}, 13, -1, 3, false);
    Tensor rm = zeros({3}, {DType::Float64}), rv = ones({3}, {DType::Float64});
    Tensor y = batch_norm(x, rm, rv, Tensor(), Tensor(), true, 0.3, 1e-5);
    std::vector<double> xv = x.to_double_vector(), mean, var;
    ref_channel_stats(xv, 2, 3, 4, mean, var);
    std::vector<double> expected(xv.size());
    for (int64_t n = 0; n < 2; ++n)
        for (int64_t c = 0; c < 3; ++c)
            for (int64_t i = 0; i < 4; ++i) {
                size_t k = size_t((n * 3 + c) * 4 + i);
                expected[k] = (xv[k] - mean[size_t(c)]) / std::sqrt(var[size_t(c)] + 1e-5);
            }
    check_close(y, expected, 1e-10, 1e-10);
    std::vector<double> erm, erv;
    for (int64_t c = 0; c < 3; ++c) {
        erm.push_back(0.3 * mean[size_t(c)]);
        erv.push_back(0.7 + 0.3 * var[size_t(c)] * 8.0 / 7.0);
    }
    check_close(rm, erm, 1e-12, 1e-12);
    check_close(rv, erv, 1e-12, 1e-12);
}

TEST_CASE("batch_norm eval uses the running statistics and leaves them alone", "[nn][batch_norm]") {
    Tensor x = test_input({3, 2, 2}, 14, -1, 1, false);
    Tensor rm = tensor({0.5, -0.25}, {2}, DType::Float64), rv = tensor({2.0, 0.5}, {2}, DType::Float64);
    Tensor w = tensor({1.5, -1.0}, {2}, DType::Float64), b = tensor({0.1, 0.2}, {2}, DType::Float64);
    Tensor y = batch_norm(x, rm, rv, w, b, false, 0.1, 1e-5);
    std::vector<double> xv = x.to_double_vector(), expected(xv.size());
    const double m[2] = {0.5, -0.25}, v[2] = {2.0, 0.5}, wv[2] = {1.5, -1.0}, bv[2] = {0.1, 0.2};
    for (int64_t n = 0; n < 3; ++n)
        for (int64_t c = 0; c < 2; ++c)
            for (int64_t i = 0; i < 2; ++i) {
                size_t k = size_t((n * 2 + c) * 2 + i);
                expected[k] = (xv[k] - m[c]) / std::sqrt(v[c] + 1e-5) * wv[c] + bv[c];
            }
    check_close(y, expected, 1e-12, 1e-12);
    check_close(rm, {0.5, -0.25}, 0, 0);
    check_close(rv, {2.0, 0.5}, 0, 0);
}

TEST_CASE("batch_norm training gradcheck with affine (4-d)", "[nn][batch_norm][grad]") {
    Tensor x = test_input({2, 3, 2, 2}, 15), w = test_input({3}, 16, 0.5, 1.5), b = test_input({3}, 17);
    Tensor rm = zeros({3}, {DType::Float64}), rv = ones({3}, {DType::Float64});
    Tensor y = batch_norm(x, rm, rv, w, b, true);
    REQUIRE(y.grad_fn());
    CHECK(y.grad_fn()->name == "NativeBatchNormBackward0");
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return batch_norm(in[0], rm, rv, in[1], in[2], true); },
                    {x, w, b}));
}

TEST_CASE("batch_norm training gradcheck without running stats (2-d)", "[nn][batch_norm][grad]") {
    Tensor x = test_input({5, 2}, 18);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return batch_norm(in[0], Tensor(), Tensor(), Tensor(), Tensor(), true); },
                    {x}));
}

TEST_CASE("batch_norm eval gradcheck", "[nn][batch_norm][grad]") {
    Tensor x = test_input({3, 2, 3}, 19), w = test_input({2}, 20, 0.5, 1.5), b = test_input({2}, 21);
    Tensor rm = tensor({0.1, -0.2}, {2}, DType::Float64), rv = tensor({1.5, 0.7}, {2}, DType::Float64);
    Tensor y = batch_norm(x, rm, rv, w, b, false);
    CHECK(y.grad_fn()->name == "NativeBatchNormBackward0");
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return batch_norm(in[0], rm, rv, in[1], in[2], false); },
                    {x, w, b}));
}

TEST_CASE("batch_norm needs more than one value per channel when training", "[nn][batch_norm][errors]") {
    Tensor x = zeros({1, 3});
    CHECK_THROWS_WITH(batch_norm(x, zeros({3}), ones({3}), Tensor(), Tensor(), true),
                      "Expected more than 1 value per channel when training, got input size torch.Size([1, 3])");
    // Eval mode normalizes a single sample fine.
    CHECK(batch_norm(x, zeros({3}), ones({3}), Tensor(), Tensor(), false).sizes() == Shape{1, 3});
}

TEST_CASE("dropout is the identity in eval mode and for p=0", "[nn][dropout]") {
    Tensor x = test_input({4, 4}, 22, -1, 1, false);
    CHECK(dropout(x, 0.5, false).is_same(x));
    CHECK(dropout(x, 0.0, true).is_same(x));
}

TEST_CASE("dropout in training zeroes elements and scales the rest by 1/(1-p)", "[nn][dropout]") {
    manual_seed(0);
    Tensor x = full({200, 50}, Scalar(2.0), {DType::Float32, Device::CPU, true});
    Tensor y = dropout(x, 0.2, true);
    REQUIRE(y.grad_fn());
    CHECK(y.grad_fn()->name == "MulBackward0");  // PyTorch's CPU dropout is input * mask
    std::vector<double> v = y.to_double_vector();
    int64_t zeros_count = 0;
    for (double e : v) {
        bool ok = e == 0.0 || std::fabs(e - 2.5) < 1e-6;
        CHECK(ok);
        zeros_count += e == 0.0;
    }
    double frac = double(zeros_count) / double(v.size());
    CHECK(frac > 0.17);
    CHECK(frac < 0.23);
    // The gradient is the same mask: 1/(1-p) where kept, 0 where dropped.
    autograd::backward({sum(y)});
    std::vector<double> g = x.grad().to_double_vector();
    for (size_t i = 0; i < v.size(); ++i) CHECK(g[i] == Approx(v[i] == 0.0 ? 0.0 : 1.25));
}

TEST_CASE("dropout with p=1 gives zeros and rejects p outside [0, 1]", "[nn][dropout][errors]") {
    Tensor x = test_input({3}, 23, 1, 2, false);
    check_close(dropout(x, 1.0, true), {0, 0, 0}, 0, 0);
    CHECK_THROWS_WITH(dropout(x, 1.5, true), "dropout probability has to be between 0 and 1, but got 1.5");
    CHECK_THROWS_WITH(dropout(x, -0.1, true), "dropout probability has to be between 0 and 1, but got -0.1");
}

TEST_CASE("embedding gathers weight rows into indices.shape + [dim]", "[nn][embedding]") {
    Tensor w = tensor({0, 1, 10, 11, 20, 21, 30, 31}, {4, 2});
    Tensor idx = tensor({3, 0, 1, 3}, {2, 2}, DType::Int64);
    Tensor y = embedding(idx, w);
    CHECK(y.sizes() == Shape{2, 2, 2});
    CHECK(y.dtype() == DType::Float32);
    check_close(y, {30, 31, 0, 1, 10, 11, 30, 31}, 0, 0);
}

TEST_CASE("embedding backward sums repeated rows and skips padding_idx", "[nn][embedding][grad]") {
    Tensor w = test_input({5, 3}, 24);
    Tensor idx = tensor({1, 2, 1, 4, 2}, {5}, DType::Int64);
    Tensor y = embedding(idx, w, 2);
    REQUIRE(y.grad_fn());
    CHECK(y.grad_fn()->name == "EmbeddingBackward0");
    autograd::backward({sum(y)});
    // Row 1 was read twice, row 4 once, padding row 2 gets nothing.
    check_close(w.grad(), {0, 0, 0, 2, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 1}, 0, 0);
}

TEST_CASE("embedding gradcheck with a negative padding_idx", "[nn][embedding][grad]") {
    Tensor w = test_input({4, 3}, 25);
    Tensor idx = tensor({0, 3, 3, 1, 2, 0}, {2, 3}, DType::Int64);
    // The padding row's reads are masked out of the output, so its numeric derivative is 0 as well
    // (padding_idx deliberately gives that row no gradient even where it is read).
    Tensor keep = tensor({1, 0, 0, 1, 1, 1}, {2, 3, 1}, DType::Float64);
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return mul(embedding(idx, in[0], -1), keep); }, {w}));
    Tensor w2 = test_input({4, 3}, 25);
    autograd::backward({sum(embedding(idx, w2, -1))});
    check_close(select(w2.grad(), 0, 3), {0, 0, 0}, 0, 0);  // -1 is row 3
}

TEST_CASE("embedding rejects out-of-range indices and non-integer indices", "[nn][embedding][errors]") {
    Tensor w = zeros({3, 2});
    CHECK_THROWS_WITH(embedding(tensor({0, 3}, {2}, DType::Int64), w), "index out of range in self");
    CHECK_THROWS_WITH(embedding(tensor({-1}, {1}, DType::Int64), w), "index out of range in self");
    CHECK_THROWS_WITH(embedding(tensor({0}, {1}), w),
                      Catch::Contains("Expected tensor for argument #1 'indices' to have one of the following scalar "
                                      "types: Long, Int"));
    try {
        embedding(tensor({5}, {1}, DType::Int64), w);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::IndexError);
    }
}

TEST_CASE("dropout gradient matches finite differences for a fixed mask", "[nn][dropout]") {
    Tensor x = kiln::testing::test_input({4, 5});
    // Re-seeding inside the function gives every evaluation the same mask.
    CHECK(kiln::testing::gradcheck(
        [](const std::vector<Tensor>& in) {
            manual_seed(7);
            return dropout(in[0], 0.3, true);
        },
        {x}));
}
