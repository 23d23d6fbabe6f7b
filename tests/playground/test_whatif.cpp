// The inputs ("what-if") panel, the Stop hook, the performance model and the extra call
// (playground/whatif.h, perf_model.h, session.h): predictions from the recorded guards must match
// what the engine then does when the call really runs.
#include <catch2/catch.hpp>

#include <atomic>
#include <string>

#include "backends/cpu_jit.h"
#include "backends/executor.h"
#include "bindings/inductor.h"
#include "codegen/cpp.h"
#include "cuda/cuda.h"
#include "examples.h"
#include "ops/ops.h"
#include "perf_model.h"
#include "session.h"
#include "whatif.h"

using namespace kiln::playground;
using Outcome = kiln::capture::dynamo::WhatIfResult::Outcome;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const char* const kTwoArgs = R"PY(import torch

def f(x, n, scale=0.5):
    return (x * n + scale).relu()

cf = torch.compile(f)
print(cf(torch.randn(8, 4), 3).shape)
)PY";

RunReport run(const std::string& source, RunOptions o = {}) {
    RunReport r = run_program(source, o);
    INFO(r.stderr_text);
    REQUIRE(r.ok);
    return r;
}

WhatIfArg& arg(WhatIfEdit& e, const std::string& name) {
    for (auto& a : e.args)
        if (a.name == name) return a;
    FAIL("no argument " << name);
    return e.args.front();
}

}  // namespace

TEST_CASE("what-if: the arguments are listed as the guards saw them", "[playground][whatif]") {
    RunReport r = run(kTwoArgs);
    REQUIRE(r.compiles.size() == 1);
    const CompileRecord& c = r.compiles[0];
    REQUIRE(c.inputs.size() == 3);
    CHECK(c.inputs[0].first == "x");
    CHECK(c.inputs[0].second.text() == "f32[8, 4]");
    CHECK(c.inputs[1].second.text() == "3");
    CHECK(c.inputs[2].second.text() == "0.5");
    CHECK(!c.guard_facts.empty());

    WhatIfEdit e = whatif_start(c);
    WhatIfVerdict same = whatif_evaluate(r, c, e);
    CHECK(same.errors.empty());
    CHECK(same.hit == "0/0");  // the values as seen pass every guard
}

TEST_CASE("what-if: an edited shape, dtype or constant names the guard that fails", "[playground][whatif]") {
    RunReport r = run(kTwoArgs);
    const CompileRecord& c = r.compiles[0];

    WhatIfEdit e = whatif_start(c);
    arg(e, "x").sizes = "16, 4";
    WhatIfVerdict v = whatif_evaluate(r, c, e);
    CHECK(v.hit.empty());
    REQUIRE(v.entries.size() == 1);
    CHECK(v.entries[0].first_failure == "tensor 'x' size mismatch at index 0. expected 8, actual 16");

    e = whatif_start(c);
    arg(e, "x").dtype = "float64";
    v = whatif_evaluate(r, c, e);
    CHECK(v.entries[0].first_failure == "tensor 'x' dtype mismatch. expected Float, actual Double");

    e = whatif_start(c);
    arg(e, "n").literal = "4";
    v = whatif_evaluate(r, c, e);
    CHECK(v.entries[0].first_failure == "n == 3");
    CHECK(contains(v.summary, "would recompile"));

    e = whatif_start(c);
    arg(e, "n").literal = "3.0";  // == 3 in Python, but the guard also checks the type
    CHECK(whatif_evaluate(r, c, e).entries[0].first_failure == "n == 3");

    e = whatif_start(c);
    arg(e, "x").sizes = "8, x";
    v = whatif_evaluate(r, c, e);
    REQUIRE(v.errors.size() == 1);
    CHECK(contains(v.errors[0], "x: sizes: expected whole numbers"));
    arg(e, "x").sizes = "8, 4";
    arg(e, "n").literal = "three";
    CHECK(contains(whatif_evaluate(r, c, e).errors.at(0), "expected a Python constant"));
}

