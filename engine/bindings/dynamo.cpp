// torch.compile and its companions as Python objects: torch.compile, OptimizedModule,
// torch._dynamo (explain, reset, config, graph_break, disable, list_backends, exc),
// torch.compiler (disable, is_compiling, reset) and torch._logging.set_logs / TORCH_LOGS.
//
// The machinery is engine/capture/dynamo; this file parses PyTorch's signatures, keeps PyTorch's
// object shapes (an OptimizedModule forwards attributes to `_orig_mod`; explain() returns an
// object with graph_count, break_reasons, ... and PyTorch's printed layout) and its errors.
#include <algorithm>
#include <cstdlib>

#include "bindings/convert.h"
#include "bindings/jit.h"
#include "bytecode/compiler.h"
#include "lang/parser.h"
#include "capture/dynamo/dynamo.h"
#include "capture/dynamo/translator.h"
#include "support/function.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

namespace dyn = capture::dynamo;

namespace {

void def_sig(ModuleObj& m, const char* spec, kiln::Function<Value(Interpreter&, std::vector<Value>&)> body) {
    auto sig = std::make_shared<Signature>(spec);
    m.dict.set(sig->name(), new_builtin(sig->name(), [sig, body](Interpreter& in, const CallArgs& a) {
                   std::vector<Value> v = sig->bind(a);
                   return body(in, v);
               }));
}

const char* const kBackends[] = {"inductor", "eager", "aot_eager", "aot_eager_decomp_partition", "cudagraphs"};

Type* invalid_backend_type() {
    static Type* t = make_exception_type("InvalidBackend", dyn::torch_dynamo_exception_type(), "torch._dynamo.exc");
    return t;
}

// torch._dynamo.exc.IncorrectUsage (a plain Exception subclass in PyTorch).
Type* incorrect_usage_type() {
    static Type* t = make_exception_type("IncorrectUsage", T().Exception, "torch._dynamo.exc");
    return t;
}

// Whether fn is one of the torch callables Dynamo records as graph nodes (trace_rules' in-graph torch
// functions): a native function of torch, torch.nn.functional, torch.linalg, torch.special or torch.fft,
// or a method of Tensor, found by identity.
bool is_torch_in_graph_callable(Interpreter& in, const Value& fn) {
    if (!fn.is(Kind::Builtin)) return false;
    for (const char* mod : {"torch", "torch.nn.functional", "torch.linalg", "torch.special", "torch.fft"}) {
        auto it = in.modules().find(mod);
        if (it == in.modules().end()) continue;
        bool found = false;
        it->second->dict.for_each([&](const std::string&, const Value& v) {
            if (v.is_obj() && v.obj() == fn.obj()) found = true;
        });
        if (found) return true;
    }
    bool found = false;
    T().tensor->dict.for_each([&](const std::string&, const Value& v) {
        if (v.is_obj() && v.obj() == fn.obj()) found = true;
    });
    return found;
}

bool known_backend(const std::string& b) {
    for (const char* k : kBackends)
        if (b == k) return true;
    return false;
}

// ---- calling a module under Dynamo -------------------------------------------------------------------------

// A built-in layer (nn.Linear, nn.Sequential) has no Python forward for the hook to see. PyTorch
// compiles the frame of its Python call wrapper, whose locals are `fn` (the module) and `args`;
// Kiln does the same with this small function, so placeholders are named L_fn_..., L_args_0_.
Value call_impl_function(Interpreter& in) {
    auto dyn_mod = in.import_module("torch._dynamo");
    if (const Value* v = dyn_mod->dict.find("_kiln_call_impl")) return *v;
    const std::string file = "torch/nn/modules/module.py";
    const std::string src = "def _call_impl(fn, *args, **kwargs):\n    return fn(*args, **kwargs)\n";
    lang::Module parsed = lang::parse_module(src, file);
    auto co = bytecode::compile_module(parsed, file);
    auto ns = make<ModuleObj>("torch.nn.modules.module");
    in.run_code(make<Code>(co), ns);
    Value fn = *ns->dict.find("_call_impl");
    dyn_mod->dict.set("_kiln_call_impl", fn);
    return fn;
}

bool has_python_forward(Interpreter& in, const Value& module) {
    Value fwd = getattr_or_null(in, module, "forward");
    return fwd.is(Kind::BoundMethod) && fwd.get<BoundMethod>()->func.is(Kind::Function);
}

// Runs `module(*args)` with `cfg` active: through its Python forward, or through _call_impl.
Value call_module_compiled(Interpreter& in, const dyn::CompileConfig& cfg, const Value& module, const CallArgs& a) {
    if (has_python_forward(in, module)) return dyn::call_compiled(in, cfg, module, a);
    std::vector<Value> all = {module};
    all.insert(all.end(), a.args, a.args + a.nargs + a.nkw);
    CallArgs c = a;
    c.args = all.data();
    c.nargs = a.nargs + 1;
    c.kwvalues = all.data() + c.nargs;
    return dyn::call_compiled(in, cfg, call_impl_function(in), c);
}

// ---- OptimizedModule: what torch.compile(module) returns ------------------------------------------------

struct OptimizedModuleObj : NativeObj {
    OptimizedModuleObj(Type* t, Value mod, dyn::CompileConfig c) : NativeObj(t), orig(std::move(mod)), config(std::move(c)) {}
    void clear() override {
        orig = Value();
        config.backend = Value();
        backing = Value();
    }
    Value orig;
    dyn::CompileConfig config;
    Value backing;  // optimized_module_backing's Module, made when first registered as a child
};

OptimizedModuleObj& optimized(const CallArgs& a) {
    auto* o = a.nargs ? native_cast<OptimizedModuleObj>(a.args[0]) : nullptr;
    if (!o) raise(T().TypeError, "expected an OptimizedModule");
    return *o;
}

CallArgs shifted(const CallArgs& a) {
    CallArgs c = a;
    c.args = a.args + 1;
    c.nargs = a.nargs - 1;
    return c;
}

std::string indent_repr(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        out += s[i];
        if (s[i] == '\n') out += "  ";
    }
    return out;
}

