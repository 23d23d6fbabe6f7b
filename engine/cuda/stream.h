// The stream CUDA work goes to now (runtime.cu): the legacy default stream, or the side stream a CUDA
// graph is being recorded on (cuda.h: record_graph). Every kernel launch, cuBLAS call and
// device-to-device copy in engine/cuda and backends/cuda_jit passes current_stream(), so the same
// code runs eagerly and under capture. This header needs the CUDA runtime's types: only .cu files
// and CUDA-only code include it.
#pragma once
#include <cuda_runtime_api.h>

namespace kiln::cuda {
cudaStream_t current_stream();
}  // namespace kiln::cuda
