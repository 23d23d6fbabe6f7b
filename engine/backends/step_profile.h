// Step profiling: how long each launch of a compiled plan took, for the playground's performance
// timeline. While a profile is open, every plan run appends one record per launch (a kernel, an
// extern kernel, a fallback op), in launch order, naming the engine that ran it:
//   interpreter  the host walks the steps and times each on its clock (backends/interp);
//   wasm         the same walk, the kernel being generated WebAssembly (the browser);
//   native       the generated kiln_call runs the steps inside the compiled library and reports
//                each kernel launch through KilnRuntime::launch_clock (kernel/runtime_abi.h);
//   eager        an extern kernel or fallback of a CPU plan: the host runs the aten op;
//   cuda         a CUDA plan: CUDA events around each launch (kernels and cuBLAS externs) on the
//                stream, read once the plan has finished, so the times are the GPU's, not the
//                host's enqueue times.
// Not recorded: a CUDA graph's replay (mode="reduce-overhead": the whole plan is one launch) and
// its recording (nothing executes then).
//
//   step_profile_begin();
//   compiled_fn(x);                            // runs one or more plans
//   std::vector<PlanProfile> p = step_profile_end();
//
// One open profile per process (the playground runs one program at a time); off, the cost is one
// branch per step (host walk) or per kernel launch edge (native code).
#pragma once
#include <string>
#include <vector>

namespace kiln::backends {

struct StepTime {
    std::string name;    // the kernel's name ("cpp_fused_relu_0"), or an aten step's op ("aten::addmm")
    std::string kind;    // "kernel" | "extern" | "fallback"
    std::string engine;  // "interpreter" | "native" | "wasm" | "eager" | "cuda" (see above)
    double ms = 0;
};

// One run of one plan.
struct PlanProfile {
    std::string engine;  // the run's kernel engine: "interpreter" | "native" | "wasm" | "cuda"
    std::vector<StepTime> steps;
    double total_ms = 0;  // the whole run, buffers and frees included (cuda: on the GPU's clock)
};

void step_profile_begin();
std::vector<PlanProfile> step_profile_end();
bool step_profile_active();
// Called by PlanRunner (executor.cpp).
void step_profile_add(PlanProfile profile);

}  // namespace kiln::backends