TEST_CASE("what-if: the prediction matches what the engine does on 'Run with these'", "[playground][whatif]") {
    RunReport r = run(kTwoArgs);
    WhatIfEdit e = whatif_start(r.compiles[0]);
    arg(e, "x").sizes = "16, 4";
    WhatIfVerdict v = whatif_evaluate(r, r.compiles[0], e);

    RunOptions o;
    std::string error;
    REQUIRE(whatif_extra_call(r.compiles[0], e, &o.extra, &error));
    CHECK(o.extra.args.at(0).second == "torch.randn((16, 4), dtype=torch.float32)");
    RunReport again = run(kTwoArgs, o);
    CHECK(again.extra_ok);
    REQUIRE(again.extra_call_record >= 0);
    const FrameCall& call = again.calls[size_t(again.extra_call_record)];
    CHECK(call.outcome == "recompile");
    REQUIRE(call.guard_failures.size() == 1);
    CHECK(call.guard_failures[0] == "0/0: " + v.entries[0].first_failure);

    // Unchanged values: the prediction is a hit, and so is the call.
    e = whatif_start(r.compiles[0]);
    REQUIRE(whatif_evaluate(r, r.compiles[0], e).hit == "0/0");
    REQUIRE(whatif_extra_call(r.compiles[0], e, &o.extra, &error));
    again = run(kTwoArgs, o);
    REQUIRE(again.extra_call_record >= 0);
    CHECK(again.calls[size_t(again.extra_call_record)].outcome == "hit");
}

TEST_CASE("the extra call replays the grad mode and dtype of the call it copies", "[playground][whatif]") {
    // The program calls f under torch.no_grad() with float64 as the default dtype: 'Run with these'
    // with the same arguments must hit that entry, not recompile on the global state.
    const char* src =
        "import torch\n"
        "torch.set_default_dtype(torch.float64)\n"
        "@torch.compile\n"
        "def f(x):\n"
        "    return (x * 2).sin()\n"
        "with torch.no_grad():\n"
        "    f(torch.randn(4, 3))\n"
        "torch.set_default_dtype(torch.float32)\n";
    RunReport r = run(src);
    REQUIRE(r.compiles.size() == 1);
    REQUIRE(!r.calls.empty());
    CHECK(contains(r.calls[0].state_setup, "torch.set_grad_enabled(False)"));
    CHECK(contains(r.calls[0].state_setup, "torch.set_default_dtype(torch.float64)"));
    WhatIfEdit e = whatif_start(r.compiles[0]);
    RunOptions o;
    std::string error;
    REQUIRE(whatif_extra_call(r.compiles[0], e, &o.extra, &error));
    RunReport again = run(src, o);
    CHECK(again.extra_ok);
    REQUIRE(again.extra_call_record >= 0);
    const FrameCall& call = again.calls[size_t(again.extra_call_record)];
    CHECK(call.outcome == "hit");
    CHECK(call.guard_failures.empty());
    CHECK(again.compiles.size() == 1);
    // Measure: samples are batches long enough for the clock, and their size is reported.
    o.extra.measure = true;
    o.extra.repeats = 3;
    RunReport timed = run(src, o);
    CHECK(timed.extra_ok);
    CHECK(timed.eager_ms > 0);
    CHECK(timed.compiled_ms > 0);
    CHECK(timed.measure_batch >= 1);
    CHECK(timed.measure_note.empty());
    CHECK(timed.compiles.size() == 1);
}

TEST_CASE("what-if: a dynamic entry accepts new sizes, a module's self is passed as it was", "[playground][whatif]") {
    RunReport r = run(find_example("recompile")->source);
    // The second entry (after the size change) has a dynamic size: any size >= 2 reuses it.
    const CompileRecord* dynamic = r.find_compile("0/1");
    REQUIRE(dynamic != nullptr);
    WhatIfEdit e = whatif_start(*dynamic);
    arg(e, "x").sizes = "100";
    CHECK(whatif_evaluate(r, *dynamic, e).hit == "0/1");
    arg(e, "x").sizes = "1";  // 0/1 wants 2 <= size; 0/0 wants exactly 4
    WhatIfVerdict v = whatif_evaluate(r, *dynamic, e);
    CHECK(v.hit.empty());
    REQUIRE(v.entries.size() == 2);
    CHECK(v.entries[0].compile_id == "0/1");
    CHECK(contains(v.entries[0].first_failure, "2 <= x.size()[0]"));

    RunReport net = run(find_example("simplenet")->source);
    REQUIRE(!net.compiles.empty());
    e = whatif_start(net.compiles[0]);
    REQUIRE(e.args.size() == 2);
    CHECK(e.args[0].name == "self");
    CHECK(!e.args[0].editable);
    arg(e, "x").sizes = "5, 4";
    RunOptions o;
    std::string error;
    REQUIRE(whatif_extra_call(net.compiles[0], e, &o.extra, &error));
    CHECK(o.extra.args.size() == 1);  // self is the compiled module itself
    RunReport again = run(find_example("simplenet")->source, o);
    CHECK(again.extra_ok);
    REQUIRE(again.extra_call_record >= 0);
    CHECK(again.calls[size_t(again.extra_call_record)].outcome == "recompile");
}

