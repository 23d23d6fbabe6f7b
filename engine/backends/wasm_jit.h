// Running generated WebAssembly kernels (codegen/wasm) in the browser: the web build's JIT.
//
// In the Emscripten build the engine itself is a WebAssembly instance; a fused kernel's module
// (codegen::generate_wasm) imports that instance's memory, so its function reads and writes the
// engine's tensors in place. Instantiating is synchronous (new WebAssembly.Module/Instance, fine
// for modules of a few KB) and the export is added to the engine's function table
// (Emscripten's addFunction), so a kernel step is one indirect call with the buffers' addresses:
// no JavaScript between the engine and the kernel. Modules are cached by their bytes: the same
// kernel compiled again (another graph, a recompile) reuses its instance.
//
// Modules use the WebAssembly features the browser accepts (wasm_jit_features): relaxed SIMD, where
// present, fuses pw::exp's multiply-adds (codegen::WasmFeatures says why that is safe).
//
// Natively nothing is instantiated (wasm_jit_available() is false) and every kernel stays on the
// interpreter; the module generator is still built and tested there (tests/codegen, with node).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "codegen/wasm.h"
#include "kernel/ir.h"

namespace kiln::backends {

// Whether generated modules can run here: the Emscripten build only.
bool wasm_jit_available();

// The features this browser's WebAssembly engine accepts (asked once: it validates a one-function
// module per feature), for codegen::generate_wasm; natively none.
codegen::WasmFeatures wasm_jit_features();

// One kernel instantiated from its generated module.
class WasmKernel {
  public:
    // buffer_data as the interpreter takes it: element 0 of plan buffer b at index b.
    void run(void* const* buffer_data) const;
    int function = 0;          // the index in the engine's function table
    std::vector<int> buffers;  // plan buffer ids in parameter order
    int64_t numel = 0;         // the element-count argument (Kernel::x_numel)
    int64_t scratch_bytes = 0;  // a column reduction's scratch area, passed before numel (0: none)
};

// Kernel `kernel_index` of `p` as generated WebAssembly, or null with `why` set: the generator
// declined it, this is not the browser, or the browser refused the module (its message).
std::shared_ptr<const WasmKernel> wasm_kernel(const kernel::Plan& p, int kernel_index, std::string* why);

}  // namespace kiln::backends
