// torch.compile's front end: hook, cache, recompiles, backends (see dynamo.h).
#include "capture/dynamo/dynamo.h"

#include <chrono>
#include <set>

#include "bytecode/compiler.h"
#include "capture/dynamo/translator.h"
#include "ops/rng_state.h"
#include "support/error.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

using vm::Kind;
using vm::Value;

namespace {
Value config_object(vm::Interpreter& in) { return vm::getattr(in, Value(in.import_module("torch._dynamo").get()), "config"); }
}  // namespace

namespace {

// The graph_breaks log puts "User code traceback:" on the line after the reason; a reason with a
// graph-break-site link ends without a newline (BreakReason::str), one without a link ends with one.
std::string with_newline(std::string s) {
    if (s.empty() || s.back() != '\n') s += '\n';
    return s;
}

vm::Type* state_type() {
    static vm::Type* t = vm::make_builtin_type("DynamoState", vm::types().object, Kind::Native, "torch._dynamo");
    return t;
}


std::string user_frames(const std::vector<UserFrame>& stack) {
    std::string s;
    for (const auto& u : stack)
        s += "  File \"" + u.filename + "\", line " + std::to_string(u.line) + ", in " + u.function + "\n    " + u.code + "\n";
    return s;
}

// Runs the transformed code of `entry` in place of `f`, with f's arguments and cells.
// (The code is held by value: a recursive call may add entries to the same cache meanwhile.)
Value run_entry(vm::Interpreter& in, vm::Ref<vm::Code> code, vm::Frame& f) {
    vm::Frame nf;
    nf.code = code.get();
    nf.co = nf.code->code.get();
    nf.func = f.func;
    nf.globals = f.globals;
    nf.fast = f.fast;
    nf.fast.resize(nf.co->varnames.size());
    nf.cells = f.cells;
    nf.stack.resize(size_t(nf.co->stacksize));
    return in.eval_frame_default(nf);
}

// Pushes a configuration on the active stack for the duration of a call.
struct ActiveScope {
    ActiveScope(DynamoState& s, CompileConfig c) : st(s) { st.active.push_back(std::move(c)); }
    ~ActiveScope() { st.active.pop_back(); }
    DynamoState& st;
};

struct InternalScope {
    explicit InternalScope(DynamoState& s) : st(s), prev(s.internal) { st.internal = true; }
    ~InternalScope() { st.internal = prev; }
    DynamoState& st;
    bool prev;
};

std::map<std::string, BackendCompiler>& backend_compilers() {
    static std::map<std::string, BackendCompiler> m;
    return m;
}

// The callable a named backend turns a graph into: its registered compiler (inductor, aot_eager,
// aot_eager_decomp_partition), or, for cudagraphs (its issue has not landed yet), the graph interpreter,
// with the program told so once (never silently).
// An example value without its data: the same sizes, strides, dtype, device and requires_grad on a
// storage that holds no memory and raises if read (tensor/meta.h), as the FakeTensors PyTorch keeps
// in node.meta['example_value'] hold none. Computed on a GPU, even meta-mode examples take device
// memory (only CPU meta storage is address space alone): a kept graph's examples would otherwise
// hold every activation of the traced forward for as long as the compiled code lives.
Value without_data(const Value& v) {
    if (v.is(Kind::Tuple)) {
        std::vector<Value> items;
        for (const Value& x : v.get<vm::Tuple>()->items) items.push_back(without_data(x));
        return vm::new_tuple(std::move(items));
    }
    auto* obj = v.as<vm::TensorObj>();
    if (!obj) return v;
    const Tensor& t = obj->tensor;
    auto storage = std::make_shared<Storage>();
    storage->nbytes = t.impl()->storage->nbytes;
    storage->device = t.device();
    storage->meta = true;
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = std::move(storage);
    impl->sizes = t.sizes();
    impl->strides = t.strides();
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    impl->requires_grad = t.requires_grad();
    impl->is_parameter = t.impl()->is_parameter;
    return vm::wrap_tensor(Tensor(std::move(impl)));
}

Value named_backend(vm::Interpreter& in, DynamoState& st, const CompileConfig& cfg, const Value& gm,
                    const std::vector<Value>& examples) {
    const std::string& name = cfg.backend_name;
    auto it = backend_compilers().find(name);
    if (it != backend_compilers().end()) return it->second(in, gm, examples, cfg);
    if (name != "eager" && !st.logs.count("__noted_" + name)) {
        st.logs.insert("__noted_" + name);
        in.write_err("Kiln: backend \"" + name +
                     "\" is not built yet (CUDA graphs arrive with a later issue); its graphs run on "
                     "the FX graph interpreter (the \"eager\" backend).\n");
    }
    return vm::getattr(in, gm, "forward");
}

// A custom backend's call, as OutputGraph._call_user_compiler makes it: an Exception it raises
// (other than Dynamo's own Unsupported and ShortenTraceback) becomes BackendCompilerFailed carrying
// the backend's name and the original, raised `from None` with the original's traceback (so its
// __cause__ is None and its __context__ the original).
Value call_user_backend(vm::Interpreter& in, const Value& backend, const Value& gm, const std::vector<Value>& examples) {
    try {
        return in.call(backend, {gm, vm::new_list(examples)});
    } catch (vm::PyError& e) {
        auto* inner = e.exc.as<vm::ExceptionObj>();
        vm::Type* type = vm::type_of(e.exc);
        if (!inner || !type->is_subtype_of(vm::types().Exception) || type->is_subtype_of(unsupported_error_type()) ||
            type->is_subtype_of(shorten_traceback_type()))
            throw;
        // The name torch.compile's _TorchCompileWrapper gives the backend (its compiler_name, which
        // WrapBackendDebug makes the __name__ Dynamo reads): its __name__, else str(backend).
        Value name = vm::getattr_or_null(in, backend, "__name__");
        std::string backend_name = name.is(Kind::Str) ? name.get<vm::Str>()->s : vm::to_str(in, backend);
        std::string msg = "backend=" + vm::repr(in, vm::new_str(backend_name)) + " raised:\n" + type->name + ": " +
                          vm::to_str(in, e.exc);
        Value wrapped = in.call(Value(backend_compiler_failed_type()), {vm::new_str(msg)});
        vm::setattr(in, wrapped, "backend_name", vm::new_str(backend_name));
        vm::setattr(in, wrapped, "inner_exception", e.exc);
        auto* w = wrapped.get<vm::ExceptionObj>();
        w->traceback = inner->traceback;
        w->context = e.exc;
        w->suppress_context = true;
        throw vm::PyError(wrapped);
    }
}

// torch._dynamo.utils.counters (a defaultdict(Counter) made by torch/_dynamo/__init__.py): the
// counts PyTorch's Dynamo keeps as it works, which programs read to see how many graphs compiled and
// how many graph breaks happened. counters[group][key] += n.
void count(vm::Interpreter& in, const char* group, const std::string& key, int64_t n = 1) {
    InternalScope scope(state(in));  // defaultdict's __missing__ is Python: not a frame to compile
    const Value* counters = in.import_module("torch._dynamo")->dict.find("_counters");
    if (!counters) return;
    Value g = vm::getitem(in, *counters, vm::new_str(group));
    Value k = vm::new_str(key);
    vm::setitem(in, g, k, vm::binary_op(in, bytecode::NB_ADD, vm::getitem(in, g, k), Value::integer(n)));
}

// Translates frame `f`, compiles its graph and runs the transformed code; a null Value when the frame
// runs eagerly instead. counters["frames"]["ok"] counts the conversions that end as PyTorch's
// convert_frame returns normally: with a graph, or with nothing to compile.
Value compile_frame(vm::Interpreter& in, DynamoState& st, const CompileConfig& cfg, vm::Frame& f, CodeCache& cc) {
    auto t0 = std::chrono::steady_clock::now();
    std::string compile_id = std::to_string(cc.frame_id) + "/" + std::to_string(cc.compiles++);
    if (!st.known) {
        // The modules this imports (torch._C's Python half) run frames of torch's own: Dynamo's setup,
        // neither compiled nor seen as the program's calls.
        InternalScope scope(st);
        st.known = make_known_callables(in);
    }
    TranslateOptions opt;
    opt.known = st.known.get();
    opt.frame_state = &cc.state;
    opt.dynamic = config_flag(in, "automatic_dynamic_shapes") || cfg.dynamic != "None" ? cfg.dynamic : "False";
    opt.fullgraph = cfg.fullgraph;
    opt.capture_scalar_outputs = config_flag(in, "capture_scalar_outputs");
    opt.reorderable_logging = vm::getattr_or_null(in, config_object(in), "reorderable_logging_functions");
    opt.allow_rnn = config_flag(in, "allow_rnn");
    opt.allowed_in_graph = &st.allowed_in_graph;
    // Meta example values (tensor/meta.h) where no user code can read them: a named backend's graphs
    // (a Python backend and explain() hand node.meta['example_value'] to the program).
    opt.meta_examples = !cfg.backend_name.empty() && !st.explain;
    Capture cap;
    {
        InternalScope scope(st);
        // Tracing computes example values; the program's RNG stream is left as it was.
        kiln::RngStateGuard rng_keep;
        try {
            cap = translate(in, f, opt);
        } catch (vm::PyError& e) {
            // Dynamo's own errors (a fullgraph break, a torch.cond that cannot be captured) reach the program.
            if (vm::isinstance(e.exc, torch_dynamo_exception_type())) throw;
            // The program's own error (a shape mismatch...): running the frame eagerly raises it
            // where the user expects it.
            return Value();
        } catch (kiln::Error& e) {
            // An internal limit of the translator: the frame runs eagerly, with the reason in explain().
            if (st.explain) st.explain->breaks.push_back(BreakRecord{"Skipping frame: " + std::string(e.what()), {}});
            return Value();
        }
    }
    auto record_break = [&](const BreakReason& r) {
        if (logging(in, "graph_breaks")) {
            const UserFrame& u = r.user_stack.empty() ? UserFrame{} : r.user_stack.back();
            log(in, "graph_breaks",
                "[" + compile_id + "] [__graph_breaks] Graph break in user code at " + u.filename + ":" + std::to_string(u.line) +
                    "\nGraph Break Reason: " + with_newline(r.str()) + "User code traceback:\n" + user_frames(r.user_stack));
        }
    };
    if (cap.outcome == Capture::Outcome::Skip) {
        if (cap.skip_has_break) {
            BreakReason r = cap.reason;
            if (cap.skip_reason == "graph break in loop") {
                r.title = "graph break in loop";
                r.explanation = "Skipping frame because there is a graph break in a for/while loop";
            }
            record_break(r);
        }
        cc.skip = true;
        cc.skip_reason = cap.skip_reason;
        // A break in a loop skips the frame (PyTorch's SkipFrame): its Unsupported stays counted as
        // "unimplemented"; a frame with nothing to trace converts to nothing.
        if (cap.skip_has_break) count(in, "unimplemented", cap.reason.str());
        else count(in, "frames", "ok");
        return Value();
    }
    if (cap.outcome == Capture::Outcome::Break) {
        record_break(cap.reason);
        // An unsupported call compiles the graph before it (break_graph_if_unsupported moves its
        // Unsupported to "graph_break"); a data-dependent jump raises none.
        if (!cap.reason.jump) count(in, "graph_break", cap.reason.str());
    }
    finish_graph(cap, f);
    const double capture_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    int calls = 0;
    for (const auto& n : cap.graph->nodes)
        calls += n->op == FxOp::CallFunction || n->op == FxOp::CallMethod || n->op == FxOp::CallModule;
    if (cap.outcome == Capture::Outcome::Return && calls == 0 && cap.side_effects.empty() && cap.mutated_lists.empty()) {
        cc.skip = true;
        cc.skip_reason = "no tensor operations";
        count(in, "frames", "ok");
        return Value();
    }
    std::shared_ptr<FxGraph> graph = cap.graph;
    std::string compiled_name;
    // A graph whose inputs are read through attribute / item paths (a module's parameters and buffers:
    // L['self']._modules['fc']._parameters['weight']) reads them itself, through the entry's guard tree,
    // reusing what the guard check just read (PyTorch's guard tree and cached accessors do the same
    // work in C++); the transformed code passes the paths' roots. Other graphs keep one load per input.
    std::vector<SourceP> input_sources;
    for (const auto& [node, source] : cap.inputs) {
        (void)node;
        input_sources.push_back(source);
    }
    bool chained = false;
    for (const SourceP& s : input_sources) chained = chained || s->base != nullptr;
    struct Gather {
        std::shared_ptr<const GuardSet::Tree> tree;
    };
    std::shared_ptr<Gather> gather;
    std::vector<SourceP> roots;
    if (calls > 0 && chained && readable_inputs(input_sources)) {
        gather = std::make_shared<Gather>();
        roots = input_roots(input_sources);
    }
    if (calls > 0) {
        Value gm = graph_module(graph);
        std::vector<Value> examples;
        for (const auto& [node, source] : cap.inputs) {
            (void)source;
            examples.push_back(node->example);
        }
        Value compiled;
        {
            InternalScope scope(st);
            if (cfg.backend_name.empty()) compiled = call_user_backend(in, cfg.backend, gm, examples);
            else compiled = named_backend(in, st, cfg, gm, examples);
        }
        if (!vm::type_of(compiled)->lookup("__call__") && !compiled.is(Kind::Function) && !compiled.is(Kind::Builtin) &&
            !compiled.is(Kind::BoundMethod))
            vm::raise(vm::types().TypeError, "the compiler backend must return a callable");
        compiled_name = "__compiled_fn_" + std::to_string(++st.compiled_fns);
        DynamoState* sp = &st;
        f.globals->dict.set(compiled_name, vm::new_builtin(compiled_name, [compiled, sp, gather](vm::Interpreter& in2, const vm::CallArgs& a) {
            Value r;
            if (gather && gather->tree) {
                std::vector<Value> seeded;
                if (sp->pending_tree == gather->tree.get()) seeded = std::move(sp->pending_values);
                sp->pending_tree = nullptr;
                sp->pending_values.clear();
                std::vector<Value> inputs = read_inputs(in2, *gather->tree, a.args, a.nargs, std::move(seeded));
                InternalScope scope(*sp);
                r = in2.call(compiled, inputs);
            } else {
                InternalScope scope(*sp);
                r = in2.call(compiled, a);
            }
            if (r.is(Kind::List)) return vm::new_tuple(r.get<vm::List>()->items);
            if (!r.is(Kind::Tuple)) return vm::new_tuple({r});
            return r;
        }));
        ++st.graphs_compiled;
        count(in, "stats", "calls_captured", calls);
        count(in, "stats", "unique_graphs");
        if (st.explain) {
            // explain() reports a break through the graph compiled at it (a break with nothing to
            // compile before it has no graph and no entry), as PyTorch's explain backend does.
            if (cap.outcome == Capture::Outcome::Break) {
                // PyTorch 2.11 reports a data-dependent jump with its old reason text, and names
                // the frames of other breaks after the user's function even inside a resume
                // function.
                BreakRecord b{cap.reason.jump ? "generic_jump TensorVariable()" : cap.reason.str(), cap.reason.user_stack};
                if (!cap.reason.jump)
                    for (auto& u : b.user_stack) {
                        const std::string prefix = "torch_dynamo_resume_in_";
                        if (u.function.rfind(prefix, 0) == 0 && u.function.rfind("_at_") != std::string::npos)
                            u.function = u.function.substr(prefix.size(), u.function.rfind("_at_") - prefix.size());
                    }
                st.explain->breaks.push_back(std::move(b));
            }
            st.explain->graphs.push_back(gm);
            std::vector<Value> ops;
            for (const auto& n : graph->nodes)
                if (n->op == FxOp::CallFunction) ops.push_back(n->target);
            st.explain->ops_per_graph.push_back(ops);
        }
        if (logging(in, "graph_code")) {
            // The forward, indented into the class as PyTorch's readable printout shows it.
            std::string code = graph->python_code(in, true).substr(3), body;
            size_t start = 0;
            while (start < code.size()) {
                size_t end = code.find('\n', start);
                if (end == std::string::npos) end = code.size();
                std::string line = code.substr(start, end - start);
                body += (line.find_first_not_of(' ') == std::string::npos ? "" : "    " + line) + "\n";
                start = end + 1;
            }
            if (!graph->submodules.empty()) {
                // The branches of a torch.cond, nested after the forward as print_readable nests them.
                std::string all = graph->readable(in, "GraphModule", true);
                size_t first_sub = all.find("\n    class ");
                if (first_sub != std::string::npos) body += all.substr(first_sub + 1) + "\n";
            }
            log(in, "graph_code", "[" + compile_id + "] [__graph_code] TRACED GRAPH\n ===== " + compiled_name +
                                      " =====\n class GraphModule(torch.nn.Module):\n" + body);
        }
    }
    if (!cap.constraint_violation.empty())
        vm::raise(constraint_violation_error_type(), cap.constraint_violation);
    Transformed t;
    auto t_codegen = std::chrono::steady_clock::now();
    try {
        t = generate(in, f, cap, compiled_name, st.resumes, gather ? &roots : nullptr);
    } catch (kiln::Error& e) {
        // The state at the break cannot be rebuilt: the frame runs eagerly from now on. Never
        // silently: explain() lists why (a graph compiled before it stays in explain's records,
        // though the frame no longer calls it).
        cc.skip = true;
        cc.skip_reason = e.what();
        if (st.explain) {
            BreakRecord b{"Skipping frame: the state at the graph break cannot be rebuilt (" + std::string(e.what()) +
                              ")" + (cap.outcome == Capture::Outcome::Break ? "; break: " + cap.reason.str() : std::string()),
                          cap.reason.user_stack};
            if (calls > 0 && cap.outcome == Capture::Outcome::Break && !st.explain->breaks.empty()) st.explain->breaks.back() = b;
            else st.explain->breaks.push_back(std::move(b));
        }
        return Value();
    }
    if (st.explain) st.explain->guards.push_back(cap.guards);
    if (logging(in, "guards")) log(in, "guards", "[" + compile_id + "] [__guards] " + cap.guards.str(in));
    if (logging(in, "bytecode"))
        log(in, "bytecode", "[" + compile_id + "] [__bytecode] ORIGINAL BYTECODE " + f.co->name + " " + f.co->filename + " line " +
                                std::to_string(f.co->firstlineno) + " \n" + bytecode::dis(*f.co) + "\n MODIFIED BYTECODE " +
                                f.co->name + " " + f.co->filename + " line " + std::to_string(f.co->firstlineno) + " \n" +
                                bytecode::dis(*t.code->code) + "\n");
    st.capture_seconds = capture_secs + std::chrono::duration<double>(std::chrono::steady_clock::now() - t_codegen).count();
    CacheEntry e;
    e.backend = cfg.key;
    e.backend_ref = cfg.backend;
    e.guards = std::move(cap.guards);
    e.code = t.code;
    e.compile_id = compile_id;
    e.graph = graph;
    // A named back end has compiled the graph and nothing hands its examples to the program any more
    // (explain() and Python back ends do: their graphs keep them).
    if (!cfg.backend_name.empty() && !st.explain)
        for (auto& n : graph->nodes) n->example = without_data(n->example);
    if (gather) e.guards.inputs = input_sources;
    cc.entries.push_back(std::move(e));
    if (gather) gather->tree = cc.entries.back().guards.tree_for(*f.co);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (st.explain) st.explain->compile_times.push_back({f.co->name, secs});
    count(in, "frames", "ok");
    return run_entry(in, cc.entries.back().code, f);
}

// Whether `filename` is a module of trace_rules' BUILTIN_SKIPLIST (or a skipped third-party package
// Kiln ships), whose frames Dynamo never compiles on their own: Kiln's stdlib files are
// `<frozen name.sub>`.
bool skiplisted_frame_file(const std::string& filename) {
    static const std::set<std::string> skipped = {
        "abc", "collections", "contextlib", "copy", "copyreg", "dataclasses", "enum", "functools", "importlib",
        "inspect", "linecache", "logging", "multiprocessing", "operator", "os", "posixpath", "random", "re",
        "selectors", "signal", "tempfile", "threading", "tokenize", "traceback", "types", "typing", "unittest",
        "weakref", "_collections_abc", "_weakrefset", "numpy", "pandas", "sklearn", "tabulate", "tqdm"};
    const std::string prefix = "<frozen ";
    if (filename.rfind(prefix, 0) != 0 || filename.back() != '>') return false;
    std::string mod = filename.substr(prefix.size(), filename.size() - prefix.size() - 1);
    return skipped.count(mod.substr(0, mod.find('.'))) > 0;
}

Value hook(vm::Interpreter& in, vm::Frame& f, DynamoState& st) {
    if (st.active.empty() || st.internal || !f.func || f.names) return in.eval_frame_default(f);
    // A generator function's frame only makes the generator (RETURN_GENERATOR): PyTorch's Dynamo
    // does not compile generator frames either; calls inside a traced frame inline them instead.
    if (f.co->flags & bytecode::CO_GENERATOR) return in.eval_frame_default(f);
    // PyTorch's trace_rules.check_file: a frame whose code is one of torch's own files (SKIP_DIRS) is
    // never traced as a frame of its own; torch's Python (torch.nn.functional, torch.nn.modules, the
    // optimizers...) is only inlined into a traced caller. So when a call made after a graph break
    // (running eagerly in the transformed code) enters such a function, say F.gaussian_nll_loss whose
    // `if torch.any(var < 0)` broke its inlining, the function runs eagerly to its end. Kiln's torch
    // is its stdlib (<frozen torch.…>); torch.func stays traced, as PyTorch's functorch APIs are
    // (LEGACY_MOD_INLINELIST). This also keeps the RNN layers' Python recurrence (where PyTorch runs
    // one C++ op, and graph-breaks on RNN/GRU/LSTM modules with config.allow_rnn = False) eager.
    if (f.co->filename.rfind("<frozen torch.", 0) == 0 && f.co->filename.rfind("<frozen torch.func", 0) != 0)
        return in.eval_frame_default(f);
    // The same for the standard library's modules in PyTorch's BUILTIN_SKIPLIST and the third-party
    // packages of its THIRDPARTY_SKIPLIST that Kiln ships: a frame of contextlib (the transformed
    // code's `contextlib.nullcontext().__enter__` when a with block is entered again at a graph break),
    // functools, random, numpy... runs eagerly.
    if (skiplisted_frame_file(f.co->filename)) return in.eval_frame_default(f);
    // convert_frame's check for torch.compiler.disable(fn, recursive=False): the frame of fn called
    // by its nonrecursive_disable_wrapper (torch/_dynamo/__init__.py, itself a torch frame, skipped
    // above) runs eagerly, without marking its code skipped (apply_to_code=False); fn's callees compile.
    if (const vm::Frame* caller = in.current_frame();
        caller && caller->co && caller->co->name == "nonrecursive_disable_wrapper" &&
        caller->co->filename.rfind("<frozen torch._dynamo", 0) == 0)
        return in.eval_frame_default(f);
    const CompileConfig& cfg = st.active.back();
    if (cfg.disabled) return in.eval_frame_default(f);
    if (st.stance == "force_eager") return in.eval_frame_default(f);
    CodeCache& cc = st.caches[f.co];
    if (!cc.keep) cc.keep = vm::Ref<vm::Code>(f.code);
    if (cc.skip) return in.eval_frame_default(f);
    const std::string& backend = cfg.key;
    std::vector<std::string> failures;
    int same_backend = 0;
    for (size_t k = cc.entries.size(); k-- > 0;) {
        if (cc.entries[k].backend != backend) continue;
        ++same_backend;
        const GuardSet& gs = cc.entries[k].guards;
        std::vector<Value> values;
        auto why = gs.check(in, f, nullptr, gs.inputs.empty() ? nullptr : &values);
        if (!why) {
            if (!gs.inputs.empty()) {
                st.pending_tree = gs.tree.get();
                st.pending_values = std::move(values);
            }
            return run_entry(in, cc.entries[k].code, f);
        }
        failures.push_back(cc.entries[k].compile_id + ": " + *why);
    }
    if (cc.frame_id < 0) cc.frame_id = st.next_frame_id++;
    if (same_backend > 0) {
        if (st.stance == "eager_on_recompile") return in.eval_frame_default(f);
        if (st.stance == "fail_on_recompile")
            vm::raise(vm::types().RuntimeError, "Detected recompile when torch.compile stance is 'fail_on_recompile'. filename: '" +
                                                    f.co->filename + "', function name: '" + f.co->name + "', line number: " +
                                                    std::to_string(f.co->firstlineno));
        int limit = recompile_limit(in);
        if (same_backend >= limit) {
            if (cfg.fullgraph)
                vm::raise(fail_on_recompile_limit_hit(), "Hard failure due to fullgraph=True");
            if (!cc.limit_hit) {
                cc.limit_hit = true;
                in.write_err("torch._dynamo hit config.recompile_limit (" + std::to_string(limit) + ")\n   function: '" +
                             f.co->name + "' (" + f.co->filename + ":" + std::to_string(f.co->firstlineno) +
                             ")\n   last reason: " + failures.front() +
                             "\nTo log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\nTo diagnose recompilation "
                             "issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html\n");
            }
            return in.eval_frame_default(f);
        }
        if (logging(in, "recompiles")) {
            std::string s = "[" + std::to_string(cc.frame_id) + "/" + std::to_string(cc.compiles) +
                            "] [__recompiles] Recompiling function " + f.co->name + " in " + f.co->filename + ":" +
                            std::to_string(f.co->firstlineno) + "\n    triggered by the following guard failure(s):\n";
            for (const auto& r : failures) s += "    - " + r + "\n";
            log(in, "recompiles", s);
        }
    }
    count(in, "frames", "total");
    Value r = compile_frame(in, st, cfg, f, cc);
    if (r.is_null()) return in.eval_frame_default(f);
    return r;
}

}  // namespace

