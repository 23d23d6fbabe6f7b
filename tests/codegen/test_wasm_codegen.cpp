// The WebAssembly code generator (codegen/wasm): golden module text, the binary module's layout,
// which kernels it declines, and (where node is installed) the modules validated and run by V8
// on a memory image, compared with the kernel interpreter and with float64 references (how node
// runs a module: support/wasm_node.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "bindings/inductor.h"
#include "codegen/wasm.h"
#include "kernel/ir.h"
#include "support/golden.h"
#include "support/plan_builder.h"
#include "support/program.h"
#include "support/ulp.h"
#include "support/wasm_node.h"

using namespace kiln;
using kernel::Plan;
using KB = kiln::testing::KernelBuilder;

namespace {

using kiln::testing::plan_input;
using kiln::testing::plan_kernel_as_built;
using kiln::testing::plan_output_buffer;
using kiln::testing::close;
using kiln::testing::feature_sets;
using kiln::testing::have_node;
using kiln::testing::random_buffers;
using kiln::testing::run_in_node;
using kiln::testing::run_interp;

// The benchmark's chain ((x * 2.0 + 1.0).relu() * y).sigmoid() over n float32 elements.
Plan chain_plan(int64_t n) {
    Plan p;
    int x = plan_input(p, "arg0_1", {n}), y = plan_input(p, "arg1_1", {n});
    int out = plan_output_buffer(p, "buf0", {n});
    KB kb("cpp_fused_add_mul_relu_sigmoid_0", {n}, 1);
    int t0 = kb.load(x, {1});
    int t1 = kb.constant(2.0);
    int t2 = kb.binary("mul", t0, t1);
    int t3 = kb.constant(1.0);
    int t4 = kb.binary("add", t2, t3);
    int t5 = kb.unary("relu", t4);
    int t6 = kb.load(y, {1});
    int t7 = kb.binary("mul", t5, t6);
    int t8 = kb.unary("sigmoid", t7);
    kb.store(out, {1}, t8);
    plan_kernel_as_built(p, kb);
    return p;
}

// [rows, cols]: x + bias[cols] (contiguous rows) - scale[rows] (broadcast along the row), then
// every supported unary op on it, each stored to its own output: rows of 13 have a 1-element tail.
Plan ops_plan(int64_t rows, int64_t cols, const std::vector<std::string>& ops) {
    Plan p;
    int x = plan_input(p, "arg0_1", {rows, cols}), bias = plan_input(p, "arg1_1", {cols}), scale = plan_input(p, "arg2_1", {rows, 1});
    std::vector<int> outs;
    for (size_t i = 0; i < ops.size(); ++i) outs.push_back(plan_output_buffer(p, "buf" + std::to_string(i), {rows, cols}));
    KB kb("cpp_fused_ops_0", {rows, cols}, 2);
    int t0 = kb.load(x, {cols, 1});
    int t1 = kb.load(bias, {0, 1});
    int t2 = kb.binary("add", t0, t1);
    int t3 = kb.load(scale, {1, 0});
    int v = kb.binary("sub", t2, t3, 0.5);
    for (size_t i = 0; i < ops.size(); ++i) {
        const std::string& op = ops[i];
        int r;
        if (op == "leaky_relu") r = kb.unary(op, v, 0.125);
        else if (op == "clamp") r = kb.unary(op, v, -1.5, 2.0);
        else if (op == "maximum" || op == "minimum" || op == "div" || op == "lt" || op == "ge" || op == "eq")
            r = kb.binary(op, v, t3, 1, op.size() == 2 ? DType::Bool : DType::Float32);
        else if (op == "where") r = kb.ternary("where", kb.binary("gt", v, t1, 1, DType::Bool), v, t3);
        else if (op == "addcmul" || op == "addcdiv") r = kb.ternary(op, v, t1, t3, 0.75);
        else if (op == "cast_bool") r = kb.cast(v, DType::Bool);
        else if (op == "cast_int") r = kb.cast(v, DType::Int64);
        else r = kb.unary(op, v);
        kb.store(outs[i], {cols, 1}, r);
    }
    plan_kernel_as_built(p, kb);
    return p;
}

}  // namespace

TEST_CASE("codegen (wasm): golden module text of the benchmark's pointwise chain", "[codegen][wasm_codegen]") {
    Plan p = chain_plan(10);
    std::string why;
    auto m = codegen::generate_wasm(p, 0, &why);
    INFO(why);
    REQUIRE(m);
    kiln::testing::check_golden(std::filesystem::path(KILN_SOURCE_DIR) / "tests/codegen/golden/pointwise_chain.wat.txt", m->text);
    CHECK(m->buffers == std::vector<int>{0, 1, 2});
    CHECK(m->text.find("(func $cpp_fused_add_mul_relu_sigmoid_0 (export \"kernel\") (param $in_ptr0 i32) (param $in_ptr1 i32) "
                       "(param $out_ptr0 i32) (param $n i32)") != std::string::npos);
    CHECK(m->text.find("v128.load align=4") != std::string::npos);
    CHECK(m->text.find("f32x4.div") != std::string::npos);
    // TORCH_LOGS=output_code's form: every kernel's module or why it stays on the interpreter.
    CHECK(codegen::wasm_output_code_text(p).find(m->text) != std::string::npos);
}

TEST_CASE("codegen (wasm): the binary module's sections", "[codegen][wasm_codegen]") {
    auto m = codegen::generate_wasm(chain_plan(1 << 20), 0);
    REQUIRE(m);
    const std::vector<uint8_t>& b = m->bytes;
    REQUIRE(b.size() > 8);
    CHECK(std::vector<uint8_t>(b.begin(), b.begin() + 8) == std::vector<uint8_t>{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00});
    // Sections in order type(1) import(2) function(3) export(7) code(10), each size exact.
    std::vector<int> ids;
    size_t i = 8;
    while (i < b.size()) {
        ids.push_back(b[i++]);
        uint32_t size = 0;
        for (int shift = 0;; shift += 7) {
            REQUIRE(i < b.size());
            size |= uint32_t(b[i] & 0x7f) << shift;
            if (!(b[i++] & 0x80)) break;
        }
        i += size;
    }
    CHECK(i == b.size());
    CHECK(ids == std::vector<int>{1, 2, 3, 7, 10});
    // The import is env.memory; the export is "kernel".
    const std::string s(b.begin(), b.end());
    CHECK(s.find(std::string("\x03" "env" "\x06" "memory", 11)) != std::string::npos);
    CHECK(s.find(std::string("\x06" "kernel", 7)) != std::string::npos);
}

