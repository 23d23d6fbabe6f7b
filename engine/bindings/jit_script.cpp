// torch.jit.script for programs: compiles a Python function's source (capture/script) into a graph
// and wraps it as a ScriptFunction, plus the decorators and helpers scripted code uses
// (torch.jit.ignore/unused/export/annotate/is_scripting), and torch.jit.ScriptModule subclasses with
// @torch.jit.script_method methods (the ScriptMeta metaclass, __constants__ / torch.jit.Final).
//
// Compiling re-parses the function's file (the interpreter keeps every loaded file's text) and
// picks the FunctionDef at the code object's first line. Global names are resolved through the
// function's module: torch modules, other ScriptFunctions (inlined into the caller), plain Python
// functions (compiled the same way, on demand) and Python values, which TorchScript 2.x rejects.
// Calling a ScriptFunction checks the arguments against the compiled parameter types with PyTorch's
// messages, converts them to IValues and runs the graph with the graph interpreter.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <optional>
#include <unordered_map>

#include "bindings/convert.h"
#include "bindings/jit.h"
#include "capture/script/compiler.h"
#include "graph/code.h"
#include "graph/interpret.h"
#include "graph/script_traceback.h"
#include "graph/serialize.h"
#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "lang/parser.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

using graph::IValue;
using graph::TypeKind;

// A plain attribute TorchScript would keep (its type inferred from the value), or false (jit.h).
bool script_attribute(Interpreter& in, const Value& v, IValue& out) {
    // `self.b = None`: infer_type gives the attribute NoneType.
    if (v.is_none()) {
        out = IValue();
        return true;
    }
    // `self.pe = torch.zeros(...)` (neither parameter nor buffer): infer_type gives a Tensor
    // attribute, which methods read and assign (positional-encoding caches, running masks).
    if (is_tensor(v)) {
        out = IValue(to_tensor(v));
        return true;
    }
    if (!(v.is_bool() || v.is_int() || v.is_float() || v.is(Kind::Str) || v.as<List>() || v.as<Tuple>() ||
          v.as<Dict>()))
        return false;
    try {
        out = to_ivalue(in, v);
    } catch (const PyError&) {
        return false;
    }
    std::function<bool(const graph::TypePtr&)> ok = [&](const graph::TypePtr& t) {
        if (t->kind == TypeKind::Any) return false;
        for (const auto& c : t->contained)
            if (!ok(c)) return false;
        return true;
    };
    return ok(out.type());
}

namespace cs = kiln::capture::script;

namespace {

Type* g_scripted_type = nullptr;
Type* g_not_supported = nullptr;
Type* g_unsupported_node = nullptr;
Type* g_jit_error = nullptr;       // torch.jit.Error: a scripted module's run-time failure
Type* g_script_module_type = nullptr;  // RecursiveScriptModule

struct ScriptFnObj : NativeObj {
    ScriptFnObj() : NativeObj(g_scripted_type) {}
    std::shared_ptr<const cs::CompiledFunction> fn;
};

// Compiled functions by where their source lives (a function scripted twice, or called from two
// scripted functions, compiles once). Not keyed by the Function object: a decorated function's
// original object dies when the decorator rebinds the name, and its address gets reused.
struct ModuleClass;

// The compiled-code caches belong to one interpreter (a program run): another program — the next
// run in the playground, the next file of the parity runner — may define a different `f` on the same
// line of the same file name. They live in the interpreter's torch.jit module and die with it.
struct ScriptState : NativeObj {
    static Type* type() {
        static Type* t = make_builtin_type("_ScriptState", types().object, Kind::Native, "torch.jit");
        return t;
    }
    ScriptState() : NativeObj(type()) {}
    // Teardown clears every object before freeing any: drop the values the caches hold first.
    void clear() override {
        functions.clear();
        classes.clear();
        called.clear();
        sequential_shapes.clear();
        functionals_compiled.clear();
    }
    std::unordered_map<std::string, std::shared_ptr<const cs::CompiledFunction>> functions;
    std::map<std::string, std::shared_ptr<ModuleClass>> classes;
    std::map<std::string, std::shared_ptr<const cs::CompiledFunction>> called;
    std::map<std::string, std::string> sequential_shapes;  // a module's concrete type (class, constants, slots) -> its class name
    std::set<std::string> functionals_compiled;  // torch.nn.functional's Python functions compiled so far (see layer_functional_refs)
    size_t loads = 0;  // torch.jit.load calls of scripted modules: each one's classes get their own keys
};

ScriptState& script_state() {
    Ref<ModuleObj> jit = current_interpreter().import_module("torch.jit");
    auto* st = native_cast<ScriptState>(*jit->dict.find("_script_state"));
    if (!st) raise(types().RuntimeError, "torch.jit's script state is missing");
    return *st;
}

std::unordered_map<std::string, std::shared_ptr<const cs::CompiledFunction>>& cache() { return script_state().functions; }

// The declared default of each parameter (self excluded), as `.code` prints them.
std::vector<std::optional<graph::IValue>> param_defaults(const cs::CompiledFunction& fn) {
    std::vector<std::optional<graph::IValue>> out;
    for (const auto& p : fn.params) out.push_back(p.default_value);
    return out;
}

std::string cache_key(const Function* f) {
    const auto& co = *f->code->code;
    return str(co.filename, ":", co.firstlineno, ":", co.qualname);
}

std::shared_ptr<const cs::CompiledFunction> compile(Interpreter& in, Function* f);

// torch.nn.functional in PyTorch is mostly Python source: a reference to one of its Python
// functions from scripted code (F.relu) goes through torch.jit._recursive.try_compile_fn, which
// calls torch.jit.script and warns each time; the first compile of the function warns again for
// each Python function it references (F.softmax's _get_softmax_dim, F.batch_norm's
// _verify_batch_size), later ones hit the compiled-function cache after warning. Kiln's functional
// is native, so PyTorch 2.11's Python functions are listed here (parity
// jit/script_functional_deprecation_warnings, jit/script_layer_deprecation_warnings); the ones
// bound to C++ (F.linear, F.conv2d, F.gelu, F.softplus, F.avg_pool2d) give none. max_pool is a
// boolean_dispatch: the reference is to the _max_pool function it picks. The losses' helpers are
// torch.nn._reduction's (counts checked against PyTorch 2.11, parity
// jit/script_functional_loss_warnings). Not counted: multi_head_attention_forward's helpers.
void reference_functional(Interpreter& in, const std::string& name) {
    // name -> the Python functions it references, compiled with it the first time
    static const std::map<std::string, std::vector<const char*>> python_functionals = {
        {"relu", {}}, {"relu6", {}}, {"leaky_relu", {}}, {"elu", {}}, {"selu", {}}, {"celu", {}},
        {"hardtanh", {}}, {"hardswish", {}}, {"hardsigmoid", {}}, {"silu", {}}, {"mish", {}}, {"glu", {}},
        {"threshold", {}}, {"tanhshrink", {}}, {"softsign", {}}, {"sigmoid", {}}, {"tanh", {}},
        {"softmax", {"_get_softmax_dim"}}, {"log_softmax", {"_get_softmax_dim"}}, {"softmin", {"_get_softmax_dim"}},
        {"_get_softmax_dim", {}}, {"dropout", {}}, {"dropout1d", {}}, {"dropout2d", {}}, {"dropout3d", {}},
        {"alpha_dropout", {}}, {"batch_norm", {"_verify_batch_size"}}, {"_verify_batch_size", {}},
        {"layer_norm", {}}, {"group_norm", {"_verify_batch_size"}}, {"normalize", {}},
        {"embedding", {}}, {"pad", {}},
        {"_max_pool1d", {}}, {"_max_pool2d", {}}, {"_max_pool3d", {}}, {"adaptive_avg_pool2d", {}},
        {"adaptive_avg_pool3d", {}}, {"_adaptive_max_pool2d", {"adaptive_max_pool2d_with_indices"}},
        {"adaptive_max_pool2d_with_indices", {}},
        // torch.nn._reduction's helpers, which the losses reference (legacy_get_enum calls the two others)
        {"legacy_get_string", {}}, {"get_enum", {}}, {"legacy_get_enum", {"legacy_get_string", "get_enum"}},
        {"mse_loss", {"legacy_get_string", "get_enum"}}, {"l1_loss", {"legacy_get_string", "get_enum"}},
        {"cross_entropy", {"legacy_get_string", "get_enum"}}, {"nll_loss", {"legacy_get_string", "get_enum"}},
        {"binary_cross_entropy", {"legacy_get_enum", "get_enum"}},
        {"binary_cross_entropy_with_logits", {"legacy_get_enum", "get_enum"}},
        {"smooth_l1_loss", {"legacy_get_string", "get_enum", "get_enum"}}, {"huber_loss", {"get_enum", "get_enum"}},
        {"kl_div", {"legacy_get_enum", "get_enum", "get_enum"}},
        {"margin_ranking_loss", {"legacy_get_string", "get_enum"}}, {"hinge_embedding_loss", {"legacy_get_string", "get_enum"}},
        {"cosine_embedding_loss", {"legacy_get_string", "get_enum"}}, {"triplet_margin_loss", {"legacy_get_string", "get_enum"}},
        {"poisson_nll_loss", {"legacy_get_string", "get_enum"}}, {"soft_margin_loss", {"legacy_get_string", "get_enum"}},
        {"multi_margin_loss", {"legacy_get_string", "get_enum"}}, {"multilabel_margin_loss", {"legacy_get_string", "get_enum"}},
        {"multilabel_soft_margin_loss", {"legacy_get_string"}},
        {"instance_norm", {"_verify_spatial_size"}}, {"_verify_spatial_size", {}},
        {"unfold", {}}, {"fold", {}}, {"affine_grid", {}}, {"grid_sample", {}}, {"embedding_bag", {}},
        {"gumbel_softmax", {}}, {"rrelu", {}}, {"lp_pool1d", {"relu"}}, {"lp_pool2d", {"relu"}},
        {"local_response_norm", {"pad", "pad"}},
    };
    // F's @_overload'ed functions (interpolate and the upsample forms): a reference resolves through
    // torch.jit._script._get_overloads, which compiles every overload declaration with the
    // implementation's body (_compile_function_with_overload, no torch.jit.script call: the
    // reference itself gives no warning) the first time and caches them. Each overload's body is
    // compiled on its own, so each Python function the body references warns once per overload:
    // the first scripted F.interpolate warns 4 x 2 times (adaptive_avg_pool2d and
    // adaptive_avg_pool3d in each of its four overloads); F.upsample's two overloads reference
    // interpolate, which is itself overloaded (no warning, its overloads compiled once).
    struct Overloaded {
        int overloads;
        std::vector<const char*> refs;  // the Python functions the implementation's body references
    };
    static const std::map<std::string, Overloaded> overloaded = {
        {"interpolate", {4, {"adaptive_avg_pool2d", "adaptive_avg_pool3d"}}},
        {"upsample", {2, {"interpolate"}}},
        {"upsample_nearest", {2, {"interpolate"}}},
        {"upsample_bilinear", {4, {"interpolate"}}},
    };
    if (auto o = overloaded.find(name); o != overloaded.end()) {
        if (!script_state().functionals_compiled.insert(name).second) return;
        for (int k = 0; k < o->second.overloads; ++k)
            for (const char* r : o->second.refs) reference_functional(in, r);
        return;
    }
    // boolean_dispatch: the reference is to the function it picks without indices.
    static const std::map<std::string, const char*> dispatched = {
        {"max_pool1d", "_max_pool1d"}, {"max_pool2d", "_max_pool2d"}, {"max_pool3d", "_max_pool3d"},
        {"adaptive_max_pool2d", "_adaptive_max_pool2d"}};
    auto d = dispatched.find(name);
    std::string fn = d != dispatched.end() ? std::string(d->second) : name;
    auto it = python_functionals.find(fn);
    if (it == python_functionals.end()) return;
    warn_jit_deprecated(in, "script", "`torch.compile` or `torch.export`");
    if (!script_state().functionals_compiled.insert(fn).second) return;
    for (const char* r : it->second) reference_functional(in, r);
}

// The functionals a built-in layer's methods reference, compiled once per concrete type as
// PyTorch's Python layers (ReLU.forward's F.relu, Conv2d._conv_forward's F.pad, BatchNorm's
// F.batch_norm); layers whose methods call only aten ops (Linear, GELU, Tanh, Flatten) have none.
// MultiheadAttention's F.multi_head_attention_forward is not counted.
void warn_layer_functional_refs(Interpreter& in, const std::string& layer) {
    static const std::map<std::string, std::vector<const char*>> layer_functional_refs = {
        {"ReLU", {"relu"}}, {"Conv1d", {"pad"}}, {"Conv2d", {"pad"}}, {"BatchNorm1d", {"batch_norm"}},
        {"BatchNorm2d", {"batch_norm"}}, {"LayerNorm", {"layer_norm"}}, {"Embedding", {"embedding"}},
        {"LeakyReLU", {"leaky_relu"}}, {"Softmax", {"softmax"}}, {"SiLU", {"silu"}}, {"Dropout", {"dropout"}},
        {"MaxPool2d", {"max_pool2d"}}, {"AdaptiveAvgPool2d", {"adaptive_avg_pool2d"}}, {"Hardtanh", {"hardtanh"}},
        {"ReLU6", {"hardtanh"}}, {"ELU", {"elu"}}, {"Hardswish", {"hardswish"}}, {"Hardsigmoid", {"hardsigmoid"}},
        {"Mish", {"mish"}}, {"MSELoss", {"mse_loss"}}, {"L1Loss", {"l1_loss"}}, {"CrossEntropyLoss", {"cross_entropy"}},
        {"NLLLoss", {"nll_loss"}}, {"BCELoss", {"binary_cross_entropy"}},
        {"BCEWithLogitsLoss", {"binary_cross_entropy_with_logits"}}, {"SmoothL1Loss", {"smooth_l1_loss"}},
        {"HuberLoss", {"huber_loss"}}, {"KLDivLoss", {"kl_div"}}, {"Softmin", {"softmin"}}, {"GLU", {"glu"}},
        {"CELU", {"celu"}}, {"Tanhshrink", {"tanhshrink"}}, {"Unfold", {"unfold"}}, {"Fold", {"fold"}},
    };
    auto it = layer_functional_refs.find(layer);
    if (it == layer_functional_refs.end()) return;
    for (const char* fn : it->second) reference_functional(in, fn);
}

struct GlobalsResolver : cs::Resolver {
    GlobalsResolver(Interpreter& in, Function* f) : in(in), fn(f) {}
    Interpreter& in;
    Function* fn;

    // Kiln's own layer sources (torch.nn._scripted_layers, standing for PyTorch's native-layer
    // internals) are not PyTorch's code: their references do not warn.
    bool kiln_layer_source() const { return fn->globals && fn->globals->name == "torch.nn._scripted_layers"; }

    void functional_referenced(const std::string& name) override {
        if (!kiln_layer_source()) reference_functional(in, name);
    }

