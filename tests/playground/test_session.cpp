// The playground's engine session (playground/session.h): what the panels show for a run, read from
// a real run of the engine, in every mode; errors located; runaway programs stopped by the limits.
#include <catch2/catch.hpp>

#include <string>

#include "examples.h"
#include "graph_model.h"
#include "session.h"

using namespace kiln::playground;

namespace {

RunReport run_example(const std::string& id, RunMode mode = RunMode::Compile, const std::string& backend = "inductor") {
    const Example* e = find_example(id);
    REQUIRE(e != nullptr);
    RunOptions o;
    o.mode = mode;
    o.backend = backend;
    return run_program(e->source, o);
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("every example runs in every mode", "[playground]") {
    for (const Example& e : example_list()) {
        for (RunMode mode : {RunMode::Eager, RunMode::Compile}) {
            INFO(e.id << " in " << run_mode_name(mode));
            RunOptions o;
            o.mode = mode;
            RunReport r = run_program(e.source, o);
            INFO(r.stderr_text);
            CHECK(r.ok);
            CHECK(!r.stdout_text.empty());
            if (mode == RunMode::Eager) CHECK(r.compiles.empty());
        }
    }
}

TEST_CASE("SimpleNet compiles to one graph with source lines and inductor artifacts", "[playground]") {
    RunReport r = run_example("simplenet");
    INFO(r.stderr_text);
    REQUIRE(r.ok);
    REQUIRE(r.graph_count() == 1);
    const CompileRecord& c = r.compiles.front();
    CHECK(c.compile_id == "0/0");
    CHECK(c.function == "forward");
    CHECK(contains(c.fx_code, "def forward"));
    CHECK(contains(c.guards, "TENSOR_MATCH"));
    CHECK(!c.bytecode_original.empty());
    CHECK(contains(c.bytecode_modified, "__compiled_fn_"));
    bool relu_on_line_11 = false;
    for (const GraphNode& n : c.nodes)
        if (n.target == "torch.relu") relu_on_line_11 = n.line == 11 && !n.inputs.empty();
    CHECK(relu_on_line_11);
    REQUIRE(c.inductor.size() == 1);
    const InductorArtifacts& a = c.inductor.front();
    CHECK(a.passes.size() > 2);
    CHECK(a.passes.front().name == "input");
    CHECK(contains(a.output_code, "kiln_call"));
    // The same plan as codegen/cuda would compile it for a GPU (the generated-code panel's CUDA tab),
    // its kernels named as the C++ ones are, cpp_ -> cuda_.
    CHECK(contains(a.cuda_code, "extern \"C\" __global__"));
    CHECK(contains(a.cuda_code, "cuda_fused_"));
    CHECK(!contains(a.cuda_code, "kiln_call"));
    CHECK(contains(a.schedule, "kernels:"));
    CHECK(!r.calls.empty());
    CHECK(r.calls.front().outcome == "compile");
    // The logs went to their panels, not to the program's stderr.
    CHECK(!contains(r.stderr_text, "[__guards]"));
    CHECK(contains(r.log_text, "[__guards]"));
}

TEST_CASE("print() is a graph break located on its line", "[playground]") {
    RunReport r = run_example("print_break");
    REQUIRE(r.ok);
    CHECK(contains(r.stdout_text, "inside f: torch.Size([8])"));
    REQUIRE(r.breaks.size() == 1);
    CHECK(r.breaks[0].line == 5);
    CHECK(r.breaks[0].filename == "main.py");
    CHECK(contains(r.breaks[0].reason, "print"));
    CHECK(r.graph_count() == 2);  // before the break and the resume function
    bool resume_called = false;
    for (const FrameCall& call : r.calls) resume_called |= contains(call.function, "resume");
    CHECK(resume_called);
}

TEST_CASE("calls record hits, and a recompile with the guard that failed", "[playground]") {
    RunReport r = run_example("recompile");
    REQUIRE(r.ok);
    REQUIRE(r.calls.size() == 4);
    CHECK(r.calls[0].outcome == "compile");
    CHECK(r.calls[1].outcome == "hit");
    CHECK(r.calls[1].compile_id == "0/0");
    CHECK(r.calls[2].outcome == "recompile");
    CHECK(r.calls[2].compile_id == "0/1");
    REQUIRE(!r.calls[2].guard_failures.empty());
    CHECK(contains(r.calls[2].guard_failures[0], "0/0: "));
    CHECK(contains(r.calls[2].guard_failures[0], "size"));
    CHECK(r.calls[3].outcome == "hit");
    CHECK(r.recompiles.size() == 1);
}

TEST_CASE("run options set torch.compile's defaults, the program's own arguments win", "[playground]") {
    const std::string src = "import torch\n"
                            "def f(x):\n"
                            "    y = x + 1\n"
                            "    print(y)\n"
                            "    return y\n"
                            "torch.compile(f)(torch.ones(2))\n";
    RunOptions o;
    o.fullgraph = true;
    RunReport r = run_program(src, o);
    CHECK(!r.ok);  // fullgraph=True turns the print() break into an error, raised at the call
    CHECK(r.error.line == 6);
    CHECK(r.error.type == "Unsupported");
    RunReport r2 = run_program("import torch\ndef f(x):\n    print(x)\n    return x + 1\n"
                               "torch.compile(f, fullgraph=False)(torch.ones(2))\n", o);
    CHECK(r2.ok);
    o.backend = "eager";
    o.fullgraph = false;
    RunReport r3 = run_example("simplenet", RunMode::Compile, "eager");
    CHECK(r3.ok);
    CHECK(r3.graph_count() == 1);
    CHECK(r3.compiles.front().inductor.empty());
}

TEST_CASE("trace and script modes report the TorchScript graph", "[playground]") {
    const std::string src = "import torch\n"
                            "def f(x):\n"
                            "    if x.sum() > 0:\n"
                            "        return x * 2\n"
                            "    return x - 1\n"
                            "g = torch.compile(f)\n"
                            "print(g(torch.ones(2)))\n"
                            "print(g(-torch.ones(2)))\n";
    RunOptions o;
    o.mode = RunMode::Trace;
    RunReport t = run_program(src, o);
    INFO(t.stderr_text);
    REQUIRE(t.ok);
    REQUIRE(t.scripted.size() == 1);
    CHECK(t.scripted[0].kind == "trace");
    CHECK(contains(t.scripted[0].graph, "aten::mul"));
    // The trace froze the first branch: the second call multiplies too (the footgun the mode shows).
    CHECK(contains(t.stdout_text, "tensor([-2., -2.])"));
    CHECK(contains(t.stderr_text, "TracerWarning"));
    o.mode = RunMode::Script;
    RunReport s = run_program(src, o);
    INFO(s.stderr_text);
    REQUIRE(s.ok);
    REQUIRE(s.scripted.size() == 1);
    CHECK(s.scripted[0].kind == "script");
    CHECK(contains(s.scripted[0].graph, "prim::If"));
    CHECK(contains(s.stdout_text, "tensor([-2., -2.])"));
}

TEST_CASE("errors come back located, never as crashes", "[playground]") {
    RunOptions o;
    RunReport syntax = run_program("import torch\nx = (1,\ny = 2 +\n", o);
    CHECK(!syntax.ok);
    CHECK(syntax.error.type == "SyntaxError");
    CHECK(syntax.error.line >= 2);
    CHECK(syntax.error.col >= 1);

    RunReport runtime = run_program("import torch\na = torch.ones(2, 3)\nb = a @ a\n", o);
    CHECK(!runtime.ok);
    CHECK(runtime.error.type == "RuntimeError");
    CHECK(runtime.error.line == 3);
    CHECK(contains(runtime.stderr_text, "Traceback"));

    // Inside a compiled function: Dynamo's tracing fails on the op and raises TorchRuntimeError at the
    // compiled call, as PyTorch 2.11 does (like fullgraph's Unsupported); its message names the op's
    // line under "from user code".
    RunReport inner = run_program("import torch\ndef f(x):\n    return x @ x\ntorch.compile(f)(torch.ones(2, 3))\n", o);
    CHECK(!inner.ok);
    CHECK(inner.error.type == "TorchRuntimeError");
    CHECK(inner.error.line == 4);
    CHECK(contains(inner.error.message, "line 3, in f"));
}

TEST_CASE("the instruction budget and the memory cap stop runaway programs", "[playground]") {
    RunOptions o;
    o.max_instructions = 200000;
    RunReport loop = run_program("while True:\n    pass\n", o);
    CHECK(!loop.ok);
    CHECK(contains(loop.error.type, "Limit"));
    o.max_instructions = 50000000;
    o.max_tensor_mb = 1;
    RunReport big = run_program("import torch\nx = torch.zeros(1000, 1000)\n", o);
    CHECK(!big.ok);
    CHECK(big.error.line == 2);
}

TEST_CASE("option values outside the lists fall back to the defaults", "[playground]") {
    RunOptions o;
    o.backend = "inductor'); import os; ('";
    o.compile_mode = "nope";
    o.dynamic = "maybe";
    RunReport r = run_example("recompile");
    RunReport r2 = run_program(find_example("recompile")->source, o);
    CHECK(r2.ok);
    CHECK(r2.calls.size() == r.calls.size());
}

TEST_CASE("graph view models: FX edges and source lines, aten nodes coloured by fused kernel", "[playground]") {
    RunReport r = run_program("import torch\n"
                              "def f(x, w):\n"
                              "    y = x @ w\n"
                              "    return y.softmax(dim=-1) * 2\n"
                              "with torch.no_grad():\n"
                              "    torch.compile(f)(torch.randn(4, 8), torch.randn(8, 8))\n",
                              RunOptions{});
    REQUIRE(r.ok);
    REQUIRE(r.graph_count() == 1);
    ViewGraph fx = view_graph_from_fx(r.compiles[0]);
    REQUIRE(fx.nodes.size() >= 5);
    CHECK(fx.nodes.front().kind == "placeholder");
    CHECK(fx.nodes.back().kind == "output");
    CHECK(fx.nodes.back().layer > 1);
    bool softmax_line4 = false;
    for (const auto& n : fx.nodes) softmax_line4 |= n.label == "softmax" && n.line == 4;
    CHECK(softmax_line4);
    REQUIRE(r.compiles[0].inductor.size() == 1);
    ViewGraph aten = view_graph_from_aten(r.compiles[0].inductor[0]);
    REQUIRE(aten.kernels.size() == 1);
    int fused = 0, externs = 0;
    for (const auto& n : aten.nodes) {
        fused += n.group == 0;
        externs += n.kind == "extern";
    }
    CHECK(fused == 6);  // amax, sub, exp, sum, div, mul: softmax and the multiply in one kernel
    CHECK(externs == 1);
    CHECK(aten.nodes.back().kind == "output");
    CHECK(aten.nodes.back().inputs.size() == 1);
}

TEST_CASE("garbage programs come back as errors, never crashes", "[playground]") {
    const std::string inputs[] = {
        std::string("\0\0\xff\xfe", 4), "def", "(((((((((((((((", "\"\"\"never closed", "x = 1\n  y = 2\n",
        "import torch\ntorch.compile(None)(1)\n", "import torch\ntorch.jit.trace(1, 2)\n",
        "import torch\n@torch.compile\ndef f(x):\n    return f(x)\nf(torch.ones(1))\n", "\t\tpass\n", "é = 1\nprint(é)\n",
    };
    for (RunMode mode : {RunMode::Compile, RunMode::Trace, RunMode::Script, RunMode::Eager}) {
        for (const std::string& src : inputs) {
            RunOptions o;
            o.mode = mode;
            o.max_instructions = 2'000'000;
            RunReport r = run_program(src, o);
            INFO(src << " -> " << r.stderr_text);
            if (!r.ok) {
                CHECK(!r.error.type.empty());
                CHECK(r.error.message.find("internal error") == std::string::npos);
            }
        }
    }
}

// prepare_next_run (the browser worker's idle time): a run whose start was made ahead reports exactly
// what a fresh run does (stdout, graphs, guards, calls, the process's grad mode and dtype reset), a
// run with other options ends the prepared one and starts fresh, and a prepared interpreter that is
// never used leaves the engine's state as it found it.
TEST_CASE("a run started ahead reports what a fresh run does", "[playground]") {
    const Example* e = find_example("recompile");
    REQUIRE(e != nullptr);
    RunOptions o;
    const RunReport fresh = run_program(e->source, o);
    REQUIRE(fresh.ok);
    CHECK_FALSE(fresh.started_ahead);

    prepare_next_run(o);
    const RunReport ahead = run_program(e->source, o);
    CHECK(ahead.started_ahead);
    CHECK(ahead.ok);
    CHECK(ahead.stdout_text == fresh.stdout_text);
    CHECK(ahead.stderr_text == fresh.stderr_text);
    // (log_text is not compared: Inductor's records carry compile times)
    CHECK(ahead.log_text.empty() == fresh.log_text.empty());
    CHECK(ahead.instructions == fresh.instructions);
    REQUIRE(ahead.compiles.size() == fresh.compiles.size());
    for (size_t i = 0; i < fresh.compiles.size(); ++i) {
        CHECK(ahead.compiles[i].fx_code == fresh.compiles[i].fx_code);
        CHECK(ahead.compiles[i].guards == fresh.compiles[i].guards);
    }
    CHECK(ahead.calls.size() == fresh.calls.size());
    CHECK(ahead.recompiles == fresh.recompiles);

    // A program that changes the process's state: the next run, prepared after it, starts clean.
    RunOptions eager;
    eager.mode = RunMode::Eager;
    const std::string changes = "import torch\ntorch.set_grad_enabled(False)\ntorch.set_default_dtype(torch.float64)\n";
    const std::string reads = "import torch\nprint(torch.is_grad_enabled(), torch.get_default_dtype())\n";
    prepare_next_run(eager);
    REQUIRE(run_program(changes, eager).ok);
    prepare_next_run(eager);
    const RunReport clean = run_program(reads, eager);
    CHECK(clean.started_ahead);
    CHECK(clean.stdout_text == "True torch.float32\n");

    // Other options: the prepared (eager) start is not used; the compile run makes its graphs.
    prepare_next_run(eager);
    const RunReport other = run_program(e->source, o);
    CHECK_FALSE(other.started_ahead);
    CHECK(other.compiles.size() == fresh.compiles.size());

    // A prepared run that never runs: dropped, the state it set is undone.
    prepare_next_run(eager);
    drop_prepared_run();
    const RunReport after = run_program(reads, eager);
    CHECK_FALSE(after.started_ahead);
    CHECK(after.stdout_text == "True torch.float32\n");
}