Type* optimized_module_type() {
    static Type* t = [] {
        // An nn.Module subclass (isinstance(cm, nn.Module) is True, as in PyTorch) whose module
        // methods act on the wrapped module; names it reports carry the `_orig_mod.` prefix.
        Type* t = make_builtin_type("OptimizedModule", T().nn_module, Kind::Native, "torch._dynamo.eval_frame");
        auto delegate = [](const char* name, bool returns_self) {
            return [name, returns_self](Interpreter& in, const CallArgs& a) {
                auto& o = optimized(a);
                Value r = in.call(getattr(in, o.orig, name), shifted(a));
                return returns_self ? a.args[0] : r;
            };
        };
        for (const char* n : {"parameters", "buffers", "modules", "children", "zero_grad", "register_parameter",
                              "register_buffer", "add_module", "register_module", "get_submodule", "extra_repr"})
            def_method(t, n, delegate(n, false));
        for (const char* n : {"train", "eval", "to", "cpu", "cuda", "apply", "requires_grad_"}) def_method(t, n, delegate(n, true));
        for (const char* n : {"named_parameters", "named_buffers", "named_modules"}) {
            def_method(t, n, [n](Interpreter& in, const CallArgs& a) {
                auto& o = optimized(a);
                std::vector<Value> out;
                for (const Value& item : to_vector(in, in.call(getattr(in, o.orig, n), shifted(a)))) {
                    auto& kv = item.get<Tuple>()->items;
                    std::string name = str_of(kv[0]);
                    out.push_back(new_tuple({new_str(name.empty() ? "_orig_mod" : "_orig_mod." + name), kv[1]}));
                }
                return new_list(out);
            });
        }
        def_method(t, "state_dict", [](Interpreter& in, const CallArgs& a) {
            auto& o = optimized(a);
            Value sd = in.call(getattr(in, o.orig, "state_dict"), shifted(a));
            Value out = in.call(Value(type_of(sd)), {});
            for (const Value& k : to_vector(in, sd)) setitem(in, out, new_str("_orig_mod." + str_of(k)), getitem(in, sd, k));
            return out;
        });
        def_method(t, "__setattr__", [](Interpreter& in, const CallArgs& a) {
            auto& o = optimized(a);
            setattr(in, o.orig, str_of(a.args[1]), a.args[2]);
            return Value::none();
        });
        def_property(t, "training", [](Interpreter& in, const CallArgs& a) { return getattr(in, optimized(a).orig, "training"); });
        def_method(t, "__call__", [](Interpreter& in, const CallArgs& a) {
            auto& o = optimized(a);
            return call_module_compiled(in, o.config, o.orig, shifted(a));
        });
        def_method(t, "forward", [](Interpreter& in, const CallArgs& a) {
            auto& o = optimized(a);
            return call_module_compiled(in, o.config, o.orig, shifted(a));
        });
        def_property(t, "_orig_mod", [](Interpreter&, const CallArgs& a) { return optimized(a).orig; });
        def_method(t, "__getattr__", [](Interpreter& in, const CallArgs& a) {
            auto& o = optimized(a);
            if (a.nargs < 2 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "attribute name must be a string");
            const std::string& name = str_of(a.args[1]);
            // The Module bookkeeping that Module's Python code walks (load_state_dict's recursion over
            // _modules, _load_from_state_dict, the state-dict hooks) is that of PyTorch's OptimizedModule
            // itself: no parameters of its own and one child, _orig_mod. Other names reach the original.
            static const char* const own[] = {"_modules", "_parameters", "_buffers", "_non_persistent_buffers_set",
                                              "_load_from_state_dict", "_save_to_state_dict",
                                              "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks",
                                              "_state_dict_hooks", "_state_dict_pre_hooks"};
            for (const char* n : own)
                if (name == n) return getattr(in, optimized_module_backing(a.args[0]), name);
            return getattr(in, o.orig, name);
        });
        // Module.load_state_dict run on the OptimizedModule: keys carry `_orig_mod.` (as its state_dict's
        // do) and errors name OptimizedModule, as in PyTorch.
        def_method(t, "load_state_dict", [](Interpreter& in, const CallArgs& a) {
            optimized(a);
            return in.call(getattr(in, Value(T().nn_module), "load_state_dict"), a);
        });
        def_method(t, "__repr__", [](Interpreter& in, const CallArgs& a) {
            auto& o = optimized(a);
            return new_str("OptimizedModule(\n  (_orig_mod): " + indent_repr(repr(in, o.orig)) + "\n)");
        });
        return t;
    }();
    return t;
}

