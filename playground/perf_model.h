// The performance panel's model: what a compiled graph costs next to the same ops run eagerly,
// counted from the engine's own printouts (no ImGui: unit-tested headless).
//
//   compiled: the kernel plan (TORCH_LOGS=schedule): one launch per kernel, extern call
//             (extern_kernels.mm) or fallback step; bytes moved = the bytes of the buffers each
//             step reads and writes (the plan lists every buffer with its size);
//   eager:    the post-grad aten graph (TORCH_LOGS=post_grad_graphs): one launch per op that
//             computes (views move no data), each reading its tensor inputs and writing its result.
// Both are estimates of traffic, not measurements: the panel measures time separately (the
// median of a few calls of the compiled function against the original, RunOptions::ExtraCall, and
// one call with each launch timed, backends/step_profile.h). perf_timeline puts the two together:
// the plan's launches in order, each with its bytes and, once timed, the engine that ran it (the
// kernel interpreter, natively compiled C++, generated WebAssembly, the eager engine for extern
// kernels and fallbacks, or CUDA) and its time.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "session.h"

namespace kiln::playground {

struct PerfStep {
    std::string name;  // "cpp_fused_relu_0", "extern_kernels.mm", "torch.ops.aten.sort"
    std::string kind;  // "kernel" | "extern" | "fallback"
    int64_t bytes = 0; // read + written
};

struct PerfModel {
    std::vector<PerfStep> steps;  // the compiled plan's launches, in order
    int64_t compiled_bytes = 0;
    int eager_launches = 0;
    int64_t eager_bytes = 0;
    int64_t peak_eager = 0, peak_compiled = 0;  // the memory plan's peaks ("peak bytes:" line)
    bool ok = false;                            // both printouts were there
};

PerfModel perf_model(const InductorArtifacts& a);

// The timed run of this graph's plan among a measured call's (RunReport::kernel_profile): the first
// whose launches match the model's (count, kinds, kernel names); null when none does (the plan was
// not called, or replayed as a CUDA graph, which has no per-launch times).
const backends::PlanProfile* perf_match_profile(const PerfModel& m, const std::vector<backends::PlanProfile>& runs);

// One launch of the timeline.
struct PerfLaunch {
    std::string name, kind;  // as PerfStep
    int64_t bytes = 0;
    std::string engine;      // StepTime::engine ("interpreter", "native", "wasm", "eager", "cuda"); "" untimed
    double ms = 0;           // 0 untimed
};

struct PerfTimeline {
    std::vector<PerfLaunch> launches;  // the model's steps, in launch order
    bool timed = false;                // a profiled run of this plan was found (perf_match_profile)
    std::string engine;                // that run's kernel engine (PlanProfile::engine); "" untimed
    double total_ms = 0;               // that run, buffers and frees included
};

// The model's launches with the times and engines of its profiled run among `runs`, if any.
PerfTimeline perf_timeline(const PerfModel& m, const std::vector<backends::PlanProfile>& runs);

// What an engine name means, for labels: "natively compiled C++", "CUDA (events on the GPU)", ...;
// an unknown name is returned as it is.
std::string perf_engine_label(const std::string& engine);

// "1.5 KB", "3.2 MB"
std::string bytes_text(int64_t n);

}  // namespace kiln::playground
