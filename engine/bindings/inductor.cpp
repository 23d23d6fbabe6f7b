// torch.compile's default back end, backend="inductor": the Python side of Kiln's Inductor.
//
// Dynamo hands each captured FX graph with its example inputs to compile_graph(). The graph is
// compiled lazily, per layout of the inputs it is called with (sizes, strides, dtypes, and the
// values of int inputs): the first call with a new layout
//   1. re-traces the FX graph into aten ops (running gm.forward under Kiln's jit tracer, the way
//      AOTAutograd's make_fx lowers a Dynamo graph), quietly: a trace that had to bake a tensor's
//      value into a constant is refused;
//   2. runs the graph passes (passes/pipeline.h: decompositions, constant folding, CSE, DCE);
//   3. schedules fused kernels (passes/schedule.h) and plans memory;
//   4. runs the plan on the kernel interpreter, and natively also compiles the generated C++
//      in the background, switching to it once it is loaded (backends/cpu_jit.h).
// Graphs the back end cannot run yet (in-place ops, control flow, inputs that need gradients:
// training comes with AOT autograd) run on the FX interpreter, and the program is told why, once
// per graph, on stderr: never a silent fallback.
//
// torch.compile's options pick Kiln's engines: natively, a graph's generated C++ is compiled in the
// background once the graph has run kHotCalls times, and used when loaded; options={"cpp_jit":
// True} compiles at once, {"cpp_jit": False} keeps the interpreter; KILN_CPP_JIT=1/0 sets the
// same default for a whole run, and KILN_CPP_JIT=wait compiles at once and waits for the library
// (every call native, as the tests that compare native code with eager need). options={"fusion":
// False} compiles one kernel per op (the playground compares both). In the browser, eligible
// kernels run as WebAssembly generated at compile time (codegen/wasm + backends/wasm_jit);
// options={"wasm_codegen": False} keeps them on the interpreter (the benchmark compares both).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <map>
#include <mutex>

#include "aot/builder.h"
#include "aot/derivatives.h"
#include "aot/joint.h"
#include "aot/runtime.h"
#include "autograd/grad_mode.h"
#include "backends/autotune.h"
#include "backends/cuda_autotune.h"
#include "backends/cuda_graph.h"
#include "backends/cpu_jit.h"
#include "backends/cuda_jit.h"
#include "backends/executor.h"
#include "backends/wasm_jit.h"
#include "bindings/convert.h"
#include "bindings/inductor.h"
#include "bindings/jit.h"
#include "capture/dynamo/dynamo.h"
#include "codegen/cpp.h"
#include "codegen/cuda.h"
#include "codegen/wasm.h"
#include "cuda/cuda.h"
#include "graph/passes/passes.h"
#include "ops/rng_state.h"
#include "passes/pipeline.h"
#include "passes/schedule.h"
#include "tensor/meta.h"
#include "vm/interpreter.h"

