// Autotuning a CUDA plan's kernels and GEMMs (see cuda_autotune.h).
#include "backends/cuda_autotune.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "backends/autotune.h"
#include "backends/cuda_jit.h"
#include "support/error.h"

namespace kiln::backends {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

// "  name 0.0123 ms 100.0% detail": one candidate's row, % = best / this as PyTorch prints it.
std::string row(const std::string& name, double ms, double best, const std::string& detail) {
    return "  " + name + " " + fmt("%.4f", ms) + " ms " + fmt("%.1f", ms > 0 ? 100.0 * best / ms : 100.0) + "%" +
           (detail.empty() ? "" : " " + detail) + "\n";
}

// Device scratch memory for the buffers a kernel writes, released on every path out.
struct Scratch {
    std::vector<std::pair<void*, size_t>> blocks;
    void* get(size_t n) {
        blocks.emplace_back(cuda::allocate(n), n);
        return blocks.back().first;
    }
    ~Scratch() {
        for (auto& b : blocks) cuda::release(b.first, b.second);
    }
};

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Turns GEMM autotuning on for a scope (off again on every path out).
struct GemmTuningScope {
    GemmTuningScope() { cuda::set_gemm_autotune(true); }
    ~GemmTuningScope() { cuda::set_gemm_autotune(false); }
};

}  // namespace

std::string CudaAutotuneResult::table() const {
    std::string s;
    for (const Block& b : order) {
        if (b.gemm) {
            const cuda::GemmTuning& g = gemms.at(size_t(b.index));
            s += "AUTOTUNE " + g.title + " [cuBLAS]\n";
            for (const cuda::GemmChoiceTime& c : g.choices) s += row(c.name, c.ms, g.choices.front().ms, c.detail);
            s += "SingleProcess AUTOTUNE benchmarking takes " + fmt("%.4f", g.seconds) + " seconds for " +
                 std::to_string(g.choices.size()) + " choices\n";
            continue;
        }
        const CudaKernelTuning& t = kernels.at(size_t(b.index));
        s += "AUTOTUNE " + t.title + " [CUDA]\n";
        for (const CudaChoiceTime& c : t.choices) s += row(c.name, c.ms, t.choices.front().ms, c.label);
        if (!t.note.empty()) s += "  (" + t.note + ")\n";
        s += "SingleProcess AUTOTUNE benchmarking takes " + fmt("%.4f", t.seconds) + " seconds for " +
             std::to_string(t.choices.size()) + " choices\n";
    }
    s += "AUTOTUNE done: " + std::to_string(kernels.size()) + " kernel" + (kernels.size() == 1 ? "" : "s") + " and " +
         std::to_string(gemms.size()) + " GEMM problem" + (gemms.size() == 1 ? "" : "s") + " tuned in " + fmt("%.4f", seconds) +
         " seconds\n";
    return s;
}

