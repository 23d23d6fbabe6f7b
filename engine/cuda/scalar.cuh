// Loads and stores of the storage types on the GPU, shared by the .cu files: a value of storage type
// S (bool, int64_t, __half, __nv_bfloat16, float, double) read as compute type C, and back, rounding
// to nearest even into the half types (what the CPU's conversions do).
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <type_traits>

namespace kiln::cuda {

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

}  // namespace kiln::cuda
