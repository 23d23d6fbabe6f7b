// The CUDA JIT (see cuda_jit.h): NVRTC -> cubin -> cudaLibrary -> cudaLaunchKernel.
#include "backends/cuda_jit.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "backends/disk_cache.h"
#include "codegen/cuda.h"
#include "cuda/cuda.h"
#include "support/error.h"

#ifdef KILN_WITH_CUDA
#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include "cuda/check.h"
#include "cuda/libraries.h"
#include "cuda/stream.h"
#endif

namespace kiln::backends {

#ifdef KILN_WITH_CUDA
namespace {

#define KILN_NVRTC_CHECK(call)                                                                            \
    do {                                                                                                  \
        nvrtcResult kiln_r_ = (call);                                                                     \
        KILN_CHECK(kiln_r_ == NVRTC_SUCCESS, RuntimeError, "NVRTC error: ", #call, ": ", cuda::nvrtc().nvrtcGetErrorString(kiln_r_)); \
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
    KILN_NVRTC_CHECK(cuda::nvrtc().nvrtcCreateProgram(&prog, source.c_str(), "kiln_graph.cu", 0, nullptr, nullptr));
    std::vector<std::string> opts = codegen::nvrtc_options(arch);
    std::vector<const char*> argv;
    for (const std::string& o : opts) argv.push_back(o.c_str());
    nvrtcResult r = cuda::nvrtc().nvrtcCompileProgram(prog, int(argv.size()), argv.data());
    size_t n = 0;
    cuda::nvrtc().nvrtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    cuda::nvrtc().nvrtcGetProgramLog(prog, log.data());
    if (r != NVRTC_SUCCESS) {
        cuda::nvrtc().nvrtcDestroyProgram(&prog);
        std::string opt_line;
        for (const std::string& o : opts) opt_line += " " + o;
        KILN_FAIL(RuntimeError, "CUDA compile error\n\nNVRTC options:", opt_line, "\n\nLog:\n", log);
    }
    size_t size = 0;
    KILN_NVRTC_CHECK(cuda::nvrtc().nvrtcGetCUBINSize(prog, &size));
    std::string cubin(size, '\0');
    KILN_NVRTC_CHECK(cuda::nvrtc().nvrtcGetCUBIN(prog, cubin.data()));
    cuda::nvrtc().nvrtcDestroyProgram(&prog);
    return cubin;
}

namespace {

// A cubin for `source`: from this process's memory, else the disk cache, else NVRTC. Thread-safe
// (units compile in parallel); `hit` says no NVRTC ran.
std::shared_ptr<const std::string> cubin_of(const std::string& source, int arch, bool& hit) {
    static std::mutex mu;
    static std::map<std::string, std::shared_ptr<const std::string>> loaded;  // source -> cubin, this process
    {
        std::lock_guard<std::mutex> lock(mu);
        auto it = loaded.find(source);
        if (it != loaded.end()) {
            hit = true;
            return it->second;
        }
    }
    CubinCache c = nvrtc_compile_cached(source, arch);
    hit = c.hit;
    auto cubin = std::make_shared<const std::string>(std::move(c.cubin));
    std::lock_guard<std::mutex> lock(mu);
    return loaded.emplace(source, cubin).first->second;
}

// A unit's function, loaded once per process: keyed by the unit's source (which names the
// function), kept until exit. A compile after torch._dynamo.reset() (the same plan again) then
// costs no library loads; with one library per function, a 6-layer transformer's ~10 loads had
// made its warm first call ~30 ms slower.
cudaKernel_t kernel_of(const codegen::CudaUnit& unit, const std::string& cubin) {
    static std::mutex mu;
    static std::map<std::string, cudaKernel_t> loaded;
    std::lock_guard<std::mutex> lock(mu);
    auto it = loaded.find(unit.source);
    if (it != loaded.end()) return it->second;
    // Never unloaded: the process's modules, as PyTorch's compiled kernels stay loaded; at exit the
    // context goes and takes them along.
    cudaLibrary_t lib = nullptr;
    KILN_CUDA_CHECK(cudaLibraryLoadData(&lib, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
    cudaKernel_t fn = nullptr;
    const cudaError_t e = cudaLibraryGetKernel(&fn, lib, unit.name.c_str());
    if (e != cudaSuccess) {
        cudaLibraryUnload(lib);
        KILN_CUDA_CHECK(e);
    }
    return loaded.emplace(unit.source, fn).first->second;
}

// One library per unit (kernel_of), loaded on the host thread that owns the plan (the CUDA
// runtime's current device is per thread); worker threads only run NVRTC.
class Module : public CudaModule {
public:
    Module(std::vector<codegen::CudaUnit> units, int arch) : units_(std::move(units)), arch_(arch) {
        fns_.assign(units_.size(), nullptr);
        auto t0 = std::chrono::steady_clock::now();
        std::vector<std::shared_ptr<const std::string>> cubins(units_.size());
        std::vector<std::string> errors(units_.size());
        std::vector<char> hits(units_.size(), 1);
        std::vector<size_t> first;
        for (size_t i = 0; i < units_.size(); ++i)
            if (units_[i].first_choice) first.push_back(i);
        auto work = [&](size_t from, size_t step) {
            for (size_t j = from; j < first.size(); j += step) {
                const size_t i = first[j];
                try {
                    bool hit = false;
                    cubins[i] = cubin_of(units_[i].source, arch_, hit);
                    hits[i] = hit;
                } catch (const std::exception& e) {
                    errors[i] = e.what();
                }
            }
        };
        // NVRTC runs on up to one thread per core: a 6-layer transformer's ~20 distinct kernels
        // compile in about the time of its slowest one.
        const size_t threads = std::min<size_t>(first.size(), std::max(1u, std::thread::hardware_concurrency()));
        std::vector<std::thread> pool;
        for (size_t t = 1; t < threads; ++t) pool.emplace_back(work, t, threads);
        work(0, std::max<size_t>(threads, 1));
        for (std::thread& t : pool) t.join();
        bool all_hit = true;
        for (size_t i : first) {
            if (!errors[i].empty()) throw Error(ErrorKind::RuntimeError, errors[i]);
            load(i, cubins[i]);
            all_hit = all_hit && hits[i];
        }
        ms_ = all_hit ? 0.0 : std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
    void launch(int index, int64_t grid, int block, void** args) override {
        KILN_CHECK(index >= 0 && size_t(index) < fns_.size(), RuntimeError, "CUDA module: no kernel ", index);
        if (!fns_[size_t(index)]) {
            // A variant the first call did not take (the scalar form for a misaligned input).
            bool hit = false;
            load(size_t(index), cubin_of(units_[size_t(index)].source, arch_, hit));
        }
        // A cudaKernel_t is accepted where the runtime API takes a kernel's address. A launch the
        // runtime refuses (a configuration error, not a fault) also leaves its error as the "last
        // error": cleared here, so that it is reported once, by this throw, and not again by the next
        // cudaGetLastError check of an unrelated launch (the autotuner goes on after a refused candidate).
        const cudaError_t e = cudaLaunchKernel(reinterpret_cast<const void*>(fns_[size_t(index)]), dim3(unsigned(grid)),
                                               dim3(unsigned(block)), args, 0, cuda::current_stream());
        if (e != cudaSuccess) {
            cudaGetLastError();
            cuda::fail_cuda(int(e), "cudaLaunchKernel", __FILE__, __LINE__);
        }
    }
    int find(const std::string& name) const override {
        for (size_t i = 0; i < units_.size(); ++i)
            if (units_[i].name == name) return int(i);
        return -1;
    }
    double compile_ms() const override { return ms_; }
    int arch() const override { return arch_; }

private:
    void load(size_t i, const std::shared_ptr<const std::string>& cubin) { fns_[i] = kernel_of(units_[i], *cubin); }

    std::vector<codegen::CudaUnit> units_;
    std::vector<cudaKernel_t> fns_;
    int arch_;
    double ms_ = 0;
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
    cuda::nvrtc().nvrtcVersion(&major, &minor);
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

std::shared_ptr<CudaModule> compile_cuda(std::vector<codegen::CudaUnit> units) {
    KILN_CHECK(cuda::is_available(), RuntimeError, "CUDA compile: no CUDA GPU is available");
    return std::make_shared<Module>(std::move(units), device_arch());
}

#else  // no CUDA toolkit in this build

bool cuda_jit_available() { return false; }

std::string nvrtc_compile(const std::string&, int) {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

CubinCache nvrtc_compile_cached(const std::string&, int) {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

std::shared_ptr<CudaModule> compile_cuda(std::vector<codegen::CudaUnit>) {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

std::unique_ptr<CudaEventTimer> cuda_event_timer() {
    KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled (this Kiln build has no CUDA toolkit)");
}

#endif

}  // namespace kiln::backends
