// The caching allocator's reserved-memory peak (runtime.cu; 0 in a build without CUDA, no_cuda.cpp):
// torch.cuda.max_memory_reserved(), the most device memory held from cudaMalloc at once (blocks in
// use plus blocks cached) since the program started or torch.cuda.reset_peak_memory_stats(). Kept
// apart from cuda.h's AllocatorStats so that adding it did not touch every file that includes cuda.h.
#pragma once
#include <cstddef>

namespace kiln::cuda {

size_t peak_bytes_reserved();

}  // namespace kiln::cuda
