// The optimizers' multi-tensor updates (optim.h): one launch updates a pack of parameters. Each
// block owns a chunk of kChunk elements of one tensor; a pack lists up to kMaxTensors tensors' pointers
// and up to kMaxBlocks (tensor, chunk) pairs and travels as the kernel's argument (under 4 KB), so no
// pointer table is copied to the device. The host walks the tensors' chunks and launches whenever a
// pack fills, as PyTorch's multi_tensor_apply does.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "cuda/check.h"
#include "cuda/optim.h"
#include "cuda/stream.h"

namespace kiln::cuda {

namespace {

constexpr int kMaxTensors = 36, kMaxBlocks = 256, kThreads = 512;
constexpr int64_t kChunk = 65536;

template <int N>  // N pointers per tensor: the parameter, its gradient and its state tensors
struct Pack {
    float* ptr[N][kMaxTensors];
    int64_t size[kMaxTensors];
    float s0[kMaxTensors], s1[kMaxTensors];  // per-tensor scalars (Adam: step size, sqrt of bias correction 2)
    uint8_t flag[kMaxTensors];               // per-tensor flag (SGD: the momentum buffer is new)
    uint8_t tensor[kMaxBlocks];
    int chunk[kMaxBlocks];
};
static_assert(sizeof(Pack<5>) <= 4096, "a pack must fit the kernel argument space");

template <int N, typename Op>
__global__ void __launch_bounds__(kThreads) multi_tensor_kernel(Pack<N> pack, Op op) {
    const int t = pack.tensor[blockIdx.x];
    const int64_t start = int64_t(pack.chunk[blockIdx.x]) * kChunk, end = min(start + kChunk, pack.size[t]);
    for (int64_t i = start + threadIdx.x; i < end; i += kThreads) op(pack, t, i);
}

// Walks every tensor's chunks into packs and launches op over each full pack. fill(pack, slot, i)
// stores tensor i's pointers and scalars in the pack's slot.
template <int N, typename Op, typename Fill>
void multi_tensor_apply(const std::vector<int64_t>& sizes, const Op& op, Fill&& fill) {
    Pack<N> pack{};
    int tensors = 0, blocks = 0;
    auto launch = [&] {
        if (blocks > 0) {
            multi_tensor_kernel<N, Op><<<blocks, kThreads, 0, current_stream()>>>(pack, op);
            KILN_CUDA_CHECK(cudaGetLastError());
        }
        tensors = blocks = 0;
    };
    for (size_t i = 0; i < sizes.size(); ++i) {
        const int64_t chunks = (sizes[i] + kChunk - 1) / kChunk;
        int slot = -1;
        for (int64_t c = 0; c < chunks; ++c) {
            if (slot < 0) {
                if (tensors == kMaxTensors) launch();
                slot = tensors++;
                pack.size[slot] = sizes[i];
                fill(pack, slot, i);
            }
            pack.tensor[blocks] = uint8_t(slot);
            pack.chunk[blocks] = int(c);
            if (++blocks == kMaxBlocks) {
                launch();
                slot = -1;  // the tensor's next chunk starts a new pack
            }
        }
    }
    launch();
}

// SGD, as the per-parameter loop: d = g (+ wd * p); buf = d the first time, else buf * momentum +
// (1 - dampening) * d; d = buf (nesterov: d + momentum * buf); p -= lr * d.
struct SgdOp {
    float neg_lr, momentum, one_minus_dampening, weight_decay;
    bool has_momentum, nesterov, maximize;
    __device__ void operator()(Pack<3>& pk, int t, int64_t i) const {
        float* p = pk.ptr[0][t];
        float g = pk.ptr[1][t][i];
        if (maximize) g = -g;
        const float w = p[i];
        if (weight_decay != 0.0f) g = g + weight_decay * w;
        if (has_momentum) {
            float* buf = pk.ptr[2][t];
            const float b = pk.flag[t] ? g : buf[i] * momentum + one_minus_dampening * g;
            buf[i] = b;
            g = nesterov ? g + momentum * b : b;
        }
        p[i] = w + neg_lr * g;
    }
};

// Adam / AdamW, as the per-parameter loop: weight decay (decoupled: p *= 1 - lr * wd; else g += wd * p),
// exp_avg.lerp_(g, 1 - beta1) (PyTorch's lerp formula for each side of 0.5), exp_avg_sq = exp_avg_sq *
// beta2 + (1 - beta2) * g * g, denom = sqrt(exp_avg_sq or its running max) / bc2_sqrt + eps,
// p += -step_size * exp_avg / denom.
struct AdamOp {
    float one_minus_beta1, beta2, one_minus_beta2, eps, weight_decay, decay_factor;
    bool amsgrad, maximize, decoupled;
    __device__ void operator()(Pack<5>& pk, int t, int64_t i) const {
        float* p = pk.ptr[0][t];
        float* m = pk.ptr[2][t];
        float* v = pk.ptr[3][t];
        float g = pk.ptr[1][t][i];
        if (maximize) g = -g;
        float w = p[i];
        if (weight_decay != 0.0f) {
            if (decoupled)
                w = w * decay_factor;
            else
                g = g + weight_decay * w;
        }
        const float mi = m[i], diff = g - mi;
        const float mo = one_minus_beta1 < 0.5f ? mi + one_minus_beta1 * diff : g - diff * (1.0f - one_minus_beta1);
        m[i] = mo;
        const float vo = v[i] * beta2 + one_minus_beta2 * g * g;
        v[i] = vo;
        float sq = vo;
        if (amsgrad) {
            float* vm = pk.ptr[4][t];
            sq = fmaxf(vm[i], vo);
            vm[i] = sq;
        }
        const float denom = sqrtf(sq) / pk.s1[t] + eps;
        p[i] = w + (-pk.s0[t]) * (mo / denom);
    }
};

}  // namespace

void sgd_multi_tensor(const std::vector<float*>& params, const std::vector<const float*>& grads,
                      const std::vector<float*>& bufs, const std::vector<uint8_t>& first,
                      const std::vector<int64_t>& sizes, const SgdUpdate& u) {
    const SgdOp op{float(-u.lr), float(u.momentum), float(1 - u.dampening), float(u.weight_decay), u.momentum != 0,
                   u.nesterov, u.maximize};
    multi_tensor_apply<3>(sizes, op, [&](Pack<3>& pk, int slot, size_t i) {
        pk.ptr[0][slot] = params[i];
        pk.ptr[1][slot] = const_cast<float*>(grads[i]);
        pk.ptr[2][slot] = op.has_momentum ? bufs[i] : nullptr;
        pk.flag[slot] = op.has_momentum ? first[i] : 0;
    });
}

void adam_multi_tensor(const std::vector<float*>& params, const std::vector<const float*>& grads,
                       const std::vector<float*>& exp_avg, const std::vector<float*>& exp_avg_sq,
                       const std::vector<float*>& max_sq, const std::vector<double>& step_size,
                       const std::vector<double>& bc2_sqrt, const std::vector<int64_t>& sizes, const AdamUpdate& u) {
    const AdamOp op{float(1 - u.beta1), float(u.beta2),          float(1 - u.beta2), float(u.eps),
                    float(u.weight_decay), float(1 - u.lr * u.weight_decay), u.amsgrad, u.maximize, u.decoupled};
    multi_tensor_apply<5>(sizes, op, [&](Pack<5>& pk, int slot, size_t i) {
        pk.ptr[0][slot] = params[i];
        pk.ptr[1][slot] = const_cast<float*>(grads[i]);
        pk.ptr[2][slot] = exp_avg[i];
        pk.ptr[3][slot] = exp_avg_sq[i];
        pk.ptr[4][slot] = u.amsgrad ? max_sq[i] : nullptr;
        pk.s0[slot] = float(step_size[i]);
        pk.s1[slot] = float(bc2_sqrt[i]);
    });
}

}  // namespace kiln::cuda
