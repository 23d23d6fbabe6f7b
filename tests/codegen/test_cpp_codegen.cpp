// The C++ code generator (codegen/cpp) and the native JIT (backends/cpu_jit).
//
// Hand-built Plans (pointwise with broadcast and a transposed input, a 3-phase softmax, a mean with
// an Outer phase over two r dims, a float64 kernel, a bool/int64-output comparison, float16 and
// bfloat16 storage, an in-place kernel, a plan with Alloc/Reuse/Free/Extern steps) are rendered
// and compared with golden sources in tests/codegen/golden (KILN_UPDATE_GOLDEN=1 rewrites them; the
// embedded ops/pointwise_math.h text is checked against the header and cut out of the goldens).
// When a compiler is available the sources are compiled, run through kiln_call with a small
// KilnRuntime implemented here, and compared with Kiln's eager ops computed in float64.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>
#include <cstring>
#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "backends/cpu_jit.h"
#include "codegen/cpp.h"
#include "graph/ir.h"
#include "kernel/ir.h"
#include "support/plan_builder.h"
#include "kernel/runtime_abi.h"
#include "ops/ops.h"
#include "support/check.h"
#include "support/error.h"
#include "support/golden.h"

using namespace kiln;
using kernel::Code;
using kernel::Plan;

namespace {

// ---- building plans (support/plan_builder.h) -----------------------------------------------------
using KB = kiln::testing::KernelBuilder;
using kiln::testing::plan_input;
using kiln::testing::plan_intermediate;
using kiln::testing::plan_kernel;
using kiln::testing::plan_output;
using kiln::testing::plan_output_buffer;
using kiln::testing::plan_single_kernel_steps;
using kiln::testing::plan_step;

// ---- golden sources -----------------------------------------------------------------------------
// The generated source with the embedded pointwise_math.h cut out (it is checked against the header
// here instead, so editing the math header does not change every golden file).
std::string golden_text(const std::string& src) {
    const std::string begin = "// ---- begin ops/pointwise_math.h ----\n", end = "// ---- end ops/pointwise_math.h ----\n";
    size_t b = src.find(begin), e = src.find(end);
    REQUIRE(b != std::string::npos);
    REQUIRE(e != std::string::npos);
    std::string embedded = src.substr(b + begin.size(), e - b - begin.size());
    std::string header = kiln::testing::read_file(std::filesystem::path(KILN_SOURCE_DIR) / "engine/ops/pointwise_math.h");
    std::string without_pragma;
    size_t pos = 0;
    while (pos < header.size()) {
        size_t nl = header.find('\n', pos);
        std::string l = header.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos + 1);
        if (l.rfind("#pragma once", 0) != 0) without_pragma += l;
        pos = nl == std::string::npos ? header.size() : nl + 1;
    }
    if (!without_pragma.empty() && without_pragma.back() != '\n') without_pragma += '\n';
    CHECK(embedded == without_pragma);
    return src.substr(0, b + begin.size()) + "// (the text of engine/ops/pointwise_math.h)\n" + src.substr(e);
}

void check_golden_source(const std::string& name, const std::string& src) {
    kiln::testing::check_golden(std::filesystem::path(KILN_SOURCE_DIR) / "tests/codegen/golden" / (name + ".cpp.txt"),
                                golden_text(src));
}

// ---- a small KilnRuntime ------------------------------------------------------------------------
struct TestRuntime {
    const Plan& plan;
    std::vector<Tensor> bufs;
    std::vector<std::string> events;
    std::function<void(int, TestRuntime&)> on_step;
    std::string error;

    TestRuntime(const Plan& p, const std::vector<Tensor>& inputs) : plan(p), bufs(p.buffers.size()) {
        for (size_t i = 0; i < p.buffers.size(); ++i)
            if (p.buffers[i].kind == kernel::BufferKind::Input) bufs[i] = inputs.at(size_t(p.buffers[i].input_index));
    }
    static TestRuntime& self(void* ctx) { return *static_cast<TestRuntime*>(ctx); }
    static void* data(void* ctx, int b) {
        TestRuntime& r = self(ctx);
        if (!r.bufs.at(size_t(b)).defined()) {
            r.error += "data() of unallocated buffer " + r.plan.buffers[size_t(b)].name + "\n";
            return nullptr;
        }
        return r.bufs[size_t(b)].data();
    }
    static void alloc(void* ctx, int b) {
        TestRuntime& r = self(ctx);
        const kernel::Buffer& buf = r.plan.buffers.at(size_t(b));
        Tensor t = empty(buf.sizes, TensorOptions{buf.dtype});
        // Floats start as NaN (0xff bytes) so an element the kernel fails to write shows up.
        std::memset(t.data(), dtype_is_floating(buf.dtype) ? 0xff : 0, size_t(t.numel()) * dtype_size(buf.dtype));
        r.bufs[size_t(b)] = t;
        r.events.push_back("alloc " + buf.name);
    }
    static void reuse(void* ctx, int b, int from) {
        TestRuntime& r = self(ctx);
        r.bufs[size_t(b)] = r.bufs.at(size_t(from));
        r.bufs[size_t(from)] = Tensor();
        r.events.push_back("reuse " + r.plan.buffers[size_t(b)].name + " <- " + r.plan.buffers[size_t(from)].name);
    }
    static void release(void* ctx, int b) {
        TestRuntime& r = self(ctx);
        r.bufs.at(size_t(b)) = Tensor();
        r.events.push_back("release " + r.plan.buffers[size_t(b)].name);
    }
    static void run_step(void* ctx, int s) {
        TestRuntime& r = self(ctx);
        r.events.push_back("run_step " + std::to_string(s));
        if (r.on_step) r.on_step(s, r);
        else r.error += "unexpected run_step\n";
    }
    static void launch_clock(void* ctx, int s, int end) {
        self(ctx).events.push_back((end ? "launch end " : "launch begin ") + std::to_string(s));
    }
    // timed: a launch clock as the host sets one while its step profile is open; otherwise null.
    KilnRuntime abi(bool timed) {
        return KilnRuntime{this, &data, &alloc, &reuse, &release, &run_step, timed ? &launch_clock : nullptr};
    }
};

void use_test_cache_dir() {
    static const std::string dir = (std::filesystem::temp_directory_path() / "kiln-jit-tests").string();
    setenv("KILN_CACHE_DIR", dir.c_str(), 1);
}

// Compiles the plan's source and runs kiln_call; returns the runtime (buffers, events).
std::unique_ptr<TestRuntime> compile_and_run(const Plan& p, const std::vector<Tensor>& inputs,
                                             std::function<void(int, TestRuntime&)> on_step = nullptr, bool timed = false) {
    use_test_cache_dir();
    std::string src = codegen::generate_cpp(p);
    auto mod = backends::compile(src, codegen::exported_symbols(p));
    REQUIRE(mod->ready());
    auto rt = std::make_unique<TestRuntime>(p, inputs);
    rt->on_step = std::move(on_step);
    KilnRuntime abi = rt->abi(timed);
    mod->call(&abi);
    INFO(rt->error);
    CHECK(rt->error.empty());
    return rt;
}