TEST_CASE("codegen (wasm): kernels it declines", "[codegen][wasm_codegen]") {
    CHECK(codegen::wasm_ineligible_reason(chain_plan(64), 0) == "");
    CHECK(codegen::wasm_ineligible_reason(chain_plan(64), 1) == "no such kernel");
    CHECK(!codegen::generate_wasm(chain_plan(64), -1));
    {  // reductions: one r dim of sum/max/min is generated; more r dims, prod, a strided r load,
       // a buffer read and written, and x dims that do not merge are declined
        Plan p;
        int x = plan_input(p, "arg0_1", {4, 8}), out = plan_output_buffer(p, "buf0", {4}), x3 = plan_input(p, "arg1_1", {2, 3, 8});
        KB sum("cpp_fused_sum_0", {4, 8}, 1);
        int total = sum.reduce("sum", sum.load(x, {8, 1}));
        sum.phase(kernel::PhaseKind::Outer);  // where the scheduler stores a row's value
        sum.store(out, {1, 0}, total);
        plan_kernel_as_built(p, sum);
        KB two("k_sum_two_dims", {4, 2, 4}, 1);
        two.store(out, {1, 0, 0}, two.reduce("sum", two.load(x, {8, 4, 1})));
        plan_kernel_as_built(p, two);
        KB prod("k_prod", {4, 8}, 1);
        prod.store(out, {1, 0}, prod.reduce("prod", prod.load(x, {8, 1})));
        plan_kernel_as_built(p, prod);
        KB strided("k_strided_r", {4, 4}, 1);  // x 2 apart, r 8 apart: neither rows nor columns
        int smax = strided.reduce("max", strided.load(x, {2, 8}));
        strided.phase(kernel::PhaseKind::Outer);
        strided.store(out, {1, 0}, smax);
        plan_kernel_as_built(p, strided);
        KB inplace("k_reads_written", {4, 8}, 1);
        inplace.store(x, {8, 1}, inplace.unary("exp", inplace.load(x, {8, 1})));
        int in_sum = inplace.reduce("sum", inplace.load(x, {8, 1}));
        inplace.phase(kernel::PhaseKind::Outer);
        inplace.store(out, {1, 0}, in_sum);
        plan_kernel_as_built(p, inplace);
        KB unmerged("k_unmerged_x", {2, 3, 8}, 2);  // dim 0 walks 8 elements apart, dim 1 24: no single row stride
        int umin = unmerged.reduce("min", unmerged.load(x3, {8, 16, 1}));
        unmerged.phase(kernel::PhaseKind::Outer);
        unmerged.store(out, {1, 0, 0}, umin);
        plan_kernel_as_built(p, unmerged);
        CHECK(codegen::wasm_ineligible_reason(p, 0) == "");
        CHECK(codegen::wasm_ineligible_reason(p, 1) == "a reduction over 2 dims (one is generated)");
        CHECK(codegen::wasm_ineligible_reason(p, 2) == "a prod reduction");
        CHECK(codegen::wasm_ineligible_reason(p, 3) == "a column access that is neither contiguous nor broadcast along x");
        CHECK(codegen::wasm_ineligible_reason(p, 4) == "a reduction that reads a buffer it writes");
        CHECK(codegen::wasm_ineligible_reason(p, 5) == "x dims that do not merge into one");
        // columns: loads along r by two strides; a column reduction that writes a buffer it reads
        KB mixed("k_mixed_r", {4, 4}, 1);
        int mx = mixed.reduce("sum", mixed.binary("mul", mixed.load(x, {1, 4}), mixed.load(x, {4, 1})));
        mixed.phase(kernel::PhaseKind::Outer);
        mixed.store(out, {1, 0}, mx);
        plan_kernel_as_built(p, mixed);
        KB col_rw("k_column_reads_written", {8, 4}, 1);
        col_rw.store(x, {1, 8}, col_rw.unary("exp", col_rw.load(x, {1, 8})));
        plan_kernel_as_built(p, col_rw);
        CHECK(codegen::wasm_ineligible_reason(p, 6) == "accesses that move along r by different strides");
        CHECK(codegen::wasm_ineligible_reason(p, 7) == "a reduction that reads a buffer it writes");
        // malformed: a Reduce result read inside its own loop, an Inner value read by a later loop
        Plan bad = p;
        KB inner_use("k_inner_use", {4, 8}, 1);
        int v = inner_use.load(x, {8, 1});
        int r = inner_use.reduce("sum", v);
        inner_use.store(x, {8, 1}, inner_use.binary("sub", v, r));
        plan_kernel_as_built(bad, inner_use);
        KB cross("k_cross", {4, 8}, 1);
        int v1 = cross.load(x, {8, 1});
        cross.reduce("sum", v1);
        cross.phase();
        cross.store(out, {1, 0}, cross.unary("exp", v1));
        plan_kernel_as_built(bad, cross);
        CHECK(codegen::wasm_ineligible_reason(bad, 8) == "a reduction's result used inside its own loop");
        CHECK(codegen::wasm_ineligible_reason(bad, 9) == "an operand from another phase's loop");
    }
    {  // float64 compute
        Plan p;
        int x = plan_input(p, "arg0_1", {8}, DType::Float64), out = plan_output_buffer(p, "buf0", {8}, DType::Float64);
        KB kb("cpp_fused_relu_0", {8}, 1, DType::Float64);
        kb.store(out, {1}, kb.unary("relu", kb.load(x, {1})));
        plan_kernel_as_built(p, kb);
        CHECK(codegen::wasm_ineligible_reason(p, 0) == "compute type torch.float64");
    }
    {  // an op without a wasm form (sin), a transposed load (generated: gathered), a strided store, a bool output
        Plan p;
        int x = plan_input(p, "arg0_1", {8, 8});
        int o1 = plan_output_buffer(p, "buf0", {8, 8}), o2 = plan_output_buffer(p, "buf1", {8, 8}, DType::Bool);
        KB lg("k_sin", {8, 8}, 2);
        lg.store(o1, {8, 1}, lg.unary("sin", lg.load(x, {8, 1})));  // libm's sin: no port to wasm
        plan_kernel_as_built(p, lg);
        KB tr("k_transposed_load", {8, 8}, 2);
        tr.store(o1, {8, 1}, tr.unary("relu", tr.load(x, {1, 8})));
        plan_kernel_as_built(p, tr);
        KB st("k_strided_store", {8, 8}, 2);
        st.store(o1, {1, 8}, st.unary("relu", st.load(x, {8, 1})));
        plan_kernel_as_built(p, st);
        KB bo("k_bool_out", {8, 8}, 2);
        bo.store(o2, {8, 1}, bo.cast(bo.load(x, {8, 1}), DType::Bool));
        plan_kernel_as_built(p, bo);
        CHECK(codegen::wasm_ineligible_reason(p, 0) == "op sin");
        CHECK(codegen::wasm_ineligible_reason(p, 1) == "");
        CHECK(codegen::wasm_ineligible_reason(p, 2) == "a store that is not contiguous along the innermost dim");
        CHECK(codegen::wasm_ineligible_reason(p, 3) == "a torch.bool buffer");
        std::string text = codegen::wasm_output_code_text(p);
        CHECK(text.find(";; k_sin: kernel interpreter (not generated: op sin)") != std::string::npos);
    }
    {  // more buffers than the JIT's call arities
        Plan p;
        std::vector<int> ins;
        for (int i = 0; i < 9; ++i) ins.push_back(plan_input(p, "arg" + std::to_string(i) + "_1", {8}));
        int out = plan_output_buffer(p, "buf0", {8});
        KB kb("k_many", {8}, 1);
        int acc = kb.load(ins[0], {1});
        for (int i = 1; i < 9; ++i) acc = kb.binary("add", acc, kb.load(ins[size_t(i)], {1}));
        kb.store(out, {1}, acc);
        plan_kernel_as_built(p, kb);
        CHECK(codegen::wasm_ineligible_reason(p, 0) == "more than 8 buffers");
    }
    {  // in place: read and written at the same element is fine; a shifted read is not
        Plan p;
        int x = plan_input(p, "arg0_1", {9});
        KB same("k_inplace", {8}, 1);
        same.store(x, {1}, same.unary("relu", same.load(x, {1})));
        plan_kernel_as_built(p, same);
        KB shifted("k_shifted", {8}, 1);
        shifted.store(x, {1}, shifted.unary("relu", shifted.load(x, {1}, 1)));
        plan_kernel_as_built(p, shifted);
        CHECK(codegen::wasm_ineligible_reason(p, 0) == "");
        CHECK(codegen::wasm_ineligible_reason(p, 1) == "a buffer read and written at different elements");
    }
    {  // a kernel that names a buffer the plan lacks, or has no elements: declined, not a crash
        Plan p = chain_plan(16);
        p.kernels[0].stmts[0].buffer = 42;
        CHECK(codegen::wasm_ineligible_reason(p, 0) == "a buffer id out of range");
        Plan e = chain_plan(16);
        e.kernels[0].sizes = {0};
        CHECK(codegen::wasm_ineligible_reason(e, 0) == "an empty or negative dim");
        e.kernels[0].sizes = {-4};
        CHECK(codegen::wasm_ineligible_reason(e, 0) == "an empty or negative dim");
        Plan r = chain_plan(16);
        r.kernels[0].phases[0].stmts.push_back(99);
        CHECK(codegen::wasm_ineligible_reason(r, 0) == "a statement id out of range");
    }
}

