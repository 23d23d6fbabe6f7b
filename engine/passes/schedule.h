// The scheduler: from an optimized aten graph to a Plan of fused kernels (Inductor's lowering +
// Scheduler, in one readable pass), and the memory planner that runs after it.
//
// schedule() classifies every node of the graph:
//   view       transpose, permute, expand, slicing, reshape of a viewable layout: folded into the
//              strides of whoever reads it, never a kernel
//   pointwise  a row of ops/pointwise.def (add, relu, exp, where, casts, ...): a loop body
//   reduction  sum, mean, amax, amin, prod over some dims: a loop body with a reduction
//   extern     mm, addmm, bmm, matmul, linear, convolution: a library call (Kiln's GEMM), as
//              Inductor's extern_kernels.*
//   fallback   anything else: the eager kernel through the op table
// and then fuses greedily in program order, Inductor's rules in miniature: a pointwise op joins
// the kernel of its producer when the iteration spaces match (vertical fusion), or a kernel
// reading the same data (horizontal); a reduction takes its pointwise producers in as a prologue,
// and pointwise consumers of its result over the same rows as an epilogue (softmax, layer_norm
// become one kernel per row block); never when it would make a cycle through another kernel,
// read a computed value through a broadcast or a view, mix float32 and float64 compute, or exceed
// max_fusion_size. Every producer -> consumer edge left between kernels gets a recorded reason.
//
// Kernels are named as Inductor names them: cpp_fused_ + the sorted unique origin ops + _N.
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "kernel/ir.h"

namespace kiln::passes {

struct ScheduleOptions {
    bool fuse = true;          // false: one kernel per op (what the playground compares against)
    int max_fusion_size = 64;  // Inductor's max_fusion_size
    std::string prefix = "cpp";  // kernel name prefix: cpp_fused_..., later triton_poi_fused_...
};

// Builds the Plan for `g` (whose inputs are the compiled graph's tensor inputs, in order). Throws
// kiln::Error with a reason when the graph holds what the scheduler cannot run (control flow,
// in-place ops, non-tensor values flowing between nodes); the caller then runs the graph as is.
kernel::Plan schedule(const std::shared_ptr<graph::Graph>& g, const ScheduleOptions& opt = {});

// gemm_epilogue.cpp, CUDA plans only (before plan_memory): each small extern mm/addmm whose only
// reader is a pointwise kernel over its points becomes that kernel's Kernel::gemm (one launch
// instead of a cuBLAS call and a kernel). Returns how many were fused.
// `judge`, when given (mode="max-autotune": backends/cuda_autotune's tune_gemm_epilogue), decides
// each candidate from the plan before (its extern step and reading kernel step) and after the fusion
// (the fused kernel's step): true keeps the fusion.
using GemmFusionJudge =
    std::function<bool(const kernel::Plan& before, int extern_step, int reader_step, const kernel::Plan& after, int fused_step)>;
int fuse_gemm_epilogues(kernel::Plan& p, const GemmFusionJudge& judge = {});

// combo_kernels.cpp, CUDA plans only (before plan_memory): pointwise kernels that do not depend on
// each other or on the kernels between them become one combo kernel (Kernel::parts), one launch
// instead of one per kernel (an optimizer's per-parameter updates). Returns how many it made.
int form_combo_kernels(kernel::Plan& p);

// memory_plan.cpp: Alloc before a buffer's first write, Free after its last read, Reuse of a dead
// buffer with the same size and dtype (in place when a kernel reads it elementwise for the last
// time), and the peak-memory estimates of eager vs compiled.
void plan_memory(kernel::Plan& p);


}  // namespace kiln::passes
