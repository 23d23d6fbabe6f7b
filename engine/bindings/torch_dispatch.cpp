// PyTorch's `__torch_dispatch__`: tensor subclasses and TorchDispatchModes that see each eager call
// as the aten operator overload it reaches (`torch.ops.aten.add.Tensor`, printing as aten.add.Tensor).
//
// In PyTorch the Python key of the dispatcher hands every operator call that has a Python-subclass
// tensor argument, or runs while a TorchDispatchMode is active, to
// `handler(func, types, args, kwargs)` below autograd, after the CompositeImplicitAutograd
// decompositions (x.float() arrives as aten._to_copy, a 2-D linear as aten.t + aten.addmm). Kiln's
// eager ops are native calls without a dispatcher, so the binding layer does it: every binding call
// goes through traced_call (bindings/jit.h) once a class defining __torch_dispatch__ has made an
// instance or a mode was entered (g_torch_dispatch_routing), and torch_dispatch_call maps it onto
// the op table's overload with the tracer's mapping (jit_trace.cpp's aten_call_for), so the same
// Python call reaches the same aten overload whether traced or dispatched. The handler's result is
// the call's result. The arguments are laid out as PyTorch's parseIValuesToPyArgsKwargs lays them:
// positional arguments up to the last one that differs from its default, keyword-only ones in
// kwargs when they differ from their default.
//
// Order, as PyTorch's: the innermost mode first (popped while its handler runs, so func(*args)
// inside it reaches the next mode or the kernel), then each subclass argument's classmethod, a
// subclass before its parent; NotImplemented passes on. torch.ops OpOverload calls
// (stdlib/torch/_ops.py) ask _kiln_torch_dispatch first, so a handler's func(*args) on subclass
// arguments dispatches again, as in PyTorch.
//
// Not modelled: autograd above the Python key (a wrapper subclass's requires_grad is its own flag,
// gradients do not flow through handlers), calls with no aten overload in Kiln's op table (a mode
// lets them run natively unseen; a subclass argument raises NotImplementedError), and the views and
// decompositions PyTorch's composite ops make beyond the ones spelled out in `decomposed`.
#include "autograd/saved_output_log.h"
#include "bindings/convert.h"
#include "bindings/jit.h"
#include "bindings/torch_function.h"
#include "graph/op_registry.h"
#include "vm/args.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

#include <algorithm>
#include <unordered_set>

