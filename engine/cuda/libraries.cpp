// cuBLAS, cuBLASLt and NVRTC opened at first use (see libraries.h): dlopen of the toolkit's library
// (the toolkit directory the build found first, then the loader's own search), dlsym of each listed
// function into its table.
#ifdef KILN_WITH_CUDA
#include "cuda/libraries.h"

#include <dlfcn.h>

#include <string>

#include "support/error.h"

namespace kiln::cuda {

namespace {

#define KILN_STRINGIFY_EXPANDED(x) KILN_STRINGIFY(x)
#define KILN_STRINGIFY(x) #x

// The library `stem` ("cublas") of the toolkit Kiln was built with (KILN_CUDA_LIBRARY_DIR and
// KILN_CUDA_MAJOR: engine/CMakeLists.txt); raises RuntimeError when none opens.
void* open_library(const char* stem) {
    const std::string so = std::string("lib") + stem + ".so." KILN_STRINGIFY_EXPANDED(KILN_CUDA_MAJOR);
    std::string reasons;
    for (const std::string& path : {std::string(KILN_CUDA_LIBRARY_DIR) + "/" + so, so}) {
        if (void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
        const char* why = dlerror();
        reasons += str("\n  ", path, ": ", why ? why : "not found");
    }
    KILN_FAIL(RuntimeError, "CUDA error: could not load ", so, ", which Kiln needs for this CUDA operation:", reasons);
}

void* symbol(void* lib, const char* library, const char* name) {
    void* p = dlsym(lib, name);
    if (!p) KILN_FAIL(RuntimeError, "CUDA error: ", library, " has no function ", name, " (a different toolkit version?)");
    return p;
}

}  // namespace

// The arguments are macro-expanded before the body uses them, so `f` here is the headers' real name
// (cublasCreate_v2 for cublasCreate), which dlsym must be given.
#define KILN_LIBRARY_LOAD(f) t.f = reinterpret_cast<decltype(&::f)>(symbol(lib, name, KILN_STRINGIFY_EXPANDED(f)));

const CublasFunctions& cublas() {
    static const CublasFunctions table = [] {
        const char* name = "cuBLAS";
        void* lib = open_library("cublas");
        CublasFunctions t;
        KILN_CUBLAS_FUNCTIONS(KILN_LIBRARY_LOAD)
        t.cublasGemmStridedBatchedEx =
            reinterpret_cast<CublasFunctions::GemmStridedBatchedEx>(symbol(lib, name, "cublasGemmStridedBatchedEx"));
        return t;
    }();
    return table;
}

const CublasLtFunctions& cublaslt() {
    static const CublasLtFunctions table = [] {
        const char* name = "cuBLASLt";
        void* lib = open_library("cublasLt");
        CublasLtFunctions t;
        KILN_CUBLASLT_FUNCTIONS(KILN_LIBRARY_LOAD)
        return t;
    }();
    return table;
}

const NvrtcFunctions& nvrtc() {
    static const NvrtcFunctions table = [] {
        const char* name = "NVRTC";
        void* lib = open_library("nvrtc");
        NvrtcFunctions t;
        KILN_NVRTC_FUNCTIONS(KILN_LIBRARY_LOAD)
        return t;
    }();
    return table;
}

#undef KILN_LIBRARY_LOAD

}  // namespace kiln::cuda
#endif
