// The CUDA code generator: a kernel::Plan's fused kernels rendered as one CUDA C++ source for NVRTC,
// plus the launch code that runs them (the GPU counterpart of codegen/cpp).
//
// Inductor generates Triton for the GPU; Kiln generates CUDA C++ directly, from the same loop-level
// kernels the CPU back end renders, so the two outputs can be read side by side. The statements are
// codegen/kernel_text's (identical to the C++ ones); the loops become a grid of thread blocks:
//
//   pointwise   one thread per element of the x space, a grid-stride loop over xindex, the x dims
//               recovered from xindex by div/mod by the (compile-time) sizes; contiguous float32
//               kernels also as a 4-elements-per-thread variant with float4 loads and stores.
//   reduction   one thread block per x point (a grid-stride loop over rows); each Inner phase runs
//               its r loop with the block's threads striding over rindex, then combines the
//               per-thread accumulators with warp shuffles and a 32-slot shared array
//               (kiln_block_reduce), so every thread holds the row's result for later phases.
//               softmax and layer_norm stay one kernel and one pass per phase over the row, as on
//               the CPU. Outer-phase stores (one value per row) are made by thread 0.
//   combo       (Kernel::parts, passes/combo_kernels.cpp) each part a __device__ function of its
//               pointwise form over a block range, one __global__ function taking every part's
//               arguments in turn and sending each block to its part.
//
// The source is self-contained for NVRTC (which has no host headers): a small `std` shim (the
// <cmath> functions the pointwise rows call, memcpy, numeric_limits, is_same_v), the embedded text
// of ops/pointwise_math.h and codegen's helpers, compiled with -default-device so that those
// unannotated functions are device functions. Kernel names follow Inductor's with the target's
// prefix: cpp_fused_add_relu_0 on the CPU is cuda_fused_add_relu_0 here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernel/ir.h"

