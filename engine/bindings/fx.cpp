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
#include "vm/module_attr.h"
#include "autograd/grad_mode.h"
#include "bindings/convert.h"
#include "bindings/jit.h"
#include "bindings/torch_function.h"
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

// The torch._C switch DisableTorchFunctionSubclass / DisableTorchFunction flip (a depth, so nested
// context managers restore it).
int g_torch_function_disabled = 0;
Type* g_tensor_type = nullptr;
// torch._C._disabled_torch_function_impl: nn.Parameter's __torch_function__ (a class whose handler is
// this one does not override torch functions).
Value g_disabled_impl;

// The TorchFunctionMode stack (torch._C._push_on_torch_function_stack), innermost last. While one is
// on it, every torch function, Tensor method and property getter goes to the innermost mode's
// __torch_function__ first, that mode popped while it runs (PyTorch's order: modes, then arguments).
std::vector<Value>& function_modes() {
    static std::vector<Value> m;
    return m;
}

// The type of `v` when it overrides torch functions, else nullptr: an instance of a user class
// defining __torch_function__ (a torch.fx Proxy), or of a torch.Tensor subclass whose handler is not
// the disabled one (PyTorch's check_has_torch_function; exact torch.Tensor never).
Type* overriding_type(const Value& v) {
    if (!v.is_obj() || g_torch_function_disabled > 0) return nullptr;
    Kind k = v.obj()->kind;
    if (k == Kind::Instance) {
        Type* t = type_of(v);
        return t && t->lookup("__torch_function__") ? t : nullptr;
    }
    // Kiln's own tensor types (Parameter, UninitializedParameter, ...) keep their native behaviour.
    if (k != Kind::Tensor || v.obj()->type->builtin) return nullptr;
    return overrides_torch_function(v.obj()->type) ? v.obj()->type : nullptr;
}

