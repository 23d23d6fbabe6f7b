// Autotuning a Plan's kernels on the kernel interpreter: torch.compile(mode="max-autotune") on CPU.
//
// (On the GPU, max-autotune tunes the CUDA kernels' launch configurations and the GEMMs' cuBLAS
// algorithms instead: backends/cuda_autotune.h.)
//
// Modes on CPU (bindings/inductor.cpp): "max-autotune" and "max-autotune-no-cudagraphs" tune at the
// first call of each compiled input layout, as below (CUDA graphs are a GPU matter: the two are the
// same here); "reduce-overhead" (CUDA graphs) and "default" run the default configs. The tables go
// to stderr whenever the mode is max-autotune, as PyTorch prints its AUTOTUNE tables.
//
// PyTorch's max-autotune benchmarks GEMM/conv template configs (and, with coordinate descent, the
// block sizes of pointwise and reduction kernels) on the real inputs and keeps the fastest. Kiln's
// interpreter has two knobs per kernel (InterpConfig): the tile size and the number of threads.
// autotune() runs the plan once on the interpreter with real inputs; at each kernel step, once the
// kernel's inputs exist, it times the candidate configs on the real buffers (tile sizes 1..16 KiB
// x threads {1, half, all}, deduplicated: candidates that give the kernel the same blocks and the
// same thread count are one; a kernel of a single block gets one thread), one warm-up and a median
// of a few runs each, and keeps the fastest. Kernels are re-run on their own output buffers; a
// kernel that works in place (in_out_ptr) or whose output shares memory with its input has its
// written buffers restored before every run, so the plan's results are those of a normal call.
//
// Threads are only candidates where OpenMP is (the WebAssembly build tunes tile sizes alone).
// Bounded: kernels under min_kernel_ms (default config) keep the default, and a call stops tuning
// once budget_s is spent (later kernels keep the default, and the table says so).
//
// Natively compiled kernels (codegen/cpp + backends/cpu_jit) take no tile parameter: only the
// interpreter's configs are tuned; they are what runs until the native module is ready (and always
// with cpp_jit off, in the browser build, or with set_force_interpreter). The table's header says
// which engine was tuned.
//
// The table, in the spirit of PyTorch's (sorted by time, % = best / this):
//   AUTOTUNE cpp_fused__softmax_0(x=[4096], r=[4096], float32) [kernel interpreter]
//     tile=8KiB threads=2 1.2345 ms 100.0%
//     tile=4KiB threads=2 1.3000 ms 95.0%
//   SingleProcess AUTOTUNE benchmarking takes 0.1234 seconds for 12 choices
#pragma once
#include <string>
#include <vector>

#include "backends/executor.h"
#include "backends/interp.h"

namespace kiln::backends {

struct AutotuneOptions {
    std::vector<int> tile_bytes = {1024, 2048, 4096, 8192, 16384};
    std::vector<int> threads;    // empty: {1, half, all} of interp_max_threads(), deduplicated
    double min_kernel_ms = 0.01;  // kernels faster than this (default config) are not tuned
    double budget_s = 0.5;        // total benchmarking time of one autotune() call
    int reps = 5;                 // timed runs per candidate (median), after one warm-up run
};

struct AutotuneChoice {
    InterpConfig config;
    double ms = 0;  // median
};

struct KernelTuning {
    int kernel = -1;
    std::string title;    // "cpp_fused__softmax_0(x=[4096], r=[4096], float32)"
    double default_ms = 0;  // one timed run of the default config
    std::vector<AutotuneChoice> choices;  // fastest first; empty when not tuned
    std::string skipped;  // why it was not tuned ("" when tuned)
    bool over_budget = false;  // not tuned for lack of budget (the table says so)
    double seconds = 0;   // benchmarking time spent on it
};

struct AutotuneResult {
    std::vector<Tensor> outputs;          // the graph's outputs from the tuning run
    std::vector<KernelTuning> kernels;    // one per plan kernel
    std::vector<InterpConfig> configs;    // the winners (default where not tuned), set on the runner
    double seconds = 0;
    bool native = false;  // a native module is attached (its kernels are not tuned)
    // The AUTOTUNE blocks of the tuned kernels (and a line per kernel the budget left untuned).
    std::string table() const;
};

// Runs the plan once on the interpreter with `inputs`, tuning each kernel as it comes, and sets
// the winners on the runner (runner.set_configs).
AutotuneResult autotune(PlanRunner& runner, const std::vector<Tensor>& inputs, const AutotuneOptions& opt = {});

// The title of a kernel in the table: name(x=[...], r=[...], compute dtype).
std::string autotune_title(const kernel::Kernel& k);

// The autotuners' shared helpers (CPU and CUDA): a number printed with a printf format, list membership.
namespace autotune_text {
std::string fmt(const char* f, double v);
bool contains(const std::vector<int>& v, int x);
}  // namespace autotune_text

}  // namespace kiln::backends
