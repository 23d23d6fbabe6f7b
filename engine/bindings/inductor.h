// torch.compile's default back end (backend="inductor"): see inductor.cpp for the pipeline.
//
// The playground and the benchmarks read what the last compile produced through CompileReport:
// the aten graph before and after the passes (with each pass's printout), the plan (kernels, steps,
// fusion notes, peak memory) and the generated C++ source, with the time each stage took.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "capture/dynamo/dynamo.h"
#include "kernel/ir.h"
#include "passes/pipeline.h"

namespace kiln::vm::bind {

// When the generated C++ goes to the system compiler (natively; never in the browser).
// Wait: compile at once and wait for the library, so that every call runs natively (tests).
enum class JitPolicy { Off, WhenHot, Now, Wait };
inline constexpr int kHotCalls = 10;

struct InductorOptions {
    JitPolicy cpp_jit = JitPolicy::WhenHot;
    bool fuse = true;            // false: one kernel per op
    bool record_passes = false;  // keep every pass's before/after printout
    bool wasm = true;            // the browser build: run eligible kernels as generated WebAssembly
    std::string mode = "None";
};

struct CompileReport {
    std::string aten_graph;       // after the re-trace
    std::vector<passes::PassRecord> passes;
    std::string post_grad_graph;  // after the passes
    // Each post-grad node's user source line, "name file:line" per line (Kiln's aten_lines log):
    // the FX node it was traced from, carried through the passes as the node's loc.
    std::string post_grad_lines;
    std::shared_ptr<const kernel::Plan> plan;
    std::string source;           // generated C++ (kernels + kiln_call), or CUDA for a plan on the GPU
    std::string source_path;      // where the native JIT wrote it ("" without one)
    // The browser build: how many kernels run as generated WebAssembly (codegen/wasm) and the
    // modules' text (each kernel's, or why it stays on the interpreter); 0 and "" natively.
    int wasm_kernels = 0;
    std::string wasm_text;
    double trace_ms = 0, passes_ms = 0, schedule_ms = 0, codegen_ms = 0, total_ms = 0;
    double native_compile_ms = 0;  // CUDA plans: NVRTC compile + load (0 when the source was cached)
    // Training compiles (AOT autograd, engine/aot): the partitioned graphs, the partitioner's choice,
    // and the backward's plan and source (the fields above describe the forward's).
    std::string aot_forward_graph, aot_backward_graph, aot_partition;
    int64_t aot_saved_bytes = 0;
    std::shared_ptr<const kernel::Plan> backward_plan;
    std::string backward_source;
};

// The backend compiler registered for "inductor" (dynamo.h register_backend_compiler).
Value compile_graph(Interpreter& in, const Value& gm, const std::vector<Value>& example_inputs,
                    const capture::dynamo::CompileConfig& cfg);
// What the most recent compile produced (null before any).
std::shared_ptr<CompileReport>& last_report();

void register_inductor();

}  // namespace kiln::vm::bind
