// conv2d/3d, max_pool2d/3d, avg_pool2d/3d, adaptive_avg_pool2d/3d against naive float64 loops written here
// (a 7-loop convolution, window-by-window pooling), gradcheck for every differentiable argument
// combination, and PyTorch's grad_fn names and error texts.
#include <cmath>
#include <limits>
#include <random>

#include "ops/conv_depthwise.h"
#include "ops/conv_transpose.h"
#include "ops/native_backward.h"
#include "ops/output_layout.h"
#include "support/check.h"
#include "tensor/iter.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {

struct ConvArgs {
    int64_t sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1, groups = 1;
};

// y[n, co, oh, ow] = b[co] + sum_{c, i, j} x[n, g*Cg + c, oh*sh - ph + i*dh, ow*sw - pw + j*dw] * w[co, c, i, j]
std::vector<double> ref_conv(const Tensor& x, const Tensor& w, const Tensor& b, const ConvArgs& a, Shape& out_shape) {
    const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    const int64_t Co = w.size(0), Cg = w.size(1), KH = w.size(2), KW = w.size(3), Cog = Co / a.groups;
    const int64_t OH = (H + 2 * a.ph - a.dh * (KH - 1) - 1) / a.sh + 1, OW = (W + 2 * a.pw - a.dw * (KW - 1) - 1) / a.sw + 1;
    out_shape = {N, Co, OH, OW};
    std::vector<double> xv = x.to_double_vector(), wv = w.to_double_vector(), bv;
    if (b.defined()) bv = b.to_double_vector();
    std::vector<double> y(size_t(N * Co * OH * OW));
    for (int64_t n = 0; n < N; ++n)
        for (int64_t co = 0; co < Co; ++co)
            for (int64_t oh = 0; oh < OH; ++oh)
                for (int64_t ow = 0; ow < OW; ++ow) {
                    double s = b.defined() ? bv[size_t(co)] : 0.0;
                    const int64_t g = co / Cog;
                    for (int64_t c = 0; c < Cg; ++c)
                        for (int64_t i = 0; i < KH; ++i)
                            for (int64_t j = 0; j < KW; ++j) {
                                const int64_t ih = oh * a.sh - a.ph + i * a.dh, iw = ow * a.sw - a.pw + j * a.dw;
                                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                                s += xv[size_t(((n * C + g * Cg + c) * H + ih) * W + iw)] *
                                     wv[size_t(((co * Cg + c) * KH + i) * KW + j)];
                            }
                    y[size_t(((n * Co + co) * OH + oh) * OW + ow)] = s;
                }
    (void)C;
    return y;
}

Tensor run_conv(const Tensor& x, const Tensor& w, const Tensor& b, const ConvArgs& a) {
    return conv2d(x, w, b, {a.sh, a.sw}, {a.ph, a.pw}, {a.dh, a.dw}, a.groups);
}

void check_conv(const Shape& xs, const Shape& ws, bool bias, const ConvArgs& a, DType dt = DType::Float64,
                double tol = 1e-10) {
    Tensor x = to_dtype(test_input(xs, 1, -1, 1, false), dt), w = to_dtype(test_input(ws, 2, -1, 1, false), dt);
    Tensor b = bias ? to_dtype(test_input({ws[0]}, 3, -1, 1, false), dt) : Tensor();
    Shape out_shape;
    std::vector<double> expected = ref_conv(x, w, b, a, out_shape);
    Tensor y = run_conv(x, w, b, a);
    CHECK(y.dtype() == dt);
    REQUIRE(y.sizes() == out_shape);
    check_close(y, expected, tol, tol);
}

bool conv_gradcheck(const Shape& xs, const Shape& ws, bool bias, const ConvArgs& a) {
    Tensor x = test_input(xs, 1), w = test_input(ws, 2);
    std::vector<Tensor> in{x, w};
    if (bias) in.push_back(test_input({ws[0]}, 3));
    return gradcheck(
        [a, bias](const std::vector<Tensor>& t) { return run_conv(t[0], t[1], bias ? t[2] : Tensor(), a); }, in);
}

// Reference max/avg pooling with PyTorch's window rules (ceil_mode output size included).
int64_t pool_out(int64_t in, int64_t k, int64_t p, int64_t s, int64_t d, bool ceil_mode) {
    const double num = double(in + 2 * p - d * (k - 1) - 1) / double(s);
    int64_t out = int64_t(ceil_mode ? std::ceil(num) : std::floor(num)) + 1;
    if (ceil_mode && (out - 1) * s >= in + p) --out;
    return out;
}

std::vector<double> ref_max_pool(const Tensor& x, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode,
                                 Shape& out_shape) {
    const int64_t planes = x.numel() / (x.size(-2) * x.size(-1)), H = x.size(-2), W = x.size(-1);
    const int64_t OH = pool_out(H, k, p, s, d, ceil_mode), OW = pool_out(W, k, p, s, d, ceil_mode);
    out_shape = x.sizes();
    out_shape[out_shape.size() - 2] = OH;
    out_shape[out_shape.size() - 1] = OW;
    std::vector<double> xv = x.to_double_vector(), y;
    for (int64_t c = 0; c < planes; ++c)
        for (int64_t oh = 0; oh < OH; ++oh)
            for (int64_t ow = 0; ow < OW; ++ow) {
                double m = -std::numeric_limits<double>::infinity();
                for (int64_t i = 0; i < k; ++i)
                    for (int64_t j = 0; j < k; ++j) {
                        const int64_t ih = oh * s - p + i * d, iw = ow * s - p + j * d;
                        if (ih >= 0 && ih < H && iw >= 0 && iw < W) m = std::max(m, xv[size_t((c * H + ih) * W + iw)]);
                    }
                y.push_back(m);
            }
    return y;
}

std::vector<double> ref_avg_pool(const Tensor& x, int64_t k, int64_t s, int64_t p, bool ceil_mode, bool include_pad,
                                 Shape& out_shape) {
    const int64_t planes = x.numel() / (x.size(-2) * x.size(-1)), H = x.size(-2), W = x.size(-1);
    const int64_t OH = pool_out(H, k, p, s, 1, ceil_mode), OW = pool_out(W, k, p, s, 1, ceil_mode);
    out_shape = x.sizes();
    out_shape[out_shape.size() - 2] = OH;
    out_shape[out_shape.size() - 1] = OW;
    std::vector<double> xv = x.to_double_vector(), y;
    for (int64_t c = 0; c < planes; ++c)
        for (int64_t oh = 0; oh < OH; ++oh)
            for (int64_t ow = 0; ow < OW; ++ow) {
                double sum = 0;
                int64_t inside = 0, padded = 0;
                for (int64_t ih = oh * s - p; ih < oh * s - p + k; ++ih)
                    for (int64_t iw = ow * s - p; iw < ow * s - p + k; ++iw) {
                        // Window cells count toward the padded divisor up to the padding edge only.
                        if (ih < H + p && iw < W + p) ++padded;
                        if (ih >= 0 && ih < H && iw >= 0 && iw < W) {
                            sum += xv[size_t((c * H + ih) * W + iw)];
                            ++inside;
                        }
                    }
                y.push_back(sum / double(include_pad ? padded : inside));
            }
    return y;
}


}  // namespace

// ---- conv2d forward ------------------------------------------------------------------------------

TEST_CASE("conv2d 3x3 matches the 7-loop reference", "[conv]") { check_conv({2, 3, 7, 6}, {4, 3, 3, 3}, true, {}); }

TEST_CASE("conv2d with stride and padding", "[conv]") {
    ConvArgs a;
    a.sh = 2;
    a.sw = 3;
    a.ph = 1;
    a.pw = 2;
    check_conv({2, 2, 9, 10}, {3, 2, 3, 4}, true, a);
}

TEST_CASE("conv2d with dilation", "[conv]") {
    ConvArgs a;
    a.dh = 2;
    a.dw = 3;
    a.ph = 2;
    check_conv({1, 2, 9, 11}, {3, 2, 3, 2}, false, a);
}

TEST_CASE("conv2d with groups and depthwise", "[conv]") {
    ConvArgs a;
    a.groups = 2;
    a.ph = a.pw = 1;
    check_conv({2, 4, 6, 6}, {6, 2, 3, 3}, true, a);
    ConvArgs dw;
    dw.groups = 3;
    check_conv({1, 3, 5, 5}, {3, 1, 3, 3}, false, dw);
}