// PyTorch's overloaded arguments: one per overriding type, in argument order, except that a subclass
// goes before its parent's argument (torch/csrc/utils/python_arg_parser.cpp's append_overloaded_arg).
void collect_overrides(const Value& v, Overloaded& out) {
    auto one = [&](const Value& x) { out.add(overriding_type(x), x); };
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

// handle_torch_function: each overloaded argument's __torch_function__(func, types, args, kwargs) in
// turn, the first result that is not NotImplemented; `api` names func in the error when none answers
// ("torch.add", "torch.Tensor.add").
Value dispatch(Interpreter& in, const Value& func, const Overloaded& o, Value args, Value kwargs, const std::string& api) {
    std::vector<Value> tv;
    for (Type* t : o.types) tv.push_back(Value(t));
    Value types_tuple = new_tuple(tv);
    if (!function_modes().empty()) {
        Value mode = function_modes().back();
        function_modes().pop_back();
        struct Restore {
            Value m;
            ~Restore() { function_modes().push_back(m); }
        } restore{mode};
        Value r = in.call(getattr(in, mode, "__torch_function__"), {func, types_tuple, args, kwargs});
        if (!r.identical(not_implemented())) return r;
    }
    for (const Value& arg : o.args) {
        Value handler = getattr(in, arg, "__torch_function__");
        Value r = in.call(handler, {func, types_tuple, args, kwargs});
        if (!r.identical(not_implemented())) return r;
    }
    // torch.nn.functional's and torch.nn.init's functions are Python in PyTorch (torch.overrides.handle_torch_function's
    // message); the others are C++ (python_arg_parser.cpp's).
    if (api.rfind("torch.nn.functional.", 0) == 0 || api.rfind("torch.nn.init.", 0) == 0) {
        std::string list = "[";
        for (size_t i = 0; i < o.types.size(); ++i) list += (i ? ", " : "") + repr(in, Value(o.types[i]));
        raise(T().TypeError, str("no implementation found for '", api, "' on types that implement __torch_function__: ", list, "]"));
    }
    std::string msg = "Multiple dispatch failed for '" + api + "'; all __torch_function__ handlers returned NotImplemented:\n\n";
    for (Type* t : o.types) msg += "  - tensor subclass " + repr(in, Value(t)) + "\n";
    raise(T().TypeError, msg + "\nFor more information, try re-running with TORCH_LOGS=not_implemented");
}

// The positional arguments as a tuple and the keywords as a dict, as the call was made; a call without
// keywords hands None (PyTorch's C++ handle_torch_function passes its NULL kwargs on).
std::pair<Value, Value> pack_call(const CallArgs& a) {
    if (!a.nkw) return {new_tuple(std::vector<Value>(a.args, a.args + a.nargs)), Value::none()};
    auto kw = make<Dict>();
    for (size_t i = 0; i < a.nkw; ++i) kw->set(new_str(a.kwname(i)), a.kwvalues[i]);
    return {new_tuple(std::vector<Value>(a.args, a.args + a.nargs)), Value(kw.get())};
}

void wrap_builtin(Builtin* b, const FunctionalConvention* conv, std::string api, bool mode_only = false) {
    NativeFn orig = b->fn;
    std::string name = b->name;
    std::shared_ptr<Signature> sig = conv ? std::make_shared<Signature>(conv->spec) : nullptr;
    int positional = conv ? conv->positional : 0;
    Object* self_obj = b;
    b->fn = [orig, sig, positional, self_obj, api, name, mode_only](Interpreter& in, const CallArgs& a) -> Value {
        Overloaded o;
        if (!mode_only) {
            for (size_t i = 0; i < a.nargs; ++i) collect_overrides(a.args[i], o);
            for (size_t i = 0; i < a.nkw; ++i) collect_overrides(a.kwvalues[i], o);
        }
        if (o.empty() && (function_modes().empty() || g_torch_function_disabled > 0)) return orig(in, a);
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
            auto [args, kwargs] = pack_call(a);
            return dispatch(in, func, o, args, kwargs, api + "." + name);
        }
        return dispatch(in, func, o, new_tuple(std::move(pos)), Value(kw.get()), api + "." + name);
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
    // The factories among them still reach a TorchFunctionMode (torch.device as a context manager
    // is one in PyTorch): wrapped, they find no overriding argument and only a mode takes them.
    static const std::unordered_set<std::string> factories = {
        "tensor", "as_tensor", "scalar_tensor", "zeros", "ones", "empty", "full", "eye", "arange", "range",
        "linspace", "logspace", "rand", "randn", "randint", "randperm"};
    std::unordered_set<Object*> done;
    m.dict.for_each([&](const std::string& name, const Value& v) {
        auto* b = v.as<Builtin>();
        if (!b || !b->self.is_null() || done.count(b)) return;
        if (!functional && ignored.count(name) && !factories.count(name)) return;
        done.insert(b);
        const FunctionalConvention* conv = nullptr;
        if (functional) {
            auto it = python_functional().find(name);
            if (it != python_functional().end()) conv = &it->second;
        }
        wrap_builtin(b, conv, functional ? "torch.nn.functional" : "torch", !functional && ignored.count(name) > 0);
    });
}

bool torch_function_enabled() { return g_torch_function_disabled <= 0; }
bool torch_function_mode_active() { return !function_modes().empty() && g_torch_function_disabled <= 0; }

// torch.nn.init's initialisers that start with PyTorch's `has_torch_function_variadic(tensor)` check:
// with a mode active or an overriding tensor they go to handle_torch_function(fn, (tensor,),
// tensor=tensor, <every other parameter by name>), so a handler sees args == () and the parameters in
// kwargs (lit-llama's EmptyInitOnDevice reads kwargs["tensor"]). The others (ones_, zeros_, xavier_*,
// kaiming_normal_, ...) have no such entry in PyTorch; their Tensor calls dispatch on their own.
void install_init_torch_function(ModuleObj& init) {
    static const std::map<std::string, const char*> specs = {
        {"uniform_", "uniform_(tensor, a=0.0, b=1.0, generator=None)"},
        {"normal_", "normal_(tensor, mean=0.0, std=1.0, generator=None)"},
        {"constant_", "constant_(tensor, val)"},
        {"kaiming_uniform_", "kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None)"},
    };
    for (const auto& [name, spec] : specs) {
        const Value* v = init.dict.find(name);
        auto* b = v ? v->as<Builtin>() : nullptr;
        if (!b) continue;
        NativeFn orig = b->fn;
        auto sig = std::make_shared<Signature>(spec);
        Object* self_obj = b;
        std::string api = "torch.nn.init." + name;
        b->fn = [orig, sig, self_obj, api](Interpreter& in, const CallArgs& a) -> Value {
            if (g_torch_function_disabled > 0) return orig(in, a);
            std::vector<Value> v = sig->bind(a);
            Overloaded o;
            collect_overrides(v[0], o);
            if (o.empty() && function_modes().empty()) return orig(in, a);
            auto kw = make<Dict>();
            std::vector<std::string> names = sig->param_names();
            for (size_t i = 0; i < v.size(); ++i) kw->set(new_str(names[i]), v[i].is_null() ? Value::none() : v[i]);
            return dispatch(in, Value(self_obj), o, new_tuple({}), Value(kw.get()), api);
        };
    }
    // ones_ / zeros_ are `tensor.fill_(1.0)` / `tensor.zero_()` under no_grad in PyTorch: with a mode
    // active (or an overriding tensor) that Tensor call is what dispatches.
    for (const char* name : {"ones_", "zeros_"}) {
        const Value* v = init.dict.find(name);
        auto* b = v ? v->as<Builtin>() : nullptr;
        if (!b) continue;
        NativeFn orig = b->fn;
        bool ones = std::string(name) == "ones_";
        b->fn = [orig, ones](Interpreter& in, const CallArgs& a) -> Value {
            if (g_torch_function_disabled > 0 || a.nargs != 1 || a.nkw) return orig(in, a);
            Overloaded o;
            collect_overrides(a.args[0], o);
            if (o.empty() && function_modes().empty()) return orig(in, a);
            autograd::NoGradGuard no_grad;
            Value m = getattr(in, a.args[0], ones ? "fill_" : "zero_");
            return ones ? in.call(m, {Value::number(1.0)}) : in.call(m, std::vector<Value>{});
        };
    }
}

namespace {

// nn/init.h's ConstructionHooks while a TorchFunctionMode is active: a built-in layer's factories and
// initialisers become the calls PyTorch's Python layers make, through the program's torch functions
// (so the innermost mode sees them, with func the very objects it can compare: torch.empty,
// torch.nn.init.kaiming_uniform_, Tensor.fill_).
class ModeConstructionHooks final : public nn::init::ConstructionHooks {
public:
    explicit ModeConstructionHooks(Interpreter& in) : in_(in) {}

    Tensor factory(const char* name, const Shape& shape, std::optional<DType> dtype) override {
        Ref<ModuleObj> torch = in_.import_module("torch");
        const Value* fn = torch->dict.find(name);
        if (!fn) raise(T().AttributeError, str("module 'torch' has no attribute '", name, "'"));
        std::vector<Value> dims;
        for (int64_t d : shape) dims.push_back(Value::integer(d));
        // PyTorch's layers pass an int for one dimension (torch.empty(out_features, ...)), else a tuple;
        // BatchNorm's counter is torch.tensor(0, dtype=torch.long, device=None).
        const bool scalar = std::string(name) == "tensor";
        Value size = scalar ? Value::integer(0) : dims.size() == 1 ? dims[0] : new_tuple(dims);
        auto kw = make<Dict>();
        if (scalar) {
            kw->set(new_str("dtype"), dtype ? dtype_value(*dtype) : Value::none());
            kw->set(new_str("device"), Value::none());
        } else {
            kw->set(new_str("device"), Value::none());
            kw->set(new_str("dtype"), dtype ? dtype_value(*dtype) : Value::none());
        }
        Value r = call_unpacked(in_, *fn, new_tuple({size}), Value(kw.get()));
        return to_tensor(r, name, "result");
    }

    void init(const char* fn, const Tensor& t, const nn::init::InitKwargs& kwargs) override {
        Ref<ModuleObj> init = in_.import_module("torch.nn.init");
        const Value* f = init->dict.find(fn);
        if (!f) raise(T().AttributeError, str("module 'torch.nn.init' has no attribute '", fn, "'"));
        auto kw = make<Dict>();
        kw->set(new_str("tensor"), wrap(t));
        for (const auto& [k, v] : kwargs) kw->set(new_str(k), arg(v));
        call_unpacked(in_, *f, new_tuple({}), Value(kw.get()));
    }

    void method(const char* name, const Tensor& t, const std::vector<nn::init::InitArg>& args,
                const nn::init::InitKwargs& kwargs) override {
        autograd::NoGradGuard no_grad;
        Value m = getattr(in_, wrap(t), name);
        std::vector<Value> pos;
        for (const auto& a : args) pos.push_back(arg(a));
        auto kw = make<Dict>();
        for (const auto& [k, v] : kwargs) kw->set(new_str(k), arg(v));
        call_unpacked(in_, m, new_tuple(pos), kwargs.empty() ? Value::none() : Value(kw.get()));
    }

private:
    static Value arg(const nn::init::InitArg& a) {
        if (const double* d = std::get_if<double>(&a)) return Value::number(*d);
        if (const std::string* s = std::get_if<std::string>(&a)) return new_str(*s);
        return Value::none();
    }
    Interpreter& in_;
};

}  // namespace

std::unique_ptr<nn::init::ConstructionHooks> mode_construction_hooks(Interpreter& in) {
    if (!torch_function_mode_active()) return nullptr;
    return std::make_unique<ModeConstructionHooks>(in);
}
void set_torch_function_disabled(int delta) { g_torch_function_disabled += delta; }

bool overrides_torch_function(Type* type) {
    const Value* h = type->lookup("__torch_function__");
    if (!h) return false;
    if (auto* cm = h->as<ClassMethod>()) return !cm->func.identical(g_disabled_impl);
    return !h->identical(g_disabled_impl);
}

namespace {

// Tensor.<name>'s func for the __torch_function__ handler of an operator PyTorch implements in C
// (python_variable_methods.cpp): `a + b` hands over Tensor.add, `a += b` Tensor.add_, `-a` Tensor.neg,
// `a @ b` Tensor.matmul (its __matmul__ is THPVariable_matmul there). The other dunders (__rmatmul__,
// __rsub__, __getitem__, ...) hand over themselves, as _tensor.py's.
const char* operator_method(const std::string& dunder) {
    static const std::map<std::string, const char*> m = {
        {"__add__", "add"}, {"__iadd__", "add_"}, {"__sub__", "sub"}, {"__isub__", "sub_"}, {"__mul__", "mul"},
        {"__imul__", "mul_"}, {"__truediv__", "div"}, {"__itruediv__", "div_"}, {"__neg__", "neg"},
        {"__abs__", "abs"}, {"__pos__", "positive"}, {"__eq__", "eq"}, {"__ne__", "ne"}, {"__lt__", "lt"},
        {"__le__", "le"}, {"__gt__", "gt"}, {"__ge__", "ge"}, {"__invert__", "bitwise_not"}, {"__matmul__", "matmul"}};
    auto it = m.find(dunder);
    return it == m.end() ? nullptr : it->second;
}

// Tensor methods that do not dispatch: the protocol and construction themselves, and what PyTorch's
// torch.overrides.get_ignored_functions lists for Tensor (as_subclass, _make_subclass, ...), and
// __iter__, which _tensor.py deliberately leaves undispatched (its unbind dispatches instead).
bool ignored_method(const std::string& name) {
    static const std::unordered_set<std::string> s = {
        "__torch_function__", "__new__", "__init__", "__init_subclass__", "__class_getitem__", "_make_subclass",
        "as_subclass", "_make_wrapper_subclass", "__getattribute__", "__setattr__", "__delattr__", "__dir__",
        "__sizeof__", "__hash__", "__reduce_ex__", "__reduce__", "__setstate__", "__getstate__", "__deepcopy__",
        "__instancecheck__", "__subclasshook__", "data_ptr", "_is_view", "__class__", "__iter__"};
    return s.count(name) > 0;
}

// The functions the default __torch_function__ returns without re-wrapping
// (torch.overrides.get_default_nowrap_functions): Tensor._base, .grad and ._grad's getters.
std::unordered_set<const Object*>& nowrap_functions() {
    static std::unordered_set<const Object*> s;
    return s;
}

// PyTorch's _convert: a tensor result that is not already a `cls` becomes ret.as_subclass(cls); the
// items of a tuple or list result are converted one by one (the container keeps its type).
Value convert_result(Interpreter& in, const Value& ret, Type* cls) {
    if (cls == g_tensor_type) return ret;
    if (auto* t = ret.as<TensorObj>()) {
        if (t->type->is_subtype_of(cls)) return ret;
        return tensor_as_subclass(t->tensor, cls);
    }
    if (auto* tp = ret.as<Tuple>()) {
        std::vector<Value> items;
        for (const Value& x : tp->items) items.push_back(convert_result(in, x, cls));
        return Value(make<Tuple>(tp->type, std::move(items)).get());
    }
    if (auto* l = ret.as<List>(); l && l->type == types().list) {
        std::vector<Value> items;
        for (const Value& x : l->items) items.push_back(convert_result(in, x, cls));
        return new_list(std::move(items));
    }
    return ret;
}

struct DisableGuard {
    DisableGuard() { ++g_torch_function_disabled; }
    ~DisableGuard() { --g_torch_function_disabled; }
};

// A Tensor method (or property getter) wrapped to dispatch: when self or an argument overrides torch
// functions, the handlers see `func` (the Tensor attribute PyTorch names) with all positional
// arguments, self first.
NativeFn dispatching_method(NativeFn orig, std::function<Value()> func, std::string api) {
    return [orig, func, api](Interpreter& in, const CallArgs& a) -> Value {
        if (g_torch_function_disabled > 0) return orig(in, a);
        Overloaded o;
        for (size_t i = 0; i < a.nargs; ++i) collect_overrides(a.args[i], o);
        for (size_t i = 0; i < a.nkw; ++i) collect_overrides(a.kwvalues[i], o);
        // Only tensor subclasses dispatch here: a Tensor operator meeting a torch.fx Proxy keeps
        // returning NotImplemented to the Proxy's reflected operator, as Kiln's fx tracing expects.
        bool subclass = false;
        for (const Value& v : o.args) subclass = subclass || v.is(Kind::Tensor);
        if (!subclass && function_modes().empty()) return orig(in, a);
        auto [args, kwargs] = pack_call(a);
        return dispatch(in, func(), o, args, kwargs, api);
    };
}

}  // namespace

static void install_torch_function_defaults(Type* tensor);

// Once per process for the defaults; the method wrapping runs at every `import torch` and wraps the
// Tensor methods not wrapped yet (torch's import defines some of them per interpreter).
void install_tensor_torch_function(Type* tensor, ModuleObj& torch) {
    static std::unordered_set<const Object*> wrapped;
    if (!g_tensor_type) install_torch_function_defaults(tensor);
    // torch._C's names for the protocol's switches (stdlib/torch/_C/__init__.py re-exports them).
    torch.dict.set("_kiln_disabled_torch_function_impl", g_disabled_impl);
    torch.dict.set("_kiln_torch_function_disable", new_builtin("_kiln_torch_function_disable", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || !a.args[0].is_int()) raise(T().TypeError, "_kiln_torch_function_disable(): expected an int");
        g_torch_function_disabled += int(a.args[0].as_int());
        return Value::none();
    }));
    // The TorchFunctionMode stack for torch.overrides (torch._C's _push_on_torch_function_stack & co.).
    install_mode_stack_builtins(torch, "_kiln_function_mode", function_modes);
    torch.dict.set("_kiln_is_torch_function_enabled", new_builtin("_kiln_is_torch_function_enabled", [](Interpreter&, const CallArgs&) {
        return Value::boolean(g_torch_function_disabled <= 0);
    }));
    torch.dict.set("_kiln_default_nowrap_functions", new_builtin("_kiln_default_nowrap_functions", [](Interpreter&, const CallArgs&) {
        std::vector<Value> items;
        for (const Object* o : nowrap_functions()) items.push_back(Value(const_cast<Object*>(o)));
        return new_tuple(std::move(items));
    }));
    // Every method and property of torch.Tensor dispatches.
    std::vector<std::pair<std::string, Value>> entries;
    tensor->dict.for_each([&](const std::string& name, const Value& v) { entries.emplace_back(name, v); });
    for (auto& [name, v] : entries) {
        if (ignored_method(name)) continue;
        if (auto* b = v.as<Builtin>()) {
            if (!b->self.is_null() || b->module_function || !wrapped.insert(b).second) continue;
            const char* op = operator_method(name);
            std::string fname = op ? op : name;
            Type* owner = tensor;
            std::string own = name;
            std::function<Value()> func = [owner, fname, own]() -> Value {
                const Value* f = owner->dict.find(fname);
                if (!f) f = owner->dict.find(own);  // Kiln lacks the named method: the dunder itself
                return f ? *f : Value::none();
            };
            b->fn = dispatching_method(b->fn, func, "torch.Tensor." + fname);
            if (operator_wraps_type_error(name)) b->fn = type_error_to_not_implemented(b->fn);
        } else if (auto* p = v.as<Property>()) {
            auto* g = p->getter.as<Builtin>();
            if (!g || !wrapped.insert(g).second) continue;
            // func is the property's __get__ (PyTorch hands over Tensor.<name>.__get__).
            NativeFn getter = g->fn;
            Value get(immortal<Builtin>("__get__", [getter](Interpreter& in, const CallArgs& a) { return getter(in, a); }));
            if (name == "_base" || name == "grad" || name == "_grad") nowrap_functions().insert(get.obj());
            g->fn = dispatching_method(g->fn, [get]() { return get; }, "torch.Tensor." + name + ".__get__");
        }
    }
}

