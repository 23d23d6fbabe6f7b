// The kernel IR's printer and verifier, and the kernel interpreter (backends/interp), on Plans built
// by hand: pointwise chains with broadcast and transposed inputs, softmax and layer-norm-like
// multi-phase reductions, a reduction along the outer memory dim, float64 / bool / int64 / float16
// buffers, tile-boundary sizes and the threaded path. Results are compared with eager Kiln: exactly
// where eager computes the same expression in the same type, against float64 eager otherwise.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "backends/interp.h"
#include "graph/ir.h"
#include "graph/type.h"
#include "kernel/ir.h"
#include "support/kernel_builder.h"
#include "ops/ops.h"
#include "support/error.h"
#include "support/golden.h"

using namespace kiln;
using kernel::Code;
using kernel::PhaseKind;

namespace {

std::filesystem::path golden_dir() { return std::filesystem::path(KILN_SOURCE_DIR) / "tests/kernel/golden"; }

int add_buffer(kernel::Plan& p, const std::string& name, kernel::BufferKind kind, const Shape& sizes,
               DType dt = DType::Float32, Shape strides = {}) {
    kernel::Buffer b;
    b.name = name;
    b.kind = kind;
    b.sizes = sizes;
    b.strides = strides.empty() && !sizes.empty() ? contiguous_strides(sizes) : strides;
    b.dtype = dt;
    if (kind == kernel::BufferKind::Input) {
        int n = 0;
        for (auto& o : p.buffers) n += o.kind == kernel::BufferKind::Input;
        b.input_index = n;
    }
    p.buffers.push_back(b);
    return int(p.buffers.size()) - 1;
}

// Builds a kernel statement by statement, each into the current phase.
using KB = kiln::testing::KernelBuilder;

// Runs kernel `k` of plan `p` with buffer b's data in tensors[b].
void run(const kernel::Kernel& k, const kernel::Plan& p, const std::vector<Tensor>& tensors) {
    std::vector<void*> data;
    for (const Tensor& t : tensors) data.push_back(t.defined() ? t.data() : nullptr);
    backends::run_kernel(k, p, data.data());
}

Tensor f64(const Tensor& t) { return to_dtype(t, DType::Float64); }

void check_exact(const Tensor& got, const Tensor& want) {
    REQUIRE(got.sizes() == want.sizes());
    REQUIRE(got.dtype() == want.dtype());
    const auto g = got.to_double_vector(), w = want.to_double_vector();
    size_t bad = 0;
    for (size_t i = 0; i < g.size(); ++i)
        if (!(g[i] == w[i] || (std::isnan(g[i]) && std::isnan(w[i])))) {
            if (bad++ < 5) UNSCOPED_INFO("element " << i << ": got " << g[i] << ", eager " << w[i]);
        }
    CHECK(bad == 0);
}

void check_close(const Tensor& got, const Tensor& want, double rtol, double atol) {
    REQUIRE(got.numel() == want.numel());
    const auto g = got.to_double_vector(), w = want.to_double_vector();
    size_t bad = 0;
    for (size_t i = 0; i < g.size(); ++i)
        if (!(std::abs(g[i] - w[i]) <= atol + rtol * std::abs(w[i]) || (std::isnan(g[i]) && std::isnan(w[i])))) {
            if (bad++ < 5) UNSCOPED_INFO("element " << i << ": got " << g[i] << ", reference " << w[i]);
        }
    CHECK(bad == 0);
}

// ---- the kernels of the tests -------------------------------------------------------------------

// out = relu(x + bias + 2 * yT): x [M, N], bias [N] broadcast along rows, y stored [N, M] and read
// transposed.
struct AddRelu {
    kernel::Plan p;
    int x, bias, y, out;
    AddRelu(int64_t M, int64_t N) {
        x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {M, N});
        bias = add_buffer(p, "arg1_1", kernel::BufferKind::Input, {N});
        y = add_buffer(p, "arg2_1", kernel::BufferKind::Input, {N, M});
        out = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {M, N});
        p.buffers[out].is_output = true;
        KB b("cpp_fused_add_relu_0", {M, N}, 2);
        const int t0 = b.load(x, {N, 1});
        const int t1 = b.load(bias, {0, 1});
        const int t2 = b.binary("add", t0, t1);
        const int t3 = b.load(y, {1, M});
        const int t4 = b.binary("add", t2, t3, 2.0);
        const int t5 = b.unary("relu", t4);
        b.store(out, {N, 1}, t5);
        b.k.origins = {"add", "add_1", "relu"};
        b.k.origin_ops = {"aten.add", "aten.add", "aten.relu"};
        p.kernels.push_back(b.k);
    }
};