Tensor f32(const Tensor& t) { return contiguous(to_dtype(t, DType::Float32)); }

// ---- the plans ----------------------------------------------------------------------------------
// out[4, 8, 16] = relu(a + bias + c.transpose(1, 2)): bias [16] broadcast, c [4, 16, 8].
Plan pointwise_plan(int64_t batch = 4) {
    Plan p;
    int a = plan_input(p, "arg0_1", {batch, 8, 16}), bias = plan_input(p, "arg1_1", {16}),
        c = plan_input(p, "arg2_1", {batch, 16, 8});
    int out = plan_output_buffer(p, "buf0", {batch, 8, 16});
    KB kb("cpp_fused_add_relu_0", kernel::KernelKind::Pointwise, {batch, 8, 16}, 3, 0);
    int t0 = kb.load(a, {128, 16, 1});
    int t1 = kb.load(bias, {0, 0, 1});
    int t2 = kb.binary("add", t0, t1);
    int t3 = kb.load(c, {128, 1, 8});
    int t4 = kb.binary("add", t2, t3);
    int t5 = kb.unary("relu", t4);
    kb.store(out, {128, 16, 1}, t5);
    plan_kernel(p, kb, {a, bias, c}, {out}, {"add", "add_1", "relu"});
    plan_single_kernel_steps(p, {out});
    return p;
}

// softmax over the last dim of [rows, cols]: three Inner phases (max, sum of exp, normalize).
Plan softmax_plan(int64_t rows, int64_t cols) {
    Plan p;
    int x = plan_input(p, "arg0_1", {rows, cols});
    int out = plan_output_buffer(p, "buf0", {rows, cols});
    KB kb("cpp_fused__softmax_0", kernel::KernelKind::Reduction, {rows, cols}, 1, 1);
    int l0 = kb.load(x, {cols, 1});
    int mx = kb.reduce("max", l0);
    kb.phase(kernel::PhaseKind::Inner);
    int l1 = kb.load(x, {cols, 1});
    int e1 = kb.unary("exp", kb.binary("sub", l1, mx));
    int sm = kb.reduce("sum", e1);
    kb.phase(kernel::PhaseKind::Inner);
    int l2 = kb.load(x, {cols, 1});
    int e2 = kb.unary("exp", kb.binary("sub", l2, mx));
    kb.store(out, {cols, 1}, kb.binary("div", e2, sm));
    plan_kernel(p, kb, {x}, {out}, {"_softmax"});
    plan_single_kernel_steps(p, {out});
    return p;
}

// mean over dims (1, 2) of [4, 3, 5] (an Outer phase stores it) and x - mean (a later Inner phase).
Plan mean_plan() {
    Plan p;
    int x = plan_input(p, "arg0_1", {4, 3, 5});
    int mean = plan_output_buffer(p, "buf0", {4, 1, 1});
    int centered = plan_output_buffer(p, "buf1", {4, 3, 5});
    KB kb("cpp_fused_mean_sub_0", kernel::KernelKind::Reduction, {4, 3, 5}, 1, 2);
    int s = kb.reduce("sum", kb.load(x, {15, 5, 1}));
    kb.phase(kernel::PhaseKind::Outer);
    int m = kb.binary("div", s, kb.constant(15.0));
    kb.store(mean, {1, 0, 0}, m);
    kb.phase(kernel::PhaseKind::Inner);
    kb.store(centered, {15, 5, 1}, kb.binary("sub", kb.load(x, {15, 5, 1}), m));
    plan_kernel(p, kb, {x}, {mean, centered}, {"mean", "sub"});
    plan_single_kernel_steps(p, {mean, centered});
    return p;
}

// float64: out = sigmoid(x) * x**2 + clamp(x, -0.5, 0.5) - 2.5 * y (sub with alpha).
// Reductions over the outer dim (column sums: a bias gradient, a variance over rows): the rows lie
// across memory, so the CUDA generator's column form applies (32 consecutive outputs per block).
Plan column_plan(int64_t rows, int64_t cols) {
    Plan p;
    int x = plan_input(p, "arg0_1", {rows, cols});
    int mean = plan_output_buffer(p, "buf0", {cols});
    int var = plan_output_buffer(p, "buf1", {cols});
    KB kb("cpp_fused_mean_mul_sub_0", kernel::KernelKind::Reduction, {cols, rows}, 1, 1);
    int s = kb.reduce("sum", kb.load(x, {1, cols}));
    kb.phase(kernel::PhaseKind::Outer);
    int m = kb.binary("div", s, kb.constant(double(rows)));
    kb.store(mean, {1, 0}, m);
    kb.phase(kernel::PhaseKind::Inner);
    int d = kb.binary("sub", kb.load(x, {1, cols}), m);
    int ss = kb.reduce("sum", kb.binary("mul", d, d));
    kb.phase(kernel::PhaseKind::Outer);
    kb.store(var, {1, 0}, kb.binary("div", ss, kb.constant(double(rows))));
    plan_kernel(p, kb, {x}, {mean, var}, {"mean", "sub", "mul"});
    plan_single_kernel_steps(p, {mean, var});
    return p;
}

Plan float64_plan() {
    Plan p;
    int x = plan_input(p, "arg0_1", {5, 7}, DType::Float64), y = plan_input(p, "arg1_1", {5, 7}, DType::Float64);
    int out = plan_output_buffer(p, "buf0", {5, 7}, DType::Float64);
    KB kb("cpp_fused_add_clamp_mul_pow_sigmoid_sub_0", kernel::KernelKind::Pointwise, {5, 7}, 2, 0, DType::Float64);
    int t0 = kb.load(x, {7, 1});
    int sg = kb.unary("sigmoid", t0);
    int sq = kb.unary("pow_scalar", t0, 2.0);
    int cl = kb.unary("clamp", t0, -0.5, 0.5);
    int sum = kb.binary("add", kb.binary("mul", sg, sq), cl);
    int r = kb.binary("sub", sum, kb.load(y, {7, 1}), 2.5);
    kb.store(out, {7, 1}, r);
    plan_kernel(p, kb, {x, y}, {out}, {"sigmoid", "pow", "mul", "clamp", "add", "sub"});
    plan_single_kernel_steps(p, {out});
    return p;
}