TEST_CASE("codegen (wasm): modules run in node equal the interpreter and float64", "[codegen][wasm_codegen]") {
    if (!have_node()) {
        WARN("node not found: generated modules are checked structurally only");
        return;
    }
    SECTION("the chain, 2^16 + 3 elements (a tail of 3), aligned and not") {
        const int64_t n = (1 << 16) + 3;
        Plan p = chain_plan(n);
        for (const codegen::WasmFeatures& features : feature_sets())
        for (int shift : {0, 4}) {
            auto m = codegen::generate_wasm(p, 0, nullptr, features);
            REQUIRE(m);
            auto data = random_buffers(p, 7, 3.0f);
            data[0][0] = std::numeric_limits<float>::quiet_NaN();
            data[0][1] = 200.0f;  // exp(-x) of a huge x, and below: exp's clamps
            data[1][1] = 1.0f;
            data[0][2] = -200.0f;
            const auto expect = run_interp(p, data);
            std::string log;
            INFO("shift " << shift << (features.relaxed_simd ? ", relaxed SIMD" : ""));
            REQUIRE(run_in_node(*m, p, 0, data, shift, &log, features));
            INFO(log);
            int bad = 0, bad64 = 0;
            for (int64_t i = 0; i < n; ++i) {
                const float got = data[2][size_t(i)];
                bad += !close(got, expect[2][size_t(i)], 4e-7, 1e-7);
                // float64 reference of the same chain
                const double x = double(data[0][size_t(i)]), y = double(data[1][size_t(i)]);
                double v = x * 2.0 + 1.0;
                v = (v > 0 || v != v) ? v : 0.0;
                const double ref = 1.0 / (1.0 + std::exp(-(v * y)));
                bad64 += !close(got, float(ref), 2e-6, 1e-7);
            }
            CHECK(bad == 0);
            CHECK(bad64 == 0);
            CHECK(std::isnan(data[2][0]));
        }
    }
    SECTION("every supported op on [7, 13] with row and column broadcasts") {
        const std::vector<std::string> ops = {"neg",        "abs",   "sqrt",  "rsqrt",   "reciprocal", "exp",     "sigmoid",
                                              "silu",       "tanh",  "gelu_tanh", "relu", "leaky_relu", "clamp", "floor",
                                              "ceil",       "round", "sign",  "maximum", "minimum",    "div",     "lt",
                                              "ge",         "eq",    "where", "addcmul", "addcdiv",    "cast_bool", "cast_int",
                                              "erf",        "gelu"};
        // Five ops a kernel: three inputs and five outputs stay within the 8 buffers a module takes.
        for (const codegen::WasmFeatures& features : feature_sets())
        for (size_t first = 0; first < ops.size(); first += 5) {
            const std::vector<std::string> some(ops.begin() + long(first), ops.begin() + long(std::min(ops.size(), first + 5)));
            Plan p = ops_plan(7, 13, some);
            std::string why;
            INFO((features.relaxed_simd ? "relaxed SIMD" : "plain SIMD"));
            auto m = codegen::generate_wasm(p, 0, &why, features);
            INFO(why);
            REQUIRE(m);
            CHECK(m->text.find("v128.load32_splat") != std::string::npos);  // the [rows, 1] scale
            auto data = random_buffers(p, 11, 4.0f);
            data[0][5] = std::numeric_limits<float>::infinity();
            data[0][6] = -std::numeric_limits<float>::infinity();
            data[0][7] = std::numeric_limits<float>::quiet_NaN();
            data[0][8] = 2.5f, data[1][8] = 0.0f;  // round half to even (scale[0] is 0 below)
            data[2][0] = 0.0f;
            const auto expect = run_interp(p, data);
            std::string log;
            REQUIRE(run_in_node(*m, p, 0, data, 0, &log, features));
            INFO(log);
            for (size_t o = 0; o < some.size(); ++o) {
                const size_t b = 3 + o;
                int bad = 0;
                std::string first_bad;
                // atol 1e-6: natively the interpreter's a * b + c may be one fused multiply-add (wasm
                // has none), and gelu_tanh's 1 + tanh(v) cancels near v = -3 (an ulp of tanh there
                // is a few ulp of the small result).
                for (size_t i = 0; i < data[b].size(); ++i)
                    if (!close(data[b][i], expect[b][i], 8e-7, 1e-6) && bad++ == 0)
                        first_bad = std::to_string(i) + ": wasm " + std::to_string(data[b][i]) + " interpreter " +
                                    std::to_string(expect[b][i]);
                INFO("op " << some[o] << " " << first_bad);
                CHECK(bad == 0);
            }
        }
    }
    SECTION("a kernel of one element and an in-place kernel") {
        Plan p;
        int x = plan_input(p, "arg0_1", {1, 1});
        KB kb("k_one", {1, 1}, 2);
        kb.store(x, {1, 1}, kb.unary("tanh", kb.load(x, {1, 1})));
        plan_kernel_as_built(p, kb);
        auto m = codegen::generate_wasm(p, 0);
        REQUIRE(m);
        std::vector<std::vector<float>> data = {{0.5f}};
        REQUIRE(run_in_node(*m, p, 0, data, 0, nullptr));
        CHECK(std::fabs(data[0][0] - std::tanh(0.5f)) < 1e-6f);
    }
}