namespace kiln::vm::bind {

int g_torch_dispatch_routing = 0;

void enable_torch_dispatch_routing() { g_torch_dispatch_routing = 1; }

namespace {

// The TorchDispatchMode stack (torch._C._push_on_torch_dispatch_stack), innermost last.
std::vector<Value>& modes() {
    static std::vector<Value> m;
    return m;
}

// A mode popped while its own handler runs (PyTorch's _pop_mode_temporarily), pushed back after.
struct PoppedMode {
    Value mode;
    PoppedMode() : mode(modes().back()) { modes().pop_back(); }
    ~PoppedMode() { modes().push_back(mode); }
    PoppedMode(const PoppedMode&) = delete;
    PoppedMode& operator=(const PoppedMode&) = delete;
};

// The type of `v` when it is a tensor of a Python subclass defining __torch_dispatch__.
Type* dispatch_type(const Value& v) {
    auto* t = v.as<TensorObj>();
    if (!t || t->type->builtin) return nullptr;
    return t->type->lookup("__torch_dispatch__") ? t->type : nullptr;
}

// The overloaded arguments (torch_function.h's Overloaded), list, tuple and dict arguments looked into
// (pytree's flattening). A container that holds itself, directly or deeper, is looked into once: the
// op then refuses it with its own error (torch.tensor's self-referential list TypeError); nesting
// deeper than kMaxNesting is not looked into (the C stack; the op's own depth guard raises RecursionError).
constexpr size_t kMaxNesting = 1000;

void collect(const Value& v, Overloaded& out, std::vector<const void*>& open) {
    const void* c = v.as<List>() ? static_cast<const void*>(v.as<List>())
                    : v.as<Tuple>() ? static_cast<const void*>(v.as<Tuple>())
                                    : static_cast<const void*>(v.as<Dict>());
    if (!c) {
        out.add(dispatch_type(v), v);
        return;
    }
    if (open.size() >= kMaxNesting || std::find(open.begin(), open.end(), c) != open.end()) return;
    open.push_back(c);
    if (auto* l = v.as<List>()) {
        for (const Value& x : l->items) collect(x, out, open);
    } else if (auto* tp = v.as<Tuple>()) {
        for (const Value& x : tp->items) collect(x, out, open);
    } else {
        v.as<Dict>()->for_each([&](const Value&, const Value& x) { collect(x, out, open); });
    }
    open.pop_back();
}

void collect(const Value& v, Overloaded& out) {
    std::vector<const void*> open;
    collect(v, out, open);
}

// torch.ops.aten.<op>.<overload> for a schema of the op table.
Value op_overload(Interpreter& in, const graph::OpSchema& s) {
    Ref<ModuleObj> ops = in.import_module("torch._ops");
    const Value* ns_fn = ops->dict.find("namespace");
    if (!ns_fn) raise(T().RuntimeError, "torch._ops.namespace is missing");
    size_t sep = s.name.find("::");
    Value ns = in.call(*ns_fn, {new_str(s.name.substr(0, sep))});
    Value packet = getattr(in, ns, s.name.substr(sep + 2));
    return getattr(in, packet, s.overload.empty() ? std::string("default") : s.overload);
}

// Python values compared with a schema default (numbers, bools, None, strings, int lists).
bool equals_default(Interpreter& in, const Value& v, const graph::IValue& dflt) {
    if (v.is(Kind::Tensor)) return false;
    Value d = from_ivalue(dflt);
    if (is_none(v) || is_none(d)) return is_none(v) && is_none(d);
    if (d.is(Kind::Tensor) || v.is_bool() != d.is_bool()) return false;
    return equals(in, v, d);
}

Value dispatch_named(Interpreter& in, const std::string& qualified, const std::vector<std::pair<std::string, Value>>& named,
                     const Overloaded& o);

// Calls the handlers with func and the (args, kwargs) PyTorch would hand them; true with `result`
// set when one answered (false: no mode and no subclass argument, the caller computes natively).
bool call_handlers(Interpreter& in, const Value& func, const Overloaded& o, const Value& args, const Value& kwargs,
                   const std::string& opname, Value& result) {
    if (modes().empty() && o.types.empty()) return false;
    std::vector<Value> tv;
    for (Type* t : o.types) tv.push_back(Value(t));
    Value types_tuple = new_tuple(tv);
    if (!modes().empty()) {
        // The outputs autograd saves while the outermost mode runs the op (autograd/saved_output_log.h)
        // reach the modes afterwards as aten.detach calls, as PyTorch's SavedVariable makes them.
        std::vector<Tensor> saved;
        std::vector<Tensor>*& log = autograd::saved_output_log();
        const bool outermost = log == nullptr;
        Value r;
        {
            if (outermost) log = &saved;
            struct Restore {
                std::vector<Tensor>*& log;
                bool outermost;
                ~Restore() {
                    if (outermost) log = nullptr;
                }
            } restore{log, outermost};
            PoppedMode popped;
            r = in.call(getattr(in, popped.mode, "__torch_dispatch__"), {func, types_tuple, args, kwargs});
        }
        for (const Tensor& t : saved) {
            Value tv = wrap(t);
            Overloaded od;
            collect(tv, od);
            dispatch_named(in, "aten::detach", {{"self", tv}}, od);
        }
        if (!r.identical(not_implemented())) {
            result = r;
            return true;
        }
    }
    for (size_t i = 0; i < o.args.size(); ++i) {
        Value r = in.call(getattr(in, Value(o.types[i]), "__torch_dispatch__"), {func, types_tuple, args, kwargs});
        if (!r.identical(not_implemented())) {
            result = r;
            return true;
        }
    }
    // python_arg_parser.cpp's message, the func named by its module and str() (torch._ops.aten.add.Tensor)
    std::string msg = "Multiple dispatch failed for 'torch._ops." + opname +
                      "'; all __torch_dispatch__ handlers returned NotImplemented:\n\n";
    if (!modes().empty()) msg += "  - mode object " + repr(in, modes().back()) + "\n";
    for (Type* t : o.types) msg += "  - tensor subclass " + repr(in, Value(t)) + "\n";
    raise(T().TypeError, msg + "\nFor more information, try re-running with TORCH_LOGS=not_implemented");
}

// One aten call through the handlers, with per-schema-argument values (Null: the default).
Value dispatch_schema(Interpreter& in, const graph::OpSchema& s, const std::vector<Value>& values, const Overloaded& o) {
    size_t kwarg_start = s.args.size();
    while (kwarg_start > 0 && s.args[kwarg_start - 1].kwarg_only) --kwarg_start;
    auto is_default = [&](size_t i) {
        if (i >= values.size() || values[i].is_null()) return true;
        return s.args[i].default_value && equals_default(in, values[i], *s.args[i].default_value);
    };
    // int[] arguments arrive as lists, as PyTorch's IValue-to-Python conversion makes them (a
    // binding's `dim=0`, `view(4)`'s varargs tuple or a torch.Size become [0], [4], [2, 3]).
    auto value_at = [&](size_t i) -> Value {
        if (i >= values.size() || values[i].is_null())
            return s.args[i].default_value ? from_ivalue(*s.args[i].default_value) : Value::none();
        const Value& v = values[i];
        const graph::TypePtr& ty = s.args[i].type;
        bool list = ty && (ty->kind == graph::TypeKind::List ||
                           (ty->kind == graph::TypeKind::Optional && !ty->contained.empty() &&
                            ty->contained[0]->kind == graph::TypeKind::List));
        if (!list) return v;
        if (v.is_int()) return new_list({v});
        if (auto* t = v.as<Tuple>()) {
            if (t->items.size() == 1 && (t->items[0].is(Kind::List) || t->items[0].is(Kind::Tuple)))
                return new_list(to_vector(in, t->items[0]));
            return new_list(std::vector<Value>(t->items));
        }
        return v;
    };
    auto kw = make<Dict>();
    for (size_t i = kwarg_start; i < s.args.size(); ++i)
        if (!is_default(i)) kw->set(new_str(s.args[i].name), value_at(i));
    size_t npos = kwarg_start;
    while (npos > 0 && is_default(npos - 1)) --npos;
    std::vector<Value> pos;
    for (size_t i = 0; i < npos; ++i) pos.push_back(value_at(i));
    Value result;
    std::string printed = s.name.substr(0, s.name.find("::")) + "." + s.name.substr(s.name.find("::") + 2) + "." +
                          (s.overload.empty() ? std::string("default") : s.overload);
    if (!call_handlers(in, op_overload(in, s), o, new_tuple(std::move(pos)), Value(kw.get()), printed, result))
        raise(T().RuntimeError, "torch dispatch: no handler for " + s.qualified());
    return result;
}

// One aten call by qualified overload name ("aten::t", "aten::addmm") with named argument values.
Value dispatch_named(Interpreter& in, const std::string& qualified, const std::vector<std::pair<std::string, Value>>& named,
                     const Overloaded& o) {
    const graph::OpSchema* s = graph::find_schema(qualified);
    if (!s) raise(T().NotImplementedError, "__torch_dispatch__ needs the operator " + qualified + ", which Kiln's op table lacks");
    std::vector<Value> values(s->args.size());
    for (const auto& [name, v] : named) {
        int i = s->arg_index(name);
        if (i >= 0) values[size_t(i)] = v;
    }
    return dispatch_schema(in, *s, values, o);
}

// Calls that read TensorImpl metadata or Python-side state and reach no operator in PyTorch.
bool reaches_no_operator(const std::string& name) {
    static const std::unordered_set<std::string> s = {
        "size", "dim", "ndimension", "stride", "numel", "nelement", "element_size", "is_contiguous",
        "storage_offset", "data_ptr", "get_device", "is_floating_point", "is_complex", "is_signed",
        "requires_grad_", "retain_grad", "register_hook", "__len__", "__repr__", "__format__", "__iter__",
        "__hash__", "__reduce_ex__", "__setstate__", "__deepcopy__", "untyped_storage", "backward", "is_inference",
        "type", "is_set_to", "has_names", "dim_order", "is_pinned", "is_shared", "is_meta"};
    return s.count(name) > 0;
}

const Tensor* tensor_arg(const std::vector<Value>& args, size_t i) {
    return i < args.size() && args[i].is(Kind::Tensor) ? &args[i].get<TensorObj>()->tensor : nullptr;
}

// The CompositeImplicitAutograd calls PyTorch decomposes before the Python key sees them, for the
// calls real handlers meet first: the dtype conversions (aten._to_copy, nothing at all when the
// dtype and device stay), matmul by its operands' ranks (mm, mv, dot, bmm), and a 2-D linear
// (t, then addmm or mm). False: the generic mapping applies.
bool decomposed(Interpreter& in, CallKind kind, const std::string& name, std::vector<Value>& args, const Overloaded& o,
                Value& result) {
    const Tensor* self = tensor_arg(args, 0);
    if (!self) return false;
    static const std::pair<const char*, DType> casts[] = {
        {"float", DType::Float32}, {"double", DType::Float64}, {"half", DType::Float16}, {"bfloat16", DType::BFloat16},
        {"long", DType::Int64},    {"int", DType::Int32},      {"short", DType::Int16}, {"char", DType::Int8},
        {"byte", DType::UInt8},    {"bool", DType::Bool}};
    if (kind == CallKind::Method && name == "to") {
        std::optional<DType> dt;
        std::optional<Device> dev;
        for (size_t i = 1; i < args.size(); ++i) {
            const Value& a = args[i];
            if (is_dtype(a)) dt = to_dtype(a);
            else if (is_device_value(a) || a.is(Kind::Str)) dev = to_device(a);
            else if (const Tensor* other = tensor_arg(args, i)) dt = other->dtype(), dev = other->device();
        }
        std::vector<std::pair<std::string, Value>> named{{"self", args[0]}};
        if (dt && *dt != self->dtype()) named.emplace_back("dtype", dtype_value(*dt));
        if (dev && *dev != self->device()) named.emplace_back("device", device_value(*dev));
        result = named.size() == 1 ? args[0] : dispatch_named(in, "aten::_to_copy", named, o);
        return true;
    }
    for (const auto& [cast, dt] : casts)
        if (kind == CallKind::Method && name == cast) {
            result = dt == self->dtype() ? args[0]
                                         : dispatch_named(in, "aten::_to_copy", {{"self", args[0]}, {"dtype", dtype_value(dt)}}, o);
            return true;
        }
    if ((name == "matmul" || name == "__matmul__") && args.size() >= 2) {
        const Tensor* other = tensor_arg(args, 1);
        if (!other) return false;
        int64_t a = self->dim(), b = other->dim();
        const char* op = a == 2 && b == 2 ? "aten::mm" : a == 2 && b == 1 ? "aten::mv" : a == 1 && b == 1 ? "aten::dot"
                         : a == 3 && b == 3 ? "aten::bmm" : nullptr;
        if (!op) return false;
        result = dispatch_named(in, op, {{"self", args[0]}, {a == 2 && b == 2 ? "mat2" : a == 2 ? "vec" : a == 3 ? "mat2" : "tensor", args[1]}}, o);
        return true;
    }
    if (kind == CallKind::Function && name == "linear" && args.size() >= 2 && self->dim() == 2 && tensor_arg(args, 1)) {
        Value wt = dispatch_named(in, "aten::t", {{"self", args[1]}}, o);
        Overloaded o2 = o;
        collect(wt, o2);
        if (args.size() >= 3 && !is_none(args[2]))
            result = dispatch_named(in, "aten::addmm", {{"self", args[2]}, {"mat1", args[0]}, {"mat2", wt}}, o2);
        else
            result = dispatch_named(in, "aten::mm", {{"self", args[0]}, {"mat2", wt}}, o2);
        return true;
    }
    return false;
}

}  // namespace

bool torch_dispatch_call(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                         std::vector<Value>& args, Value& result) {
    Overloaded o;
    for (const Value& v : args) collect(v, o);
    if (o.types.empty() && modes().empty()) return false;
    if (reaches_no_operator(name)) return false;
    if (decomposed(in, kind, name, args, o, result)) return true;
    AtenCall call;
    if (!aten_call_for(in, kind, name, sig, args, call)) {
        if (o.types.empty()) return false;  // a mode alone: the call runs natively, unseen
        raise(T().NotImplementedError, str("Kiln cannot hand ", kind == CallKind::Method ? "Tensor." : "", name,
                                           "() to __torch_dispatch__ yet: no aten operator in Kiln's op table matches this call"));
    }
    result = dispatch_schema(in, *call.schema, call.values, o);
    return true;
}

bool torch_dispatch_pending(const Value* args, size_t n) {
    if (g_torch_dispatch_routing == 0) return false;
    if (!modes().empty()) return true;
    Overloaded o;
    for (size_t i = 0; i < n; ++i) collect(args[i], o);
    return !o.types.empty();
}

void install_mode_stack_builtins(ModuleObj& torch, const std::string& prefix, std::vector<Value>& (*stack)(),
                                 void (*on_push)()) {
    const std::string push = prefix + "_push", pop = prefix + "_pop", len = prefix + "_len", at = prefix + "_at";
    torch.dict.set(push, new_builtin(push, [stack, on_push, push](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, push + "(): expected a mode");
        stack().push_back(a.args[0]);
        if (on_push) on_push();
        return Value::none();
    }));
    torch.dict.set(pop, new_builtin(pop, [stack](Interpreter&, const CallArgs&) {
        if (stack().empty()) raise(T().AssertionError, "trying to pop from empty mode stack");
        Value m = stack().back();
        stack().pop_back();
        return m;
    }));
    torch.dict.set(len, new_builtin(len, [stack](Interpreter&, const CallArgs&) { return Value::integer(int64_t(stack().size())); }));
    torch.dict.set(at, new_builtin(at, [stack, at](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || !a.args[0].is_int()) raise(T().TypeError, at + "(): expected an int");
        int64_t i = a.args[0].as_int();
        if (i < 0) i += int64_t(stack().size());
        if (i < 0 || i >= int64_t(stack().size())) raise(T().IndexError, "mode stack index out of range");
        return stack()[size_t(i)];
    }));
}

