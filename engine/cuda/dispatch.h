// Tensor-level entry points of engine/cuda: what the eager ops (ops/*.cpp) call when their operands
// live on the GPU. Each op keeps its dtype rules, checks and autograd in ops/; only the kernel call
// is routed here (`if (out.device() == Device::CUDA) return cuda::...`). ops.cpp describes the
// tensors to the raw kernels of cuda.h (strides merged, 0-dim CPU operands moved to the device).
#pragma once
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "cuda/cuda.h"
#include "tensor/tensor.h"

namespace kiln::cuda {

// The device an op with these operands runs on. CUDA when any operand is a CUDA tensor; then every
// other operand must be a CUDA tensor or a 0-dim CPU tensor (a Python scalar), else PyTorch's
// "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!".
// Undefined tensors are skipped.
Device common_device(std::initializer_list<Tensor> operands);
Device common_device(const std::vector<Tensor>& operands);

// t on device d with dtype dt (a copy, unless it already is so and !copy). No autograd.
Tensor to_device(const Tensor& t, Device d, std::optional<DType> dt = std::nullopt, bool copy = false);

// dst = src (src broadcast to dst's shape already), converting dtypes, across any pair of devices.
void copy_tensor(const Tensor& dst, const Tensor& src);
// Every element of t (any layout, on the GPU) = v.
void fill_tensor(const Tensor& t, Scalar v);

// The pointwise kernels over tensors that already have out's shape (broadcast views) and the
// compute dtype; p0/p1/alpha converted to the compute type as the CPU kernels convert them.
void unary_tensor(Unary op, const Tensor& out, const Tensor& x, Scalar p0, Scalar p1);
void binary_tensor(Binary op, const Tensor& out, const Tensor& a, const Tensor& b, Scalar alpha);
void ternary_tensor(Ternary op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, Scalar alpha);

// Indexing along `dim` (shapes and bounds already checked by ops/index.cpp; index is int64 with
// out's shape for gather, with src's leading part for scatter_add):
//   gather_tensor:      out[c] = src[c with c[dim] = index[c]]
//   scatter_add_tensor: out[c with c[dim] = index[c]] += src[c], in place, atomically
void gather_tensor(const Tensor& out, const Tensor& src, int64_t dim, const Tensor& index);
void scatter_add_tensor(const Tensor& out, int64_t dim, const Tensor& index, const Tensor& src);

// ops/copy.cpp's CPU copy kernel (dst = src converted; src already of dst's shape): host staging.
void cpu_copy(const Tensor& dst, const Tensor& src);

// Names the op in the error a CUDA tensor raises when it reaches a CPU-only kernel.
[[noreturn]] void fail_no_kernel(const std::string& op);

}  // namespace kiln::cuda