// Loop fission (codegen/wasm's plan_fission): kernels with a transcendental run as one loop per
// stage over blocks of the row, the values between stages staged in an output's elements. Each plan
// is checked for the split it should get (the module's text) and run in node against the kernel
// interpreter, with rows that end in a partial block and a tail of 1-3 elements.
TEST_CASE("codegen (wasm): loop fission splits long chains into loops per stage, same values", "[codegen][wasm_codegen]") {
    struct Case {
        std::string what;
        Plan plan;
        std::string split;  // the fission comment's "(...)"; empty: one loop
        std::string staged_in;
    };
    std::vector<Case> cases;
    const int64_t n = (1 << 13) + 3;
    {  // the anchor chain: cut between its sigmoid and its tanh (the sigmoid reads x again: no prologue cut)
        Plan p;
        int x = plan_input(p, "arg0_1", {n});
        int out = plan_output_buffer(p, "buf0", {n});
        KB kb("anchor", {n}, 1);
        int t0 = kb.load(x, {1});
        int a = kb.unary("relu", kb.binary("add", kb.binary("mul", t0, kb.constant(1.5)), kb.constant(0.5)));
        int t = kb.unary("tanh", kb.binary("sub", kb.binary("mul", a, kb.unary("sigmoid", t0)), kb.constant(0.25)));
        kb.store(out, {1}, kb.binary("add", kb.binary("mul", t, t0), kb.constant(1.0)));
        plan_kernel_as_built(p, kb);
        cases.push_back({"anchor chain", p, "(sigmoid | tanh)", "out_ptr0"});
    }
    // the benchmark's chain: its arithmetic combines x and y into the sigmoid's one input
    cases.push_back({"benchmark chain", chain_plan(n), "(arithmetic | sigmoid)", "out_ptr0"});
    {  // rows that do not merge (a per-row broadcast): the blocks restart at every row
        Plan p;
        int x = plan_input(p, "arg0_1", {3, 1001}), s = plan_input(p, "arg1_1", {3, 1});
        int out = plan_output_buffer(p, "buf0", {3, 1001});
        KB kb("rows", {3, 1001}, 2);
        int v = kb.binary("sub", kb.load(x, {1001, 1}), kb.load(s, {1, 0}));
        kb.store(out, {1001, 1}, kb.unary("exp", kb.unary("tanh", kb.unary("sigmoid", v))));
        plan_kernel_as_built(p, kb);
        cases.push_back({"3 rows of 1001", p, "(sigmoid | tanh | exp)", "out_ptr0"});
    }
    {  // two outputs: the first is stored before the cut, so the value crossing it goes to the second
        Plan p;
        int x = plan_input(p, "arg0_1", {n}), y = plan_input(p, "arg1_1", {n});
        int o1 = plan_output_buffer(p, "buf0", {n}), o2 = plan_output_buffer(p, "buf1", {n});
        KB kb("two_outputs", {n}, 1);
        int sg = kb.unary("sigmoid", kb.load(x, {1}));
        kb.store(o1, {1}, sg);
        kb.store(o2, {1}, kb.unary("tanh", kb.binary("mul", sg, kb.load(y, {1}))));
        plan_kernel_as_built(p, kb);
        cases.push_back({"two outputs", p, "(sigmoid | tanh)", "out_ptr1"});
    }
    {  // in place: the one output is also read, so nothing can hold the staged value: one loop
        Plan p;
        int x = plan_input(p, "arg0_1", {n});
        KB kb("in_place", {n}, 1);
        kb.store(x, {1}, kb.unary("tanh", kb.unary("sigmoid", kb.load(x, {1}))));
        plan_kernel_as_built(p, kb);
        cases.push_back({"in place", p, "", ""});
    }
    {  // a row too short to split
        Plan p;
        int x = plan_input(p, "arg0_1", {40});
        int out = plan_output_buffer(p, "buf0", {40});
        KB kb("short", {40}, 1);
        kb.store(out, {1}, kb.unary("tanh", kb.unary("sigmoid", kb.load(x, {1}))));
        plan_kernel_as_built(p, kb);
        cases.push_back({"40 elements", p, "", ""});
    }
    for (const Case& c : cases) {
        for (const codegen::WasmFeatures& features : feature_sets()) {
            INFO(c.what << (features.relaxed_simd ? ", relaxed SIMD" : ""));
            auto m = codegen::generate_wasm(c.plan, 0, nullptr, features);
            REQUIRE(m);
            const size_t at = m->text.find(";; loop fission: ");
            if (c.split.empty()) {
                CHECK(at == std::string::npos);
            } else {
                REQUIRE(at != std::string::npos);
                const std::string line = m->text.substr(at, m->text.find('\n', at) - at);
                CHECK_THAT(line, Catch::Contains(c.split) && Catch::EndsWith("staged in " + c.staged_in));
            }
            if (!have_node()) continue;
            auto data = random_buffers(c.plan, 23, 2.0f);
            data[0][1] = std::numeric_limits<float>::quiet_NaN();
            data[0][2] = 100.0f;
            const auto expect = run_interp(c.plan, data);
            std::string log;
            REQUIRE(run_in_node(*m, c.plan, 0, data, 4, &log, features));
            INFO(log);
            int bad = 0;
            std::string first_bad;
            for (size_t b = 0; b < data.size(); ++b)
                for (size_t i = 0; i < data[b].size(); ++i)
                    if (!close(data[b][i], expect[b][i], 2e-6, 1e-6) && bad++ == 0)
                        first_bad = "buffer " + std::to_string(b) + "[" + std::to_string(i) + "]: wasm " + std::to_string(data[b][i]) +
                                    " interpreter " + std::to_string(expect[b][i]);
            INFO(first_bad);
            CHECK(bad == 0);
        }
    }
}

