// Autotuning a CUDA plan's kernels and GEMMs (see cuda_autotune.h).
#include "backends/cuda_autotune.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "backends/autotune.h"
#include "backends/cuda_jit.h"
#include "kernel/ir.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::backends {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

using autotune_text::fmt;

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

using autotune_text::contains;

// Turns GEMM autotuning on for a scope (off again on every path out).
struct GemmTuningScope {
    GemmTuningScope() { cuda::set_gemm_autotune(true); }
    ~GemmTuningScope() { cuda::set_gemm_autotune(false); }
};

}  // namespace

namespace {

// The plan of `steps` (Kernel or Extern steps of `p`) alone: every buffer they read and none of them
// writes becomes an input (in buffer order), every buffer they write an output allocated before its
// step; the rest of the plan is gone.
kernel::Plan steps_alone(const kernel::Plan& p, const std::vector<int>& steps) {
    kernel::Plan s = p;
    s.steps.clear();
    s.outputs.clear();
    std::vector<bool> written(p.buffers.size(), false), read(p.buffers.size(), false);
    for (int si : steps) {
        const kernel::Step& st = p.steps[size_t(si)];
        for (int b : kernel::reads_of(p, st))
            if (!written[size_t(b)]) read[size_t(b)] = true;
        for (int b : kernel::writes_of(p, st)) written[size_t(b)] = true;
    }
    int next_input = 0;
    for (size_t b = 0; b < s.buffers.size(); ++b) {
        kernel::Buffer& buf = s.buffers[b];
        buf.is_output = false;
        buf.updates_input = -1;
        if (read[b] && buf.kind != kernel::BufferKind::Constant) {
            buf.kind = kernel::BufferKind::Input;
            buf.input_index = next_input++;
        } else if (buf.kind == kernel::BufferKind::Input) {
            buf.kind = kernel::BufferKind::Intermediate;  // not read here: never bound
            buf.input_index = -1;
        }
    }
    s.kernels.clear();  // only the steps' kernels (nothing else is compiled for the timing)
    for (int si : steps) {
        kernel::Step st = p.steps[size_t(si)];
        for (int b : kernel::writes_of(p, st)) {
            kernel::Step a;
            a.kind = kernel::StepKind::Alloc;
            a.buffer = b;
            s.steps.push_back(a);
            s.buffers[size_t(b)].is_output = true;
            s.outputs.push_back({b, s.buffers[size_t(b)].sizes, s.buffers[size_t(b)].strides, 0});
        }
        if (st.kind == kernel::StepKind::Kernel) {
            s.kernels.push_back(p.kernels[size_t(st.kernel)]);
            st.kernel = int(s.kernels.size()) - 1;
        }
        s.steps.push_back(st);
    }
    return s;
}

// The GPU time of one run of plan `s` on random inputs of its input buffers' layouts.
double time_alone(const kernel::Plan& s, const CudaAutotuneOptions& opt) {
    auto plan = std::make_shared<kernel::Plan>(s);
    PlanRunner runner(plan);
    runner.attach_cuda(compile_cuda(codegen::cuda_units(*plan)));
    std::vector<Tensor> inputs;
    for (const kernel::Buffer& b : plan->buffers)
        if (b.kind == kernel::BufferKind::Input) {
            if (size_t(b.input_index) >= inputs.size()) inputs.resize(size_t(b.input_index) + 1);
            // values in [-1, 1] over the buffer's whole extent, seen with its strides (not from the
            // random generator: tuning must not change the program's random numbers)
            const int64_t extent = std::max<int64_t>(b.nbytes() / int64_t(dtype_size(b.dtype)), 1);
            Tensor base = to_device(to_dtype(sin(arange(Scalar(extent), TensorOptions{DType::Float32})), b.dtype), Device::CUDA);
            inputs[size_t(b.input_index)] = as_strided(base, b.sizes, b.strides, 0);
        }
    return cuda::benchmark_ms([&] { runner.run(inputs); }, opt.reps);
}

}  // namespace

GemmEpilogueTuning tune_gemm_epilogue(const kernel::Plan& before, int extern_step, int reader_step, const kernel::Plan& after,
                                      int fused_step, const CudaAutotuneOptions& opt) {
    const Clock::time_point t0 = Clock::now();
    const kernel::Kernel& fk = after.kernels.at(size_t(after.steps.at(size_t(fused_step)).kernel));
    const kernel::Kernel& uk = before.kernels.at(size_t(before.steps.at(size_t(reader_step)).kernel));
    KILN_CHECK(fk.gemm, RuntimeError, "tune_gemm_epilogue: step ", fused_step, " runs no GEMM template");
    const kernel::Gemm& g = *fk.gemm;
    const std::string op = g.op.substr(g.op.find("::") + 2);
    const double fused = time_alone(steps_alone(after, {fused_step}), opt);
    kernel::Plan split_plan = steps_alone(before, {extern_step, reader_step});
    // One name for the unfused kernel of every candidate: identical layers then share one NVRTC
    // compile (the source is the cache's key), as the real plan's identical kernels do.
    split_plan.kernels.at(0).name = "cpp_fused_gemm_epilogue_trial";
    const double split = time_alone(split_plan, opt);
    GemmEpilogueTuning r;
    r.fused_wins = fused <= split;
    const double best = std::min(fused, split);
    const std::string a = row(codegen::cuda_kernel_name(fk), fused, best, "GEMM template, the product kept in registers");
    const std::string b = row(op + " + " + codegen::cuda_kernel_name(uk), split, best, "cuBLAS, then the pointwise kernel");
    r.table = "AUTOTUNE " + g.node + "(m=" + std::to_string(g.m) + ", n=" + std::to_string(g.n) + ", k=" +
              std::to_string(g.k) + ") + " + codegen::cuda_kernel_name(uk) + " [GEMM epilogue]\n" +
              (r.fused_wins ? a + b : b + a) + "SingleProcess AUTOTUNE benchmarking takes " +
              fmt("%.4f", seconds_since(t0)) + " seconds for 2 choices\n";
    return r;
}

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
        for (int b : kernel::arg_buffers(k)) {  // a combo's: each part's in turn
            void* d = data[b];
            aligned = aligned && reinterpret_cast<uintptr_t>(d) % 16 == 0;
            if ((contains(k.outputs, b) || contains(k.in_out, b)) && d) {
                const size_t n = size_t(std::max<int64_t>(p.buffers[size_t(b)].nbytes(), 1));
                void* s = scratch.get(n);
                if (contains(k.in_out, b)) cuda::copy_async(s, d, n);
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
            const codegen::CudaLaunch l = codegen::cuda_launch(p, rep, c);
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