    void dtype_tensor_annotation(const std::string&) override {
        emit_warning(in,
                     new_str("TorchScript will treat type annotations of Tensor dtype-specific subtypes as if they are "
                             "normal Tensors. dtype constraints are not enforced in compilation either."),
                     T().UserWarning);
    }

    std::optional<IValue> module_constant(const std::string& module, const std::string& attr) override {
        Ref<ModuleObj> m = in.import_module(module);
        const Value* v = m ? m->dict.find(attr) : nullptr;
        if (!v) return std::nullopt;
        if (v->is_bool()) return IValue(v->as_bool());
        if (v->is_int()) return IValue(v->as_int());
        if (v->is_float()) return IValue(v->as_float());
        if (v->is(Kind::Str)) return IValue(v->get<Str>()->s);
        if (v->is_none()) return IValue();
        return std::nullopt;
    }

    cs::GlobalRef lookup(const std::string& name) override {
        cs::GlobalRef r;
        const Value* v = fn->globals ? fn->globals->dict.find(name) : nullptr;
        if (!v) return r;  // builtins: the compiler knows the ones it supports
        if (auto* m = v->as<ModuleObj>()) {
            r.kind = cs::GlobalRef::Kind::Module;
            r.module_name = m->name;
            return r;
        }
        if (auto* s = native_cast<ScriptFnObj>(*v)) {
            r.kind = cs::GlobalRef::Kind::Script;
            r.script = s->fn;
            return r;
        }
        if (auto* f = v->as<Function>()) {
            // PyTorch resolves each reference to a Python function through
            // torch.jit._recursive.try_compile_fn, which calls torch.jit.script (its deprecation
            // warning, every time: the compiled-function cache is consulted after it) unless the
            // function is @torch.jit.ignore'd or @torch.jit.unused. The helpers of Kiln's own
            // layer sources are not PyTorch's functions: they do not warn.
            const Value* modifier = f->attrs.find("_torchscript_modifier");
            bool skipped = modifier && modifier->is(Kind::Str) &&
                           (modifier->get<Str>()->s == "ignore" || modifier->get<Str>()->s == "unused");
            if (!skipped && !kiln_layer_source())
                warn_jit_deprecated(in, "script", "`torch.compile` or `torch.export`");
            r.kind = cs::GlobalRef::Kind::PythonFunction;
            Interpreter* ip = &in;
            r.compile = [ip, f] { return compile(*ip, f); };
            return r;
        }
        r.kind = cs::GlobalRef::Kind::PythonValue;
        r.type_name = type_name(*v);
        return r;
    }
};

[[noreturn]] void raise_script_error(const cs::ScriptError& e) {
    Type* t = e.py_class == "UnsupportedNodeError" ? g_unsupported_node
              : e.py_class == "NotSupportedError"  ? g_not_supported
                                                   : T().RuntimeError;
    raise(t, e.what());
}

std::shared_ptr<const cs::CompiledFunction> compile(Interpreter& in, Function* f) {
    std::string key = cache_key(f);
    auto it = cache().find(key);
    if (it != cache().end()) {
        if (!it->second) raise(T().RuntimeError, str("Recursive calls are not supported in script (", f->name, ")"));
        return it->second;
    }
    const auto& co = *f->code->code;
    const std::string* src = in.source_text(co.filename);
    if (!src) raise(T().RuntimeError, str("torch.jit.script: the source of ", f->name, " is not available"));
    lang::Module mod = lang::parse_module(*src, co.filename);
    const lang::FunctionDef* def = cs::find_function(mod, co.firstlineno);
    if (!def && f->name == "<lambda>")  // as definition_of below
        raise(T().RuntimeError, str("Expected a single top-level function: ", co.filename, ":", co.firstlineno));
    if (!def) raise(T().RuntimeError, str("torch.jit.script: could not find the definition of ", f->name));
    cache()[key] = nullptr;  // recursion guard
    GlobalsResolver r(in, f);
    std::shared_ptr<const cs::CompiledFunction> out;
    try {
        out = cs::compile_function(*def, co.filename, *src, r);
    } catch (...) {
        cache().erase(key);
        throw;
    }
    cache()[key] = out;
    return out;
}

// Converts a Python argument to the parameter's type, or returns false (PyTorch's checks: an int
// for float, an int for bool, a one-element tensor for a number).
bool convert_arg(Interpreter& in, const Value& v, const graph::TypePtr& t, IValue& out) {
    switch (t->kind) {
        case TypeKind::Tensor:
            if (!is_tensor(v)) return false;
            out = IValue(to_tensor(v));
            return true;
        case TypeKind::Int:
        case TypeKind::Float:
        case TypeKind::Bool:
        case TypeKind::Number: {
            if (is_tensor(v)) {
                const Tensor& x = to_tensor(v);
                if (x.numel() != 1) return false;
                Scalar s = x.item();
                if (t->kind == TypeKind::Int) out = IValue(s.to_int());
                else if (t->kind == TypeKind::Bool) out = IValue(s.to_bool());
                else out = IValue(s.to_double());
                return true;
            }
            if (t->kind == TypeKind::Int && (v.is_int() || v.is_bool())) out = IValue(v.is_bool() ? int64_t(v.as_bool()) : v.as_int());
            else if (t->kind == TypeKind::Float && (v.is_float() || v.is_int())) out = IValue(v.is_float() ? v.as_float() : double(v.as_int()));
            else if (t->kind == TypeKind::Bool && (v.is_bool() || v.is_int())) out = IValue(v.is_bool() ? v.as_bool() : v.as_int() != 0);
            else if (t->kind == TypeKind::Number && (v.is_bool() || v.is_int() || v.is_float())) out = to_ivalue(in, v);
            else return false;
            return true;
        }
        case TypeKind::Str:
            if (!v.is(Kind::Str)) return false;
            out = IValue(v.get<Str>()->s);
            return true;
        case TypeKind::Optional:
            if (v.is_null() || v.is_none()) {
                out = IValue();
                return true;
            }
            return convert_arg(in, v, t->contained[0], out);
        case TypeKind::List: {
            auto* l = v.as<List>();
            if (!l) return false;
            graph::IValueList items;
            for (const Value& x : l->items) {
                IValue e;
                // Elements must have the element type exactly (no float -> int, no tensor -> int).
                if (t->contained[0]->kind == TypeKind::Int && !x.is_int()) return false;
                if (!convert_arg(in, x, t->contained[0], e)) return false;
                items.push_back(std::move(e));
            }
            out = IValue::list(std::move(items));
            return true;
        }
        case TypeKind::Tuple: {
            auto* tp = v.as<Tuple>();
            if (!tp || tp->items.size() != t->contained.size()) return false;
            graph::IValueList items;
            for (size_t i = 0; i < tp->items.size(); ++i) {
                IValue e;
                if (!convert_arg(in, tp->items[i], t->contained[i], e)) return false;
                items.push_back(std::move(e));
            }
            out = IValue::tuple(std::move(items));
            return true;
        }
        case TypeKind::Dict: {
            auto* d = v.as<Dict>();
            if (!d) return false;
            IValue r = IValue::dict();
            bool ok = true;
            d->for_each([&](const Value& k, const Value& x) {
                IValue ki, xi;
                if (!ok || !convert_arg(in, k, t->contained[0], ki) || !convert_arg(in, x, t->contained[1], xi)) {
                    ok = false;
                    return;
                }
                r.dict_set(ki, std::move(xi));
            });
            if (!ok) return false;
            out = std::move(r);
            return true;
        }
        case TypeKind::Future:
            if (auto f = future_of(in, v)) {
                out = IValue::future(f);
                return true;
            }
            return false;
        case TypeKind::Any: out = to_ivalue(in, v); return true;
        default: return false;
    }
}

graph::RunContext module_context(Interpreter& in);

// Calls a scripted function, or (with `self`) a scripted module's method: a raise in the script
// surfaces as torch.jit.Error, any other failure as RuntimeError, as in PyTorch.
Value call_script(Interpreter& in, const cs::CompiledFunction& f, const Value* pos, size_t npos, const CallArgs& a,
                  const std::shared_ptr<graph::Object>& self = nullptr) {
    const auto& ps = f.params;
    if (npos > ps.size())
        raise(T().RuntimeError, str(f.name, "() expected at most ", ps.size(), " argument(s) but received ", npos,
                                    " argument(s). Declaration: ", f.declaration()));
    std::vector<const Value*> bound(ps.size(), nullptr);
    for (size_t i = 0; i < npos; ++i) bound[i] = &pos[i];
    std::vector<bool> used(a.nkw, false);
    for (size_t k = 0; k < a.nkw; ++k)
        for (size_t i = 0; i < ps.size(); ++i)
            if (ps[i].name == a.kwname(k)) {
                if (bound[i])
                    raise(T().RuntimeError, str(f.name, "() got multiple values for argument '", ps[i].name,
                                                "'. Declaration: ", f.declaration()));
                bound[i] = &a.kwvalues[k];
                used[k] = true;
            }
    graph::IValueList args;
    for (size_t i = 0; i < ps.size(); ++i) {
        if (!bound[i]) {
            if (ps[i].default_value) {
                args.push_back(*ps[i].default_value);
                continue;
            }
            raise(T().RuntimeError, str(f.name, "() is missing value for argument '", ps[i].name,
                                        "'. Declaration: ", f.declaration()));
        }
        IValue v;
        if (!convert_arg(in, *bound[i], ps[i].type, v)) {
            std::string msg = str(f.name, "() Expected a value of type '", ps[i].type->annotation_str(),
                                  ps[i].inferred ? " (inferred)" : "", "' for argument '", ps[i].name,
                                  "' but instead found type '", type_name(*bound[i]), "'.\n");
            if (ps[i].inferred)
                msg += str("Inferred '", ps[i].name, "' to be of type 'Tensor' because it was not annotated with an "
                           "explicit type.\n");
            msg += str("Position: ", i, "\nDeclaration: ", f.declaration());
            raise(T().RuntimeError, msg);
        }
        args.push_back(std::move(v));
    }
    for (size_t k = 0; k < a.nkw; ++k)
        if (!used[k])
            raise(T().RuntimeError, str(f.name, "() got an unexpected keyword argument '", a.kwname(k),
                                        "'. Declaration: ", f.declaration()));
    graph::RunContext ctx;
    ctx.print = [&in](const std::string& text) { in.write_out(text); };
    if (self) {
        args.insert(args.begin(), IValue::object(self));
        ctx = module_context(in);
    }
    ctx.call_function = call_script_function;  // prim::CallFunction of another scripted function
    graph::IValueList outs;
    try {
        outs = graph::run_graph(*f.graph, args, ctx);
    } catch (const graph::ScriptException& e) {
        // A raise in the script: torch.jit.Error (JITException) with the interpreter's traceback.
        raise(g_jit_error, graph::script_exception_text(e));
    } catch (const kiln::Error& e) {
        // Any other failure is handleError's std::runtime_error: a RuntimeError with the preamble.
        raise(T().RuntimeError,
              str("The following operation failed in the TorchScript interpreter.\n"
                                    "Traceback of TorchScript (most recent call last):\n",
                                    error_kind_name(e.kind()), ": ", e.what()));
    }
    return from_ivalue(outs.at(0));
}

// ---- torch.jit.script(nn.Module): RecursiveScriptModule ---------------------------------------------
//
// Scripting a module builds, for it and each submodule, a graph::Object holding its attributes
// (training, parameters and buffers — the same tensors as the module's —, int/float/bool/str/list
// attributes as copies, submodules as objects) and a class whose methods compile on demand: forward
// first, then what it calls on self. `self.x` compiles to prim::GetAttr, `self.sub(x)` and
// `self.m(x)` to prim::CallMethod, which module_context() answers by running the compiled method
// of the object's class. Built-in layers have no Python source: their forward is a small graph of
// the aten calls PyTorch's forward makes (scripted_layer_forward). @torch.jit.ignore methods stay Python
// calls (run with the scripted module as self), @torch.jit.unused ones raise when reached.

// A scripted module class: what the compiler sees (info) and the methods compiled so far.
struct ModuleClass {
    cs::ClassInfo info;
    Type* pytype = nullptr;  // the module's Python class (user classes: methods are found on it)
    bool builtin = false;    // a built-in layer: forward comes from scripted_layer_forward
    std::map<std::string, std::optional<cs::MethodRef>> methods;
    std::map<std::string, std::pair<std::string, Value>> python;  // ignore/unused: modifier, function
    // A ScriptModule subclass's @torch.jit.script_method functions: ScriptMeta took them out of the
    // class dict (as PyTorch's does), so methods are found here first.
    std::map<std::string, Value> stubs;
    // A class torch.jit.load made: it has no Python class, its methods are the archive's; its
    // parameter and buffer slots, in order, answer parameters() / buffers() / state_dict().
    bool loaded = false;
    std::vector<std::string> parameters, buffers;
};

// Classes by qualified name. A class is compiled once; scripting a second instance of it reuses it.
std::map<std::string, std::shared_ptr<ModuleClass>>& module_classes() { return script_state().classes; }

struct ScriptModObj : NativeObj {
    ScriptModObj() : NativeObj(g_script_module_type) {}
    ~ScriptModObj() override;
    void clear() override {
        module = Value();
        children.clear();
        tensors.clear();
    }
    std::shared_ptr<graph::Object> obj;
    std::shared_ptr<ModuleClass> cls;
    std::string original_name;
    Value module;                                         // the scripted nn.Module (parameters(), ...)
    std::vector<std::pair<std::string, Value>> children;  // the submodules' RecursiveScriptModules
    std::map<std::string, Value> tensors;                 // parameters/buffers as Python values (Parameter repr)
};

// torch.ScriptMethod: a compiled method of a scripted module read as an attribute (m.helper), bound
// to the module: callable, with the method's .graph, .code, .name and .schema.
Type* g_script_method_type = nullptr;
struct ScriptMethodObj : NativeObj {
    ScriptMethodObj() : NativeObj(g_script_method_type) {}
    void clear() override { owner = Value(); }
    Value owner;  // the RecursiveScriptModule
    std::shared_ptr<const cs::CompiledFunction> fn;
};

// The RecursiveScriptModule of each object: an ignored method is called with it as self.
std::unordered_map<const graph::Object*, ScriptModObj*>& wrappers() {
    static std::unordered_map<const graph::Object*, ScriptModObj*> w;
    return w;
}
ScriptModObj::~ScriptModObj() {
    auto it = wrappers().find(obj.get());
    if (it != wrappers().end() && it->second == this) wrappers().erase(it);
}

std::optional<cs::MethodRef> method_of(Interpreter& in, ModuleClass& c, const std::string& name);

struct ModuleResolver : GlobalsResolver {
    using GlobalsResolver::GlobalsResolver;
    const cs::ClassInfo* class_info(const std::string& q) override {
        auto it = module_classes().find(q);
        return it == module_classes().end() ? nullptr : &it->second->info;
    }
};

// forward of a built-in layer, as the aten calls of PyTorch's Python forward(self, input).
std::shared_ptr<cs::CompiledFunction> scripted_layer_forward(Interpreter& in, ModuleClass& c, const std::string& layer) {
    auto fn = std::make_shared<cs::CompiledFunction>();
    fn->name = "forward";
    fn->graph = std::make_shared<graph::Graph>();
    graph::Graph& g = *fn->graph;
    graph::Value* self = g.add_input(graph::class_type(c.info.name), "self");
    graph::Value* x = g.add_input(graph::tensor_type(), "input");
    fn->params.push_back(cs::ScriptParam{"input", graph::tensor_type(), false, std::nullopt});
    fn->return_type = graph::tensor_type();
    auto get = [&](const char* name, graph::TypePtr type = graph::tensor_type()) {
        graph::Node* n = g.insert("prim::GetAttr", {self}, 1);
        n->set_attr("name", IValue(std::string(name)));
        n->output()->type = std::move(type);
        return n->output();
    };
    auto op = [&](const char* qualified, std::vector<graph::Value*> ins, graph::TypePtr type = graph::tensor_type()) {
        const graph::OpSchema* s = graph::find_schema(qualified);
        KILN_CHECK(s, RuntimeError, "torch.jit.script: the operator ", qualified, " is missing");
        graph::Node* n = g.insert(s->name, ins, 1);
        n->schema = s;
        n->output()->type = std::move(type);
        return n->output();
    };
    const graph::TypePtr opt_tensor = graph::optional_type(graph::tensor_type());
    const graph::TypePtr ints = graph::list_type(graph::int_type());
    graph::Value* out = nullptr;
    // MultiheadAttention's out_proj is a NonDynamicallyQuantizableLinear: a Linear (its own class
    // only so that dynamic quantization leaves it alone).
    if (layer == "Linear" || layer == "NonDynamicallyQuantizableLinear")
        out = op("aten::linear", {x, get("weight"), get("bias", opt_tensor)});
    else if (layer == "ReLU") out = op("aten::relu", {x});
    else if (layer == "Sigmoid") out = op("aten::sigmoid", {x});
    else if (layer == "Tanh") out = op("aten::tanh", {x});
    else if (layer == "Identity") out = x;
    else if (layer == "SiLU") out = op("aten::silu", {x});
    else if (layer == "GELU") out = op("aten::gelu", {x, get("approximate", graph::str_type())});
    else if (layer == "LeakyReLU") out = op("aten::leaky_relu", {x, get("negative_slope", graph::float_type())});
    // F.hardtanh(input, self.min_val, self.max_val) (ReLU6 is a Hardtanh(0, 6)), F.hardswish,
    // F.hardsigmoid, F.elu(input, self.alpha), F.mish, F.softplus(input, self.beta, self.threshold):
    // the not-in-place branch of each functional's `if inplace`.
    else if (layer == "Hardtanh" || layer == "ReLU6")
        out = op("aten::hardtanh", {x, get("min_val", graph::float_type()), get("max_val", graph::float_type())});
    else if (layer == "Hardswish") out = op("aten::hardswish", {x});
    else if (layer == "Hardsigmoid") out = op("aten::hardsigmoid", {x});
    else if (layer == "Mish") out = op("aten::mish", {x});
    else if (layer == "ELU")
        out = op("aten::elu", {x, get("alpha", graph::float_type()), g.insert_constant(IValue(int64_t(1))),
                               g.insert_constant(IValue(int64_t(1)))});
    else if (layer == "Softplus")
        out = op("aten::softplus", {x, get("beta", graph::float_type()), get("threshold", graph::float_type())});
    else if (layer == "Softmax") out = op("aten::softmax.int", {x, get("dim", graph::int_type()), g.insert_constant(IValue())});
    else if (layer == "Flatten")
        out = op("aten::flatten.using_ints", {x, get("start_dim", graph::int_type()), get("end_dim", graph::int_type())});
    else if (layer == "LayerNorm")
        // F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps): torch.layer_norm
        // with cudnn's enabled flag last.
        out = op("aten::layer_norm", {x, get("normalized_shape", ints), get("weight", opt_tensor), get("bias", opt_tensor),
                                      get("eps", graph::float_type()), g.insert_constant(IValue(true))});
    else if (layer == "Embedding")
        // F.embedding(input, self.weight, self.padding_idx, ...): aten::embedding(weight, input,
        // padding_idx (-1 for None), scale_grad_by_freq, sparse) (max_norm renormalizing is refused
        // in builtin_config).
        out = op("aten::embedding", {get("weight"), x, get("padding_idx", graph::int_type()),
                                     get("scale_grad_by_freq", graph::bool_type()), get("sparse", graph::bool_type())});
    else if (layer == "Conv2d" || layer == "Conv1d")
        // Stride, padding and dilation are per-instance slots (builtin_config), not baked into the
        // class: two convolutions share one class.
        out = op(layer == "Conv2d" ? "aten::conv2d" : "aten::conv1d",
                 {x, get("weight"), get("bias", opt_tensor), get("stride", ints), get("padding", ints),
                  get("dilation", ints), get("groups", graph::int_type())});
    else if (layer == "BatchNorm1d" || layer == "BatchNorm2d") {
        // Batch statistics are used when training, or always when no running statistics are kept.
        graph::Value* no_stats = op("aten::__not__", {get("track_running_stats", graph::bool_type())}, graph::bool_type());
        graph::Value* use_batch =
            op("aten::__or__.bool", {get("training", graph::bool_type()), no_stats}, graph::bool_type());
        // `if self.training and self.track_running_stats: self.num_batches_tracked.add_(1)` (the
        // counter is a buffer only when running statistics are kept; momentum is never None here).
        for (const auto& [name, type] : c.info.attributes)
            if (name == "num_batches_tracked" && type->is_tensor()) {
                graph::Value* count = op("aten::__and__.bool",
                                         {get("training", graph::bool_type()), get("track_running_stats", graph::bool_type())},
                                         graph::bool_type());
                graph::Node* n = g.insert("prim::If", {count}, 0);
                graph::Block* blocks[2] = {n->add_block(), n->add_block()};
                g.set_insertion_block(blocks[0]);
                op("aten::add_.Scalar", {get("num_batches_tracked"), g.insert_constant(IValue(int64_t(1))),
                                         g.insert_constant(IValue(int64_t(1)))});
                g.set_insertion_block(g.block());
            }
        out = op("aten::batch_norm", {x, get("weight", opt_tensor), get("bias", opt_tensor), get("running_mean", opt_tensor),
                                      get("running_var", opt_tensor), use_batch, get("momentum", graph::float_type()),
                                      get("eps", graph::float_type()), g.insert_constant(IValue(true))});
    } else if (layer == "Dropout")
        out = op("aten::dropout", {x, get("p", graph::float_type()), get("training", graph::bool_type())});
    else if (layer == "MaxPool2d")
        // F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation,
        // ceil_mode=self.ceil_mode) (return_indices=True is refused in builtin_config)
        out = op("aten::max_pool2d", {x, get("kernel_size", ints), get("stride", ints), get("padding", ints),
                                      get("dilation", ints), get("ceil_mode", graph::bool_type())});
    else if (layer == "AdaptiveAvgPool2d")
        out = op("aten::adaptive_avg_pool2d", {x, get("output_size", ints)});
    else if (layer == "Sequential") {
        // `for module in self: input = module(input)`, unrolled over the children as TorchScript
        // unrolls a loop over a module container: one prim::CallMethod per child, in order.
        out = x;
        for (const auto& [name, type] : c.info.attributes) {
            if (type->kind != TypeKind::Class) continue;
            graph::Value* child = get(name.c_str(), type);
            auto cls = module_classes().find(type->name);
            std::optional<cs::MethodRef> m =
                cls == module_classes().end() ? std::nullopt : method_of(in, *cls->second, "forward");
            graph::Node* call = g.insert("prim::CallMethod", {child, out}, 1);
            call->set_attr("name", IValue(std::string("forward")));
            call->output()->type = m && m->return_type ? m->return_type : graph::tensor_type();
            out = call->output();
        }
    } else return nullptr;
    g.register_output(out);
    return fn;
}

// The FunctionDef of a Python function (re-parsed from its file; `mod` keeps the AST alive).
const lang::FunctionDef* definition_of(Interpreter& in, Function* f, lang::Module& mod, const std::string*& src) {
    const auto& co = *f->code->code;
    src = in.source_text(co.filename);
    if (!src) raise(T().RuntimeError, str("torch.jit.script: the source of ", f->name, " is not available"));
    mod = lang::parse_module(*src, co.filename);
    const lang::FunctionDef* def = cs::find_function(mod, co.firstlineno);
    // PyTorch's get_jit_def parses the function's source lines, which for a lambda are the statement
    // around it: not one function definition
    if (!def && f->name == "<lambda>")
        raise(T().RuntimeError, str("Expected a single top-level function: ", co.filename, ":", co.firstlineno));
    if (!def) raise(T().RuntimeError, str("torch.jit.script: could not find the definition of ", f->name));
    return def;
}

std::optional<cs::MethodRef> method_of(Interpreter& in, ModuleClass& c, const std::string& name) {
    auto it = c.methods.find(name);
    if (it != c.methods.end()) return it->second;
    if (c.loaded) return std::nullopt;  // a loaded class has the methods its archive holds
    c.methods[name] = std::nullopt;  // while compiling: a recursive call finds no method
    std::optional<cs::MethodRef> r;
    if (c.builtin) {
        if (name == "forward") warn_layer_functional_refs(in, c.pytype->name);
        std::shared_ptr<cs::CompiledFunction> fn = name == "forward" ? scripted_layer_forward(in, c, c.pytype->name) : nullptr;
        // A layer whose method is more than one aten call: its TorchScript definition in
        // torch.nn._scripted_layers (a class named after the layer), compiled as a method of the
        // layer's scripted class.
        if (!fn) {
            Value holder;
            if (const Value* k = in.import_module("torch.nn._scripted_layers")->dict.find(c.pytype->name)) holder = *k;
            const Value* def_fn = holder.is_null() || !holder.as<Type>() ? nullptr : holder.as<Type>()->dict.find(name);
            if (def_fn && def_fn->as<Function>()) {
                Function* f = def_fn->as<Function>();
                lang::Module mod;
                const std::string* src = nullptr;
                const lang::FunctionDef* def = definition_of(in, f, mod, src);
                ModuleResolver res(in, f);
                try {
                    fn = cs::compile_function(*def, f->code->code->filename, *src, res, graph::class_type(c.info.name));
                } catch (...) {
                    c.methods.erase(name);
                    throw;
                }
            }
        }
        if (name == "forward" && !fn)
            raise(T().NotImplementedError,
                  str("torch.jit.script: the built-in module ", c.pytype->name, " is not supported in Kiln yet"));
        if (fn) r = cs::MethodRef{fn, false, fn->return_type};
    } else if (const Value* v = c.stubs.count(name) ? &c.stubs.at(name) : c.pytype->lookup(name);
               v && v->as<Function>()) {
        Function* f = v->as<Function>();
        lang::Module mod;
        const std::string* src = nullptr;
        const lang::FunctionDef* def = definition_of(in, f, mod, src);
        ModuleResolver res(in, f);
        const Value* modifier = f->attrs.find("_torchscript_modifier");
        std::string mname = modifier && modifier->is(Kind::Str) ? modifier->get<Str>()->s : "";
        try {
            if (mname == "ignore" || mname == "unused") {
                const std::string& file = f->code->code->filename;
                graph::TypePtr ret =
                    def->returns ? cs::annotation_type(*def->returns, file, *src, res) : graph::tensor_type();
                c.python[name] = {mname, *v};
                r = cs::MethodRef{nullptr, true, ret};
            } else {
                auto fn =
                    cs::compile_function(*def, f->code->code->filename, *src, res, graph::class_type(c.info.name));
                r = cs::MethodRef{fn, false, fn->return_type};
            }
        } catch (...) {
            c.methods.erase(name);
            throw;
        }
    }
    c.methods[name] = r;
    return r;
}

// Runs prim::CallMethod: the compiled method of the object's class, or the ignored Python method.
graph::RunContext module_context(Interpreter& in) {
    graph::RunContext ctx;
    ctx.print = [&in](const std::string& text) { in.write_out(text); };
    ctx.call_function = call_script_function;
    ctx.call_method = [&in](const std::shared_ptr<graph::Object>& self, const std::string& name,
                            graph::IValueList& args) {
        auto cit = module_classes().find(self->class_name);
        KILN_CHECK(cit != module_classes().end(), RuntimeError, "no scripted class ", self->class_name);
        ModuleClass& c = *cit->second;
        std::optional<cs::MethodRef> m = method_of(in, c, name);
        // A loaded class has no Python class: its name is the saved one's last part.
        KILN_CHECK(m, RuntimeError, "Module '", c.pytype ? c.pytype->name : c.info.name.substr(c.info.name.rfind('.') + 1),
                   "' has no method '", name, "'");
        if (!m->python) {
            graph::IValueList full{IValue::object(self)};
            full.insert(full.end(), args.begin(), args.end());
            return graph::run_graph(*m->fn->graph, full, module_context(in));
        }
        const auto& [modifier, fn] = c.python.at(name);
        // An @torch.jit.unused method's compiled body is a raise (the frontend swaps the body for
        // one): the caller gets torch.jit.Error.
        if (modifier == "unused")
            throw graph::ScriptException(ErrorKind::RuntimeError,
                                         "This Python function is annotated to be ignored and cannot be run",
                                         "builtins.RuntimeError", {});
        auto w = wrappers().find(self.get());
        KILN_CHECK(w != wrappers().end(), RuntimeError, "the scripted module of an ignored method call is gone");
        std::vector<Value> pargs{Value(w->second)};
        for (const IValue& x : args) pargs.push_back(from_ivalue(x));
        return graph::IValueList{to_ivalue(in, in.call(fn, pargs))};
    };
    return ctx;
}



// Built-in layers keep their configuration in C++ (a convolution's stride, a batch norm's eps), so
// the slots their scripted_layer_forward reads are added here, per instance, and read as attributes
// (freezing turns them into constants again); each configuration still gets its own class, as
// PyTorch's concrete types (see script_module's layer_constants). A parameter registered as None
// (Linear(bias=False)) gets a NoneType slot, as infer_concrete_type_builder types a None parameter:
// `self.bias is not None` is then statically False, and `self.bias.dtype` fails to compile.
void builtin_config(Interpreter& in, const Value& module, graph::Object& obj,
                    const std::function<void(const std::string&, IValue, graph::TypePtr)>& add) {
    const std::string& layer = type_of(module)->name;
    auto none_slots = [&](std::initializer_list<const char*> names) {
        for (const char* n : names)
            if (!obj.find(n) && getattr(in, module, n).is_none())
                add(n, IValue(), graph::none_type());
    };
    auto ints = [&](const char* n) {
        Value v = getattr(in, module, n);
        if (v.is(Kind::Str))
            raise(T().NotImplementedError, str("torch.jit.script: ", layer, "(", n, "='", v.get<Str>()->s,
                                               "') is not supported in Kiln yet"));
        std::vector<int64_t> xs;
        for (const Value& x : to_vector(in, v)) xs.push_back(x.as_int());
        add(n, IValue::int_list(xs), graph::list_type(graph::int_type()));
    };
    if (layer == "Linear" || layer == "NonDynamicallyQuantizableLinear") none_slots({"bias"});
    if (layer == "MultiheadAttention") {
        if (!truthy(in, getattr(in, module, "_qkv_same_embed_dim")) || truthy(in, getattr(in, module, "add_zero_attn")) ||
            !getattr(in, module, "bias_k").is_none())
            raise(T().NotImplementedError, "torch.jit.script: MultiheadAttention with kdim/vdim, add_bias_kv or "
                                           "add_zero_attn is not supported in Kiln yet");
        // What torch.nn._scripted_layers' forward reads: the sizes, dropout and batch_first, and the
        // weights PyTorch's layer holds as None here (separate projections, bias_k/bias_v).
        none_slots({"in_proj_bias", "q_proj_weight", "k_proj_weight", "v_proj_weight", "bias_k", "bias_v"});
        for (const char* n : {"embed_dim", "kdim", "vdim", "num_heads", "head_dim"})
            add(n, IValue(getattr(in, module, n).as_int()), graph::int_type());
        add("dropout", IValue(to_double(getattr(in, module, "dropout"), "dropout")), graph::float_type());
        for (const char* n : {"batch_first", "_qkv_same_embed_dim", "add_zero_attn"})
            add(n, IValue(truthy(in, getattr(in, module, n))), graph::bool_type());
    }
    if (layer == "Conv2d" || layer == "Conv1d") {
        Value mode = getattr(in, module, "padding_mode");
        if (!mode.is(Kind::Str) || mode.get<Str>()->s != "zeros")
            raise(T().NotImplementedError, str("torch.jit.script: ", layer, "(padding_mode='",
                                               mode.is(Kind::Str) ? mode.get<Str>()->s : "?", "') is not supported in Kiln yet"));
        none_slots({"bias"});
        ints("stride");
        ints("padding");
        ints("dilation");
        add("groups", IValue(getattr(in, module, "groups").as_int()), graph::int_type());
    }
    // A pooling layer's int-or-pair argument as the int[2] its aten op takes (an int n is [n, n],
    // as _pair makes it in PyTorch's F.max_pool2d).
    auto pair = [&](const char* n, const Value& v) {
        std::vector<int64_t> xs;
        if (v.is_int()) xs = {v.as_int(), v.as_int()};
        else
            for (const Value& x : to_vector(in, v)) {
                if (x.is_none())
                    raise(T().NotImplementedError,
                          str("torch.jit.script: ", layer, "(", n, "=...) with None entries is not supported in Kiln yet"));
                xs.push_back(x.as_int());
            }
        add(n, IValue::int_list(xs), graph::list_type(graph::int_type()));
    };
    if (layer == "MaxPool2d") {
        if (truthy(in, getattr(in, module, "return_indices")))
            raise(T().NotImplementedError, "torch.jit.script: MaxPool2d(return_indices=True) is not supported in Kiln yet");
        Value kernel = getattr(in, module, "kernel_size"), stride = getattr(in, module, "stride");
        pair("kernel_size", kernel);
        pair("stride", stride.is_none() ? kernel : stride);  // nn.MaxPool2d: stride defaults to kernel_size
        pair("padding", getattr(in, module, "padding"));
        pair("dilation", getattr(in, module, "dilation"));
        add("ceil_mode", IValue(truthy(in, getattr(in, module, "ceil_mode"))), graph::bool_type());
    }
    if (layer == "AdaptiveAvgPool2d") pair("output_size", getattr(in, module, "output_size"));
    auto scalar = [&](const char* n, graph::TypePtr t) {
        Value v = getattr(in, module, n);
        IValue iv = t->kind == TypeKind::Float ? IValue(to_double(v, n))
                    : t->kind == TypeKind::Int ? IValue(v.as_int())
                    : t->kind == TypeKind::Bool ? IValue(truthy(in, v))
                                                : IValue(to_str(in, v));
        add(n, std::move(iv), std::move(t));
    };
    if (layer == "GELU") scalar("approximate", graph::str_type());
    if (layer == "LeakyReLU") scalar("negative_slope", graph::float_type());
    if (layer == "Hardtanh" || layer == "ReLU6") {
        scalar("min_val", graph::float_type());
        scalar("max_val", graph::float_type());
    }
    if (layer == "ELU") scalar("alpha", graph::float_type());
    if (layer == "Softplus") {
        scalar("beta", graph::float_type());
        scalar("threshold", graph::float_type());
    }
    if (layer == "Softmax") {
        if (getattr(in, module, "dim").is_none())
            raise(T().NotImplementedError, "torch.jit.script: Softmax(dim=None) is not supported in Kiln yet");
        scalar("dim", graph::int_type());
    }
    if (layer == "Flatten") {
        scalar("start_dim", graph::int_type());
        scalar("end_dim", graph::int_type());
    }
    if (layer == "LayerNorm") {
        none_slots({"weight", "bias"});
        ints("normalized_shape");
        scalar("eps", graph::float_type());
    }
    if (layer == "Embedding") {
        if (!getattr(in, module, "max_norm").is_none())
            raise(T().NotImplementedError, "torch.jit.script: Embedding(max_norm=...) is not supported in Kiln yet");
        Value pad = getattr(in, module, "padding_idx");
        add("padding_idx", IValue(pad.is_none() ? int64_t(-1) : pad.as_int()), graph::int_type());
        scalar("scale_grad_by_freq", graph::bool_type());
        scalar("sparse", graph::bool_type());
    }
    if (layer == "BatchNorm1d" || layer == "BatchNorm2d") {
        none_slots({"weight", "bias", "running_mean", "running_var"});
        Value momentum = getattr(in, module, "momentum");
        if (momentum.is_none())
            raise(T().NotImplementedError,
                  str("torch.jit.script: ", layer, "(momentum=None) is not supported in Kiln yet"));
        add("momentum", IValue(to_double(momentum, "momentum")), graph::float_type());
        add("eps", IValue(to_double(getattr(in, module, "eps"), "eps")), graph::float_type());
        add("track_running_stats", IValue(truthy(in, getattr(in, module, "track_running_stats"))), graph::bool_type());
    }
}

// The RecursiveScriptModule behind a value: itself, or the _actual_script_module a ScriptModule
// subclass's instance got when its __init__ ended; nullptr for anything else.
ScriptModObj* scripted_of(const Value& v) {
    if (auto* s = native_cast<ScriptModObj>(v)) return s;
    if (auto* inst = v.as<ModuleInstance>())
        if (const Value* a = inst->dict.find("_actual_script_module")) return native_cast<ScriptModObj>(*a);
    return nullptr;
}

}  // namespace

