// engine/cuda: the optimizers' update of many parameters in one launch (optim.cu), what PyTorch's
// foreach / multi_tensor_apply kernels do on CUDA (its default for SGD and Adam/AdamW there). The
// per-parameter loop of engine/optim launches 4 (SGD) to 8 (Adam) kernels a parameter; for a model of
// dozens of small tensors the step was then bound by launches (ResNet-18: 62 parameters, 250-500
// launches). Kept out of cuda.h: only engine/optim calls them.
//
// Every tensor is float32, contiguous and on the GPU; params[i], grads[i] and the state tensors [i]
// have sizes[i] elements. The per-element arithmetic is the per-parameter loop's, op by op
// (optim/optimizer.cpp), in float32 as PyTorch's foreach kernels compute it.
#pragma once
#include <cstdint>
#include <vector>

namespace kiln::cuda {

struct SgdUpdate {
    double lr = 0, momentum = 0, dampening = 0, weight_decay = 0;
    bool nesterov = false, maximize = false;
};
// bufs[i]: the momentum buffer (unused without momentum); first[i]: the buffer is new this step and
// becomes the (decayed) gradient itself, as the loop's clone(grad).
void sgd_multi_tensor(const std::vector<float*>& params, const std::vector<const float*>& grads,
                      const std::vector<float*>& bufs, const std::vector<uint8_t>& first,
                      const std::vector<int64_t>& sizes, const SgdUpdate& u);

struct AdamUpdate {
    double lr = 0, beta1 = 0, beta2 = 0, eps = 0, weight_decay = 0;
    bool amsgrad = false, maximize = false, decoupled = false;
};
// step_size[i] = lr / (1 - beta1^step), bc2_sqrt[i] = sqrt(1 - beta2^step) for parameter i's step
// count (already incremented); max_sq: the amsgrad running maxima (empty without amsgrad).
void adam_multi_tensor(const std::vector<float*>& params, const std::vector<const float*>& grads,
                       const std::vector<float*>& exp_avg, const std::vector<float*>& exp_avg_sq,
                       const std::vector<float*>& max_sq, const std::vector<double>& step_size,
                       const std::vector<double>& bc2_sqrt, const std::vector<int64_t>& sizes, const AdamUpdate& u);

}  // namespace kiln::cuda
