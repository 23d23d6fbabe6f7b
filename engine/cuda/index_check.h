// engine/cuda: indexing kernels that check their indices on the device (kernels.cu). Reading the
// indices back to the host to check them would make the host wait for the GPU at every embedding,
// index_select, gather (cross_entropy's) and scatter_add (their backward): an NLP training step
// synchronized a dozen times. As PyTorch's CUDA kernels assert on the device, an index outside
// [0, dim_size) is skipped and recorded; the next call that synchronizes with the device (a copy to the
// host, .item(), torch.cuda.synchronize()) raises PyTorch's "CUDA error: device-side assert
// triggered" naming the op. Kept out of cuda.h: only cuda/ops.cpp and runtime.cu call these.
#pragma once
#include <cstdint>

#include "cuda/cuda.h"

namespace kiln::cuda {

// gather / scatter_add (cuda.h) whose index values must lie in [0, dim_size); `op` names the aten op
// for the error.
void gather_checked(const Geometry& g, const Operand& out, const Operand& index, const Operand& src, int64_t dim_stride,
                    int64_t dim_size, const char* op);
void scatter_add_checked(const Geometry& g, const Operand& out, const Operand& index, const Operand& src,
                         int64_t dim_stride, int64_t dim_size, const char* op);

// The device flag a checking kernel of another file sets (atomicExch(flag, 1)) when it meets an index
// out of range, naming `op` for the error raise_pending_index_error reports.
int* index_error_flag(const char* op);

// Raises (and clears) an index error a kernel recorded; called where the host has just waited for the
// device anyway.
void raise_pending_index_error();

}  // namespace kiln::cuda
