// engine/cuda: BatchNorm's kernels (batch_norm.cu). Written with ops, a training BatchNorm on the GPU
// took about ten whole-tensor kernels forward (mean, centered copy, its square, a sum, the broadcast
// normalize, scale and shift) and as many backward; PyTorch's CUDA backend has dedicated kernels
// (batch_norm_collect_statistics, batch_norm_elemt, batch_norm_backward_reduce/elemt) and so does
// this file: per-channel sums in one pass, the per-channel coefficients in one small kernel, the
// output in one pass. Kept out of cuda.h: only ops/normalization.cpp calls them.
#pragma once
#include <cstdint>

namespace kiln::cuda {

// x viewed as [N, C, inner], contiguous, of dtype code `dtype` (float32 or float64: the caller passes
// half inputs converted to their compute type). Per-channel vectors are [C], contiguous, in dtype.
struct BatchNormForward {
    const void* x = nullptr;
    const void* weight = nullptr;  // may be null (1)
    const void* bias = nullptr;    // may be null (0)
    void* out = nullptr;
    void* save_mean = nullptr;      // the mean normalized with
    void* save_invstd = nullptr;    // 1 / sqrt(var + eps)
    void* running_mean = nullptr;   // training: updated in place when not null; eval: read (required)
    void* running_var = nullptr;    // (the unbiased batch variance, as PyTorch)
    uint8_t dtype = 4;
    int64_t N = 0, C = 0, inner = 1;
    bool training = true;
    double momentum = 0.1, eps = 1e-5;
};
void batch_norm_forward(const BatchNormForward& a);

// The gradients of BatchNorm over the same view, given the statistics the forward normalized with:
//   training: dx = (g - mean(g) - (x - mean) * mean((x - mean) * g) * invstd^2) * invstd * w
//   eval:     dx = g * invstd * w
//   dweight = sum((x - mean) * g) * invstd, dbias = sum(g)    (each output may be null: not wanted)
struct BatchNormBackward {
    const void* grad = nullptr;
    const void* x = nullptr;
    const void* weight = nullptr;  // may be null
    const void* mean = nullptr;
    const void* invstd = nullptr;
    void* dx = nullptr;
    void* dweight = nullptr;
    void* dbias = nullptr;
    uint8_t dtype = 4;
    int64_t N = 0, C = 0, inner = 1;
    bool training = true;
};
void batch_norm_backward(const BatchNormBackward& a);

}  // namespace kiln::cuda
