// Running a Plan (see executor.h): buffers as Kiln tensors, steps in order, the KilnRuntime table
// for natively compiled code.
#include "backends/executor.h"

#include <algorithm>
#include <chrono>

#include "autograd/grad_mode.h"
#include "backends/cpu_jit.h"
#include "backends/cuda_jit.h"
#include "codegen/cuda.h"
#include "cuda/dispatch.h"
#include "backends/interp.h"
#include "backends/step_profile.h"
#include "ops/output_layout.h"
#include "backends/wasm_jit.h"
#include "graph/ir.h"
#include "graph/op_registry.h"
#include "ops/ops.h"
#include "passes/emit.h"
#include "support/error.h"

namespace kiln::backends {

using kernel::Plan;
using kernel::StepKind;

namespace {

// A tensor of the buffer's layout over new memory on `device`.
Tensor allocate(const kernel::Buffer& b, Device device) {
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = Storage::allocate(size_t(std::max<int64_t>(b.nbytes(), 1)), device);
    impl->sizes = b.sizes;
    impl->strides = b.strides;
    impl->dtype = b.dtype;
    return Tensor(impl);
}

// A buffer's tensor seen through a step's view of it (none: the tensor as is).
Tensor viewed(const Tensor& t, const kernel::Step::View& vw) {
    if (vw.sizes.empty() && vw.strides.empty() && vw.offset == 0) return t;
    return as_strided(t, vw.sizes, vw.strides, t.storage_offset() + vw.offset);
}

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// One call's state: a tensor per buffer, and element-0 pointers for kernels.
struct Call {
    const Plan& p;
    const std::vector<std::shared_ptr<const InterpKernel>>* prepared = nullptr;
    std::vector<Tensor> bufs;
    std::vector<void*> data;
    // The open step profile's record of this run (step_profile.h); null when none is open.
    PlanProfile* prof = nullptr;
    Clock::time_point launch_start;  // native runs: when the current kernel launch began

    explicit Call(const Plan& plan) : p(plan), bufs(plan.buffers.size()), data(plan.buffers.size(), nullptr) {}

