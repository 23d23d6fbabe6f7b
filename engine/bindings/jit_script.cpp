// torch.jit.script for programs: compiles a Python function's source (capture/script) into a graph
// and wraps it as a ScriptFunction, plus the decorators and helpers scripted code uses
// (torch.jit.ignore/unused/export/annotate/is_scripting).
//
// Compiling re-parses the function's file (the interpreter keeps every loaded file's text) and
// picks the FunctionDef at the code object's first line. Global names are resolved through the
// function's module: torch modules, other ScriptFunctions (inlined into the caller), plain Python
// functions (compiled the same way, on demand) and Python values, which TorchScript 2.x rejects.
// Calling a ScriptFunction checks the arguments against the compiled parameter types with PyTorch's
// messages, converts them to IValues and runs the graph with the graph interpreter.
#include <unordered_map>

#include "bindings/convert.h"
#include "bindings/jit.h"
#include "capture/script/compiler.h"
#include "graph/interpret.h"
#include "lang/parser.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

using graph::IValue;
using graph::TypeKind;
namespace cs = kiln::capture::script;

namespace {

const TypeTable& T() { return types(); }

Type* g_scripted_type = nullptr;
Type* g_not_supported = nullptr;
Type* g_unsupported_node = nullptr;

struct ScriptFnObj : NativeObj {
    ScriptFnObj() : NativeObj(g_scripted_type) {}
    std::shared_ptr<const cs::CompiledFunction> fn;
};

// Compiled functions by where their source lives (a function scripted twice, or called from two
// scripted functions, compiles once). Not keyed by the Function object: a decorated function's
// original object dies when the decorator rebinds the name, and its address gets reused.
std::unordered_map<std::string, std::shared_ptr<const cs::CompiledFunction>>& cache() {
    static std::unordered_map<std::string, std::shared_ptr<const cs::CompiledFunction>> c;
    return c;
}

std::string cache_key(const Function* f) {
    const auto& co = *f->code->code;
    return str(co.filename, ":", co.firstlineno, ":", co.qualname);
}

std::shared_ptr<const cs::CompiledFunction> compile(Interpreter& in, Function* f);

struct GlobalsResolver : cs::Resolver {
    GlobalsResolver(Interpreter& in, Function* f) : in(in), fn(f) {}
    Interpreter& in;
    Function* fn;

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
        case TypeKind::Any: out = to_ivalue(in, v); return true;
        default: return false;
    }
}

Value call_script(Interpreter& in, const cs::CompiledFunction& f, const Value* pos, size_t npos, const CallArgs& a) {
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
    graph::IValueList outs;
    try {
        outs = graph::run_graph(*f.graph, args, ctx);
    } catch (const kiln::Error& e) {
        raise(T().RuntimeError, str("The following operation failed in the TorchScript interpreter.\n"
                                    "Traceback of TorchScript (most recent call last):\n",
                                    error_kind_name(e.kind()), ": ", e.what()));
    }
    return from_ivalue(outs.at(0));
}

ScriptFnObj& script_self(const CallArgs& a) {
    auto* s = a.nargs ? native_cast<ScriptFnObj>(a.args[0]) : nullptr;
    if (!s) raise(T().TypeError, "expected a ScriptFunction");
    return *s;
}

Value script(Interpreter& in, const CallArgs& a) {
    if (a.nargs < 1) raise(T().TypeError, "script() missing required argument 'obj'");
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
    if (isinstance(obj, T().nn_module))
        raise(T().NotImplementedError, "torch.jit.script of an nn.Module is not implemented in Kiln yet");
    raise(T().RuntimeError, str("Type '", type_name(obj), "' cannot be compiled since it is not a function or module"));
}

void register_types() {
    if (g_scripted_type) return;
    g_scripted_type = make_builtin_type("ScriptFunction", script_function_type(), Kind::Native, "torch.jit");
    g_not_supported = make_exception_type("NotSupportedError", T().Exception, "torch.jit.frontend");
    g_unsupported_node = make_exception_type("UnsupportedNodeError", g_not_supported, "torch.jit.frontend");
    def_method(g_scripted_type, "__call__", [](Interpreter& in, const CallArgs& a) {
        ScriptFnObj& s = script_self(a);
        return call_script(in, *s.fn, a.args + 1, a.nargs - 1, a);
    });
    def_property(g_scripted_type, "graph",
                 [](Interpreter&, const CallArgs& a) { return graph_object(script_self(a).fn->graph); });
    def_property(g_scripted_type, "inlined_graph",
                 [](Interpreter&, const CallArgs& a) { return graph_object(script_self(a).fn->graph); });
    def_property(g_scripted_type, "name", [](Interpreter&, const CallArgs& a) { return new_str(script_self(a).fn->name); });
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

void add_script_functions(Interpreter&, ModuleObj& m) {
    register_types();
    m.dict.set("script", new_builtin("script", script));
    m.dict.set("ignore", new_builtin("ignore", [](Interpreter&, const CallArgs& a) {
        // @torch.jit.ignore(drop=False) form: return a decorator.
        if (a.nargs == 0) return new_builtin("ignore", [](Interpreter&, const CallArgs& b) { return mark(b, "ignore"); });
        return mark(a, "ignore");
    }));
    m.dict.set("unused", new_builtin("unused", [](Interpreter&, const CallArgs& a) { return mark(a, "unused"); }));
    m.dict.set("export", new_builtin("export", [](Interpreter&, const CallArgs& a) { return mark(a, "export"); }));
    m.dict.set("annotate", new_builtin("annotate", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "annotate() takes 2 positional arguments");
        return a.args[1];
    }));
    m.dict.set("is_scripting", new_builtin("is_scripting", [](Interpreter&, const CallArgs&) { return Value::boolean(false); }));
    m.dict.set("ScriptFunction", Value(script_function_type()));
}

}  // namespace kiln::vm::bind
