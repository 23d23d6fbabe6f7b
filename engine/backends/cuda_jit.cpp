// The CUDA JIT (see cuda_jit.h): NVRTC -> cubin -> cudaLibrary -> cudaLaunchKernel.
#include "backends/cuda_jit.h"

#include <chrono>
#include <map>
#include <mutex>

#include "backends/disk_cache.h"
#include "codegen/cuda.h"
#include "cuda/cuda.h"
#include "support/error.h"

#ifdef KILN_WITH_CUDA
#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include "cuda/check.h"
#include "cuda/stream.h"
#endif

namespace kiln::backends {

#ifdef KILN_WITH_CUDA
namespace {

#define KILN_NVRTC_CHECK(call)                                                                            \
    do {                                                                                                  \
        nvrtcResult kiln_r_ = (call);                                                                     \
        KILN_CHECK(kiln_r_ == NVRTC_SUCCESS, RuntimeError, "NVRTC error: ", #call, ": ", nvrtcGetErrorString(kiln_r_)); \
    } while (0)

int device_arch() {
    int dev = 0, major = 0, minor = 0;
    KILN_CUDA_CHECK(cudaGetDevice(&dev));
    KILN_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
    KILN_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
    return major * 10 + minor;
}

}  // namespace

std::string nvrtc_compile(const std::string& source, int arch) {
    nvrtcProgram prog;
    KILN_NVRTC_CHECK(nvrtcCreateProgram(&prog, source.c_str(), "kiln_graph.cu", 0, nullptr, nullptr));
    std::vector<std::string> opts = codegen::nvrtc_options(arch);
    std::vector<const char*> argv;
    for (const std::string& o : opts) argv.push_back(o.c_str());
    nvrtcResult r = nvrtcCompileProgram(prog, int(argv.size()), argv.data());
    size_t n = 0;
    nvrtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    nvrtcGetProgramLog(prog, log.data());
    if (r != NVRTC_SUCCESS) {
        nvrtcDestroyProgram(&prog);
        std::string opt_line;
        for (const std::string& o : opts) opt_line += " " + o;
        KILN_FAIL(RuntimeError, "CUDA compile error\n\nNVRTC options:", opt_line, "\n\nLog:\n", log);
    }
    size_t size = 0;
    KILN_NVRTC_CHECK(nvrtcGetCUBINSize(prog, &size));
    std::string cubin(size, '\0');
    KILN_NVRTC_CHECK(nvrtcGetCUBIN(prog, cubin.data()));
    nvrtcDestroyProgram(&prog);
    return cubin;
}

namespace {

class Module : public CudaModule {
public:
    Module(std::shared_ptr<const std::string> cubin, const std::vector<std::string>& kernels, int arch, double ms)
        : cubin_(std::move(cubin)), arch_(arch), ms_(ms) {
        KILN_CUDA_CHECK(cudaLibraryLoadData(&lib_, cubin_->data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
        for (const std::string& k : kernels) {
            cudaKernel_t fn = nullptr;
            KILN_CUDA_CHECK(cudaLibraryGetKernel(&fn, lib_, k.c_str()));
            fns_.push_back(fn);
        }
    }
    ~Module() override {
        if (lib_) cudaLibraryUnload(lib_);  // at exit the context may already be gone: not checked
    }
    void launch(int index, int64_t grid, int block, void** args) override {
        KILN_CHECK(index >= 0 && size_t(index) < fns_.size(), RuntimeError, "CUDA module: no kernel ", index);
        // A cudaKernel_t is accepted where the runtime API takes a kernel's address.
        KILN_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(fns_[size_t(index)]), dim3(unsigned(grid)),
                                         dim3(unsigned(block)), args, 0, cuda::current_stream()));
    }
    double compile_ms() const override { return ms_; }
    int arch() const override { return arch_; }

private:
    std::shared_ptr<const std::string> cubin_;
    cudaLibrary_t lib_ = nullptr;
    std::vector<cudaKernel_t> fns_;
    int arch_;
    double ms_;
};

// Events are made per mark (the profile is one call, not a hot loop) and destroyed with the timer;
// destroying an event the stream has not reached yet is allowed (CUDA frees it once reached), so a
// plan that throws midway leaks nothing.
class EventTimer : public CudaEventTimer {
public:
    ~EventTimer() override {
        for (cudaEvent_t e : events_) cudaEventDestroy(e);  // at exit the context may be gone: not checked
    }
    int mark() override {
        cudaEvent_t e = nullptr;
        KILN_CUDA_CHECK(cudaEventCreate(&e));
        events_.push_back(e);
        KILN_CUDA_CHECK(cudaEventRecord(e, cuda::current_stream()));
        return int(events_.size()) - 1;
    }
    double elapsed_ms(int from, int to) override {
        KILN_CHECK(from >= 0 && to >= 0 && size_t(from) < events_.size() && size_t(to) < events_.size(), RuntimeError,
                   "CUDA event timer: events ", from, " and ", to, " asked, ", events_.size(), " recorded");
        KILN_CUDA_CHECK(cudaEventSynchronize(events_[size_t(to)]));
        float ms = 0;
        KILN_CUDA_CHECK(cudaEventElapsedTime(&ms, events_[size_t(from)], events_[size_t(to)]));
        return double(ms);
    }

private:
    std::vector<cudaEvent_t> events_;
};

}  // namespace

bool cuda_jit_available() { return cuda::is_available(); }

std::unique_ptr<CudaEventTimer> cuda_event_timer() { return std::make_unique<EventTimer>(); }

CubinCache nvrtc_compile_cached(const std::string& source, int arch) {
    int major = 0, minor = 0;
    nvrtcVersion(&major, &minor);
    std::string key = "nvrtc " + std::to_string(major) + "." + std::to_string(minor) + " sm_" + std::to_string(arch);
    for (const std::string& o : codegen::nvrtc_options(arch)) key += " " + o;
    CubinCache c;
    const std::string base = jit_cache_dir() + "/" + content_hash(key + "\n" + source);
    c.source_path = base + ".cu";
    if (auto bytes = read_whole_file(base + ".cubin"); bytes && !bytes->empty()) {
        c.cubin = std::move(*bytes);
        c.hit = true;
        return c;
    }
    c.cubin = nvrtc_compile(source, arch);
    write_atomically(c.source_path, source, "CUDA JIT");
    write_atomically(base + ".cubin", c.cubin, "CUDA JIT");
    return c;
}

std::shared_ptr<CudaModule> compile_cuda(const std::string& source, const std::vector<std::string>& kernels) {
    KILN_CHECK(cuda::is_available(), RuntimeError, "CUDA compile: no CUDA GPU is available");
    static std::mutex mu;
    static std::map<std::string, std::shared_ptr<const std::string>> loaded;  // source -> cubin, this process
    const int arch = device_arch();
    auto t0 = std::chrono::steady_clock::now();
    std::shared_ptr<const std::string> cubin;
    bool hit = false;
    {
        std::lock_guard<std::mutex> lock(mu);
        auto it = loaded.find(source);
        if (it != loaded.end()) cubin = it->second, hit = true;
    }
    std::string path;
    if (!cubin) {
        CubinCache c = nvrtc_compile_cached(source, arch);
        hit = c.hit;
        path = c.source_path;
        cubin = std::make_shared<const std::string>(std::move(c.cubin));
        std::lock_guard<std::mutex> lock(mu);
        loaded.emplace(source, cubin);
    }
    double ms = hit ? 0.0 : std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return std::make_shared<Module>(cubin, kernels, arch, ms);
}

#else  // no CUDA toolkit in this build

bool cuda_jit_available() { return false; }

std::string nvrtc_compile(const std::string&, int) {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

CubinCache nvrtc_compile_cached(const std::string&, int) {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

std::shared_ptr<CudaModule> compile_cuda(const std::string&, const std::vector<std::string>&) {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

std::unique_ptr<CudaEventTimer> cuda_event_timer() {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

#endif

}  // namespace kiln::backends