vm::Type* fail_on_recompile_limit_hit() {
    static vm::Type* t = vm::make_exception_type("FailOnRecompileLimitHit", vm::types().RuntimeError, "torch._dynamo.exc");
    return t;
}

std::string CompileConfig::backend_key() const {
    // A named backend compiled with another mode or other options is another backend: the same
    // function compiled twice that way keeps one cache entry per configuration.
    if (!backend_name.empty())
        return backend_name + (mode != "None" ? "|mode=" + mode : "") + (options_repr.empty() ? "" : "|" + options_repr);
    return "callable@" + std::to_string(reinterpret_cast<uintptr_t>(backend.is_obj() ? backend.obj() : nullptr));
}

DynamoState::DynamoState() : vm::NativeObj(state_type()) {}

void DynamoState::clear() {
    pending_tree = nullptr;
    pending_values.clear();
    known.reset();
    disabled.clear();
    disabled_msg.clear();
    caches.clear();
    resumes.functions.clear();
    active.clear();
}

void DynamoState::reset() {
    caches.clear();
    resumes.functions.clear();
    next_frame_id = 0;
    graphs_compiled = 0;
}

DynamoState& state(vm::Interpreter& in) {
    auto m = in.import_module("torch._dynamo");
    if (Value* v = m->dict.find("_kiln_state"))
        if (auto* s = vm::native_cast<DynamoState>(*v)) return *s;
    auto s = vm::make<DynamoState>();
    m->dict.set("_kiln_state", Value(s.get()));
    return *s;
}