namespace kiln::codegen {

// How a kernel is launched: 1-D grid and block (threads per block, a multiple of 32).
struct CudaLaunch {
    int64_t grid = 1;
    int block = 32;
};
CudaLaunch cuda_launch(const kernel::Kernel& k);

// "cuda_fused_add_relu_0" for the kernel the CPU back end calls "cpp_fused_add_relu_0".
std::string cuda_kernel_name(const kernel::Kernel& k);

// Pointwise kernels over float32 whose every access is contiguous (or broadcast) along the innermost
// x dim, in steps of 4 elements (float32 buffers; a load broadcast along it may be of any dtype), also get a `<name>_vec4` variant: each thread moves 4 elements with
// 16-byte loads and stores (float4). So do persistent reductions over one r dim whose row accesses
// are contiguous (or broadcast) in float32 with rows of a multiple of 4: each thread keeps its share
// of a row as float4 groups across the phases. The host launches the vec4 variant when every
// argument address is 16-byte aligned, the scalar kernel otherwise.
bool cuda_vectorizable(const kernel::Plan& p, int kernel_index);
std::string cuda_vec4_kernel_name(const kernel::Kernel& k);
CudaLaunch cuda_vec4_launch(const kernel::Kernel& k);
// Kernels whose CUDA text is the same except for their names and comments (a repeated layer) share
// one compiled function, as Inductor reuses a kernel: entry i is the first kernel identical to
// kernel i (i itself when it is the first). NVRTC then compiles each distinct kernel once.
std::vector<int> cuda_kernel_reuse(const kernel::Plan& p);
// Every function name of the source in order: per distinct kernel (cuda_kernel_reuse) its scalar
// name, then its vec4 name if any.
std::vector<std::string> cuda_kernel_names(const kernel::Plan& p);

// ---- launch configurations (mode="max-autotune") ----
// A kernel can be generated in several configurations that compute the same values; max-autotune
// times each on the real inputs and keeps the fastest (backends/cuda_autotune.h). The default
// configuration of a form is what every other mode runs, under the names above, with the same
// source; the others carry a suffix naming what differs:
//   pointwise             threads per block (`block`): <name>_b512, <name>_vec4_b1024
//   persistent reduction  its float4 form, a block per row with `row_values` row elements per
//                         thread (<name>_vec4_v32), or a warp per row with `warp_rows` rows per
//                         block where a row fits one warp (<name>_vec4_w4); the scalar form as is
// Block sizes are capped to the kernel's size (whole warps), so small kernels have fewer choices.
struct CudaConfig {
    bool vec4 = false;   // the float4 variant (cuda_vectorizable kernels only)
    int block = 0;       // pointwise: threads per block, before capping; 0: the default (256)
    int row_values = 0;  // float4 reduction, a block per row: row elements per thread; 0: 16
    int warp_rows = 0;   // float4 reduction: rows per block of the warp-per-row form (> 1), 1 for a
                         // block per row; 0: the default (8 rows when a row fits a warp at 16 values
                         // per thread, else a block per row)
};
bool operator==(const CudaConfig& a, const CudaConfig& b);
// The kernel's launch and function name in configuration `c` (the defaults: cuda_launch and
// cuda_kernel_name for the scalar form, cuda_vec4_launch and cuda_vec4_kernel_name for vec4).
CudaLaunch cuda_launch(const kernel::Kernel& k, const CudaConfig& c);
// The same for kernel `kernel_index` of `p`, combo kernels too (their launch depends on which parts
// have a vec4 form, hence on the plan's buffers; the overloads above throw for them). A combo runs
// kPointwiseBlock (256) threads a block and gives each part the blocks its own launch would take.
CudaLaunch cuda_launch(const kernel::Plan& p, int kernel_index, const CudaConfig& c);
std::string cuda_config_name(const kernel::Kernel& k, const CudaConfig& c);
// How the AUTOTUNE table shows it: "vec4 block=256", "vec4 warp per row, 4 rows/block", ...
std::string cuda_config_label(const kernel::Kernel& k, const CudaConfig& c);
// Every distinct configuration of kernel `kernel_index`, the default scalar one first, then the
// default vec4 one (if the kernel has a vec4 variant), then the others; configurations that give
// the same function (after capping) appear once.
std::vector<CudaConfig> cuda_candidates(const kernel::Plan& p, int kernel_index);
// One function in configuration `c` (the scalar form with the kernel's comment block, as
// generate_cuda_kernel); throws kiln::Error for a vec4 config of a kernel without a vec4 variant.
std::string generate_cuda_function(const kernel::Plan& p, int kernel_index, const CudaConfig& c);

// What NVRTC compiles: one program per function of cuda_kernel_names (same order), each the prelude
// and that one function. Separate programs compile in parallel, and only the variant a launch takes
// needs compiling: `first_choice` marks the one a plan's launches take with aligned buffers (the
// vec4 variant where there is one), compiled before the first run; the scalar variant of a
// vectorizable kernel only when a misaligned input needs it.
struct CudaUnit {
    std::string name;
    std::string source;
    bool first_choice = true;
};
std::vector<CudaUnit> cuda_units(const kernel::Plan& p);
// max-autotune's units: every candidate (cuda_candidates) of every distinct kernel, all compiled
// before the first run, which times them. Includes the default units under their names.
std::vector<CudaUnit> cuda_autotune_units(const kernel::Plan& p);

// The whole source: the prelude, every kernel (extern "C" __global__), and the launch code as a
// closing comment (allocations, launches with their grid and block, extern steps, frees). Throws
// kiln::Error (RuntimeError) for a plan it cannot render.
std::string generate_cuda(const kernel::Plan& p);

// One kernel: its comment block and its __global__ function.
std::string generate_cuda_kernel(const kernel::Plan& p, int kernel_index);

// The launch code alone (what TORCH_LOGS=output_code shows after the kernels).
std::string cuda_launch_code(const kernel::Plan& p);

// NVRTC's options for these sources on an sm_<arch> device (90 for H100/H200).
std::vector<std::string> nvrtc_options(int arch);

}  // namespace kiln::codegen