// gt(a, b) stored as bool, and a.trunc() (Cast to int64) stored as int64; b is broadcast [1, 6].
Plan compare_plan() {
    Plan p;
    int a = plan_input(p, "arg0_1", {3, 6}), b = plan_input(p, "arg1_1", {1, 6});
    int mask = plan_output_buffer(p, "buf0", {3, 6}, DType::Bool);
    int ints = plan_output_buffer(p, "buf1", {3, 6}, DType::Int64);
    KB kb("cpp_fused__to_copy_gt_0", kernel::KernelKind::Pointwise, {3, 6}, 2, 0);
    int ta = kb.load(a, {6, 1});
    int gt = kb.binary("gt", ta, kb.load(b, {0, 1}), 1, DType::Bool);
    kb.k.stmts[size_t(gt)].dtype = DType::Bool;
    kb.store(mask, {6, 1}, gt);
    int ci = kb.cast(ta, DType::Int64);
    kb.store(ints, {6, 1}, ci);
    plan_kernel(p, kb, {a, b}, {mask, ints}, {"gt", "_to_copy"});
    plan_single_kernel_steps(p, {mask, ints});
    return p;
}

// float16 in, bfloat16 and float16 out: storage conversions only.
Plan half_plan(int64_t n) {
    Plan p;
    int h = plan_input(p, "arg0_1", {n}, DType::Float32);
    int x16 = plan_output_buffer(p, "buf0", {n}, DType::Float16);
    int xbf = plan_output_buffer(p, "buf1", {n}, DType::BFloat16);
    KB kb("cpp_fused__to_copy_0", kernel::KernelKind::Pointwise, {n}, 1, 0);
    int t = kb.load(h, {1});
    kb.store(x16, {1}, t);
    kb.store(xbf, {1}, t);
    plan_kernel(p, kb, {h}, {x16, xbf}, {"_to_copy"});
    plan_single_kernel_steps(p, {x16, xbf});
    return p;
}

// relu(arg0_1 + 1) -> buf0; buf1 = mm(buf0, arg1_1) (extern); buf2 reuses buf0 for
// sigmoid(buf1) * arg0_1; an in-place kernel doubles buf2 (in_out_ptr0); buffers freed after use.
Plan steps_plan(std::shared_ptr<graph::Graph>& g) {
    Plan p;
    int a = plan_input(p, "arg0_1", {8, 16}), w = plan_input(p, "arg1_1", {16, 16});
    int b0 = plan_intermediate(p, "buf0", {8, 16});
    int b1 = plan_intermediate(p, "buf1", {8, 16});
    int b2 = plan_output_buffer(p, "buf2", {8, 16});
    KB k0("cpp_fused_add_relu_0", kernel::KernelKind::Pointwise, {8, 16}, 2, 0);
    // Statements are numbered in creation order: build them one per line (argument evaluation
    // order differs between GCC and clang, and the goldens must not).
    int one = k0.constant(1.0), xa = k0.load(a, {16, 1});
    k0.store(b0, {16, 1}, k0.unary("relu", k0.binary("add", xa, one)));
    plan_kernel(p, k0, {a}, {b0}, {"add", "relu"});
    KB k1("cpp_fused_mul_sigmoid_1", kernel::KernelKind::Pointwise, {8, 16}, 2, 0);
    int xa1 = k1.load(a, {16, 1});
    int sig = k1.unary("sigmoid", k1.load(b1, {16, 1}));
    k1.store(b2, {16, 1}, k1.binary("mul", sig, xa1));
    plan_kernel(p, k1, {b1, a}, {b2}, {"sigmoid", "mul"});
    KB k2("cpp_fused_mul_2", kernel::KernelKind::Pointwise, {128}, 1, 0);
    int two = k2.constant(2.0), xb = k2.load(b2, {1});
    k2.store(b2, {1}, k2.binary("mul", xb, two));
    plan_kernel(p, k2, {}, {}, {"mul_1"}, {b2});

    g = std::make_shared<graph::Graph>();
    graph::Node* mm = g->create("aten::mm", {}, 1);
    p.graph = g;
    plan_step(p, kernel::StepKind::Alloc, b0);
    plan_step(p, kernel::StepKind::Kernel, -1, 0);
    plan_step(p, kernel::StepKind::Alloc, b1);
    kernel::Step ext;
    ext.kind = kernel::StepKind::Extern;
    ext.buffer = b1;
    ext.node = mm;
    ext.input_buffers = {b0, w};
    ext.input_views = {{}, {{16, 16}, {1, 16}, 0}};  // the weight read transposed
    p.steps.push_back(ext);
    plan_step(p, kernel::StepKind::Free, w);
    plan_step(p, kernel::StepKind::Reuse, b2, -1, b0);
    plan_step(p, kernel::StepKind::Kernel, -1, 1);
    plan_step(p, kernel::StepKind::Free, b1);
    plan_step(p, kernel::StepKind::Free, a);
    plan_step(p, kernel::StepKind::Kernel, -1, 2);
    plan_output(p, b2);
    return p;
}

}  // namespace

// ---- generated text -----------------------------------------------------------------------------
TEST_CASE("codegen: pointwise kernel with broadcast and transposed input", "[codegen]") {
    Plan p = pointwise_plan();
    std::string src = codegen::generate_cpp(p);
    check_golden_source("pointwise_add_relu", src);
    CHECK(src.find("// Topologically Sorted Source Nodes: [add, add_1, relu], Original ATen: [aten.add, aten.relu]") !=
          std::string::npos);
    CHECK(src.find("extern \"C\" void cpp_fused_add_relu_0(const float* in_ptr0, const float* in_ptr1, const float* in_ptr2, float* out_ptr0)") !=
          std::string::npos);
    CHECK(src.find("auto tmp3 = in_ptr2[x0*128 + x1 + x2*8];") != std::string::npos);
    // 512 points: one thread, no parallel region (tensor/parallel.h's rule)
    CHECK(src.find("omp parallel") == std::string::npos);
    CHECK(src.find("#pragma omp simd") != std::string::npos);
    CHECK(src.find(kernel::kKilnRuntimeAbi) != std::string::npos);
    // The relu row of pointwise.def, operands substituted.
    CHECK(src.find("auto tmp5 = !(tmp4 <= float(0)) ? tmp4 : float(0);") != std::string::npos);
    CHECK(codegen::exported_symbols(p) == std::vector<std::string>{"cpp_fused_add_relu_0", "kiln_call"});
}

// tensor/parallel.h's rule in generated code: a kernel of at most kParallelGrain (32768) points runs
// on one thread; a larger one splits its outer loops over the whole team in at most one chunk per
// 32768 points.
TEST_CASE("codegen: parallel loops only above the grain, at most one chunk per grain", "[codegen][threads]") {
    std::string at_grain = codegen::generate_cpp(pointwise_plan(256));  // 256 x 8 x 16 = 32768 points
    CHECK(at_grain.find("omp parallel") == std::string::npos);
    std::string above = codegen::generate_cpp(pointwise_plan(257));  // 32896 points: 2 chunks of 257 x 8 rows
    CHECK(above.find("#pragma omp parallel for collapse(2) schedule(static, kiln_chunk(2056, 2))") != std::string::npos);
    CHECK(above.find("static inline long kiln_chunk(long iters, long max_chunks)") != std::string::npos);
    // a reduction over rows: the row loop is split, 1024 x 1024 points in at most 32 chunks
    std::string rows = codegen::generate_cpp(softmax_plan(1024, 1024));
    CHECK(rows.find("#pragma omp parallel for schedule(static, kiln_chunk(1024, 32))") != std::string::npos);
    CHECK(codegen::generate_cpp(softmax_plan(8, 37)).find("omp parallel") == std::string::npos);
}