CudaAutotuneResult cuda_autotune(PlanRunner& runner, const std::vector<Tensor>& inputs, const CudaAutotuneOptions& opt) {
    const kernel::Plan& p = runner.plan();
    KILN_CHECK(p.device == Device::CUDA && runner.cuda_module(), RuntimeError,
               "cuda_autotune: the plan is not a CUDA plan with its compiled kernels");
    KILN_CHECK(!cuda::recording(), RuntimeError, "cuda_autotune: cannot tune while a CUDA graph records");
    CudaModule& module = *runner.cuda_module();
    CudaAutotuneResult res;
    const std::vector<int> reuse = codegen::cuda_kernel_reuse(p);
    std::vector<bool> tuned(p.kernels.size(), false);

    // GEMMs tuned by extern steps since the last look, as blocks in the table's order.
    auto collect_gemms = [&]() {
        for (cuda::GemmTuning& g : cuda::take_gemm_tunings()) {
            res.order.push_back({true, int(res.gemms.size())});
            res.gemms.push_back(std::move(g));
        }
    };

    auto hook = [&](int ki, void* const* data) {
        collect_gemms();
        const int rep = reuse.at(size_t(ki));
        if (tuned[size_t(rep)]) return;  // this function's choice is made
        tuned[size_t(rep)] = true;
        const Clock::time_point start = Clock::now();
        const kernel::Kernel& k = p.kernels[size_t(ki)];
        const kernel::Kernel& fk = p.kernels[size_t(rep)];  // whose functions (and names) it launches
        CudaKernelTuning kt;
        kt.kernel = rep;
        const std::string t = autotune_title(fk);
        kt.title = codegen::cuda_kernel_name(fk) + t.substr(std::min(t.size(), fk.name.size()));

        // The arguments in the signature's order (in_out, inputs, outputs, as PlanRunner launches
        // them); every written buffer replaced by scratch memory of its extent. An in_out buffer's
        // scratch starts as a copy, so the candidates compute on the real values.
        Scratch scratch;
        std::vector<void*> ptrs;
        bool aligned = true;
        for (const std::vector<int>* ids : {&k.in_out, &k.inputs, &k.outputs})
            for (int b : *ids) {
                void* d = data[b];
                aligned = aligned && reinterpret_cast<uintptr_t>(d) % 16 == 0;
                const bool written = ids != &k.inputs || contains(k.outputs, b) || contains(k.in_out, b);
                if (written && d) {
                    const size_t n = size_t(std::max<int64_t>(p.buffers[size_t(b)].nbytes(), 1));
                    void* s = scratch.get(n);
                    if (ids == &k.in_out) cuda::copy_async(s, d, n);
                    d = s;
                }
                ptrs.push_back(d);
            }
        std::vector<void*> args;
        for (void*& q : ptrs) args.push_back(&q);

        // What default mode would launch here: the vec4 variant with aligned arguments.
        codegen::CudaConfig def;
        def.vec4 = aligned && codegen::cuda_vectorizable(p, rep);
        const std::string def_name = codegen::cuda_config_name(fk, def);
        bool skipped_vec4 = false;
        std::string failed;
        for (const codegen::CudaConfig& c : codegen::cuda_candidates(p, rep)) {
            if (c.vec4 && !aligned) {
                skipped_vec4 = true;
                continue;
            }
            CudaChoiceTime ct;
            ct.config = c;
            ct.name = codegen::cuda_config_name(fk, c);
            ct.label = codegen::cuda_config_label(fk, c) + (ct.name == def_name ? " (default)" : "");
            const int fn = module.find(ct.name);
            KILN_CHECK(fn >= 0, RuntimeError, "cuda_autotune: the module was not compiled with the candidates (no ", ct.name,
                       "): compile codegen::cuda_autotune_units");
            const codegen::CudaLaunch l = codegen::cuda_launch(fk, c);
            try {
                ct.ms = cuda::benchmark_ms([&] { module.launch(fn, l.grid, l.block, args.data()); }, opt.reps);
            } catch (const Error& e) {
                // A candidate the runtime refuses to launch is left out (and said so); the default
                // one launches in every mode, so a choice remains.
                failed += (failed.empty() ? "" : "; ") + ct.name + ": " + e.what();
                continue;
            }
            kt.choices.push_back(ct);
        }
        if (skipped_vec4) kt.note = "vec4 candidates left out: an argument is not 16-byte aligned";
        if (!failed.empty()) kt.note += (kt.note.empty() ? "" : "; ") + std::string("failed to launch: ") + failed;
        std::stable_sort(kt.choices.begin(), kt.choices.end(),
                         [](const CudaChoiceTime& a, const CudaChoiceTime& b) { return a.ms < b.ms; });
        // The scalar fallback for later calls whose arguments are not aligned: the fastest scalar one.
        codegen::CudaConfig plain;
        for (const CudaChoiceTime& c : kt.choices)
            if (!c.config.vec4) {
                plain = c.config;
                break;
            }
        // The real launch that follows (PlanRunner, right after this hook) takes the winner.
        if (!kt.choices.empty()) runner.set_cuda_choice(ki, kt.choices.front().config, plain);
        kt.seconds = seconds_since(start);
        res.order.push_back({false, int(res.kernels.size())});
        res.kernels.push_back(std::move(kt));
    };

    const Clock::time_point t0 = Clock::now();
    cuda::take_gemm_tunings();  // nothing from before this run belongs to its table
    {
        GemmTuningScope gemm_tuning;
        res.outputs = runner.run_with_kernel_hook(inputs, hook);
    }
    collect_gemms();  // GEMMs after the last kernel
    res.seconds = seconds_since(t0);
    return res;
}

}  // namespace kiln::backends