// torch.compile(options=...) for Inductor: _TorchCompileInductorWrapper.apply_options checks each key
// ('-' read as '_') against torch._inductor.config (a submodule's settings as "triton.cudagraphs") and
// each value against the setting's type. Kiln's own switches (inductor.cpp's options_from) are
// known options too.
void check_inductor_options(Interpreter& in, const Value& options) {
    Value config = Value(in.import_module("torch._inductor.config").get());
    static const char* const kKiln[] = {"cpp_jit", "fusion", "wasm_codegen", "record_passes"};
    std::vector<std::pair<Value, Value>> items;
    options.get<Dict>()->for_each([&](const Value& k, const Value& v) { items.emplace_back(k, v); });
    for (const auto& [k, v] : items) {
        std::string key = to_str(in, k), attr = key;
        std::replace(attr.begin(), attr.end(), '-', '_');
        if (std::find(std::begin(kKiln), std::end(kKiln), attr) != std::end(kKiln)) continue;
        Value cur = config;
        size_t dot = attr.find('.');
        for (size_t at = 0;;) {
            std::string part = attr.substr(at, dot == std::string::npos ? std::string::npos : dot - at);
            cur = part.empty() || part[0] == '_' ? Value() : getattr_or_null(in, cur, part);
            if (cur.is_null() || dot == std::string::npos) break;
            at = dot + 1;
            dot = attr.find('.', at);
        }
        if (cur.is_null() || cur.is(Kind::Module) || (cur.is(Kind::Type) && attr.find('.') == std::string::npos) ||
            cur.is(Kind::Function)) {
            std::vector<Value> names;
            for (const char* n : kKiln) names.push_back(new_str(n));
            config.get<ModuleObj>()->dict.for_each([&](const std::string& n, const Value& val) {
                if (n.empty() || n[0] == '_' || val.is(Kind::Module) || val.is(Kind::Function)) return;
                if (auto* sub = val.as<Type>()) {
                    sub->dict.for_each([&](const std::string& m, const Value&) {
                        if (!m.empty() && m[0] != '_') names.push_back(new_str(n + "." + m));
                    });
                    return;
                }
                names.push_back(new_str(n));
            });
            raise(T().RuntimeError, str("Unexpected optimization option ", key, ", known options are ",
                                        repr(in, new_list(std::move(names)))));
        }
        // A setting whose default is None or a tuple takes an Optional/Union the check lets through.
        if (cur.is_none() || cur.is(Kind::Tuple)) continue;
        const bool ok = cur.is_bool() ? v.is_bool() : isinstance(v, type_of(cur));
        if (!ok)
            raise(T().RuntimeError, str("Unexpected type of attr ", key, ", got ", type_of(v)->name, " should be ",
                                        type_of(cur)->name));
    }
}

dyn::CompileConfig parse_config(Interpreter& in, const Value& fullgraph, const Value& dynamic, const Value& backend,
                                const Value& mode, const Value& options) {
    dyn::CompileConfig c;
    c.fullgraph = truthy(in, fullgraph);
    // dynamic is a tri-state flag (None, True, False); anything else fails dynamo's bare assert
    if (!dynamic.is_none() && !dynamic.is_bool()) raise(T().AssertionError, "");
    c.dynamic = dynamic.is_none() ? "None" : truthy(in, dynamic) ? "True" : "False";
    if (backend.is(Kind::Str)) {
        std::string b = str_of(backend);
        if (b == "openxla" || b == "tvm")
            raise(T().RuntimeError, "backend '" + b + "' is in PyTorch's registry but is not available in Kiln");
        if (!known_backend(b)) raise(invalid_backend_type(), "Invalid backend: '" + b + "', see `torch._dynamo.list_backends()` for available backends.");
        c.backend_name = b;
    } else {
        c.backend = backend;
    }
    if (mode.is(Kind::Str)) {
        std::string m = str_of(mode);
        if (m != "default" && m != "reduce-overhead" && m != "max-autotune" && m != "max-autotune-no-cudagraphs")
            raise(T().RuntimeError, "Unrecognized mode=" + m + ", should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs");
        c.mode = m;
    }
    if (!is_none(options)) {
        if (!is_none(mode)) raise(T().RuntimeError, "Either mode or options can be specified, but both can't be specified at the same time.");
        if (!options.is(Kind::Dict)) raise(T().TypeError, "torch.compile: options must be a dict");
        if (c.backend_name == "inductor" && c.backend.is_null()) check_inductor_options(in, options);
        c.options = options;
        c.options_repr = repr(in, options);
    }
    return c;
}

Value compile_target(Interpreter& in, const Value& target, const dyn::CompileConfig& cfg, bool disable = false) {
    // torch.compile(torch.compiler.disable(f)) compiles f.
    Value model = target;
    auto& disabled = dyn::state(in).disabled;
    if (target.is_obj()) {
        auto it = disabled.find(target.obj());
        if (it != disabled.end()) model = it->second;
    }
    // _TorchDynamoContext.__call__'s innermost_fn: a torch.compiler.disable(fn, recursive=False)
    // wrapper (its _torchdynamo_orig_callable) compiles fn itself.
    while (model.is(Kind::Function)) {
        Value inner = getattr_or_null(in, model, "_torchdynamo_orig_callable");
        if (inner.is_null()) break;
        model = inner;
    }
    // torch.compile checks the model before disable= applies (_validate_compile_model)
    const bool callable = model.is(Kind::Function) || model.is(Kind::BoundMethod) || model.is(Kind::Builtin) ||
                          model.is(Kind::Type) || !find_dunder(model, "__call__").is_null();
    if (!callable)
        raise(T().AssertionError,
              str("A callable function is expected, but ", repr(in, Value(type_of(model))), " is provided."));
    if (disable) return target;
    if (isinstance(model, T().nn_module)) return Value(make<OptimizedModuleObj>(optimized_module_type(), model, cfg).get());
    std::string name = model.is(Kind::Function) ? model.get<Function>()->name : "compiled";
    return new_builtin(name, [model, cfg](Interpreter& in2, const CallArgs& a) { return dyn::call_compiled(in2, cfg, model, a); });
}

// ---- explain ---------------------------------------------------------------------------------------------

Type* frame_summary_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("FrameSummary", T().object, Kind::Instance, "traceback");
        def_method(t, "__repr__", [](Interpreter& in, const CallArgs& a) {
            Value o = a.args[0];
            return new_str("<FrameSummary file " + to_str(in, getattr(in, o, "filename")) + ", line " +
                           to_str(in, getattr(in, o, "lineno")) + " in " + to_str(in, getattr(in, o, "name")) + ">");
        });
        return t;
    }();
    return t;
}

Value frame_summary(const dyn::UserFrame& u) {
    auto o = make<Instance>(frame_summary_type());
    o->dict.set("filename", new_str(u.filename));
    o->dict.set("lineno", Value::integer(u.line));
    o->dict.set("name", new_str(u.function));
    o->dict.set("line", new_str(u.code));
    return Value(o.get());
}

