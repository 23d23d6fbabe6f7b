// Autotuning a CUDA plan: torch.compile(mode="max-autotune") on the GPU (autotune.h is the CPU's).
//
// PyTorch's max-autotune benchmarks the candidate configurations of each generated kernel and of
// each GEMM on the real inputs and keeps the fastest. Kiln's CUDA kernels come in several launch
// configurations (codegen::cuda_candidates: threads per block of pointwise kernels, values per
// thread or rows per block of persistent reductions, the float4 and scalar forms), all compiled up
// front (codegen::cuda_autotune_units, one NVRTC program each, in parallel). The GEMMs of extern
// steps (mm, addmm, bmm) choose between cuBLAS's default and cuBLASLt's first heuristic algorithms
// (cuda.h: set_gemm_autotune), remembered per problem for the whole process.
//
// cuda_autotune() runs the plan once, on the real inputs, with GEMM autotuning on. Before each
// kernel launch it times every candidate of that kernel (cuda::benchmark_ms: CUDA events on the
// current stream, L2 flushed before each timed run, median of 7), on the kernel's real input
// buffers but with every buffer it writes replaced by a scratch copy: a kernel that updates a
// buffer in place (in_out_ptr) never runs twice on the caller's data, and inputs that share memory
// with an output stay as they were. The fastest candidate then makes the real launch, and every
// later call (and the CUDA graph max-autotune records afterwards) launches it. A kernel identical to
// an earlier one (codegen::cuda_kernel_reuse) shares its function and so its choice. vec4
// candidates need 16-byte-aligned arguments: they are timed only when the real arguments are, and a
// later call with a misaligned argument takes the fastest scalar candidate instead.
//
// Generated kernels have no data-dependent control flow and their indices are affine in the loop
// variables, so the values in a scratch buffer change nothing in the time measured.
//
// The table goes to stderr (bindings/inductor.cpp), in the style of PyTorch's and of autotune.h's:
//   AUTOTUNE cuda_fused__softmax_0(x=[37], r=[1000], float32) [CUDA]
//     cuda_fused__softmax_0_vec4_v32 0.0031 ms 100.0% vec4 block per row, 32 values/thread, block=32
//     cuda_fused__softmax_0_vec4 0.0035 ms 88.6% vec4 block per row, 16 values/thread, block=64 (default)
//   SingleProcess AUTOTUNE benchmarking takes 0.0123 seconds for 5 choices
//   AUTOTUNE addmm(64, 8x32, 32x64^T, float32) [cuBLAS]
//     cublaslt_heuristic_1 0.0040 ms 100.0% algo=66 tile=20 split_k=1
//     ...
#pragma once
#include <string>
#include <vector>

#include "backends/executor.h"
#include "codegen/cuda.h"
#include "cuda/cuda.h"

namespace kiln::backends {

struct CudaAutotuneOptions {
    int reps = 7;  // timed runs per candidate (median), after one warm-up run
};

struct CudaChoiceTime {
    codegen::CudaConfig config;
    std::string name;   // the function: "cuda_fused_relu_0_vec4_b512"
    std::string label;  // "vec4 block=512" (+ " (default)" for what default mode launches here)
    double ms = 0;      // median
};

struct CudaKernelTuning {
    int kernel = -1;     // the first plan kernel with this function
    std::string title;   // "cuda_fused_relu_0(x=[8, 64], float32)"
    std::vector<CudaChoiceTime> choices;  // fastest first
    std::string note;    // what was left out and why ("" when nothing was)
    double seconds = 0;  // benchmarking time spent on it
};

struct CudaAutotuneResult {
    std::vector<Tensor> outputs;             // the graph's outputs from the tuning run
    std::vector<CudaKernelTuning> kernels;   // one per distinct kernel, in launch order
    std::vector<cuda::GemmTuning> gemms;     // the GEMM problems tuned during the run
    double seconds = 0;                      // the whole tuning run
    // The AUTOTUNE blocks in the order the plan ran them, then a line with the totals.
    std::string table() const;

    // Which block came when (kernels and GEMMs interleave as the steps ran).
    struct Block {
        bool gemm = false;
        int index = 0;
    };
    std::vector<Block> order;
};

// mode="max-autotune", at compile time: a GEMM-template fusion (passes/gemm_epilogue.cpp) against
// what it replaces, the extern cuBLAS GEMM followed by the unfused pointwise kernel. Each side runs
// as a plan of its own (the steps alone; what they read becomes inputs, filled with sin(0), sin(1), ...,
// what they write becomes outputs) and is timed with cuda::benchmark_ms; shapes, not values, decide
// the time (no data-dependent control flow). `fused_wins` says which to keep; `table` is the AUTOTUNE
// block:
//   AUTOTUNE addmm_1(m=32, n=64, k=64) + cuda_fused_tanh_1 [GEMM epilogue]
//     cuda_fused_addmm_tanh_1 0.0031 ms 100.0% GEMM template, the product kept in registers
//     addmm + cuda_fused_tanh_1 0.0052 ms 59.6% cuBLAS, then the pointwise kernel
struct GemmEpilogueTuning {
    bool fused_wins = true;
    std::string table;
};
GemmEpilogueTuning tune_gemm_epilogue(const kernel::Plan& before, int extern_step, int reader_step, const kernel::Plan& after,
                                      int fused_step, const CudaAutotuneOptions& opt = {});

// Runs the plan once on `inputs`, tuning each distinct kernel before its first launch and each new
// GEMM problem at its call, and sets the winners on the runner (set_cuda_choice). The runner's
// module must hold every candidate (compile_cuda(codegen::cuda_autotune_units(plan))). Not while a
// CUDA graph records.
CudaAutotuneResult cuda_autotune(PlanRunner& runner, const std::vector<Tensor>& inputs, const CudaAutotuneOptions& opt = {});

}  // namespace kiln::backends
