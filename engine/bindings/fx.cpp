// The native pieces torch.fx (engine/stdlib/torch/fx, Kiln's Python) needs:
//
// 1. PyTorch's `__torch_function__` protocol for the callables of `torch` and `torch.nn.functional`.
//    In PyTorch every torch function checks its arguments (and the items of list/tuple arguments)
//    for an object whose type defines `__torch_function__` and, if there is one, returns
//    `type(obj).__torch_function__(func, types, args, kwargs)` instead of computing. That is how
//    `torch.cat([proxy, y])` becomes a call_function node during symbolic tracing. Kiln's torch
//    functions are native, so `install_torch_function` wraps each one in place (its identity stays,
//    so `node.target is torch.cat` and Dynamo's tables keep matching): the check costs one kind test
//    per argument; only instances of user classes are looked at.
//    torch.nn.functional's functions are Python in PyTorch and hand their arguments on re-packed
//    (`handle_torch_function(relu, (input,), input, inplace=inplace)`): the leading parameters stay
//    positional and the others become keywords with their defaults filled in. `python_functional`
//    spells that convention per function, from PyTorch 2.11's torch/nn/functional.py; the functions it
//    does not list are C functions in PyTorch (linear, conv2d, gelu, ...) and pass the call on as made.
//    F.sigmoid and F.tanh are `input.sigmoid()` / `input.tanh()` in PyTorch: a method call.
//
// 2. `torch.fx._kiln.exec_source(source, filename, globals)`: GraphModule.recompile() generates the
//    forward's Python source and runs it. this private helper (older than Kiln's `exec`, builtin_exec.cpp) compiles one generated module text into a fresh
//    module namespace seeded with `globals` (tracebacks name it `File "<eval_with_key>.0"`), and returns
//    the namespace as a dict. Only torch.fx calls it.
//
// 3. Tracing hooks: nn.Module.__call__ / __getattr__ / forward ask the Tracer first while it traces
//    (wrap_module_methods), and `a, b = proxy` is told how many items the caller unpacks.
#include "bindings/convert.h"
#include "bindings/jit.h"
#include "bytecode/compiler.h"
#include "lang/parser.h"
#include "vm/args.h"
#include "vm/frame.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

#include <map>
#include <memory>
#include <unordered_set>

