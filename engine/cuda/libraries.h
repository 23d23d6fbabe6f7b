// cuBLAS, cuBLASLt and NVRTC, opened at their first use instead of linked: the process that never
// multiplies a CUDA matrix or compiles a CUDA kernel never loads them. Linked, the dynamic loader
// mapped and relocated their several hundred megabytes and ran cuBLASLt's initialisers in every
// Kiln process before main — more than half of a CPU-only `kiln prog.py`'s start. PyTorch opens NVRTC
// the same way (ATen's LazyNVRTC); this does it for the three libraries Kiln calls.
//
// Each library's functions are listed once (KILN_*_FUNCTIONS); its table holds one pointer per
// function, typed from the toolkit's own declaration, filled by dlsym when the table is first asked
// for. Call sites name the table: `cublas().cublasCreate(&h)` (the headers' _v2 macros rename the
// member as they rename the function). A library or function that cannot be found raises
// RuntimeError naming it and dlerror()'s reason.
#pragma once
#include <cublasLt.h>
#include <cublas_v2.h>
#include <nvrtc.h>

namespace kiln::cuda {

#define KILN_CUBLAS_FUNCTIONS(X) \
    X(cublasCreate)              \
    X(cublasSetStream)           \
    X(cublasSetWorkspace)        \
    X(cublasGetStatusName)       \
    X(cublasGetStatusString)

#define KILN_CUBLASLT_FUNCTIONS(X)           \
    X(cublasLtCreate)                        \
    X(cublasLtMatmul)                        \
    X(cublasLtMatmulAlgoGetHeuristic)        \
    X(cublasLtMatmulAlgoConfigGetAttribute)  \
    X(cublasLtMatmulDescCreate)              \
    X(cublasLtMatmulDescSetAttribute)        \
    X(cublasLtMatmulDescDestroy)             \
    X(cublasLtMatrixLayoutCreate)            \
    X(cublasLtMatrixLayoutSetAttribute)      \
    X(cublasLtMatrixLayoutDestroy)           \
    X(cublasLtMatmulPreferenceCreate)        \
    X(cublasLtMatmulPreferenceSetAttribute)  \
    X(cublasLtMatmulPreferenceDestroy)

#define KILN_NVRTC_FUNCTIONS(X) \
    X(nvrtcVersion)             \
    X(nvrtcGetErrorString)      \
    X(nvrtcCreateProgram)       \
    X(nvrtcCompileProgram)      \
    X(nvrtcGetProgramLogSize)   \
    X(nvrtcGetProgramLog)       \
    X(nvrtcGetCUBINSize)        \
    X(nvrtcGetCUBIN)            \
    X(nvrtcDestroyProgram)

#define KILN_LIBRARY_POINTER(f) decltype(&::f) f = nullptr;
struct CublasFunctions {
    KILN_CUBLAS_FUNCTIONS(KILN_LIBRARY_POINTER)
    // Overloaded in C++ (an inline taking a legacy cudaDataType compute type sits beside it), so its
    // pointer is typed from the C function's declaration here, and loaded by name in libraries.cpp.
    using GemmStridedBatchedEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                                    const void*, const void*, cudaDataType, int, long long, const void*,
                                                    cudaDataType, int, long long, const void*, void*, cudaDataType, int,
                                                    long long, int, cublasComputeType_t, cublasGemmAlgo_t);
    GemmStridedBatchedEx cublasGemmStridedBatchedEx = nullptr;
};
struct CublasLtFunctions {
    KILN_CUBLASLT_FUNCTIONS(KILN_LIBRARY_POINTER)
};
struct NvrtcFunctions {
    KILN_NVRTC_FUNCTIONS(KILN_LIBRARY_POINTER)
};
#undef KILN_LIBRARY_POINTER

// Each opens its library on the first call (thread-safe) and returns the filled table.
const CublasFunctions& cublas();
const CublasLtFunctions& cublaslt();
const NvrtcFunctions& nvrtc();

}  // namespace kiln::cuda