void install_hook(vm::Interpreter& in) {
    DynamoState& st = state(in);
    if (in.eval_frame_hook()) return;
    DynamoState* sp = &st;
    in.set_eval_frame_hook([sp](vm::Interpreter& i, vm::Frame& f) { return hook(i, f, *sp); });
}

bool frames_compiled_now(vm::Interpreter& in) {
    if (!in.eval_frame_hook()) return false;
    const DynamoState& st = state(in);
    return !st.active.empty() && !st.active.back().disabled && !st.internal && st.stance != "force_eager";
}

Value call_disabled(vm::Interpreter& in, const Value& fn, const vm::CallArgs& args) {
    CompileConfig off;
    off.disabled = true;
    ActiveScope scope(state(in), off);
    return in.call(fn, args);
}

Value call_compiled(vm::Interpreter& in, const CompileConfig& config, const Value& fn, const vm::CallArgs& args) {
    install_hook(in);
    CompileConfig keyed = config;
    keyed.key = config.backend_key();
    ActiveScope on(state(in), std::move(keyed));
    return in.call(fn, args);
}


int recompile_limit(vm::Interpreter& in) {
    Value v = vm::getattr(in, config_object(in), "recompile_limit");
    return v.is_int() ? int(v.as_int()) : 8;
}

bool config_flag(vm::Interpreter& in, const char* name) {
    Value v = vm::getattr_or_null(in, config_object(in), name);
    return !v.is_null() && vm::truthy(in, v);
}

void register_backend_compiler(const std::string& name, BackendCompiler fn) { backend_compilers()[name] = std::move(fn); }

bool logging(vm::Interpreter& in, const std::string& channel) {
    DynamoState& st = state(in);
    return st.logs.count(channel) > 0;
}

void log(vm::Interpreter& in, const std::string& channel, const std::string& text) {
    if (!logging(in, channel)) return;
    in.write_err(text.empty() || text.back() == '\n' ? text : text + "\n");
}

}  // namespace kiln::capture::dynamo