// Depthwise convolutions run their own direct kernels (ops/conv_depthwise.cpp): a padded, phase-split
// grid per block of samples. Geometries that exercise each part: strides 1-3 (phases), paddings wider
// than a tap's reach, dilation, odd and rectangular kernels, channel multipliers, planes of 1x1 and
// 2x3 (many samples per block), and planes wider than the kernel's reach.
TEST_CASE("depthwise conv2d (direct kernels) matches the 7-loop reference", "[conv]") {
    struct Case {
        Shape xs;
        int64_t mult, kh, kw;
        ConvArgs a;
    };
    auto args = [](int64_t sh, int64_t sw, int64_t ph, int64_t pw, int64_t dh, int64_t dw) {
        ConvArgs a;
        a.sh = sh, a.sw = sw, a.ph = ph, a.pw = pw, a.dh = dh, a.dw = dw;
        return a;
    };
    const std::vector<Case> cases = {
        {{2, 3, 9, 8}, 1, 3, 3, args(1, 1, 1, 1, 1, 1)},    {{2, 4, 9, 8}, 1, 3, 3, args(2, 2, 1, 1, 1, 1)},
        {{1, 2, 11, 10}, 1, 5, 5, args(2, 3, 2, 1, 1, 1)}, {{3, 2, 10, 12}, 2, 3, 3, args(1, 1, 2, 2, 2, 2)},
        {{2, 3, 7, 7}, 3, 7, 7, args(1, 1, 3, 3, 1, 1)},   {{40, 2, 2, 3}, 1, 3, 3, args(1, 1, 1, 1, 1, 1)},
        {{33, 2, 1, 1}, 2, 3, 3, args(1, 1, 1, 1, 1, 1)},  {{5, 3, 4, 4}, 1, 1, 3, args(3, 2, 0, 4, 1, 1)},
        {{2, 2, 6, 40}, 1, 3, 1, args(1, 2, 0, 0, 2, 1)},
    };
    for (const Case& c : cases) {
        ConvArgs a = c.a;
        a.groups = c.xs[1];
        INFO("input " << shape_str(c.xs) << " mult " << c.mult << " kernel " << c.kh << "x" << c.kw << " stride "
                      << a.sh << "," << a.sw << " padding " << a.ph << "," << a.pw << " dilation " << a.dh << "," << a.dw);
        const Shape ws{c.xs[1] * c.mult, 1, c.kh, c.kw};
        check_conv(c.xs, ws, true, a);
        check_conv(c.xs, ws, false, a, DType::Float32, 1e-5);
    }
}

// The kernels themselves (ops/conv_depthwise.h) against direct loops over every small geometry: the
// grid's phases, block tails and dropped rows/columns are where an index can go wrong, and the
// sanitizer build runs this sweep too.
TEST_CASE("depthwise kernels match direct loops over 5000 small geometries", "[conv]") {
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> u(-1, 1);
    int cases = 0;
    for (int64_t N : {1, 3, 40})
        for (int64_t C : {1, 3})
            for (int64_t mult : {1, 2})
                for (int64_t H : {1, 2, 5, 9})
                    for (int64_t W : {1, 3, 8})
                        for (int64_t k : {1, 3, 5})
                            for (int64_t s : {1, 2, 3})
                                for (int64_t p : {0, 1, 3})
                                    for (int64_t d : {1, 2}) {
                                        const int64_t span = d * (k - 1) + 1;
                                        if (H + 2 * p < span || W + 2 * p < span) continue;
                                        const int64_t OH = (H + 2 * p - span) / s + 1, OW = (W + 2 * p - span) / s + 1;
                                        const DepthwiseGeom g{N, C, mult, H, W, OH, OW, k, k, s, s, p, p, d, d};
                                        std::vector<double> x(size_t(N * C * H * W)), w(size_t(C * mult * k * k)),
                                            b(size_t(C * mult)), y(size_t(N * C * mult * OH * OW)), gy(y.size()),
                                            gx(x.size()), gw(w.size());
                                        for (auto* v : {&x, &w, &b, &gy})
                                            for (double& e : *v) e = u(rng);
                                        depthwise_conv_forward<double>(x.data(), w.data(), b.data(), y.data(), g, false, nullptr);
                                        depthwise_conv_backward<double>(x.data(), w.data(), gy.data(), gx.data(), gw.data(), g);
                                        std::vector<double> ry(y.size()), rgx(x.size(), 0.0), rgw(w.size(), 0.0);
                                        for (int64_t n = 0; n < N; ++n)
                                            for (int64_t co = 0; co < C * mult; ++co)
                                                for (int64_t oh = 0; oh < OH; ++oh)
                                                    for (int64_t ow = 0; ow < OW; ++ow) {
                                                        const int64_t yi = ((n * C * mult + co) * OH + oh) * OW + ow;
                                                        double acc = b[size_t(co)];
                                                        for (int64_t i = 0; i < k; ++i)
                                                            for (int64_t j = 0; j < k; ++j) {
                                                                const int64_t ih = oh * s - p + i * d, iw = ow * s - p + j * d;
                                                                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                                                                const size_t xi = size_t(((n * C + co / mult) * H + ih) * W + iw),
                                                                             wi = size_t((co * k + i) * k + j);
                                                                acc += x[xi] * w[wi];
                                                                rgx[xi] += gy[size_t(yi)] * w[wi];
                                                                rgw[wi] += gy[size_t(yi)] * x[xi];
                                                            }
                                                        ry[size_t(yi)] = acc;
                                                    }
                                        INFO("N" << N << " C" << C << " mult" << mult << " " << H << "x" << W << " k" << k
                                                 << " s" << s << " p" << p << " d" << d);
                                        for (size_t i = 0; i < y.size(); ++i) REQUIRE(std::fabs(y[i] - ry[i]) < 1e-9);
                                        for (size_t i = 0; i < x.size(); ++i) REQUIRE(std::fabs(gx[i] - rgx[i]) < 1e-9);
                                        for (size_t i = 0; i < w.size(); ++i) REQUIRE(std::fabs(gw[i] - rgw[i]) < 1e-9);
                                        ++cases;
                                    }
    CHECK(cases > 5000);
}

TEST_CASE("depthwise conv2d gradcheck: strides, dilation, multiplier, tiny planes", "[conv][grad]") {
    ConvArgs a;
    a.groups = 2, a.sh = 2, a.sw = 1, a.ph = 1, a.pw = 2;
    CHECK(conv_gradcheck({2, 2, 6, 5}, {2, 1, 3, 3}, true, a));
    ConvArgs b;
    b.groups = 3, b.dh = 2, b.dw = 2, b.ph = 2, b.pw = 1;
    CHECK(conv_gradcheck({1, 3, 6, 6}, {6, 1, 3, 2}, false, b));
    ConvArgs c;
    c.groups = 2, c.ph = c.pw = 1, c.sh = c.sw = 3;
    CHECK(conv_gradcheck({5, 2, 2, 2}, {2, 1, 3, 3}, true, c));
}

TEST_CASE("conv2d 1x1 takes the no-im2col path", "[conv]") {
    check_conv({2, 5, 4, 3}, {7, 5, 1, 1}, true, {});
    ConvArgs s;
    s.sh = s.sw = 2;  // strided 1x1 still needs im2col
    check_conv({2, 5, 5, 5}, {3, 5, 1, 1}, false, s);
}

TEST_CASE("conv2d float32 on a larger input spans several pixel chunks", "[conv]") {
    ConvArgs a;
    a.ph = a.pw = 1;
    check_conv({3, 16, 40, 40}, {8, 16, 3, 3}, true, a, DType::Float32, 1e-4);
}

TEST_CASE("conv2d float16 and bfloat16 compute in float32", "[conv]") {
    check_conv({1, 2, 5, 5}, {2, 2, 3, 3}, true, {}, DType::Float16, 2e-2);
    check_conv({1, 2, 5, 5}, {2, 2, 3, 3}, true, {}, DType::BFloat16, 5e-2);
}

TEST_CASE("conv2d int64 is exact", "[conv]") {
    Tensor x = reshape(arange(Scalar(int64_t(16))), {1, 1, 4, 4});
    Tensor w = ones({1, 1, 2, 2}, {DType::Int64});
    Tensor y = conv2d(x, w);
    CHECK(y.dtype() == DType::Int64);
    CHECK(y.to_int_vector() == std::vector<int64_t>{10, 14, 18, 26, 30, 34, 42, 46, 50});
}

TEST_CASE("conv2d on unbatched CHW input squeezes the batch (SqueezeBackward1)", "[conv]") {
    Tensor x = test_input({3, 6, 6}, 1), w = test_input({4, 3, 3, 3}, 2);
    Tensor y = conv2d(x, w);
    CHECK(y.sizes() == Shape{4, 4, 4});
    CHECK(grad_fn_name(y) == "SqueezeBackward1");
    Shape s;
    check_close(y, ref_conv(unsqueeze(x.detach(), 0), w, Tensor(), {}, s), 1e-10, 1e-10);
}

TEST_CASE("conv2d output records ConvolutionBackward0 with three edges", "[conv]") {
    Tensor x = test_input({1, 3, 5, 5}, 1), w = test_input({2, 3, 3, 3}, 2), b = test_input({2}, 3);
    Tensor y = conv2d(x, w, b);
    CHECK(grad_fn_name(y) == "ConvolutionBackward0");
    CHECK(y.grad_fn()->next_edges.size() == 3);
}

// ---- conv_transpose2d/3d by the transposed convolution's kernels (conv_transpose_direct) ----------