Type* explain_output_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("ExplainOutput", T().object, Kind::Instance, "torch._dynamo.backends.debugging");
        def_method(t, "__str__", [](Interpreter& in, const CallArgs& a) {
            Value o = a.args[0];
            std::string s = "Graph Count: " + to_str(in, getattr(in, o, "graph_count")) + "\n";
            s += "Graph Break Count: " + to_str(in, getattr(in, o, "graph_break_count")) + "\n";
            s += "Op Count: " + to_str(in, getattr(in, o, "op_count")) + "\n";
            s += "Break Reasons:\n";
            auto reasons = to_vector(in, getattr(in, o, "break_reasons"));
            for (size_t i = 0; i < reasons.size(); ++i) {
                s += "  Break Reason " + std::to_string(i + 1) + ":\n";
                s += "    Reason: " + to_str(in, getattr(in, reasons[i], "reason")) + "\n";
                s += "    User Stack:\n";
                for (const Value& f : to_vector(in, getattr(in, reasons[i], "user_stack"))) s += "      " + repr(in, f) + "\n";
            }
            s += "Ops per Graph:\n";
            auto opsg = to_vector(in, getattr(in, o, "ops_per_graph"));
            for (size_t i = 0; i < opsg.size(); ++i) {
                s += "  Ops " + std::to_string(i + 1) + ":\n";
                for (const Value& op : to_vector(in, opsg[i])) s += "    " + repr(in, op) + "\n";
            }
            s += "Out Guards:\n";
            auto guards = to_vector(in, getattr(in, o, "out_guards"));
            for (size_t i = 0; i < guards.size(); ++i) {
                s += "  Guard " + std::to_string(i + 1) + ":\n";
                s += "    " + to_str(in, guards[i]) + "\n";
            }
            s += "Compile Times: " + to_str(in, getattr(in, o, "compile_times")) + "\n";
            return new_str(s);
        });
        return t;
    }();
    return t;
}

Value explain_call(Interpreter& in, const Value& fn, const CallArgs& a) {
    dyn::DynamoState& st = dyn::state(in);
    st.reset();
    dyn::ExplainRecord rec;
    st.explain = &rec;
    struct Unset {
        dyn::DynamoState& s;
        ~Unset() { s.explain = nullptr; }
    } unset{st};
    dyn::CompileConfig cfg;
    cfg.backend_name = "eager";
    Value target = fn;
    if (auto* o = native_cast<OptimizedModuleObj>(fn)) target = o->orig;
    if (isinstance(target, T().nn_module)) call_module_compiled(in, cfg, target, a);
    else dyn::call_compiled(in, cfg, target, a);
    auto out = make<Instance>(explain_output_type());
    std::vector<Value> ops_per_graph;
    int64_t op_count = 0;
    for (const auto& g : rec.ops_per_graph) {
        op_count += int64_t(g.size());
        ops_per_graph.push_back(new_list(g));
    }
    std::vector<Value> reasons;
    static Type* reason_type = make_builtin_type("GraphCompileReason", T().object, Kind::Instance, "torch._dynamo.output_graph");
    for (const auto& b : rec.breaks) {
        auto r = make<Instance>(reason_type);
        r->dict.set("reason", new_str(b.reason));
        std::vector<Value> frames;
        for (const auto& u : b.user_stack) frames.push_back(frame_summary(u));
        r->dict.set("user_stack", new_list(frames));
        r->dict.set("graph_break", Value::boolean(true));
        reasons.push_back(Value(r.get()));
    }
    std::vector<Value> guards;
    for (const auto& gs : rec.guards)
        for (const auto& g : gs.guards) guards.push_back(new_str(std::string(g.kind_name()) + ": " + g.code(in)));
    std::string times = "TorchDynamo compilation metrics:\nFunction    Runtimes (s)\n";
    for (const auto& [name, secs] : rec.compile_times) times += name + "    " + std::to_string(secs) + "\n";
    out->dict.set("graphs", new_list(rec.graphs));
    out->dict.set("graph_count", Value::integer(int64_t(rec.graphs.size())));
    out->dict.set("graph_break_count", Value::integer(int64_t(rec.graphs.size()) - 1));
    out->dict.set("break_reasons", new_list(reasons));
    out->dict.set("op_count", Value::integer(op_count));
    out->dict.set("ops_per_graph", new_list(ops_per_graph));
    out->dict.set("out_guards", new_list(guards));
    out->dict.set("compile_times", new_str(times));
    return Value(out.get());
}

// torch._dynamo.list_backends and torch.compiler.list_backends.
Value list_backends(Interpreter&, std::vector<Value>& v) {
    // The default leaves out the debug backends; exclude_tags=() (or None) lists them all.
    bool all = !v[0].is_null() && (v[0].is_none() || (v[0].is(Kind::Tuple) && v[0].get<Tuple>()->items.empty()));
    // PyTorch 2.11's registry as it lists it, sorted; Kiln compiles with kBackends' names only
    // (torch.compile with another one says so).
    static const char* const kDefault[] = {"cudagraphs", "inductor", "openxla", "tvm"};
    static const char* const kAll[] = {
        "aot_eager", "aot_eager_decomp_partition", "aot_eager_decomp_partition_crossref",
        "aot_eager_decomp_partition_with_mode", "aot_eager_default_partitioner", "aot_ts", "cudagraphs",
        "dynamo_accuracy_minifier_backend", "dynamo_minifier_backend", "eager", "eager_debug", "eager_noexcept",
        "inductor", "invoke_subgraph", "non_leaf_compile_error_TESTING_ONLY", "openxla", "openxla_eval",
        "pre_dispatch_eager", "relu_accuracy_error_TESTING_ONLY", "relu_compile_error_TESTING_ONLY",
        "relu_runtime_error_TESTING_ONLY", "ts", "tvm"};
    std::vector<Value> out;
    if (all)
        for (const char* b : kAll) out.push_back(new_str(b));
    else
        for (const char* b : kDefault) out.push_back(new_str(b));
    return new_list(out);
}

// ---- modules ---------------------------------------------------------------------------------------------