static void install_torch_function_defaults(Type* tensor) {
    g_tensor_type = tensor;
    const TypeTable& tt = T();
    // torch._C._disabled_torch_function_impl(func, types, args=(), kwargs=None): func(*args, **kwargs)
    // with torch functions off; a module function, so stored on a class it does not bind.
    auto* disabled = immortal<Builtin>("_disabled_torch_function_impl", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("_disabled_torch_function_impl(func, types, args=(), kwargs=None)");
        auto v = sig.bind(a);
        DisableGuard off;
        return call_unpacked(in, v[0], v[2], v[3]);
    });
    disabled->module_function = true;
    g_disabled_impl = Value(disabled);
    // Tensor.__torch_function__(cls, func, types, args=(), kwargs=None), PyTorch's default: NotImplemented
    // unless cls is a subclass of every type, else func with torch functions off, its result re-wrapped
    // into cls (except the nowrap functions').
    auto* deflt = immortal<Builtin>("__torch_function__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__torch_function__(cls, func, types, args=(), kwargs=None)");
        auto v = sig.bind(a);
        auto* cls = v[0].as<Type>();
        if (!cls) raise(T().TypeError, "__torch_function__ expects a class as its first argument");
        for (const Value& t : to_vector(in, v[2])) {
            auto* tt = t.as<Type>();
            if (!tt || !cls->is_subtype_of(tt)) return not_implemented();
        }
        Value ret;
        {
            DisableGuard off;
            ret = call_unpacked(in, v[1], v[3], v[4]);
        }
        if (v[1].is_obj() && nowrap_functions().count(v[1].obj())) return ret;
        return convert_result(in, ret, cls);
    }, "Tensor.__torch_function__");
    tensor->dict.set("__torch_function__", Value(immortal<ClassMethod>(Value(deflt))));
    tt.parameter->dict.set("__torch_function__", g_disabled_impl);
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

