// The CUDA libraries Kiln opens at first use (engine/cuda/libraries.h): every listed cuBLAS,
// cuBLASLt and NVRTC function resolves by name in the toolkit's libraries. dlopen and dlsym need no
// GPU, so this runs wherever the build found the toolkit (CI included): a misspelt name, or one the
// headers rename by macro (cublasCreate -> cublasCreate_v2), fails here rather than at a GPU's
// first matrix multiply.
#include <catch2/catch.hpp>

#include <string>

#ifdef KILN_WITH_CUDA
#include "cuda/libraries.h"
#endif

TEST_CASE("cuda libraries: every listed cuBLAS, cuBLASLt and NVRTC function resolves", "[cuda_codegen][cuda_libraries]") {
#ifndef KILN_WITH_CUDA
    WARN("no CUDA toolkit in this build: nothing to open");
#else
    using namespace kiln::cuda;
    const CublasFunctions& blas = cublas();
#define KILN_CHECK_LOADED(f) CHECK(blas.f != nullptr);
    KILN_CUBLAS_FUNCTIONS(KILN_CHECK_LOADED)
#undef KILN_CHECK_LOADED
    CHECK(blas.cublasGemmStridedBatchedEx != nullptr);
    const CublasLtFunctions& lt = cublaslt();
#define KILN_CHECK_LOADED(f) CHECK(lt.f != nullptr);
    KILN_CUBLASLT_FUNCTIONS(KILN_CHECK_LOADED)
#undef KILN_CHECK_LOADED
    const NvrtcFunctions& rtc = nvrtc();
#define KILN_CHECK_LOADED(f) CHECK(rtc.f != nullptr);
    KILN_NVRTC_FUNCTIONS(KILN_CHECK_LOADED)
#undef KILN_CHECK_LOADED
    // The libraries answer: NVRTC gives its version, cuBLAS names a status.
    int major = 0, minor = 0;
    REQUIRE(rtc.nvrtcVersion(&major, &minor) == NVRTC_SUCCESS);
    CHECK(major > 0);
    CHECK(std::string(blas.cublasGetStatusName(CUBLAS_STATUS_SUCCESS)) == "CUBLAS_STATUS_SUCCESS");
#endif
}