namespace kiln::vm::bind {

namespace {

const TypeTable& T() { return types(); }

// The type of `v` when it overrides torch functions (defines __torch_function__), else nullptr.
Type* overriding_type(const Value& v) {
    if (!v.is(Kind::Instance)) return nullptr;
    Type* t = type_of(v);
    return t && t->lookup("__torch_function__") ? t : nullptr;
}

// The overloaded arguments of a call, one per overriding type, in PyTorch's order
// (append_overloaded_arg): left to right, except that a subclass goes before a superclass seen
// earlier, so its __torch_function__ is asked first.
struct Overloads {
    std::vector<Type*> types;
    std::vector<Value> args;
    bool empty() const { return types.empty(); }
};

void collect_overrides(const Value& v, Overloads& o) {
    auto one = [&](const Value& x) {
        Type* t = overriding_type(x);
        if (!t || std::find(o.types.begin(), o.types.end(), t) != o.types.end()) return;
        size_t at = o.types.size();
        for (size_t j = 0; j < o.types.size(); ++j)
            if (t->is_subtype_of(o.types[j])) {
                at = j;
                break;
            }
        o.types.insert(o.types.begin() + ptrdiff_t(at), t);
        o.args.insert(o.args.begin() + ptrdiff_t(at), x);
    };
    if (auto* l = v.as<List>()) {
        for (const Value& x : l->items) one(x);
    } else if (auto* tp = v.as<Tuple>()) {
        for (const Value& x : tp->items) one(x);
    } else {
        one(v);
    }
}

// How torch.nn.functional.<name> hands its arguments to handle_torch_function in PyTorch 2.11:
// `spec` is the Python function's parameter list, the first `positional` parameters stay positional
// and the rest are passed as keywords (defaults filled in). positional == -1: `input.<name>()`.
struct FunctionalConvention {
    const char* spec;
    int positional;
};
const std::map<std::string, FunctionalConvention>& python_functional() {
    static const std::map<std::string, FunctionalConvention> m = {
        {"relu", {"relu(input, inplace=False)", 1}},
        {"relu6", {"relu6(input, inplace=False)", 1}},
        {"leaky_relu", {"leaky_relu(input, negative_slope=0.01, inplace=False)", 1}},
        {"elu", {"elu(input, alpha=1.0, inplace=False)", 1}},
        {"selu", {"selu(input, inplace=False)", 1}},
        {"celu", {"celu(input, alpha=1.0, inplace=False)", 1}},
        {"hardtanh", {"hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)", 1}},
        {"silu", {"silu(input, inplace=False)", 1}},
        {"mish", {"mish(input, inplace=False)", 1}},
        {"hardswish", {"hardswish(input, inplace=False)", 1}},
        {"hardsigmoid", {"hardsigmoid(input, inplace=False)", 1}},
        {"glu", {"glu(input, dim=-1)", 1}},
        {"softmax", {"softmax(input, dim=None, _stacklevel=3, dtype=None)", 1}},
        {"log_softmax", {"log_softmax(input, dim=None, _stacklevel=3, dtype=None)", 1}},
        {"softmin", {"softmin(input, dim=None, _stacklevel=3, dtype=None)", 1}},
        {"dropout", {"dropout(input, p=0.5, training=True, inplace=False)", 1}},
        {"layer_norm", {"layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)", 2}},
        {"group_norm", {"group_norm(input, num_groups, weight=None, bias=None, eps=1e-05)", 2}},
        {"batch_norm",
         {"batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05)", 3}},
        {"embedding",
         {"embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False)", 2}},
        {"sigmoid", {"sigmoid(input)", -1}},
        {"tanh", {"tanh(input)", -1}},
    };
    return m;
}

// Asks each overloaded argument's __torch_function__ in turn; the first answer that is not
// NotImplemented is the call's result. When all decline, PyTorch raises a TypeError worded by where
// the function lives: torch/overrides.py's handle_torch_function for a function written in Python
// (`python` true: most of torch.nn.functional), python_arg_parser's for a native one.
Value dispatch(Interpreter& in, const Value& func, const std::string& qualname, bool python, const Overloads& o,
               Value args, Value kwargs) {
    std::vector<Value> tv;
    for (Type* t : o.types) tv.push_back(Value(t));
    Value types_tuple = new_tuple(tv);
    for (const Value& arg : o.args) {
        Value result = in.call(getattr(in, arg, "__torch_function__"), {func, types_tuple, args, kwargs});
        if (!result.identical(not_implemented())) return result;
    }
    std::string msg;
    if (python) {
        msg = str("no implementation found for '", qualname, "' on types that implement __torch_function__: [");
        for (size_t i = 0; i < o.types.size(); ++i) msg += str(i ? ", " : "", repr(in, Value(o.types[i])));
        msg += "]";
    } else {
        msg = str("Multiple dispatch failed for '", qualname,
                  "'; all __torch_function__ handlers returned NotImplemented:\n\n");
        for (Type* t : o.types) msg += str("  - tensor subclass ", repr(in, Value(t)), "\n");
        msg += "\nFor more information, try re-running with TORCH_LOGS=not_implemented";
    }
    raise(T().TypeError, msg);
}

// `module`: where PyTorch's function lives, for the error's qualified name ("torch" for torch.add,
// "torch.nn.functional" for F.relu); `python`: whether PyTorch writes it in Python (torch.nn.functional's
// functions, but for the few it binds from C: linear, conv2d, ..., which Kiln does not tell apart).
void wrap_builtin(Builtin* b, const FunctionalConvention* conv, const std::string& module, bool python) {
    NativeFn orig = b->fn;
    std::shared_ptr<Signature> sig = conv ? std::make_shared<Signature>(conv->spec) : nullptr;
    int positional = conv ? conv->positional : 0;
    Object* self_obj = b;
    const std::string qualname = module + "." + b->name;
    b->fn = [orig, sig, positional, self_obj, qualname, python](Interpreter& in, const CallArgs& a) -> Value {
        Overloads o;
        for (size_t i = 0; i < a.nargs; ++i) collect_overrides(a.args[i], o);
        for (size_t i = 0; i < a.nkw; ++i) collect_overrides(a.kwvalues[i], o);
        if (o.empty()) return orig(in, a);
        Value func(self_obj);
        if (sig && positional < 0) {
            // F.sigmoid(x) is x.sigmoid() in PyTorch.
            std::vector<Value> v = sig->bind(a);
            return in.call(getattr(in, v[0], sig->name()), std::vector<Value>{});
        }
        auto kw = make<Dict>();
        std::vector<Value> pos;
        if (sig) {
            std::vector<Value> v = sig->bind(a);
            std::vector<std::string> names = sig->param_names();
            for (size_t i = 0; i < v.size(); ++i) {
                if (int(i) < positional)
                    pos.push_back(v[i]);
                else
                    kw->set(new_str(names[i]), v[i].is_null() ? Value::none() : v[i]);
            }
        } else {
            pos.assign(a.args, a.args + a.nargs);
            for (size_t i = 0; i < a.nkw; ++i) kw->set(new_str(a.kwname(i)), a.kwvalues[i]);
        }
        return dispatch(in, func, qualname, python, o, new_tuple(std::move(pos)), Value(kw.get()));
    };
}

}  // namespace

void install_torch_function(ModuleObj& m, bool functional) {
    // What PyTorch's torch.overrides.get_ignored_functions lists among Kiln's torch callables: the
    // factories and the global-state functions do not dispatch (torch.zeros(proxy) is a TypeError in
    // PyTorch too, torch.is_tensor(proxy) is False).
    static const std::unordered_set<std::string> ignored = {
        "tensor", "as_tensor", "from_numpy", "scalar_tensor", "zeros", "ones", "empty", "full", "eye", "arange",
        "range", "linspace", "logspace", "rand", "randn", "randint", "randperm", "is_tensor", "is_storage",
        "manual_seed", "seed", "initial_seed", "compile", "set_default_dtype", "get_default_dtype",
        "is_grad_enabled", "set_printoptions", "get_rng_state", "set_rng_state", "typename"};
    std::unordered_set<Object*> done;
    m.dict.for_each([&](const std::string& name, const Value& v) {
        auto* b = v.as<Builtin>();
        if (!b || !b->self.is_null() || done.count(b) || (!functional && ignored.count(name))) return;
        done.insert(b);
        const FunctionalConvention* conv = nullptr;
        if (functional) {
            auto it = python_functional().find(name);
            if (it != python_functional().end()) conv = &it->second;
        }
        wrap_builtin(b, conv, functional ? "torch.nn.functional" : "torch", functional);
    });
}

namespace {

// How many interpreters have Tracer hooks set (normally 0 or 1): a plain counter, so nn.Module's
// call path pays one load when torch.fx is not tracing, and no heap object outlives its interpreter
// (the hooks themselves live in the torch.fx._kiln module's dict).
int g_fx_hooks = 0;

// nn.Module.__call__ as the nn bindings define it (what a Tracer calls for a module it traces into).
NativeFn& module_call_native() {
    static NativeFn f;
    return f;
}

Value fx_hook(Interpreter& in, const char* kind) {
    if (g_fx_hooks <= 0) return Value();
    auto it = in.modules().find("torch.fx._kiln");
    if (it == in.modules().end()) return Value();
    const Value* v = it->second->dict.find(std::string("_hook_") + kind);
    return v && !v->is_none() ? *v : Value();
}

// A built-in layer called with an argument that overrides torch functions (a torch.fx Proxy) runs
// PyTorch's Python form of its forward (Null when no argument overrides).
Value layer_forward_on_override(Interpreter& in, const CallArgs& a) {
    Overloads o;
    for (size_t i = 1; i < a.nargs; ++i) collect_overrides(a.args[i], o);
    if (o.empty()) return Value();
    // PyTorch's layer forwards are Python calling torch functions, which dispatch on the argument:
    // run that Python form (torch.fx's table of Kiln's native layers) with the same arguments.
    Ref<ModuleObj> m = in.import_module("torch.fx._symbolic_trace");
    const Value* pick = m->dict.find("_python_forward");
    if (!pick) return Value();
    Value fwd = in.call(*pick, {a.args[0]});
    return in.call(fwd, a);
}

// PyTorch patches nn.Module.__call__ and __getattr__ while torch.fx traces. Kiln's nn.Module is
// native: its __call__, __getattr__ and (built-in layers') forward are wrapped once, in place, to ask
// the current interpreter's Tracer hooks (set_hooks) first; without hooks they cost one load.
void wrap_module_methods() {
    Type* M = types().nn_module;
    auto builtin = [&](const char* name) -> Builtin* {
        const Value* v = M ? M->dict.find(name) : nullptr;
        return v ? v->as<Builtin>() : nullptr;
    };
    if (Builtin* call = builtin("__call__")) {
        NativeFn orig = call->fn;
        module_call_native() = orig;
        call->fn = [orig](Interpreter& in, const CallArgs& a) -> Value {
            if (Value hook = fx_hook(in, "call"); !hook.is_null() && a.nargs >= 1) return in.call(hook, a);
            return orig(in, a);
        };
    }
    if (Builtin* ga = builtin("__getattr__")) {
        NativeFn orig = ga->fn;
        ga->fn = [orig](Interpreter& in, const CallArgs& a) -> Value {
            Value v = orig(in, a);
            if (Value hook = fx_hook(in, "getattr"); !hook.is_null() && a.nargs == 2) return in.call(hook, {a.args[0], a.args[1], v});
            return v;
        };
    }
    if (Builtin* fwd = builtin("forward")) {
        NativeFn orig = fwd->fn;
        fwd->fn = [orig](Interpreter& in, const CallArgs& a) -> Value {
            if (a.nargs >= 2)
                if (Value r = layer_forward_on_override(in, a); !r.is_null()) return r;
            return orig(in, a);
        };
    }
}

}  // namespace

namespace {

void fx_native_module(Interpreter& in, ModuleObj& m) {
    add_export_functions(in, m);  // export_trace.cpp: torch.export's capture
    // set_hooks(call, getattr): the Tracer's module_call_wrapper and module_getattr_wrapper (None, None
    // to clear). call(mod, *args, **kwargs) replaces Module.__call__; getattr(mod, name, value) sees
    // every parameter, buffer and submodule read through Module.__getattr__.
    m.dict.set("set_hooks", new_builtin("set_hooks", [](Interpreter& in, const CallArgs& a) {
                   static const Signature sig("set_hooks(call, getattr)");
                   auto v = sig.bind(a);
                   auto it = in.modules().find("torch.fx._kiln");
                   if (it == in.modules().end()) raise(T().RuntimeError, "torch.fx._kiln is not imported");
                   StrMap& d = it->second->dict;
                   const Value* old = d.find("_hook_call");
                   bool was = old && !old->is_none();
                   bool now = !v[0].is_none();
                   d.set("_hook_call", v[0]);
                   d.set("_hook_getattr", v[1]);
                   g_fx_hooks += int(now) - int(was);
                   return Value::none();
               }));
    // caller_unpack_count(): n when the Python code that called the current function is executing
    // UNPACK_SEQUENCE n (`a, b = proxy`), else -1. Proxy.__iter__ uses it as PyTorch's reads the
    // calling frame's instruction: unpacking a Proxy yields n getitem proxies instead of failing.
    m.dict.set("caller_unpack_count", new_builtin("caller_unpack_count", [](Interpreter& in, const CallArgs&) {
                   Frame* f = in.current_frame();
                   Frame* caller = f ? f->back : nullptr;
                   if (!caller || !caller->co || caller->lasti < 0 || size_t(caller->lasti) >= caller->co->code.size())
                       return Value::integer(-1);
                   const bytecode::Instruction& ins = caller->co->code[size_t(caller->lasti)];
                   return Value::integer(ins.op == bytecode::Opcode::UNPACK_SEQUENCE ? ins.arg : -1);
               }));
    // caller_module(): (module, code name) of the Python code that called the current function:
    // torch.fx.wrap("name") records the globals it was called from, as PyTorch's reads f_back.f_globals.
    m.dict.set("caller_module", new_builtin("caller_module", [](Interpreter& in, const CallArgs&) {
                   Frame* f = in.current_frame();
                   Frame* caller = f ? f->back : nullptr;
                   if (!caller || !caller->globals || !caller->co) return new_tuple({Value::none(), Value::none()});
                   return new_tuple({Value(caller->globals), new_str(caller->co->name)});
               }));
    // module_call(mod, *args, **kwargs): Module.__call__ itself, for modules the Tracer traces into.
    m.dict.set("module_call", new_builtin("module_call", [](Interpreter& in, const CallArgs& a) {
                   if (a.nargs < 1) raise(T().TypeError, "module_call() needs a module");
                   if (!module_call_native()) raise(T().RuntimeError, "nn.Module.__call__ is not available");
                   return module_call_native()(in, a);
               }));
    m.dict.set("exec_source", new_builtin("exec_source", [](Interpreter& in, const CallArgs& a) {
                   static const Signature sig("exec_source(source, filename, globals)");
                   auto v = sig.bind(a);
                   if (!v[0].is(Kind::Str) || !v[1].is(Kind::Str)) raise(T().TypeError, "exec_source(): source and filename must be str");
                   auto* g = v[2].as<Dict>();
                   if (!g) raise(T().TypeError, "exec_source(): globals must be a dict");
                   const std::string& filename = str_of(v[1]);
                   auto mod = make<ModuleObj>(filename);
                   g->for_each([&](const Value& k, const Value& x) {
                       if (k.is(Kind::Str)) mod->dict.set(str_of(k), x);
                   });
                   // The text stays alive with the torch.fx._kiln module (the compiled code points into
                   // it for its spans). The interpreter also records it under the file name, as
                   // PyTorch's linecache entry: tracebacks show its lines and jit.script can read it.
                   auto keep = in.modules().find("torch.fx._kiln");
                   if (keep == in.modules().end()) raise(T().RuntimeError, "torch.fx._kiln is not imported");
                   Value text = new_str(str_of(v[0]));
                   const Value* kept = keep->second->dict.find("_sources");
                   if (!kept || !kept->is(Kind::List)) {
                       keep->second->dict.set("_sources", new_list({}));
                       kept = keep->second->dict.find("_sources");
                   }
                   kept->get<List>()->items.push_back(text);
                   // torch.jit.script of a GraphModule re-parses forward from its file's text
                   in.remember_source(filename, str_of(text));
                   lang::Module tree = lang::parse_module(str_of(text), filename);
                   in.run_code(make<Code>(bytecode::compile_module(tree, filename)), mod);
                   auto out = make<Dict>();
                   mod->dict.for_each([&](const std::string& k, const Value& x) { out->set(new_str(k), x); });
                   return Value(out.get());
               }));
}

}  // namespace

void register_fx_module() {
    Interpreter::register_module("torch.fx._kiln", fx_native_module);
    wrap_module_methods();
}

}  // namespace kiln::vm::bind