// torch.compiler.disable(fn): a wrapper that runs fn with Dynamo off. Called from compiled code it
// is a graph break (the translator knows it by its qualname); torch.compile(wrapper) compiles fn.
// As DisableContext does, a function already wrapped by a disable (its innermost_fn: the
// non-recursive wrapper's _torchdynamo_orig_callable) is wrapped itself; `reason` is the message
// the break quotes (DisableContext's msg).
Value disable_fn(Interpreter& in, Value fn, const Value& reason) {
    while (fn.is(Kind::Function)) {
        Value inner = getattr_or_null(in, fn, "_torchdynamo_orig_callable");
        if (inner.is_null()) break;
        fn = inner;
    }
    if (!fn.is(Kind::Function) && !fn.is(Kind::BoundMethod) && !fn.is(Kind::Builtin) && !native_cast<OptimizedModuleObj>(fn))
        raise(T().TypeError, "torch.compiler.disable expects a callable");
    std::string name = fn.is(Kind::Function) ? fn.get<Function>()->name : fn.is(Kind::Builtin) ? fn.get<Builtin>()->name : "fn";
    std::string qual = fn.is(Kind::Function) ? fn.get<Function>()->qualname : name;
    Value w = Value(make<Builtin>(name, [fn](Interpreter& in2, const CallArgs& a) { return dyn::call_disabled(in2, fn, a); },
                                  "torch.compiler.disable:" + qual)
                        .get());
    dyn::state(in).disabled[w.obj()] = fn;
    if (!is_none(reason)) dyn::state(in).disabled_msg[w.obj()] = to_str(in, reason);
    return w;
}

// disable(fn=None, recursive=True, *, reason=None): recursive=False is PyTorch's non-recursive
// wrapper, a Python function (torch/_dynamo/__init__.py `_disable_nonrecursive`) marked
// _torchdynamo_disable: only fn's own frame runs eagerly, what it calls compiles.
Value disable_entry(Interpreter& in, std::vector<Value>& v) {
    if (!truthy(in, v[1])) {
        Value* nonrec = in.import_module("torch._dynamo")->dict.find("_disable_nonrecursive");
        if (!nonrec) raise(T().RuntimeError, "torch._dynamo._disable_nonrecursive is missing");
        return in.call(*nonrec, {v[0], v[2]});
    }
    if (!is_none(v[0])) return disable_fn(in, v[0], v[2]);
    Value reason = v[2];
    return new_builtin("disable", [reason](Interpreter& in2, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, "disable() decorator takes one function");
        return disable_fn(in2, a.args[0], reason);
    });
}

// Python's callable(v).
bool dynamo_callable(const Value& v) {
    return v.is(Kind::Function) || v.is(Kind::Builtin) || v.is(Kind::BoundMethod) || v.is(Kind::Type) ||
           !find_dunder(v, "__call__").is_null();
}

// allow_in_graph / disallow_in_graph of a list or tuple: the entry applied to each item, in a list.
Value each_item(Interpreter& in, const Value& items, Value (*entry)(Interpreter&, std::vector<Value>&)) {
    std::vector<Value> out;
    for (const Value& x : to_vector(in, items)) {
        std::vector<Value> one = {x};
        out.push_back(entry(in, one));
    }
    return new_list(std::move(out));
}

// torch._dynamo.allow_in_graph(fn) / torch.compiler.allow_in_graph(fn): Dynamo records a call of fn as one
// call_function node of fn itself instead of inlining it (PyTorch's trace_rules._allowed_callable_ids);
// a list or tuple allows each item. disallow_in_graph takes a function back out.
Value allow_in_graph_entry(Interpreter& in, std::vector<Value>& v) {
    const Value& fn = v[0];
    if (fn.is(Kind::List) || fn.is(Kind::Tuple)) return each_item(in, fn, allow_in_graph_entry);
    if (!dynamo_callable(fn)) raise(T().AssertionError, "allow_in_graph expects a callable");
    auto& st = dyn::state(in);
    // decorators.allow_in_graph: a torch op Dynamo already puts in graphs (lookup_callable says
    // TorchInGraphFunctionVariable) is left alone; a disallowed one (lookup_callable: skipped) or a
    // user function moves from the disallowed ids to the allowed ones.
    const bool torch_op = fn.is_obj() && is_torch_in_graph_callable(in, fn);
    if (torch_op && !st.disallowed_in_graph.count(fn.obj())) return fn;
    st.disallowed_in_graph.erase(fn.obj());
    if (torch_op) return fn;
    if (st.allowed_in_graph.insert(fn.obj()).second) st.allowed_keep.push_back(fn);
    return fn;
}

// torch._dynamo.disallow_in_graph(fn) (decorators._disallow_in_graph_helper(throw_if_not_allowed=True)):
// only a callable Dynamo puts in graphs as-is may be disallowed (a torch op, or a function given to
// allow_in_graph), else IncorrectUsage; a list or tuple disallows each item. Calling it in a compiled
// region is then a graph break whose call runs eagerly (translator.cpp).
Value disallow_in_graph_entry(Interpreter& in, std::vector<Value>& v) {
    const Value& fn = v[0];
    if (fn.is(Kind::List) || fn.is(Kind::Tuple)) return each_item(in, fn, disallow_in_graph_entry);
    if (!dynamo_callable(fn)) raise(T().AssertionError, "disallow_in_graph expects a callable");
    auto& st = dyn::state(in);
    const bool allowed = fn.is_obj() && (st.allowed_in_graph.count(fn.obj()) || is_torch_in_graph_callable(in, fn));
    if (!allowed || st.disallowed_in_graph.count(fn.obj()))
        raise(incorrect_usage_type(),
              "disallow_in_graph is expected to be used on an already allowed callable (like torch.* ops). "
              "Allowed callables means callables that TorchDynamo puts as-is in the extracted graph.");
    st.allowed_in_graph.erase(fn.obj());
    st.disallowed_in_graph.insert(fn.obj());
    st.allowed_keep.push_back(fn);
    return fn;
}

