// The interpreter's prepare-time configs (tile size, threads) and the autotuner behind
// torch.compile(mode="max-autotune"): every config computes what the default computes (bit for bit
// for pointwise kernels and for reductions whose r space fits the tile; within rounding for sums
// walked in tile-sized chunks), the tuner's table lists every candidate with a winner, the winners
// are set on the runner, in-place kernels are restored between timed runs, and a max-autotune
// program prints the table once and computes the eager result.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "backends/autotune.h"
#include "backends/executor.h"
#include "backends/interp.h"
#include "kernel/ir.h"
#include "support/kernel_builder.h"
#include "ops/ops.h"
#include "support/error.h"
#include "support/program.h"

using namespace kiln;
using kernel::Code;

namespace {

int add_buffer(kernel::Plan& p, const std::string& name, kernel::BufferKind kind, const Shape& sizes) {
    kernel::Buffer b;
    b.name = name;
    b.kind = kind;
    b.sizes = sizes;
    b.strides = contiguous_strides(sizes);
    if (kind == kernel::BufferKind::Input) {
        int n = 0;
        for (auto& o : p.buffers) n += o.kind == kernel::BufferKind::Input;
        b.input_index = n;
    }
    p.buffers.push_back(b);
    return int(p.buffers.size()) - 1;
}

using KB = kiln::testing::KernelBuilder;

// out = relu(x + bias + 2 * yT) over [M, N]: broadcast and transposed loads (several segments a tile).
struct Pointwise {
    kernel::Plan p;
    int x, bias, y, out;
    Pointwise(int64_t M, int64_t N) {
        x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {M, N});
        bias = add_buffer(p, "arg1_1", kernel::BufferKind::Input, {N});
        y = add_buffer(p, "arg2_1", kernel::BufferKind::Input, {N, M});
        out = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {M, N});
        p.buffers[size_t(out)].is_output = true;
        KB b("cpp_fused_add_relu_0", {M, N}, 2);
        const int t2 = b.op(Code::Binary, "add", {b.load(x, {N, 1}), b.load(bias, {0, 1})});
        const int t4 = b.op(Code::Binary, "add", {t2, b.load(y, {1, M})}, 2.0);
        b.store(out, {N, 1}, b.op(Code::Unary, "relu", {t4}));
        p.kernels.push_back(b.k);
        p.outputs.push_back({out, {M, N}, contiguous_strides({M, N}), 0});
    }
};

// softmax over the last dim of x [M, N] (max, sum of exp, normalize) and a row sum and max of x.
struct Reductions {
    kernel::Plan p;
    int x, sm, sum, mx;
    Reductions(int64_t M, int64_t N) {
        x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {M, N});
        sm = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {M, N});
        sum = add_buffer(p, "buf1", kernel::BufferKind::Intermediate, {M});
        mx = add_buffer(p, "buf2", kernel::BufferKind::Intermediate, {M});
        KB b("cpp_fused__softmax_0", {M, N}, 1);
        const int m = b.op(Code::Reduce, "max", {b.load(x, {N, 1})});
        b.phase();
        const int s = b.op(Code::Reduce, "sum", {b.op(Code::Unary, "exp", {b.op(Code::Binary, "sub", {b.load(x, {N, 1}), m})})});
        b.phase();
        const int e = b.op(Code::Unary, "exp", {b.op(Code::Binary, "sub", {b.load(x, {N, 1}), m})});
        b.store(sm, {N, 1}, b.op(Code::Binary, "div", {e, s}));
        p.kernels.push_back(b.k);
        KB r("cpp_fused_max_sum_1", {M, N}, 1);
        const int v = r.load(x, {N, 1});
        const int rs = r.op(Code::Reduce, "sum", {v});
        const int rm = r.op(Code::Reduce, "max", {v});
        r.phase(kernel::PhaseKind::Outer);
        r.store(sum, {1, 0}, rs);
        r.store(mx, {1, 0}, rm);
        p.kernels.push_back(r.k);
        for (int b2 : {sm, sum, mx}) {
            p.buffers[size_t(b2)].is_output = true;
            p.outputs.push_back({b2, p.buffers[size_t(b2)].sizes, p.buffers[size_t(b2)].strides, 0});
            kernel::Step al;
            al.kind = kernel::StepKind::Alloc;
            al.buffer = b2;
            p.steps.push_back(al);
        }
        for (int ki : {0, 1}) {
            kernel::Step st;
            st.kernel = ki;
            p.steps.push_back(st);
        }
        kernel::verify(p);
    }
};