void install_torch_dispatch(ModuleObj& torch) {
    // The mode stack for torch.utils._python_dispatch (torch._C's _push_on_torch_dispatch_stack & co.).
    install_mode_stack_builtins(torch, "_kiln_dispatch", modes, enable_torch_dispatch_routing);
    // _kiln_torch_dispatch(func, args, kwargs) -> (handled, result): an OpOverload call's turn at the
    // handlers (func is the OpOverload, the arguments as the caller gave them).
    torch.dict.set("_kiln_torch_dispatch", new_builtin("_kiln_torch_dispatch", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 3) raise(T().TypeError, "_kiln_torch_dispatch(): expected (func, args, kwargs)");
        if (g_torch_dispatch_routing == 0) return new_tuple({Value::boolean(false), Value::none()});
        Overloaded o;
        collect(a.args[1], o);
        collect(a.args[2], o);
        Value kwargs = a.args[2];
        if (is_none(kwargs)) kwargs = Value(make<Dict>().get());
        Value result;
        std::string opname = to_str(in, a.args[0]);
        if (!call_handlers(in, a.args[0], o, a.args[1], kwargs, opname, result))
            return new_tuple({Value::boolean(false), Value::none()});
        return new_tuple({Value::boolean(true), result});
    }));
}

}  // namespace kiln::vm::bind