// softmax over the last dim of x [M, N] as one three-phase reduction kernel.
kernel::Kernel softmax_kernel(int xbuf, int outbuf, int64_t M, int64_t N) {
    (void)M;
    KB b("cpp_fused__softmax_0", {M, N}, 1);
    const int t0 = b.load(xbuf, {N, 1});
    const int mx = b.reduce("max", t0);
    b.phase();
    const int t2 = b.load(xbuf, {N, 1});
    const int t3 = b.binary("sub", t2, mx);
    const int t4 = b.unary("exp", t3);
    const int sm = b.reduce("sum", t4);
    b.phase();
    const int t6 = b.load(xbuf, {N, 1});
    const int t7 = b.binary("sub", t6, mx);
    const int t8 = b.unary("exp", t7);
    const int t9 = b.binary("div", t8, sm);
    b.store(outbuf, {N, 1}, t9);
    b.k.origins = {"amax", "sub", "exp", "sum_1", "div"};
    return b.k;
}

struct Softmax {
    kernel::Plan p;
    int x, out;
    Softmax(int64_t M, int64_t N) {
        x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {M, N});
        out = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {M, N});
        p.kernels.push_back(softmax_kernel(x, out, M, N));
    }
};

}  // namespace

// ==== interpreter ================================================================================

TEST_CASE("interp: add + relu with a broadcast and a transposed input equals eager bit for bit", "[kernel]") {
    for (auto [M, N] : {std::pair<int64_t, int64_t>{8, 16}, {37, 45}, {3, 1500}, {1, 1}, {600, 300}}) {
        INFO("shape [" << M << ", " << N << "]");
        AddRelu k(M, N);
        Tensor x = randn({M, N}), bias = randn({N}), y = randn({N, M}), out = empty({M, N});
        run(k.p.kernels[0], k.p, {x, bias, y, out});
        Tensor want = relu(add(add(x, bias), transpose(y, 0, 1), Scalar(2.0)));
        check_exact(out, want);
    }
}

TEST_CASE("interp: the tile geometry merges contiguous dims and packs small r spaces", "[kernel]") {
    AddRelu a(37, 45);
    auto pa = backends::prepare(a.p.kernels[0], a.p);
    CHECK(pa->merged_x_dims() == 2);  // the broadcast and the transpose keep both dims
    CHECK(pa->merged_r_dims() == 0);
    CHECK(pa->tile() == 1024);

    // A plain contiguous chain over [4, 5, 6] merges into one dim.
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {4, 5, 6});
    const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {4, 5, 6});
    KB b("cpp_fused_neg_0", {4, 5, 6}, 3);
    b.store(o, {30, 6, 1}, b.unary("neg", b.load(x, {30, 6, 1})));
    CHECK(backends::prepare(b.k, p)->merged_x_dims() == 1);

    Softmax small(50, 16), large(3, 3000);
    auto ps = backends::prepare(small.p.kernels[0], small.p);
    CHECK(ps->rows_per_tile() == 50);  // min(50 rows, 1024 / 16)
    CHECK(backends::prepare(large.p.kernels[0], large.p)->rows_per_tile() == 1);
}

TEST_CASE("interp: softmax as a three-phase reduction kernel matches float64 softmax", "[kernel]") {
    // r space a fraction of a tile (many rows a tile), not a divisor of it, and larger than a tile
    for (auto [M, N] : {std::pair<int64_t, int64_t>{50, 16}, {7, 300}, {3, 3000}, {1, 5000}, {2000, 64}}) {
        INFO("shape [" << M << ", " << N << "]");
        Softmax k(M, N);
        Tensor x = mul(randn({M, N}), Scalar(4.0)), out = empty({M, N});
        run(k.p.kernels[0], k.p, {x, out});
        check_close(out, softmax(f64(x), -1), 1e-5, 1e-7);
    }
}

TEST_CASE("interp: layer-norm-like statistics with Outer phases storing per-row values", "[kernel]") {
    const int64_t M = 33, C = 100;
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {M, C});
    const int mean_b = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {M});
    const int rstd_b = add_buffer(p, "buf1", kernel::BufferKind::Intermediate, {M});
    const int out_b = add_buffer(p, "buf2", kernel::BufferKind::Intermediate, {M, C});
    KB b("cpp_fused_native_layer_norm_0", {M, C}, 1);
    const int s1 = b.reduce("sum", b.load(x, {C, 1}));
    b.phase(PhaseKind::Outer);
    const int mean = b.binary("div", s1, b.constant(double(C)));
    b.store(mean_b, {1, 0}, mean);
    b.phase();
    const int d = b.binary("sub", b.load(x, {C, 1}), mean);
    const int s2 = b.reduce("sum", b.binary("mul", d, d));
    b.phase(PhaseKind::Outer);
    const int var = b.binary("div", s2, b.constant(double(C)));
    const int rstd = b.unary("rsqrt", b.binary("add", var, b.constant(1e-5)));
    b.store(rstd_b, {1, 0}, rstd);
    b.phase();
    const int y = b.binary("mul", b.binary("sub", b.load(x, {C, 1}), mean), rstd);
    b.store(out_b, {C, 1}, y);
    p.kernels.push_back(b.k);
    kernel::verify(p.kernels[0], p);

    Tensor xt = add(mul(randn({M, C}), Scalar(3.0)), Scalar(1.5));
    Tensor mean_t = empty({M}), rstd_t = empty({M}), out_t = empty({M, C});
    run(p.kernels[0], p, {xt, mean_t, rstd_t, out_t});
    Tensor x64 = f64(xt);
    check_close(mean_t, kiln::mean(x64, {1}), 1e-5, 1e-5);
    check_close(rstd_t, rsqrt(add(kiln::var(x64, {1}, 0.0), Scalar(1e-5))), 1e-5, 1e-6);
    check_close(out_t, layer_norm(x64, {C}), 1e-5, 1e-5);
}