    void set(int b, Tensor t) {
        data[size_t(b)] = t.defined() ? t.raw_data() : nullptr;  // a device address for CUDA plans
        bufs[size_t(b)] = std::move(t);
    }
    void alloc(int b) { set(b, allocate(p.buffers[size_t(b)], p.device)); }
    void reuse(int b, int from) {
        const kernel::Buffer& nb = p.buffers[size_t(b)];
        const Tensor& t = bufs[size_t(from)];  // same dtype and size (plan_memory's rule, verify's check)
        set(b, as_strided(t, nb.sizes, nb.strides, t.storage_offset()));
        set(from, Tensor());
    }
    void release(int b) { set(b, Tensor()); }
    void run_step(int si) {
        const kernel::Step& s = p.steps[size_t(si)];
        const graph::Node* n = s.node;
        graph::IValueList args;
        for (size_t i = 0; i < n->inputs.size(); ++i) {
            int b = i < s.input_buffers.size() ? s.input_buffers[i] : -1;
            if (b < 0) {
                auto l = std::find_if(s.list_inputs.begin(), s.list_inputs.end(),
                                      [&](const kernel::Step::ListInput& li) { return li.input == int(i); });
                if (l != s.list_inputs.end()) {
                    graph::IValueList items;  // (buffer -1: a Tensor?[] list's None)
                    for (size_t e = 0; e < l->buffers.size(); ++e)
                        items.push_back(l->buffers[e] < 0 ? graph::IValue()
                                                          : graph::IValue(viewed(bufs[size_t(l->buffers[e])],
                                                                                 e < l->views.size() ? l->views[e] : kernel::Step::View{})));
                    args.push_back(graph::IValue::list(std::move(items)));
                    continue;
                }
                auto c = passes::constant_value(n->inputs[i]);
                KILN_CHECK(c, RuntimeError, "internal error: ", n->inputs[i]->node->kind,
                           " is not a constant input of an extern call");
                args.push_back(*c);
                continue;
            }
            args.push_back(graph::IValue(viewed(bufs[size_t(b)], s.input_views[i])));
        }
        graph::IValueList res = n->schema->kernel(args);
        for (size_t j = 0; j < s.output_buffers.size() && j < res.size(); ++j) {
            Tensor r = res[j].to_tensor();
            const kernel::Buffer& b = p.buffers[size_t(s.output_buffers[j])];
            if (r.sizes() != b.sizes || r.strides() != b.strides || r.dtype() != b.dtype) {
                // Keep the layout later kernels were compiled for.
                Tensor t = allocate(b, p.device);
                copy_(t, r);
                r = t;
            }
            set(s.output_buffers[j], r);
        }
    }
    void run_kernel(int k) { (*prepared)[size_t(k)]->run(data.data()); }
    // Appends launch step `si` (a Kernel, Extern or Fallback step) to the profile.
    void record(int si, const char* engine, double ms) {
        const kernel::Step& s = p.steps[size_t(si)];
        const char* kind = s.kind == StepKind::Kernel ? "kernel" : s.kind == StepKind::Extern ? "extern" : "fallback";
        std::string name = s.kind == StepKind::Kernel ? p.kernels[size_t(s.kernel)].name : s.node ? s.node->kind : kind;
        prof->steps.push_back({std::move(name), kind, engine, ms});
    }
    // A kernel of a CUDA plan: its buffers' device addresses in the generated signature's order
    // (in_out, inputs, outputs), launched with the chosen function's grid and block: a vec4 one
    // only when every argument address is 16-byte aligned.
    template <class Choice>
    void launch_cuda(CudaModule& m, int ki, const Choice& ch) {
        std::vector<void*> ptrs;
        bool aligned = true;
        for (int b : kernel::arg_buffers(p.kernels[size_t(ki)])) {
            ptrs.push_back(data[size_t(b)]);
            aligned = aligned && reinterpret_cast<uintptr_t>(data[size_t(b)]) % 16 == 0;
        }
        std::vector<void*> args;
        for (void*& q : ptrs) args.push_back(&q);
        if (aligned || !ch.needs_aligned) m.launch(ch.fn, ch.launch.grid, ch.launch.block, args.data());
        else m.launch(ch.plain_fn, ch.plain_launch.grid, ch.plain_launch.block, args.data());
    }
};

// The KilnRuntime table over a Call.
void* rt_data(void* ctx, int b) { return static_cast<Call*>(ctx)->data[size_t(b)]; }
void rt_alloc(void* ctx, int b) { static_cast<Call*>(ctx)->alloc(b); }
void rt_reuse(void* ctx, int b, int from) { static_cast<Call*>(ctx)->reuse(b, from); }
void rt_release(void* ctx, int b) { static_cast<Call*>(ctx)->release(b); }
void rt_step(void* ctx, int s) {
    Call& c = *static_cast<Call*>(ctx);
    if (!c.prof) return c.run_step(s);
    const Clock::time_point t0 = Clock::now();
    c.run_step(s);
    c.record(s, "eager", ms_since(t0));  // the host ran the aten op, between native launches
}
// KilnRuntime::launch_clock, set only while a profile is open: the generated kiln_call brackets each
// kernel launch with it. A step id that is not a kernel step of this plan (a stale or foreign
// library) is ignored rather than trusted.
void rt_launch_clock(void* ctx, int s, int end) {
    Call& c = *static_cast<Call*>(ctx);
    if (s < 0 || size_t(s) >= c.p.steps.size() || c.p.steps[size_t(s)].kind != StepKind::Kernel) return;
    if (!end) c.launch_start = Clock::now();
    else c.record(s, "native", ms_since(c.launch_start));
}

}  // namespace

PlanRunner::PlanRunner(std::shared_ptr<const Plan> plan) : plan_(std::move(plan)) {
    // Constants (traced from the program) move to the plan's device once, not per call.
    for (const Tensor& t : plan_->constants)
        constants_.push_back(plan_->device == Device::CPU ? t : cuda::to_device(t, plan_->device));
    if (plan_->device == Device::CPU)
        for (const kernel::Kernel& k : plan_->kernels) prepared_.push_back(prepare(k, *plan_));
    if (plan_->device != Device::CPU) cuda_reuse_ = codegen::cuda_kernel_reuse(*plan_);
    configs_.assign(plan_->kernels.size(), InterpConfig{});
}
PlanRunner::~PlanRunner() = default;

void PlanRunner::attach_cuda(std::shared_ptr<CudaModule> module) {
    cuda_ = std::move(module);
    cuda_choice_.assign(plan_->kernels.size(), CudaChoice{});
    if (!cuda_) return;
    // The default configurations: the vec4 variant where the kernel has one, else the scalar one;
    // a kernel identical to an earlier one launches that one's functions (cuda_kernel_reuse).
    for (size_t i = 0; i < plan_->kernels.size(); ++i) {
        const int rep = cuda_reuse_.empty() ? int(i) : cuda_reuse_[i];
        codegen::CudaConfig plain;
        codegen::CudaConfig best = plain;
        best.vec4 = codegen::cuda_vectorizable(*plan_, rep);
        set_cuda_choice(int(i), best, plain);
    }
}

void PlanRunner::set_cuda_choice(int kernel, const codegen::CudaConfig& best, const codegen::CudaConfig& best_plain) {
    KILN_CHECK(cuda_ && kernel >= 0 && size_t(kernel) < plan_->kernels.size() && !best_plain.vec4, RuntimeError,
               "set_cuda_choice: kernel ", kernel, " of a plan with ", plan_->kernels.size(), " kernels",
               cuda_ ? "" : " and no CUDA module", best_plain.vec4 ? " (a vec4 config given as the plain one)" : "");
    const int rep = cuda_reuse_.empty() ? kernel : cuda_reuse_[size_t(kernel)];
    const kernel::Kernel& k = plan_->kernels[size_t(rep)];
    auto fn_of = [&](const codegen::CudaConfig& c) {
        const std::string name = codegen::cuda_config_name(k, c);
        const int fn = cuda_->find(name);
        KILN_CHECK(fn >= 0, RuntimeError, "internal error: the CUDA module has no function ", name);
        return fn;
    };
    CudaChoice ch;
    ch.fn = fn_of(best);
    ch.launch = codegen::cuda_launch(*plan_, rep, best);
    ch.needs_aligned = best.vec4;
    ch.plain_fn = best.vec4 ? fn_of(best_plain) : ch.fn;
    ch.plain_launch = best.vec4 ? codegen::cuda_launch(*plan_, rep, best_plain) : ch.launch;
    for (size_t i = 0; i < plan_->kernels.size(); ++i)
        if (int(i) == kernel || (cuda_reuse_.empty() ? int(i) : cuda_reuse_[i]) == rep) cuda_choice_[i] = ch;
}

void PlanRunner::attach_native(std::shared_ptr<JitModule> module) { native_ = std::move(module); }

int PlanRunner::attach_wasm() {
    wasm_.assign(plan_->kernels.size(), nullptr);
    if (plan_->device != Device::CPU || !wasm_jit_available()) return 0;
    for (size_t k = 0; k < plan_->kernels.size(); ++k) {
        std::string why;
        wasm_[k] = wasm_kernel(*plan_, int(k), &why);
        // Kernels the generator declines are expected (the interpreter runs them); a module the
        // browser refused is a generator bug, reported.
        if (!wasm_[k] && why.rfind("not generated", 0) != 0 && wasm_failure_.empty())
            wasm_failure_ = plan_->kernels[k].name + ": " + why;
    }
    return wasm_kernels();
}

int PlanRunner::wasm_kernels() const {
    int n = 0;
    for (const auto& w : wasm_) n += w != nullptr;
    return n;
}
bool PlanRunner::native_ready() const { return native_ && native_->ready() && native_->ok(); }

void PlanRunner::set_configs(std::vector<InterpConfig> configs) {
    KILN_CHECK(plan_->device == Device::CPU, RuntimeError, "set_configs: interpreter configs are for CPU plans");
    KILN_CHECK(configs.size() == plan_->kernels.size(), RuntimeError, "set_configs: ", configs.size(),
               " configs for ", plan_->kernels.size(), " kernels");
    for (size_t k = 0; k < configs.size(); ++k)
        if (!(configs[k] == configs_[k])) prepared_[k] = prepare(plan_->kernels[k], *plan_, configs[k]);
    configs_ = std::move(configs);
}

std::vector<Tensor> PlanRunner::run(const std::vector<Tensor>& inputs) { return run_impl(inputs, force_interp_, nullptr); }

std::vector<Tensor> PlanRunner::run_interpreter(const std::vector<Tensor>& inputs, const KernelHook& before_kernel) {
    return run_impl(inputs, true, before_kernel ? &before_kernel : nullptr);
}

std::vector<Tensor> PlanRunner::run_with_kernel_hook(const std::vector<Tensor>& inputs, const KernelHook& before_kernel) {
    return run_impl(inputs, plan_->device == Device::CPU, before_kernel ? &before_kernel : nullptr);
}

std::vector<Tensor> PlanRunner::run_impl(const std::vector<Tensor>& inputs, bool interpreter, const KernelHook* hook) {
    const Plan& p = *plan_;
    Call c(p);
    c.prepared = &prepared_;
    for (size_t b = 0; b < p.buffers.size(); ++b) {
        const kernel::Buffer& buf = p.buffers[b];
        if (buf.kind == kernel::BufferKind::Input) {
            KILN_CHECK(buf.input_index >= 0 && size_t(buf.input_index) < inputs.size(), RuntimeError,
                       "compiled graph expects input ", buf.input_index, " but got ", inputs.size(), " inputs");
            const Tensor& t = inputs[size_t(buf.input_index)];
            // A dim of size 1 is never stepped through: its stride does not matter (PyTorch calls a
            // [1, C, H, W] slice of a larger batch contiguous, and contiguous() leaves it as it is).
            bool strides_match = t.strides().size() == buf.strides.size();
            for (size_t d = 0; strides_match && d < buf.strides.size(); ++d)
                strides_match = buf.sizes[d] == 1 || t.strides()[d] == buf.strides[d];
            KILN_CHECK(t.sizes() == buf.sizes && strides_match && t.dtype() == buf.dtype, RuntimeError,
                       "compiled graph input ", buf.name, " was compiled for ", dtype_short_name(buf.dtype),
                       shape_str(buf.sizes), " with strides ", shape_str(buf.strides), " but got ",
                       dtype_short_name(t.dtype()), shape_str(t.sizes()), " with strides ", shape_str(t.strides()));
            c.set(int(b), t);
        } else if (buf.kind == kernel::BufferKind::Constant) {
            c.set(int(b), constants_[size_t(buf.constant_index)]);
        }
    }
    const bool on_gpu = p.device == Device::CUDA;
    KILN_CHECK(!on_gpu || cuda_, RuntimeError, "internal error: a CUDA plan runs without its compiled kernels");
    // The playground's timeline (step_profile.h). Not while a CUDA graph records: nothing runs then,
    // and events recorded under capture could not be read.
    const bool profile = step_profile_active() && !(on_gpu && cuda::recording());
    PlanProfile prof;
    if (profile) c.prof = &prof;
    const Clock::time_point run_start = profile ? Clock::now() : Clock::time_point{};
    if (!on_gpu && !interpreter && native_ready()) {
        KilnRuntime rt{&c, rt_data, rt_alloc, rt_reuse, rt_release, rt_step, profile ? rt_launch_clock : nullptr};
        native_->call(&rt);
        last_ = KernelEngine::Native;
    } else {
        // Host-timed launches, or on a GPU, CUDA events around each launch on the stream: a mark
        // before and after every launch, read (one wait) after the last step.
        std::unique_ptr<CudaEventTimer> events = profile && on_gpu ? cuda_event_timer() : nullptr;
        struct GpuLaunch {
            int from, to;  // event marks around prof.steps[i]
        };
        std::vector<GpuLaunch> gpu_launches;
        const int first_mark = events ? events->mark() : 0;
        bool ran_wasm = false;
        for (size_t si = 0; si < p.steps.size(); ++si) {
            const kernel::Step& s = p.steps[si];
            const bool launch = s.kind == StepKind::Kernel || s.kind == StepKind::Extern || s.kind == StepKind::Fallback;
            if (s.kind == StepKind::Kernel && hook) (*hook)(s.kernel, c.data.data());  // not part of the launch's time
            const Clock::time_point t0 = profile && launch && !on_gpu ? Clock::now() : Clock::time_point{};
            const int mark0 = events && launch ? events->mark() : 0;
            const char* engine = on_gpu ? "cuda" : "eager";
            switch (s.kind) {
                case StepKind::Alloc: c.alloc(s.buffer); break;
                case StepKind::Reuse: c.reuse(s.buffer, s.from); break;
                case StepKind::Kernel:
                    if (on_gpu) {
                        c.launch_cuda(*cuda_, s.kernel, cuda_choice_[size_t(s.kernel)]);
                    } else if (!interpreter && size_t(s.kernel) < wasm_.size() && wasm_[size_t(s.kernel)]) {
                        wasm_[size_t(s.kernel)]->run(c.data.data());
                        ran_wasm = true;
                        engine = "wasm";
                    } else {
                        c.run_kernel(s.kernel);
                        engine = "interpreter";
                    }
                    break;
                case StepKind::Extern:
                case StepKind::Fallback: c.run_step(int(si)); break;
                case StepKind::Free: c.release(s.buffer); break;
            }
            if (events && launch) {
                gpu_launches.push_back({mark0, events->mark()});
                c.record(int(si), engine, 0);  // its time once the stream has run it
            } else if (profile && launch) {
                c.record(int(si), engine, ms_since(t0));
            }
        }
        if (events) {
            const int last_mark = events->mark();
            for (size_t i = 0; i < gpu_launches.size(); ++i)
                prof.steps[i].ms = events->elapsed_ms(gpu_launches[i].from, gpu_launches[i].to);
            prof.total_ms = events->elapsed_ms(first_mark, last_mark);
        }
        last_ = on_gpu ? KernelEngine::Cuda : ran_wasm ? KernelEngine::Wasm : KernelEngine::Interpreter;
    }
    if (profile) {
        prof.engine = last_ == KernelEngine::Native ? "native" : last_ == KernelEngine::Cuda ? "cuda"
                      : last_ == KernelEngine::Wasm ? "wasm" : "interpreter";
        if (!on_gpu) prof.total_ms = ms_since(run_start);
        step_profile_add(std::move(prof));
    }
    std::vector<Tensor> out;
    for (const kernel::Output& o : p.outputs) {
        const Tensor& t = c.bufs[size_t(o.buffer)];
        KILN_CHECK(t.defined(), RuntimeError, "internal error: output buffer ", p.buffers[size_t(o.buffer)].name, " was freed");
        const kernel::Buffer& b = p.buffers[size_t(o.buffer)];
        Tensor r = o.sizes == b.sizes && o.strides == b.strides && o.offset == 0
                       ? t
                       : as_strided(t, o.sizes, o.strides, t.storage_offset() + o.offset);
        if (o.eager_strides) {
            Tensor laid = empty_like_layout(o.sizes, *o.eager_strides, o.sizes, r.dtype(), r.device());
            if (laid.strides() != r.strides()) {
                autograd::NoGradGuard no_grad;
                copy_(laid, r);
                r = laid;
            }
        }
        out.push_back(r);
    }
    return out;
}

}  // namespace kiln::backends