namespace kiln::vm::bind {

namespace dyn = capture::dynamo;

namespace {

// Whether a plan can be a CUDA plan: only in a build with the CUDA toolkit. Without it no CUDA
// tensor can exist (cuda/no_cuda.cpp), so the GPU's paths below (NVRTC compilation, its autotuner,
// CUDA graphs) can never run; the constant lets the compiler drop them, and with them
// backends/cuda_autotune and cuda_graph, from such a build (the browser downloads every byte).
#ifdef KILN_WITH_CUDA
constexpr bool kCudaPlans = true;
#else
constexpr bool kCudaPlans = false;
#endif

// One compiled specialization of a graph.
struct Compiled {
    std::shared_ptr<backends::PlanRunner> runner;  // null: runs on the FX interpreter
    bool native_noted = false;
    bool native_started = false;
    int calls = 0;
    bool tuned = false;  // mode="max-autotune": the first call tuned the interpreter's configs
    std::unique_ptr<backends::CudaGraphRunner> graphs;  // CUDA plans under reduce-overhead / max-autotune
    bool graphs_noted = false;
    std::string fallback_reason;
    CompileReport report;
    // Training (AOT autograd): the forward and backward graphs, each compiled as above.
    std::shared_ptr<aot::CompiledTraining> training;
    std::shared_ptr<Compiled> fw, bw;
    // Inference graphs that update inputs in place (a compiled optimizer step): the plan returns the
    // new values after the user outputs, and each is written back into tensor input `mutated[k]`.
    std::vector<size_t> mutated;
};

struct GraphState {
    Value gm;
    std::string backend = "inductor";  // or "aot_eager", "aot_eager_decomp_partition"
    std::string name;  // __compiled_fn_N, for messages
    InductorOptions opt;
    std::map<std::string, std::shared_ptr<Compiled>> by_layout;
    bool told = false;
};

std::string layout_key(const CallArgs& a) {
    std::string k;
    bool any_grad = false;
    for (size_t i = 0; i < a.nargs; ++i) {
        const Value& v = a.args[i];
        if (is_tensor(v)) {
            const Tensor& t = to_tensor(v);
            k += dtype_short_name(t.dtype());
            k += shape_str(t.sizes());
            k += shape_str(t.strides());
            if (t.requires_grad()) {
                k += 'g';
                any_grad = true;
            }
        } else if (v.is_int()) {
            k += 'i';
            k += std::to_string(v.as_int());
        } else if (v.is_float()) {
            // Exactly (hexadecimal): a plan traced with a float baked in must not serve another
            // float that std::to_string's six decimals would print the same.
            char buf[40];
            std::snprintf(buf, sizeof buf, "f%a", v.as_float());
            k += buf;
        } else {
            k += "?";
        }
        k += ";";
    }
    // Training and inference calls of one layout compile differently (with or without a backward).
    if (autograd::grad_enabled() && any_grad) k += "train";
    return k;
}

// Natively: hands the generated C++ to the system compiler in the background; the runner switches
// to it once it is loaded.
void start_native(Interpreter& in, Compiled& c, bool asked, bool wait = false) {
    c.native_started = true;
    if (!backends::cpu_jit_available()) {
        // Asked for by name (options={"cpp_jit": True}) but impossible here (the browser, or no
        // compiler found): said once, never silently ignored.
        static bool told = false;
        if (asked && !told) {
            told = true;
            in.write_err("Kiln inductor: cpp_jit is not available here (no system C++ compiler; the browser build never "
                         "has one): compiled graphs run on the kernel interpreter\n");
        }
        return;
    }
    auto mod = backends::compile_async(c.report.source, codegen::exported_symbols(*c.report.plan));
    c.report.source_path = mod->source_path();
    c.runner->attach_native(mod);
    if (wait) mod->wait();  // a compile error is thrown: the graph falls back, saying why
}

// A tensor with `t`'s sizes, strides and storage offset over new storage as large as t's: a copy of
// t's data, or (`meta`) storage allocated in meta mode, marked as holding no values and not copied.
Tensor same_layout(const Tensor& t, bool meta) {
    MetaScope scope(meta);
    const Storage& src = *t.impl()->storage;
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = Storage::allocate(src.nbytes, src.device);
    if (!meta && src.nbytes) {
        if (src.device == Device::CUDA) cuda::memcpy(impl->storage->data, src.data, src.nbytes, cuda::CopyKind::DeviceToDevice);
        else std::memcpy(impl->storage->data, src.data, src.nbytes);
    }
    impl->sizes = t.sizes();
    impl->strides = t.strides();
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    return Tensor(impl);
}

// "name file:line" for every node of `g` whose loc is known, named as print_aten_graph names them.
std::string aten_lines(const graph::Graph& g) {
    auto names = passes::aten_value_names(g);
    std::string out;
    for (const graph::Node* n : g.all_nodes()) {
        if (!n->loc.known() || n->outputs.empty()) continue;
        auto it = names.find(n->outputs[0]);
        if (it == names.end()) continue;
        out += it->second + " " + n->loc.file + ":" + std::to_string(n->loc.line) + "\n";
    }
    return out;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Step 1: the aten graph of gm.forward traced on tensors with the inputs' layouts; null (with the
// reason set) when the graph cannot be compiled. With `meta`, ops skip computing data
// (tensor/meta.h): the trace needs only sizes, strides and dtypes.
std::unique_ptr<graph::Graph> trace_aten(Interpreter& in, GraphState& gs, const CallArgs& a, bool meta, Compiled& c) {
    // A torch.cond (torch.ops.higher_order.cond over two branch GraphModules): the aten re-trace
    // would run one branch and bake it in. PyTorch 2.11 lowers it (Inductor's Conditional IR node;
    // AOT autograd differentiates it as a cond of the branches' backward graphs); Kiln does not yet,
    // so the graph runs on the FX interpreter and autograd sees the ops of the branch that ran.
    if (auto fx = capture::dynamo::graph_of(gs.gm))
        for (const auto& n : fx->nodes)
            if (n->target_name.rfind("torch.ops.higher_order.", 0) == 0) {
                c.fallback_reason = n->target_name +
                                    " is a higher-order operator, which Kiln's AOT autograd and Inductor do not lower yet "
                                    "(its branches run on the FX interpreter)";
                return nullptr;
            }
    capture::Tracer tr;
    tr.quiet = true;
    std::vector<Value> inputs;
    for (size_t i = 0; i < a.nargs; ++i) {
        if (!is_tensor(a.args[i])) {
            inputs.push_back(a.args[i]);
            continue;
        }
        // The re-trace runs the graph on tensors with the same layout: an in-place op in the graph
        // must not touch the caller's tensors before the real call does. In meta mode floating
        // point inputs are not even copied (nothing reads their values); integer and bool ones
        // are (they may be indices, which ops read).
        const Tensor& t = to_tensor(a.args[i]);
        Tensor copy = same_layout(t, meta && t.is_floating_point());
        inputs.push_back(wrap(copy));
        tr.add_tensor_input(copy, "arg" + std::to_string(i) + "_1");
    }
    try {
        autograd::GradModeGuard no_grad(false);
        MetaScope meta_scope(meta);
        capture::TracingScope scope(&tr);
        Value forward = getattr(in, gs.gm, "forward");
        Value out = in.call(forward, inputs);
        std::vector<graph::Value*> outs;
        const std::vector<Value>* items = out.is(Kind::Tuple) ? &out.get<Tuple>()->items : nullptr;
        std::vector<Value> single = {out};
        for (const Value& o : items ? *items : single) {
            if (!is_tensor(o)) {
                c.fallback_reason = "the graph returns a " + type_name(o) + ", not only tensors";
                return nullptr;
            }
            outs.push_back(tr.value_of(to_tensor(o)));
        }
        std::vector<graph::TypePtr> types;
        for (auto* v : outs) types.push_back(v->type);
        graph::Node* t = tr.record("prim::TupleConstruct", nullptr, outs, 1);
        t->output()->type = graph::tuple_type(types);
        tr.graph().register_output(t->output());
    } catch (kiln::Error& e) {
        c.fallback_reason = std::string("the aten re-trace failed: ") + e.what();
        return nullptr;
    } catch (PyError& e) {
        c.fallback_reason = "the aten re-trace raised " + type_name(e.exc) + ": " + to_str(in, e.exc);
        return nullptr;
    }
    if (tr.leaked) {
        c.fallback_reason = "the graph turns a tensor into a Python value";
        return nullptr;
    }
    if (!tr.untraced_call.empty()) {
        c.fallback_reason = tr.untraced_call + "() is not traced into an aten operator by Kiln yet, so the re-trace "
                                               "would freeze its result into a constant";
        return nullptr;
    }
    if (tr.froze_requires_grad && autograd::grad_enabled()) {
        // A parameter reached the trace as a constant (a built-in layer that Kiln's Dynamo keeps as
        // one call_module, e.g. BatchNorm2d): its gradient would be lost, so the graph runs eagerly.
        c.fallback_reason = "a tensor that requires grad is read as a constant (not a graph input), "
                            "so AOT autograd could not give it a gradient";
        return nullptr;
    }
    return std::unique_ptr<graph::Graph>(tr.take_graph());
}

// The plan's last outputs are the new values of the mutated graph inputs (functionalize's order):
// each output buffer that holds one whole (not a view of a larger buffer) is marked as that input's
// update, which plan_memory then stores in place when it can.
void mark_input_updates(kernel::Plan& p, const std::vector<size_t>& mutated) {
    if (mutated.empty() || p.outputs.size() < mutated.size()) return;
    const size_t user = p.outputs.size() - mutated.size();
    for (size_t k = 0; k < mutated.size(); ++k) {
        const kernel::Output& o = p.outputs[user + k];
        if (o.buffer < 0) continue;
        kernel::Buffer& ob = p.buffers[size_t(o.buffer)];
        if (ob.kind != kernel::BufferKind::Intermediate || ob.updates_input >= 0 || o.offset != 0 || o.sizes != ob.sizes ||
            o.strides != ob.strides)
            continue;
        for (size_t b = 0; b < p.buffers.size(); ++b)
            if (p.buffers[b].kind == kernel::BufferKind::Input && p.buffers[b].input_index == int(mutated[k]))
                ob.updates_input = int(b);
    }
}

// List-returning composites left in a graph (broadcast_tensors of torch.distributions' broadcast_all,
// meshgrid) where no gradient flows through them: AOT autograd decomposes composites only on the
// gradient's path (aot/joint.cpp), and the scheduler passes no Tensor[] between kernels, so they become
// their views and expands here too (davidmrau/mixture-of-experts' noisy gating fell back to the FX
// interpreter).
void decompose_list_composites(graph::Graph& g) {
    for (bool changed = true; changed;) {
        changed = false;
        aot::Builder b(g);  // one per step: its example cache must not outlive destroyed nodes
        for (graph::Node* n : std::vector<graph::Node*>(g.block()->nodes.begin(), g.block()->nodes.end())) {
            const graph::Value* o = n->outputs.size() == 1 ? n->outputs[0] : nullptr;
            if (!o || !o->type || o->type->kind != graph::TypeKind::List || !n->schema) continue;
            if (aot::decompose_composite(b, n)) {
                changed = true;
                break;
            }
        }
    }
}

// Steps 2-4 for one aten graph: passes, schedule and memory plan, engines. On failure the reason
// is recorded and c.runner stays null.
void build_plan(Interpreter& in, GraphState& gs, std::shared_ptr<graph::Graph> g, Device device, Compiled& c,
                std::chrono::steady_clock::time_point t0, bool inference = false) {
    const bool cuda_plan = kCudaPlans && device == Device::CUDA;
    try {
        graph::eliminate_dead_code(*g);
        decompose_list_composites(*g);
        c.report.aten_graph = passes::print_aten_graph(*g);
        // 2. passes
        auto t1 = std::chrono::steady_clock::now();
        passes::GraphPassOptions po;
        po.record = gs.opt.record_passes || dyn::logging(in, "passes");
        po.peel_conv_bias = inference;
        // Conv + batch norm folding only under torch._inductor.config.freezing, PyTorch's rule on both
        // devices (Inductor's pre-grad fuse_fx folds conv + BN only when freezing makes the weights
        // constants; without it the batch norm is a per-channel affine map that fuses into the
        // pointwise kernel after the convolution). With the weights graph inputs the fold recomputes
        // every weight on every call: on the GPU a kernel or two over W plus W's copy to
        // channels-last (ResNet-18 32x32 b128 on an H200: forward 576 -> 476 us without it,
        // 2026-11-29-nvidia-h200-speed40-profiles.md); on the CPU three passes over all 11M weights
        // of ResNet-18 (1x3x8x8, one thread: compiled 9.7-10.5 -> 6.8-7.3 ms, eager 6.2-6.7 ms,
        // 2026-11-29-local-2core-speed43-conv-bn-mlp.md). Kiln's freezing keeps the weights graph
        // inputs, so under it the fold is still recomputed per call (the graph PyTorch's frozen fold
        // makes, which PyTorch computes once); on the GPU that per-call fold measured slower than
        // the fused batch norm, so CUDA graphs keep the batch norm under freezing too.
        // torch._inductor.config, read as PyTorch reads it at compile time.
        {
            Ref<ModuleObj> cfg = in.import_module("torch._inductor.config");
            const Value* freezing = cfg->dict.find("freezing");
            po.fold_conv_bn = device != Device::CUDA && freezing && truthy(in, *freezing);
            const Value* allow = cfg->dict.find("layout_optimization");
            const Value* force = cfg->dict.find("force_layout_optimization");
            po.conv_layout = inference && (!allow || truthy(in, *allow));
            po.force_conv_layout = force && truthy(in, *force);
        }
        c.report.passes = passes::run_graph_passes(*g, po);
        c.report.passes_ms = ms_since(t1);
        c.report.post_grad_graph = passes::print_aten_graph(*g);
        c.report.post_grad_lines = aten_lines(*g);
        // 3. schedule + memory
        auto t2 = std::chrono::steady_clock::now();
        passes::ScheduleOptions so;
        so.fuse = gs.opt.fuse;
        auto plan = std::make_shared<kernel::Plan>(passes::schedule(g, so));
        plan->device = device;
        const bool tune = gs.opt.mode.rfind("max-autotune", 0) == 0;
        // CUDA plans: a small mm/addmm and its pointwise reader become one kernel; under max-autotune
        // only where that measures faster than cuBLAS + the kernel (AUTOTUNE tables on stderr).
        if (cuda_plan && tune)
            passes::fuse_gemm_epilogues(*plan, [&](const kernel::Plan& before, int es, int rs, const kernel::Plan& after, int fs) {
                backends::GemmEpilogueTuning t = backends::tune_gemm_epilogue(before, es, rs, after, fs);
                in.write_err(t.table);
                return t.fused_wins;
            });
        else
            passes::fuse_gemm_epilogues(*plan);
        mark_input_updates(*plan, c.mutated);
        if (cuda_plan) passes::form_combo_kernels(*plan);
        passes::plan_memory(*plan);
        // KILN_DEBUG_PLAN=1: the plan before it is verified (a verifier error then has its context).
        if (const char* d = std::getenv("KILN_DEBUG_PLAN"); d && std::string(d) != "0") in.write_err(kernel::str(*plan));
        kernel::verify(*plan);
        c.report.schedule_ms = ms_since(t2);
        // 4. engines
        auto t3 = std::chrono::steady_clock::now();
        c.runner = std::make_shared<backends::PlanRunner>(plan);
        if (cuda_plan) {
            // The GPU has no interpreter: the kernels are compiled now (NVRTC, in-memory cache).
            // max-autotune compiles every candidate configuration too (in parallel): the first
            // call times them.
            c.report.source = codegen::generate_cuda(*plan);
            auto units = tune ? codegen::cuda_autotune_units(*plan) : codegen::cuda_units(*plan);
            c.report.codegen_ms = ms_since(t3);
            auto mod = backends::compile_cuda(std::move(units));
            c.report.native_compile_ms = mod->compile_ms();
            c.runner->attach_cuda(mod);
        } else {
            c.report.source = codegen::generate_cpp(*plan);
            // The browser: kernels as WebAssembly modules, instantiated now (a few KB each).
            if (gs.opt.wasm && backends::wasm_jit_available()) {
                c.report.wasm_kernels = c.runner->attach_wasm();
                c.report.wasm_text = codegen::wasm_output_code_text(*plan, backends::wasm_jit_features());
            }
            c.report.codegen_ms = ms_since(t3);
        }
        c.report.plan = plan;
        if (device == Device::CPU && (gs.opt.cpp_jit == JitPolicy::Now || gs.opt.cpp_jit == JitPolicy::Wait))
            start_native(in, c, true, gs.opt.cpp_jit == JitPolicy::Wait);
    } catch (kiln::Error& e) {
        c.runner.reset();
        c.fallback_reason = e.what();
    }
    c.report.total_ms = ms_since(t0);
}

// A plan's run as an AOT graph function; natively, its C++ is compiled once it is hot.
aot::GraphFn plan_fn(Interpreter& in, GraphState& gs, std::shared_ptr<Compiled> c) {
    Interpreter* ip = &in;
    JitPolicy policy = gs.opt.cpp_jit;
    return [ip, policy, c](const std::vector<Tensor>& inputs) {
        const bool on_gpu = kCudaPlans && c->report.plan && c->report.plan->device == Device::CUDA;
        if (!on_gpu && !c->native_started && policy == JitPolicy::WhenHot && ++c->calls >= kHotCalls) start_native(*ip, *c, false);
        return c->runner->run(inputs);
    };
}

// Training (and every call of the aot_eager backends): AOT autograd over the traced aten graph
// (engine/aot/joint.h): functionalize, joint graph, decompositions (inductor,
// aot_eager_decomp_partition), partition (default for aot_eager, min-cut otherwise), then the
// forward and backward graphs on the graph interpreter (aot_eager*) or as two Inductor plans.
void compile_training(Interpreter& in, GraphState& gs, const CallArgs& a, std::unique_ptr<graph::Graph> traced,
                      Device device, Compiled& c, std::chrono::steady_clock::time_point t0) {
    const bool eager = gs.backend != "inductor";
    const bool decompose = gs.backend != "aot_eager";
    try {
        graph::eliminate_dead_code(*traced);
        const size_t num_user = traced->outputs().at(0)->node->inputs.size();
        std::vector<size_t> mutated = aot::functionalize(*traced);
        std::vector<bool> requires_grad;
        for (size_t i = 0; i < a.nargs; ++i)
            if (is_tensor(a.args[i])) requires_grad.push_back(autograd::grad_enabled() && to_tensor(a.args[i]).requires_grad());
        aot::JointGraph joint = aot::build_joint(*traced, requires_grad, num_user, mutated);
        if (decompose) {
            passes::GraphPassOptions po;
            po.fold_conv_bn = false;  // a training graph's batch norm uses batch statistics
            po.fuse_conv_pointwise = false;  // the fused op has no derivative; the partitioned graphs get it
            passes::run_graph_passes(*joint.graph, po);
        }
        const std::string id = std::to_string(dyn::state(in).graphs_compiled);
        if (dyn::logging(in, "aot_joint_graph"))
            dyn::log(in, "aot_joint_graph", "TRACED GRAPH\n ===== Joint graph " + id + " =====\n" +
                                                passes::print_aten_graph(*joint.graph, true));
        aot::Partitioner how = gs.backend == "aot_eager" ? aot::Partitioner::Default : aot::Partitioner::MinCut;
        aot::Partition part = aot::partition(joint, how);
        c.report.aot_forward_graph = passes::print_aten_graph(*part.forward, true);
        c.report.aot_backward_graph = passes::print_aten_graph(*part.backward, true);
        c.report.aot_partition = std::string("partitioner: ") + aot::partitioner_name(how) + "\n" + part.report();
        c.report.aot_saved_bytes = part.saved_bytes;
        if (dyn::logging(in, "aot_graphs")) {
            dyn::log(in, "aot_graphs", "TRACED GRAPH\n ===== Forward graph " + id + " =====\n" + c.report.aot_forward_graph);
            dyn::log(in, "aot_graphs", "TRACED GRAPH\n ===== Backward graph " + id + " =====\n" + c.report.aot_backward_graph);
            dyn::log(in, "aot_graphs", "Partition of graph " + id + " (" + aot::partitioner_name(how) + "):\n" + part.report());
        }
        auto tr = std::make_shared<aot::CompiledTraining>(aot::describe(joint, part));
        if (eager) {
            tr->forward = aot::interpreter_fn(std::shared_ptr<const graph::Graph>(std::move(part.forward)));
            tr->backward = aot::interpreter_fn(std::shared_ptr<const graph::Graph>(std::move(part.backward)));
        } else {
            c.fw = std::make_shared<Compiled>();
            c.bw = std::make_shared<Compiled>();
            build_plan(in, gs, std::shared_ptr<graph::Graph>(std::move(part.forward)), device, *c.fw, t0);
            if (!c.fw->runner) throw kiln::Error(ErrorKind::RuntimeError, "the forward graph: " + c.fw->fallback_reason);
            build_plan(in, gs, std::shared_ptr<graph::Graph>(std::move(part.backward)), device, *c.bw, t0);
            if (!c.bw->runner) throw kiln::Error(ErrorKind::RuntimeError, "the backward graph: " + c.bw->fallback_reason);
            if (!kCudaPlans || device != Device::CUDA || (gs.opt.mode != "reduce-overhead" && gs.opt.mode != "max-autotune")) {
                tr->forward = plan_fn(in, gs, c.fw);
                tr->backward = plan_fn(in, gs, c.bw);
            } else {
                // CUDA graphs for both plans, joined at the saved tensors (backends/cuda_graph.h): the
                // forward lends them, the backward reads them where the forward's graph wrote them
                // while they are that replay's (else the plan runs as usual).
                std::shared_ptr<Compiled> fw = c.fw, bw = c.bw;
                const size_t saved = tr->num_saved;
                fw->graphs = std::make_unique<backends::CudaGraphRunner>(*fw->runner, tr->num_fw_outputs);
                bw->graphs = std::make_unique<backends::CudaGraphRunner>(*bw->runner, SIZE_MAX, saved);
                tr->forward = [fw](const std::vector<Tensor>& inputs) { return fw->graphs->run(inputs); };
                tr->backward = [fw, bw, saved](const std::vector<Tensor>& inputs) {
                    return fw->graphs->lent_current(inputs, saved) ? bw->graphs->run(inputs) : bw->runner->run(inputs);
                };
            }
            // The playground and tests read the forward plan as "the" plan of this compile.
            std::string keep_fw = c.report.aot_forward_graph, keep_bw = c.report.aot_backward_graph;
            std::string keep_part = c.report.aot_partition;
            int64_t keep_bytes = c.report.aot_saved_bytes;
            c.report = c.fw->report;
            c.report.aot_forward_graph = keep_fw;
            c.report.aot_backward_graph = keep_bw;
            c.report.aot_partition = keep_part;
            c.report.aot_saved_bytes = keep_bytes;
            c.report.backward_plan = c.bw->report.plan;
            c.report.backward_source = c.bw->report.source;
        }
        c.training = tr;
    } catch (kiln::Error& e) {
        c.training.reset();
        c.fw.reset();
        c.bw.reset();
        // The AOT stages word their errors "AOT autograd: ..." already; others get the prefix here.
        const std::string what = e.what();
        c.fallback_reason = what.rfind("AOT autograd: ", 0) == 0 ? what : "AOT autograd: " + what;
    }
    c.report.total_ms = ms_since(t0);
}

// Steps 1-4 for one input layout.
std::shared_ptr<Compiled> compile_layout(Interpreter& in, GraphState& gs, const CallArgs& a) {
    // The re-trace runs the graph's ops (random ones draw numbers when it runs on real data): the
    // program's RNG stream is left as it was, as Dynamo's capture leaves it (PyTorch preserves it too).
    kiln::RngStateGuard rng_keep;
    auto c = std::make_shared<Compiled>();
    auto t0 = std::chrono::steady_clock::now();
    bool training = gs.backend != "inductor";
    if (autograd::grad_enabled())
        for (size_t i = 0; i < a.nargs; ++i)
            if (is_tensor(a.args[i]) && to_tensor(a.args[i]).requires_grad()) training = true;
    // The device the graph runs on: its tensor inputs' (one device only, as eager ops require).
    Device device = Device::CPU;
    bool seen = false;
    for (size_t i = 0; i < a.nargs; ++i) {
        if (!is_tensor(a.args[i])) continue;
        Device d = to_tensor(a.args[i]).device();
        if (seen && d != device) {
            c->fallback_reason = "its inputs live on both the CPU and the GPU";
            return c;
        }
        device = d;
        seen = true;
    }
    // 1. aten graph, in meta mode unless the trace needs a computed value's data (then again on
    // real copies).
    std::unique_ptr<graph::Graph> traced;
    try {
        MetaRetryScope retry;
        traced = trace_aten(in, gs, a, true, *c);
    } catch (NeedsRealData&) {
        traced = trace_aten(in, gs, a, false, *c);
    }
    if (!traced) return c;
    c->report.trace_ms = ms_since(t0);
    if (training) {
        compile_training(in, gs, a, std::move(traced), device, *c, t0);
        return c;
    }
    // In-place updates of inputs (parameters, optimizer state): functionalized as AOT autograd
    // does for an inference graph, so the scheduler sees pure ops it can fuse (one kernel for a
    // parameter's whole update); the new values are written back into the inputs after the run.
    bool inplace = false;
    for (const graph::Node* n : traced->all_nodes()) inplace = inplace || (n->schema && n->schema->is_inplace());
    if (inplace) {
        try {
            c->mutated = aot::functionalize(*traced);
        } catch (kiln::Error& e) {
            c->fallback_reason = e.what();
            return c;
        }
    }
    build_plan(in, gs, std::shared_ptr<graph::Graph>(std::move(traced)), device, *c, t0, true);
    return c;
}

// `name`: the graph's ("graph 0"), with " (forward)" / " (backward)" for AOT autograd's two plans.
void log_compiled(Interpreter& in, const std::string& name, const Compiled& c) {
    if (c.training && c.fw && c.bw) {  // a training compile: its forward and backward plans, as PyTorch logs both
        log_compiled(in, name + " (forward)", *c.fw);
        log_compiled(in, name + " (backward)", *c.bw);
        return;
    }
    if (!c.runner) return;
    const kernel::Plan& p = *c.report.plan;
    if (dyn::logging(in, "passes"))  // Kiln's artifact: the graph before and after every pass
        dyn::log(in, "passes", "Graph passes of " + name + ":\n" + passes::format_pass_records(c.report.passes));
    if (dyn::logging(in, "post_grad_graphs"))
        dyn::log(in, "post_grad_graphs", "TRACED GRAPH\n ===== AFTER POST GRAD (" + name + ") =====\n" + c.report.post_grad_graph);
    if (dyn::logging(in, "aten_lines") && !c.report.post_grad_lines.empty())  // Kiln's artifact: the playground's aten -> source links
        dyn::log(in, "aten_lines", "Source lines of " + name + ":\n" + c.report.post_grad_lines);
    if (dyn::logging(in, "schedule")) dyn::log(in, "schedule", "Scheduled kernels of " + name + ":\n" + kernel::str(p));
    if (dyn::logging(in, "fusion")) {
        std::string s = "Fusion decisions of " + name + ": " + std::to_string(p.kernels.size()) + " kernels\n";
        for (const auto& note : p.not_fused) s += "  not fused: " + note.producer + " -> " + note.consumer + ": " + note.reason + "\n";
        dyn::log(in, "fusion", s);
    }
    if (dyn::logging(in, "output_code")) {
        if (p.device == Device::CUDA) dyn::log(in, "output_code", "Output code: \n" + c.report.source);
        else dyn::log(in, "output_code", codegen::output_code_text(p, c.report.source, c.report.source_path) +
                                             (c.report.wasm_text.empty() ? "" : "\n" + c.report.wasm_text));
    }
    if (dyn::logging(in, "cuda_code") && p.device == Device::CPU) {
        // Kiln's artifact for the playground: the same plan as codegen/cuda renders it for a GPU, so
        // a CPU (or browser) run can show the CUDA kernels beside the C++ ones.
        std::string text;
        try {
            text = codegen::generate_cuda(p);
        } catch (kiln::Error& e) {
            text = std::string("// codegen/cuda cannot render this plan: ") + e.what() + "\n";
        }
        dyn::log(in, "cuda_code", "CUDA code of " + name + ": codegen/cuda's rendering, as a GPU would run this plan\n" + text);
    }
    if (c.report.wasm_kernels > 0)
        dyn::log(in, "inductor", "Kiln inductor: " + name + " runs " + std::to_string(c.report.wasm_kernels) + " of " +
                                     std::to_string(p.kernels.size()) + " kernels as generated WebAssembly (codegen/wasm)");
    static bool told_wasm_failure = false;
    if (!c.runner->wasm_failure().empty() && !told_wasm_failure) {
        told_wasm_failure = true;
        dyn::log(in, "inductor", "Kiln inductor: generated WebAssembly was refused (" + c.runner->wasm_failure() +
                                     "): such kernels run on the kernel interpreter");
    }
}

Value run_compiled(Interpreter& in, const std::shared_ptr<GraphState>& gs, const CallArgs& a) {
    const std::string key = layout_key(a);
    auto it = gs->by_layout.find(key);
    bool first_call = false;
    if (it == gs->by_layout.end()) {
        auto c = compile_layout(in, *gs, a);
        it = gs->by_layout.emplace(key, c).first;
        if (!c->runner && !c->training && !gs->told) {
            gs->told = true;
            in.write_err("Kiln inductor: " + gs->name + " runs on the FX graph interpreter: " + c->fallback_reason + "\n");
        }
        log_compiled(in, gs->name, *c);
        last_report() = std::make_shared<CompileReport>(c->report);
        first_call = dyn::logging(in, "inductor");
    }
    Compiled& c = *it->second;
    // TORCH_LOGS=inductor: where a compile's time went, phase by phase, and its first run (module
    // loads, workspaces and first-touch allocations happen there).
    struct FirstCallLog {
        Interpreter& in;
        const GraphState& gs;
        const Compiled& c;
        bool on;
        std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
        ~FirstCallLog() {
            if (!on) return;
            const CompileReport& r = c.report;
            char buf[320];
            std::snprintf(buf, sizeof buf,
                          "Kiln inductor: compiled %s in %.1f ms (aten trace %.1f, passes %.1f, schedule %.1f, codegen %.1f, "
                          "native compile %.1f); first run %.1f ms",
                          gs.name.c_str(), r.total_ms, r.trace_ms, r.passes_ms, r.schedule_ms, r.codegen_ms,
                          r.native_compile_ms, ms_since(t0));
            dyn::log(in, "inductor", buf);
        }
    } first_log{in, *gs, c, first_call};
    if (c.training) {
        std::vector<Tensor> primals;
        for (size_t i = 0; i < a.nargs; ++i)
            if (is_tensor(a.args[i])) primals.push_back(to_tensor(a.args[i]));
        std::vector<Value> items;
        for (const Tensor& t : aot::run_training(c.training, primals)) items.push_back(wrap(t));
        if (c.fw && c.fw->graphs && !c.graphs_noted && !c.fw->graphs->skipped().empty()) {
            c.graphs_noted = true;
            dyn::log(in, "perf_hints", "skipping cudagraphs due to " + c.fw->graphs->skipped());
        }
        return new_tuple(std::move(items));
    }
    if (!c.runner) return in.call(getattr(in, gs->gm, "forward"), a);
    // A graph becomes worth an external compile once it is hot (a tiered JIT): one-shot graphs of
    // a lesson or a test never pay for a compiler process.
    const bool on_gpu = kCudaPlans && c.report.plan && c.report.plan->device == Device::CUDA;
    if (!on_gpu && !c.native_started && gs->opt.cpp_jit == JitPolicy::WhenHot && ++c.calls >= kHotCalls) start_native(in, c, false);
    std::vector<Tensor> inputs;
    for (size_t i = 0; i < a.nargs; ++i)
        if (is_tensor(a.args[i])) inputs.push_back(to_tensor(a.args[i]));
    std::vector<Tensor> outs;
    {
        autograd::GradModeGuard no_grad(false);
        const bool max_autotune = gs->opt.mode.rfind("max-autotune", 0) == 0;
        if (!c.tuned && on_gpu && max_autotune) {
            // The GPU's max-autotune: the first call with real inputs times every candidate launch
            // configuration of each kernel and the cuBLAS/cuBLASLt algorithms of each GEMM, keeps
            // the fastest, and prints the AUTOTUNE tables on stderr. The CUDA graph of
            // mode="max-autotune" is recorded by later calls, after the choices are made.
            c.tuned = true;
            backends::CudaAutotuneResult tr = backends::cuda_autotune(*c.runner, inputs);
            in.write_err(tr.table());
            outs = std::move(tr.outputs);
        } else if (!c.tuned && !on_gpu && max_autotune) {
            // The first call with real inputs times each kernel's interpreter configs (tile size,
            // threads) and keeps the fastest, printing PyTorch-style AUTOTUNE tables on stderr.
            c.tuned = true;
            backends::AutotuneOptions ao;
            // KILN_AUTOTUNE_BUDGET_S: seconds of benchmarking per graph (slow builds, e.g. under
            // sanitizers, need more than the default to tune anything).
            if (const char* b = std::getenv("KILN_AUTOTUNE_BUDGET_S"); b && std::atof(b) > 0) ao.budget_s = std::atof(b);
            backends::AutotuneResult tr = backends::autotune(*c.runner, inputs, ao);
            in.write_err(tr.table());
            outs = std::move(tr.outputs);
        } else if (on_gpu && (gs->opt.mode == "reduce-overhead" || gs->opt.mode == "max-autotune")) {
            // As in PyTorch, these two modes replay CUDA graphs ("max-autotune-no-cudagraphs" does not).
            if (!c.graphs) c.graphs = std::make_unique<backends::CudaGraphRunner>(*c.runner);
            outs = c.graphs->run(inputs);
            if (!c.graphs_noted && !c.graphs->skipped().empty()) {
                c.graphs_noted = true;
                dyn::log(in, "perf_hints", "skipping cudagraphs due to " + c.graphs->skipped());
            }
        } else {
            outs = c.runner->run(inputs);
        }
    }
    if (!c.mutated.empty()) {
        // The mutated inputs' new values, the plan's last outputs, go back into the inputs.
        autograd::NoGradGuard no_grad;
        const size_t user = outs.size() - c.mutated.size();
        for (size_t k = 0; k < c.mutated.size(); ++k) {
            Tensor& dst = inputs.at(c.mutated[k]);
            const Tensor& src = outs[user + k];
            // Stored in place by its kernel (plan_memory): nothing left to copy.
            if (src.impl()->storage == dst.impl()->storage && src.storage_offset() == dst.storage_offset() &&
                src.strides() == dst.strides())
                continue;
            copy_(dst, src);
        }
        outs.resize(user);
    }
    if (!c.native_noted && c.runner->last_engine() == backends::KernelEngine::Native) {
        c.native_noted = true;
        dyn::log(in, "inductor", "Kiln inductor: " + gs->name + " now runs natively compiled C++ (" + c.report.source_path + ")");
    }
    std::vector<Value> items;
    for (const Tensor& t : outs) items.push_back(wrap(t));
    return new_tuple(std::move(items));
}

InductorOptions options_from(Interpreter& in, const dyn::CompileConfig& cfg) {
    InductorOptions o;
    const char* env = std::getenv("KILN_CPP_JIT");
    const std::string jit = env ? env : "";
    o.cpp_jit = jit == "0" ? JitPolicy::Off : jit == "1" ? JitPolicy::Now : jit == "wait" ? JitPolicy::Wait : JitPolicy::WhenHot;
    if (cfg.options.is(Kind::Dict)) {
        cfg.options.get<Dict>()->for_each([&](const Value& k, const Value& v) {
            if (!k.is(Kind::Str)) return;
            const std::string& name = str_of(k);
            if (name == "cpp_jit") o.cpp_jit = truthy(in, v) ? JitPolicy::Now : JitPolicy::Off;
            else if (name == "fusion") o.fuse = truthy(in, v);
            else if (name == "wasm_codegen") o.wasm = truthy(in, v);
            else if (name == "trace.enabled" || name == "record_passes") o.record_passes = truthy(in, v);
        });
    }
    o.mode = cfg.mode;
    return o;
}

}  // namespace

std::shared_ptr<CompileReport>& last_report() {
    static std::shared_ptr<CompileReport> r;
    return r;
}

Value compile_graph(Interpreter& in, const Value& gm, const std::vector<Value>& example_inputs,
                    const dyn::CompileConfig& cfg) {
    (void)example_inputs;  // compiled per input layout on first call (see the file comment)
    auto gs = std::make_shared<GraphState>();
    gs->gm = gm;
    gs->name = "graph " + std::to_string(dyn::state(in).graphs_compiled);
    gs->opt = options_from(in, cfg);
    gs->backend = cfg.backend_name == "aot_eager" || cfg.backend_name == "aot_eager_decomp_partition" ? cfg.backend_name : "inductor";
    return new_builtin("compiled_inductor_graph", [gs](Interpreter& in2, const CallArgs& a) { return run_compiled(in2, gs, a); });
}

void register_inductor() {
    dyn::register_backend_compiler("inductor", compile_graph);
    // AOT autograd's debugging back ends: the joint graph and its partition, run by the interpreter.
    dyn::register_backend_compiler("aot_eager", compile_graph);
    dyn::register_backend_compiler("aot_eager_decomp_partition", compile_graph);
}

}  // namespace kiln::vm::bind