TEST_CASE("interp: sum over dim 0 of [N, C] reads r along the outer memory dim", "[kernel]") {
    for (auto [N, C] : {std::pair<int64_t, int64_t>{300, 7}, {5000, 3}, {4, 2000}}) {
        INFO("shape [" << N << ", " << C << "]");
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {N, C});
        const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {C});
        KB b("cpp_fused_sum_0", {C, N}, 1);
        const int s = b.reduce("sum", b.load(x, {1, C}));
        b.phase(PhaseKind::Outer);
        b.store(o, {1, 0}, s);
        p.kernels.push_back(b.k);
        Tensor xt = randn({N, C}), out = empty({C});
        run(p.kernels[0], p, {xt, out});
        check_close(out, sum(f64(xt), {0}), 1e-5, 1e-4);
    }
}

// Reductions along a strided dim run as columns: tiles of x points at one r point. A softmax over
// dim 0 (three Inner phases reading the earlier phases' row values), mean and variance over dim 0 of
// [N, C, W] (C and W merge into one contiguous x dim) with Outer phases, amax over dim 0 with NaN;
// x counts around a block (blocks of a quarter of x, at least 64) and a tile, against float64 eager.
TEST_CASE("interp: reductions along a strided dim run as columns, same values", "[kernel]") {
    for (auto [N, C] : {std::pair<int64_t, int64_t>{37, 64}, {300, 257}, {5, 1500}, {2000, 100}}) {
        INFO("softmax over dim 0 of [" << N << ", " << C << "]");
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {N, C});
        const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {N, C});
        KB b("cpp_fused__softmax_0", {C, N}, 1);
        const int mx = b.reduce("max", b.load(x, {1, C}));
        b.phase();
        const int sm = b.reduce("sum", b.unary("exp", b.binary("sub", b.load(x, {1, C}), mx)));
        b.phase();
        b.store(o, {1, C}, b.binary("div", b.unary("exp", b.binary("sub", b.load(x, {1, C}), mx)), sm));
        p.kernels.push_back(b.k);
        CHECK(backends::prepare(p.kernels[0], p)->columns());
        Tensor xt = mul(randn({N, C}), Scalar(3.0)), out = empty({N, C});
        run(p.kernels[0], p, {xt, out});
        check_close(out, softmax(f64(xt), 0), 1e-5, 1e-7);
    }
    {
        const int64_t N = 513, C = 6, W = 40;
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {N, C, W});
        const int mean_b = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {C, W});
        const int var_b = add_buffer(p, "buf1", kernel::BufferKind::Intermediate, {C, W});
        const int amax_b = add_buffer(p, "buf2", kernel::BufferKind::Intermediate, {C, W});
        KB b("cpp_fused_mean_var_amax_0", {C, W, N}, 2);
        const int s1 = b.reduce("sum", b.load(x, {W, 1, C * W}));
        const int am = b.reduce("max", b.load(x, {W, 1, C * W}));
        b.phase(PhaseKind::Outer);
        const int mean = b.binary("div", s1, b.constant(double(N)));
        b.store(mean_b, {W, 1, 0}, mean);
        b.store(amax_b, {W, 1, 0}, am);
        b.phase();
        const int d = b.binary("sub", b.load(x, {W, 1, C * W}), mean);
        const int s2 = b.reduce("sum", b.binary("mul", d, d));
        b.phase(PhaseKind::Outer);
        b.store(var_b, {W, 1, 0}, b.binary("div", s2, b.constant(double(N))));
        p.kernels.push_back(b.k);
        auto prepared = backends::prepare(p.kernels[0], p);
        CHECK(prepared->columns());
        CHECK(prepared->merged_x_dims() == 1);
        Tensor xt = add(mul(randn({N, C, W}), Scalar(2.0)), Scalar(0.5));
        xt.data_ptr<float>()[7 * C * W + 3] = std::numeric_limits<float>::quiet_NaN();  // column 3's max and sums
        Tensor mean_t = empty({C, W}), var_t = empty({C, W}), amax_t = empty({C, W});
        run(p.kernels[0], p, {xt, mean_t, var_t, amax_t});
        Tensor x64 = f64(xt);
        check_close(mean_t, kiln::mean(x64, {0}), 1e-5, 1e-5);
        check_close(var_t, kiln::var(x64, {0}, 0.0), 1e-4, 1e-5);
        check_close(amax_t, amax(x64, {0}), 0, 0);
        CHECK(std::isnan(amax_t.data_ptr<float>()[3]));
    }
    {  // a reduction along the contiguous dim stays in rows; so does one of fewer than 64 x points
        Softmax rows(300, 257);
        CHECK_FALSE(backends::prepare(rows.p.kernels[0], rows.p)->columns());
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {300, 7});
        const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {7});
        KB b("cpp_fused_sum_0", {7, 300}, 1);
        const int s = b.reduce("sum", b.load(x, {1, 7}));
        b.phase(PhaseKind::Outer);
        b.store(o, {1, 0}, s);
        p.kernels.push_back(b.k);
        CHECK_FALSE(backends::prepare(p.kernels[0], p)->columns());
    }
}