namespace {

// y[n, g*Cog + co, ih*sh - ph + i*dh, iw*sw - pw + j*dw] += x[n, g*Cg + c, ih, iw] * w[g*Cg + c, co, i, j]
// (every input element scatters its kernel-sized window; output_padding only adds rows and columns)
std::vector<double> ref_conv_transpose(const Tensor& x, const Tensor& w, const Tensor& b, const ConvArgs& a,
                                       int64_t oph, int64_t opw, Shape& out_shape) {
    const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    const int64_t Cog = w.size(1), KH = w.size(2), KW = w.size(3), Cg = C / a.groups, Co = Cog * a.groups;
    const int64_t OH = (H - 1) * a.sh - 2 * a.ph + a.dh * (KH - 1) + oph + 1;
    const int64_t OW = (W - 1) * a.sw - 2 * a.pw + a.dw * (KW - 1) + opw + 1;
    out_shape = {N, Co, OH, OW};
    std::vector<double> xv = x.to_double_vector(), wv = w.to_double_vector(), y(size_t(N * Co * OH * OW), 0.0);
    for (int64_t n = 0; n < N; ++n)
        for (int64_t ci = 0; ci < C; ++ci)
            for (int64_t ih = 0; ih < H; ++ih)
                for (int64_t iw = 0; iw < W; ++iw)
                    for (int64_t co = 0; co < Cog; ++co)
                        for (int64_t i = 0; i < KH; ++i)
                            for (int64_t j = 0; j < KW; ++j) {
                                const int64_t oh = ih * a.sh - a.ph + i * a.dh, ow = iw * a.sw - a.pw + j * a.dw;
                                if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
                                const int64_t oc = (ci / Cg) * Cog + co;
                                y[size_t(((n * Co + oc) * OH + oh) * OW + ow)] +=
                                    xv[size_t(((n * C + ci) * H + ih) * W + iw)] * wv[size_t(((ci * Cog + co) * KH + i) * KW + j)];
                            }
    if (b.defined()) {
        std::vector<double> bv = b.to_double_vector();
        for (int64_t n = 0; n < N; ++n)
            for (int64_t oc = 0; oc < Co; ++oc)
                for (int64_t q = 0; q < OH * OW; ++q) y[size_t((n * Co + oc) * OH * OW + q)] += bv[size_t(oc)];
    }
    return y;
}

Tensor run_conv_transpose(const Tensor& x, const Tensor& w, const Tensor& b, const ConvArgs& a, int64_t oph, int64_t opw) {
    auto y = conv_transpose_direct(x, w, b, {a.sh, a.sw}, {a.ph, a.pw}, {oph, opw}, {a.dh, a.dw}, a.groups);
    REQUIRE(y.has_value());
    return *y;
}

struct TransposeCase {
    Shape xs, ws;
    ConvArgs a;
    int64_t oph = 0, opw = 0;
};

std::vector<TransposeCase> transpose_cases() {
    std::vector<TransposeCase> cs;
    cs.push_back({{2, 3, 4, 4}, {3, 2, 4, 4}, {}, 0, 0});                        // DCGAN's stride-1 first layer
    cs.push_back({{2, 4, 3, 5}, {4, 3, 4, 4}, {2, 2, 1, 1, 1, 1, 1}, 0, 0});      // DCGAN's k4 s2 p1 upsampling
    cs.push_back({{1, 4, 3, 4}, {4, 2, 3, 2}, {2, 3, 1, 0, 1, 1, 2}, 1, 2});      // groups, output_padding
    cs.push_back({{2, 2, 4, 3}, {2, 3, 3, 3}, {2, 1, 2, 1, 2, 1, 1}, 1, 0});      // dilation
    cs.push_back({{3, 5, 1, 1}, {5, 6, 4, 4}, {}, 0, 0});                        // a 1x1 input (a generator's z)
    // 64 output channels over a 1x1 input: the stride-1 input-gradient kernel would run as a forward
    // convolution of the 7x7-padded input (1 tap in 16 live); the GEMM + col2im path runs it instead
    cs.push_back({{2, 3, 1, 1}, {3, 64, 4, 4}, {}, 0, 0});
    return cs;
}

}  // namespace

TEST_CASE("conv_transpose2d by its own kernels matches the scatter reference", "[conv]") {
    for (const auto& c : transpose_cases())
        for (bool bias : {false, true})
            for (DType dt : {DType::Float64, DType::Float32}) {
                INFO(shape_str(c.xs) << " " << shape_str(c.ws) << " bias " << bias << " " << dtype_cpp_name(dt));
                Tensor x = to_dtype(test_input(c.xs, 1, -1, 1, false), dt), w = to_dtype(test_input(c.ws, 2, -1, 1, false), dt);
                Tensor b = bias ? to_dtype(test_input({c.ws[1] * c.a.groups}, 3, -1, 1, false), dt) : Tensor();
                Shape out_shape;
                std::vector<double> expected = ref_conv_transpose(x, w, b, c.a, c.oph, c.opw, out_shape);
                Tensor y = run_conv_transpose(x, w, b, c.a, c.oph, c.opw);
                CHECK(y.dtype() == dt);
                REQUIRE(y.sizes() == out_shape);
                const double tol = dt == DType::Float64 ? 1e-10 : 1e-4;
                check_close(y, expected, tol, tol);
            }
}

TEST_CASE("conv_transpose2d records ConvolutionBackward0 and its gradients pass gradcheck", "[conv][grad]") {
    for (const auto& c : transpose_cases()) {
        INFO(shape_str(c.xs) << " " << shape_str(c.ws));
        Tensor x = test_input(c.xs, 1), w = test_input(c.ws, 2), b = test_input({c.ws[1] * c.a.groups}, 3);
        CHECK(grad_fn_name(run_conv_transpose(x, w, b, c.a, c.oph, c.opw)) == "ConvolutionBackward0");
        const ConvArgs a = c.a;
        const int64_t oph = c.oph, opw = c.opw;
        CHECK(gradcheck([a, oph, opw](const std::vector<Tensor>& t) { return run_conv_transpose(t[0], t[1], t[2], a, oph, opw); },
                        {x, w, b}));
    }
}

TEST_CASE("conv_transpose2d of a channels-last input is channels-last, as ATen's", "[conv]") {
    const ConvArgs a{2, 2, 1, 1, 1, 1, 1};
    Tensor x = test_input({2, 4, 3, 5}, 1, -1, 1, false), w = test_input({4, 3, 4, 4}, 2, -1, 1, false);
    Shape out_shape;
    std::vector<double> expected = ref_conv_transpose(x, w, Tensor(), a, 0, 0, out_shape);
    Tensor y = run_conv_transpose(contiguous_as(x, MemoryFormat::ChannelsLast), w, Tensor(), a, 0, 0);
    CHECK(is_contiguous_as(y, MemoryFormat::ChannelsLast));
    CHECK_FALSE(y.is_contiguous());
    check_close(y, expected, 1e-10, 1e-10);
}

TEST_CASE("conv_transpose_direct leaves what its kernels do not cover to the composition", "[conv]") {
    Tensor x = test_input({1, 2, 3, 3}, 1, -1, 1, false), w = test_input({2, 2, 3, 3}, 2, -1, 1, false);
    // an output_padding at or past the stride (allowed when under the dilation): not a convolution's input size
    CHECK_FALSE(conv_transpose_direct(x, w, Tensor(), {1, 1}, {0, 0}, {1, 1}, {2, 2}, 1).has_value());
    // integer tensors, a mismatched channel count (the composition raises PyTorch's error)
    CHECK_FALSE(conv_transpose_direct(to_dtype(x, DType::Int64), to_dtype(w, DType::Int64), Tensor(), {1, 1}, {0, 0},
                                      {0, 0}, {1, 1}, 1).has_value());
    CHECK_FALSE(conv_transpose_direct(x, test_input({3, 2, 3, 3}, 2), Tensor(), {1, 1}, {0, 0}, {0, 0}, {1, 1}, 1).has_value());
}

// ---- conv2d backward ----------------------------------------------------------------------------

TEST_CASE("conv2d gradcheck: input, weight, bias", "[conv][grad]") {
    CHECK(conv_gradcheck({2, 2, 5, 5}, {3, 2, 3, 3}, true, {}));
}

TEST_CASE("conv2d gradcheck with stride and padding", "[conv][grad]") {
    ConvArgs a;
    a.sh = 2;
    a.sw = 1;
    a.ph = 1;
    a.pw = 2;
    CHECK(conv_gradcheck({1, 2, 6, 5}, {2, 2, 3, 2}, true, a));
}

TEST_CASE("conv2d gradcheck with dilation", "[conv][grad]") {
    ConvArgs a;
    a.dh = 2;
    a.dw = 2;
    a.ph = 1;
    CHECK(conv_gradcheck({1, 1, 7, 7}, {2, 1, 3, 3}, false, a));
}

