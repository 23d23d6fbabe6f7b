// Step profiling: how long each launch of a compiled plan took, for the playground's performance
// timeline. While a profile is open, every plan the host runs step by step (the kernel interpreter,
// extern kernels and fallbacks: what the browser runs) appends one record per launch, in launch
// order. Plans run by natively compiled code or on a GPU record nothing: their launches happen
// inside generated code or asynchronously on a stream, where a host clock would not time them.
//
//   step_profile_begin();
//   compiled_fn(x);                            // runs one or more plans
//   std::vector<PlanProfile> p = step_profile_end();
//
// One open profile per process (the playground runs one program at a time); off, the cost is one
// branch per step.
#pragma once
#include <string>
#include <vector>

namespace kiln::backends {

struct StepTime {
    std::string name;  // the kernel's name ("cpp_fused_relu_0"), or "extern"/"fallback" for aten steps
    std::string kind;  // "kernel" | "extern" | "fallback"
    double ms = 0;
};

// One run of one plan.
struct PlanProfile {
    std::vector<StepTime> steps;
    double total_ms = 0;  // the whole run, buffers and frees included
};

void step_profile_begin();
std::vector<PlanProfile> step_profile_end();
bool step_profile_active();
// Called by PlanRunner (executor.cpp).
void step_profile_add(PlanProfile profile);

}  // namespace kiln::backends