// A pointwise kernel over a transposed view runs in 2-D tiles of its last two merged dims: x.t() + y
// with tiles that do not divide the dims, with an outer dim, and a store into a transposed view;
// the same values as eager (bit for bit: the same op per point, in another order).
TEST_CASE("interp: pointwise kernels over transposed views run in 2-D tiles, same values", "[kernel]") {
    for (auto [A, B] : {std::pair<int64_t, int64_t>{37, 70}, {1024, 33}, {16, 16}, {100, 1000}}) {
        INFO("x.t() + y of [" << A << ", " << B << "]");
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {B, A});
        const int y = add_buffer(p, "arg1_1", kernel::BufferKind::Input, {A, B});
        const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {A, B});
        KB b("cpp_fused_add_0", {A, B}, 2);
        b.store(o, {B, 1}, b.binary("add", b.load(x, {1, A}), b.load(y, {B, 1})));
        p.kernels.push_back(b.k);
        CHECK(backends::prepare(p.kernels[0], p)->tiles_2d());
        Tensor xt = randn({B, A}), yt = randn({A, B}), out = empty({A, B});
        run(p.kernels[0], p, {xt, yt, out});
        check_close(out, add(transpose(xt, 0, 1), yt), 0, 0);
    }
    {  // [3, 40, 50]: an outer dim, then x transposed in the last two; the result stored transposed too
        const int64_t N = 3, A = 40, B = 50;
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {N, B, A});
        const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {N, B, A});
        KB b("cpp_fused_mul_0", {N, A, B}, 3);
        b.store(o, {A * B, 1, A}, b.binary("mul", b.load(x, {A * B, 1, A}), b.constant(3.0)));
        p.kernels.push_back(b.k);
        CHECK(backends::prepare(p.kernels[0], p)->tiles_2d());
        Tensor xt = randn({N, B, A}), out = empty({N, B, A});
        run(p.kernels[0], p, {xt, out});
        check_close(out, mul(xt, Scalar(3.0)), 0, 0);
    }
    {  // contiguous kernels and small dims keep runs of points in order
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {8, 64});
        const int y = add_buffer(p, "arg1_1", kernel::BufferKind::Input, {64, 8});
        const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {64, 8});
        KB small("cpp_fused_add_0", {64, 8}, 2);
        small.store(o, {8, 1}, small.binary("add", small.load(x, {1, 64}), small.load(y, {8, 1})));
        p.kernels.push_back(small.k);
        KB plain("cpp_fused_add_1", {64, 8}, 2);
        plain.store(o, {8, 1}, plain.binary("add", plain.load(y, {8, 1}), plain.load(y, {8, 1})));
        p.kernels.push_back(plain.k);
        CHECK_FALSE(backends::prepare(p.kernels[0], p)->tiles_2d());
        CHECK_FALSE(backends::prepare(p.kernels[1], p)->tiles_2d());
    }
}

