// The CUDA JIT: compiles a generated CUDA source (codegen/cuda) with NVRTC for this GPU's
// architecture, loads the cubin with the CUDA runtime's library API (cudaLibraryLoadData: no link
// to the driver library, so binaries still start on machines without a GPU) and launches its
// kernels on the default stream, where eager CUDA ops run too.
//
// This header holds no CUDA types. Without the toolkit (the web and sanitize builds, or a CPU-only
// configure) cuda_jit_available() is false and compile_cuda() raises PyTorch's "Torch not compiled
// with CUDA enabled". Compilation is synchronous: the first call of a compiled CUDA graph waits for
// NVRTC (a few hundred milliseconds, or a disk-cache read); cubins are cached on disk by content
// hash and in memory by source text. Each function of a plan is its own NVRTC program (compiled
// in parallel); a variant no launch has needed yet is compiled when one first does.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "codegen/cuda.h"

namespace kiln::backends {

bool cuda_jit_available();  // built with the toolkit and a GPU is present

class CudaModule {
public:
    virtual ~CudaModule() = default;
    // Launches kernel `index` (of the names given to compile_cuda) with `args`: one pointer per
    // kernel parameter, each pointing at the parameter's value (cudaLaunchKernel's convention).
    virtual void launch(int index, int64_t grid, int block, void** args) = 0;
    // The index of the function named `name` among the units given to compile_cuda; -1 if none.
    virtual int find(const std::string& name) const = 0;
    virtual double compile_ms() const = 0;  // NVRTC + load; 0 for a cache hit
    virtual int arch() const = 0;           // the sm_ it was compiled for (90 on H100/H200)
};

// GPU times for the step profile (backends/step_profile.h): mark() records a CUDA event on the
// current stream, where the plan's launches go, and returns its index; elapsed_ms(a, b) waits for
// event b and returns the GPU time from event a to event b. PlanRunner marks before and after each
// launch and reads them all after the plan's last step, so profiling costs one wait per plan run.
class CudaEventTimer {
public:
    virtual ~CudaEventTimer() = default;
    virtual int mark() = 0;
    virtual double elapsed_ms(int from, int to) = 0;
};
// Throws without the toolkit ("Torch not compiled with CUDA enabled"): only CUDA plans use it.
std::unique_ptr<CudaEventTimer> cuda_event_timer();

// NVRTC alone: the cubin of `source` for sm_<arch>, or kiln::Error ("CUDA compile error" with
// NVRTC's log). Needs no GPU (NVRTC is a compiler library): tests compile generated sources with it
// on machines without one.
std::string nvrtc_compile(const std::string& source, int arch);

// nvrtc_compile through the disk cache shared with the C++ JIT (backends/disk_cache.h): the cubin is
// <dir>/<hash>.cubin (hash over NVRTC's version, the options, the arch and the source), with the
// source beside it as <hash>.cu; a later compile of the same source is a hit and runs no NVRTC.
struct CubinCache {
    std::string cubin;
    std::string source_path;  // where the .cu lies (or would lie, for a hit written by another process)
    bool hit = false;
};
CubinCache nvrtc_compile_cached(const std::string& source, int arch);

// A plan's functions (codegen::cuda_units: one NVRTC program each): the first-choice units compile
// now, in parallel threads, and load; the others on their first launch. Throws kiln::Error with
// NVRTC's log ("CUDA compile error") or CUDA's error.
std::shared_ptr<CudaModule> compile_cuda(std::vector<codegen::CudaUnit> units);

}  // namespace kiln::backends