TEST_CASE("codegen: golden sources of reductions, float64, bool output, storage types, steps", "[codegen]") {
    check_golden_source("softmax", codegen::generate_cpp(softmax_plan(8, 37)));
    check_golden_source("mean_outer_phase", codegen::generate_cpp(mean_plan()));
    check_golden_source("float64", codegen::generate_cpp(float64_plan()));
    check_golden_source("compare_bool", codegen::generate_cpp(compare_plan()));
    check_golden_source("half_storage", codegen::generate_cpp(half_plan(64)));
    std::shared_ptr<graph::Graph> g;
    std::string steps = codegen::generate_cpp(steps_plan(g));
    check_golden_source("steps", steps);
    CHECK(steps.find("rt->reuse(rt->ctx, 4, 2);  // reuse") != std::string::npos);
    CHECK(steps.find("// buf1 = extern_kernels.mm(buf0, reinterpret_tensor(arg1_1, (16, 16), (1, 16), 0))") !=
          std::string::npos);
    CHECK(steps.find("extern \"C\" void cpp_fused_mul_2(float* in_out_ptr0)") != std::string::npos);
    // Each kernel launch sits between the profile's clock calls, named by its step id; extern
    // steps are timed by the host inside run_step, so they have none.
    CHECK(steps.find("    kiln_launch_begin(rt, 1);\n    cpp_fused_add_relu_0(") != std::string::npos);
    CHECK(steps.find("(float*)rt->data(rt->ctx, 4));\n    kiln_launch_end(rt, 6);\n") != std::string::npos);
    CHECK(steps.find("kiln_launch_begin(rt, 3)") == std::string::npos);
}

TEST_CASE("codegen: the kernel-only text and output_code", "[codegen]") {
    Plan p = softmax_plan(8, 16);
    std::string k = codegen::generate_cpp_kernel(p, 0);
    CHECK(k.rfind("// Topologically Sorted Source Nodes: [_softmax], Original ATen: [aten._softmax]\n", 0) == 0);
    CHECK(k.find("#pragma omp simd reduction(kiln_fmax:tmp1) reduction(|:tmp1_nan)") != std::string::npos);
    CHECK(k.find("#include") == std::string::npos);
    CHECK(codegen::kernel_output_code_text(p, 0) == "Output code: \n" + k);
    std::string src = codegen::generate_cpp(p);
    std::string text = codegen::output_code_text(p, src, "/tmp/kiln/abc.cpp");
    CHECK(text.rfind("Output code: \n// Kiln compiled graph", 0) == 0);
    // The log names the embedded scalar-math header instead of repeating it; the kernels are all there.
    CHECK(text.find(codegen::pointwise_math_text()) == std::string::npos);
    CHECK(text.find("(the text of engine/ops/pointwise_math.h") != std::string::npos);
    CHECK(text.find(k) != std::string::npos);
    CHECK(codegen::output_code_text(p, src, "").find("Output code written to: (not written") != std::string::npos);
    const std::string tail = "\nOutput code written to: /tmp/kiln/abc.cpp\n";
    CHECK(text.substr(text.size() - tail.size()) == tail);
}

TEST_CASE("codegen: plans it cannot render are errors", "[codegen]") {
    Plan p = pointwise_plan();
    p.kernels[0].stmts[5].op = "frobnicate";
    CHECK_THROWS_WITH(codegen::generate_cpp(p), Catch::Contains("no unary op 'frobnicate' in ops/pointwise.def"));
    Plan q = pointwise_plan();
    q.kernels[0].inputs.pop_back();  // arg2_1 is loaded but no longer an argument
    CHECK_THROWS_WITH(codegen::generate_cpp(q), Catch::Contains("arg2_1 is loaded but is not an argument"));
    Plan r = softmax_plan(2, 4);
    r.kernels[0].stmts[1].op = "mean";
    CHECK_THROWS_WITH(codegen::generate_cpp(r), Catch::Contains("unknown reduction 'mean'"));
}

// ---- compiled and run ---------------------------------------------------------------------------
TEST_CASE("cpu_jit: pointwise add+relu matches eager", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    Tensor a = kiln::testing::test_input({4, 8, 16}, 1, -1, 1, false);
    Tensor bias = kiln::testing::test_input({16}, 2, -1, 1, false);
    Tensor c = kiln::testing::test_input({4, 16, 8}, 3, -1, 1, false);
    Plan p = pointwise_plan();
    auto rt = compile_and_run(p, {f32(a), f32(bias), f32(c)});
    Tensor ref = relu(add(add(to_dtype(f32(a), DType::Float64), to_dtype(f32(bias), DType::Float64)),
                          transpose(to_dtype(f32(c), DType::Float64), 1, 2)));
    kiln::testing::check_close(rt->bufs[3], ref, 1e-6, 1e-6);
}

TEST_CASE("cpu_jit: softmax (3 phases, NaN row, odd width) matches eager", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    Tensor x = kiln::testing::test_input({8, 37}, 4, -20, 20, false);
    std::vector<double> v = x.to_double_vector();
    v[3 * 37 + 5] = std::nan("");
    x = tensor(v, {8, 37}, DType::Float64);
    Plan p = softmax_plan(8, 37);
    auto rt = compile_and_run(p, {f32(x)});
    Tensor ref = softmax(to_dtype(f32(x), DType::Float64), -1);
    kiln::testing::check_close(rt->bufs[1], ref, 1e-5, 1e-7);
    std::vector<double> got = rt->bufs[1].to_double_vector();
    for (int j = 0; j < 37; ++j) CHECK(std::isnan(got[size_t(3 * 37 + j)]));
    CHECK(!std::isnan(got[0]));
}

TEST_CASE("cpu_jit: mean with an Outer phase and two r dims matches eager", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    Tensor x = kiln::testing::test_input({4, 3, 5}, 5, -3, 3, false);
    auto rt = compile_and_run(mean_plan(), {f32(x)});
    Tensor x64 = to_dtype(f32(x), DType::Float64);
    Tensor m = mean(x64, {1, 2}, true);
    kiln::testing::check_close(rt->bufs[1], m, 1e-5, 1e-6);
    kiln::testing::check_close(rt->bufs[2], sub(x64, m), 1e-5, 1e-6);
}

TEST_CASE("cpu_jit: float64 kernel matches eager to double precision", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    Tensor x = kiln::testing::test_input({5, 7}, 6, -2, 2, false);
    Tensor y = kiln::testing::test_input({5, 7}, 7, -2, 2, false);
    auto rt = compile_and_run(float64_plan(), {x, y});
    Tensor ref = sub(add(mul(sigmoid(x), pow(x, Scalar(2.0))), clamp(x, Scalar(-0.5), Scalar(0.5))), y, Scalar(2.5));
    kiln::testing::check_close(rt->bufs[2], ref, 1e-13, 1e-14);
}