TEST_CASE("the extra call explains why it cannot run", "[playground][whatif]") {
    RunOptions o;
    o.extra.function = "nowhere";
    RunReport r = run(kTwoArgs, o);
    CHECK(!r.extra_ok);
    CHECK(contains(r.extra_error, "compiles no function named 'nowhere'"));
    o.mode = RunMode::Eager;
    r = run(kTwoArgs, o);
    CHECK(contains(r.extra_error, "compile mode"));
}

TEST_CASE("Stop: the poll hook ends a running program with a clear message", "[playground][stop]") {
    std::atomic<int> polls{0};
    RunOptions o;
    o.max_instructions = 0;  // no budget: only Stop ends it
    o.poll = [&]() -> std::string { return ++polls >= 3 ? "stopped by the user (Stop button)" : ""; };
    // The loop on one line: which of its instructions the 300000th is depends on how many ran before
    // it (a stdlib module compiled on first use in this process counts), the line does not.
    RunReport r = run_program("i = 0\nwhile True: i += 1\n", o);
    CHECK(!r.ok);
    CHECK(r.error.type == "KilnLimitError");
    CHECK(r.error.message == "stopped by the user (Stop button)");
    CHECK(r.error.line == 2);
    CHECK(polls == 3);

    // A program that ends before the first poll is not affected; the budget still applies with a poll.
    polls = 0;
    o.poll = [&]() -> std::string { ++polls; return ""; };
    CHECK(run_program("print(1)\n", o).ok);
    o.max_instructions = 250'000;
    r = run_program("while True:\n    pass\n", o);
    CHECK(r.error.type == "KilnLimitError");
    CHECK(contains(r.error.message, "instruction budget of 250000 exhausted"));
    CHECK(polls == 2);  // at 100k and 200k
}

TEST_CASE("performance model: launches and bytes from the plan and the aten graph", "[playground][perf]") {
    const char* src = R"PY(import torch
def f(x, y):
    a = torch.relu(x @ y)
    return (a * 2 + 1).softmax(-1).sum(0)
cf = torch.compile(f)
print(cf(torch.randn(8, 4), torch.randn(4, 16)))
)PY";
    RunReport r = run(src);
    REQUIRE(r.compiles.size() == 1);
    REQUIRE(!r.compiles[0].inductor.empty());
    PerfModel m = perf_model(r.compiles[0].inductor.back());
    REQUIRE(m.ok);
    // matmul (extern) + the fused softmax kernel + the sum: 3 launches instead of 10 aten ops.
    REQUIRE(m.steps.size() == 3);
    CHECK(m.steps[0].kind == "extern");
    CHECK(m.steps[0].bytes == 128 + 256 + 512);  // reads x and y, writes the 8x16 product
    CHECK(m.steps[1].kind == "kernel");
    CHECK(m.steps[1].bytes == 512 + 512);
    CHECK(m.steps[2].bytes == 512 + 64);
    CHECK(m.compiled_bytes == 896 + 1024 + 576);
    CHECK(m.eager_launches == 10);
    CHECK(m.eager_bytes > m.compiled_bytes);
    CHECK(m.peak_eager == 1056);
    CHECK(m.peak_compiled == 1024);
    CHECK(bytes_text(1536) == "1.5 KB");

    RunOptions o;
    o.extra.function = "f";
    o.extra.args = {{"x", "torch.randn((8, 4), dtype=torch.float32)"}, {"y", "torch.randn((4, 16), dtype=torch.float32)"}};
    o.extra.measure = true;
    o.extra.repeats = 3;
    RunReport timed = run(src, o);
    CHECK(timed.extra_ok);
    CHECK(timed.eager_ms > 0);
    CHECK(timed.compiled_ms > 0);
    // One more call with each launch timed (the kernel interpreter here: KILN_CPP_JIT=0).
    REQUIRE(timed.kernel_profile.size() == 1);
    const kiln::backends::PlanProfile* p = perf_match_profile(perf_model(timed.compiles[0].inductor.back()), timed.kernel_profile);
    REQUIRE(p != nullptr);
    CHECK(p->steps[0].kind == "extern");
    CHECK(p->steps[1].name == m.steps[1].name);
    double sum = 0;
    for (const auto& st : p->steps) sum += st.ms;
    CHECK(sum > 0);
    CHECK(sum <= p->total_ms);
    CHECK(perf_match_profile(m, {}) == nullptr);
    // The timeline: the model's launches with who ran them and how long each took.
    PerfTimeline t = perf_timeline(perf_model(timed.compiles[0].inductor.back()), timed.kernel_profile);
    REQUIRE(t.timed);
    CHECK(t.engine == "interpreter");
    CHECK(t.total_ms == p->total_ms);
    REQUIRE(t.launches.size() == 3);
    CHECK(t.launches[0].engine == "eager");  // the mm: an extern kernel, run by the host's aten op
    CHECK(t.launches[1].engine == "interpreter");
    CHECK(t.launches[2].engine == "interpreter");
    CHECK(t.launches[1].bytes == 512 + 512);
    CHECK(t.launches[1].ms == p->steps[1].ms);
    CHECK(perf_engine_label("native") == "natively compiled C++");
    // Not measured: the same launches, untimed.
    PerfTimeline untimed = perf_timeline(m, {});
    CHECK_FALSE(untimed.timed);
    REQUIRE(untimed.launches.size() == 3);
    CHECK(untimed.launches[2].name == m.steps[2].name);
    CHECK(untimed.launches[2].engine.empty());
    CHECK(untimed.launches[2].ms == 0);
}