Value scripted_module_backing(const Value& v) {
    auto* s = native_cast<ScriptModObj>(v);
    return s ? s->module : Value();
}

std::shared_ptr<graph::Object> scripted_module_object(const Value& v) {
    auto* s = native_cast<ScriptModObj>(v);
    return s ? s->obj : nullptr;
}

graph::RunContext script_run_context(Interpreter& in) { return module_context(in); }

namespace {

// torch.typename of a class: "int", "__main__.Foo", "torch.device".
std::string torch_class_name(Type* t) {
    return t->module == "builtins" ? t->name : t->module + "." + t->name;
}

// A constant's value as _get_valid_constant (torch/jit/_recursive.py) accepts it: bool, float, int,
// str, None, torch.device, torch.layout, torch.dtype, or a list or tuple of those (made a tuple).
IValue valid_constant(Interpreter& in, const std::string& attr, const Value& v, const std::string& owner) {
    if (v.is_bool() || v.is_int() || v.is_float() || v.is(Kind::Str) || v.is_none() || type_of(v)->name == "device" ||
        type_of(v)->name == "dtype" || type_of(v)->name == "layout")
        return to_ivalue(in, v);
    if (v.as<List>() || v.as<Tuple>()) {
        graph::IValueList items;
        for (const Value& x : to_vector(in, v)) items.push_back(valid_constant(in, attr, x, owner));
        return IValue::tuple(std::move(items));
    }
    raise(T().TypeError, str("\n'", torch_class_name(type_of(v)), "' object in attribute '", owner, ".", attr,
                             "' is not a valid constant.\nValid constants are:\n1. a nn.ModuleList\n2. a value of "
                             "type {bool, float, int, str, NoneType, torch.device, torch.layout, torch.dtype, "
                             "torch.qscheme}\n3. a "
                             "list or tuple of (2)\n"));
}

// The names a module's class declares constant: its __constants__ and its torch.jit.Final
// (typing.Final) annotations, as infer_concrete_type_builder collects them.
std::vector<std::string> constant_names(Interpreter& in, const Value& module) {
    std::vector<std::string> names;
    auto add = [&](const std::string& n) {
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    };
    Value c = getattr_or_null(in, module, "__constants__");
    if (!c.is_null() && !c.is_none())
        for (const Value& n : to_vector(in, c)) add(to_str(in, n));
    Value ann = getattr_or_null(in, module, "__annotations__");
    if (auto* d = ann.as<Dict>()) {
        Value final_form = *in.import_module("typing")->dict.find("Final");
        d->for_each([&](const Value& k, const Value& a) {
            Value origin = getattr_or_null(in, a, "__origin__");
            if (a.identical(final_form) || (!origin.is_null() && origin.identical(final_form))) add(to_str(in, k));
        });
    }
    return names;
}

// The class of a traced module held by a module being scripted: its slots are the traced object
// tree's, its forward the traced graph (run with the submodule calls inlined), its parameters the
// graph's inputs with their shapes erased, as the traced method's schema has them.
void traced_module_class(Interpreter& in, const TracedModuleParts& traced, const std::string& qname) {
    // The trace's object is an instance of its traced type: a second trace of a layer class gets a
    // mangled type (__torch__....___torch_mangle_3.Linear) while the object tree was named after the
    // unmangled class, so prim::CallMethod dispatch and freezing (which find a method through the
    // object's class) found no class, or another trace's.
    traced.self->class_name = qname;
    auto& cls = module_classes()[qname];
    if (cls) return;
    cls = std::make_shared<ModuleClass>();
    cls->info.name = qname;
    for (size_t i = 0; i < traced.self->names.size(); ++i)
        cls->info.attributes.emplace_back(traced.self->names[i], graph::erase_tensor_details(traced.self->values[i].type()));
    cls->pytype = type_of(traced.module);
    auto fn = std::make_shared<cs::CompiledFunction>();
    fn->name = "forward";
    fn->graph = traced.inlined ? traced.inlined : traced.graph;
    const auto& inputs = traced.graph->inputs();
    for (size_t i = 1; i < inputs.size(); ++i) {
        std::string pname = inputs[i]->name();
        if (size_t dot = pname.find('.'); dot != std::string::npos) pname.resize(dot);
        fn->params.push_back(cs::ScriptParam{pname, graph::erase_tensor_details(inputs[i]->type), false, std::nullopt});
    }
    const auto& outs = traced.graph->outputs();
    fn->return_type = outs.size() == 1 ? graph::erase_tensor_details(outs[0]->type) : graph::none_type();
    cls->methods["forward"] = cs::MethodRef{fn, false, fn->return_type};
    ModuleClass* c = cls.get();
    Interpreter* ip = &in;
    cls->info.method = [ip, c](const std::string& name) { return method_of(*ip, *c, name); };
}

Value script_module(Interpreter& in, const Value& module,
                    const std::vector<std::pair<std::string, Value>>* stubs = nullptr) {
    std::string qname = module_qualified_name(module);
    note_scripted_module_type(in, qname);
    auto w = make<ScriptModObj>();
    w->module = module;
    w->original_name = type_name(module);
    w->obj = std::make_shared<graph::Object>();
    w->obj->class_name = qname;
    std::vector<std::pair<std::string, graph::TypePtr>> slots;
    auto add = [&](const std::string& n, IValue v, graph::TypePtr t) {
        w->obj->set(n, std::move(v));
        slots.emplace_back(n, std::move(t));
    };
    add("training", IValue(truthy(in, getattr(in, module, "training"))), graph::bool_type());
    std::vector<std::string> constants = constant_names(in, module);
    auto is_constant = [&](const std::string& n) {
        return std::find(constants.begin(), constants.end(), n) != constants.end();
    };
    for (const char* kind : {"named_parameters", "named_buffers"})
        for (const auto& [n, t] : named_members(in, module, kind, false)) {
            if (!is_tensor(t)) continue;
            add(n, IValue(to_tensor(t)), graph::tensor_type());
            w->tensors[n] = t;
        }
    if (auto* inst = module.as<ModuleInstance>())
        inst->dict.for_each([&](const std::string& n, const Value& v) {
            IValue iv;
            if (n.empty() || n[0] == '_' || n == "training" || w->obj->find(n) || is_constant(n)) return;
            // An already scripted module held as an attribute (MyCell(torch.jit.script(gate))): in
            // PyTorch a ScriptModule is an nn.Module, so it is a submodule like any other.
            if (auto* so = native_cast<ScriptModObj>(v)) {
                add(n, IValue::object(so->obj), graph::class_type(so->obj->class_name));
                w->children.emplace_back(n, v);
                return;
            }
            if (!script_attribute(in, v, iv)) return;
            // A tensor attribute is plain Tensor (no shape): methods assign tensors of other sizes.
            graph::TypePtr t = iv.is_tensor() ? graph::tensor_type() : iv.type();
            add(n, std::move(iv), t);
        });
    if (qname.rfind("__torch__.torch.nn.", 0) == 0) builtin_config(in, module, *w->obj, add);
    Value children = in.call(getattr(in, module, "named_children"), std::vector<Value>{});
    for (const Value& pair : to_vector(in, children)) {
        const auto& t = pair.get<Tuple>()->items;
        std::string n = to_str(in, t[0]);
        // A traced module is a ScriptModule already: its class (the traced type) has the traced
        // forward as its method, which the scripted code calls with prim::CallMethod.
        TracedModuleParts traced;
        if (traced_module_parts(t[1], traced)) {
            graph::TypePtr type = traced.graph->inputs()[0]->type;
            traced_module_class(in, traced, type->name);
            add(n, IValue::object(traced.self), type);
            w->children.emplace_back(n, t[1]);
            continue;
        }
        // A ScriptModule subclass's instance was scripted at the end of its __init__: it stays the
        // child (printed by its own class), its scripted object is the slot.
        Value sub = scripted_of(t[1]) ? t[1] : script_module(in, t[1]);
        ScriptModObj* so = scripted_of(sub);
        add(n, IValue::object(so->obj), graph::class_type(so->obj->class_name));
        w->children.emplace_back(n, sub);
    }
    std::vector<std::pair<std::string, IValue>> constant_values;
    for (const std::string& n : constants) {
        if (w->obj->find(n)) {
            // A parameter, buffer or submodule: PyTorch warns and keeps it an attribute.
            std::string hint = w->tensors.count(n) ? (type_of(w->tensors[n])->is_subtype_of(T().parameter) ? "parameter" : "buffer") : "submodule";
            emit_warning(in, new_str(str("'", n, "' was found in ScriptModule constants,  but it is a non-constant ", hint,
                                         ". Consider removing it.")),
                         T().UserWarning);
            continue;
        }
        Value v = getattr_or_null(in, module, n);
        if (v.is_null()) {
            emit_warning(in, new_str(str("'", n, "' was found in ScriptModule constants, but was not actually set in "
                                         "__init__. Consider removing it.")),
                         T().UserWarning);
            continue;
        }
        constant_values.emplace_back(n, valid_constant(in, n, v, type_name(module)));
    }
    // A container's class is its children (a Sequential's forward calls them, a loop over a
    // ModuleList or ModuleDict is unrolled over them): one class per sequence of child names and
    // classes, the first under the plain name and later ones mangled (___torch_mangle_N), as
    // PyTorch's concrete types.
    std::string shape;  // empty: the module's class is its own (not a container or built-in layer)
    if (qname == "__torch__.torch.nn.modules.container.Sequential" ||
        qname == "__torch__.torch.nn.modules.container.ModuleList" ||
        qname == "__torch__.torch.nn.modules.container.ModuleDict") {
        shape = qname + "|";
    } else if (qname.rfind("__torch__.torch.nn.modules.", 0) == 0) {
        // A built-in layer's concrete type holds the values of its class's __constants__ (a
        // Linear's in_features/out_features, a LayerNorm's normalized_shape and eps) and its
        // attributes' types (a bias that is None): each configuration is a class of its own, the
        // first under the plain name, later ones mangled, as for containers.
        static const std::map<std::string, std::vector<const char*>> layer_constants = {
            {"Linear", {"in_features", "out_features"}},
            {"NonDynamicallyQuantizableLinear", {"in_features", "out_features"}},
            {"MultiheadAttention", {"batch_first"}},
            {"Conv1d", {"stride", "padding", "dilation", "groups", "padding_mode", "output_padding", "in_channels",
                        "out_channels", "kernel_size"}},
            {"Conv2d", {"stride", "padding", "dilation", "groups", "padding_mode", "output_padding", "in_channels",
                        "out_channels", "kernel_size"}},
            {"LayerNorm", {"normalized_shape", "eps", "elementwise_affine"}},
            {"GroupNorm", {"num_groups", "num_channels", "eps", "affine"}},
            {"Embedding", {"num_embeddings", "embedding_dim", "padding_idx", "max_norm", "norm_type",
                           "scale_grad_by_freq", "sparse"}},
            {"BatchNorm1d", {"track_running_stats", "momentum", "eps", "num_features", "affine"}},
            {"BatchNorm2d", {"track_running_stats", "momentum", "eps", "num_features", "affine"}},
            {"GELU", {"approximate"}},
            {"LeakyReLU", {"inplace", "negative_slope"}},
            {"Softmax", {"dim"}},
            {"LogSoftmax", {"dim"}},
            {"Flatten", {"start_dim", "end_dim"}},
            {"ReLU", {"inplace"}},
            {"SiLU", {"inplace"}},
            {"Dropout", {"p", "inplace"}},
            {"MaxPool2d", {"kernel_size", "stride", "padding", "dilation", "return_indices", "ceil_mode"}},
            {"AdaptiveAvgPool2d", {"output_size"}},
            {"Hardtanh", {"min_val", "max_val", "inplace"}},
            {"ELU", {"alpha", "inplace"}},
            {"ReLU6", {"min_val", "max_val", "inplace"}},
            {"Hardswish", {"inplace"}},
            {"Hardsigmoid", {"inplace"}},
            {"Mish", {"inplace"}},
            {"Softplus", {"beta", "threshold"}},
        };
        shape = qname + "|";
        auto lc = layer_constants.find(type_of(module)->name);
        if (lc != layer_constants.end())
            for (const char* n : lc->second) {
                Value v = getattr_or_null(in, module, n);
                if (!v.is_null()) shape += std::string(n) + "=" + repr(in, v) + ";";
            }
        shape += "|";
    } else {
        // A user's module class: PyTorch's ConcreteModuleType of each instance holds its constants'
        // values and its attributes' and submodules' types, and an instance whose concrete type
        // differs from the class's first one gets a type of its own, mangled
        // (__torch__.___torch_mangle_1.SelfAttend for a second instance whose MultiheadAttention
        // has another batch_first); instances that agree share the first type.
        shape = qname + "|";
        for (const auto& [n, v] : constant_values) shape += n + "=" + v.repr() + ";";
        shape += "|";
    }
    if (!shape.empty()) {  // the concrete type: its identity, then its attributes' names and types
        for (const auto& [n, t] : slots) shape += n + ":" + t->annotation_str() + ";";
        auto& seen = script_state().sequential_shapes;
        auto it = seen.find(shape);
        if (it != seen.end()) {
            qname = it->second;
        } else {
            if (module_classes().count(qname)) qname = register_scripted_module_type(in, qname);
            seen[shape] = qname;
        }
        w->obj->class_name = qname;
    }
    auto& cls = module_classes()[qname];
    if (!cls) {
        cls = std::make_shared<ModuleClass>();
        cls->info.name = qname;
        cls->info.attributes = slots;
        cls->info.constants = constant_values;
        cls->pytype = type_of(module);
        if (stubs)
            for (const auto& [n, f] : *stubs) cls->stubs[n] = f;
        cls->builtin = qname.rfind("__torch__.torch.nn.", 0) == 0;
        if (cls->builtin && (cls->pytype->name == "ModuleList" || cls->pytype->name == "ModuleDict" ||
                             cls->pytype->name == "Sequential"))
            cls->info.container = cls->pytype->name;
        ModuleClass* c = cls.get();
        Interpreter* ip = &in;
        cls->info.method = [ip, c](const std::string& name) { return method_of(*ip, *c, name); };
    }
    w->cls = cls;
    wrappers()[w->obj.get()] = w.get();
    // Compile now. A ScriptModule subclass compiles its @script_method methods (PyTorch's make_stubs
    // over cls._methods, sorted by name); torch.jit.script, forward and the @torch.jit.export methods.
    if (stubs) {
        for (const auto& [n, f] : *stubs) method_of(in, *cls, n);
    } else if (cls->info.container != "ModuleList" && cls->info.container != "ModuleDict" &&
               cls->pytype != T().nn_module) {
        // ModuleList and ModuleDict have no forward (infer_methods_to_compile finds none to compile),
        // and neither has a plain nn.Module: the parents torch.fx's GraphModule makes for the leaf
        // modules it copies (`getattr(self.layer1, "0").conv1(x)` calls only the leaves). PyTorch
        // compiles forward only when it is not nn.Module's own.
        method_of(in, *cls, "forward");
    }
    if (!cls->builtin && !stubs)
        for (Type* t = cls->pytype; t; t = t->base.get()) {
            t->dict.for_each([&](const std::string& n, const Value& v) {
                auto* f = v.as<Function>();
                const Value* mod = f ? f->attrs.find("_torchscript_modifier") : nullptr;
                if (mod && mod->is(Kind::Str) && mod->get<Str>()->s == "export") method_of(in, *cls, n);
            });
            if (t == T().nn_module) break;
        }
    return Value(w.get());
}

ScriptModObj& module_self(const CallArgs& a) {
    auto* s = a.nargs ? native_cast<ScriptModObj>(a.args[0]) : nullptr;
    if (!s) raise(T().TypeError, "expected a RecursiveScriptModule");
    return *s;
}

Value call_module_forward(Interpreter& in, const CallArgs& a) {
    ScriptModObj& s = module_self(a);
    std::optional<cs::MethodRef> m = method_of(in, *s.cls, "forward");
    if (!m || !m->fn) raise(T().RuntimeError, str("Module '", s.original_name, "' has no forward method"));
    capture::Tracer* tr = capture::current_tracer();
    std::string scope = tr ? tr->submodule_scope(a.args[0].obj()) : "";
    if (scope.empty()) return call_script(in, *m->fn, a.args + 1, a.nargs - 1, a, s.obj);
    // A scripted submodule of a module being traced: the trace records a call of its compiled
    // forward (prim::CallMethod on its attribute, as the tracer's runAndInsertCall does), never the
    // ops it runs. Only tensor arguments and results are recorded.
    Value out;
    {
        capture::NoTraceScope quiet;
        out = call_script(in, *m->fn, a.args + 1, a.nargs - 1, a, s.obj);
    }
    std::vector<graph::Value*> ins;
    for (graph::Node* n : tr->graph().block()->nodes)
        if (n->kind == "prim::TracedAttr" && n->attr("scope")->to_string() == scope) ins.push_back(n->output());
    KILN_CHECK(ins.size() == 1, RuntimeError, "torch.jit.trace: no attribute for the scripted submodule ", scope);
    for (size_t i = 1; i < a.nargs; ++i) {
        if (!is_tensor(a.args[i]) || a.nkw)
            raise(T().NotImplementedError, "torch.jit.trace: a scripted submodule called with non-tensor arguments "
                                           "is not supported in Kiln yet");
        ins.push_back(tr->value_of(to_tensor(a.args[i])));
    }
    graph::Node* call = tr->record("prim::CallMethod", nullptr, ins, 1);
    call->set_attr("name", IValue(std::string("forward")));
    call->output()->type = m->fn->return_type;
    // A result the trace already knows (the callee returned an input) keeps its value.
    if (is_tensor(out) && !tr->is_traced(to_tensor(out))) tr->bind_output(call->output(), IValue(to_tensor(out)));
    // A tuple of tensors is unpacked in the graph (PyTorch's TracingState::setValue inserts a
    // prim::TupleUnpack), so each element the caller goes on using is a traced value, not a constant.
    if (const auto* t = out.as<Tuple>(); t && !t->items.empty() &&
        std::all_of(t->items.begin(), t->items.end(), [](const Value& v) { return is_tensor(v); })) {
        graph::Node* unpack = tr->record("prim::TupleUnpack", nullptr, {call->output()}, t->items.size());
        for (size_t i = 0; i < t->items.size(); ++i) tr->bind_output(unpack->outputs[i], IValue(to_tensor(t->items[i])));
    }
    return out;
}

// train(mode) on the object tree: every scripted object's training slot.
void set_training(Interpreter& in, ScriptModObj& s, bool mode) {
    if (s.obj->find("training")) s.obj->set("training", IValue(mode));  // frozen modules have none
    for (auto& [n, c] : s.children) {
        if (ScriptModObj* sc = scripted_of(c)) set_training(in, *sc, mode);
        else in.call(getattr(in, c, "train"), {Value::boolean(mode)});  // a traced child: its module's flag
    }
}

// RecursiveScriptModule.__setattr__ hands a name the C++ object has (attributes and constants) to
// Object::setattr, which refuses constants (torch/csrc/jit/python/script_init.cpp); a ScriptModule
// subclass's __setattr__ forwards to it once __init__ has scripted the instance.
void refuse_constant(const ScriptModObj& s, const std::string& n) {
    for (const auto& [cn, cv] : s.cls->info.constants)
        if (cn == n) raise(T().RuntimeError, str("Can't set constant '", n, "' which has value:", cv.stream_text()));
}

// nn.Module.__repr__ over the scripted children (its _modules are the OrderedModuleDict of them):
// `head(extra)` inline when the extra_repr is one line and there are no children, else one line per
// extra line and per child, children indented by _addindent. RecursiveScriptModule's extra_repr is
// "original_name=..."; a ScriptModule subclass keeps nn.Module's (empty) or its own, and prints its
// class name. A subclass child prints itself.
std::string module_repr(Interpreter& in, ScriptModObj& s, const std::string& head = "RecursiveScriptModule",
                        std::optional<std::string> extra = std::nullopt) {
    std::vector<std::string> lines;
    std::string e = extra ? *extra : "original_name=" + s.original_name;
    for (size_t at = 0; !e.empty();) {
        size_t nl = e.find('\n', at);
        lines.push_back(e.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    const size_t extra_lines = lines.size();
    for (auto& [n, c] : s.children) {
        auto* cs = native_cast<ScriptModObj>(c);
        std::string sub = cs ? module_repr(in, *cs) : repr(in, c);
        std::string ind;
        for (char ch : sub) ind += ch == '\n' ? std::string("\n  ") : std::string(1, ch);
        lines.push_back("(" + n + "): " + ind);
    }
    if (lines.empty()) return head + "()";
    if (extra_lines == 1 && s.children.empty()) return head + "(" + lines[0] + ")";
    std::string out = head + "(";
    for (const std::string& l : lines) out += "\n  " + l;
    return out + "\n)";
}

// parameters() / named_parameters() / buffers() / named_buffers() / state_dict() of a loaded module:
// its classes name the parameter and buffer slots; submodules follow in slot order, their members
// prefixed with the path (state_dict lists each module's parameters, then its buffers, then the
// submodules', as nn.Module's does).
Value loaded_members(Interpreter& in, ScriptModObj& s, const std::string& what) {
    bool params = what.find("param") != std::string::npos, state = what == "state_dict";
    bool named = what.rfind("named_", 0) == 0;
    std::vector<std::pair<std::string, Value>> out;
    std::function<void(ScriptModObj&, const std::string&)> walk = [&](ScriptModObj& m, const std::string& prefix) {
        for (const auto* names : {&m.cls->parameters, &m.cls->buffers}) {
            if (!state && (names == &m.cls->parameters) != params) continue;
            for (const std::string& n : *names) {
                auto it = m.tensors.find(n);
                if (it != m.tensors.end()) out.emplace_back(prefix + n, state ? wrap_tensor(to_tensor(it->second).detach()) : it->second);
            }
        }
        for (auto& [n, c] : m.children)
            if (ScriptModObj* sc = scripted_of(c)) walk(*sc, prefix + n + ".");
    };
    walk(s, "");
    if (state) {
        Value d = in.call(*in.import_module("collections")->dict.find("OrderedDict"), std::vector<Value>{});
        for (auto& [n, v] : out) in.call(getattr(in, d, "__setitem__"), {new_str(n), v});
        return d;
    }
    std::vector<Value> items;
    for (auto& [n, v] : out) items.push_back(named ? new_tuple({new_str(n), v}) : v);
    return get_iter(in, new_list(std::move(items)));
}

void register_module_type() {
    g_script_module_type = make_builtin_type("RecursiveScriptModule", script_module_type(), Kind::Native, "torch.jit");
    Type* t = g_script_module_type;
    def_method(t, "__call__", call_module_forward);
    def_method(t, "forward", call_module_forward);
    def_property(t, "graph", [](Interpreter& in, const CallArgs& a) {
        auto m = method_of(in, *module_self(a).cls, "forward");
        if (!m || !m->fn) raise(T().AttributeError, "'RecursiveScriptModule' object has no attribute 'graph'");
        return graph_object(m->fn->graph);
    });
    // .inlined_graph: forward's graph with every method call on self or a submodule replaced by
    // the callee's nodes (PyTorch's Inline pass over a copy; the module's own graph is unchanged).
    def_property(t, "inlined_graph", [](Interpreter& in, const CallArgs& a) {
        ScriptModObj& s = module_self(a);
        auto m = method_of(in, *s.cls, "forward");
        if (!m || !m->fn) raise(T().AttributeError, "'RecursiveScriptModule' object has no attribute 'inlined_graph'");
        Interpreter* ip = &in;
        graph::MethodGraphLookup lookup = [ip](const graph::Object& self, const std::string& name)
            -> std::shared_ptr<const graph::Graph> {
            auto it = module_classes().find(self.class_name);
            if (it == module_classes().end()) return nullptr;
            std::optional<cs::MethodRef> mr = method_of(*ip, *it->second, name);
            return mr && mr->fn ? mr->fn->graph : nullptr;
        };
        std::shared_ptr<graph::Graph> g(m->fn->graph->copy().release());
        graph::inline_method_calls(*g, s.obj, lookup);
        return graph_object(g);
    });
    // .code: the forward method in TorchScript's Python syntax (the printer traced functions use).
    def_property(t, "code", [](Interpreter& in, const CallArgs& a) {
        auto m = method_of(in, *module_self(a).cls, "forward");
        if (!m || !m->fn) raise(T().AttributeError, "'RecursiveScriptModule' object has no attribute 'code'");
        return new_str(graph::graph_code(*m->fn->graph, "forward", param_defaults(*m->fn)));
    });
    def_property(t, "original_name",
                 [](Interpreter&, const CallArgs& a) { return new_str(module_self(a).original_name); });
    def_property(
        t, "training",
        [](Interpreter&, const CallArgs& a) {
            // A frozen module has no training flag left (it became a constant).
            const IValue* v = module_self(a).obj->find("training");
            if (!v) raise(T().AttributeError, "'RecursiveScriptModule' object has no attribute 'training'");
            return from_ivalue(*v);
        },
        [](Interpreter& in, const CallArgs& a) {
            set_training(in, module_self(a), a.nargs > 1 && truthy(in, a.args[1]));
            return Value::none();
        });
    def_method(t, "train", [](Interpreter& in, const CallArgs& a) {
        set_training(in, module_self(a), a.nargs < 2 || truthy(in, a.args[1]));
        return a.args[0];
    });
    def_method(t, "eval", [](Interpreter& in, const CallArgs& a) {
        set_training(in, module_self(a), false);
        return a.args[0];
    });
    def_method(t, "__repr__",
               [](Interpreter& in, const CallArgs& a) { return new_str(module_repr(in, module_self(a))); });
    // Its _modules are the scripted children (nn.Module's walks over them, as in PyTorch).
    def_method(t, "named_children", [](Interpreter& in, const CallArgs& a) {
        std::vector<Value> out;
        for (auto& [n, c] : module_self(a).children) out.push_back(new_tuple({new_str(n), c}));
        return get_iter(in, new_list(std::move(out)));
    });
    def_method(t, "children", [](Interpreter& in, const CallArgs& a) {
        std::vector<Value> out;
        for (auto& [n, c] : module_self(a).children) out.push_back(c);
        return get_iter(in, new_list(std::move(out)));
    });
    def_method(t, "named_modules", [](Interpreter& in, const CallArgs& a) {
        std::vector<Value> out;
        std::function<void(const Value&, const std::string&)> walk = [&](const Value& m, const std::string& prefix) {
            out.push_back(new_tuple({new_str(prefix), m}));
            if (auto* s = native_cast<ScriptModObj>(m)) {
                for (auto& [n, c] : s->children) walk(c, prefix.empty() ? n : prefix + "." + n);
                return;
            }
            // A traced child: the modules below it are its module's.
            for (const auto& [path, sub] : named_members(in, m, "named_modules"))
                if (!path.empty()) out.push_back(new_tuple({new_str(prefix + "." + path), sub}));
        };
        walk(a.args[0], "");
        return get_iter(in, new_list(std::move(out)));
    });
    def_method(t, "modules", [](Interpreter& in, const CallArgs& a) {
        std::vector<Value> out;
        for (const Value& pair : to_vector(in, in.call(getattr(in, a.args[0], "named_modules"), std::vector<Value>{})))
            out.push_back(pair.get<Tuple>()->items[1]);
        return get_iter(in, new_list(std::move(out)));
    });
    // Parameters and buffers are the module's own tensors: these answer from the scripted module.
    for (const char* m : {"parameters", "named_parameters", "buffers", "named_buffers", "state_dict"}) {
        std::string name = m;
        def_method(t, m, [name](Interpreter& in, const CallArgs& a) {
            std::vector<Value> rest(a.args + 1, a.args + a.nargs);
            const Value& module = module_self(a).module;
            if (module.is_null() && module_self(a).cls->loaded) return loaded_members(in, module_self(a), name);
            // A frozen module's parameters and buffers became constants: it has none.
            if (module.is_null()) return name == "state_dict" ? Value(make<Dict>().get()) : get_iter(in, new_list(std::vector<Value>{}));
            return in.call(getattr(in, module, name), rest);
        });
    }
    // Python's protocol of a scripted container: torch/nn/modules/container.py marks Sequential's,
    // ModuleList's and ModuleDict's __getitem__, __len__, __iter__ and __contains__
    // @_copy_to_script_wrapper, so the scripted module holds the original module's bound methods
    // (`scripted[0]` is the original child, whose parameters the scripted one shares);
    // RecursiveScriptModule.forward_magic_method raises NotImplementedError for any other module.
    for (const char* m : {"__getitem__", "__len__", "__iter__", "__contains__"}) {
        std::string name = m;
        def_method(t, m, [name](Interpreter& in, const CallArgs& a) {
            const Value& module = module_self(a).module;
            bool container = false;
            if (!module.is_null())
                for (const char* c : {"Sequential", "ModuleList", "ModuleDict"})
                    if (const Value* ty = in.import_module("torch.nn")->dict.find(c); ty && ty->as<Type>())
                        container = container || isinstance(module, ty->as<Type>());
            Value method = container ? getattr_or_null(in, module, name) : Value();
            if (method.is_null()) raise(T().NotImplementedError, "");
            return in.call(method, std::vector<Value>(a.args + 1, a.args + a.nargs));
        });
    }
    // RecursiveScriptModule.__bool__: True unless the scripted module defines its own.
    def_method(t, "__bool__", [](Interpreter&, const CallArgs&) { return Value::boolean(true); });
    def_method(t, "__getattr__", [](Interpreter&, const CallArgs& a) {
        ScriptModObj& s = module_self(a);
        if (a.nargs != 2 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "__getattr__ expects an attribute name");
        const std::string& n = a.args[1].get<Str>()->s;
        for (auto& [cn, c] : s.children)
            if (cn == n) return c;
        if (IValue* v = s.obj->find(n)) {
            auto it = s.tensors.find(n);
            // A parameter still in its slot answers as its Parameter (printed "Parameter containing:").
            if (it != s.tensors.end() && v->is_tensor() && to_tensor(it->second).is_same(v->to_tensor()))
                return it->second;
            return from_ivalue(*v);
        }
        // Object::getattr answers constants too (a list constant reads back as the tuple it became).
        for (const auto& [cn, cv] : s.cls->info.constants)
            if (cn == n) return from_ivalue(cv);
        // A compiled method (forward's callees, @torch.jit.export methods) is callable from Python.
        auto m = s.cls->methods.find(n);
        if (m != s.cls->methods.end() && m->second && m->second->fn) {
            auto sm = make<ScriptMethodObj>();
            sm->owner = a.args[0];
            sm->fn = m->second->fn;
            return Value(sm.get());
        }
        raise(T().AttributeError, str("'RecursiveScriptModule' object has no attribute '", n, "'"));
    });
    g_script_method_type = make_builtin_type("ScriptMethod", T().object, Kind::Native, "torch");
    auto method_self = [](const CallArgs& a) -> ScriptMethodObj& {
        auto* m = a.nargs ? native_cast<ScriptMethodObj>(a.args[0]) : nullptr;
        if (!m) raise(T().TypeError, "expected a ScriptMethod");
        return *m;
    };
    def_method(g_script_method_type, "__call__", [method_self](Interpreter& in, const CallArgs& a) {
        ScriptMethodObj& m = method_self(a);
        auto* owner = scripted_of(m.owner);
        if (!owner) raise(T().RuntimeError, "the module of this ScriptMethod is gone");
        return call_script(in, *m.fn, a.args + 1, a.nargs - 1, a, owner->obj);
    });
    def_property(g_script_method_type, "graph",
                 [method_self](Interpreter&, const CallArgs& a) { return graph_object(method_self(a).fn->graph); });
    def_property(g_script_method_type, "code", [method_self](Interpreter&, const CallArgs& a) {
        const cs::CompiledFunction& fn = *method_self(a).fn;
        return new_str(graph::graph_code(*fn.graph, fn.name, param_defaults(fn)));
    });
    def_property(g_script_method_type, "name",
                 [method_self](Interpreter&, const CallArgs& a) { return new_str(method_self(a).fn->name); });
    def_property(g_script_method_type, "owner", [method_self](Interpreter&, const CallArgs& a) { return method_self(a).owner; });
    def_property(g_script_method_type, "schema",
                 [method_self](Interpreter&, const CallArgs& a) { return new_str(method_self(a).fn->declaration()); });
    def_method(t, "__setattr__", [](Interpreter& in, const CallArgs& a) {
        ScriptModObj& s = module_self(a);
        if (a.nargs != 3 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "__setattr__ expects a name and a value");
        const std::string& n = a.args[1].get<Str>()->s;
        refuse_constant(s, n);
        graph::TypePtr want;
        for (const auto& [sn, st] : s.cls->info.attributes)
            if (sn == n) want = st;
        if (!want || want->kind == TypeKind::Class)
            raise(T().AttributeError, str("Cannot set attribute '", n, "' of a RecursiveScriptModule: it is not a "
                                          "scripted attribute"));
        IValue v;
        if (!convert_arg(in, a.args[2], want, v))
            raise(T().RuntimeError, str("Could not cast attribute '", n, "' to type ", want->annotation_str(),
                                        ": a value of type '", type_name(a.args[2]), "' is not a ",
                                        want->annotation_str()));
        s.obj->set(n, v);
        if (s.tensors.count(n)) s.tensors[n] = a.args[2];
        return Value::none();
    });
}

// ---- torch.jit.save / torch.jit.load of scripted modules --------------------------------------------
//
// A scripted module saves as its object tree (attributes, parameters, submodule objects), the root
// class's forward graph and every class of the tree with the methods compiled for it (forward and
// what it reaches, @torch.jit.export methods), their calling conventions and the class constants:
// what PyTorch's archive keeps as code/ and data.pkl. Loading makes a class of its own for each
// saved class (a load never shares classes with the program's scripted ones, as PyTorch imports
// into a fresh compilation unit) and RecursiveScriptModules over the loaded objects.

void archive_class(Interpreter& in, ScriptModObj& s, graph::Archive& a) {
    graph::ArchiveClass c;
    c.name = s.obj->class_name;
    c.attributes = s.cls->info.attributes;
    c.constants = s.cls->info.constants;
    c.container = s.cls->info.container;
    for (const auto& [name, ref] : s.cls->methods) {
        if (!ref) continue;
        if (ref->python) {
            // An @torch.jit.ignore'd method stays a Python call, which an archive cannot hold.
            if (s.cls->python.at(name).first == "ignore")
                raise(T().RuntimeError, str("Could not export Python function call '", name,
                                            "'. Remove calls to Python functions before export. Did you forget to add "
                                            "@script or @script_method annotation? If this is a nn.ModuleList, add it "
                                            "to __constants__"));
            c.methods.push_back(graph::ArchiveMethod{name, {}, ref->return_type, nullptr});  // unused: raises when called
            continue;
        }
        graph::ArchiveMethod m{name, {}, ref->fn->return_type, ref->fn->graph};
        for (const cs::ScriptParam& p : ref->fn->params)
            m.params.push_back(graph::ArchiveParam{p.name, p.type, p.inferred, p.default_value});
        c.methods.push_back(std::move(m));
    }
    // Which tensor slots are parameters and which buffers: what the loaded module's parameters(),
    // buffers() and state_dict() list (TorchScript's ClassType marks them per attribute).
    if (s.cls->loaded) {  // a loaded module saved again: its class knows them
        c.parameters = s.cls->parameters;
        c.buffers = s.cls->buffers;
    } else if (!s.module.is_null())
        for (const char* kind : {"named_parameters", "named_buffers"})
            for (const auto& [n, t] : named_members(in, s.module, kind, false))
                if (s.obj->find(n)) (kind[6] == 'p' ? c.parameters : c.buffers).push_back(n);
    a.classes.push_back(std::move(c));
}

}  // namespace

bool scripted_module_archive(Interpreter& in, const Value& v, graph::Archive& a) {
    ScriptModObj* root = scripted_of(v);
    if (!root) return false;
    // Compiling forward compiles what it reaches on self and the submodules (as script() does).
    std::optional<cs::MethodRef> fwd = method_of(in, *root->cls, "forward");
    if (!fwd || !fwd->fn)
        raise(T().NotImplementedError, str("torch.jit.save: a scripted module without a forward method ('",
                                           root->original_name, "') is not supported in Kiln yet"));
    a.kind = "script_module";
    a.name = root->original_name;
    a.graph = fwd->fn->graph;
    a.self = root->obj;
    std::set<std::string> seen;
    std::function<void(ScriptModObj&)> walk = [&](ScriptModObj& s) {
        if (seen.insert(s.obj->class_name).second) archive_class(in, s, a);
        for (auto& [n, c] : s.children) {
            ScriptModObj* sc = scripted_of(c);
            if (!sc)
                raise(T().NotImplementedError, str("torch.jit.save: a scripted module holding the traced module '", n,
                                                   "' is not supported in Kiln yet"));
            walk(*sc);
        }
    };
    walk(*root);
    return true;
}

Value load_scripted_module(Interpreter& in, const graph::Archive& a) {
    ScriptState& st = script_state();
    const std::string prefix = str("__kiln_load_", st.loads++, "__.");
    std::map<std::string, std::pair<std::string, std::shared_ptr<ModuleClass>>> classes;  // saved name -> key, class
    for (const graph::ArchiveClass& ac : a.classes) {
        auto c = std::make_shared<ModuleClass>();
        c->loaded = true;
        c->info.name = ac.name;
        c->info.attributes = ac.attributes;
        c->info.constants = ac.constants;
        c->info.container = ac.container;
        for (const graph::ArchiveMethod& m : ac.methods) {
            if (!m.graph) {
                c->python[m.name] = {"unused", Value::none()};
                c->methods[m.name] = cs::MethodRef{nullptr, true, m.return_type};
                continue;
            }
            auto fn = std::make_shared<cs::CompiledFunction>();
            fn->name = m.name;
            fn->graph = m.graph;
            fn->return_type = m.return_type;
            for (const graph::ArchiveParam& p : m.params) fn->params.push_back(cs::ScriptParam{p.name, p.type, p.inferred, p.default_value});
            c->methods[m.name] = cs::MethodRef{fn, false, fn->return_type};
        }
        c->parameters = ac.parameters;
        c->buffers = ac.buffers;
        classes[ac.name] = {prefix + ac.name, c};
        module_classes()[prefix + ac.name] = c;
    }
    std::function<Value(const std::shared_ptr<graph::Object>&)> build = [&](const std::shared_ptr<graph::Object>& o) -> Value {
        auto it = classes.find(o->class_name);
        if (it == classes.end())
            raise(T().RuntimeError, str("torch.jit.load: corrupt archive: no class ", o->class_name, " for a module object"));
        auto w = make<ScriptModObj>();
        w->cls = it->second.second;
        w->original_name = o->class_name.substr(o->class_name.rfind('.') + 1);
        w->obj = o;
        o->class_name = it->second.first;
        for (size_t i = 0; i < o->names.size(); ++i) {
            const std::string& n = o->names[i];
            if (o->values[i].is_object()) w->children.emplace_back(n, build(o->values[i].to_object()));
            // A parameter reads back as a Parameter sharing the slot's tensor.
            else if (o->values[i].is_tensor() &&
                     std::find(w->cls->parameters.begin(), w->cls->parameters.end(), n) != w->cls->parameters.end()) {
                const Tensor& t = o->values[i].to_tensor();
                Value p = in.call(Value(T().parameter), {wrap_tensor(t), Value::boolean(t.requires_grad())});
                o->values[i] = IValue(to_tensor(p));
                w->tensors[n] = p;
            } else if (o->values[i].is_tensor())
                w->tensors[n] = wrap_tensor(o->values[i].to_tensor());
        }
        wrappers()[o.get()] = w.get();
        return Value(w.get());
    };
    return build(a.self);
}

namespace {

// ---- torch.jit.freeze / torch.jit.optimize_for_inference -------------------------------------------
//
// Freezing works on the graph level (graph/passes/freeze.cpp); here it meets the module objects. The
// lookup hands the passes each method's compiled graph (nullptr for @ignore'd Python methods, which
// stay calls), and the result is a new RecursiveScriptModule: the same original name, a class of its
// own whose forward is the frozen graph, and an object holding only what was preserved (attributes
// named in preserved_attrs). Its parameters and buffers are gone: they are constants of the graph.

bool is_frozen(const ScriptModObj& s) { return !s.obj->find("training"); }

Value freeze_module(Interpreter& in, ScriptModObj& s, const std::vector<std::string>& preserved) {
    std::optional<cs::MethodRef> fwd = method_of(in, *s.cls, "forward");
    if (!fwd || !fwd->fn) raise(T().RuntimeError, str("Module '", s.original_name, "' has no forward method"));
    Interpreter* ip = &in;
    graph::MethodGraphLookup lookup = [ip](const graph::Object& self, const std::string& name)
        -> std::shared_ptr<const graph::Graph> {
        auto it = module_classes().find(self.class_name);
        if (it == module_classes().end()) return nullptr;
        std::optional<cs::MethodRef> m = method_of(*ip, *it->second, name);
        return m && m->fn ? m->fn->graph : nullptr;
    };
    auto frozen_fn = std::make_shared<cs::CompiledFunction>(*fwd->fn);
    frozen_fn->graph = std::shared_ptr<graph::Graph>(graph::freeze_graph(*fwd->fn->graph, s.obj, lookup, preserved));

    auto w = make<ScriptModObj>();
    w->original_name = s.original_name;
    w->obj = std::make_shared<graph::Object>();
    w->obj->class_name = s.obj->class_name;
    auto cls = std::make_shared<ModuleClass>();
    cls->info.name = s.obj->class_name;
    cls->pytype = s.cls->pytype;
    cls->loaded = s.cls->loaded;  // a frozen loaded module still has no Python class to compile from
    cls->methods["forward"] = cs::MethodRef{frozen_fn, false, frozen_fn->return_type};
    // Kept: the preserved names, and whatever the frozen graph still reads or writes on self.
    std::vector<std::string> kept = preserved;
    for (const graph::Node* n : frozen_fn->graph->all_nodes())
        if ((n->kind == "prim::GetAttr" || n->kind == "prim::SetAttr") && !n->inputs.empty() &&
            n->input(0) == frozen_fn->graph->inputs()[0] && n->attr("name"))
            kept.push_back(n->attr("name")->to_string());
    std::set<std::string> done;
    for (const std::string& name : kept) {
        if (!done.insert(name).second) continue;
        IValue* v = s.obj->find(name);
        if (!v) raise(T().RuntimeError, str("Attribute '", name, "' in preserved_attrs is not a member of the module"));
        w->obj->set(name, *v);
        for (const auto& [sn, st] : s.cls->info.attributes)
            if (sn == name) cls->info.attributes.emplace_back(sn, st);
        for (auto& [cn, c] : s.children)
            if (cn == name) w->children.emplace_back(cn, c);
    }
    w->cls = cls;
    wrappers()[w->obj.get()] = w.get();
    return Value(w.get());
}

ScriptModObj& script_module_arg(const Value& mod, const char* what) {
    auto* s = native_cast<ScriptModObj>(mod);
    if (!s && isinstance(mod, script_module_type()))
        raise(T().NotImplementedError, str(what, ": traced modules are not supported in Kiln yet; script the "
                                               "module with torch.jit.script instead"));
    if (!s)
        raise(T().RuntimeError, str(what, " expects a ScriptModule as input. Please use torch.jit.script or "
                                          "torch.jit.trace to script your 'nn.Module'."));
    return *s;
}

std::vector<std::string> string_list(Interpreter& in, const Value& v, const char* what) {
    std::vector<std::string> out;
    if (v.is_none() || v.is_null()) return out;
    for (const Value& x : to_vector(in, v)) {
        if (!x.is(Kind::Str)) raise(T().TypeError, str(what, " must be a list of attribute names (str)"));
        out.push_back(x.get<Str>()->s);
    }
    return out;
}

// A traced module as the RecursiveScriptModule freezing works on: PyTorch's traced module is a
// ScriptModule whose forward is the traced graph, so torch.jit.freeze treats it as any other. Its
// object tree is the trace's (what the graph's prim::GetAttr nodes read), its class the traced type
// whose forward is the traced graph with the submodule calls inlined (traced_module_class).
Value traced_as_script_module(Interpreter& in, const TracedModuleParts& traced) {
    graph::TypePtr type = traced.graph->inputs()[0]->type;
    traced_module_class(in, traced, type->name);
    auto w = make<ScriptModObj>();
    w->module = traced.module;
    w->original_name = type_name(traced.module);
    // A copy of the trace's object (its slots shared), so the training flag set here stays out of
    // the traced module: the module's own flag decides, as PyTorch's freeze reads module.training.
    w->obj = std::make_shared<graph::Object>(*traced.self);
    w->obj->class_name = type->name;
    w->cls = module_classes()[type->name];
    w->obj->set("training", IValue(truthy(in, getattr(in, traced.module, "training"))));
    return Value(w.get());
}

Value freeze(Interpreter& in, std::vector<Value>& v) {
    TracedModuleParts traced;
    if (traced_module_parts(v[0], traced)) {
        std::vector<Value> args = v;
        args[0] = traced_as_script_module(in, traced);
        return freeze(in, args);
    }
    ScriptModObj& s = script_module_arg(v[0], "Freezing");
    if (!is_frozen(s) && s.obj->find("training")->to_bool())
        raise(T().RuntimeError, "Freezing is currently only implemented for modules in eval mode. Please call "
                                ".eval() on your module before freezing.");
    if (is_frozen(s)) return v[0];  // already frozen: nothing left to turn into constants
    return freeze_module(in, s, string_list(in, v[1], "preserved_attrs"));
}

// Freezes first when needed (putting the module in eval mode, as PyTorch does), then runs the
// folding passes again. PyTorch's CPU build goes on to convert convolutions and their weights to
// MKL-DNN (prim::mkldnn_convolution, aten::to_mkldnn / aten::to_dense around them): Kiln has no
// MKL-DNN, its kernels run on plain strided tensors, so that conversion is not reproduced and the
// optimized graph keeps aten::conv2d with the folded constant weights.
Value optimize_for_inference(Interpreter& in, std::vector<Value>& v) {
    ScriptModObj& s = script_module_arg(v[0], "optimize_for_inference");
    std::vector<std::string> other = string_list(in, v[1], "other_methods");
    Value mod = v[0];
    if (!is_frozen(s)) {
        set_training(in, s, false);
        mod = freeze_module(in, s, other);
    }
    ScriptModObj& f = *native_cast<ScriptModObj>(mod);
    std::optional<cs::MethodRef> fwd = method_of(in, *f.cls, "forward");
    if (fwd && fwd->fn) {
        graph::optimize_frozen_graph(*fwd->fn->graph);
        graph::verify(*fwd->fn->graph);
    }
    return mod;
}

// Scripted functions a traced graph calls, by the name its prim::CallFunction nodes carry.
std::map<std::string, std::shared_ptr<const cs::CompiledFunction>>& called_functions() {
    return script_state().called;
}

// A scripted function called while tracing stays a call: the trace records
// prim::CallFunction(%fn, args...) (the callee's control flow is kept) instead of the ops one run took.
// Only tensor arguments and a tensor result are recorded; anything else runs and is traced as
// whatever the returned tensor is.
Value traced_script_call(Interpreter& in, ScriptFnObj& s, const CallArgs& a) {
    capture::Tracer* tr = capture::current_tracer();
    bool tensors = a.nkw == 0;
    for (size_t i = 1; i < a.nargs && tensors; ++i) tensors = is_tensor(a.args[i]);
    Value out;
    {
        capture::NoTraceScope quiet;
        out = call_script(in, *s.fn, a.args + 1, a.nargs - 1, a);
    }
    if (!tensors || !is_tensor(out)) return out;
    std::string name = "__torch__." + s.fn->name;
    called_functions()[name] = s.fn;
    graph::Node* fn = tr->record("prim::Constant", nullptr, {}, 1);
    fn->set_attr("name", IValue(s.fn->name));
    fn->output()->type = graph::function_type();
    std::vector<graph::Value*> ins{fn->output()};
    for (size_t i = 1; i < a.nargs; ++i) ins.push_back(tr->value_of(to_tensor(a.args[i])));
    graph::Node* call = tr->record("prim::CallFunction", nullptr, ins, 1);
    call->set_attr("name", IValue(name));
    tr->bind_output(call->output(), IValue(to_tensor(out)));
    return out;
}

ScriptFnObj& script_self(const CallArgs& a) {
    auto* s = a.nargs ? native_cast<ScriptFnObj>(a.args[0]) : nullptr;
    if (!s) raise(T().TypeError, "expected a ScriptFunction");
    return *s;
}

Value script(Interpreter& in, const CallArgs& a) {
    if (a.nargs < 1) raise(T().TypeError, "script() missing required argument 'obj'");
    // Every call warns first, an already scripted object's included (torch/jit/_script.py's script).
    warn_jit_deprecated(in, "script", "`torch.compile` or `torch.export`");
    const Value& obj = a.args[0];
    if (native_cast<ScriptFnObj>(obj)) return obj;
    if (auto* f = obj.as<Function>()) {
        std::shared_ptr<const cs::CompiledFunction> c;
        try {
            c = compile(in, f);
        } catch (const cs::ScriptError& e) {
            raise_script_error(e);
        }
        auto s = make<ScriptFnObj>();
        s->fn = c;
        return Value(s.get());
    }
    // A ScriptModule (a subclass's instance, already scripted by its __init__) is returned as is.
    if (native_cast<ScriptModObj>(obj) || (scripted_of(obj) && isinstance(obj, script_module_type()))) return obj;
    if (isinstance(obj, T().nn_module)) {
        try {
            return script_module(in, obj);
        } catch (const cs::ScriptError& e) {
            raise_script_error(e);
        }
    }
    // A class (torch/jit/_script.py's script on `inspect.isclass(obj)`): an nn.Module subclass is
    // refused (an instance was meant), an Enum is returned as it is usable anyway, a class that
    // inherits from anything but object is refused; any other class comes back itself, as PyTorch
    // returns it after registering its TorchScript twin, so Python keeps building ordinary instances
    // (pytorch-minimize's @torch.jit.script JacobianLinearOperator). Kiln compiles no class bodies:
    // scripted functions cannot take such a class's instances, and a method TorchScript would reject
    // is not reported here.
    if (Type* cls = obj.as<Type>()) {
        if (T().nn_module && cls->is_subtype_of(T().nn_module))
            raise(T().RuntimeError, str("Type '", repr(in, obj), "' cannot be compiled since it inherits from nn.Module, pass an instance instead"));
        if (const Value* e = in.import_module("enum")->dict.find("Enum"); e && e->as<Type>() && cls->is_subtype_of(e->as<Type>()))
            return obj;
        if (cls->mro.size() > 2)
            raise(T().RuntimeError, "TorchScript classes does not support inheritance yet. Please directly inherit from 'object'.");
        return obj;
    }
    // an instance of a built-in type (torch.jit.script(3)): PyTorch's source lookup, inspect.getfile of
    // its class, is what refuses it
    if (type_of(obj)->builtin) raise(T().TypeError, str(repr(in, Value(type_of(obj))), " is a built-in class"));
    raise(T().RuntimeError, str("Type '", type_name(obj), "' cannot be compiled since it is not a function or module"));
}

// ---- ScriptModule subclasses: the TorchScript API before torch.jit.script(nn.Module) ---------------
//
// class Block(torch.jit.ScriptModule) with @torch.jit.script_method methods, as torch/jit/_script.py
// does it: script_method wraps the function in a ScriptMethodStub; the metaclass ScriptMeta takes the
// stubs out of the class (collecting them, with the bases', in cls._methods, and the __constants__ in
// cls._constants_set) and wraps __init__ so that when the most derived class's __init__ ends the
// instance is scripted: its stubs compiled (the other methods stay Python, compiled on demand when a
// script method calls them) into the RecursiveScriptModule kept as self._actual_script_module.
// Plain attributes then live there only (PyTorch deletes the instance's copies), so what a script
// method writes is what Python reads. Kiln keeps the instance's parameters, buffers and submodules in
// its nn.Module tree as well (the scripted object's slots hold the same tensors), so parameters(),
// state_dict() and train() work on it unchanged; the training flags are copied into the scripted
// objects when forward is called.

Type* g_script_meta = nullptr;
Type* g_stub_type = nullptr;

struct StubObj : NativeObj {
    StubObj() : NativeObj(g_stub_type) {}
    void clear() override { fn = Value(); }
    Value fn;  // the decorated function (ScriptMethodStub.original_method)
};

Value script_method(Interpreter& in, const CallArgs& a) {
    if (a.nargs != 1 || a.nkw) raise(T().TypeError, "script_method() takes 1 positional argument");
    warn_jit_deprecated(in, "script_method", "`torch.compile` or `torch.export`");  // at decoration, as PyTorch's
    if (!a.args[0].as<Function>())
        raise(T().TypeError, str("torch.jit.script_method: expected a function, not '", type_name(a.args[0]), "'"));
    auto st = make<StubObj>();
    st->fn = a.args[0];
    return Value(st.get());
}

// The training flags of the module tree, copied into its scripted objects (see above).
void sync_training(Interpreter& in, ScriptModObj& s) {
    if (s.obj->find("training") && !s.module.is_null())
        s.obj->set("training", IValue(truthy(in, getattr(in, s.module, "training"))));
    for (auto& [n, c] : s.children)
        if (ScriptModObj* sc = scripted_of(c)) sync_training(in, *sc);
}

// The end of the most derived class's __init__: script the instance with the class's stubs.
void script_subclass_instance(Interpreter& in, const Value& self, Type* cls) {
    std::vector<std::pair<std::string, Value>> stubs;
    if (auto* d = getattr(in, Value(cls), "_methods").as<Dict>())
        d->for_each([&](const Value& k, const Value& v) {
            if (auto* st = native_cast<StubObj>(v)) stubs.emplace_back(to_str(in, k), st->fn);
        });
    std::sort(stubs.begin(), stubs.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    Value w;
    try {
        w = script_module(in, self, &stubs);
    } catch (const cs::ScriptError& e) {
        raise_script_error(e);
    }
    auto* inst = self.as<ModuleInstance>();
    inst->dict.set("_actual_script_module", w);
    ScriptModObj& s = *native_cast<ScriptModObj>(w);
    for (const auto& [n, t] : s.cls->info.attributes)
        if (n != "training") inst->dict.erase(n);
}

// ScriptMeta(name, bases, namespace): type.__new__, then ScriptMeta.__init__'s work.
Value script_meta_new(Interpreter& in, const CallArgs& a) {
    if (a.nargs != 3 || !a.args[0].is(Kind::Str) || !a.args[1].as<Tuple>() || !a.args[2].as<Dict>())
        raise(T().TypeError, "type() takes 1 or 3 arguments");
    std::vector<std::pair<std::string, Value>> ns;
    a.args[2].as<Dict>()->for_each([&](const Value& k, const Value& v) { ns.emplace_back(to_str(in, k), v); });
    const std::vector<Value>& bases = a.args[1].as<Tuple>()->items;
    CallArgs kw;
    kw.kwvalues = a.kwvalues;
    kw.nkw = a.nkw;
    kw.kwnames = a.kwnames;
    Value cls = new_class(in, g_script_meta, a.args[0].get<Str>()->s, bases, ns, kw);
    auto methods = make<Dict>();
    Value set_type = *in.import_module("builtins")->dict.find("set");
    Value declared = getattr_or_null(in, cls, "__constants__");
    Value constants = in.call(set_type, declared.is_null() ? std::vector<Value>{} : std::vector<Value>{declared});
    for (auto it = bases.rbegin(); it != bases.rend(); ++it) {
        if (auto* d = getattr_or_null(in, *it, "_methods").as<Dict>())
            d->for_each([&](const Value& k, const Value& v) { methods->set(k, v); });
        Value base_constants = getattr_or_null(in, *it, "_constants_set");
        if (!base_constants.is_null()) constants = in.call(getattr(in, constants, "union"), {base_constants});
    }
    std::sort(ns.begin(), ns.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& [k, v] : ns)
        if (auto* st = native_cast<StubObj>(v)) {
            delattr(in, cls, k);
            methods->set(new_str(st->fn.as<Function>()->name), v);
        }
    setattr(in, cls, "_methods", Value(methods.get()));
    setattr(in, cls, "_constants_set", constants);
    // init_then_script: the class's __init__ (its own or inherited), then scripting when the
    // instance's class is this one (a subclass's wrapper does it after its own __init__).
    Value original = getattr(in, cls, "__init__");
    Type* owner = cls.get<Type>();  // the wrapper lives in the class's dict: the class outlives it
    Value wrapper = new_builtin("__init__", [owner, original](Interpreter& in, const CallArgs& c) {
        if (c.nargs < 1) raise(T().TypeError, "__init__() missing 1 required positional argument: 'self'");
        Value self = c.args[0];
        in.call(original, c);
        if (type_of(self) == owner) script_subclass_instance(in, self, owner);
        return Value::none();
    });
    setattr(in, cls, "__init__", wrapper);
    return cls;
}

// nn.Module's own method `name`, called with the same arguments.
Value module_method(Interpreter& in, const char* name, const CallArgs& a) {
    return in.call(*T().nn_module->dict.find(name), a);
}

void register_script_module_subclassing() {
    g_stub_type = make_builtin_type("ScriptMethodStub", T().object, Kind::Native, "torch.jit._recursive");
    def_property(g_stub_type, "original_method", [](Interpreter&, const CallArgs& a) {
        auto* st = native_cast<StubObj>(a.args[0]);
        if (!st) raise(T().TypeError, "expected a ScriptMethodStub");
        return st->fn;
    });
    g_script_meta = make_builtin_type("ScriptMeta", T().type, T().type->instance_kind, "torch.jit._script");
    g_script_meta->construct = script_meta_new;
    Type* t = script_module_type();
    t->type = g_script_meta;
    // ScriptModule.forward (_CachedForward): the scripted forward, once __init__ has scripted the instance.
    def_method(t, "forward", [](Interpreter& in, const CallArgs& a) {
        ScriptModObj* s = a.nargs ? scripted_of(a.args[0]) : nullptr;
        if (!s) raise(T().AttributeError, str("'", a.nargs ? type_name(a.args[0]) : "ScriptModule",
                                              "' object has no attribute 'forward'"));
        std::optional<cs::MethodRef> m = method_of(in, *s->cls, "forward");
        if (!m || !m->fn) raise(T().AttributeError, "'RecursiveScriptModule' object has no attribute 'forward'");
        sync_training(in, *s);
        return call_script(in, *m->fn, a.args + 1, a.nargs - 1, a, s->obj);
    });
    def_method(t, "__getattr__", [](Interpreter& in, const CallArgs& a) {
        ScriptModObj* s = scripted_of(a.args[0]);
        if (!s || a.nargs != 2 || !a.args[1].is(Kind::Str)) return module_method(in, "__getattr__", a);
        return getattr(in, Value(s), a.args[1].get<Str>()->s);
    });
    def_method(t, "__setattr__", [](Interpreter& in, const CallArgs& a) {
        ScriptModObj* s = scripted_of(a.args[0]);
        if (s && a.nargs == 3 && a.args[1].is(Kind::Str)) {
            const std::string& n = a.args[1].get<Str>()->s;
            refuse_constant(*s, n);
            bool slot = false, tree = true;
            for (const auto& [sn, st] : s->cls->info.attributes)
                if (sn == n && n != "training" && st->kind != TypeKind::Class) {
                    slot = true;
                    tree = st->kind == TypeKind::Tensor || s->tensors.count(n);  // also the nn.Module tree's
                }
            if (slot) setattr(in, Value(s), n, a.args[2]);
            if (!tree) return Value::none();
        }
        return module_method(in, "__setattr__", a);
    });
    def_method(t, "__repr__", [](Interpreter& in, const CallArgs& a) {
        ScriptModObj* s = scripted_of(a.args[0]);
        if (!s) return module_method(in, "__repr__", a);
        Value extra = in.call(getattr(in, a.args[0], "extra_repr"), std::vector<Value>{});
        return new_str(module_repr(in, *s, type_name(a.args[0]), to_str(in, extra)));
    });
}

// A scripted function's .inlined_graph (PyTorch's Inline pass on a copy): every prim::CallFunction of a
// scripted callee is replaced by a copy of the callee's graph, in order, until none is left (the copy
// of a callee may hold calls of its own); the call's output name (`y.1`) passes to the value that
// replaces it, as inlineCallTo does. The copy is numbered afresh, the inlined values after it.
std::shared_ptr<graph::Graph> inline_function_calls(const graph::Graph& from) {
    std::shared_ptr<graph::Graph> g(from.copy().release());
    for (int round = 0; round < 100000; ++round) {
        graph::Node* call = nullptr;
        std::shared_ptr<const cs::CompiledFunction> fn;
        for (graph::Node* n : g->all_nodes()) {
            if (n->kind != "prim::CallFunction" || n->inputs.empty() || n->outputs.size() != 1) continue;
            const graph::IValue* name = n->attr("name");
            std::string q = name ? name->to_string() : n->input(0)->type->name;
            if (auto it = called_functions().find(q); it != called_functions().end()) fn = it->second;
            else fn = cs::find_called_function(q);
            if (fn) {
                call = n;
                break;
            }
        }
        if (!call) return g;
        graph::Block* b = call->owning_block;
        graph::Block* saved = g->insertion_block();
        g->set_insertion_block(b);
        size_t before = b->nodes.size();
        std::vector<graph::Value*> args(call->inputs.begin() + 1, call->inputs.end());
        std::vector<graph::Value*> outs;
        try {
            outs = graph::inline_graph(*fn->graph, *g, args);
        } catch (...) {
            g->set_insertion_block(saved);
            throw;
        }
        g->set_insertion_block(saved);
        std::vector<graph::Node*> added;
        auto it = b->nodes.begin();
        std::advance(it, static_cast<long>(before));
        for (; it != b->nodes.end(); ++it) added.push_back(*it);
        for (graph::Node* n : added) n->insert_before(call);
        KILN_CHECK(outs.size() == 1, RuntimeError, "inlined_graph: the callee returns ", outs.size(), " values");
        std::string name = call->output()->debug_name;
        const bool made_here = outs[0]->node && std::find(added.begin(), added.end(), outs[0]->node) != added.end();
        if (!name.empty() && outs[0]->debug_name.empty() && made_here && !outs[0]->node->is_constant()) {
            call->output()->set_debug_name("");
            outs[0]->set_debug_name(name);
        }
        call->output()->replace_all_uses_with(outs[0]);
        call->destroy();
    }
    KILN_FAIL(RuntimeError, "inlined_graph: function calls kept inlining into each other (a recursive function?)");
}

void register_script_types() {
    if (g_scripted_type) return;
    g_scripted_type = make_builtin_type("ScriptFunction", script_function_type(), Kind::Native, "torch.jit");
    g_not_supported = make_exception_type("NotSupportedError", T().Exception, "torch.jit.frontend");
    g_unsupported_node = make_exception_type("UnsupportedNodeError", g_not_supported, "torch.jit.frontend");
    // torch._C.JITException, registered by pybind11's register_exception: an Exception subclass.
    g_jit_error = make_exception_type("Error", T().Exception, "torch.jit");
    register_module_type();
    register_script_module_subclassing();
    def_method(g_scripted_type, "__call__", [](Interpreter& in, const CallArgs& a) {
        ScriptFnObj& s = script_self(a);
        if (tracing()) return traced_script_call(in, s, a);
        return call_script(in, *s.fn, a.args + 1, a.nargs - 1, a);
    });
    def_property(g_scripted_type, "graph",
                 [](Interpreter&, const CallArgs& a) { return graph_object(script_self(a).fn->graph); });
    def_property(g_scripted_type, "inlined_graph",
                 [](Interpreter&, const CallArgs& a) { return graph_object(inline_function_calls(*script_self(a).fn->graph)); });
    def_property(g_scripted_type, "code", [](Interpreter&, const CallArgs& a) {
        const auto& fn = *script_self(a).fn;
        return new_str(graph::graph_code(*fn.graph, fn.name, param_defaults(fn)));
    });
    def_property(g_scripted_type, "name", [](Interpreter&, const CallArgs& a) { return new_str(script_self(a).fn->name); });
    // A ScriptFunction is a pybind11 object, not a Python function: torch.jit.script copies its
    // __doc__ but not its name, and `fn.__name__` reads the class's, "ScriptFunction" (the
    // function's own name is `fn.name`).
    def_property(g_scripted_type, "__name__", [](Interpreter&, const CallArgs&) { return new_str("ScriptFunction"); });
    def_property(g_scripted_type, "schema",
                 [](Interpreter&, const CallArgs& a) { return new_str(script_self(a).fn->declaration()); });
    def_method(g_scripted_type, "__repr__", [](Interpreter&, const CallArgs& a) {
        return new_str(str("<torch.jit.ScriptFunction object ", script_self(a).fn->name, ">"));
    });
}

// Marks a function for the module compiler and returns it unchanged (eager calls are unaffected).
Value mark(const CallArgs& a, const char* what) {
    if (a.nargs < 1) return Value::none();
    if (auto* f = a.args[0].as<Function>()) f->attrs.set("_torchscript_modifier", new_str(what));
    return a.args[0];
}

}  // namespace

graph::IValueList call_script_function(const std::string& name, graph::IValueList& args) {
    // A traced call's callee, or a scripted call's (the compiler's table, by qualified name).
    std::shared_ptr<const cs::CompiledFunction> fn;
    if (auto it = called_functions().find(name); it != called_functions().end()) fn = it->second;
    else fn = cs::find_called_function(name);
    KILN_CHECK(fn, RuntimeError, "graph interpreter: unknown function ", name);
    // The first input is the callee's prim::Constant (the Function value), not an argument.
    graph::IValueList rest(args.begin() + (args.empty() ? 0 : 1), args.end());
    graph::RunContext ctx;
    if (Interpreter* in = current_interpreter_or_null()) ctx = script_run_context(*in);
    ctx.call_function = call_script_function;
    return graph::run_graph(*fn->graph, rest, ctx);
}

void add_script_functions(Interpreter& in, ModuleObj& m) {
    register_script_types();
    // torch.jit.Final is typing.Final (torch/_jit_internal.py re-exports it): class-body annotations
    // such as `fused_attn: torch.jit.Final[bool]` (timm) mark constants for the script compiler.
    m.dict.set("Final", *in.import_module("typing")->dict.find("Final"));
    m.dict.set("_script_state", Value(make<ScriptState>().get()));
    m.dict.set("script", new_builtin("script", script));
    m.dict.set("ignore", new_builtin("ignore", [](Interpreter&, const CallArgs& a) {
        // @torch.jit.ignore(drop=False) form: return a decorator.
        if (a.nargs == 0) return new_builtin("ignore", [](Interpreter&, const CallArgs& b) { return mark(b, "ignore"); });
        return mark(a, "ignore");
    }));
    m.dict.set("script_method", new_builtin("script_method", script_method));
    m.dict.set("unused", new_builtin("unused", [](Interpreter&, const CallArgs& a) { return mark(a, "unused"); }));
    m.dict.set("export", new_builtin("export", [](Interpreter&, const CallArgs& a) { return mark(a, "export"); }));
    m.dict.set("annotate", new_builtin("annotate", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "annotate() takes 2 positional arguments");
        return a.args[1];
    }));
    m.dict.set("is_scripting", new_builtin("is_scripting", [](Interpreter&, const CallArgs&) { return Value::boolean(false); }));
    auto def = [&](const char* spec, Value (*body)(Interpreter&, std::vector<Value>&)) {
        auto sig = std::make_shared<Signature>(spec);
        std::string name = sig->name();
        m.dict.set(name, new_builtin(name, [sig, body](Interpreter& in, const CallArgs& a) {
                       auto v = sig->bind(a);
                       return body(in, v);
                   }));
    };
    def("freeze(mod, preserved_attrs=None, optimize_numerics=True)", freeze);
    def("optimize_for_inference(mod, other_methods=None)", optimize_for_inference);
    m.dict.set("ScriptFunction", Value(script_function_type()));
    m.dict.set("Error", Value(g_jit_error));
    m.dict.set("RecursiveScriptModule", Value(g_script_module_type));
}

}  // namespace kiln::vm::bind