TEST_CASE("interp: max/min propagate NaN, prod and any reduce as torch", "[kernel]") {
    const int64_t M = 4, N = 40;
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {M, N});
    const int mx = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {M});
    const int mn = add_buffer(p, "buf1", kernel::BufferKind::Intermediate, {M});
    const int pr = add_buffer(p, "buf2", kernel::BufferKind::Intermediate, {M});
    const int an = add_buffer(p, "buf3", kernel::BufferKind::Intermediate, {M}, DType::Bool);
    KB b("cpp_fused_amax_amin_any_prod_0", {M, N}, 1);
    const int t = b.load(x, {N, 1});
    const int r0 = b.reduce("max", t), r1 = b.reduce("min", t), r2 = b.reduce("prod", t);
    const int r3 = b.reduce("any", b.binary("gt", t, b.constant(1.0), 1, DType::Bool));
    b.phase(PhaseKind::Outer);
    b.store(mx, {1, 0}, r0);
    b.store(mn, {1, 0}, r1);
    b.store(pr, {1, 0}, r2);
    b.store(an, {1, 0}, r3);
    p.kernels.push_back(b.k);

    std::vector<double> v(M * N);
    for (int64_t i = 0; i < M * N; ++i) v[i] = 0.5 + 0.012 * double(i % N);  // in [0.5, 0.97]: products stay finite
    v[1 * N + 17] = std::nan("");  // row 1: NaN in the middle
    v[2 * N + 39] = std::nan("");  // row 2: NaN last
    v[3 * N + 5] = 7.0;            // row 3: the only value > 1
    Tensor xt = tensor(v, {M, N});
    Tensor o0 = empty({M}), o1 = empty({M}), o2 = empty({M}), o3 = empty({M}, {DType::Bool});
    run(p.kernels[0], p, {xt, o0, o1, o2, o3});
    check_exact(o0, amax(xt, {1}));
    check_exact(o1, amin(xt, {1}));
    check_close(o2, prod(f64(xt), 1), 1e-5, 0);
    std::vector<double> any_rows(M, 0.0);
    for (int64_t r = 0; r < M; ++r)
        for (int64_t c = 0; c < N; ++c) any_rows[r] = any_rows[r] || v[r * N + c] > 1.0;
    check_exact(o3, tensor(any_rows, {M}, DType::Bool));
    CHECK(o3.to_double_vector() == std::vector<double>{0.0, 0.0, 0.0, 1.0});
    CHECK(std::isnan(o0.to_double_vector()[1]));
    CHECK(std::isnan(o1.to_double_vector()[2]));
}

TEST_CASE("interp: a float64 kernel computes in double and equals eager float64", "[kernel]") {
    const int64_t M = 5, N = 333;
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {M, N}, DType::Float64);
    const int y = add_buffer(p, "arg1_1", kernel::BufferKind::Input, {M, N}, DType::Float64);
    const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {M, N}, DType::Float64);
    KB b("cpp_fused_gelu_mul_where_0", {M, N}, 2, DType::Float64);
    const int t0 = b.load(x, {N, 1}, 0, DType::Float64), t1 = b.load(y, {N, 1}, 0, DType::Float64);
    const int g = b.unary("gelu", t0);
    const int c = b.binary("lt", t1, b.constant(0.0), 1, DType::Bool);
    const int w = b.ternary("where", c, g, b.binary("mul", t1, b.constant(3.0)));
    const int l = b.unary("leaky_relu", b.unary("clamp", w, -0.5, 0.75), 0.1);
    b.store(o, {N, 1}, l);
    p.kernels.push_back(b.k);
    TensorOptions d64;
    d64.dtype = DType::Float64;
    Tensor xt = randn({M, N}, d64), yt = randn({M, N}, d64), out = empty({M, N}, d64);
    run(p.kernels[0], p, {xt, yt, out});
    Tensor want = leaky_relu(clamp(where(lt(yt, Scalar(0.0)), gelu(xt), mul(yt, Scalar(3.0))), Scalar(-0.5), Scalar(0.75)), 0.1);
    check_exact(out, want);
}

TEST_CASE("interp: bool, int64, float16 and bfloat16 buffers load and store with conversion", "[kernel]") {
    const int64_t N = 1030;  // one full tile and a bit
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {N});
    const int h = add_buffer(p, "arg1_1", kernel::BufferKind::Input, {N}, DType::Float16);
    const int cmp = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {N}, DType::Bool);
    const int i64 = add_buffer(p, "buf1", kernel::BufferKind::Intermediate, {N}, DType::Int64);
    const int bf = add_buffer(p, "buf2", kernel::BufferKind::Intermediate, {N}, DType::BFloat16);
    const int hb = add_buffer(p, "buf3", kernel::BufferKind::Intermediate, {N}, DType::Float32);
    KB b("cpp_fused_gt_mul_to_0", {N}, 1);
    const int t0 = b.load(x, {1});
    const int t1 = b.load(h, {1}, 0, DType::Float16);
    b.store(cmp, {1}, b.binary("gt", t0, t1, 1, DType::Bool));
    const int scaled = b.binary("mul", t0, b.constant(3.7));
    b.store(i64, {1}, b.cast(scaled, DType::Int64));
    b.store(bf, {1}, b.binary("add", t0, t1));
    b.store(hb, {1}, b.cast(b.cast(t0, DType::Bool), DType::Float32));
    p.kernels.push_back(b.k);

    Tensor xt = mul(randn({N}), Scalar(3.0));
    auto xv = xt.to_double_vector();
    xv[0] = 0.0;  // a zero for the bool cast
    xt = tensor(xv, {N});
    Tensor ht = to_dtype(randn({N}), DType::Float16);
    Tensor o_cmp = empty({N}, {DType::Bool}), o_i = empty({N}, {DType::Int64}), o_bf = empty({N}, {DType::BFloat16}),
           o_hb = empty({N});
    run(p.kernels[0], p, {xt, ht, o_cmp, o_i, o_bf, o_hb});
    check_exact(o_cmp, gt(xt, to_dtype(ht, DType::Float32)));
    check_exact(o_i, to_dtype(mul(xt, Scalar(3.7)), DType::Int64));
    check_exact(o_bf, to_dtype(add(xt, to_dtype(ht, DType::Float32)), DType::BFloat16));
    check_exact(o_hb, to_dtype(to_dtype(xt, DType::Bool), DType::Float32));
    CHECK(o_hb.to_double_vector()[0] == 0.0);
}