TEST_CASE("performance model: natively compiled launches are timed through kiln_call's launch clock", "[playground][perf][jit]") {
    if (!kiln::backends::cpu_jit_available()) {
        WARN("no C++ compiler: native launches not timed");
        return;
    }
    // The playground's compile gives the model (its one call ran on the interpreter); the same plan
    // then runs as the native JIT's library, compiled (or found in the disk cache) before it runs,
    // with a profile open.
    RunReport r = run(R"PY(import torch
def f(x, y):
    a = torch.relu(x @ y)
    return (a * 2 + 1).softmax(-1).sum(0)
cf = torch.compile(f)
print(cf(torch.randn(8, 4), torch.randn(4, 16)).shape)
)PY");
    REQUIRE(r.compiles.size() == 1);
    REQUIRE(!r.compiles[0].inductor.empty());
    const PerfModel m = perf_model(r.compiles[0].inductor.back());
    REQUIRE(m.steps.size() == 3);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    kiln::backends::PlanRunner runner(rep->plan);
    runner.attach_native(kiln::backends::compile(rep->source, kiln::codegen::exported_symbols(*rep->plan)));
    REQUIRE(runner.native_ready());
    std::vector<kiln::Tensor> inputs = {kiln::randn({8, 4}), kiln::randn({4, 16})};

    runner.run(inputs);  // no profile open: nothing is recorded
    CHECK(runner.last_engine() == kiln::backends::KernelEngine::Native);
    kiln::backends::step_profile_begin();
    std::vector<kiln::Tensor> out = runner.run(inputs);
    std::vector<kiln::backends::PlanProfile> runs = kiln::backends::step_profile_end();
    REQUIRE(runs.size() == 1);
    CHECK(runner.last_engine() == kiln::backends::KernelEngine::Native);

    PerfTimeline t = perf_timeline(m, runs);
    REQUIRE(t.timed);
    CHECK(t.engine == "native");
    REQUIRE(t.launches.size() == 3);
    CHECK(t.launches[0].kind == "extern");
    CHECK(t.launches[0].engine == "eager");  // kiln_call hands the mm back to the host
    CHECK(t.launches[1].engine == "native");
    CHECK(t.launches[2].engine == "native");
    CHECK(t.launches[1].name == m.steps[1].name);
    double sum = 0;
    for (const PerfLaunch& l : t.launches) {
        CHECK(l.ms > 0);  // a steady clock around a call into the library: never zero
        sum += l.ms;
    }
    CHECK(sum <= t.total_ms);
    // The timed run computed what the interpreter computes.
    runner.set_force_interpreter(true);
    std::vector<kiln::Tensor> ref = runner.run(inputs);
    REQUIRE(out.size() == 1);
    REQUIRE(ref.size() == 1);
    CHECK(kiln::allclose(out[0], ref[0], 1e-5, 1e-6));
}