void apply_logs(dyn::DynamoState& st, const std::string& channel, bool on) {
    std::vector<std::string> chans = {channel};
    if (channel == "dynamo") chans = {"graph_breaks", "recompiles"};
    if (channel == "recompiles_verbose") chans = {"recompiles"};
    for (const auto& c : chans) {
        if (on) st.logs.insert(c);
        else st.logs.erase(c);
    }
}

Value make_config(Interpreter& in);
Value set_stance(Interpreter& in, std::vector<Value>& v);

void dynamo_module(Interpreter& in, ModuleObj& m) {
    // explain(f): the callable that runs f under explain's backend and returns an ExplainOutput.
    auto explain_of = [](const Value& fn) {
        return new_builtin("explain", [fn](Interpreter& in3, const CallArgs& a) { return explain_call(in3, fn, a); });
    };
    def_sig(m, "explain(f, *extra_args, **extra_kwargs)", [explain_of](Interpreter& in2, std::vector<Value>& v) {
        Value fn = v[0];
        const auto& extra = v[1].get<Tuple>()->items;
        const Dict* extra_kw = v[2].as<Dict>();
        if (!extra.empty() || (extra_kw && extra_kw->size())) {
            // PyTorch 2.11 still runs the old form, with a FutureWarning at the caller's line.
            emit_warning(in2,
                         new_str("explain(f, *args, **kwargs) is deprecated, use explain(f)(*args, **kwargs) instead.  "
                                 "If you don't migrate, we may break your explain call in the future if your user defined kwargs "
                                 "conflict with future kwargs added to explain(f)."),
                         T().FutureWarning, 2);
            return call_unpacked(in2, explain_of(fn), v[1], v[2]);
        }
        return explain_of(fn);
    });
    def_sig(m, "reset()", [](Interpreter& in2, std::vector<Value>&) {
        dyn::state(in2).reset();
        return Value::none();
    });
    def_sig(m, "graph_break(msg='')", [](Interpreter&, std::vector<Value>&) { return Value::none(); });
    // Eagerly a no-op; under torch.compile the calling frame runs eagerly (translator.cpp).
    def_sig(m, "skip_frame(msg='')", [](Interpreter&, std::vector<Value>&) { return Value::none(); });
    def_sig(m, "is_compiling()", [](Interpreter&, std::vector<Value>&) { return Value::boolean(false); });
    def_sig(m, "disable(fn=None, recursive=True, *, reason=None)", disable_entry);
    def_sig(m, "allow_in_graph(fn)", allow_in_graph_entry);
    def_sig(m, "disallow_in_graph(fn)", disallow_in_graph_entry);
    def_sig(m, "list_backends(exclude_tags=?)", list_backends);
    // mark_dynamic: the tensor carries the dims to make symbolic on its first compile. As in PyTorch
    // (decorators.py: "TODO(voz): Should we bounds check?") any int is recorded and a dim the tensor
    // does not have (-1, 5 on a 2-D tensor) never matches one of range(dim) when the frame compiles,
    // so it is ignored; an index that is neither an int nor a list/tuple of them fails PyTorch's
    // bare assert, and a value without attributes its attribute store.
    auto dims_of = [](const Value& index, std::vector<Value>& out, auto& self) -> void {
        if (index.is_int() || index.is_bool()) {
            out.push_back(Value::integer(index.is_bool() ? index.as_bool() : index.as_int()));
        } else if (index.is(Kind::List) || index.is(Kind::Tuple)) {
            const auto& items = index.is(Kind::List) ? index.get<List>()->items : index.get<Tuple>()->items;
            for (const Value& i : items) self(i, out, self);
        } else {
            raise(T().AssertionError, "");
        }
    };
    auto mark = [dims_of](Interpreter&, std::vector<Value>& v) {
        auto* t = v[0].as<TensorObj>();
        if (!t)
            raise(T().AttributeError,
                  str("'", type_name(v[0]), "' object has no attribute '_dynamo_dynamic_indices'"));
        std::vector<Value> dims;
        dims_of(v[1], dims, dims_of);
        Value* have = t->attrs.find("_dynamo_dynamic_indices");
        std::vector<Value> all = have && have->is(Kind::List) ? have->get<List>()->items : std::vector<Value>{};
        all.insert(all.end(), dims.begin(), dims.end());
        t->attrs.set("_dynamo_dynamic_indices", new_list(all));
        return Value::none();
    };
    def_sig(m, "mark_dynamic(t, index, *, min=None, max=None)", mark);
    def_sig(m, "maybe_mark_dynamic(t, index)", mark);
    def_sig(m, "mark_static(t, index=None)", [dims_of](Interpreter& in2, std::vector<Value>& v) {
        auto* t = v[0].as<TensorObj>();
        if (!t) {
            // an nn.Module class: Kiln keeps its attributes static anyway (PyTorch marks the class)
            if (!v[0].is(Kind::Type)) raise(T().TypeError, "issubclass() arg 1 must be a class");
            Value module = getattr(in2, Value(in2.import_module("torch.nn").get()), "Module");
            if (!module.is(Kind::Type) || !static_cast<Type*>(v[0].obj())->is_subtype_of(static_cast<Type*>(module.obj())))
                raise(T().TypeError, str("mark_static expects a tensor/nn.Module class but recieved <class 'type'>"));
            return v[0];
        }
        std::vector<Value> dims;
        if (is_none(v[1]))
            for (int64_t d = 0; d < t->tensor.dim(); ++d) dims.push_back(Value::integer(d));
        else
            dims_of(v[1], dims, dims_of);
        Value* have = t->attrs.find("_dynamo_static_indices");
        std::vector<Value> all = have && have->is(Kind::List) ? have->get<List>()->items : std::vector<Value>{};
        all.insert(all.end(), dims.begin(), dims.end());
        t->attrs.set("_dynamo_static_indices", new_list(all));
        return Value::none();
    });
    Value config = make_config(in);
    m.dict.set("config", config);
    // `import torch._dynamo.config` (gpt-fast's generate.py, many compile scripts): PyTorch's config
    // is a module (ConfigModule) in sys.modules; Kiln's object stands there under that name, which
    // the import statement takes as the module (as CPython takes any object sys.modules holds).
    if (Value* mods = in.import_module("sys")->dict.find("modules"); mods && mods->is(Kind::Dict))
        mods->get<Dict>()->set(new_str("torch._dynamo.config"), config);
    m.dict.set("exc", Value(in.import_module("torch._dynamo.exc").get()));
}