TEST_CASE("interp: narrow integer buffers load as their values and store wrapped", "[kernel][narrow_int]") {
    // The scheduler leaves integer nodes to eager kernels; the interpreter still converts such
    // buffers exactly as the eager copy does (truncate, then the two's-complement wrap).
    const int64_t N = 300;
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {N}, DType::UInt8);
    const int o8 = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {N}, DType::Int8);
    const int o32 = add_buffer(p, "buf1", kernel::BufferKind::Intermediate, {N}, DType::Int32);
    KB b("cpp_fused_mul_0", {N}, 1);
    const int t0 = b.load(x, {1}, 0, DType::UInt8);
    const int scaled = b.binary("mul", t0, b.constant(3.0));
    b.store(o8, {1}, scaled);
    b.store(o32, {1}, b.cast(scaled, DType::Int32));
    p.kernels.push_back(b.k);
    Tensor xt = to_dtype(arange(Scalar(int64_t(N))), DType::UInt8);  // 0..255, 0..43
    Tensor out8 = empty({N}, {DType::Int8}), out32 = empty({N}, {DType::Int32});
    run(p.kernels[0], p, {xt, out8, out32});
    check_exact(out8, to_dtype(mul(to_dtype(xt, DType::Int64), Scalar(int64_t(3))), DType::Int8));
    check_exact(out32, mul(to_dtype(xt, DType::Int32), Scalar(int64_t(3))));
}

TEST_CASE("interp: an x space of size 1 and a zero-dim kernel", "[kernel]") {
    // sum of all 4100 elements of x [4100] into a 0-dim output: x = [], r = [4100].
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {4100});
    const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {});
    KB b("cpp_fused_sum_0", {4100}, 0);
    const int s = b.reduce("sum", b.load(x, {1}));
    b.phase(PhaseKind::Outer);
    b.store(o, {0}, s);
    p.kernels.push_back(b.k);
    Tensor xt = rand({4100}), out = empty({});
    run(p.kernels[0], p, {xt, out});
    check_close(out, sum(f64(xt)), 1e-5, 0);

    // a pointwise kernel over x = [1]
    kernel::Plan q;
    const int a = add_buffer(q, "arg0_1", kernel::BufferKind::Input, {1});
    const int r = add_buffer(q, "buf0", kernel::BufferKind::Intermediate, {1});
    KB c("cpp_fused_sigmoid_0", {1}, 1);
    c.store(r, {1}, c.unary("sigmoid", c.load(a, {1})));
    q.kernels.push_back(c.k);
    Tensor at = tensor({0.25}, {1}), rt = empty({1});
    run(q.kernels[0], q, {at, rt});
    check_exact(rt, sigmoid(at));
}

TEST_CASE("interp: many statements reuse tile slots without clobbering live values", "[kernel]") {
    // A chain whose early values are read again at the end: a slot must not be recycled while live.
    const int64_t N = 2500;
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {N});
    const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {N});
    KB b("cpp_fused_chain_0", {N}, 1);
    const int t0 = b.load(x, {1});
    const int e = b.unary("exp", t0);
    int cur = e;
    for (int i = 0; i < 12; ++i) cur = b.binary(i % 2 ? "mul" : "add", cur, b.unary("tanh", cur));
    const int fin = b.binary("sub", b.binary("add", cur, t0), e);
    b.store(o, {1}, fin);
    p.kernels.push_back(b.k);
    Tensor xt = mul(rand({N}), Scalar(0.5)), out = empty({N});
    run(p.kernels[0], p, {xt, out});
    Tensor c = exp(xt), ee = c;
    for (int i = 0; i < 12; ++i) c = i % 2 ? mul(c, tanh(c)) : add(c, tanh(c));
    check_exact(out, sub(add(c, xt), ee));
}

// ==== printer ====================================================================================

