// Loads and stores of the storage types on the GPU, shared by the .cu files: a value of storage type
// S (bool, int64_t, __half, __nv_bfloat16, float, double) read as compute type C, and back, rounding
// to nearest even into the half types (what the CPU's conversions do); the compute type of a storage
// type, the dispatch of a dtype code (any, or floating only) to its storage type, atomic adds of
// each type, and the block-wide reduction the row kernels end with.
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "support/error.h"

namespace kiln::cuda {

template <typename S>
constexpr bool is_half_v = std::is_same_v<S, __half> || std::is_same_v<S, __nv_bfloat16>;

// float for the half types (they load as float and round on store), the type itself otherwise
template <typename S>
using compute_of = std::conditional_t<is_half_v<S>, float, S>;

// f((S*)nullptr) for the storage type S of a dtype code (kiln::DType order: 0 bool, 1 int64, 2 half,
// 3 bfloat16, 4 float, 5 double).
template <typename F>
void dispatch(uint8_t dtype, F&& f) {
    switch (dtype) {
        case 0: f((bool*)nullptr); return;
        case 1: f((int64_t*)nullptr); return;
        case 2: f((__half*)nullptr); return;
        case 3: f((__nv_bfloat16*)nullptr); return;
        case 4: f((float*)nullptr); return;
        case 5: f((double*)nullptr); return;
        default: KILN_FAIL(RuntimeError, "internal: unknown dtype code ", int(dtype), " in a CUDA kernel");
    }
}

// f((S*)nullptr) for the floating dtype code (kiln::DType order: 2 half, 3 bfloat16, 4 float, 5 double).
template <typename F>
void dispatch_floating(uint8_t dtype, F&& f) {
    switch (dtype) {
        case 2: f((__half*)nullptr); return;
        case 3: f((__nv_bfloat16*)nullptr); return;
        case 4: f((float*)nullptr); return;
        case 5: f((double*)nullptr); return;
        default: KILN_FAIL(RuntimeError, "internal: floating CUDA kernel called with dtype code ", int(dtype));
    }
}

__device__ inline void atomic_add(float* p, float v) { atomicAdd(p, v); }
__device__ inline void atomic_add(double* p, double v) { atomicAdd(p, v); }
__device__ inline void atomic_add(__half* p, __half v) { atomicAdd(p, v); }
__device__ inline void atomic_add(__nv_bfloat16* p, __nv_bfloat16 v) { atomicAdd(p, v); }
__device__ inline void atomic_add(int64_t* p, int64_t v) {
    atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));  // wraps as int64 does
}

template <typename C, typename S>
__device__ inline C load(S v) {
    if constexpr (std::is_same_v<S, __half>) return static_cast<C>(__half2float(v));
    else if constexpr (std::is_same_v<S, __nv_bfloat16>) return static_cast<C>(__bfloat162float(v));
    else return static_cast<C>(v);
}

template <typename O, typename V>
__device__ inline O store(V v) {
    if constexpr (std::is_same_v<O, __half>) return __float2half_rn(static_cast<float>(v));
    else if constexpr (std::is_same_v<O, __nv_bfloat16>) return __float2bfloat16_rn(static_cast<float>(v));
    else return static_cast<O>(v);
}

// combine(v of every thread of the block), returned to every thread (blockDim.x a multiple of 32, at
// most 1024; shared: at least 32 entries; identity: combine's neutral value). Warp shuffles, then each
// warp folds the warps' partial results: two barriers where a shared-memory tree takes one per halving.
template <typename A, typename Combine>
__device__ A block_reduce(A v, A* shared, A identity, Combine combine) {
    for (int o = 16; o > 0; o >>= 1) v = combine(v, __shfl_xor_sync(0xffffffffu, v, o));
    const int warps = int(blockDim.x >> 5), lane = int(threadIdx.x & 31);
    if (warps == 1) return v;
    if (lane == 0) shared[threadIdx.x >> 5] = v;
    __syncthreads();
    v = lane < warps ? shared[lane] : identity;
    for (int o = 16; o > 0; o >>= 1) v = combine(v, __shfl_xor_sync(0xffffffffu, v, o));
    __syncthreads();  // shared is free again for the caller's next reduction
    return v;
}

template <typename A>
__device__ A block_sum(A v, A* shared) {
    return block_reduce(v, shared, A(0), [](A a, A b) { return a + b; });
}

// max with NaN winning (PyTorch's max/amax propagate NaN)
template <typename A>
__device__ A block_max(A v, A* shared) {
    return block_reduce(v, shared, A(-INFINITY), [](A a, A b) { return (a != a || a > b) ? a : b; });
}

}  // namespace kiln::cuda