std::vector<void*> data_of(const std::vector<Tensor>& ts) {
    std::vector<void*> d;
    for (const Tensor& t : ts) d.push_back(t.defined() ? t.data() : nullptr);
    return d;
}

bool bit_equal(const Tensor& a, const Tensor& b) {
    const auto x = a.to_double_vector(), y = b.to_double_vector();
    return x == y;
}

double max_rel_diff(const Tensor& a, const Tensor& b) {
    const auto x = a.to_double_vector(), y = b.to_double_vector();
    REQUIRE(x.size() == y.size());
    double m = 0;
    for (size_t i = 0; i < x.size(); ++i) m = std::max(m, std::abs(x[i] - y[i]) / (1e-6 + std::abs(y[i])));
    return m;
}

const std::vector<backends::InterpConfig> kConfigs = {{1024, 0}, {2048, 1}, {4096, 2}, {8192, 1}, {16384, 0},
                                                      {16384, 2}, {256, 1}, {1024, 3}};

int count(const std::string& hay, const std::string& needle) {
    int n = 0;
    for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
    return n;
}

// KILN_CPP_JIT=0 for the duration of a test (the tests time the interpreter).
struct NoJit {
    std::optional<std::string> old;
    NoJit() {
        if (const char* v = std::getenv("KILN_CPP_JIT")) old = v;
        setenv("KILN_CPP_JIT", "0", 1);
    }
    ~NoJit() {
        if (old) setenv("KILN_CPP_JIT", old->c_str(), 1);
        else unsetenv("KILN_CPP_JIT");
    }
};

}  // namespace

TEST_CASE("autotune: every interpreter config computes a pointwise kernel bit for bit as the default", "[autotune]") {
    for (auto [M, N] : {std::pair<int64_t, int64_t>{37, 301}, {300, 200}, {1, 5}}) {
        INFO("shape [" << M << ", " << N << "]");
        Pointwise k(M, N);
        Tensor x = randn({M, N}), bias = randn({N}), y = randn({N, M}), want = empty({M, N});
        auto d = data_of({x, bias, y, want});
        backends::prepare(k.p.kernels[0], k.p)->run(d.data());
        for (const auto& cfg : kConfigs) {
            INFO("tile_bytes=" << cfg.tile_bytes << " threads=" << cfg.threads);
            Tensor got = full({M, N}, Scalar(-7.0));
            d[size_t(k.out)] = got.data();
            auto prog = backends::prepare(k.p.kernels[0], k.p, cfg);
            CHECK(prog->config() == cfg);
            CHECK(prog->tile() == cfg.tile_bytes / 4);
            prog->run(d.data());
            CHECK(bit_equal(got, want));
        }
    }
}

