// Error checking for CUDA and cuBLAS calls (runtime.cu, kernels.cu): every call's status is
// checked, and a failure raises kiln::Error (RuntimeError) naming the call, CUDA's error name and
// string, and the source line. Kernel launches are followed by KILN_CUDA_CHECK(cudaGetLastError()).
#pragma once
#include "support/error.h"

namespace kiln::cuda {
[[noreturn]] void fail_cuda(int code, const char* call, const char* file, int line);
[[noreturn]] void fail_cublas(int code, const char* call, const char* file, int line);
}  // namespace kiln::cuda

#define KILN_CUDA_CHECK(call)                                                              \
    do {                                                                                   \
        auto kiln_status_ = (call);                                                        \
        if (kiln_status_ != cudaSuccess)                                                   \
            ::kiln::cuda::fail_cuda(int(kiln_status_), #call, __FILE__, __LINE__);         \
    } while (0)

#define KILN_CUBLAS_CHECK(call)                                                            \
    do {                                                                                   \
        auto kiln_status_ = (call);                                                        \
        if (kiln_status_ != CUBLAS_STATUS_SUCCESS)                                         \
            ::kiln::cuda::fail_cublas(int(kiln_status_), #call, __FILE__, __LINE__);       \
    } while (0)