// torch._dynamo.config: an object whose recompile_limit and cache_size_limit are one setting
// under two names (the old name stays an alias, as in PyTorch 2.7+).
Type* config_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("ConfigModule", T().object, Kind::Instance, "torch.utils._config_module");
        auto get = [](Interpreter&, const CallArgs& a) {
            const Value* v = as_instance(a.args[0])->dict.find("_recompile_limit");
            return v ? *v : Value::integer(8);
        };
        auto set = [](Interpreter&, const CallArgs& a) {
            if (!a.args[1].is_int()) raise(T().TypeError, "recompile_limit must be an int");
            as_instance(a.args[0])->dict.set("_recompile_limit", a.args[1]);
            return Value::none();
        };
        def_property(t, "recompile_limit", get, set);
        def_property(t, "cache_size_limit", get, set);
        return t;
    }();
    return t;
}

Value make_config(Interpreter& in) {
    auto c = make<Instance>(config_type());
    auto& d = c->dict;
    d.set("_recompile_limit", Value::integer(8));
    d.set("accumulated_recompile_limit", Value::integer(256));
    d.set("accumulated_cache_size_limit", Value::integer(256));
    d.set("automatic_dynamic_shapes", Value::boolean(true));
    d.set("assume_static_by_default", Value::boolean(true));
    d.set("specialize_int", Value::boolean(false));
    d.set("specialize_float", Value::boolean(false));
    d.set("capture_scalar_outputs", Value::boolean(false));
    d.set("allow_rnn", Value::boolean(false));
    d.set("capture_dynamic_output_shape_ops", Value::boolean(false));
    d.set("suppress_errors", Value::boolean(false));
    d.set("inline_inbuilt_nn_modules", Value::boolean(true));
    d.set("force_parameter_static_shapes", Value::boolean(true));
    d.set("error_on_recompile", Value::boolean(false));
    d.set("nested_graph_breaks", Value::boolean(false));
    d.set("verbose", Value::boolean(false));
    // Functions (print, a logging helper) whose calls Dynamo moves after the graph instead of
    // breaking it, when their arguments are tensors and constants (DebuggingVariable).
    d.set("reorderable_logging_functions", new_set(in));
    return Value(c.get());
}

void exc_module(Interpreter&, ModuleObj& m) {
    m.dict.set("Unsupported", Value(dyn::unsupported_error_type()));
    m.dict.set("InvalidBackend", Value(invalid_backend_type()));
    m.dict.set("IncorrectUsage", Value(incorrect_usage_type()));
    m.dict.set("ConstraintViolationError", Value(dyn::constraint_violation_error_type()));
    m.dict.set("FailOnRecompileLimitHit", Value(dyn::fail_on_recompile_limit_hit()));
    m.dict.set("TorchDynamoException", Value(dyn::torch_dynamo_exception_type()));
    m.dict.set("ShortenTraceback", Value(dyn::shorten_traceback_type()));
    m.dict.set("BackendCompilerFailed", Value(dyn::backend_compiler_failed_type()));
    m.dict.set("UncapturedHigherOrderOpError", Value(dyn::uncaptured_higher_order_op_error_type()));
    m.dict.set("TorchRuntimeError", Value(dyn::torch_runtime_error_type()));
}

void compiler_module(Interpreter& in, ModuleObj& m) {
    def_sig(m, "disable(fn=None, recursive=True, *, reason=None)", disable_entry);
    def_sig(m, "is_compiling()", [](Interpreter&, std::vector<Value>&) { return Value::boolean(false); });
    def_sig(m, "is_dynamo_compiling()", [](Interpreter&, std::vector<Value>&) { return Value::boolean(false); });
    def_sig(m, "allow_in_graph(fn)", allow_in_graph_entry);
    def_sig(m, "set_stance(stance='default', *, skip_guard_eval_unsafe=False, force_backend=None)", set_stance);
    def_sig(m, "list_backends(exclude_tags=?)", list_backends);
    def_sig(m, "reset()", [](Interpreter& in2, std::vector<Value>&) {
        dyn::state(in2).reset();
        return Value::none();
    });
    (void)in;
}

Type* stance_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("_set_stance", T().object, Kind::Instance, "torch._dynamo.decorators");
        def_method(t, "__enter__", [](Interpreter&, const CallArgs& a) { return Value::none(); });
        def_method(t, "__exit__", [](Interpreter& in, const CallArgs& a) {
            const Value* prev = as_instance(a.args[0])->dict.find("prev");
            dyn::state(in).stance = prev ? str_of(*prev) : "default";
            return Value::boolean(false);
        });
        // As a decorator (PyTorch's set_stance is a _DecoratorContextManager): making the object set the
        // stance, so __call__ first puts the previous one back, then returns a wrapper that runs the
        // function under the decorator's stance and restores whatever was in effect at each call.
        def_method(t, "__call__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2 || a.nkw) raise(T().TypeError, "set_stance() as a decorator takes one function");
            auto* self = as_instance(a.args[0]);
            const Value* prev = self->dict.find("prev");
            const Value* stance = self->dict.find("stance");
            dyn::state(in).stance = prev ? str_of(*prev) : "default";
            std::string mine = stance ? str_of(*stance) : "default";
            Value fn = a.args[1];
            Value wrapper = new_builtin("set_stance_wrapper", [fn, mine](Interpreter& in2, const CallArgs& b) {
                auto& st = dyn::state(in2);
                std::string before = st.stance;
                st.stance = mine;
                try {
                    Value r = in2.call(fn, b);
                    st.stance = before;
                    return r;
                } catch (...) {
                    st.stance = before;
                    throw;
                }
            });
            return wrapper;
        });
        return t;
    }();
    return t;
}