// A built-in layer called with an argument that overrides torch functions (a torch.fx Proxy, a tensor
// subclass instance) runs PyTorch's Python form of its forward (Null when no argument overrides).
// A layer Kiln has no Python form of runs natively when only tensor subclasses override: its tensor
// results then become the most derived subclass, as the default __torch_function__ of the functional
// calls inside PyTorch's forward would make them (a Proxy has no native fallback: NotImplementedError).
Value layer_forward_on_override(Interpreter& in, const CallArgs& a, const NativeFn& native) {
    Overloaded o;
    for (size_t i = 1; i < a.nargs; ++i) collect_overrides(a.args[i], o);
    if (o.empty()) {
        // A TorchFunctionMode sees the torch functions PyTorch's Python forward calls (F.linear,
        // F.layer_norm, ...): the layer runs that form while one is active, natively when Kiln has none.
        if (!torch_function_mode_active()) return Value();
        Value fwd;
        {
            DisableGuard off;  // finding the form (a first import of torch.fx) is not the program's torch calls
            Ref<ModuleObj> m = in.import_module("torch.fx._symbolic_trace");
            const Value* pick = m->dict.find("_layer_forward_or_none");
            if (!pick) return Value();
            fwd = in.call(*pick, {a.args[0]});
        }
        return fwd.is_none() ? Value() : in.call(fwd, a);
    }
    bool only_tensors = true;
    for (const Value& v : o.args) only_tensors = only_tensors && v.is(Kind::Tensor);
    // PyTorch's layer forwards are Python calling torch functions, which dispatch on the argument:
    // run that Python form (torch.fx's table of Kiln's native layers) with the same arguments.
    Ref<ModuleObj> m = in.import_module("torch.fx._symbolic_trace");
    const Value* pick = m->dict.find(only_tensors ? "_python_forward_or_none" : "_python_forward");
    if (!pick) return Value();
    Value fwd = in.call(*pick, {a.args[0]});
    if (!fwd.is_none()) return in.call(fwd, a);
    Value r = native(in, a);
    Type* cls = o.types.front();
    const Value* h = cls->lookup("__torch_function__");
    const Value* deflt = g_tensor_type->dict.find("__torch_function__");
    return h && deflt && h->identical(*deflt) ? convert_result(in, r, cls) : r;
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
                if (Value r = layer_forward_on_override(in, a, orig); !r.is_null()) return r;
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
                   vm::module_attr_observers = g_fx_hooks;  // the module attribute fast path steps aside
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