// pw::exp's generated form, and sigmoid and silu that use it on -x (the negation folded into the
// constants), over the whole float range in V8 against float64: wasm rounds every operation on its
// own (no FMA), so pw::exp's exhaustively measured bound holds exactly. Bounds, each close to what
// this sweep measures, so that a wrong constant or step fails:
//   exp      <= 1 ulp where e^x >= 2^-125.5 (x >= -86.98; measured 0.96), +0 below x = -87, inf
//            where e^x rounds past FLT_MAX, NaN for NaN (pw::exp's contract)
//   sigmoid  <= 2 ulp (measured 1.97, just below 0.5: exp's 1 ulp of e^-x ~ 1 is 2 ulp of a result
//            in the next binade down, plus the add's and the division's roundings); where the exact
//            result is subnormal, within FLT_MIN of it
//   silu     the same (x / (1 + e^-x) rounds as the sigmoid's division does)
//   both     0 (sigmoid) and -0 (silu) where e^-x overflows (x < -88.7228), as eager has always
//            computed them (PyTorch keeps the subnormal sigmoid there, silu's x e^x down to -92.4)
// and every result within 3 ulp of the kernel interpreter's (pw::exp in C++, which natively may be
// contracted into FMAs: 1.02 ulp), so eager, the interpreter and the generated kernels agree.
TEST_CASE("codegen (wasm): exp, sigmoid and silu over the float range against float64", "[codegen][wasm_codegen]") {
    if (!have_node()) {
        WARN("node not found: generated modules are checked structurally only");
        return;
    }
    const std::vector<float> xs = kiln::testing::float_sweep(
        4099, {-87.0f, -86.9876f, 86.9876f, 87.3f, -87.3f, 88.3763f, -88.3763f, 88.72284f, -88.72284f, 0.3465736f, -0.3465736f},
        512);
    const int64_t n = int64_t(xs.size());
    Plan p;
    const int x = plan_input(p, "arg0_1", {n});
    const std::vector<std::string> ops = {"exp", "sigmoid", "silu"};
    KB kb("cpp_fused_exp_sigmoid_silu_0", {n}, 1);
    const int t0 = kb.load(x, {1});
    for (size_t o = 0; o < ops.size(); ++o) {
        const int out = plan_output_buffer(p, "buf" + std::to_string(o), {n});
        kb.store(out, {1}, kb.unary(ops[o], t0));
    }
    plan_kernel_as_built(p, kb);
    std::vector<std::vector<float>> plain_results;
    for (const codegen::WasmFeatures& features : feature_sets()) {
    INFO((features.relaxed_simd ? "relaxed SIMD" : "plain SIMD"));
    auto m = codegen::generate_wasm(p, 0, nullptr, features);
    REQUIRE(m);
    CHECK((m->text.find("f32x4.relaxed_madd") != std::string::npos) == features.relaxed_simd);
    std::vector<std::vector<float>> data = {xs};
    for (size_t o = 0; o < ops.size(); ++o) data.push_back(std::vector<float>(xs.size(), 0.0f));
    const auto expect = run_interp(p, data);
    std::string log;
    REQUIRE(run_in_node(*m, p, 0, data, 0, &log, features));
    INFO(log);
    if (!features.relaxed_simd) {
        plain_results = data;
    } else {
        // Where V8 fuses (x86-64 with FMA3, ARM64) some results differ from the plain module's;
        // elsewhere none do. Either is right: reported, not required.
        int64_t fused_differ = 0;
        for (size_t o = 1; o < data.size(); ++o)
            for (size_t i = 0; i < xs.size(); ++i)
                fused_differ += !(data[o][i] == plain_results[o][i] || (std::isnan(data[o][i]) && std::isnan(plain_results[o][i])));
        INFO(fused_differ << " results differ from the plain module's");
    }
    const double flt_min = double(std::numeric_limits<float>::min());
    for (size_t o = 0; o < ops.size(); ++o) {
        double worst = 0, worst_interp = 0;
        float worst_x = 0;
        int64_t bad = 0;
        for (size_t i = 0; i < xs.size(); ++i) {
            const float xi = xs[i], got = data[1 + o][i];
            const double xd = double(xi);
            double err;
            if (ops[o] == "exp") {
                if (std::isnan(xi)) err = std::isnan(got) ? 0 : HUGE_VAL;
                else if (xi < -87.0f) err = got == 0.0f && !std::signbit(got) ? 0 : HUGE_VAL;
                else if (xi < -86.98f && got == 0.0f) err = 0;
                else err = kiln::testing::ulp_error(got, std::exp(xd));
            } else {
                const double ref = (ops[o] == "sigmoid" ? 1.0 : xd) / (1.0 + std::exp(-xd));
                if (xi < -88.722f && got == 0.0f) err = 0;  // e^-x overflowed (x < -88.7228): 1 / inf, x / inf
                else if (!std::isnan(xi) && std::fabs(ref) < flt_min) err = std::fabs(double(got) - ref) <= flt_min ? 0 : HUGE_VAL;
                else err = kiln::testing::ulp_error(got, ref);
            }
            bad += err > (ops[o] == "exp" ? 1.0 : 2.0);
            if (err > worst) worst = err, worst_x = xi;
            if (!std::isnan(got) || !std::isnan(expect[1 + o][i]))
                worst_interp = std::max(worst_interp, kiln::testing::ulp_error(got, double(expect[1 + o][i])));
        }
        INFO(ops[o] << ": worst " << worst << " ulp at x = " << worst_x << ", worst against the interpreter " << worst_interp << " ulp");
        CHECK(bad == 0);
        CHECK(worst > 0.5);
        CHECK(worst_interp <= 3.0);
    }
    }
}

