// Running a Plan: the host side every backend shares.
//
// A call binds the graph inputs to their buffers, then walks the steps: allocations and reuses
// make or hand over Kiln tensors, kernels run on the kernel interpreter, on the natively compiled
// code or (in the browser) as generated WebAssembly, extern kernels and fallbacks run their aten
// node with the eager engine (the op table's kernel), frees drop buffers; finally the outputs are
// returned as tensors, viewed the way the plan says (a transposed result is a view of its buffer,
// as reinterpret_tensor makes it).
//
// The natively compiled module (codegen/cpp + backends/cpu_jit) runs the same steps itself, in
// its generated kiln_call(), and calls back into this runtime through the KilnRuntime table
// (kernel/runtime_abi.h) for buffers and for extern kernels: one host implementation for both.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backends/interp.h"
#include "codegen/cuda.h"
#include "kernel/ir.h"

namespace kiln::backends {

class JitModule;   // cpu_jit.h
class CudaModule;  // cuda_jit.h
class WasmKernel;  // wasm_jit.h

enum class KernelEngine {
    Interpreter,  // backends/interp: everywhere, no compiler needed
    Native,       // the generated C++ compiled by the system compiler (natively only)
    Cuda,         // the generated CUDA compiled by NVRTC (plans whose device is CUDA)
    Wasm,         // generated WebAssembly (codegen/wasm) for eligible kernels, the interpreter for the rest (browser)
};

class PlanRunner {
public:
    explicit PlanRunner(std::shared_ptr<const kernel::Plan> plan);
    ~PlanRunner();

    // Runs the plan on `inputs` (one tensor per graph input, laid out as the plan was compiled
    // for: a mismatch is an error, not a wrong answer). Uses the native module when one is
    // attached and ready, the interpreter otherwise.
    std::vector<Tensor> run(const std::vector<Tensor>& inputs);

    // Starts compiling the plan's generated C++ in the background (natively; a no-op where no
    // compiler is available). `source` is codegen::generate_cpp(plan).
    void attach_native(std::shared_ptr<JitModule> module);
    // A CUDA plan's kernels, compiled (compile_cuda of codegen::cuda_units(plan), or of
    // codegen::cuda_autotune_units(plan) under max-autotune). A CUDA plan cannot run without it: the
    // interpreter reads host memory only. Every kernel launches its default configuration (the vec4
    // variant where there is one and every argument is 16-byte aligned) until set_cuda_choice.
    void attach_cuda(std::shared_ptr<CudaModule> module);
    CudaModule* cuda_module() const { return cuda_.get(); }
    // max-autotune's pick for kernel `kernel` and every kernel that shares its function
    // (codegen::cuda_kernel_reuse): `best` from now on, or `best_plain` (a scalar config) when an
    // argument is not 16-byte aligned and `best` is a vec4 one. Both must be functions of the
    // attached module (codegen::cuda_autotune_units); throws otherwise.
    void set_cuda_choice(int kernel, const codegen::CudaConfig& best, const codegen::CudaConfig& best_plain);
    // The browser build: instantiates generated WebAssembly (backends/wasm_jit) for every kernel
    // codegen/wasm can generate; those kernels then run as wasm, the others on the interpreter.
    // Returns how many kernels will run as wasm (0 natively). Kernels the browser refused are
    // named in wasm_failure() ("" when none was).
    int attach_wasm();
    int wasm_kernels() const;
    const std::string& wasm_failure() const { return wasm_failure_; }
    // Which engine the last run used.
    KernelEngine last_engine() const { return last_; }
    bool native_ready() const;
    bool native_attached() const { return native_ != nullptr; }
    // Forces the interpreter even when native code is ready (benchmarks compare both).
    void set_force_interpreter(bool on) { force_interp_ = on; }

    const kernel::Plan& plan() const { return *plan_; }

    // The interpreter's config per kernel (InterpConfig{} unless set): set_configs re-prepares the
    // kernels (one config per plan kernel). Native code takes no config.
    void set_configs(std::vector<InterpConfig> configs);
    const std::vector<InterpConfig>& configs() const { return configs_; }

    // Runs the plan on the interpreter, calling before_kernel(k, buffer_data) at each kernel step
    // before kernel k runs, with its input buffers ready (the autotuner times kernels there: a hook
    // that runs the kernel itself must leave its buffers as they were).
    using KernelHook = std::function<void(int kernel, void* const* buffer_data)>;
    std::vector<Tensor> run_interpreter(const std::vector<Tensor>& inputs, const KernelHook& before_kernel);
    // The same on the plan's own engine (a CUDA plan's kernels on the GPU: the GPU autotuner times
    // candidates there, with device addresses in buffer_data); the hook runs before the kernel's
    // launch, so a choice it makes (set_cuda_choice) is what launches.
    std::vector<Tensor> run_with_kernel_hook(const std::vector<Tensor>& inputs, const KernelHook& before_kernel);

private:
    std::vector<Tensor> run_impl(const std::vector<Tensor>& inputs, bool interpreter, const KernelHook* hook);

    std::shared_ptr<const kernel::Plan> plan_;
    std::vector<InterpConfig> configs_;
    std::vector<std::shared_ptr<const InterpKernel>> prepared_;  // one per kernel, made once
    std::shared_ptr<JitModule> native_;
    std::shared_ptr<CudaModule> cuda_;
    // Per kernel of a CUDA plan: the module function it launches, with its launch shape.
    struct CudaChoice {
        int fn = -1;                // when every argument address is 16-byte aligned, or !needs_aligned
        codegen::CudaLaunch launch;
        bool needs_aligned = false;  // fn is a vec4 variant
        int plain_fn = -1;           // otherwise
        codegen::CudaLaunch plain_launch;
    };
    std::vector<CudaChoice> cuda_choice_;
    std::vector<int> cuda_reuse_;  // codegen::cuda_kernel_reuse
    std::vector<Tensor> constants_;  // Plan::constants on the plan's device
    std::vector<std::shared_ptr<const WasmKernel>> wasm_;  // per kernel (null: the interpreter runs it)
    std::string wasm_failure_;
    KernelEngine last_ = KernelEngine::Interpreter;
    bool force_interp_ = false;
};

}  // namespace kiln::backends
