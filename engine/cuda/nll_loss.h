// engine/cuda: nll_loss's kernels (nll_loss.cu), the loss under every cross_entropy. Written with ops
// on the GPU it took some nine kernels forward (gather, masks, weights, two sums, a division) and its
// backward was computed on the host (copies both ways and a wait for the GPU at every training step,
// which also kept a compiled step out of a CUDA graph). As PyTorch's CUDA kernels
// (nll_loss_forward_reduce_cuda_kernel_2d, nll_loss_backward_*), one kernel each way, targets checked
// on the device (an out-of-range class raises at the next synchronization, cuda/index_check.h).
// Kept out of cuda.h: only ops/loss.cpp calls them.
#pragma once
#include <cstdint>

namespace kiln::cuda {

// input viewed as [N, C, S], contiguous, float32 or float64 (`dtype` code); target: N * S int64 class
// indices; weight: [C] of dtype or null. reduction: 0 none (out: N * S values), 1 mean, 2 sum (out and
// total_weight: one value each; mean divides by the summed weight of the kept targets).
struct NllLoss {
    const void* input = nullptr;
    const int64_t* target = nullptr;
    const void* weight = nullptr;
    uint8_t dtype = 4;
    int64_t N = 0, C = 0, S = 1;
    int reduction = 1;
    int64_t ignore_index = -100;
};
void nll_loss_forward(const NllLoss& a, void* out, void* total_weight);

// grad_input (zeroed here, [N, C, S]) = -weight[t] * grad (grad: N * S values for none, else one;
// divided by total_weight's one value for mean) at each kept target's class.
void nll_loss_backward(const NllLoss& a, const void* grad, const void* total_weight, void* grad_input);

}  // namespace kiln::cuda