// Reduction kernels in node: the scheduler's fused softmax + layer_norm kernel over rows (its
// phases as TORCH_LOGS=schedule prints them), with a per-row mean stored from an Outer phase and a
// min over x * scale[row] (a row-broadcast load), against the interpreter and float64. Rows of 13
// (3 groups of 4 and a tail of 1) and of 1000; [2, 3, 37] has its x dims merged into 6 rows. The
// generated sums fold 4 lanes and then the lanes, the interpreter's in its own order: they agree to
// rounding (rtol 2e-5 covers 1000 terms). NaN in a row makes its max, min, softmax and layer_norm NaN.
// erf and the exact gelu (pw::erf ported op for op) over the float range: against the kernel
// interpreter (the same operations: equal in wasm, within rounding where the native interpreter is
// contracted into FMAs or relaxed SIMD fuses: 1 - q t e^(-x^2) cancels to a few ulp near |x| = 0.5,
// gelu's 1 + erf to an absolute error of a few 1e-7 times x where erf nears -1),
// and pw::erf's own bound against float64 (Abramowitz & Stegun's 7.1.26 is within 1.5e-7 in exact
// arithmetic; in float, 4e-7), with erf's edges: +-1 beyond |x| = 4, NaN.
TEST_CASE("codegen (wasm): erf and gelu over the float range against the interpreter and float64", "[codegen][wasm_codegen]") {
    if (!have_node()) {
        WARN("node not found: generated modules are checked structurally only");
        return;
    }
    std::vector<float> xs = kiln::testing::float_sweep(4099, {0.5f, -0.5f, 4.0f, -4.0f, 0.49999997f, 3.9999998f}, 256);
    xs.push_back(-0.0f);
    const int64_t n = int64_t(xs.size());
    Plan p;
    const int x = plan_input(p, "arg0_1", {n});
    const int o_erf = plan_output_buffer(p, "buf0", {n}), o_gelu = plan_output_buffer(p, "buf1", {n});
    KB kb("cpp_fused_erf_gelu_0", {n}, 1);
    const int t0 = kb.load(x, {1});
    kb.store(o_erf, {1}, kb.unary("erf", t0));
    kb.store(o_gelu, {1}, kb.unary("gelu", t0));
    plan_kernel_as_built(p, kb);
    for (const codegen::WasmFeatures& features : feature_sets()) {
        INFO((features.relaxed_simd ? "relaxed SIMD" : "plain SIMD"));
        auto m = codegen::generate_wasm(p, 0, nullptr, features);
        REQUIRE(m);
        std::vector<std::vector<float>> data = {xs, std::vector<float>(xs.size(), 0.0f), std::vector<float>(xs.size(), 0.0f)};
        const auto expect = run_interp(p, data);
        std::string log;
        REQUIRE(run_in_node(*m, p, 0, data, 0, &log, features));
        INFO(log);
        int64_t bad_interp = 0, bad64 = 0;
        double worst64 = 0, worst_interp = 0;
        for (size_t i = 0; i < xs.size(); ++i) {
            const float xi = xs[i];
            for (int o = 1; o <= 2; ++o) {
                const float got = data[size_t(o)][i], want = expect[size_t(o)][i];
                const bool ok = got == want || (std::isnan(got) && std::isnan(want)) ||
                                kiln::testing::ulp_error(got, double(want)) <= 4.0 ||
                                std::fabs(double(got) - double(want)) <= 3e-7 * std::max(1.0, std::fabs(double(xi)));
                bad_interp += !ok;
                worst_interp = std::max(worst_interp, std::isnan(got) ? 0.0 : kiln::testing::ulp_error(got, double(want)));
            }
            const float e = data[1][i];
            if (std::isnan(xi)) {
                bad64 += !std::isnan(e);
                continue;
            }
            if (xi == 0.0f) {  // erf(+-0) is +-0, as PyTorch gives it
                bad64 += e != 0.0f || std::signbit(e) != std::signbit(xi);
                continue;
            }
            const double err = std::fabs(double(e) - std::erf(double(xi)));
            worst64 = std::max(worst64, err);
            bad64 += err > 4e-7 || (std::fabs(xi) >= 4.0f && std::fabs(e) != 1.0f);
        }
        INFO("worst |erf - float64| " << worst64 << ", worst against the interpreter " << worst_interp << " ulp (" << bad_interp << " beyond the bounds)");
        CHECK(bad_interp == 0);
        CHECK(bad64 == 0);
        CHECK(worst64 > 1e-8);  // the sweep reaches where the approximation's error shows
    }
}

// log: every positive float of the sweep within 1 ulp of float64 (pw::log's bound) and of the
// interpreter (natively it may contract into FMAs; the plain module does not), the special values
// exactly as the interpreter gives them (0 and -0: -inf, inf: inf, negatives and NaN: NaN).
TEST_CASE("codegen (wasm): log over the float range against the interpreter and float64", "[codegen][wasm_codegen]") {
    if (!have_node()) {
        WARN("node not found: generated modules are checked structurally only");
        return;
    }
    std::vector<float> xs = kiln::testing::float_sweep(4099, {1.0f, 0.70710677f, 1.4142135f, 1.1754942e-38f}, 256);
    const int64_t n = int64_t(xs.size());
    Plan p;
    const int x = plan_input(p, "arg0_1", {n});
    const int out = plan_output_buffer(p, "buf0", {n});
    KB kb("cpp_fused_log_0", {n}, 1);
    kb.store(out, {1}, kb.unary("log", kb.load(x, {1})));
    plan_kernel_as_built(p, kb);
    for (const codegen::WasmFeatures& features : feature_sets()) {
        INFO((features.relaxed_simd ? "relaxed SIMD" : "plain SIMD"));
        auto m = codegen::generate_wasm(p, 0, nullptr, features);
        REQUIRE(m);
        std::vector<std::vector<float>> data = {xs, std::vector<float>(xs.size(), 0.0f)};
        const auto expect = run_interp(p, data);
        std::string log;
        REQUIRE(run_in_node(*m, p, 0, data, 0, &log, features));
        INFO(log);
        int64_t bad = 0, positives = 0;
        double worst64 = 0, worst_interp = 0;
        for (size_t i = 0; i < xs.size(); ++i) {
            const float xi = xs[i], got = data[1][i], want = expect[1][i];
            if (!(xi > 0.0f) || std::isinf(xi)) {  // special values: exactly the interpreter's
                bad += !(got == want || (std::isnan(got) && std::isnan(want)));
                continue;
            }
            ++positives;
            const double e64 = kiln::testing::ulp_error(got, std::log(double(xi))), ei = kiln::testing::ulp_error(got, double(want));
            worst64 = std::max(worst64, e64);
            worst_interp = std::max(worst_interp, ei);
            bad += e64 > 1.0 || ei > 1.0;
        }
        INFO("worst " << worst64 << " ulp against float64, " << worst_interp << " against the interpreter, over " << positives << " positive floats");
        CHECK(bad == 0);
        CHECK(positives > 400000);
        CHECK(worst64 > 0.5);
    }
}