TEST_CASE("conv2d gradcheck with groups", "[conv][grad]") {
    ConvArgs a;
    a.groups = 2;
    a.pw = 1;
    CHECK(conv_gradcheck({2, 4, 4, 4}, {4, 2, 2, 3}, true, a));
}

TEST_CASE("conv2d gradcheck for 1x1 and unbatched input", "[conv][grad]") {
    CHECK(conv_gradcheck({2, 3, 3, 4}, {2, 3, 1, 1}, true, {}));
    Tensor x = test_input({2, 4, 4}, 1), w = test_input({3, 2, 2, 2}, 2);
    CHECK(gradcheck([](const std::vector<Tensor>& t) { return conv2d(t[0], t[1]); }, {x, w}));
}

TEST_CASE("conv2d float32 gradients agree with float64 on a multi-chunk input", "[conv][grad]") {
    Tensor x64 = test_input({2, 8, 30, 30}, 1), w64 = test_input({4, 8, 3, 3}, 2);
    Tensor x32 = to_dtype(x64.detach(), DType::Float32), w32 = to_dtype(w64.detach(), DType::Float32);
    x32.requires_grad_(true);
    w32.requires_grad_(true);
    autograd::backward({sum(conv2d(x64, w64, Tensor(), {1, 1}, {1, 1}))});
    autograd::backward({sum(conv2d(x32, w32, Tensor(), {1, 1}, {1, 1}))});
    check_close(x32.grad(), x64.grad(), 1e-4, 1e-4);
    check_close(w32.grad(), w64.grad(), 1e-4, 1e-3);
}

// Small output planes put several samples' columns into one GEMM (conv.cpp's ConvTiling): blocks of
// samples with a remainder block, halved when there are fewer blocks than threads, for every thread
// count the tiling depends on.
namespace {
struct ThreadCount {
    int saved = num_threads();
    explicit ThreadCount(int n) { set_num_threads(n); }
    ~ThreadCount() { set_num_threads(saved); }
};
}  // namespace

TEST_CASE("conv2d on small planes blocks samples into one GEMM", "[conv]") {
    for (int threads : {1, 2, 3}) {
        ThreadCount tc(threads);
        ConvArgs pad;
        pad.ph = pad.pw = 1;
        check_conv({11, 6, 1, 1}, {5, 6, 3, 3}, true, pad);  // 1 output pixel per sample
        ConvArgs s2 = pad;
        s2.sh = s2.sw = 2;
        check_conv({7, 4, 3, 4}, {6, 4, 3, 3}, false, s2);  // 2x2 output planes, stride 2
        ConvArgs grouped = pad;
        grouped.groups = 3;
        check_conv({9, 6, 2, 3}, {9, 2, 3, 3}, true, grouped);
        check_conv({13, 5, 2, 2}, {3, 5, 1, 1}, true, {});  // plain 1x1: gathered, not read in place
        check_conv({40, 16, 2, 2}, {8, 16, 3, 3}, true, pad, DType::Float32, 1e-4);
    }
}

TEST_CASE("conv2d gradcheck on small planes with several samples per GEMM", "[conv][grad]") {
    ConvArgs pad;
    pad.ph = pad.pw = 1;
    CHECK(conv_gradcheck({5, 3, 1, 1}, {4, 3, 3, 3}, true, pad));
    ConvArgs s2 = pad;
    s2.sh = 2;
    s2.groups = 2;
    CHECK(conv_gradcheck({3, 4, 3, 2}, {4, 2, 3, 2}, true, s2));
    CHECK(conv_gradcheck({4, 3, 2, 1}, {2, 3, 1, 1}, false, {}));
}

TEST_CASE("conv2d float32 gradients on small planes agree with float64 at every thread count", "[conv][grad]") {
    Tensor x64 = test_input({37, 24, 2, 2}, 1), w64 = test_input({16, 24, 3, 3}, 2), b64 = test_input({16}, 3);
    autograd::backward({sum(mul(conv2d(x64, w64, b64, {1, 1}, {1, 1}), conv2d(x64, w64, b64, {1, 1}, {1, 1})))});
    for (int threads : {1, 2, 4}) {
        ThreadCount tc(threads);
        Tensor x32 = to_dtype(x64.detach(), DType::Float32), w32 = to_dtype(w64.detach(), DType::Float32);
        Tensor b32 = to_dtype(b64.detach(), DType::Float32);
        for (Tensor* t : {&x32, &w32, &b32}) t->requires_grad_(true);
        Tensor y = conv2d(x32, w32, b32, {1, 1}, {1, 1});
        autograd::backward({sum(mul(y, y))});
        check_close(x32.grad(), x64.grad(), 1e-3, 1e-3);
        check_close(w32.grad(), w64.grad(), 1e-3, 1e-3);
        check_close(b32.grad(), b64.grad(), 1e-3, 1e-3);
    }
}