TEST_CASE("autotune: reductions under every config: exact when r fits the tile, within rounding when chunked", "[autotune]") {
    // N = 100: every tile holds a row (rows per tile change, the per-row order does not): exact.
    // N = 5000: more than any tile's 4096 floats: sums walk r in chunks of the tile size.
    for (int64_t N : {int64_t(100), int64_t(5000)}) {
        INFO("N = " << N);
        const int64_t M = 24;
        Reductions k(M, N);
        Tensor x = randn({M, N});
        auto run = [&](const std::optional<backends::InterpConfig>& cfg) {
            std::vector<Tensor> t = {x, empty({M, N}), empty({M}), empty({M})};
            auto d = data_of(t);
            for (const auto& kk : k.p.kernels)
                (cfg ? backends::prepare(kk, k.p, *cfg) : backends::prepare(kk, k.p))->run(d.data());
            return t;
        };
        const auto want = run(std::nullopt);
        // The default against eager: the kernels are right in the first place.
        CHECK(max_rel_diff(want[1], softmax(x, -1)) < 1e-5);
        CHECK(max_rel_diff(want[2], sum(x, {1})) < 1e-4);
        CHECK(bit_equal(want[3], amax(x, {1})));
        for (const auto& cfg : kConfigs) {
            INFO("tile_bytes=" << cfg.tile_bytes << " threads=" << cfg.threads);
            const auto got = run(cfg);
            CHECK(bit_equal(got[3], want[3]));  // max is order-independent
            if (N <= cfg.tile_bytes / 4 && N <= 1024) {
                CHECK(bit_equal(got[1], want[1]));
                CHECK(bit_equal(got[2], want[2]));
            } else {
                CHECK(max_rel_diff(got[1], want[1]) < 1e-5);
                CHECK(max_rel_diff(got[2], want[2]) < 1e-4);
            }
        }
    }
    // One thread and the default give the same bits whatever the tile (threads never change results).
    Reductions k(64, 5000);
    Tensor x = randn({64, 5000});
    std::vector<Tensor> a = {x, empty({64, 5000}), empty({64}), empty({64})}, b = {x, empty({64, 5000}), empty({64}), empty({64})};
    auto da = data_of(a), db = data_of(b);
    for (const auto& kk : k.p.kernels) {
        backends::prepare(kk, k.p, {2048, 1})->run(da.data());
        backends::prepare(kk, k.p, {2048, 0})->run(db.data());
    }
    for (int i = 1; i < 4; ++i) CHECK(bit_equal(a[size_t(i)], b[size_t(i)]));
}

TEST_CASE("autotune: configs out of range are refused", "[autotune]") {
    Pointwise k(4, 4);
    CHECK_THROWS_WITH(backends::prepare(k.p.kernels[0], k.p, {1000, 0}), Catch::Contains("tile_bytes must be a power of two"));
    CHECK_THROWS_WITH(backends::prepare(k.p.kernels[0], k.p, {128, 0}), Catch::Contains("tile_bytes"));
    CHECK_THROWS_WITH(backends::prepare(k.p.kernels[0], k.p, {4096, -1}), Catch::Contains("threads must be >= 0"));
    backends::PlanRunner r(std::make_shared<kernel::Plan>(k.p));
    CHECK_THROWS_WITH(r.set_configs({}), Catch::Contains("0 configs for 1 kernels"));
}