TEST_CASE("codegen (wasm): softmax and layer_norm rows run in node equal the interpreter and float64", "[codegen][wasm_codegen]") {
    if (!have_node()) {
        WARN("node not found: generated modules are checked structurally only");
        return;
    }
    for (const Shape& shape : {Shape{5, 13}, Shape{3, 1000}, Shape{2, 3, 37}}) {
        const int64_t cols = shape.back();
        int64_t rows = 1;
        for (size_t d = 0; d + 1 < shape.size(); ++d) rows *= shape[d];
        const int nx = int(shape.size()) - 1;
        Plan p;
        const int x = plan_input(p, "arg0_1", shape), w = plan_input(p, "arg1_1", {cols}), b = plan_input(p, "arg2_1", {cols});
        Shape scale_shape = shape;
        scale_shape.back() = 1;
        const int sc = plan_input(p, "arg3_1", scale_shape);
        Shape row_shape(shape.begin(), shape.end() - 1);
        const int sm = plan_output_buffer(p, "buf0", shape), ln = plan_output_buffer(p, "buf1", shape), mean = plan_output_buffer(p, "buf2", row_shape),
                  mn = plan_output_buffer(p, "buf3", row_shape);
        // strides over [x dims..., r]: contiguous rows of `cols`; w and b broadcast over rows; scale and
        // the per-row outputs one element per row.
        std::vector<int64_t> xs, ws, rs;
        int64_t st = cols;
        for (int d = nx - 1; d >= 0; --d) xs.insert(xs.begin(), st), st *= shape[size_t(d)];
        st = 1;
        for (int d = nx - 1; d >= 0; --d) rs.insert(rs.begin(), st), st *= shape[size_t(d)];
        ws.assign(size_t(nx), 0);
        auto with_r = [](std::vector<int64_t> v, int64_t r) { v.push_back(r); return v; };
        KB kb("cpp_fused__softmax_native_layer_norm_0", shape, nx);
        kb.phase();
        int t0 = kb.load(x, with_r(xs, 1));
        int mx = kb.reduce("max", t0);
        int s1 = kb.reduce("sum", t0);
        kb.phase(kernel::PhaseKind::Outer);
        int mu = kb.binary("div", s1, kb.constant(double(cols)));
        kb.store(mean, with_r(rs, 0), mu);
        kb.phase();
        int t5 = kb.load(x, with_r(xs, 1));
        int se = kb.reduce("sum", kb.unary("exp", kb.binary("sub", t5, mx)));
        int d = kb.binary("sub", t5, mu);
        int var = kb.reduce("sum", kb.binary("mul", d, d));
        int small = kb.reduce("min", kb.binary("mul", t5, kb.load(sc, with_r(rs, 0))));
        kb.phase(kernel::PhaseKind::Outer);
        int rstd = kb.unary("rsqrt", kb.binary("add", kb.binary("div", var, kb.constant(double(cols))), kb.constant(1e-5)));
        kb.store(mn, with_r(rs, 0), small);
        kb.phase();
        int t17 = kb.load(x, with_r(xs, 1));
        kb.store(sm, with_r(xs, 1), kb.binary("div", kb.unary("exp", kb.binary("sub", t17, mx)), se));
        int nrm = kb.binary("mul", kb.binary("sub", t17, mu), rstd);
        kb.store(ln, with_r(xs, 1), kb.binary("add", kb.binary("mul", nrm, kb.load(w, with_r(ws, 1))), kb.load(b, with_r(ws, 1))));
        plan_kernel_as_built(p, kb);
        for (const codegen::WasmFeatures& features : feature_sets()) {
            INFO("shape " << shape.size() << "d, " << cols << " columns" << (features.relaxed_simd ? ", relaxed SIMD" : ""));
            std::string why;
            auto m = codegen::generate_wasm(p, 0, &why, features);
            INFO(why);
            REQUIRE(m);
            CHECK(m->text.find(std::to_string(rows) + " rows of " + std::to_string(cols) + " reduced") != std::string::npos);
            CHECK(m->text.find("i8x16.shuffle") != std::string::npos);
            // the softmax's exp(x - max) of the last phase is the second phase's, kept in buf0's row
            // (out_ptr2: the outputs are numbered in the order of their stores)
            CHECK(m->text.find("is computed once and kept in out_ptr2's row") != std::string::npos);
            auto data = random_buffers(p, 5, 2.0f);
            data[0][3] = std::numeric_limits<float>::quiet_NaN();  // row 0
            data[0][size_t(cols) + 1] = 30.0f;                      // row 1: one dominant softmax entry
            const auto expect = run_interp(p, data);
            std::string log;
            REQUIRE(run_in_node(*m, p, 0, data, 4, &log, features));
            INFO(log);
            int bad = 0, bad64 = 0;
            std::string first;
            for (int64_t r = 0; r < rows; ++r) {
                const float* xr = data[size_t(x)].data() + r * cols;
                double mxd = -HUGE_VAL, sum = 0, se64 = 0, var64 = 0, mnd = HUGE_VAL;
                const double scale = data[size_t(sc)][size_t(r)];
                bool nan = false;
                for (int64_t j = 0; j < cols; ++j) nan |= std::isnan(xr[j]), mxd = std::max(mxd, double(xr[j])), sum += xr[j];
                const double mu64 = sum / double(cols);
                for (int64_t j = 0; j < cols; ++j) {
                    se64 += std::exp(double(xr[j]) - mxd);
                    var64 += (xr[j] - mu64) * (xr[j] - mu64);
                    mnd = std::min(mnd, double(xr[j]) * scale);
                }
                const double rstd64 = 1.0 / std::sqrt(var64 / double(cols) + 1e-5);
                auto check = [&](int buf, size_t i, double ref, double rtol, double atol) {
                    const float got = data[size_t(buf)][i];
                    if (nan) {
                        bad64 += !std::isnan(got);
                    } else if (!close(got, float(ref), rtol, atol)) {
                        if (bad64++ == 0) first = "buffer " + std::to_string(buf) + "[" + std::to_string(i) + "]: " +
                                                 std::to_string(got) + " vs float64 " + std::to_string(ref);
                    }
                    if (!close(got, expect[size_t(buf)][i], rtol, atol) && bad++ == 0)
                        first += " | buffer " + std::to_string(buf) + "[" + std::to_string(i) + "]: " + std::to_string(got) +
                                 " vs interpreter " + std::to_string(expect[size_t(buf)][i]);
                };
                check(mean, size_t(r), mu64, 2e-5, 1e-6);
                check(mn, size_t(r), mnd, 0, 0);  // min picks an element: exact
                for (int64_t j = 0; j < cols; ++j) {
                    const size_t i = size_t(r * cols + j);
                    check(sm, i, std::exp(double(xr[j]) - mxd) / se64, 2e-5, 1e-7);
                    check(ln, i, (xr[j] - mu64) * rstd64 * data[size_t(w)][size_t(j)] + data[size_t(b)][size_t(j)], 2e-5, 2e-5);
                }
            }
            INFO(first);
            CHECK(bad == 0);
            CHECK(bad64 == 0);
        }
    }
}