// More threads than items moves a convolution from per-thread items to panels of samples split by
// the GEMM (ops/conv.cpp), and the weight gradient from per-thread copies to the panels' GEMM; every
// way must give the one-thread numbers: the forward and all three gradients in float64, for 2-d and
// 3-d convolutions with stride, padding, dilation and groups (depthwise included), the plain 1x1
// case, large planes that stay per item, and a batch whose columns span several panels.
TEST_CASE("conv forward and gradients agree between per-item and panel threading", "[conv][grad]") {
    struct Case {
        Shape xs, ws;
        std::vector<int64_t> s, p, d;
        int64_t groups;
    };
    // (each over 2 MFLOP: smaller convolutions stay on one thread)
    const std::vector<Case> cases = {
        {{37, 48, 2, 2}, {32, 48, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
        {{128, 32, 9, 1}, {48, 16, 3, 1}, {2, 1}, {1, 0}, {1, 1}, 2},
        {{32, 48, 14, 12}, {48, 1, 3, 3}, {1, 2}, {2, 1}, {2, 1}, 48},
        {{64, 64, 6, 6}, {48, 64, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1},
        {{3, 8, 30, 31}, {16, 8, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
        {{34, 4, 20, 20}, {8, 4, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
        {{60, 64, 8, 8}, {64, 64, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
        {{32, 8, 4, 6, 6}, {12, 4, 2, 3, 3}, {1, 2, 1}, {1, 1, 1}, {1, 1, 2}, 2},
    };
    for (const Case& c : cases) {
        CAPTURE(shape_str(c.xs), shape_str(c.ws), c.groups);
        Tensor x0 = test_input(c.xs, 1, -1, 1, false), w0 = test_input(c.ws, 2, -1, 1, false);
        Tensor b0 = test_input({c.ws[0]}, 3, -1, 1, false);
        Tensor gy;
        std::vector<Tensor> want;
        for (int threads : {1, 2, 8}) {
            ThreadCount tc(threads);
            Tensor x = x0.detach(), w = w0.detach(), b = b0.detach();
            for (Tensor* t : {&x, &w, &b}) t->requires_grad_(true);
            Tensor y = c.xs.size() == 5 ? conv3d(x, w, b, c.s, c.p, c.d, c.groups) : conv2d(x, w, b, c.s, c.p, c.d, c.groups);
            if (!gy.defined()) gy = test_input(y.sizes(), 4, -1, 1, false);
            autograd::backward({y}, {gy});
            std::vector<Tensor> got{y.detach(), x.grad(), w.grad(), b.grad()};
            if (want.empty()) {
                want = got;
                continue;
            }
            for (size_t i = 0; i < got.size(); ++i) check_close(got[i], want[i], 1e-11, 1e-11);
        }
    }
}

// ---- conv2d errors ------------------------------------------------------------------------------

TEST_CASE("conv2d channel and kernel-size errors", "[conv][errors]") {
    Tensor w = zeros({8, 3, 3, 3});
    CHECK_THROWS_WITH(conv2d(zeros({1, 4, 8, 8}), w),
                      Catch::Contains("Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 4, 8, 8] to have 3 "
                                      "channels, but got 4 channels instead"));
    CHECK_THROWS_WITH(conv2d(zeros({1, 3, 2, 2}), w),
                      Catch::Contains("Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel "
                                      "size can't be greater than actual input size"));
    CHECK_THROWS_WITH(conv2d(zeros({3, 8}), w),
                      Catch::Contains("Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [3, 8]"));
}

TEST_CASE("conv2d bias, groups and parameter errors", "[conv][errors]") {
    Tensor x = zeros({1, 3, 8, 8}), w = zeros({8, 3, 3, 3});
    CHECK_THROWS_WITH(conv2d(x, w, zeros({7})),
                      Catch::Contains("Given weight of size [8, 3, 3, 3], expected bias to be 1-dimensional with 8 "
                                      "elements, but got bias of size [7] instead"));
    CHECK_THROWS_WITH(conv2d(zeros({1, 4, 8, 8}), zeros({6, 2, 3, 3}), Tensor(), {1, 1}, {0, 0}, {1, 1}, 4),
                      Catch::Contains("Given groups=4, expected weight to be divisible by 4 at dimension 0, but got "
                                      "weight of size [[6, 2, 3, 3]] instead"));
    CHECK_THROWS_WITH(conv2d(x, w, Tensor(), {1, 1}, {-1, -1}), Catch::Contains("negative padding is not supported"));
    CHECK_THROWS_WITH(conv2d(x, w, Tensor(), {0, 0}), Catch::Contains("non-positive stride is not supported"));
    CHECK_THROWS_WITH(conv2d(x, w, Tensor(), {1, 1}, {0, 0}, {1, 1}, 0), Catch::Contains("non-positive groups is not supported"));
    CHECK_THROWS_WITH(conv2d(x, w, Tensor(), {1, 2, 3}),
                      Catch::Contains("expected stride to be a single integer value or a list of 2 values to match the "
                                      "convolution dimensions, but got stride=[1, 2, 3]"));
}

TEST_CASE("conv2d dtype errors", "[conv][errors]") {
    Tensor w = zeros({8, 3, 3, 3});
    CHECK_THROWS_WITH(conv2d(zeros({1, 3, 8, 8}, {DType::Float64}), w),
                      Catch::Contains("expected scalar type Double but found Float"));
    CHECK_THROWS_WITH(conv2d(zeros({1, 3, 8, 8}, {DType::Float64}), zeros({8, 3, 3, 3}, {DType::Float64}), zeros({8})),
                      Catch::Contains("Input type (double) and bias type (float) should be the same"));
}

// ---- max_pool2d ----------------------------------------------------------------------------------

TEST_CASE("max_pool2d matches reference (kernel 2 and 3, stride, padding)", "[conv][pool]") {
    Tensor x = test_input({2, 3, 7, 8}, 1, -1, 1, false);
    struct P {
        int64_t k, s, p;
    };
    for (P c : {P{2, 2, 0}, P{3, 2, 1}, P{3, 1, 1}}) {
        Shape s;
        std::vector<double> ref = ref_max_pool(x, c.k, c.s, c.p, 1, false, s);
        Tensor y = max_pool2d(x, {c.k}, {c.s}, {c.p});
        REQUIRE(y.sizes() == s);
        check_close(y, ref, 0, 0);
    }
}

TEST_CASE("max_pool2d with dilation and ceil_mode", "[conv][pool]") {
    Tensor x = test_input({1, 2, 9, 10}, 2, -1, 1, false);
    Shape s;
    std::vector<double> ref = ref_max_pool(x, 3, 2, 1, 2, true, s);
    Tensor y = max_pool2d(x, {3}, {2}, {1}, {2}, true);
    REQUIRE(y.sizes() == s);
    check_close(y, ref, 0, 0);
    CHECK(max_pool2d(zeros({1, 1, 5, 5}), {2}, {}, {0}, {1}, true).sizes() == Shape{1, 1, 3, 3});
    CHECK(max_pool2d(zeros({1, 1, 5, 5}), {2}).sizes() == Shape{1, 1, 2, 2});
}

TEST_CASE("max_pool2d backward routes the gradient to the argmax", "[conv][pool][grad]") {
    Tensor x = tensor({1, 5, 2, 0, 3, 4, 9, 8, 7, 6, 1, 2, 0, 3, 2, 8}, {1, 1, 4, 4}, DType::Float64, true);
    Tensor y = max_pool2d(x, {2});
    CHECK(grad_fn_name(y) == "MaxPool2DWithIndicesBackward0");
    // Windows: {1,5,3,4} {2,0,9,8} {7,6,0,3} {1,2,2,8}.
    check_close(y, {5, 9, 7, 8});
    autograd::backward({y}, {tensor({1, 2, 3, 4}, {1, 1, 2, 2}, DType::Float64)});
    check_close(x.grad(), {0, 1, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0, 0, 0, 0, 4});
}

TEST_CASE("max_pool2d gradcheck with padding, stride and dilation", "[conv][pool][grad]") {
    Tensor x = test_input({1, 2, 7, 7}, 3);
    CHECK(gradcheck([](const std::vector<Tensor>& t) { return max_pool2d(t[0], {3}, {2}, {1}); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& t) { return max_pool2d(t[0], {2, 3}, {1, 2}, {1}, {2}, true); }, {x}));
}

TEST_CASE("max_pool2d double backward gathers at the argmax", "[conv][pool][grad]") {
    Tensor x = test_input({1, 1, 4, 4}, 4);
    Tensor y = max_pool2d(x, {2});
    Tensor gy = test_input({1, 1, 2, 2}, 5);
    std::vector<Tensor> gx = autograd::grad({y}, {x}, {gy}, false, /*create_graph=*/true);
    REQUIRE(gx[0].requires_grad());
    CHECK(gx[0].grad_fn()->name == "MaxPool2DWithIndicesBackwardBackward0");
    // sum(gx) = sum(gy), so d sum(gx) / d gy = ones.
    std::vector<Tensor> ggy = autograd::grad({sum(gx[0])}, {gy});
    check_close(ggy[0], {1, 1, 1, 1});
}

TEST_CASE("max_pool2d propagates NaN, takes the first of ties, and works on 3-d and int64", "[conv][pool]") {
    Tensor x = tensor({1, NAN, 2, 3}, {1, 1, 2, 2}, DType::Float32);
    CHECK(std::isnan(max_pool2d(x, {2}).item_double()));
    Tensor t = tensor({7, 7, 7, 7}, {1, 2, 2}, DType::Float64, true);
    Tensor y = max_pool2d(t, {2});
    CHECK(y.sizes() == Shape{1, 1, 1});
    autograd::backward({sum(y)});
    check_close(t.grad(), {1, 0, 0, 0});
    Tensor xi = reshape(arange(Scalar(int64_t(16))), {1, 1, 4, 4});
    Tensor yi = max_pool2d(xi, {2});
    CHECK(yi.dtype() == DType::Int64);
    CHECK(yi.to_int_vector() == std::vector<int64_t>{5, 7, 13, 15});
}

TEST_CASE("max_pool2d errors use PyTorch wording", "[conv][pool][errors]") {
    Tensor x = zeros({1, 2, 5, 5});
    CHECK_THROWS_WITH(max_pool2d(x, {3}, {}, {2}),
                      Catch::Contains("pad should be at most half of effective kernel size, but got pad=2, kernel_size=3 and dilation=1"));
    CHECK_THROWS_WITH(max_pool2d(zeros({1, 1, 2, 2}), {3}),
                      Catch::Contains("Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small"));
    CHECK_THROWS_WITH(max_pool2d(zeros({5, 5}), {3}), Catch::Contains("non-empty 3D or 4D (batch mode) tensor expected for input"));
    CHECK_THROWS_WITH(max_pool2d(x, {0}), Catch::Contains("stride should not be zero"));
    CHECK_THROWS_WITH(max_pool2d(x, {1, 2, 3}),
                      Catch::Contains("max_pool2d: kernel_size must either be a single int, or a tuple of two ints"));
}

// ---- avg_pool2d ----------------------------------------------------------------------------------

TEST_CASE("avg_pool2d matches reference with and without count_include_pad", "[conv][pool]") {
    Tensor x = test_input({2, 2, 7, 6}, 1, -1, 1, false);
    for (bool include : {true, false}) {
        Shape s;
        std::vector<double> ref = ref_avg_pool(x, 3, 2, 1, false, include, s);
        Tensor y = avg_pool2d(x, {3}, {2}, {1}, false, include);
        REQUIRE(y.sizes() == s);
        check_close(y, ref, 1e-12, 1e-12);
    }
}

TEST_CASE("avg_pool2d ceil_mode windows hanging off the edge", "[conv][pool]") {
    Tensor x = test_input({1, 1, 5, 5}, 2, -1, 1, false);
    for (bool include : {true, false}) {
        Shape s;
        std::vector<double> ref = ref_avg_pool(x, 2, 2, 0, true, include, s);
        Tensor y = avg_pool2d(x, {2}, {}, {0}, true, include);
        REQUIRE(y.sizes() == Shape{1, 1, 3, 3});
        check_close(y, ref, 1e-12, 1e-12);
    }
    Shape s;
    std::vector<double> ref = ref_avg_pool(x, 3, 2, 1, true, true, s);
    check_close(avg_pool2d(x, {3}, {2}, {1}, true, true), ref, 1e-12, 1e-12);
}

TEST_CASE("avg_pool2d gradcheck and AvgPool2DBackward0", "[conv][pool][grad]") {
    Tensor x = test_input({1, 2, 6, 5}, 3);
    CHECK(grad_fn_name(avg_pool2d(x, {2})) == "AvgPool2DBackward0");
    CHECK(gradcheck([](const std::vector<Tensor>& t) { return avg_pool2d(t[0], {3}, {2}, {1}, false, true); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& t) { return avg_pool2d(t[0], {3, 2}, {2, 1}, {1, 1}, true, false); }, {x}));
}

TEST_CASE("avg_pool2d double backward is differentiable", "[conv][pool][grad]") {
    Tensor x = test_input({1, 1, 4, 4}, 4);
    Tensor gy = test_input({1, 1, 2, 2}, 5);
    CHECK(gradcheck(
        [&x](const std::vector<Tensor>& t) {
            autograd::GradModeGuard on(true);  // gradcheck's probes run under no_grad
            Tensor y = avg_pool2d(x, {2});
            return autograd::grad({y}, {x}, {t[0]}, false, /*create_graph=*/true)[0];
        },
        {gy}));
}

TEST_CASE("avg_pool2d on int64 truncates like ATen and on 3-d input", "[conv][pool]") {
    Tensor xi = reshape(arange(Scalar(int64_t(16))), {1, 1, 4, 4});
    CHECK(avg_pool2d(xi, {2}).to_int_vector() == std::vector<int64_t>{2, 4, 10, 12});
    Tensor x3 = test_input({2, 4, 4}, 1, -1, 1, false);
    Shape s;
    check_close(avg_pool2d(x3, {2}), ref_avg_pool(x3, 2, 2, 0, false, true, s), 1e-12, 1e-12);
    CHECK(s == Shape{2, 2, 2});
}

TEST_CASE("avg_pool2d errors use PyTorch wording", "[conv][pool][errors]") {
    CHECK_THROWS_WITH(avg_pool2d(zeros({1, 2, 5, 5}), {3}, {}, {2}),
                      Catch::Contains("pad should be at most half of effective kernel size, but got pad=2, kernel_size=3 and dilation=1"));
    CHECK_THROWS_WITH(avg_pool2d(zeros({1, 1, 2, 2}), {3}),
                      Catch::Contains("Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small"));
    CHECK_THROWS_WITH(avg_pool2d(zeros({5, 5}), {3}),
                      Catch::Contains("Dimension out of range (expected to be in range of [-2, 1], but got -3)"));
}

// ---- adaptive_avg_pool2d -------------------------------------------------------------------------

TEST_CASE("adaptive_avg_pool2d uses floor/ceil windows", "[conv][pool]") {
    Tensor x = test_input({2, 3, 7, 5}, 1, -1, 1, false);
    Tensor y = adaptive_avg_pool2d(x, {3, 2});
    REQUIRE(y.sizes() == Shape{2, 3, 3, 2});
    std::vector<double> xv = x.to_double_vector(), ref;
    for (int c = 0; c < 6; ++c)
        for (int oh = 0; oh < 3; ++oh)
            for (int ow = 0; ow < 2; ++ow) {
                const int h0 = oh * 7 / 3, h1 = ((oh + 1) * 7 + 2) / 3, w0 = ow * 5 / 2, w1 = ((ow + 1) * 5 + 1) / 2;
                double s = 0;
                for (int h = h0; h < h1; ++h)
                    for (int w = w0; w < w1; ++w) s += xv[size_t((c * 7 + h) * 5 + w)];
                ref.push_back(s / ((h1 - h0) * (w1 - w0)));
            }
    check_close(y, ref, 1e-12, 1e-12);
}

TEST_CASE("adaptive_avg_pool2d gradcheck and grad_fn names", "[conv][pool][grad]") {
    Tensor x = test_input({1, 2, 5, 7}, 2);
    CHECK(grad_fn_name(adaptive_avg_pool2d(x, {2, 3})) == "AdaptiveAvgPool2DBackward0");
    CHECK(gradcheck([](const std::vector<Tensor>& t) { return adaptive_avg_pool2d(t[0], {2, 3}); }, {x}));
    CHECK(gradcheck([](const std::vector<Tensor>& t) { return adaptive_avg_pool2d(t[0], {7, 4}); }, {x}));
}

TEST_CASE("adaptive_avg_pool2d to 1x1 is a mean (MeanBackward1)", "[conv][pool]") {
    Tensor x = test_input({2, 3, 4, 4}, 3);
    Tensor y = adaptive_avg_pool2d(x, {1, 1});
    CHECK(y.sizes() == Shape{2, 3, 1, 1});
    CHECK(grad_fn_name(y) == "MeanBackward1");
    std::vector<double> xv = x.to_double_vector(), ref;
    for (int c = 0; c < 6; ++c) {
        double s = 0;
        for (int i = 0; i < 16; ++i) s += xv[size_t(c * 16 + i)];
        ref.push_back(s / 16);
    }
    check_close(y, ref, 1e-12, 1e-12);
}

TEST_CASE("adaptive_avg_pool2d errors use PyTorch wording", "[conv][pool][errors]") {
    CHECK_THROWS_WITH(adaptive_avg_pool2d(zeros({5, 5}), {2, 2}),
                      Catch::Contains("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [5, 5]"));
    CHECK_THROWS_WITH(adaptive_avg_pool2d(zeros({1, 2, 5, 5}), {1, 2, 3}),
                      Catch::Contains("adaptive_avg_pool2d: output_size must be 2"));
    CHECK_THROWS_WITH(adaptive_avg_pool2d(ones({1, 1, 4, 4}, {DType::Int64}), {2, 2}),
                      Catch::Contains("\"adaptive_avg_pool2d\" not implemented for 'Long'"));
    CHECK_THROWS_WITH(adaptive_avg_pool2d(zeros({1, 2, 0, 4}), {2, 2}),
                      Catch::Contains("Expected input to have non-zero size for non-batch dimensions, but input has "
                                      "sizes [1, 2, 0, 4] with dimension 2 being empty"));
}

TEST_CASE("conv2d under create_graph gives first-order grads that differentiate again", "[conv][grad]") {
    Tensor x = test_input({1, 1, 4, 4}, 1), w = test_input({1, 1, 2, 2}, 2);
    Tensor y = sum(conv2d(x, w));
    std::vector<Tensor> g = autograd::grad({y}, {w}, {}, false, /*create_graph=*/true);
    // d sum(conv(x, w)) / dw[i, j] = sum of the x values that tap (i, j) touches.
    std::vector<double> xv = x.to_double_vector(), expected(4, 0.0);
    for (int oh = 0; oh < 3; ++oh)
        for (int ow = 0; ow < 3; ++ow)
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) expected[size_t(i * 2 + j)] += xv[size_t((oh + i) * 4 + ow + j)];
    check_close(g[0], expected, 1e-12, 1e-12);
    REQUIRE(g[0].requires_grad());
    // d sum(dw) / dx[r, c] = how many (output, tap) pairs read x[r, c] (ConvolutionBackwardBackward0).
    Tensor xg = test_input({1, 1, 4, 4}, 1);
    std::vector<Tensor> gw = autograd::grad({sum(conv2d(xg, w))}, {w}, {}, false, /*create_graph=*/true);
    std::vector<Tensor> gx = autograd::grad({sum(gw[0])}, {xg});
    std::vector<double> counts(16, 0.0);
    for (int oh = 0; oh < 3; ++oh)
        for (int ow = 0; ow < 3; ++ow)
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) counts[size_t((oh + i) * 4 + ow + j)] += 1.0;
    check_close(gx[0], counts, 1e-12, 1e-12);
}

// ---- the 3-d forms (the same kernels with a depth) --------------------------------------------------

namespace {

// y[n, co, od, oh, ow] = b[co] + sum_{c, a, i, j} x[n, g*Cg + c, od*s0 - p0 + a*d0, ...] * w[co, c, a, i, j]
std::vector<double> ref_conv3d(const Tensor& x, const Tensor& w, const Tensor& b, const std::vector<int64_t>& s,
                               const std::vector<int64_t>& p, const std::vector<int64_t>& d, int64_t groups,
                               Shape& out_shape) {
    const int64_t N = x.size(0), C = x.size(1), I[3] = {x.size(2), x.size(3), x.size(4)};
    const int64_t Co = w.size(0), Cg = w.size(1), K[3] = {w.size(2), w.size(3), w.size(4)}, Cog = Co / groups;
    int64_t O[3];
    for (int k = 0; k < 3; ++k) O[k] = (I[k] + 2 * p[size_t(k)] - d[size_t(k)] * (K[k] - 1) - 1) / s[size_t(k)] + 1;
    out_shape = {N, Co, O[0], O[1], O[2]};
    std::vector<double> xv = x.to_double_vector(), wv = w.to_double_vector(), y;
    for (int64_t n = 0; n < N; ++n)
        for (int64_t co = 0; co < Co; ++co)
            for (int64_t o0 = 0; o0 < O[0]; ++o0)
                for (int64_t o1 = 0; o1 < O[1]; ++o1)
                    for (int64_t o2 = 0; o2 < O[2]; ++o2) {
                        double acc = b.defined() ? b.to_double_vector()[size_t(co)] : 0.0;
                        for (int64_t c = 0; c < Cg; ++c)
                            for (int64_t a = 0; a < K[0]; ++a)
                                for (int64_t i = 0; i < K[1]; ++i)
                                    for (int64_t j = 0; j < K[2]; ++j) {
                                        const int64_t i0 = o0 * s[0] - p[0] + a * d[0], i1 = o1 * s[1] - p[1] + i * d[1],
                                                      i2 = o2 * s[2] - p[2] + j * d[2];
                                        if (i0 < 0 || i0 >= I[0] || i1 < 0 || i1 >= I[1] || i2 < 0 || i2 >= I[2]) continue;
                                        acc += xv[size_t((((n * C + co / Cog * Cg + c) * I[0] + i0) * I[1] + i1) * I[2] + i2)] *
                                               wv[size_t((((co * Cg + c) * K[0] + a) * K[1] + i) * K[2] + j)];
                                    }
                        y.push_back(acc);
                    }
    return y;
}

}  // namespace

TEST_CASE("conv3d matches the 9-loop reference over stride, padding, dilation and groups", "[conv]") {
    struct Case {
        Shape xs, ws;
        std::vector<int64_t> s, p, d;
        int64_t groups;
    };
    for (const Case& c : {Case{{2, 3, 4, 5, 6}, {4, 3, 3, 3, 3}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1},
                          Case{{1, 4, 5, 6, 7}, {6, 2, 2, 3, 1}, {2, 1, 2}, {0, 1, 0}, {1, 2, 1}, 2},
                          Case{{2, 2, 3, 4, 4}, {3, 2, 1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 1}}) {
        Tensor x = test_input(c.xs, 1, -1, 1, false), w = test_input(c.ws, 2, -1, 1, false);
        Tensor b = test_input({c.ws[0]}, 3, -1, 1, false);
        Shape out_shape;
        std::vector<double> expected = ref_conv3d(x, w, b, c.s, c.p, c.d, c.groups, out_shape);
        Tensor y = conv3d(x, w, b, c.s, c.p, c.d, c.groups);
        REQUIRE(y.sizes() == out_shape);
        check_close(y, expected, 1e-10, 1e-10);
    }
}

TEST_CASE("conv3d gradients pass gradcheck and record ConvolutionBackward0", "[conv]") {
    Tensor x = test_input({1, 2, 3, 4, 3}, 1), w = test_input({4, 1, 2, 2, 2}, 2), b = test_input({4}, 3);
    auto f = [](const std::vector<Tensor>& t) { return conv3d(t[0], t[1], t[2], {1, 2, 1}, {1, 0, 1}, {1, 1, 2}, 2); };
    CHECK(gradcheck(f, {x, w, b}));
    CHECK(grad_fn_name(f({x, w, b})) == "ConvolutionBackward0");
}

TEST_CASE("3-d pools pass gradcheck with PyTorch's grad_fn names", "[conv]") {
    Tensor x = test_input({1, 2, 4, 5, 4}, 1);
    auto mp = [](const std::vector<Tensor>& t) { return max_pool3d(t[0], {2, 3, 2}, {1, 2, 1}, {1, 1, 0}, {1, 1, 2}); };
    auto ap = [](const std::vector<Tensor>& t) { return avg_pool3d(t[0], {3}, {2}, {1}, true, false); };
    auto apd = [](const std::vector<Tensor>& t) { return avg_pool3d(t[0], {2}, {}, {0}, false, true, 3); };
    auto aap = [](const std::vector<Tensor>& t) { return adaptive_avg_pool3d(t[0], {3, 2, 3}); };
    CHECK(gradcheck(mp, {x}));
    CHECK(gradcheck(ap, {x}));
    CHECK(gradcheck(apd, {x}));
    CHECK(gradcheck(aap, {x}));
    CHECK(grad_fn_name(mp({x})) == "MaxPool3DWithIndicesBackward0");
    CHECK(grad_fn_name(ap({x})) == "AvgPool3DBackward0");
    CHECK(grad_fn_name(aap({x})) == "AdaptiveAvgPool3DBackward0");
    CHECK(grad_fn_name(adaptive_avg_pool3d(x, {1, 1, 1})) == "MeanBackward1");
    // the 2-d pools on a depth-1 volume equal the 3-d ones with a depth-1 window
    Tensor v = test_input({2, 3, 1, 6, 5}, 4, -1, 1, false);
    check_close(max_pool3d(v, {1, 2, 2}), max_pool2d(squeeze(v, 2), {2, 2}).to_double_vector(), 0, 0);
}

// ---- the implicit GEMM (ops/conv.cpp: forward, weight gradient) --------------------------------
// Convolutions whose groups have at least 3/4 of the micro-kernel's MR rows of output channels
// (here 12-24) take the implicit GEMM: columns packed straight from the input by precomputed
// offsets (runs, gathers and padding), tiles of whole samples with a partial last block, chunks of
// one large plane, tiles split over output channels on several threads.

namespace {
// x with NHWC (or NDHWC) strides and the same values: a channels_last input.
Tensor channels_last_copy(const Tensor& x) {
    std::vector<int64_t> to_last{0}, back{0};
    const int64_t d = x.dim();
    for (int64_t i = 2; i < d; ++i) to_last.push_back(i);
    to_last.push_back(1);
    back.push_back(d - 1);
    for (int64_t i = 1; i < d - 1; ++i) back.push_back(i);
    return permute(contiguous(permute(x, to_last)), back);
}
}  // namespace

TEST_CASE("conv2d implicit GEMM matches the reference over odd sizes, strides, padding, dilation, groups",
          "[conv]") {
    ConvArgs odd;
    odd.sh = 2, odd.ph = 1, odd.pw = 2, odd.dw = 2;
    ConvArgs pad;
    pad.ph = pad.pw = 1;
    ConvArgs grouped = pad;
    grouped.groups = 2;
    ConvArgs s2;
    s2.sh = s2.sw = 2;
    for (int threads : {1, 3}) {
        ThreadCount tc(threads);
        check_conv({3, 5, 9, 11}, {16, 5, 3, 3}, true, odd);
        check_conv({2, 6, 7, 7}, {24, 3, 3, 3}, true, grouped);
        check_conv({70, 8, 2, 2}, {12, 8, 3, 3}, true, pad);   // whole-sample tiles, a partial last block
        check_conv({1, 3, 40, 37}, {16, 3, 3, 3}, false, pad);  // one plane in chunks, a partial last chunk
        check_conv({4, 16, 5, 6}, {24, 16, 1, 1}, true, {});    // 1x1: contiguous runs
        check_conv({4, 16, 5, 6}, {24, 16, 1, 1}, false, s2);   // 1x1 stride 2: gathered columns
        check_conv({5, 7, 26, 26}, {32, 7, 3, 3}, true, {}, DType::Float32, 1e-4);
        check_conv({9, 3, 32, 32}, {16, 3, 7, 7}, true, [] {
            ConvArgs a;
            a.sh = a.sw = 2, a.ph = a.pw = 3;
            return a;
        }(), DType::Float32, 1e-4);
    }
}

TEST_CASE("conv2d and conv3d implicit GEMM read channels_last inputs", "[conv]") {
    Tensor x = test_input({3, 6, 7, 5}, 1, -1, 1, false), w = test_input({16, 6, 3, 3}, 2, -1, 1, false);
    Tensor b = test_input({16}, 3, -1, 1, false);
    Tensor xl = channels_last_copy(x);
    REQUIRE_FALSE(xl.is_contiguous());
    ConvArgs a;
    a.ph = 1, a.sw = 2;
    Shape out_shape;
    std::vector<double> expected = ref_conv(x, w, b, a, out_shape);
    check_close(run_conv(xl, w, b, a), expected, 1e-10, 1e-10);
    Tensor x3 = test_input({2, 3, 4, 5, 6}, 1, -1, 1, false), w3 = test_input({12, 3, 3, 3, 3}, 2, -1, 1, false);
    Tensor b3 = test_input({12}, 3, -1, 1, false);
    std::vector<double> expected3 = ref_conv3d(x3, w3, b3, {1, 2, 1}, {1, 1, 0}, {1, 1, 2}, 1, out_shape);
    check_close(conv3d(channels_last_copy(x3), w3, b3, {1, 2, 1}, {1, 1, 0}, {1, 1, 2}, 1), expected3, 1e-10, 1e-10);
}

TEST_CASE("conv2d implicit GEMM gradients pass gradcheck", "[conv][grad]") {
    ConvArgs odd;
    odd.sh = 2, odd.ph = odd.pw = 1, odd.dw = 2;
    CHECK(conv_gradcheck({2, 3, 5, 6}, {12, 3, 3, 2}, true, odd));
    ConvArgs grouped;
    grouped.ph = 1, grouped.groups = 2;
    CHECK(conv_gradcheck({2, 4, 4, 5}, {18, 2, 3, 3}, true, grouped));
    CHECK(conv_gradcheck({3, 5, 2, 3}, {12, 5, 1, 1}, false, {}));
}

TEST_CASE("conv2d implicit GEMM float32 gradients agree with float64 at every thread count", "[conv][grad]") {
    struct Case {
        Shape xs, ws;
        int64_t pad;
    };
    // small planes (tiles of whole samples; the weight gradient's tiles split between threads) and
    // a large plane in chunks
    for (const Case& c : {Case{{70, 8, 3, 3}, {16, 8, 3, 3}, 1}, Case{{2, 8, 30, 30}, {16, 8, 3, 3}, 0}}) {
        Tensor x64 = test_input(c.xs, 1), w64 = test_input(c.ws, 2), b64 = test_input({c.ws[0]}, 3);
        Tensor y64 = conv2d(x64, w64, b64, {1, 1}, {c.pad, c.pad});
        autograd::backward({sum(mul(y64, y64))});
        for (int threads : {1, 2, 5}) {
            ThreadCount tc(threads);
            Tensor x32 = to_dtype(x64.detach(), DType::Float32), w32 = to_dtype(w64.detach(), DType::Float32);
            Tensor b32 = to_dtype(b64.detach(), DType::Float32);
            for (Tensor* t : {&x32, &w32, &b32}) t->requires_grad_(true);
            Tensor y = conv2d(x32, w32, b32, {1, 1}, {c.pad, c.pad});
            autograd::backward({sum(mul(y, y))});
            check_close(x32.grad(), x64.grad(), 1e-3, 1e-3);
            check_close(w32.grad(), w64.grad(), 1e-3, 1e-3);
            check_close(b32.grad(), b64.grad(), 1e-3, 1e-3);
        }
    }
}

// The graph op checks the indices a graph passes it (in parallel: ops/conv.cpp's first_outside) and
// names the first one outside the plane, at every thread count.
TEST_CASE("max_pool2d_with_indices_backward graph op names the first index outside the plane", "[conv][pool][errors]") {
    Tensor x = test_input({4, 8, 16, 16}, 1, -1, 1, false);
    auto [y, idx] = max_pool2d_with_indices(x, {2, 2});
    Tensor gy = ones_like(y);
    Tensor good = max_pool2d_with_indices_backward(gy, x, idx);
    CHECK(sum(good).to_double_vector()[0] == double(y.numel()));
    Tensor bad = clone(idx);
    const int64_t n = bad.numel();
    bad.data_ptr<int64_t>()[n - 3] = 256;  // past the 16x16 plane
    bad.data_ptr<int64_t>()[n - 1] = -1;
    bad.data_ptr<int64_t>()[n / 2] = 300;  // the first bad one
    for (int threads : {1, 3}) {
        ThreadCount tc(threads);
        CHECK_THROWS_WITH(max_pool2d_with_indices_backward(gy, x, bad),
                          Catch::Contains("max_pool2d_with_indices_backward: index 300 is outside the 16x16 plane"));
    }
}

// ---- taps that read only padding, and the input gradient as a forward convolution (ops/conv.cpp) ----
// ResNet-18's late stages at 32x32 inputs run 3x3 padded convolutions of 1x1 and 2x2 planes, whose
// outer taps read only padding: Kiln runs the live taps alone (a smaller kernel, shifted padding) and
// gives the dead taps a zero weight gradient. Stride-1 input gradients with >= 64 input channels per
// group run as a forward convolution of dY with the flipped weight. Both against naive float64 loops
// for the values and the gradients, in float64 and float32, on one and several threads.

namespace {
// dx and dw of ref_conv for the output gradient gy (the adjoint loops of the 7-loop reference).
void ref_conv_grads(const Tensor& x, const Tensor& w, const Tensor& gy, const ConvArgs& a, std::vector<double>& dx,
                    std::vector<double>& dw) {
    const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    const int64_t Co = w.size(0), Cg = w.size(1), KH = w.size(2), KW = w.size(3), Cog = Co / a.groups;
    const int64_t OH = gy.size(2), OW = gy.size(3);
    std::vector<double> xv = x.to_double_vector(), wv = w.to_double_vector(), gv = gy.to_double_vector();
    dx.assign(xv.size(), 0.0);
    dw.assign(wv.size(), 0.0);
    for (int64_t n = 0; n < N; ++n)
        for (int64_t co = 0; co < Co; ++co)
            for (int64_t oh = 0; oh < OH; ++oh)
                for (int64_t ow = 0; ow < OW; ++ow) {
                    const double g = gv[size_t(((n * Co + co) * OH + oh) * OW + ow)];
                    const int64_t grp = co / Cog;
                    for (int64_t c = 0; c < Cg; ++c)
                        for (int64_t i = 0; i < KH; ++i)
                            for (int64_t j = 0; j < KW; ++j) {
                                const int64_t ih = oh * a.sh - a.ph + i * a.dh, iw = ow * a.sw - a.pw + j * a.dw;
                                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                                const size_t xi = size_t(((n * C + grp * Cg + c) * H + ih) * W + iw);
                                const size_t wi = size_t(((co * Cg + c) * KH + i) * KW + j);
                                dx[xi] += g * wv[wi];
                                dw[wi] += g * xv[xi];
                            }
                }
}

void check_conv_grads(const Shape& xs, const Shape& ws, const ConvArgs& a) {
    Tensor x = test_input(xs, 1, -1, 1, false), w = test_input(ws, 2, -1, 1, false), b = test_input({ws[0]}, 3, -1, 1, false);
    Shape out_shape;
    const std::vector<double> expected = ref_conv(x, w, b, a, out_shape);
    Tensor gy = test_input(out_shape, 4, -1, 1, false);
    std::vector<double> dx, dw;
    ref_conv_grads(x, w, gy, a, dx, dw);
    for (DType dt : {DType::Float64, DType::Float32}) {
        const double tol = dt == DType::Float64 ? 1e-10 : 1e-4;
        for (int threads : {1, 3}) {
            ThreadCount tc(threads);
            // (fresh leaves each run: to_dtype of a float64 tensor to float64 is the tensor itself)
            Tensor xt = clone(to_dtype(x, dt)), wt = clone(to_dtype(w, dt)), bt = clone(to_dtype(b, dt));
            for (Tensor* t : {&xt, &wt, &bt}) t->requires_grad_(true);
            Tensor y = run_conv(xt, wt, bt, a);
            REQUIRE(y.sizes() == out_shape);
            check_close(y.detach(), expected, tol, tol);
            autograd::backward({y}, {to_dtype(gy, dt)});
            check_close(xt.grad(), dx, tol, tol);
            check_close(wt.grad(), dw, tol, tol);
        }
    }
}
}  // namespace

TEST_CASE("conv2d runs taps that read only padding as the live sub-kernel", "[conv][grad]") {
    ConvArgs pad;
    pad.ph = pad.pw = 1;
    check_conv_grads({3, 64, 1, 1}, {16, 64, 3, 3}, pad);  // 1x1 plane: the centre tap alone
    ConvArgs s2 = pad;
    s2.sh = s2.sw = 2;
    check_conv_grads({3, 64, 2, 2}, {24, 64, 3, 3}, s2);  // 2x2 -> 1x1 at stride 2: 4 of 9 taps
    check_conv_grads({2, 16, 2, 2}, {12, 16, 3, 3}, s2);  // (the item path's input gradient)
    ConvArgs dil;
    dil.ph = 2, dil.pw = 1, dil.dh = 2;
    check_conv_grads({2, 64, 2, 5}, {16, 64, 3, 3}, dil);  // rows: the middle tap of a dilated kernel
    ConvArgs wide;
    wide.ph = wide.pw = 2;
    check_conv_grads({2, 64, 1, 1}, {12, 64, 5, 5}, wide);
    ConvArgs grouped = pad;
    grouped.groups = 2;
    check_conv_grads({2, 128, 1, 1}, {24, 64, 3, 3}, grouped);
    // conv3d: a depth of 1 under a 3-deep padded kernel
    Tensor x3 = test_input({2, 64, 1, 3, 3}, 1, -1, 1, false), w3 = test_input({12, 64, 3, 3, 3}, 2, -1, 1, false);
    Tensor b3 = test_input({12}, 3, -1, 1, false);
    Shape out_shape;
    std::vector<double> expected3 = ref_conv3d(x3, w3, b3, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, out_shape);
    check_close(conv3d(x3, w3, b3, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1), expected3, 1e-10, 1e-10);
}

TEST_CASE("conv2d input gradient as a forward convolution of the output gradient", "[conv][grad]") {
    ConvArgs pad;
    pad.ph = pad.pw = 1;
    check_conv_grads({2, 64, 5, 6}, {16, 64, 3, 3}, pad);
    check_conv_grads({3, 64, 4, 4}, {12, 64, 3, 3}, {});  // no padding: p' = 2
    ConvArgs five;
    five.ph = 2, five.pw = 1;
    check_conv_grads({2, 64, 6, 5}, {16, 64, 5, 3}, five);
    ConvArgs dil;
    dil.ph = dil.pw = 2, dil.dh = dil.dw = 2;
    check_conv_grads({2, 64, 7, 7}, {16, 64, 3, 3}, dil);
    ConvArgs grouped = pad;
    grouped.groups = 2;
    check_conv_grads({2, 128, 4, 4}, {32, 64, 3, 3}, grouped);
    ConvArgs over;  // padding wider than the dilated kernel (p' < 0): the item path
    over.ph = over.pw = 3;
    check_conv_grads({2, 64, 3, 3}, {16, 64, 3, 3}, over);
}