TEST_CASE("kernel printer: kernels and a plan print as golden text", "[kernel]") {
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {8, 16});
    const int bias = add_buffer(p, "arg1_1", kernel::BufferKind::Input, {16});
    const int w = add_buffer(p, "arg2_1", kernel::BufferKind::Input, {16, 16});
    const int buf0 = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {8, 16});
    const int buf1 = add_buffer(p, "buf1", kernel::BufferKind::Intermediate, {8, 16});
    const int buf2 = add_buffer(p, "buf2", kernel::BufferKind::Intermediate, {8, 16});
    const int buf3 = add_buffer(p, "buf3", kernel::BufferKind::Intermediate, {8, 16});
    p.buffers[buf3].is_output = true;
    {
        KB b("cpp_fused_add_relu_0", {8, 16}, 2);
        const int t0 = b.load(x, {16, 1});
        const int t1 = b.load(bias, {0, 1});
        const int t = b.binary("add", t0, t1);
        const int c = b.unary("clamp", b.unary("leaky_relu", t, 0.01), -1.0, std::numeric_limits<double>::infinity());
        const int r = b.unary("relu", c);
        const int half = b.constant(0.5);
        b.store(buf0, {16, 1}, b.binary("sub", r, half, 2.0));
        b.k.origins = {"add", "leaky_relu", "clamp", "relu", "sub"};
        p.kernels.push_back(b.k);
    }
    p.kernels.push_back(softmax_kernel(buf2, buf3, 8, 16));
    auto graph = std::make_shared<graph::Graph>();
    graph::Value* a0 = graph->add_input(graph::tensor_type(), "arg0_1");
    graph::Value* a2 = graph->add_input(graph::tensor_type(), "arg2_1");
    graph::Node* mm = graph->insert("aten::mm", {a0, a2});
    graph::Value* dim = graph->insert_constant(graph::IValue(int64_t(-1)));
    graph::Node* sort = graph->insert("aten::sort", {mm->output(), dim}, 2);
    p.graph = graph;

    kernel::Step s;
    auto step = [&](kernel::StepKind kind) {
        s = kernel::Step();
        s.kind = kind;
        return &s;
    };
    step(kernel::StepKind::Alloc)->buffer = buf0;
    p.steps.push_back(s);
    step(kernel::StepKind::Kernel)->kernel = 0;
    s.comment = "Topologically Sorted Source Nodes: [add, relu]";
    p.steps.push_back(s);
    step(kernel::StepKind::Extern)->buffer = buf1;
    s.node = mm;
    s.input_buffers = {buf0, w};
    s.input_views = {{}, {{16, 16}, {1, 16}, 0}};
    s.output_buffers = {buf1};
    p.steps.push_back(s);
    step(kernel::StepKind::Free)->buffer = buf0;
    p.steps.push_back(s);
    step(kernel::StepKind::Fallback)->buffer = buf2;
    s.node = sort;
    s.input_buffers = {buf1, -1};
    p.steps.push_back(s);
    step(kernel::StepKind::Reuse)->buffer = buf3;
    s.from = buf1;
    p.steps.push_back(s);
    step(kernel::StepKind::Kernel)->kernel = 1;
    p.steps.push_back(s);
    step(kernel::StepKind::Free)->buffer = buf2;
    p.steps.push_back(s);
    p.outputs.push_back({buf3, {}, {}, 0});
    p.outputs.push_back({buf3, {16, 8}, {1, 16}, 0});
    p.not_fused.push_back({"relu", "mm", "extern kernel: mm"});
    p.peak_bytes_eager = 2048;
    p.peak_bytes_compiled = 1024;

    kernel::verify(p);
    testing::check_golden(golden_dir() / "plan_softmax_mm.txt", kernel::str(p));
    const std::string ks = kernel::str(p.kernels[1], p);
    CHECK(ks.find("cpp_fused__softmax_0: reduction, x=[8], r=[16], compute float32") == 0);
    CHECK(ks.find("tmp0 = load in_ptr0[16*x0 + r0]") != std::string::npos);
    CHECK(ks.find("tmp1 = reduce max(tmp0)") != std::string::npos);
    CHECK(ks.find("store out_ptr0[16*x0 + r0] = tmp9") != std::string::npos);

    // a layout with an offset, negative strides and a zero stride
    KB b("cpp_fused_flip_0", {4, 3}, 1);
    b.store(buf0, {16, 0}, b.load(x, {-16, 1}, 115));
    p.kernels.push_back(b.k);
    const std::string fs = kernel::str(p.kernels.back(), p);
    CHECK(fs.find("tmp0 = load in_ptr0[-16*x0 + r0 + 115]") != std::string::npos);
    CHECK(fs.find("store out_ptr0[16*x0] = tmp0") != std::string::npos);
}

// ==== verifier ===================================================================================

