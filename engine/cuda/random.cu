// Random numbers drawn on the GPU: Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as
// 1, 2, 3", the generator behind curand's Philox and PyTorch's CUDA generator) and the transforms of
// its 32-bit words into each distribution.
//
// A counter-based generator makes a draw a pure function of (key, counter): every element group
// computes its own words, so a fill is one launch with no generator state on the device, the same
// numbers come out for any grid size, and a call recorded into a CUDA graph can be given a new
// offset at each replay through a device word instead of baked-in arguments (cuda.h: Philox).
//
// The transforms are the usual ones (PyTorch's CUDA kernels use the same shapes, on curand's own
// element order, which depends on the device's SM count, so Kiln does not try to reproduce PyTorch's
// CUDA numbers, only their distributions): 24 bits per float uniform, 53 bits (two words) per double
// one, Box-Muller pairs for normals, a uniform compared with p for Bernoulli, 32 or 64 bits modulo
// the range for integers.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cuda/check.h"
#include "cuda/cuda.h"
#include "cuda/scalar.cuh"
#include "cuda/stream.h"

namespace kiln::cuda {

namespace {

constexpr int kThreads = 256;

__device__ inline uint4 philox4x32_10(uint4 c, uint2 k) {
    constexpr uint32_t kM0 = 0xD2511F53u, kM1 = 0xCD9E8D57u, kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u;
#pragma unroll
    for (int round = 0; round < 10; ++round) {
        const uint32_t hi0 = __umulhi(kM0, c.x), lo0 = kM0 * c.x;
        const uint32_t hi1 = __umulhi(kM1, c.z), lo1 = kM1 * c.z;
        c = make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
        k.x += kW0;
        k.y += kW1;
    }
    return c;
}

// [0, 1) from the top 24 bits of a word / the top 53 bits of two.
__device__ inline float unit_float(uint32_t w) { return float(w >> 8) * (1.0f / 16777216.0f); }
__device__ inline double unit_double(uint32_t hi, uint32_t lo) {
    return double(((uint64_t(hi) << 32) | lo) >> 11) * (1.0 / 9007199254740992.0);
}

// Whether a fill of this kind and compute type spends two words per element (64 random bits).
__host__ __device__ inline bool wide(RandomKind kind, bool dbl, uint64_t range) {
    if (kind == RandomKind::Range) return range == 0 || range > (uint64_t(1) << 32);  // 0: 2^64
    return dbl;
}

template <typename S>
__device__ inline S from_double(double v) {
    if constexpr (std::is_same_v<S, bool>) return v != 0.0;
    else return store<S>(static_cast<compute_of<S>>(v));
}

// One element group: 4 elements from the four words (2 where each needs two words).
template <typename S>
__global__ void random_kernel(S* out, int64_t n, RandomFill f, Philox ph) {
    using C = compute_of<S>;
    constexpr bool kDouble = std::is_same_v<C, double>;
    const uint64_t seed = ph.state ? ph.state[0] : ph.seed;
    const uint64_t offset = (ph.state ? ph.state[1] : 0) + ph.offset;
    const bool two_words = wide(f.kind, kDouble || (f.kind == RandomKind::BernoulliTensor && f.p_dtype == 5), f.range);
    const int per = two_words ? 2 : 4;
    const int64_t groups = (n + per - 1) / per;
    const uint2 key = make_uint2(uint32_t(seed), uint32_t(seed >> 32));
    for (int64_t g = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; g < groups; g += int64_t(gridDim.x) * blockDim.x) {
        const uint4 r = philox4x32_10(make_uint4(uint32_t(g), uint32_t(uint64_t(g) >> 32), uint32_t(offset),
                                                 uint32_t(offset >> 32)),
                                      key);
        const uint32_t w[4] = {r.x, r.y, r.z, r.w};
        double v[4];
        switch (f.kind) {
            case RandomKind::Uniform:
                for (int j = 0; j < per; ++j) {
                    const double u = two_words ? unit_double(w[2 * j], w[2 * j + 1]) : double(unit_float(w[j]));
                    v[j] = u * (f.b - f.a) + f.a;
                }
                break;
            case RandomKind::Normal:
                // Box-Muller on pairs of uniforms: (w0, w1) -> elements 0 and 1, (w2, w3) -> 2 and 3;
                // with two words per uniform, (w0 w1, w2 w3) -> elements 0 and 1. 1 - u keeps log finite.
                for (int j = 0; j < per; j += 2) {
                    double u1, u2;
                    if (two_words) {
                        u1 = 1.0 - unit_double(w[0], w[1]);
                        u2 = unit_double(w[2], w[3]);
                    } else {
                        u1 = 1.0 - double(unit_float(w[j]));
                        u2 = double(unit_float(w[j + 1]));
                    }
                    const double radius = sqrt(-2.0 * log(u1)), theta = 2.0 * M_PI * u2;
                    v[j] = radius * cos(theta) * f.b + f.a;
                    v[j + 1] = radius * sin(theta) * f.b + f.a;
                }
                break;
            case RandomKind::Bernoulli:
                for (int j = 0; j < per; ++j) v[j] = double(unit_float(w[j])) < f.a ? 1.0 : 0.0;
                break;
            case RandomKind::BernoulliTensor:
                for (int j = 0; j < per; ++j) {
                    const int64_t e = g * per + j;
                    if (e >= n) break;
                    if (two_words) v[j] = unit_double(w[2 * j], w[2 * j + 1]) < static_cast<const double*>(f.p)[e];
                    else v[j] = unit_float(w[j]) < static_cast<const float*>(f.p)[e];
                }
                break;
            case RandomKind::Exponential:
                for (int j = 0; j < per; ++j) {
                    const double u = two_words ? unit_double(w[2 * j], w[2 * j + 1]) : double(unit_float(w[j]));
                    v[j] = -log1p(-u) / f.a;
                }
                break;
            case RandomKind::Range:
                for (int j = 0; j < per; ++j) {
                    const uint64_t bits = two_words ? (uint64_t(w[2 * j]) << 32) | w[2 * j + 1] : uint64_t(w[j]);
                    const int64_t e = g * per + j;
                    if (e >= n) break;
                    const int64_t value = int64_t((f.range ? bits % f.range : bits) + uint64_t(f.lo));
                    if constexpr (std::is_same_v<S, bool>) out[e] = value != 0;
                    else if constexpr (std::is_same_v<S, int64_t>) out[e] = value;
                    else out[e] = store<S>(static_cast<C>(value));
                }
                continue;  // integers were stored exactly, not through a double
        }
        for (int j = 0; j < per; ++j) {
            const int64_t e = g * per + j;
            if (e < n) out[e] = from_double<S>(v[j]);
        }
    }
}

}  // namespace

void random_fill(void* out, uint8_t dtype, int64_t n, const RandomFill& fill, const Philox& philox) {
    if (n <= 0) return;
    dispatch(dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        const int64_t groups = (n + 1) / 2;  // the most groups a fill can have (two elements each)
        const int64_t blocks = (groups + kThreads - 1) / kThreads;
        random_kernel<S><<<unsigned(blocks < 65535 * 16 ? blocks : 65535 * 16), kThreads, 0, current_stream()>>>(
            static_cast<S*>(out), n, fill, philox);
    });
    KILN_CUDA_CHECK(cudaGetLastError());
}

}  // namespace kiln::cuda
