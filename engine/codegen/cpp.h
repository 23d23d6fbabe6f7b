// The C++ code generator: a kernel::Plan rendered as one self-contained C++17 source, in the spirit
// of Inductor's CPU back end (cpp_fused_*_N kernels with OpenMP loops plus a wrapper that runs the
// plan).
//
// The source needs no Kiln header: it embeds the text of ops/pointwise_math.h (read by CMake at
// build time), a few conversion helpers (float16/bfloat16, NaN-propagating max/min with their
// OpenMP reductions) and the KilnRuntime struct (kernel::kKilnRuntimeAbi). Each fused kernel becomes
//
//   // Topologically Sorted Source Nodes: [add, relu], Original ATen: [aten.add, aten.relu]
//   extern "C" void cpp_fused_add_relu_0(const float* in_ptr0, const float* in_ptr1, float* out_ptr0)
//
// whose statements are the pointwise.def rows' scalar expressions with their operands substituted
// (the rows are stringized from the .def file, never copied). `kiln_call(KilnRuntime*)` walks
// Plan::steps: buffers come from the host, kernels are called directly (between kiln_launch_begin and
// kiln_launch_end, which time them for the host's step profile when one is open), extern and fallback
// steps go back to the host (rt->run_step). backends/cpu_jit compiles the source into a shared library.
#pragma once
#include <string>
#include <vector>

#include "kernel/ir.h"

namespace kiln::codegen {

// The whole compiled graph: header, every kernel, kiln_call. Throws kiln::Error (RuntimeError) for a
// plan it cannot render (an unknown pointwise op, a load from a buffer that is not a kernel argument).
std::string generate_cpp(const kernel::Plan& p);

// One kernel: its comment block and its extern "C" function (what the playground shows for it).
std::string generate_cpp_kernel(const kernel::Plan& p, int kernel_index);

// The symbols a compiled source exports: every kernel's name, then "kiln_call".
std::vector<std::string> exported_symbols(const kernel::Plan& p);

// What TORCH_LOGS=output_code prints for a compiled graph:
//   Output code: \n<source>\nOutput code written to: <path>\n
std::string output_code_text(const kernel::Plan& p, const std::string& source, const std::string& path);
// The same for a single kernel (its source only, no header or wrapper).
std::string kernel_output_code_text(const kernel::Plan& p, int kernel_index);

// The text of ops/pointwise_math.h as generated sources embed it (without its #pragma once).
const std::string& pointwise_math_text();

// The C++ element type the generated code uses for a buffer of `t` ("float", "int64_t", "bool",
// "uint16_t" for float16/bfloat16 bits).
const char* cpp_element_type(DType t);

}  // namespace kiln::codegen