TEST_CASE("cpu_jit: comparison to bool and cast to int64", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    std::vector<double> av = {0.5, -1.5, 2.0, std::nan(""), 3.7, -3.7, 0, 1, 2, 3, 4, 5, -0.25, 9.9, -9.9, 1e9, -2.5, 6};
    Tensor a = tensor(av, {3, 6}, DType::Float32);
    Tensor b = tensor({0.5, 0, 1, 1, 3, -4}, {1, 6}, DType::Float32);
    std::vector<double> a_no_nan = av;
    a_no_nan[3] = 0.0;  // trunc of NaN into int64 is undefined: compare that element only for the mask
    auto rt = compile_and_run(compare_plan(), {a, b});
    REQUIRE(rt->bufs[2].dtype() == DType::Bool);
    CHECK(rt->bufs[2].to_double_vector() == gt(a, b).to_double_vector());
    std::vector<double> ints = rt->bufs[3].to_double_vector();
    std::vector<double> ref = to_dtype(tensor(a_no_nan, {3, 6}, DType::Float32), DType::Int64).to_double_vector();
    for (size_t i = 0; i < ints.size(); ++i)
        if (i != 3) CHECK(ints[i] == ref[i]);
}

TEST_CASE("cpu_jit: float16 and bfloat16 stores round as Kiln's storage types", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    // Normals, subnormals, ties, overflow, infinities, NaN, signed zeros.
    std::vector<double> v = {0.0, -0.0, 1.0, -1.0, 65504.0, 65519.0, 65520.0, 1e6, -1e6,
                             std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                             std::nan(""), 6.103515625e-05, 5.96046448e-08, 2.98023224e-08, 2.98023225e-08, 1e-10,
                             1.00048828125, 1.00146484375, 3.0e-5, -4.5e-6, 0.333333333, 3.14159265};
    for (int i = -30; i <= 17; ++i)
        for (double m : {1.0, 1.1, 1.2345678, 1.5, 1.9999})
            v.push_back((i % 2 ? -m : m) * std::ldexp(1.0, i));
    int64_t n = int64_t(v.size());
    Tensor x = tensor(v, {n}, DType::Float32);
    auto rt = compile_and_run(half_plan(n), {x});
    std::vector<double> h = rt->bufs[1].to_double_vector(), ref_h = to_dtype(x, DType::Float16).to_double_vector();
    std::vector<double> b = rt->bufs[2].to_double_vector(), ref_b = to_dtype(x, DType::BFloat16).to_double_vector();
    for (size_t i = 0; i < v.size(); ++i) {
        INFO("value " << v[i]);
        if (std::isnan(ref_h[i])) CHECK(std::isnan(h[i]));
        else CHECK((h[i] == ref_h[i] && std::signbit(h[i]) == std::signbit(ref_h[i])));
        if (std::isnan(ref_b[i])) CHECK(std::isnan(b[i]));
        else CHECK((b[i] == ref_b[i] && std::signbit(b[i]) == std::signbit(ref_b[i])));
    }
}

TEST_CASE("cpu_jit: Alloc/Reuse/Free/Extern steps and an in-place kernel", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    std::shared_ptr<graph::Graph> g;
    Plan p = steps_plan(g);
    Tensor a = f32(kiln::testing::test_input({8, 16}, 8, -1, 1, false));
    Tensor w = f32(kiln::testing::test_input({16, 16}, 9, -1, 1, false));
    auto rt = compile_and_run(p, {a, w}, [&](int s, TestRuntime& r) {
        // The extern step: buf1 = mm(buf0, arg1_1.t()), written into the allocated buffer.
        REQUIRE(s == 3);
        Tensor res = mm(r.bufs[2], transpose(r.bufs[1], 0, 1));
        std::memcpy(r.bufs[3].data(), contiguous(res).data(), size_t(res.numel()) * 4);
    });
    CHECK(rt->events == std::vector<std::string>{"alloc buf0", "alloc buf1", "run_step 3", "release arg1_1",
                                                   "reuse buf2 <- buf0", "release buf1", "release arg0_1"});
    Tensor a64 = to_dtype(a, DType::Float64), w64 = to_dtype(w, DType::Float64);
    Tensor h = relu(add(a64, Scalar(1.0)));
    Tensor ref = mul(mul(sigmoid(mm(h, transpose(w64, 0, 1))), a64), Scalar(2.0));
    kiln::testing::check_close(rt->bufs[4], ref, 1e-4, 1e-5);
    CHECK(!rt->bufs[2].defined());  // its storage went to buf2
}

TEST_CASE("cpu_jit: with a launch clock, kiln_call reports each kernel launch's start and end", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    std::shared_ptr<graph::Graph> g;
    Plan p = steps_plan(g);
    Tensor a = f32(kiln::testing::test_input({8, 16}, 8, -1, 1, false));
    Tensor w = f32(kiln::testing::test_input({16, 16}, 9, -1, 1, false));
    auto extern_mm = [&](int, TestRuntime& r) {
        Tensor res = mm(r.bufs[2], transpose(r.bufs[1], 0, 1));
        std::memcpy(r.bufs[3].data(), contiguous(res).data(), size_t(res.numel()) * 4);
    };
    auto timed = compile_and_run(p, {a, w}, extern_mm, true);
    CHECK(timed->events == std::vector<std::string>{"alloc buf0", "launch begin 1", "launch end 1", "alloc buf1",
                                                      "run_step 3", "release arg1_1", "reuse buf2 <- buf0",
                                                      "launch begin 6", "launch end 6", "release buf1",
                                                      "release arg0_1", "launch begin 9", "launch end 9"});
    // The same library without a clock (the host's profile closed): no calls, the same results.
    auto plain = compile_and_run(p, {a, w}, extern_mm, false);
    CHECK(plain->events.size() == timed->events.size() - 6);
    CHECK(plain->bufs[4].to_double_vector() == timed->bufs[4].to_double_vector());
}

TEST_CASE("cpu_jit: a compile error is a clear kiln::Error", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    use_test_cache_dir();
    auto mod = backends::compile_async("extern \"C\" void kiln_call(void*) { this is not C++; }\n");
    try {
        mod->wait();
        FAIL("compiling invalid C++ succeeded");
    } catch (const Error& e) {
        std::string msg = e.what();
        CHECK(msg.rfind("C++ compile error\n\nCommand:\n", 0) == 0);
        CHECK(msg.find("-ffp-contract=fast") != std::string::npos);
        CHECK(msg.find("error") != std::string::npos);
        CHECK(msg.find("this is not C++") != std::string::npos);  // the compiler quotes the line
    }
    CHECK(mod->ready());
    CHECK(!mod->ok());
    CHECK(mod->error_message().rfind("C++ compile error", 0) == 0);
    CHECK(!std::filesystem::exists(mod->library_path()));
    CHECK_THROWS_WITH(mod->fn("kiln_call"), Catch::StartsWith("C++ compile error"));
}

