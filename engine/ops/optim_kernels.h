// Fused CPU optimizer updates: one pass over a parameter's float32 arrays that performs the
// single-tensor update's in-place ops in their order, chunk by chunk.
//
// torch.optim's single-tensor Adam/AdamW (the path PyTorch takes on the CPU by default, and the one
// optim/optimizer.cpp mirrors op by op) runs about eight elementwise ops per parameter, each a full
// pass over arrays that outgrow the caches (an MLP's 0.67 M parameters: 2.7 MB per array, ~20 array
// passes per step). Here each op runs over a chunk of a few KB before the next op reads it (loop
// fission in blocks), so the intermediates stay in L1. Each chunk loop is the eager kernel's own
// per-element expression (ops/pointwise.def's op structs, the same Scalar-to-float conversions) and
// values pass between ops through memory, never fused into one expression, so the results are bit
// for bit the per-op path's (tests/optim: fused against foreach=False).
//
// defines: AdamScalars, adam_step_f32_cpu, SgdScalars, sgd_step_f32_cpu, AdadeltaScalars, adadelta_step_f32_cpu
#pragma once
#include <cstdint>

namespace kiln {

// One parameter's update, the doubles as optim/optimizer.cpp computes them for this step.
struct AdamScalars {
    double lr, beta1, beta2, eps, weight_decay;
    double step_size;              // lr / bias_correction1
    double bias_correction2_sqrt;  // sqrt(1 - beta2^step)
    bool decoupled;                // AdamW: param *= 1 - lr * weight_decay; Adam: grad += weight_decay * param
    bool maximize;                 // grad = -grad first
};

// param, grad, exp_avg, exp_avg_sq: n contiguous float32 values each (grad is only read). Splits the
// chunks across the intra-op threads; the arithmetic does not depend on the split.
void adam_step_f32_cpu(float* param, const float* grad, float* exp_avg, float* exp_avg_sq, int64_t n,
                       const AdamScalars& s);

// One parameter's SGD update (torch.optim.SGD's options).
struct SgdScalars {
    double lr, momentum, dampening, weight_decay;
    bool nesterov, maximize;
    bool first;  // the momentum buffer is created this step: buf = grad (momentum != 0)
};

// param, grad, momentum_buffer (unused when momentum is 0): n contiguous float32 values each.
void sgd_step_f32_cpu(float* param, const float* grad, float* momentum_buffer, int64_t n, const SgdScalars& s);

// One parameter's Adadelta update (torch.optim.Adadelta's options).
struct AdadeltaScalars {
    double lr, rho, eps, weight_decay;
    bool maximize;
};

// param, grad, square_avg, acc_delta: n contiguous float32 values each.
void adadelta_step_f32_cpu(float* param, const float* grad, float* square_avg, float* acc_delta, int64_t n,
                           const AdadeltaScalars& s);

}  // namespace kiln