Value set_stance(Interpreter& in, std::vector<Value>& v) {
    if (!v[0].is(Kind::Str)) raise(T().TypeError, "set_stance() expects a stance name");
    std::string s = str_of(v[0]);
    if (s != "default" && s != "force_eager" && s != "eager_on_recompile" && s != "fail_on_recompile")
        raise(T().RuntimeError, "invalid torch.compile stance '" + s + "'");
    auto& st = dyn::state(in);
    auto o = make<Instance>(stance_type());
    o->dict.set("prev", new_str(st.stance));
    o->dict.set("stance", new_str(s));
    st.stance = s;
    return Value(o.get());
}

void logging_module(Interpreter&, ModuleObj& m) {
    m.dict.set("set_logs", new_builtin("set_logs", [](Interpreter& in, const CallArgs& a) {
                   if (a.nargs) raise(T().TypeError, "set_logs() takes keyword arguments only");
                   dyn::DynamoState& st = dyn::state(in);
                   for (size_t i = 0; i < a.nkw; ++i) apply_logs(st, a.kwname(i), truthy(in, a.kwvalues[i]));
                   return Value::none();
               }));
}

}  // namespace

// nn.Module.compile(**kwargs): compiles the module in place. Its forward becomes an instance
// attribute that runs the class's forward under Dynamo; the object keeps its class and returns None.
void add_module_compile_method() {
    static bool done = [] {
        auto sig = std::make_shared<Signature>(
            "compile(self, *, fullgraph=False, dynamic=None, backend='inductor', mode=None, options=None, disable=False)");
        def_method(T().nn_module, "compile", [sig](Interpreter& in, const CallArgs& a) {
            std::vector<Value> v = sig->bind(a);
            Value self = v[0];
            dyn::CompileConfig cfg = parse_config(in, v[1], v[2], v[3], v[4], v[5]);
            const Value* fwd = type_of(self)->lookup("forward");
            if (!fwd) raise(T().AttributeError, "module has no forward");
            Value bound = Value(make<BoundMethod>(*fwd, self).get());
            // PyTorch compiles `self._call_impl`, a frame in torch/nn/modules/module.py, which
            // Dynamo skips as it skips every top-level frame in torch's own files; the frames it
            // reaches are the user's. A Python forward is that frame. A built-in container's forward
            // (nn.Sequential) is torch's code too: each Python child's forward becomes a frame (and
            // a graph) of its own, as PyTorch 2.11 prints for a Sequential of two Blocks.
            Value wrapper = new_builtin("forward", [bound, cfg](Interpreter& in2, const CallArgs& b) {
                return dyn::call_compiled(in2, cfg, bound, b);
            });
            as_instance(self)->dict.set("forward", wrapper);
            return Value::none();
        });
        return true;
    }();
    (void)done;
}

void add_compile_function(Interpreter& in, ModuleObj& torch) {
    add_module_compile_method();
    (void)in;
    auto sig = std::make_shared<Signature>(
        "compile(model=None, *, fullgraph=False, dynamic=None, backend='inductor', mode=None, options=None, disable=False)");
    torch.dict.set("compile", new_builtin("compile", [sig](Interpreter& in2, const CallArgs& a) {
                       std::vector<Value> v = sig->bind(a);
                       dyn::CompileConfig cfg = parse_config(in2, v[1], v[2], v[3], v[4], v[5]);
                       bool disable = truthy(in2, v[6]);
                       if (is_none(v[0])) {
                           return new_builtin("compile", [cfg, disable](Interpreter& in3, const CallArgs& b) {
                               if (b.nargs != 1) raise(T().TypeError, "torch.compile() decorator takes one function");
                               if (is_none(b.args[0])) raise(T().RuntimeError, "Model can't be None");
                               return compile_target(in3, b.args[0], cfg, disable);
                           });
                       }
                       return compile_target(in2, v[0], cfg, disable);
                   }));
}

void register_dynamo_modules() {
    Interpreter::register_module("torch._dynamo.exc", exc_module);
    Interpreter::register_module("torch._dynamo", [](Interpreter& in, ModuleObj& m) {
        // The per-interpreter state lives in this module (dyn::state finds it here).
        auto st_ref = make<dyn::DynamoState>();
        m.dict.set("_kiln_state", Value(st_ref.get()));
        dynamo_module(in, m);
        // TORCH_LOGS=graph_breaks,recompiles,... (the environment of the native CLI).
        if (const char* env = std::getenv("TORCH_LOGS")) {
            std::string s = env, item;
            dyn::DynamoState& st = *st_ref;
            for (size_t i = 0; i <= s.size(); ++i) {
                if (i == s.size() || s[i] == ',') {
                    while (!item.empty() && (item[0] == '+' || item[0] == ' ')) item.erase(0, 1);
                    if (!item.empty()) apply_logs(st, item, true);
                    item.clear();
                } else {
                    item += s[i];
                }
            }
        }
    });
    Interpreter::register_module("torch.compiler", compiler_module);
    Interpreter::register_module("torch._logging", logging_module);
}

Value optimized_module_backing(const Value& v) {
    auto* o = native_cast<OptimizedModuleObj>(v);
    if (!o) return Value();
    if (o->backing.is_null()) {
        // Made once and kept: the parent's tree then holds one node for this OptimizedModule, with the
        // compiled module below it as `_orig_mod` (state_dict keys `layers.0._orig_mod.linear1.weight`).
        Interpreter& in = current_interpreter();
        Value nn = Value(in.import_module("torch.nn").get());
        Value container = in.call(getattr(in, nn, "Module"), std::vector<Value>{});
        setattr(in, container, "_orig_mod", o->orig);
        o->backing = container;
    }
    return o->backing;
}

}  // namespace kiln::vm::bind