TEST_CASE("kernel verifier rejects malformed kernels with messages naming kernel and statement", "[kernel]") {
    auto expect_error = [](const kernel::Kernel& k, const kernel::Plan& p, const std::string& part) {
        INFO("expected an error containing: " << part);
        try {
            kernel::verify(k, p);
            FAIL("verify accepted the kernel");
        } catch (const Error& e) {
            INFO("message: " << e.what());
            CHECK(std::string(e.what()).find(part) != std::string::npos);
            CHECK(std::string(e.what()).find("kernel " + k.name) == 0);
        }
    };
    Softmax sm(8, 16);
    kernel::verify(sm.p.kernels[0], sm.p);  // the well-formed kernel passes

    // operand used before its definition
    kernel::Kernel k = sm.p.kernels[0];
    std::swap(k.phases[1].stmts[1], k.phases[1].stmts[2]);  // exp before the sub it reads
    expect_error(k, sm.p, "tmp4 (Unary exp): operand tmp3 is used before it is defined");

    // a value of an earlier phase that is not a reduction
    k = sm.p.kernels[0];
    k.stmts[7].args[0] = 2;  // tmp7 = sub(tmp2 of phase 1, ...)
    expect_error(k, sm.p, "tmp7 (Binary sub): operand tmp2 belongs to phase 1");

    // Outer phase with an r stride
    {
        kernel::Plan p;
        const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {4, 8});
        const int o = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {4});
        KB b("cpp_fused_sum_0", {4, 8}, 1);
        const int s = b.reduce("sum", b.load(x, {8, 1}));
        b.phase(PhaseKind::Outer);
        b.store(o, {1, 1}, s);
        expect_error(b.k, p, "tmp2 (Store): index in an Outer phase has stride 1 along r0");
        b.k.stmts[2].index.strides = {1, 0};
        kernel::verify(b.k, p);
        // a Reduce in an Outer phase
        b.reduce("sum", s);
        expect_error(b.k, p, "a Reduce in an Outer phase");
    }

    // out-of-bounds index: the bias [16] read with stride 1 along 17 columns, and a negative offset
    {
        AddRelu a(8, 16);
        k = a.p.kernels[0];
        k.sizes = {8, 17};
        k.stmts[0].index.strides = {17, 1};
        k.stmts[6].index.strides = {17, 1};
        a.p.buffers[a.x].sizes = {8, 17};
        a.p.buffers[a.x].strides = {17, 1};
        a.p.buffers[a.out].sizes = {8, 17};
        a.p.buffers[a.out].strides = {17, 1};
        a.p.buffers[a.y].sizes = {17, 8};
        a.p.buffers[a.y].strides = {8, 1};
        k.stmts[3].index.strides = {1, 8};
        expect_error(k, a.p, "tmp1 (Load): index reaches elements [0, 16] of arg1_1 [16], which holds 16 elements");
        k.stmts[1].index.strides = {0, 0};
        kernel::verify(k, a.p);
        k.stmts[1].index.offset = -1;
        expect_error(k, a.p, "tmp1 (Load): index reaches elements [-1, -1]");
    }

    // unknown op, wrong operand count, load of a buffer that is not an argument
    k = sm.p.kernels[0];
    k.stmts[4].op = "expp";
    expect_error(k, sm.p, "tmp4 (Unary expp): unknown unary op");
    k = sm.p.kernels[0];
    k.stmts[3].args.pop_back();
    expect_error(k, sm.p, "tmp3 (Binary sub): has 1 operands, Binary takes 2");
    k = sm.p.kernels[0];
    k.inputs.clear();
    expect_error(k, sm.p, "tmp0 (Load): loads arg0_1, which is not among the kernel's inputs");
    // the interpreter refuses what the verifier refuses
    CHECK_THROWS_AS(backends::prepare(k, sm.p), Error);
}

TEST_CASE("plan verifier checks buffer liveness through the steps", "[kernel]") {
    Softmax sm(8, 16);
    kernel::Step alloc, run_k, del;
    alloc.kind = kernel::StepKind::Alloc;
    alloc.buffer = sm.out;
    run_k.kind = kernel::StepKind::Kernel;
    run_k.kernel = 0;
    del.kind = kernel::StepKind::Free;
    del.buffer = sm.out;
    sm.p.outputs.push_back({sm.out, {}, {}, 0});
    sm.p.steps = {alloc, run_k};
    kernel::verify(sm.p);
    sm.p.steps = {run_k};
    CHECK_THROWS_WITH(kernel::verify(sm.p), Catch::Contains("step 0: buf0 is used before it is allocated"));
    sm.p.steps = {alloc, del, run_k};
    CHECK_THROWS_WITH(kernel::verify(sm.p), Catch::Contains("step 2: buf0 is used after it was freed"));
    sm.p.steps = {alloc, run_k, del};
    CHECK_THROWS_WITH(kernel::verify(sm.p), Catch::Contains("output 0 (buf0) is not live at the end of the plan"));
}
