// Checks of generated CUDA sources shared by the codegen and inductor tests: the golden form (the
// embedded math header cut out) and, in builds with the CUDA toolkit (KILN_WITH_CUDA), a compile by
// NVRTC for sm_90 (backends::nvrtc_compile), which needs no GPU.
#pragma once
#include <catch2/catch.hpp>

#include <string>

#include "backends/cuda_jit.h"
#include "support/error.h"

namespace kiln::testing {

inline std::string cuda_golden_text(const std::string& src) {
    const std::string begin = "// ---- begin ops/pointwise_math.h ----\n", end = "// ---- end ops/pointwise_math.h ----\n";
    size_t b = src.find(begin), e = src.find(end);
    REQUIRE(b != std::string::npos);
    REQUIRE(e != std::string::npos);
    return src.substr(0, b + begin.size()) + "// (the text of engine/ops/pointwise_math.h without its #includes)\n" + src.substr(e);
}

// NVRTC's error when `src` does not compile for sm_90, else "" (and "" without the toolkit).
inline std::string nvrtc_errors(const std::string& src) {
#ifdef KILN_WITH_CUDA
    try {
        if (backends::nvrtc_compile(src, 90).empty()) return "NVRTC produced an empty cubin";
    } catch (const kiln::Error& e) {
        return e.what();
    }
#else
    (void)src;
#endif
    return "";
}

}  // namespace kiln::testing