TEST_CASE("autotune: the table lists every candidate, the winner first, and the runner keeps the winners", "[autotune]") {
    Reductions k(64, 700);
    auto plan = std::make_shared<kernel::Plan>(k.p);
    backends::PlanRunner runner(plan);
    Tensor x = randn({64, 700});
    const auto want = runner.run({x});
    backends::AutotuneOptions opt;
    opt.min_kernel_ms = 0;  // tune these small kernels too
    opt.threads = {1, 2};
    opt.reps = 3;
    opt.budget_s = 10;  // never the limit here, even on a busy machine
    const auto res = backends::autotune(runner, {x}, opt);
    REQUIRE(res.outputs.size() == 3);
    for (size_t i = 0; i < 3; ++i) CHECK(bit_equal(res.outputs[i], want[i]));  // r = 700 fits every tile
    const std::string t = res.table();
    INFO(t);
    REQUIRE(res.kernels.size() == 2);
    // Candidates: x = 64 rows of 700: tiles of 1 KiB (256 floats) and 2 KiB (512) hold no row
    // (chunked, chunk sizes differ), 4 KiB holds one row, 8 KiB two, 16 KiB five: five geometries,
    // each with 1 and 2 threads (several blocks each).
    const int want_choices = backends::interp_max_threads() >= 2 ? 10 : 5;
    for (const auto& kt : res.kernels) {
        INFO(kt.skipped);
        CHECK(kt.skipped.empty());
        REQUIRE(int(kt.choices.size()) == want_choices);
        CHECK(t.find("AUTOTUNE " + kt.title + " [kernel interpreter]\n") != std::string::npos);
        for (size_t i = 1; i < kt.choices.size(); ++i) CHECK(kt.choices[i - 1].ms <= kt.choices[i].ms);
        CHECK(res.configs[size_t(kt.kernel)] == kt.choices.front().config);
        for (const auto& c : kt.choices) {
            std::ostringstream line;
            line << "  tile=" << c.config.tile_bytes / 1024 << "KiB threads=" << c.config.threads << " ";
            CHECK(t.find(line.str()) != std::string::npos);
        }
    }
    CHECK(res.kernels[0].title == "cpp_fused__softmax_0(x=[64], r=[700], float32)");
    CHECK(count(t, "AUTOTUNE cpp_fused") == 2);
    CHECK(count(t, " 100.0%\n") >= 2);
    CHECK(count(t, "\n  tile=") == 2 * want_choices);
    CHECK(count(t, "SingleProcess AUTOTUNE benchmarking takes ") == 2);
    CHECK(t.find("seconds for " + std::to_string(want_choices) + " choices\n") != std::string::npos);
    CHECK(runner.configs() == res.configs);
    // The runner now runs the winners: the same results (sums within rounding: a winner may walk
    // the rows in chunks).
    const auto again = runner.run({x});
    CHECK(max_rel_diff(again[0], want[0]) < 1e-5);
    CHECK(max_rel_diff(again[1], want[1]) < 1e-4);
    CHECK(bit_equal(again[2], want[2]));
}

TEST_CASE("autotune: kernels under the threshold keep the default, an in-place kernel is restored between runs", "[autotune]") {
    // buf0 = x * 2 (kernel 0), then buf0 = buf0 + 1 in place (kernel 1, in_out_ptr0): timing kernel 1
    // many times must not add 1 many times.
    const int64_t n = 20000;
    kernel::Plan p;
    const int x = add_buffer(p, "arg0_1", kernel::BufferKind::Input, {n});
    const int b0 = add_buffer(p, "buf0", kernel::BufferKind::Intermediate, {n});
    p.buffers[size_t(b0)].is_output = true;
    KB a("cpp_fused_mul_0", {n}, 1);
    a.store(b0, {1}, a.op(Code::Binary, "mul", {a.load(x, {1}), a.load(x, {1})}));
    KB c("cpp_fused_add_1", {n}, 1);
    kernel::Stmt one;
    one.code = Code::Constant;
    one.value = 1;
    const int t1 = c.push(one);
    c.store(b0, {1}, c.op(Code::Binary, "add", {c.load(b0, {1}), t1}));
    c.k.outputs.clear();
    c.k.inputs.clear();
    c.k.in_out = {b0};
    p.kernels = {a.k, c.k};
    kernel::Step al;
    al.kind = kernel::StepKind::Alloc;
    al.buffer = b0;
    kernel::Step s0, s1;
    s0.kernel = 0;
    s1.kernel = 1;
    p.steps = {al, s0, s1};
    p.outputs.push_back({b0, {n}, {1}, 0});
    kernel::verify(p);
    Tensor xt = randn({n});
    const Tensor want = add(mul(xt, xt), Scalar(1.0));

    backends::PlanRunner runner(std::make_shared<kernel::Plan>(p));
    backends::AutotuneOptions opt;
    opt.min_kernel_ms = 0;
    opt.reps = 2;
    opt.budget_s = 10;
    auto res = backends::autotune(runner, {xt}, opt);
    CHECK(bit_equal(res.outputs[0], want));
    INFO(res.kernels[1].skipped);
    CHECK(res.kernels[1].skipped.empty());
    CHECK(res.kernels[1].choices.size() >= 3);

    backends::PlanRunner r2(std::make_shared<kernel::Plan>(p));
    opt.min_kernel_ms = 1e9;  // nothing is slow enough
    res = backends::autotune(r2, {xt}, opt);
    CHECK(bit_equal(res.outputs[0], want));
    CHECK(res.table().empty());
    for (const auto& kt : res.kernels) CHECK(kt.skipped.find("under") == 0);
    CHECK(r2.configs() == std::vector<backends::InterpConfig>(2));

    backends::PlanRunner r3(std::make_shared<kernel::Plan>(p));
    opt.min_kernel_ms = 0;
    opt.budget_s = 0;  // spent before the first kernel
    res = backends::autotune(r3, {xt}, opt);
    CHECK(bit_equal(res.outputs[0], want));
    CHECK(count(res.table(), "not tuned: the budget of 0 s is spent\n") == 2);
    for (const auto& kt : res.kernels) CHECK(kt.over_budget);
}