TEST_CASE("torch.jit.script results print .code like traced ones", "[playground][jit]") {
    RunReport r = run(R"PY(import torch
import torch.nn as nn
@torch.jit.script
def f(x):
    return torch.relu(x) + 1
print(f.code)
class M(nn.Module):
    def forward(self, x):
        return x * 2
m = torch.jit.script(M())
print(m.code)
print(m.graph is not None)
)PY");
    CHECK(contains(r.stdout_text, "def f(x: Tensor) -> Tensor:"));
    CHECK(contains(r.stdout_text, "torch.relu(x)"));
    CHECK(contains(r.stdout_text, "def forward(self"));
    CHECK(contains(r.stdout_text, "True"));
}

TEST_CASE("device: compiled targets and their tensor arguments move to the chosen device", "[playground][device]") {
    const char* src = R"PY(import torch
import torch.nn as nn
m = torch.compile(nn.Linear(4, 2))
def f(x):
    return x * 2
cf = torch.compile(f)
print(cf(torch.ones(2)).device, next(m.parameters()).device)
)PY";
    RunOptions o;
    RunReport cpu = run(src, o);
    CHECK(cpu.stdout_text == "cpu cpu\n");
    o.device = "cuda";
    RunReport cuda = run_program(src, o);
    if (cuda.ok) {  // a GPU machine: both live there
        CHECK(cuda.stdout_text == "cuda:0 cuda:0\n");
    } else {  // no GPU here: PyTorch's own error, at the compile call that moves the module
        CHECK(cuda.error.type == "RuntimeError");
        CHECK((contains(cuda.error.message, "NVIDIA") || contains(cuda.error.message, "CUDA")));
        CHECK(cuda.error.line == 3);
    }
    o.device = "tpu";  // not an option: the default
    CHECK(run(src, o).stdout_text == "cpu cpu\n");
}

TEST_CASE("device cuda: the performance panel's measured call times each launch on the GPU", "[playground][device]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    // The desktop app on a GPU machine: device cuda moves the compiled function's arguments to the
    // GPU, the plan runs as generated CUDA, and the measured call's launches carry CUDA event times.
    const char* src = R"PY(import torch
def f(x, y):
    a = torch.relu(x @ y)
    return (a * 2 + 1).softmax(-1).sum(0)
cf = torch.compile(f)
print(cf(torch.randn(8, 4), torch.randn(4, 16)).device)
)PY";
    RunOptions o;
    o.device = "cuda";
    o.extra.function = "f";
    o.extra.args = {{"x", "torch.randn((8, 4), dtype=torch.float32)"}, {"y", "torch.randn((4, 16), dtype=torch.float32)"}};
    o.extra.measure = true;
    o.extra.repeats = 3;
    RunReport r = run_program(src, o);
    INFO(r.stdout_text << r.stderr_text << r.error.type << ": " << r.error.message << " / " << r.extra_error);
    REQUIRE(r.ok);
    CHECK(r.stdout_text == "cuda:0\n");
    CHECK(r.extra_ok);
    CHECK(r.compiled_ms > 0);
    REQUIRE(!r.compiles.empty());
    REQUIRE(!r.compiles[0].inductor.empty());
    PerfTimeline t = perf_timeline(perf_model(r.compiles[0].inductor.back()), r.kernel_profile);
    REQUIRE(t.timed);
    CHECK(t.engine == "cuda");
    REQUIRE(t.launches.size() == 3);
    for (const PerfLaunch& l : t.launches) {
        CHECK(l.engine == "cuda");
        CHECK(l.ms >= 0);
    }
}

TEST_CASE("what-if: keyword-only parameters are passed by name", "[playground][whatif]") {
    const char* src = R"PY(import torch
def f(x, *, scale):
    return x * scale
cf = torch.compile(f)
print(cf(torch.ones(2), scale=2).sum().item())
)PY";
    RunReport r = run(src);
    REQUIRE(r.compiles.size() == 1);
    WhatIfEdit e = whatif_start(r.compiles[0]);
    REQUIRE(e.args.size() == 2);
    CHECK(e.args[1].name == "scale");
    arg(e, "scale").literal = "3";
    CHECK(whatif_evaluate(r, r.compiles[0], e).entries.at(0).first_failure == "scale == 2");
    RunOptions o;
    std::string error;
    REQUIRE(whatif_extra_call(r.compiles[0], e, &o.extra, &error));
    RunReport again = run(src, o);
    INFO(again.extra_error);
    CHECK(again.extra_ok);
    REQUIRE(again.extra_call_record >= 0);
    CHECK(again.calls[size_t(again.extra_call_record)].guard_failures.at(0) == "0/0: scale == 2");
}
