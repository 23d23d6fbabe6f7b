// Checks of generated CUDA sources shared by the codegen and inductor tests: the golden form (the
// embedded math header cut out) and, where the toolkit is present (KILN_TEST_NVRTC, set by
// tests/CMakeLists.txt), a compile by NVRTC for sm_90, which needs no GPU.
#pragma once
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "codegen/cuda.h"
#ifdef KILN_TEST_NVRTC
#include <nvrtc.h>
#endif

namespace kiln::testing {

inline std::string cuda_golden_text(const std::string& src) {
    const std::string begin = "// ---- begin ops/pointwise_math.h ----\n", end = "// ---- end ops/pointwise_math.h ----\n";
    size_t b = src.find(begin), e = src.find(end);
    REQUIRE(b != std::string::npos);
    REQUIRE(e != std::string::npos);
    return src.substr(0, b + begin.size()) + "// (the text of engine/ops/pointwise_math.h without its #includes)\n" + src.substr(e);
}

// NVRTC's log when `src` does not compile for sm_90, else "" (and "" without the toolkit).
inline std::string nvrtc_errors(const std::string& src) {
#ifdef KILN_TEST_NVRTC
    nvrtcProgram prog;
    REQUIRE(nvrtcCreateProgram(&prog, src.c_str(), "kiln_graph.cu", 0, nullptr, nullptr) == NVRTC_SUCCESS);
    std::vector<std::string> opts = codegen::nvrtc_options(90);
    std::vector<const char*> argv;
    for (const std::string& o : opts) argv.push_back(o.c_str());
    nvrtcResult r = nvrtcCompileProgram(prog, int(argv.size()), argv.data());
    size_t n = 0;
    nvrtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    nvrtcGetProgramLog(prog, log.data());
    size_t cubin = 0;
    if (r == NVRTC_SUCCESS) nvrtcGetCUBINSize(prog, &cubin);
    nvrtcDestroyProgram(&prog);
    if (r != NVRTC_SUCCESS) return std::string(nvrtcGetErrorString(r)) + "\n" + log;
    if (cubin == 0) return "NVRTC produced an empty cubin";
    return "";
#else
    (void)src;
    return "";
#endif
}

}  // namespace kiln::testing