TEST_CASE("autotune: torch.compile(mode='max-autotune') prints the table once and computes the eager result", "[autotune]") {
    NoJit no_jit;
    // A budget no build runs out of (under ASan + UBSan one softmax run takes ~50 ms): the test is
    // about the table, not about the budget (tested above with budget 0).
    setenv("KILN_AUTOTUNE_BUDGET_S", "60", 1);
    struct Unset {
        ~Unset() { unsetenv("KILN_AUTOTUNE_BUDGET_S"); }
    } unset;
    auto r = testing::run_program(
        "torch.manual_seed(0)\n"
        "def f(x, y):\n"
        "    return torch.softmax(x * 2 + y, dim=-1), (x - y).relu().sum(dim=1)\n"
        "for mode in ['max-autotune', 'max-autotune-no-cudagraphs', 'reduce-overhead']:\n"
        "    cf = torch.compile(f, mode=mode)\n"
        "    x, y = torch.randn(256, 512), torch.randn(256, 512)\n"
        "    for i in range(3):\n"
        "        a, b = cf(x, y)\n"
        "        ea, eb = f(x, y)\n"
        "        print(mode, i, torch.allclose(a, ea, atol=1e-6), torch.allclose(b, eb, rtol=1e-5, atol=1e-4))\n"
        "    torch._dynamo.reset()\n");
    INFO(r.err);
    INFO(r.result.error_type + ": " + r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "max-autotune 0 True True\nmax-autotune 1 True True\nmax-autotune 2 True True\n"
          "max-autotune-no-cudagraphs 0 True True\nmax-autotune-no-cudagraphs 1 True True\n"
          "max-autotune-no-cudagraphs 2 True True\n"
          "reduce-overhead 0 True True\nreduce-overhead 1 True True\nreduce-overhead 2 True True\n");
    // One tuning per compiled layout (two modes), none for reduce-overhead: the graph is one
    // kernel (softmax and the row sum share x = [256], r = [512]) of well over 10 us.
    CHECK(count(r.err, "AUTOTUNE cpp_fused_") == 2);
    CHECK(count(r.err, "AUTOTUNE cpp_fused__softmax_add_mul_relu_sub_sum_0(x=[256], r=[512], float32) [kernel interpreter]\n") == 2);
    CHECK(count(r.err, "SingleProcess AUTOTUNE benchmarking takes ") == 2);
    // The table is sorted fastest first, so each table's first row is the 100% one (a near tie
    // may print 100.0% on a second row too: timings on a busy machine are that close).
    const std::string head = "[kernel interpreter]\n";
    int tables = 0;
    for (size_t at = r.err.find(head); at != std::string::npos; at = r.err.find(head, at + 1)) {
        const size_t row = at + head.size();
        const std::string first = r.err.substr(row, r.err.find('\n', row) - row);
        INFO(first);
        CHECK(first.size() > 7);
        CHECK(first.substr(first.size() - 7) == " 100.0%");
        ++tables;
    }
    CHECK(tables == 2);
}