// The scheduler's own kernels, not hand-built ones: programs compiled by torch.compile (softmax,
// layer_norm, sums, means, maxima and minima over the last dim of 2-d and 3-d tensors, the
// benchmark's chain, broadcasts, gelu) give plans whose every kernel codegen/wasm takes or declines; each
// one it takes runs in node on random buffers and must equal the interpreter running the same
// kernel on the same buffers (to rounding: rtol 2e-5, atol 1e-5), plain and relaxed SIMD.
TEST_CASE("codegen (wasm): the scheduler's kernels of real programs equal the interpreter in node", "[codegen][wasm_codegen]") {
    if (!have_node()) {
        WARN("node not found: generated modules are checked structurally only");
        return;
    }
    const std::vector<std::string> programs = {
        "def f(x):\n    return torch.softmax(x, -1)\nx = torch.randn(4, 5, 33)",
        "def f(x):\n    return torch.softmax(x * 0.5, -1) + 1.0\nx = torch.randn(3, 1000)",
        "def f(x, w, b):\n    return F.layer_norm(x, (40,), w, b), x.sum(-1), x.amax(-1, keepdim=True)\n"
        "x, w, b = torch.randn(6, 3, 40), torch.randn(40), torch.randn(40)",
        "def f(x, y):\n    return (x - x.mean(-1, keepdim=True)) * y, x.max(-1).values.sigmoid()\nx, y = torch.randn(9, 130), torch.randn(130)",
        "def f(x):\n    return x.mean(-1) * 3.0 + x.amin(-1)\nx = torch.randn(11, 7)",
        "def f(x, y):\n    return ((x * 2.0 + 1.0).relu() * y).sigmoid()\nx, y = torch.randn(17, 23), torch.randn(17, 23)",
        "def f(x, y):\n    return torch.tanh(x) * y[:, None]\nx, y = torch.randn(31, 9), torch.randn(31)",
        "def f(x):\n    return F.gelu(x, approximate='tanh')\nx = torch.randn(1000)",
        "def f(x):\n    return F.gelu(x) * 2.0, (x * x).sum()\nx = torch.randn(3, 700)",  // erf; a reduction of everything
        "def f(x):\n    return x.t().sum(-1)\nx = torch.randn(12, 5)",  // a column reduction (x.sum(0))
        // columns: blocks of 16 x points, a group of 4 and single points (37 = 2 * 16 + 4 + 1); an Outer
        // phase with a load along x; a load along x only inside the loop over r; a softmax's kept exp
        "def f(x):\n    return torch.softmax(x, 0)\nx = torch.randn(50, 37)",
        "def f(x, y):\n    return x.sum(0) * y, x.var(0), x.amax(0), x.amin(0)\nx, y = torch.randn(33, 21), torch.randn(21)",
        "def f(x, y):\n    return (x * y).mean(0)\nx, y = torch.randn(6, 5, 19), torch.randn(5, 19)",
        "def f(x):\n    return torch.softmax(x, 0) * 2.0, x.sum(0)\nx = torch.randn(3, 1030)",  // blocks of 1024 x points and 6
        "def f(x):\n    return F.log_softmax(x, -1), (x.abs() + 1e-3).log() * 2.0\nx = torch.randn(7, 130)",  // log
        // transposed loads, gathered: tiles of 32 rows x 8 columns with partial tiles and a 2-element tail; an
        // 8-row transpose (too small to tile); three dims; a strided 1-D view (a gather split by loop
        // fission at its sigmoid); a bool output (declined)
        "def f(x, y):\n    return (x.t() + y) * 2.0\nx, y = torch.randn(70, 40), torch.randn(40, 70)",
        "def f(x, y):\n    return x.t() + y, x > y.t()\nx, y = torch.randn(12, 8), torch.randn(8, 12)",
        "def f(x, y):\n    return x.permute(0, 2, 1).sigmoid() * y\nx, y = torch.randn(3, 37, 20), torch.randn(20, 37)",
        "def f(x):\n    return x[::3].sigmoid().tanh() + 1.0\nx = torch.randn(600)",
        // transposed views over dims that are multiples of 4: each tile copied 4 x 4 transposed into
        // the scratch area (a partial tile of 20 rows, one of 4 columns; two transposed loads; 3 dims)
        "def f(x, y):\n    return x.t() * y + 1.0\nx, y = torch.randn(36, 52), torch.randn(52, 36)",
        "def f(x, y):\n    return (x.t() - y.t()).relu()\nx, y = torch.randn(20, 44), torch.randn(20, 44)",
        "def f(x, y):\n    return x.permute(0, 2, 1) * y\nx, y = torch.randn(2, 24, 40), torch.randn(40, 24)",
    };
    int generated = 0, reductions = 0, columns = 0, declined = 0, gathered = 0, tiled = 0, gathered_staged = 0, transposed = 0;
    for (size_t pi = 0; pi < programs.size(); ++pi) {
        kiln::vm::bind::last_report().reset();
        const std::string src = programs[pi] + "\nwith torch.no_grad():\n    torch.compile(f, options={'cpp_jit': False})(*" +
                                (programs[pi].find("w, b") != std::string::npos ? "(x, w, b)" :
                                 programs[pi].find("x, y") != std::string::npos ? "(x, y)" : "(x,)") + ")\n";
        kiln::testing::ProgramRun r = kiln::testing::run_program(src);
        INFO("program " << pi << ":\n" << src << r.err << r.result.error_message);
        REQUIRE(r.result.ok);
        auto rep = kiln::vm::bind::last_report();
        REQUIRE(rep);
        REQUIRE(rep->plan);
        const Plan& p = *rep->plan;
        for (size_t ki = 0; ki < p.kernels.size(); ++ki) {
            const std::string why = codegen::wasm_ineligible_reason(p, int(ki));
            INFO(kernel::str(p));
            if (!why.empty()) {
                ++declined;
                continue;
            }
            ++generated;
            reductions += p.kernels[ki].kind == kernel::KernelKind::Reduction;
            for (const codegen::WasmFeatures& features : feature_sets()) {
                std::string why;
                auto m = codegen::generate_wasm(p, int(ki), &why, features);
                INFO(why);
                REQUIRE(m);
                if (!features.relaxed_simd) {
                    columns += m->text.find(" columns of ") != std::string::npos;
                    const bool gather = m->text.find("v128.load32_lane") != std::string::npos;
                    gathered += gather;
                    tiled += m->text.find(";; tiles of 32 rows x 8 columns") != std::string::npos;
                    gathered_staged += gather && m->text.find(";; loop fission") != std::string::npos;
                    transposed += m->text.find("transposed 4 x 4 at a time") != std::string::npos;
                }
                auto data = random_buffers(p, uint32_t(17 + ki), 2.0f);
                const auto expect = run_interp(p, data, int(ki));
                std::string log;
                REQUIRE(run_in_node(*m, p, int(ki), data, 4, &log, features));
                INFO(log << "kernel " << p.kernels[ki].name << (features.relaxed_simd ? ", relaxed SIMD" : ""));
                int bad = 0;
                for (size_t b = 0; b < data.size(); ++b)
                    for (size_t i = 0; i < data[b].size(); ++i) bad += !close(data[b][i], expect[b][i], 2e-5, 1e-5);
                CHECK(bad == 0);
            }
        }
    }
    // The programs are chosen so that most kernels are taken, reductions among them: a generator
    // that declined everything would pass the loop above vacuously.
    INFO(generated << " generated (" << reductions << " reductions, " << columns << " in columns, " << gathered << " gathering ("
                   << tiled << " in tiles, " << gathered_staged << " in stages), " << transposed << " transposing tiles), " << declined
                   << " declined");
    CHECK(gathered >= 4);
    CHECK(tiled >= 2);
    CHECK(gathered_staged >= 1);
    CHECK(transposed >= 3);
    CHECK(reductions >= 5);
    CHECK(columns >= 4);
    CHECK(generated >= 7);
    CHECK(declined >= 1);
}