TEST_CASE("cpu_jit: the disk cache is hit the second time", "[codegen]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the JIT is not tested");
        return;
    }
    auto dir = std::filesystem::temp_directory_path() / ("kiln-jit-cache-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    setenv("KILN_CACHE_DIR", dir.string().c_str(), 1);
    Plan p = pointwise_plan();
    std::string src = codegen::generate_cpp(p);
    int64_t before = backends::cpu_jit_compiler_invocations();
    auto first = backends::compile_async(src, codegen::exported_symbols(p));
    // "Use it when ready": the host polls ready() between runs instead of blocking.
    for (int i = 0; i < 120000 && !first->ready(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    REQUIRE(first->ready());
    CHECK(first->ok());
    CHECK(first->error_message().empty());
    first->wait();
    CHECK(!first->cache_hit());
    CHECK(backends::cpu_jit_compiler_invocations() == before + 1);
    CHECK(std::filesystem::exists(dir / (backends::cpu_jit_hash(src) + ".so")));
    CHECK(first->library_path() == (dir / (backends::cpu_jit_hash(src) + ".so")).string());
    CHECK(codegen::output_code_text(p, src, first->source_path()).find("Output code written to: " + first->source_path()) !=
          std::string::npos);
    CHECK(kiln::testing::read_file(first->source_path()) == src);
    for (const auto& e : std::filesystem::directory_iterator(dir))  // no temporary files left behind
        CHECK(e.path().string().find(".tmp.") == std::string::npos);

    auto second = backends::compile(src, codegen::exported_symbols(p));
    CHECK(second->cache_hit());
    CHECK(backends::cpu_jit_compiler_invocations() == before + 1);
    CHECK(second->fn("cpp_fused_add_relu_0") != nullptr);
    CHECK_THROWS_WITH(second->fn("no_such_kernel"), Catch::Contains("has no function 'no_such_kernel'"));
    // A different source is a different key.
    CHECK(backends::cpu_jit_hash(src + " ") != backends::cpu_jit_hash(src));
    std::filesystem::remove_all(dir);
    unsetenv("KILN_CACHE_DIR");
}

// ---- the CUDA generator (codegen/cuda) ------------------------------------------------------------
// Its sources are goldens like the C++ ones; where the toolkit is present (KILN_WITH_CUDA), each is
// also compiled by NVRTC for sm_90, which needs no GPU: the generator must emit code NVRTC accepts,
// prelude and all. Running the kernels is the GPU tests' business (tests/cuda).
#include "codegen/cuda.h"
#include "support/cuda_source.h"

namespace {

using kiln::testing::cuda_golden_text;
using kiln::testing::nvrtc_errors;

void check_cuda(const std::string& name, const Plan& p) {
    std::string src = codegen::generate_cuda(p);
    kiln::testing::check_golden(std::filesystem::path(KILN_SOURCE_DIR) / "tests/codegen/golden" / (name + ".cu.txt"),
                                cuda_golden_text(src));
    INFO(name << ":\n" << src);
    CHECK(nvrtc_errors(src) == "");
}

}  // namespace

TEST_CASE("codegen (CUDA): golden sources that NVRTC compiles for sm_90", "[codegen][cuda_codegen]") {
#ifndef KILN_WITH_CUDA
    WARN("no CUDA toolkit in this build: the CUDA sources are checked against goldens, not compiled");
#endif
    check_cuda("pointwise_add_relu", pointwise_plan());
    check_cuda("softmax", softmax_plan(8, 37));
    check_cuda("softmax_vec4", softmax_plan(16, 4096));  // rows in float4 groups: a second kernel
    check_cuda("softmax_warp_rows", softmax_plan(20, 128));  // short rows: a warp per row, 8 per block
    check_cuda("mean_outer_phase", mean_plan());
    check_cuda("column_mean_var", column_plan(300, 70));  // the column form: 3 tiles of 32 outputs
    check_cuda("float64", float64_plan());
    check_cuda("compare_bool", compare_plan());
    check_cuda("half_storage", half_plan(64));
    std::shared_ptr<graph::Graph> g;
    Plan steps = steps_plan(g);
    check_cuda("steps", steps);
    std::string launch = codegen::cuda_launch_code(steps);
    CHECK(launch.find("// buf1 = extern_kernels.mm(buf0, reinterpret_tensor(arg1_1, (16, 16), (1, 16), 0))") != std::string::npos);
}

TEST_CASE("codegen (CUDA): launch shapes and names", "[codegen][cuda_codegen]") {
    Plan pw = pointwise_plan();
    const kernel::Kernel& k = pw.kernels[0];
    CHECK(codegen::cuda_kernel_name(k) == "cuda_fused_add_relu_0");
    codegen::CudaLaunch l = codegen::cuda_launch(k);
    CHECK(l.block % 32 == 0);
    CHECK(l.grid * l.block >= k.x_numel());  // one pass of the grid covers the elements
    Plan sm = softmax_plan(8, 37);
    codegen::CudaLaunch r = codegen::cuda_launch(sm.kernels[0]);
    CHECK(r.grid == 8);    // a block per row
    CHECK(r.block == 32);  // persistent: a warp keeps the row's 37 elements in 2 register slots each
    std::string src = codegen::generate_cuda_kernel(sm, 0);
    CHECK(src.find("kiln_block_reduce(tmp") != std::string::npos);
    CHECK(src.find("extern \"C\" __global__ void __launch_bounds__(32) cuda_fused") != std::string::npos);
    CHECK(src.find("float c0[2];") != std::string::npos);
    // Rows of a multiple of 4 floats also get the float4 form: 16 values per thread, the x row's
    // elements 4 * (threadIdx.x + i * blockDim.x) + 0..3, cached as float4 across the phases.
    CHECK_FALSE(codegen::cuda_vectorizable(sm, 0));  // 37 is no multiple of 4
    Plan sm4 = softmax_plan(16, 4096);
    REQUIRE(codegen::cuda_vectorizable(sm4, 0));
    CHECK(codegen::cuda_vec4_launch(sm4.kernels[0]).block == 256);
    CHECK(codegen::cuda_vec4_launch(sm4.kernels[0]).grid == 16);
    CHECK(codegen::cuda_launch(sm4.kernels[0]).block == 512);  // the scalar form: 8 slots per thread
    std::string v4 = codegen::generate_cuda_kernel(sm4, 0);
    CHECK(v4.find("float4 c0[4];") != std::string::npos);
    CHECK(v4.find("cuda_fused__softmax_0_vec4(") != std::string::npos);
    CHECK(codegen::cuda_kernel_names(sm4) == std::vector<std::string>{"cuda_fused__softmax_0", "cuda_fused__softmax_0_vec4"});
    // NVRTC's programs: one per function, in the same order; the vec4 variant is compiled before the
    // first run, the scalar one only when a launch needs it.
    std::vector<codegen::CudaUnit> units = codegen::cuda_units(sm4);
    REQUIRE(units.size() == 2);
    CHECK(units[0].name == "cuda_fused__softmax_0");
    CHECK_FALSE(units[0].first_choice);
    CHECK(units[1].name == "cuda_fused__softmax_0_vec4");
    CHECK(units[1].first_choice);
    CHECK(units[1].source.find("cuda_fused__softmax_0(") == std::string::npos);
    CHECK(units[1].source.find("kiln_block_reduce") != std::string::npos);  // the prelude
    CHECK(nvrtc_errors(units[1].source) == "");
    std::vector<codegen::CudaUnit> scalar_only = codegen::cuda_units(sm);
    REQUIRE(scalar_only.size() == 1);
    CHECK(scalar_only[0].first_choice);
    // softmax's exp(x - max) is computed once, kept in registers between the sum and the division.
    CHECK(v4.find("float kv0[16];") != std::string::npos);
    CHECK(v4.find("kv0[i * 4 + j] = tmp") != std::string::npos);
    CHECK(v4.find("kiln_warp_reduce") == std::string::npos);
    // Rows of at most 512 floats: one warp per row, 8 rows per block, reduced by shuffles alone; 20
    // rows take 3 blocks (the last one's 4 spare warps skip the row loop).
    Plan short_rows = softmax_plan(20, 128);
    REQUIRE(codegen::cuda_vectorizable(short_rows, 0));
    CHECK(codegen::cuda_vec4_launch(short_rows.kernels[0]).block == 256);
    CHECK(codegen::cuda_vec4_launch(short_rows.kernels[0]).grid == 3);
    std::string w = codegen::generate_cuda_kernel(short_rows, 0);
    const std::string wv = w.substr(w.find("cuda_fused__softmax_0_vec4("));
    CHECK(wv.find("xindex = int64_t(blockIdx.x) * 8 + (threadIdx.x >> 5)") != std::string::npos);
    CHECK(wv.find("((threadIdx.x & 31) + int64_t(i) * 32) * 4") != std::string::npos);
    CHECK(wv.find("kiln_warp_reduce(tmp") != std::string::npos);
    CHECK(wv.find("kiln_smem") == std::string::npos);
    CHECK_FALSE(codegen::cuda_vectorizable(mean_plan(), 0));  // two r dims
    // Rows too long to keep stream through each phase with up to 256 threads.
    Plan wide = softmax_plan(2, 10000);
    CHECK(codegen::cuda_launch(wide.kernels[0]).block == 256);
    CHECK(codegen::generate_cuda_kernel(wide, 0).find("rindex += blockDim.x") != std::string::npos);
}

namespace {

// relu over a contiguous float32 [rows, cols]: a pointwise kernel with a vec4 variant.
Plan relu_plan(int64_t rows, int64_t cols) {
    Plan p;
    int a = plan_input(p, "arg0_1", {rows, cols});
    int out = plan_output_buffer(p, "buf0", {rows, cols});
    KB kb("cpp_fused_relu_0", kernel::KernelKind::Pointwise, {rows, cols}, 2, 0);
    kb.store(out, {cols, 1}, kb.unary("relu", kb.load(a, {cols, 1})));
    plan_kernel(p, kb, {a}, {out}, {"relu"});
    plan_single_kernel_steps(p, {out});
    return p;
}

std::vector<std::string> candidate_names(const Plan& p, int k) {
    std::vector<std::string> names;
    for (const codegen::CudaConfig& c : codegen::cuda_candidates(p, k)) names.push_back(codegen::cuda_config_name(p.kernels[size_t(k)], c));
    return names;
}

// Every candidate of every kernel: its function is the one its name says, declared with the launch's
// block as __launch_bounds__, and one pass of its grid covers the kernel (or the grid is at the cap
// of 16384 blocks, over which the kernels stride); its unit holds exactly that function.
void check_candidates(const Plan& p) {
    const std::vector<codegen::CudaUnit> units = codegen::cuda_autotune_units(p);
    size_t u = 0;
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        const kernel::Kernel& k = p.kernels[i];
        for (const codegen::CudaConfig& c : codegen::cuda_candidates(p, int(i))) {
            const std::string name = codegen::cuda_config_name(k, c);
            const codegen::CudaLaunch l = codegen::cuda_launch(k, c);
            INFO(name << " " << codegen::cuda_config_label(k, c));
            CHECK(l.block % 32 == 0);
            CHECK(l.block <= 1024);
            const int64_t per_block = k.nr == 0 ? int64_t(l.block) * (c.vec4 ? 4 : 1)
                                      : c.vec4 && c.warp_rows > 1 ? c.warp_rows : 1;
            CHECK((l.grid * per_block >= k.x_numel() || l.grid == 16384));
            REQUIRE(u < units.size());
            CHECK(units[u].name == name);
            CHECK(units[u].first_choice);
            CHECK(units[u].source.find("extern \"C\" __global__ void __launch_bounds__(" + std::to_string(l.block) + ") " + name + "(") !=
                  std::string::npos);
            const std::string fn = "\n\n" + codegen::generate_cuda_function(p, int(i), c);  // after the prelude
            CHECK(units[u].source.size() > fn.size());
            CHECK(units[u].source.compare(units[u].source.size() - fn.size(), fn.size(), fn) == 0);
            ++u;
        }
    }
    CHECK(u == units.size());
}

}  // namespace

TEST_CASE("codegen (CUDA): max-autotune candidates, names and launch shapes", "[codegen][cuda_codegen]") {
    // Pointwise: threads per block {128, 256, 512, 1024}, each in the scalar and the vec4 form; the
    // default ones (256) keep the plain names.
    Plan relu = relu_plan(64, 256);
    CHECK(candidate_names(relu, 0) ==
          std::vector<std::string>{"cuda_fused_relu_0", "cuda_fused_relu_0_vec4", "cuda_fused_relu_0_b128", "cuda_fused_relu_0_b512",
                                   "cuda_fused_relu_0_b1024", "cuda_fused_relu_0_vec4_b128", "cuda_fused_relu_0_vec4_b512",
                                   "cuda_fused_relu_0_vec4_b1024"});
    codegen::CudaConfig v512;
    v512.vec4 = true;
    v512.block = 512;
    CHECK(codegen::cuda_launch(relu.kernels[0], v512).block == 512);
    CHECK(codegen::cuda_launch(relu.kernels[0], v512).grid == 8);  // 4096 groups of 4
    CHECK(codegen::cuda_config_label(relu.kernels[0], v512) == "vec4 block=512");
    check_candidates(relu);
    // A kernel of 512 elements (with a transposed input: no vec4) caps the block: 1024 is 512 again.
    Plan pw = pointwise_plan();
    CHECK(candidate_names(pw, 0) == std::vector<std::string>{"cuda_fused_add_relu_0", "cuda_fused_add_relu_0_b128", "cuda_fused_add_relu_0_b512"});
    check_candidates(pw);
    // A persistent reduction over rows of 4096: the float4 form at 8, 16 (the default) and 32 values
    // per thread; rows too long for a warp.
    Plan sm = softmax_plan(16, 4096);
    CHECK(candidate_names(sm, 0) == std::vector<std::string>{"cuda_fused__softmax_0", "cuda_fused__softmax_0_vec4",
                                                             "cuda_fused__softmax_0_vec4_v8", "cuda_fused__softmax_0_vec4_v32"});
    codegen::CudaConfig v8;
    v8.vec4 = true;
    v8.warp_rows = 1;
    v8.row_values = 8;
    CHECK(codegen::cuda_launch(sm.kernels[0], v8).block == 512);
    CHECK(codegen::cuda_launch(sm.kernels[0], v8).grid == 16);
    CHECK(codegen::generate_cuda_function(sm, 0, v8).find("float4 c0[2];") != std::string::npos);
    check_candidates(sm);
    // Short rows (128): the default is a warp per row, 8 rows per block; 2, 4 and 16 rows per block
    // are candidates, and a block per row (all values-per-thread choices give the same 32 threads).
    Plan short_rows = softmax_plan(20, 128);
    CHECK(candidate_names(short_rows, 0) ==
          std::vector<std::string>{"cuda_fused__softmax_0", "cuda_fused__softmax_0_vec4", "cuda_fused__softmax_0_vec4_v8",
                                   "cuda_fused__softmax_0_vec4_w2", "cuda_fused__softmax_0_vec4_w4", "cuda_fused__softmax_0_vec4_w16"});
    codegen::CudaConfig w4;
    w4.vec4 = true;
    w4.warp_rows = 4;
    CHECK(codegen::cuda_launch(short_rows.kernels[0], w4).block == 128);
    CHECK(codegen::cuda_launch(short_rows.kernels[0], w4).grid == 5);
    CHECK(codegen::generate_cuda_function(short_rows, 0, w4).find("xindex = int64_t(blockIdx.x) * 4 + (threadIdx.x >> 5)") !=
          std::string::npos);
    CHECK(codegen::cuda_config_label(short_rows.kernels[0], w4) == "vec4 warp per row, 4 rows/block, block=128");
    check_candidates(short_rows);
    // No vec4 form, two r dims: the scalar reduction alone.
    CHECK(candidate_names(mean_plan(), 0) == std::vector<std::string>{"cuda_fused_mean_sub_0"});
    // Out-of-range requests are clamped to what CUDA launches (whole warps, at most 1024 threads).
    codegen::CudaConfig huge;
    huge.block = 5000;
    CHECK(codegen::cuda_launch(relu.kernels[0], huge).block == 1024);
    huge.block = 100;
    CHECK(codegen::cuda_launch(relu.kernels[0], huge).block == 128);
    codegen::CudaConfig bad_vec4;
    bad_vec4.vec4 = true;
    CHECK_THROWS_AS(codegen::generate_cuda_function(pw, 0, bad_vec4), kiln::Error);
    CHECK_THROWS_AS(codegen::generate_cuda_function(pw, 3, codegen::CudaConfig{}), kiln::Error);
}

TEST_CASE("codegen (CUDA): the default configs are today's functions, every candidate compiles", "[codegen][cuda_codegen]") {
    // The default units (what every mode but max-autotune compiles) are among max-autotune's, with
    // the same names and sources (so their cubins are shared through the caches), and
    // generate_cuda_kernel (the goldens) is the default functions' text.
    std::vector<Plan> plans;
    plans.push_back(pointwise_plan());
    plans.push_back(softmax_plan(8, 37));
    plans.push_back(softmax_plan(16, 4096));
    plans.push_back(softmax_plan(20, 128));
    plans.push_back(mean_plan());
    plans.push_back(float64_plan());
    plans.push_back(half_plan(64));
    plans.push_back(relu_plan(64, 256));
    for (const Plan& p : plans) {
        const std::vector<codegen::CudaUnit> all = codegen::cuda_autotune_units(p);
        for (const codegen::CudaUnit& d : codegen::cuda_units(p)) {
            INFO(d.name);
            auto it = std::find_if(all.begin(), all.end(), [&](const codegen::CudaUnit& u) { return u.name == d.name; });
            REQUIRE(it != all.end());
            CHECK(it->source == d.source);
        }
        for (size_t i = 0; i < p.kernels.size(); ++i) {
            std::string text = codegen::generate_cuda_function(p, int(i), codegen::CudaConfig{});
            if (codegen::cuda_vectorizable(p, int(i))) text += "\n" + codegen::generate_cuda_function(p, int(i), codegen::CudaConfig{true});
            CHECK(text == codegen::generate_cuda_kernel(p, int(i)));
        }
    }
    // NVRTC compiles every candidate (sm_90; no GPU needed): the forms that differ in structure.
    for (const Plan& p : {softmax_plan(16, 4096), softmax_plan(20, 128), relu_plan(64, 256)})
        for (const codegen::CudaUnit& u : codegen::cuda_autotune_units(p)) {
            INFO(u.name);
            CHECK(nvrtc_errors(u.source) == "");
        }
}

TEST_CASE("codegen (CUDA): NVRTC errors are kiln::Errors with the compiler's log", "[codegen][cuda_codegen]") {
#ifdef KILN_WITH_CUDA
    try {
        backends::nvrtc_compile("extern \"C\" __global__ void k() { this is not CUDA; }\n", 90);
        FAIL("compiling invalid CUDA succeeded");
    } catch (const Error& e) {
        std::string msg = e.what();
        CHECK(msg.find("CUDA compile error") != std::string::npos);
        CHECK(msg.find("--gpu-architecture=sm_90") != std::string::npos);
        CHECK(msg.find("error") != std::string::npos);
    }
#else
    CHECK_THROWS_WITH(backends::nvrtc_compile("", 90), Catch::Contains("not compiled with CUDA"));
#endif
}

TEST_CASE("codegen (CUDA): cubins are cached on disk by content hash", "[codegen][cuda_codegen]") {
#ifdef KILN_WITH_CUDA
    use_test_cache_dir();
    const std::string src = codegen::generate_cuda(pointwise_plan()) + "\n// cache test " +
                            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + "\n";
    backends::CubinCache first = backends::nvrtc_compile_cached(src, 90);
    CHECK_FALSE(first.hit);
    CHECK_FALSE(first.cubin.empty());
    CHECK(std::filesystem::exists(first.source_path));
    backends::CubinCache second = backends::nvrtc_compile_cached(src, 90);
    CHECK(second.hit);
    CHECK(second.cubin == first.cubin);
    CHECK(second.source_path == first.source_path);
    CHECK_FALSE(backends::nvrtc_compile_cached(src, 80).hit);  // another architecture, another entry
#else
    WARN("no CUDA toolkit in this build: nothing to cache");
#endif
}
