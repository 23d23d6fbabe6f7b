// Recording Python-level torch calls into the tracer's graph (see jit.h).
//
// A call is recorded as the aten operator PyTorch's dispatcher would see: Tensor.add / torch.add /
// `x + y` all become aten::add. The call's bound arguments (Python names from the binding's
// signature) are laid onto the operator's schema by name; arguments the program did not give take
// the schema's defaults, which become prim::Constant inputs exactly as in TorchScript's printout.
// The overload is the one whose arguments the values fit (a Python number fits Scalar; for the
// arithmetic ops PyTorch's Python signatures only accept Tensor, so numbers become 0-dim tensor
// constants there, the `prim::Constant[value={2}]` of traced graphs).
//
// A few calls are not plain operators: x.size(i) and x.shape record aten::size and hand back 0-dim
// tensors (so later reshapes stay symbolic), x.float() is aten::to, indexing decomposes into
// select/slice/unsqueeze, and the calls that turn a tensor into a Python value (bool(t), t.item(),
// int(t), len(t), ...) record nothing and emit PyTorch's TracerWarning instead.
#include <algorithm>
#include <climits>
#include <functional>

#include "bindings/convert.h"
#include "bindings/jit.h"
#include "bindings/numpy.h"
#include "nn/modules.h"
#include "autograd/grad_mode.h"
#include "ops/autocast.h"
#include "ops/ops.h"
#include "vm/interpreter.h"
#include "support/profiler.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

using capture::Tracer;
using graph::IValue;
using graph::OpSchema;
using graph::SchemaArg;
using graph::TypeKind;

namespace {

bool is_ellipsis(const Value& v) { return v.is_obj() && v.obj() == ellipsis().obj(); }
bool is_number(const Value& v) { return v.is_int() || v.is_float() || v.is_bool(); }

// A 0-dim integer tensor standing for a Python int (a traced size).
bool is_int_tensor(const Value& v) {
    auto* t = v.as<TensorObj>();
    return t && t->tensor.dim() == 0 && t->tensor.dtype() == DType::Int64;
}

const std::vector<Value>* seq_of(const Value& v) {
    if (auto* t = v.as<Tuple>()) return &t->items;
    if (auto* l = v.as<List>()) return &l->items;
    return nullptr;
}

// PyTorch implements many torch.nn.functional functions and every nn layer's forward in Python, so
// while their aten op records, the innermost Python frame is theirs and traced values take their
// parameter names (`%input`). Kiln's versions are native: these frames stand in for them.
using NamedValues = std::vector<std::pair<std::string, Value>>;
thread_local std::vector<NamedValues> g_virtual_frames;

struct VirtualFrame {
    explicit VirtualFrame(NamedValues locals) { g_virtual_frames.push_back(std::move(locals)); }
    ~VirtualFrame() { g_virtual_frames.pop_back(); }
    VirtualFrame(const VirtualFrame&) = delete;
    VirtualFrame& operator=(const VirtualFrame&) = delete;
};

}  // namespace

TraceNamesFrom::TraceNamesFrom(Frame* f) {
    NamedValues locals;
    if (f && f->co)
        for (size_t i = 0; i < f->fast.size() && i < f->co->varnames.size(); ++i)
            if (f->co->varnames[i] != "self") locals.emplace_back(f->co->varnames[i], f->fast[i]);
    g_virtual_frames.push_back(std::move(locals));
}
TraceNamesFrom::~TraceNamesFrom() { g_virtual_frames.pop_back(); }

namespace {

bool python_functional(const std::string& name) {
    static const char* const names[] = {"relu",       "sigmoid",  "tanh",     "silu",       "leaky_relu",
                                        "softmax",    "log_softmax", "dropout", "layer_norm", "batch_norm",
                                        "embedding",  "mse_loss", "l1_loss",  "cross_entropy", "nll_loss",
                                        "max_pool2d", "max_pool3d", "adaptive_avg_pool2d", "adaptive_max_pool2d",
                                        "adaptive_avg_pool3d", "adaptive_max_pool3d", "dropout1d", "dropout2d",
                                        "dropout3d"};
    return std::find_if(std::begin(names), std::end(names), [&](const char* n) { return name == n; }) !=
           std::end(names);
}

// The name of the innermost Python frame's local that holds `t` ("" if none).
std::string local_name_of(Interpreter& in, const Tensor& t) {
    if (!g_virtual_frames.empty()) {
        for (const auto& [name, v] : g_virtual_frames.back()) {
            auto* obj = v.as<TensorObj>();
            if (obj && obj->tensor.impl() == t.impl()) return name;
        }
        return "";
    }
    Frame* f = in.current_frame();
    if (!f || !f->co) return "";
    for (size_t i = 0; i < f->fast.size() && i < f->co->varnames.size(); ++i) {
        auto* obj = f->fast[i].as<TensorObj>();
        if (obj && obj->tensor.impl() == t.impl() && f->co->varnames[i] != "self") return f->co->varnames[i];
    }
    return "";
}

void set_location(Interpreter& in, Tracer& tr) {
    if (!tr.lookup_var_name) tr.lookup_var_name = [&in](const Tensor& t) { return local_name_of(in, t); };
    if (tr.loc_pinned) return;
    tr.loc = {};
    if (Frame* f = in.current_frame()) {
        tr.loc.file = f->co ? f->co->filename : std::string();
        tr.loc.line = f->line();
        tr.loc.col = 0;
    }
}

// ---- fitting Python values to schema arguments ----------------------------------------------------

bool is_memory_format(const Value& v) { return v.is_obj() && type_of(v)->name == "memory_format"; }

// c10's MemoryFormat number, as graphs carry the argument (contiguous 0, preserve 1, channels_last 2,
// channels_last_3d 3).
int64_t memory_format_code(MemoryFormat f) {
    switch (f) {
        case MemoryFormat::Contiguous: return 0;
        case MemoryFormat::Preserve: return 1;
        case MemoryFormat::ChannelsLast: return 2;
        case MemoryFormat::ChannelsLast3d: return 3;
    }
    return 1;
}

bool fits_int(const Value& v) { return (v.is_int() || v.is_bool()) || is_int_tensor(v); }

bool fits(const Value& v, const SchemaArg& a, bool wrap_numbers) {
    const graph::Type* t = a.type.get();
    if (t->kind == TypeKind::Optional) {
        if (is_none(v)) return true;
        t = t->contained[0].get();
    }
    const std::string& text = a.type_text;
    bool enum_like = text.rfind("ScalarType", 0) == 0 || text.rfind("Layout", 0) == 0 ||
                     text.rfind("MemoryFormat", 0) == 0;
    switch (t->kind) {
        case TypeKind::Tensor: return is_tensor(v) || (wrap_numbers && is_number(v));
        case TypeKind::Number: return is_number(v);
        case TypeKind::Int:
            if (enum_like)
                return text.rfind("ScalarType", 0) == 0     ? is_dtype(v)
                       : text.rfind("MemoryFormat", 0) == 0 ? is_memory_format(v)
                                                            : false;
            return v.is_int() || is_int_tensor(v);
        case TypeKind::Float: return v.is_int() || v.is_float();
        case TypeKind::Bool: return v.is_bool();
        case TypeKind::Str: return v.is(Kind::Str);
        case TypeKind::Device: return v.is(Kind::Str) || (v.is_obj() && !is_tensor(v) && !seq_of(v) && !is_dtype(v));
        case TypeKind::List: {
            const graph::Type* e = t->contained[0].get();
            const auto* items = seq_of(v);
            if (!items) return a.list_size > 0 && e->kind == TypeKind::Int && fits_int(v) && !v.is_bool();
            for (const Value& x : *items) {
                if (e->kind == TypeKind::Int && !(x.is_int() || is_int_tensor(x))) return false;
                if (e->kind == TypeKind::Tensor && !is_tensor(x)) return false;
                if (e->kind == TypeKind::Optional && e->contained[0]->kind == TypeKind::Tensor && !is_tensor(x) && !is_none(x))
                    return false;
                if (e->kind == TypeKind::Float && !(x.is_int() || x.is_float())) return false;
                if (e->kind == TypeKind::Bool && !x.is_bool()) return false;
            }
            return true;
        }
        case TypeKind::Any: return true;
        default: return false;
    }
}

graph::Value* int_value(Tracer& tr, const Value& v) {
    if (is_int_tensor(v)) {
        const Tensor& t = v.get<TensorObj>()->tensor;
        if (!tr.is_traced(t)) return tr.constant(IValue(t.item().to_int()));
        // aten::Int(Tensor) -> int: the traced size flows on as an int. PyTorch places the
        // conversion right after the tensor's definition.
        graph::Value* src = tr.value_of(t);
        graph::Node* n = tr.record("aten::Int", graph::find_schema("aten::Int.Tensor"), {src}, 1);
        n->output()->type = graph::int_type();
        if (src->node && src->node->owning_block == n->owning_block && src->node->kind != "prim::Param")
            n->insert_after(src->node);
        return n->output();
    }
    return tr.constant(IValue(to_int(v, "")));
}

graph::Value* list_value(Tracer& tr, std::vector<graph::Value*> elems, graph::TypePtr elem_type) {
    graph::Node* n = tr.record("prim::ListConstruct", nullptr, elems, 1);
    n->output()->type = graph::list_type(std::move(elem_type));
    // The tracer's addInputs makes the list with Graph::createList, which sets no source range (its
    // constants and the op get one): the list prints without `# file:line`.
    n->loc = {};
    return n->output();
}

graph::Value* arg_value(Interpreter& in, Tracer& tr, const Value& v, const SchemaArg& a) {
    const graph::Type* t = a.type.get();
    if (t->kind == TypeKind::Optional) {
        if (is_none(v)) return tr.constant(IValue());
        t = t->contained[0].get();
    }
    switch (t->kind) {
        case TypeKind::Tensor:
            if (is_tensor(v)) return tr.value_of(v.get<TensorObj>()->tensor);
            // A Python number where the operator takes a Tensor: a 0-dim constant (Long for ints,
            // Double for floats), printed {2} / {0.5}. It stays a wrapped number (lowest in type
            // promotion), so every op run on it later (AOT autograd's formulas on example values,
            // the graph's kernels) promotes as the traced call did: 0.5 * x is float32 for a float32 x.
            {
                Tensor c = scalar_tensor(to_scalar(v), v.is_float() ? DType::Float64 : v.is_bool() ? DType::Bool : DType::Int64);
                c.impl()->wrapped_number = true;
                return tr.constant(IValue(c));
            }
        case TypeKind::Number:
            return tr.constant(v.is_float() ? IValue(v.as_float()) : v.is_bool() ? IValue(v.as_bool()) : IValue(v.as_int()));
        case TypeKind::Int:
            if (is_dtype(v)) return tr.constant(IValue(graph::scalar_type_code(to_dtype(v))));
            if (is_memory_format(v)) return tr.constant(IValue(memory_format_code(to_memory_format(in, v, "trace"))));
            return int_value(tr, v);
        case TypeKind::Float: return tr.constant(IValue(to_double(v, "")));
        case TypeKind::Bool: return tr.constant(IValue(v.as_bool()));
        case TypeKind::Str: return tr.constant(IValue(to_str(in, v)));
        case TypeKind::Device: return tr.constant(IValue(to_device(v)));
        case TypeKind::List: {
            const graph::Type* e = t->contained[0].get();
            std::vector<graph::Value*> elems;
            const auto* items = seq_of(v);
            if (!items) {  // int[2] given one int: PyTorch repeats it
                graph::Value* x = int_value(tr, v);
                for (int i = 0; i < a.list_size; ++i) elems.push_back(x);
                return list_value(tr, elems, graph::int_type());
            }
            for (const Value& x : *items) {
                const bool opt_tensor = e->kind == TypeKind::Optional && e->contained[0]->kind == TypeKind::Tensor;
                if (opt_tensor && is_none(x)) elems.push_back(tr.constant(IValue()));  // Tensor?[]: aten::index's None
                else if (e->kind == TypeKind::Tensor || opt_tensor) elems.push_back(tr.value_of(x.get<TensorObj>()->tensor));
                else if (e->kind == TypeKind::Int) elems.push_back(int_value(tr, x));
                else elems.push_back(tr.constant(to_ivalue(in, x)));
            }
            return list_value(tr, elems, t->contained[0]);
        }
        default: return tr.constant(to_ivalue(in, v));
    }
}

// ---- laying a call onto a schema ----------------------------------------------------------------

struct Slot {
    std::string name;
    Value value;
    bool given = true;  // differs from the binding's default
    bool used = false;
};

// The binding slot that feeds schema argument `arg`.
Slot* find_slot(std::vector<Slot>& slots, const std::string& arg) {
    auto by_name = [&](const std::string& n) -> Slot* {
        for (auto& s : slots)
            if (s.name == n) return &s;
        return nullptr;
    };
    static const std::vector<std::pair<std::string, std::string>> aliases = {
        {"self", "input"}, {"input", "self"},  {"size", "shape"},   {"size", "sizes"}, {"dim", "dims"},
        {"train", "training"}, {"self", "tensor"},
    };
    // The first slot under the argument's name or an alias that the call gave; else any of them
    // (zeros(*sizes, size=None): the varargs carry the size).
    std::vector<Slot*> found;
    if (Slot* s = by_name(arg)) found.push_back(s);
    for (const auto& [a, b] : aliases)
        if (a == arg)
            if (Slot* s = by_name(b)) found.push_back(s);
    for (Slot* s : found)
        if (s->given) return s;
    return found.empty() ? nullptr : found[0];
}

// Unwraps f(*size) varargs: a tuple holding one sequence is that sequence.
Value unwrap_varargs(const Value& v) {
    if (auto* t = v.as<Tuple>(); t && t->type == T().tuple && t->items.size() == 1 && seq_of(t->items[0]))
        return t->items[0];
    return v;
}

bool ignorable_extra(const std::string& name) {
    return name == "out" || name == "requires_grad" || name == "layout" || name == "pin_memory" || name == "generator";
}

struct Plan {
    const OpSchema* schema = nullptr;
    std::vector<std::optional<Value>> values;  // per schema arg; nullopt -> the schema's default
};

std::optional<Plan> plan_for(const OpSchema* s, std::vector<Slot> slots, bool wrap_numbers) {
    Plan p;
    p.schema = s;
    static const Value kNone = Value::none();
    for (const SchemaArg& a : s->args) {
        Slot* slot = find_slot(slots, a.name);
        if (slot) {
            slot->used = true;
            Value v = a.type->kind == TypeKind::List || (a.type->kind == TypeKind::Optional &&
                                                         a.type->contained[0]->kind == TypeKind::List)
                          ? unwrap_varargs(slot->value)
                          : slot->value;
            slot->value = v;
            if (!fits(slot->value, a, wrap_numbers)) {
                // An argument the program left at its default may be absent from this overload's
                // point of view only if the schema has a default too.
                if (slot->given || !a.default_value) return std::nullopt;
                p.values.emplace_back();
                continue;
            }
            p.values.emplace_back(slot->value);
        } else {
            if (!a.default_value) return std::nullopt;
            p.values.emplace_back();
        }
    }
    for (const Slot& sl : slots)
        if (!sl.used && sl.given && !ignorable_extra(sl.name) && !is_none(sl.value)) return std::nullopt;
    return p;
}

// Python names whose aten operator has another name or argument order.
struct DunderMap {
    const char* dunder;
    const char* op;
};
const DunderMap kDunders[] = {
    {"__add__", "add"}, {"__radd__", "add"}, {"__iadd__", "add_"}, {"__sub__", "sub"}, {"__rsub__", "rsub"},
    {"__isub__", "sub_"}, {"__mul__", "mul"}, {"__rmul__", "mul"}, {"__imul__", "mul_"},
    {"__truediv__", "div"}, {"__itruediv__", "div_"}, {"__floordiv__", "floor_divide"},
    {"__mod__", "remainder"}, {"__pow__", "pow"}, {"__matmul__", "matmul"}, {"__neg__", "neg"},
    {"__abs__", "abs"}, {"__lt__", "lt"}, {"__le__", "le"}, {"__gt__", "gt"}, {"__ge__", "ge"},
    {"__eq__", "eq"}, {"__ne__", "ne"}, {"__and__", "__and__"}, {"__or__", "__or__"},
    {"__xor__", "__xor__"}, {"__invert__", "bitwise_not"}, {"__lshift__", "__lshift__"},
    {"__rshift__", "__rshift__"},
};

bool wraps_numbers(const std::string& op) {
    static const char* const ops[] = {"add", "sub", "mul", "div", "add_", "sub_", "mul_", "div_", "true_divide", "atan2"};
    return std::find_if(std::begin(ops), std::end(ops), [&](const char* o) { return op == o; }) != std::end(ops);
}

// A binding call's arguments by their Python parameter names (`given`: differs from the binding's
// default), ready to be laid onto an operator schema; a dunder's operands are self and other.
std::vector<Slot> call_slots(Interpreter& in, CallKind kind, const Signature* sig, const std::vector<Value>& args,
                             const std::string& op) {
    std::vector<Slot> slots;
    if (kind == CallKind::Dunder || (sig == nullptr && !args.empty())) {
        slots.push_back({"self", args[0], true, false});
        // The right operand's schema name: `other`, except pow's `exponent` (x ** 0.5).
        if (args.size() > 1) slots.push_back({op == "pow" ? "exponent" : "other", args[1], true, false});
    } else if (sig) {
        auto names = sig->param_names();
        for (size_t i = 0; i < names.size() && i < args.size(); ++i) {
            const Value& dflt = sig->param_default(i);
            bool given = dflt.is_null() || !(args[i].identical(dflt) ||
                                             (is_number(args[i]) && is_number(dflt) && equals(in, args[i], dflt)));
            if (is_none(args[i]) && is_none(dflt)) given = false;
            slots.push_back({names[i], args[i], given, false});
        }
    }
    return slots;
}

std::vector<IValue> result_values(const Value& r) {
    std::vector<IValue> out;
    if (is_tensor(r)) {
        out.emplace_back(r.get<TensorObj>()->tensor);
    } else if (const auto* items = seq_of(r)) {
        for (const Value& x : *items) out.push_back(is_tensor(x) ? IValue(x.get<TensorObj>()->tensor) : IValue());
    } else if (r.is_int()) {
        out.emplace_back(r.as_int());
    } else if (r.is_float()) {
        out.emplace_back(r.as_float());
    } else if (r.is_bool()) {
        out.emplace_back(r.as_bool());
    }
    return out;
}

bool has_tensor(const Value& r) {
    if (is_tensor(r)) return true;
    if (const auto* items = seq_of(r))
        for (const Value& x : *items)
            if (is_tensor(x)) return true;
    return false;
}

// Whether Python's binding of the operator resolves an omitted device= to the default device
// before the call: factory functions taking TensorOptions (dtype, layout, device, pin_memory) do
// (torchgen's python.py gives their device the default init get_default_device()), the *_like and
// new_* functions keep None (the device follows the input), and `to` parses its own arguments.
bool resolves_default_device(const OpSchema& s) {
    std::string base = s.name.substr(s.name.find("::") + 2);
    base = base.substr(0, base.find('.'));
    if (base == "to" || base == "_to_copy" || base.rfind("new_", 0) == 0 ||
        (base.size() > 5 && base.compare(base.size() - 5, 5, "_like") == 0))
        return false;
    int options = 0;
    for (const SchemaArg& a : s.args)
        options += a.name == "dtype" || a.name == "layout" || a.name == "device" || a.name == "pin_memory";
    return options == 4;
}

// Appends the operator node for `plan` and binds its outputs to the call's results.
graph::Node* emit(Interpreter& in, Tracer& tr, const Plan& plan, const Value& result) {
    std::vector<graph::Value*> inputs;
    const bool default_device = resolves_default_device(*plan.schema);
    for (size_t i = 0; i < plan.schema->args.size(); ++i) {
        const SchemaArg& a = plan.schema->args[i];
        if (default_device && a.name == "device" && (!plan.values[i] || is_none(*plan.values[i]))) {
            inputs.push_back(tr.constant(IValue(Device::CPU)));  // Kiln's default device is the CPU
            continue;
        }
        inputs.push_back(plan.values[i] ? arg_value(in, tr, *plan.values[i], a) : tr.constant(*a.default_value));
    }
    size_t nret = plan.schema->returns.size();
    graph::Node* n = tr.record(plan.schema->name, plan.schema, inputs, nret);
    std::vector<IValue> results = result_values(result);
    bool list_return = nret == 1 && plan.schema->returns[0].type->kind == TypeKind::List;
    if (list_return) {
        // Tensor[] result (split, chunk, unbind): the list, then one value per element.
        n->output()->type = graph::list_type(graph::tensor_type());
        graph::Node* unpack = tr.record("prim::ListUnpack", nullptr, {n->output()}, results.size());
        for (size_t i = 0; i < results.size(); ++i) tr.bind_output(unpack->outputs[i], results[i]);
        return n;
    }
    for (size_t i = 0; i < nret; ++i) {
        if (i < results.size()) tr.bind_output(n->outputs[i], results[i]);
        else n->outputs[i]->type = plan.schema->returns[i].type;
    }
    return n;
}

// Records `op` with explicit per-argument Python values (by schema name); missing ones default.
graph::Node* emit_named(Interpreter& in, Tracer& tr, const std::string& qualified,
                        const std::vector<std::pair<std::string, Value>>& args, const Value& result) {
    const OpSchema* s = graph::find_schema(qualified);
    KILN_CHECK(s, NotImplementedError, "tracing needs the operator ", qualified, ", which Kiln's op table lacks");
    std::vector<Slot> slots;
    for (const auto& [n, v] : args) slots.push_back({n, v, true, false});
    auto plan = plan_for(s, slots, true);
    KILN_CHECK(plan, NotImplementedError, "Kiln cannot trace this call to ", qualified, " yet");
    return emit(in, tr, *plan, result);
}

// torch.tensor(data) / torch.as_tensor(data) under torch.jit.trace, as internal_new_from_data
// (torch/csrc/utils/tensor_new.cpp) dispatches with the tracer on: the data is built untraced (a
// constant of the graph; an ndarray's through tensor_from_numpy, which records aten::lift_fresh), a
// tensor's detached when torch.tensor copies it, then `.to(device, dtype, non_blocking=False,
// copy)` is traced (copy: torch.tensor of an ndarray or a tensor); torch.tensor's detach_() records
// aten::detach last (TraceTypeManual's detach_). as_tensor copies nothing and does not detach.
void traced_new_from_data(Interpreter& in, Tracer& tr, bool copy_ctor, const Value& data, const Value& result) {
    const Tensor& out = to_tensor(result);
    if (out.device() != Device::CPU) return;  // (a CUDA result's constant would be its CPU source)
    Value src = wrap(out.detach());  // the data built untraced: a constant (made before requires_grad)
    bool copy = false;
    if (is_tensor(data)) {
        src = data;
        copy = copy_ctor;
        if (copy_ctor) {
            Tensor d = to_tensor(data).detach();
            emit_named(in, tr, "aten::detach", {{"self", data}}, wrap(d));
            src = wrap(d);
        }
    } else if (is_ndarray(data)) {
        Value from_numpy = *in.import_module("torch")->dict.find("from_numpy");
        {
            capture::NoTraceScope off;
            src = in.call(from_numpy, {data});
        }
        emit_named(in, tr, "aten::lift_fresh", {{"self", src}}, src);
        copy = copy_ctor;
    }
    Value converted = copy_ctor ? wrap(out.detach()) : result;
    emit_named(in, tr, "aten::to.device",
               {{"self", src},
                {"device", device_value(out.device())},
                {"dtype", dtype_value(out.dtype())},
                {"non_blocking", Value::boolean(false)},
                {"copy", Value::boolean(copy)}},
               copy_ctor ? converted : result);
    if (copy_ctor) emit_named(in, tr, "aten::detach", {{"self", converted}}, result);
}

// A 0-dim Long tensor standing for `x.size(dim)`: aten::size -> prim::NumToTensor.
Value traced_size(Interpreter& in, Tracer& tr, const Tensor& x, int64_t dim) {
    // Inductor's quiet re-trace compiles one graph per input layout (bindings/inductor.cpp's layout
    // key holds every size): a size is a Python int there, as make_fx's static shapes bake it, so no
    // aten::size node (a non-tensor value between kernels) and no size comparison leaks a tensor.
    // torch.export's sizes that vary with a dynamic dim are the exception: they stay in the graph as
    // prim::ExportSym nodes (torch/export/_trace.py makes them sym_size.int and its arithmetic).
    bool symbolic = false;
    if (tr.export_mode) {
        const int64_t k = int64_t(tr.size_log.size());
        tr.size_log.push_back(x.sizes()[size_t(dim)]);
        symbolic = std::binary_search(tr.symbolic_sizes.begin(), tr.symbolic_sizes.end(), k);
        if (symbolic) {
            graph::Node* sym = tr.record("prim::ExportSym", nullptr, {}, 1);
            sym->set_attr("hop", IValue(k));
            sym->output()->type = graph::int_type();
            graph::Node* nt = tr.record("prim::NumToTensor", nullptr, {sym->output()}, 1);
            Tensor t = scalar_tensor(Scalar(x.size(dim)));
            tr.bind_output(nt->output(), IValue(t));
            return wrap(t);
        }
    }
    if (tr.quiet) return Value::integer(x.sizes()[size_t(dim)]);
    graph::Node* sz = tr.record("aten::size", graph::find_schema("aten::size.int"),
                                {tr.value_of(x), tr.constant(IValue(dim))}, 1);
    sz->output()->type = graph::int_type();
    graph::Node* nt = tr.record("prim::NumToTensor", nullptr, {sz->output()}, 1);
    Tensor t = scalar_tensor(Scalar(x.size(dim)));
    tr.bind_output(nt->output(), IValue(t));
    // A size has no autograd state: TorchScript prints its type as Long(device=cpu).
    auto type = std::make_shared<graph::Type>(*nt->output()->type);
    type->requires_grad.reset();
    nt->output()->type = type;
    return wrap(t);
}

// ---- indexing: t[i], t[a:b], t[None], t[..., i] as select/slice/unsqueeze ---------------------------

// x[key]'s basic part (ints, slices, None, ...): records the view ops PyTorch's trace shows
// (aten::select / aten::slice / aten::unsqueeze) and returns the last view; advanced indices (long
// tensors, lists) are collected in `adv` at the view's dim each indexes (the rest None), for the
// aten::index / aten::index_put_ node that follows the views, as PyTorch's trace records them.
Tensor traced_view(Interpreter& in, Tracer& tr, const Tensor& x, const Value& key, std::vector<std::optional<Tensor>>& adv,
                   bool assigning = false) {
    std::vector<Value> items;
    if (auto* t = key.as<Tuple>()) items = t->items;
    else items.push_back(key);
    int64_t specified = 0;
    for (const Value& k : items)
        if (!is_none(k) && !is_ellipsis(k)) ++specified;
    Tensor cur = x;
    int64_t dim = 0;
    for (const Value& k : items) {
        if (is_ellipsis(k)) {
            // `...` covers the dims that the remaining specified indices leave over.
            dim = cur.dim() - specified;
            continue;
        }
        if (is_none(k)) {
            Tensor next = unsqueeze(cur, dim);
            emit_named(in, tr, "aten::unsqueeze", {{"self", wrap(cur)}, {"dim", Value::integer(dim)}}, wrap(next));
            cur = next;
            ++dim;
            continue;
        }
        --specified;
        if (k.is_int() || is_int_tensor(k)) {
            int64_t i = k.is_int() ? k.as_int() : k.get<TensorObj>()->tensor.item().to_int();
            Tensor next = select(cur, dim, i);
            emit_named(in, tr, "aten::select.int", {{"self", wrap(cur)}, {"dim", Value::integer(dim)}, {"index", k}},
                       wrap(next));
            cur = next;
            continue;
        }
        if (auto* sl = k.as<Slice>()) {
            auto bound = [](const Value& b, int64_t dflt) { return is_none(b) ? Value::integer(dflt) : b; };
            Value start = bound(sl->start, 0), stop = bound(sl->stop, INT64_MAX), step = bound(sl->step, 1);
            auto opt = [](const Value& b) -> std::optional<int64_t> {
                return b.is_int() ? std::optional<int64_t>(b.as_int()) : std::nullopt;
            };
            Tensor next = slice(cur, dim, opt(start), opt(stop), step.is_int() ? step.as_int() : 1);
            emit_named(in, tr, "aten::slice.Tensor",
                       {{"self", wrap(cur)}, {"dim", Value::integer(dim)}, {"start", start}, {"end", stop}, {"step", step}},
                       wrap(next));
            cur = next;
            ++dim;
            continue;
        }
        // Advanced: a long tensor, or a list/tuple/range of ints (a constant index tensor).
        Tensor ix;
        if (is_tensor(k)) ix = k.get<TensorObj>()->tensor;
        else if (k.is(Kind::List) || k.is(Kind::Tuple) || k.is(Kind::Range))
            ix = tensor_from_data(in, k.is(Kind::Range) ? new_list(to_vector(in, k)) : k, std::nullopt, "index");
        // A mask selects a data-dependent number of elements: reading x[mask] is refused; assigning
        // x[mask] = v keeps x's size (aten::index_put_ with the bool mask, as PyTorch records it).
        const bool mask = ix.defined() && ix.dtype() == DType::Bool;
        if (!ix.defined() || ix.dtype() == DType::UInt8 || ix.is_floating_point() || (mask && !assigning))
            raise(T().NotImplementedError,
                  "tracing indexing with a boolean mask or this kind of index is not supported in Kiln yet (a "
                  "mask's result size depends on its values)");
        if (ix.numel() == 0 && ix.dtype() != DType::Int64) ix = to_dtype(ix, DType::Int64);
        while (int64_t(adv.size()) < dim) adv.emplace_back();
        adv.emplace_back(ix);
        dim += mask ? ix.dim() : 1;
    }
    return cur;
}

// The Tensor?[] list of an aten::index / index_put_ node: traced index tensors by their values,
// others (lists turned into tensors, tensors from outside the trace) as constants.
graph::Value* traced_indices(Tracer& tr, const std::vector<std::optional<Tensor>>& adv) {
    std::vector<graph::Value*> elems;
    for (const auto& t : adv)
        elems.push_back(!t ? tr.constant(IValue()) : tr.is_traced(*t) ? tr.value_of(*t) : tr.constant(IValue(*t)));
    return list_value(tr, elems, graph::optional_type(graph::tensor_type()));
}

Value traced_getitem(Interpreter& in, Tracer& tr, const Tensor& x, const Value& key, const Value& result) {
    std::vector<std::optional<Tensor>> adv;
    Tensor cur = traced_view(in, tr, x, key, adv);
    if (!adv.empty()) {
        // aten::index(view, [None, ..., idx, ...]): one node for the advanced part.
        graph::Value* list = traced_indices(tr, adv);
        graph::Node* n = tr.record("aten::index", graph::find_schema("aten::index.Tensor"), {tr.value_of(cur), list}, 1);
        if (is_tensor(result)) tr.bind_output(n->output(), IValue(result.get<TensorObj>()->tensor));
        return result;
    }
    // The program gets the binding's own result, which stands for the last recorded value.
    if (is_tensor(result)) tr.set_value(result.get<TensorObj>()->tensor, tr.value_of(cur));
    return result;
}

// x[key] = value (the binding has already written it): the view of x it wrote through, then
// aten::copy_ into it (aten::index_put_ for advanced indices), as PyTorch's trace records an
// assignment (a number becomes a 0-dim tensor of x's dtype first). Without this the trace would keep
// x's old values.
void traced_setitem(Interpreter& in, Tracer& tr, const Tensor& x, const Value& key, const Value& value) {
    std::vector<std::optional<Tensor>> adv;
    Tensor view = traced_view(in, tr, x, key, adv, true);
    Value src = is_tensor(value) ? value : wrap(full({}, to_scalar(value, "__setitem__", "value"), {x.dtype()}));
    if (!adv.empty()) {
        graph::Value* list = traced_indices(tr, adv);
        graph::Node* n = tr.record("aten::index_put_", graph::find_schema("aten::index_put_"),
                                   {tr.value_of(view), list, tr.value_of(to_tensor(src)), tr.constant(IValue(false))}, 1);
        tr.bind_output(n->output(), IValue(view));
        return;
    }
    emit_named(in, tr, "aten::copy_", {{"self", wrap(view)}, {"src", src}, {"non_blocking", Value::boolean(false)}},
               wrap(view));
}

// torch.norm / Tensor.norm: the default p="fro" is the 2-norm (torch.norm calls
// linalg.vector_norm(x, 2, ...) then); without dim it is the whole tensor's (aten::norm.Scalar).
void adapt_norm_slots(std::vector<Slot>& slots) {
    for (auto& s : slots) {
        if (s.name == "p" && s.value.is(Kind::Str) && s.value.get<Str>()->s == "fro") s.value = Value::number(2.0);
        if ((s.name == "dim" || s.name == "dtype") && is_none(s.value)) s.given = false;
    }
}

// torch.nn.functional's Python parameters differ from the aten operators' in a few places: renamed
// arguments, reduction strings that aten takes as ints, flags PyTorch fills from global state.
void adapt_functional_slots(const std::string& name, std::vector<Slot>& slots) {
    auto rename = [&](const char* from, const char* to) {
        for (auto& s : slots)
            if (s.name == from) s.name = to;
    };
    auto add = [&](const char* n, Value v) { slots.push_back({n, std::move(v), true, false}); };
    if (name == "dropout" || name == "dropout1d" || name == "dropout2d" || name == "dropout3d" || name == "alpha_dropout" ||
        name == "feature_alpha_dropout")
        rename("training", "train");
    if (name == "embedding") rename("input", "indices");
    if (name == "einsum") {
        // torch.einsum(equation, *operands) or (equation, [operands]): aten::einsum's Tensor[] tensors
        rename("operands", "tensors");
        for (auto& s : slots)
            if (s.name == "tensors" && s.value.is(Kind::Tuple)) {
                const auto& items = s.value.get<Tuple>()->items;
                if (items.size() == 1 && !is_tensor(items[0])) s.value = items[0];
            }
    }
    if (name == "batch_norm") add("cudnn_enabled", Value::boolean(true));
    if (name == "adaptive_max_pool2d") {
        // torch/nn/functional.py's _list_with_default: a None output size keeps the input's size there.
        const Value* input = nullptr;
        for (auto& sl : slots)
            if (sl.name == "input" && is_tensor(sl.value)) input = &sl.value;
        for (auto& sl : slots)
            if (sl.name == "output_size" && input)
                if (const auto* items = seq_of(sl.value)) {
                    const Tensor& x = to_tensor(*input);
                    std::vector<Value> sizes;
                    for (size_t k = 0; k < items->size(); ++k)
                        sizes.push_back(is_none((*items)[k]) ? Value::integer(x.size(x.dim() - int64_t(items->size()) + int64_t(k)))
                                                             : (*items)[k]);
                    sl.value = new_list(std::move(sizes));
                }
    }
    if (name == "softmax" || name == "log_softmax") {
        // F.softmax(x) without dim: torch.nn.functional._get_softmax_dim picks the dim (0 for 0-, 1- and
        // 3-d inputs, else 1) before calling aten::softmax.int, which has no default for it.
        const Value* input = nullptr;
        for (auto& sl : slots)
            if (sl.name == "input" && is_tensor(sl.value)) input = &sl.value;
        for (auto& sl : slots)
            if (sl.name == "dim" && is_none(sl.value) && input) {
                const int64_t nd = to_tensor(*input).dim();
                sl.value = Value::integer(nd == 0 || nd == 1 || nd == 3 ? 0 : 1);
                sl.given = true;
            }
    }
    if (name == "arange") {
        // torch.arange(*args, ...): its positional numbers are (end) or (start, end[, step]), the
        // arguments of aten::arange / arange.start / arange.start_step.
        std::vector<Value> items;
        for (auto it = slots.begin(); it != slots.end(); ++it)
            if (it->name == "args" && it->value.is(Kind::Tuple)) {
                items = it->value.get<Tuple>()->items;
                slots.erase(it);
                break;
            }
        static const char* const positional[] = {"start", "end", "step"};
        for (size_t k = 0; k < items.size() && k < 3; ++k) {
            const char* target = items.size() == 1 ? "end" : positional[k];
            for (auto& sl : slots)
                if (sl.name == target) {
                    sl.value = items[k];
                    sl.given = true;
                }
        }
    }
    for (auto& s : slots)
        if (s.name == "reduction" && s.value.is(Kind::Str)) {
            const std::string& r = s.value.get<Str>()->s;
            s.value = Value::integer(r == "none" ? 0 : r == "mean" ? 1 : 2);
            s.given = true;
        }
    for (auto& s : slots)
        if (s.name == "_stacklevel" || s.name == "inplace" || s.name == "size_average" || s.name == "reduce" ||
            s.name == "return_indices" || s.name == "max_norm" || s.name == "norm_type")
            s.given = false;
}

// F.conv1d/2d/3d under torch.jit.trace: their Tracer kernels record nothing (gen_trace_type.py's
// DONT_RECORD_TRACE); ATen's conv{1,2,3}d batchify an unbatched input (aten::unsqueeze), then
// at::convolution reaches _convolution, the recorded call, with every argument spelled out (stride,
// padding and dilation expanded to one entry per spatial dim, transposed=False, output_padding zeros,
// benchmark/deterministic False, cudnn_enabled/allow_tf32 True), then squeeze the batch dim away.
// _convolution runs below autograd, so its output is typed requires_grad=0. The compiler's quiet
// re-trace keeps convNd (its passes and AOT formulas work on those).
//
// conv_transpose1d/2d/3d(input, weight, bias, stride, padding, output_padding, groups, dilation) reach
// the same _convolution with transposed=True and their output_padding; conv*d with a padding string
// ('same', 'valid': ATen's conv*d_padding) record _convolution_mode(input, weight, bias, stride,
// padding, dilation, groups) instead, above autograd (typed as the result is).
Value record_convolution(Interpreter& in, Tracer& tr, std::vector<Value>& args, const Value& result,
                         bool transposed = false) {
    const Tensor& x = to_tensor(args[0]);
    const Tensor& r = to_tensor(result);
    const int64_t spatial = to_tensor(args[1]).dim() - 2;
    const bool mode = !transposed && args[4].is(Kind::Str);
    auto expanded = [&](const Value& v) {
        std::vector<Value> items;
        if (const auto* seq = seq_of(v)) items = *seq;
        else items.push_back(v);
        if (items.size() == 1) items.assign(size_t(spatial), items[0]);
        return new_list(std::move(items));
    };
    const bool unbatched = x.dim() == spatial + 1;
    Tensor xin = x, mid;
    {
        capture::NoTraceScope off;
        autograd::NoGradGuard no_grad;
        if (unbatched) xin = unsqueeze(x, 0);
        mid = unbatched ? unsqueeze(r.detach(), 0) : mode ? r : r.detach();  // a no-grad view of r would follow its requires_grad
    }
    if (unbatched) emit_named(in, tr, "aten::unsqueeze", {{"self", args[0]}, {"dim", Value::integer(0)}}, wrap(xin));
    if (mode) {
        emit_named(in, tr, "aten::_convolution_mode",
                   {{"input", wrap(xin)}, {"weight", args[1]}, {"bias", args[2]}, {"stride", expanded(args[3])},
                    {"padding", args[4]}, {"dilation", expanded(args[5])}, {"groups", args[6]}},
                   wrap(mid));
    } else {
        // conv*d: (stride, padding, dilation, groups); conv_transpose*d: (stride, padding, output_padding, groups, dilation)
        const Value& dilation = transposed ? args[7] : args[5];
        Value output_padding = transposed ? expanded(args[5]) : new_list(std::vector<Value>(size_t(spatial), Value::integer(0)));
        emit_named(in, tr, "aten::_convolution",
                   {{"input", wrap(xin)}, {"weight", args[1]}, {"bias", args[2]}, {"stride", expanded(args[3])},
                    {"padding", expanded(args[4])}, {"dilation", expanded(dilation)},
                    {"transposed", Value::boolean(transposed)}, {"output_padding", output_padding}, {"groups", args[6]},
                    {"benchmark", Value::boolean(false)}, {"deterministic", Value::boolean(false)},
                    {"cudnn_enabled", Value::boolean(true)}, {"allow_tf32", Value::boolean(true)}},
                   wrap(mid));
    }
    if (unbatched)
        emit_named(in, tr, "aten::squeeze.dim", {{"self", wrap(mid)}, {"dim", Value::integer(0)}}, result);
    else
        tr.set_value(r, tr.value_of(mid));
    return result;
}

// The generic path of record_call: the aten operator of the call's name (dunders and a few
// functional names mapped) and the overload whose arguments the call's values fit, the fewest
// arguments first; `op` is set to the operator's base name. `quiet`: the compiler's re-trace (F.pad
// then records its decomposition). Shared by the tracer and __torch_dispatch__ (aten_call_for).
std::optional<Plan> generic_plan(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                                 std::vector<Value>& args, bool quiet, std::string& op) {
    op = name;
    if (kind == CallKind::Dunder || name.rfind("__", 0) == 0) {
        op.clear();
        for (const auto& d : kDunders)
            if (name == d.dunder) op = d.op;
    }
    if (kind == CallKind::Function && sig) {
        // F.relu(x, inplace=True) and the like call the in-place operator (torch.relu_), which is what
        // PyTorch's tracer and make_fx record (the `inplace` flag itself is no operator argument).
        auto names = sig->param_names();
        for (size_t i = 0; i < names.size() && i < args.size(); ++i)
            if (names[i] == "inplace" && args[i].is_bool() && args[i].as_bool() &&
                !graph::overloads("aten::" + op + "_").empty())
                op += "_";
    }
    const auto& candidates = op.empty() ? graph::overloads("") : graph::overloads("aten::" + op);
    std::vector<Slot> slots = call_slots(in, kind, sig, args, op);
    if (kind == CallKind::Function) adapt_functional_slots(name, slots);
    if (name == "norm") adapt_norm_slots(slots);
    if (name == "split") {
        // torch.split / Tensor.split are Python in PyTorch (torch/_tensor.py): an int goes to
        // torch._VF.split (aten::split.Tensor), a list of sizes to torch._VF.split_with_sizes, which
        // is what the tracer records. The function's `split_size_or_sections` is either one.
        for (Slot& sl : slots)
            if (sl.name == "split_size_or_sections" || sl.name == "split_size") {
                const bool sizes = seq_of(sl.value) != nullptr;
                sl.name = sizes ? "split_sizes" : "split_size";
                if (sizes) op = "split_with_sizes";
            }
    }
    if (kind == CallKind::Function && name == "cross_entropy") op = "cross_entropy_loss";
    if (kind == CallKind::Function && name == "nll_loss") op = "nll_loss_nd";
    if (kind == CallKind::Function && name == "logsigmoid") op = "log_sigmoid";
    if (kind == CallKind::Function && (name == "dropout1d" || name == "dropout2d" || name == "dropout3d")) op = "feature_dropout";
    if (kind == CallKind::Function && name == "pad" && !quiet) {
        // F.pad is torch._C._nn.pad: torch.jit.trace records the call as it was made, aten::pad,
        // whatever the mode (its Tracer kernel sees the composite before it decomposes).
        op = "pad";
    } else if (kind == CallKind::Function && name == "pad") {
        // The compiler's re-trace (make_fx under Dynamo/AOT) sees at::pad decomposed: the constant
        // mode as aten::constant_pad_nd, reflect and replicate as the padNd kernel for the number of
        // padded dims (their `padding`), circular as aten::pad itself (its _pad_circular is slices
        // and cats).
        std::string mode = "constant";
        size_t npad = 0;
        for (const Slot& sl : slots) {
            if (sl.name == "mode" && sl.value.is(Kind::Str)) mode = sl.value.get<Str>()->s;
            if (sl.name == "pad")
                if (const auto* items = seq_of(sl.value)) npad = items->size();
        }
        if (mode == "constant") {
            // constant_pad_nd has no mode: a given mode='constant' (nn.ZeroPad2d / ConstantPadNd pass it
            // positionally) or value=None is dropped, else no overload matches
            op = "constant_pad_nd";
            for (Slot& sl : slots)
                if (sl.name == "mode" || (sl.name == "value" && sl.value.is_none())) sl.given = false;
        } else if (mode == "circular") {
            op = "pad";
        } else if ((mode == "reflect" || mode == "replicate") && npad >= 2 && npad <= 6 && npad % 2 == 0) {
            op = str(mode == "reflect" ? "reflection_pad" : "replication_pad", npad / 2, "d");
            for (Slot& sl : slots) {
                if (sl.name == "pad") sl.name = "padding";
                if (sl.name == "mode" || sl.name == "value") sl.given = false;
            }
        }
    }
    const auto& cands = op == name ? candidates : graph::overloads("aten::" + op);
    std::optional<Plan> best;
    for (bool wrap_numbers : {wraps_numbers(op), true}) {
        for (const OpSchema* s : cands) {
            // TorchScript's own overloads (aten::to.prim_Device, ...) are for scripted code only:
            // Python's calls never reach them.
            if (s->overload.rfind("prim_", 0) == 0) continue;
            auto p = plan_for(s, slots, wrap_numbers);
            if (p && (!best || p->schema->args.size() < best->schema->args.size())) best = p;
        }
        if (best) break;
    }
    return best;
}

Value record_call(Interpreter& in, Tracer& tr, CallKind kind, const std::string& name, const Signature* sig,
                  std::vector<Value>& args, const Value& result) {
    set_location(in, tr);
    auto self_tensor = [&]() -> const Tensor* {
        return !args.empty() && is_tensor(args[0]) ? &args[0].get<TensorObj>()->tensor : nullptr;
    };
    // Calls that leave the graph.
    if (tr.export_mode && self_tensor() &&
        (name == "item" || name == "tolist" || name == "__int__" || name == "__float__"))
        export_check_value(in, tr, *self_tensor(), name);
    if (name == "item") { trace_warn(in, TraceLeak::Number); return result; }
    if (name == "tolist") { trace_warn(in, TraceLeak::List); return result; }
    if (name == "__bool__") {
        if (tr.export_mode && self_tensor()) export_check_bool(in, tr, *self_tensor());
        else trace_warn(in, TraceLeak::Bool);
        return result;
    }
    if (name == "__int__") { trace_warn(in, TraceLeak::Int); return result; }
    if (name == "__float__") { trace_warn(in, TraceLeak::Float); return result; }
    // operator.index() of a traced tensor (range(x.size(0))) is silent in PyTorch, though the value is frozen.
    if (name == "__index__") return result;
    if (name == "__len__") { trace_warn(in, TraceLeak::Len); return result; }
    if (name == "tensor" || name == "as_tensor") {
        // Inductor's quiet re-trace of a Dynamo graph: data of Python numbers is a literal of the
        // graph (Dynamo turned any tensor-to-Python conversion into a graph break), so the result is a
        // constant, as make_fx records it. Data holding tensors would lose their data flow: a leak.
        std::function<bool(const Value&)> holds_tensor = [&](const Value& v) {
            if (is_tensor(v)) return true;
            if (const auto* items = seq_of(v))
                for (const Value& x : *items)
                    if (holds_tensor(x)) return true;
            return false;
        };
        const bool literal = args.empty() || !holds_tensor(args[0]);
        if (!(tr.quiet && literal)) trace_warn_constructor(in, name == "tensor" ? "torch.tensor" : "torch.as_tensor");
        if (!tr.quiet && !args.empty() && is_tensor(result)) traced_new_from_data(in, tr, name == "tensor", args[0], result);
        return result;
    }
    if (kind == CallKind::Function && name == "from_numpy") {
        // torch.from_numpy is no aten operator: its tensor is a constant of the trace, with the
        // constructor warning PyTorch's THPVariable_from_numpy gives (an array's data never flows
        // from the trace's inputs, so the compiler's quiet re-trace takes it silently).
        if (!tr.quiet) trace_warn_constructor(in, "torch.from_numpy");
        // tensor_from_numpy returns at::lift_fresh(from_blob(...)), dispatched with the tracer on:
        // the array's data is a constant and the tensor is aten::lift_fresh of it.
        if (!tr.quiet && is_tensor(result)) emit_named(in, tr, "aten::lift_fresh", {{"self", result}}, result);
        return result;
    }
    if (kind == CallKind::Function && name == "_legacy_variable") {
        // Variable(x) (python_legacy_variable.cpp): x detached, with no operator recorded; under a
        // trace the new tensor stands for x's value.
        if (self_tensor() && is_tensor(result) && tr.is_traced(*self_tensor()))
            tr.set_value(to_tensor(result), tr.value_of(*self_tensor()));
        return result;
    }
    if (name == "__iter__" && self_tensor()) {
        // `for row in x`: PyTorch records aten::unbind and hands out its results, so the rows stay in
        // the graph while their number is frozen.
        trace_warn(in, TraceLeak::Iterate);
        std::vector<Tensor> rows = unbind(*self_tensor(), 0);
        Value list = wrap_list(rows);
        emit_named(in, tr, "aten::unbind.int", {{"self", args[0]}, {"dim", Value::integer(0)}}, list);
        return get_iter(in, list);
    }
    // x[i] = v returns None but mutates a traced tensor: it must not pass as "nothing to record" (the
    // trace would silently keep x's old values).
    if (name == "__setitem__" && self_tensor()) {
        traced_setitem(in, tr, *self_tensor(), args[1], args[2]);
        return result;
    }
    if (!has_tensor(result) && name != "size") return result;  // shapes, flags, Python values: nothing to record
    const Tensor* self = self_tensor();
    if (name == "size" && self) {
        if (args.size() > 1 && !is_none(args[1]))
            return traced_size(in, tr, *self, to_int(args[1], "") < 0 ? to_int(args[1], "") + self->dim()
                                                                       : to_int(args[1], ""));
        return traced_shape(in, *self);
    }
    if (name == "__getitem__" && self) return traced_getitem(in, tr, *self, args[1], result);
    static const std::pair<const char*, DType> kCasts[] = {{"float", DType::Float32}, {"double", DType::Float64},
                                                           {"long", DType::Int64},    {"int", DType::Int32},
                                                           {"bool", DType::Bool},     {"half", DType::Float16},
                                                           {"bfloat16", DType::BFloat16}, {"short", DType::Int16},
                                                           {"char", DType::Int8},     {"byte", DType::UInt8}};
    for (const auto& [cast, dt] : kCasts)
        if (name == cast && self && kind == CallKind::Method) {
            emit_named(in, tr, "aten::to.dtype", {{"self", args[0]}, {"dtype", dtype_value(dt)}}, result);
            return result;
        }
    if (name == "to" && self) {
        // x.to(dtype) / x.to(device, dtype) / x.to(other): the dtype form is what traces carry.
        if (is_tensor(result) && result.get<TensorObj>()->tensor.dtype() != self->dtype()) {
            emit_named(in, tr, "aten::to.dtype",
                       {{"self", args[0]}, {"dtype", dtype_value(result.get<TensorObj>()->tensor.dtype())}}, result);
        } else if (is_tensor(result)) {
            tr.set_value(result.get<TensorObj>()->tensor, tr.value_of(*self));
        }
        return result;
    }
    if (name == "__rtruediv__" && self) {
        // number / t: PyTorch computes t.reciprocal() * number.
        Tensor r = reciprocal(*self);
        emit_named(in, tr, "aten::reciprocal", {{"self", args[0]}}, wrap(r));
        emit_named(in, tr, "aten::mul.Tensor", {{"self", wrap(r)}, {"other", args[1]}}, result);
        return result;
    }
    if (name == "__rpow__" && self) {
        emit_named(in, tr, "aten::pow.Scalar", {{"self", args[1]}, {"exponent", args[0]}}, result);
        return result;
    }

    if (kind == CallKind::Function && name == "kl_div" && args.size() == 6 && args[4].is(Kind::Str) &&
        args[4].get<Str>()->s == "batchmean") {
        // F.kl_div's 'batchmean' (torch/nn/functional.py): aten::kl_div with reduction Sum, then divided
        // by the batch size unless the input is 0-dim.
        const Tensor& x = to_tensor(args[0]);
        Tensor total;
        {
            capture::NoTraceScope off;
            autograd::NoGradGuard no_grad;
            total = kl_div(x, to_tensor(args[1]), "sum", truthy(in, args[5]));
        }
        emit_named(in, tr, "aten::kl_div",
                   {{"self", args[0]}, {"target", args[1]}, {"reduction", Value::integer(2)}, {"log_target", args[5]}},
                   wrap(total));
        if (x.dim() == 0) {
            tr.set_value(to_tensor(result), tr.value_of(total));
            return result;
        }
        emit_named(in, tr, "aten::div.Scalar", {{"self", wrap(total)}, {"other", Value::integer(x.size(0))}}, result);
        return result;
    }
    if (kind == CallKind::Function && (name == "dropout1d" || name == "dropout3d") && args.size() >= 3 && is_tensor(args[0]) &&
        to_tensor(args[0]).dim() == (name == "dropout1d" ? 2 : 4)) {
        // An unbatched input: torch/nn/functional.py unsqueezes it, runs feature_dropout, and squeezes
        // the result; the middle values are the binding's input and result with the batch dim added.
        Tensor xin, mid;
        {
            capture::NoTraceScope off;
            xin = unsqueeze(to_tensor(args[0]), 0);
            mid = unsqueeze(to_tensor(result), 0);
        }
        emit_named(in, tr, "aten::unsqueeze", {{"self", args[0]}, {"dim", Value::integer(0)}}, wrap(xin));
        emit_named(in, tr, "aten::feature_dropout", {{"input", wrap(xin)}, {"p", args[1]}, {"train", args[2]}}, wrap(mid));
        emit_named(in, tr, "aten::squeeze.dim", {{"self", wrap(mid)}, {"dim", Value::integer(0)}}, result);
        return result;
    }
    if (kind == CallKind::Function && !tr.quiet && (name == "conv1d" || name == "conv2d" || name == "conv3d") &&
        args.size() == 7 && is_tensor(args[0]) && is_tensor(args[1]))
        return record_convolution(in, tr, args, result);
    if (kind == CallKind::Function && (name == "conv_transpose1d" || name == "conv_transpose2d" ||
                                       name == "conv_transpose3d") &&
        args.size() == 8 && is_tensor(args[0]) && is_tensor(args[1]))
        return record_convolution(in, tr, args, result, true);
    // The generic path: an aten operator of the same name.
    std::string op;
    std::optional<Plan> best = generic_plan(in, kind, name, sig, args, tr.quiet, op);
    if (!best)
        raise(T().NotImplementedError,
              str("Kiln cannot trace ", kind == CallKind::Method ? "Tensor." : "", name,
                  "() yet: no aten operator in Kiln's op table matches this call"));
    Value outputs = result;
    if (op == "adaptive_max_pool2d" && is_tensor(result)) {
        // F.adaptive_max_pool2d without return_indices is [0] of the two-output aten operator: its
        // indices output gets its value (and type) too.
        const Tensor& r = to_tensor(result);
        Tensor idx;
        {
            capture::NoTraceScope off;
            autograd::NoGradGuard no_grad;
            idx = adaptive_max_pool2d(to_tensor(args[0]), {r.size(r.dim() - 2), r.size(r.dim() - 1)}).second;
        }
        outputs = new_tuple({result, wrap(idx)});
    }
    emit(in, tr, *best, outputs);
    return result;
}

// ---- the profiler's operator events -------------------------------------------------------------
//
// While a torch.profiler profile records (support/profiler.h), every binding call is an event named
// as PyTorch's dispatcher names the operator the call reaches (aten::add for `x + y`, aten::linear for
// nn.Linear and F.linear, aten::cross_entropy_loss for F.cross_entropy), with record_shapes=True the
// sizes of each argument of the operator's schema ([] for non-tensors), PyTorch's input_shapes.
// Calls that reach no operator (x.size(), x.dim(), len(x), torch.is_tensor) record nothing, as in
// PyTorch where they never leave Python / the TensorImpl. Indexing records the view operators
// PyTorch's applySlicing calls (select, slice, unsqueeze, index, alias), assignment through an index
// adds copy_ / fill_ / index_put_.

// The operators an indexing key applies to `x`, with their input shapes as PyTorch's schemas list
// them (torch/csrc/autograd/python_variable_indexing.cpp's applySlicing: full slices are skipped,
// ints select, None unsqueezes, tensors and lists gather at the end with aten::index; a key that
// changes nothing returns an alias). `view` ends as the sizes of the last view (assignment's target).
using ShapeList = std::vector<std::vector<int64_t>>;
std::vector<std::pair<std::string, ShapeList>> indexing_ops(const Tensor& x, const Value& key,
                                                            std::vector<int64_t>& view) {
    std::vector<Value> items;
    if (auto* t = key.as<Tuple>(); t && t->type == T().tuple) items = t->items;
    else items.push_back(key);
    int64_t ellipsis_dims = x.dim();
    for (const Value& v : items)
        if (!is_none(v) && !is_ellipsis(v) && !v.is_bool()) --ellipsis_dims;  // dims the key consumes
    std::vector<std::pair<std::string, ShapeList>> ops;
    view = x.sizes();
    bool advanced = false;
    int64_t dim = 0;
    for (const Value& v : items) {
        if (is_ellipsis(v)) {
            dim += std::max<int64_t>(ellipsis_dims, 0);
        } else if (is_none(v) || v.is_bool()) {
            ops.push_back({"aten::unsqueeze", {view, {}}});
            view.insert(view.begin() + std::min<int64_t>(dim, int64_t(view.size())), 1);
            ++dim;
            if (v.is_bool()) advanced = true;
        } else if (v.is_int() || (is_tensor(v) && to_tensor(v).dim() == 0 && to_tensor(v).dtype() != DType::Bool &&
                                  !dtype_is_floating(to_tensor(v).dtype()))) {
            ops.push_back({"aten::select", {view, {}, {}}});
            if (dim < int64_t(view.size())) view.erase(view.begin() + dim);  // the dim goes away
        } else if (auto* sl = v.as<Slice>()) {
            const int64_t n = dim < int64_t(view.size()) ? view[size_t(dim)] : 0;
            auto bound = [&](const Value& b, int64_t dflt) {
                if (is_none(b) || !b.is_int()) return dflt;
                int64_t i = b.as_int();
                if (i < 0) i += n;
                return std::clamp<int64_t>(i, 0, n);
            };
            const int64_t step = sl->step.is_int() ? sl->step.as_int() : 1;
            const int64_t lo = bound(sl->start, 0), hi = bound(sl->stop, n);
            if (!(step == 1 && lo == 0 && hi == n)) {
                ops.push_back({"aten::slice", {view, {}, {}, {}, {}}});
                if (dim < int64_t(view.size()) && step > 0) view[size_t(dim)] = hi > lo ? (hi - lo + step - 1) / step : 0;
            }
            ++dim;
        } else {
            advanced = true;  // a tensor or sequence index
            ++dim;
        }
    }
    if (advanced) ops.push_back({"aten::index", {view, {}}});
    if (ops.empty()) ops.push_back({"aten::alias", {view}});
    return ops;
}

// The operator a binding call reaches, or "" when it reaches none.
std::string profile_op_name(CallKind kind, const std::string& name, const Signature* sig,
                            const std::vector<Value>& args, const Value& result) {
    static const char* const kNoOp[] = {"size", "dim", "ndimension", "__len__", "__index__", "numel", "nelement",
                                        "stride", "is_contiguous", "is_floating_point", "is_complex", "data_ptr",
                                        "element_size", "tolist", "numpy", "__iter__", "__contains__", "__hash__",
                                        "__repr__", "__str__", "__format__", "get_device", "storage_offset",
                                        "is_tensor", "is_storage", "tensor", "as_tensor", "from_numpy", "asarray",
                                        "requires_grad_", "retain_grad", "register_hook", "backward"};
    for (const char* n : kNoOp)
        if (name == n) return "";
    if (name == "item" || name == "__float__" || name == "__int__") return "aten::item";
    if (name == "__bool__") return "aten::is_nonzero";
    static const char* const kCasts[] = {"float", "double", "long", "int", "bool", "half", "bfloat16",
                                         "short", "char", "byte", "to", "cpu", "cuda", "type"};
    if (kind == CallKind::Method)
        for (const char* c : kCasts)
            if (name == c) return has_tensor(result) ? "aten::to" : "";
    std::string op = name;
    if (kind == CallKind::Dunder || name.rfind("__", 0) == 0) {
        op.clear();
        for (const auto& d : kDunders)
            if (name == d.dunder) op = d.op;
        if (name == "__rtruediv__") op = "reciprocal";
        if (name == "__rpow__") op = "pow";
        if (op.empty()) return "";
    }
    if (kind == CallKind::Function) {
        static const std::pair<const char*, const char*> kRenames[] = {
            {"cross_entropy", "cross_entropy_loss"}, {"nll_loss", "nll_loss_nd"}, {"logsigmoid", "log_sigmoid"},
            {"dropout1d", "feature_dropout"},        {"dropout2d", "feature_dropout"},
            {"dropout3d", "feature_dropout"},        {"scaled_dot_product_attention", "scaled_dot_product_attention"}};
        for (const auto& [py, aten] : kRenames)
            if (name == py) op = aten;
    }
    if (kind == CallKind::Function && sig) {
        // F.relu(x, inplace=True) and the like call the in-place operator (torch.relu_)
        auto names = sig->param_names();
        for (size_t i = 0; i < names.size() && i < args.size(); ++i)
            if (names[i] == "inplace" && args[i].is_bool() && args[i].as_bool()) op += "_";
    }
    // torch.is_grad_enabled() and the autocast queries are Python bindings of C++ state in PyTorch:
    // the aten:: ops of those names are TorchScript builtins (register_prim_ops), never dispatched,
    // so the profiler records no event for them.
    if (op == "is_grad_enabled" || op == "is_autocast_enabled" || op == "is_autocast_cpu_enabled") return "";
    if (!graph::overloads("aten::" + op).empty()) return "aten::" + op;
    // Not in Kiln's op table: still an operator when it computes a tensor (PyTorch's table is larger);
    // private helpers are Kiln's own.
    if (op.empty() || op[0] == '_' || !has_tensor(result)) return "";
    return "aten::" + op;
}

// record_shapes: one entry per argument of the operator's schema, as PyTorch's input_shapes (a tensor's
// sizes; [] for anything else, tensor lists included); without a schema, the call's own arguments.
std::vector<std::vector<int64_t>> profile_shapes(Interpreter& in, CallKind kind, const std::string& qualified,
                                                 const Signature* sig, const std::vector<Value>& args) {
    auto shape_of = [](const Value& v) {
        return is_tensor(v) ? to_tensor(v).sizes() : std::vector<int64_t>{};
    };
    const std::string op = qualified.substr(qualified.find("::") + 2);
    std::vector<Slot> slots = call_slots(in, kind, sig, args, op);
    std::optional<Plan> best;
    for (bool wrap_numbers : {wraps_numbers(op), true}) {
        for (const OpSchema* s : graph::overloads(qualified)) {
            if (s->overload.rfind("prim_", 0) == 0) continue;  // scripted code's overloads (generic_plan)
            auto p = plan_for(s, slots, wrap_numbers);
            if (p && (!best || p->schema->args.size() < best->schema->args.size())) best = p;
        }
        if (best) break;
    }
    std::vector<std::vector<int64_t>> shapes;
    if (best) {
        for (const auto& v : best->values) shapes.push_back(v ? shape_of(*v) : std::vector<int64_t>{});
    } else {
        for (const Value& v : args) shapes.push_back(shape_of(v));
    }
    return shapes;
}

// The operators PyTorch's CPU kernels of a few common operators call in turn, which its profiler
// shows as their children, each with its own input shapes (record_shapes): aten::relu's kernel is
// clamp_min; softmax runs _softmax (after a `to` when a dtype is given); item() reads through
// _local_scalar_dense; F.linear of a matrix with a bias is t + addmm, and addmm expands the bias,
// copies it into the result and resolves the operands' conjugation; a mean is a sum and a div_.
// `shapes` are the operator's own input shapes (its schema's arguments), `args` the call's values.
using profiler::OpEvent;

OpEvent to_event(const std::vector<int64_t>& x, bool converts) {
    // Tensor.to(dtype) as Tensor::toType calls it (aten::to.dtype_layout: 8 arguments); a conversion
    // copies through _to_copy (7 arguments) into an empty_strided result
    OpEvent e{"aten::to", {x, {}, {}, {}, {}, {}, {}, {}}, {}};
    if (converts)
        e.children.push_back({"aten::_to_copy", {x, {}, {}, {}, {}, {}, {}},
                              {{"aten::empty_strided", ShapeList(6), {}}, {"aten::copy_", {x, x, {}}, {}}}});
    return e;
}

std::vector<OpEvent> kernel_children(const std::string& op, const ShapeList& shapes, const std::vector<Value>& args,
                                     const Value& result) {
    auto in = [&](size_t i) { return i < shapes.size() ? shapes[i] : std::vector<int64_t>{}; };
    const std::vector<int64_t> out = is_tensor(result) ? to_tensor(result).sizes() : std::vector<int64_t>{};
    const Tensor* self = !args.empty() && is_tensor(args[0]) ? &to_tensor(args[0]) : nullptr;
    // the dtype= a softmax was given (the one torch.dtype among the call's values)
    std::optional<DType> dtype_arg;
    for (const Value& v : args)
        if (is_dtype(v)) dtype_arg = to_dtype(v);
    if (op == "aten::ones" || op == "aten::full")
        return {{"aten::empty", ShapeList(6), {}}, {"aten::fill_", {out, {}}, {}}};
    if (op == "aten::zeros") return {{"aten::empty", ShapeList(6), {}}, {"aten::zero_", {out}, {}}};
    if (op == "aten::randn") return {{"aten::empty", ShapeList(6), {}}, {"aten::normal_", {out, {}, {}, {}}, {}}};
    if (op == "aten::rand") return {{"aten::empty", ShapeList(6), {}}, {"aten::uniform_", {out, {}, {}, {}}, {}}};
    if (op == "aten::relu") return {{"aten::clamp_min", {in(0), {}}, {}}};
    if (op == "aten::item") return {{"aten::_local_scalar_dense", {in(0)}, {}}};
    if (op == "aten::is_nonzero") return {{"aten::item", {in(0)}, {{"aten::_local_scalar_dense", {in(0)}, {}}}}};
    if (op == "aten::softmax" || op == "aten::log_softmax") {
        std::vector<OpEvent> kids;
        if (dtype_arg) kids.push_back(to_event(in(0), self && self->dtype() != *dtype_arg));
        kids.push_back({op == "aten::softmax" ? "aten::_softmax" : "aten::_log_softmax", {in(0), {}, {}}, {}});
        return kids;
    }
    // at::cross_entropy_loss of class indices: log_softmax(input, 1, input.dtype()) then nll_loss_nd
    if (op == "aten::cross_entropy_loss" && args.size() >= 2 && is_tensor(args[1]) &&
        !to_tensor(args[1]).is_floating_point()) {
        const ShapeList nll = {in(0), in(1), in(2), {}, {}};
        return {{"aten::log_softmax", {in(0), {}, {}}, {to_event(in(0), false), {"aten::_log_softmax", {in(0), {}, {}}, {}}}},
                {"aten::nll_loss_nd", nll, {{"aten::nll_loss", nll, {{"aten::nll_loss_forward", nll, {}}}}}}};
    }
    if (op == "aten::nll_loss_nd" && in(0).size() <= 2)
        return {{"aten::nll_loss", shapes, {{"aten::nll_loss_forward", shapes, {}}}}};
    if (op == "aten::max_pool2d") return {{"aten::max_pool2d_with_indices", shapes, {}}};
    if (op == "aten::t") return profiler::t_event(in(0)).children;
    // at::linear of a matrix: addmm(bias, input, weight.t()) with a bias, matmul(input, weight.t())
    // without one (other ranks go through matmul's folding)
    if (op == "aten::linear" && args.size() >= 2 && self && self->dim() == 2 && is_tensor(args[1]) &&
        to_tensor(args[1]).dim() == 2) {
        const Tensor& w = to_tensor(args[1]);
        const std::vector<int64_t> wt = {w.size(1), w.size(0)}, wt_strides = {w.stride(1), w.stride(0)};
        std::vector<OpEvent> kids = {profiler::t_event(w.sizes())};
        if (args.size() >= 3 && is_tensor(args[2])) {
            const Tensor& b = to_tensor(args[2]);
            OpEvent addmm{"aten::addmm", {b.sizes(), self->sizes(), wt, {}, {}}, {}};
            if (b.sizes() != out)  // expand_size: a bias of the result's shape is used as is
                addmm.children.push_back({"aten::expand", {b.sizes(), {}, {}}, {{"aten::as_strided", {b.sizes(), {}, {}, {}}, {}}}});
            addmm.children.push_back({"aten::copy_", {out, out, {}}, {}});
            for (OpEvent& e : profiler::gemm_resolve_conj(self->sizes(), self->strides(), wt, wt_strides))
                addmm.children.push_back(std::move(e));
            kids.push_back(std::move(addmm));
        } else {
            kids.push_back({"aten::matmul", {self->sizes(), wt}, {profiler::mm_event(self->sizes(), self->strides(), wt, wt_strides)}});
        }
        return kids;
    }
    // sum(): sum.dim_IntList over every dim; sum(dim): the reduction's as_strided/fill_
    if (op == "aten::sum" && self && (self->dtype() == DType::Float32 || self->dtype() == DType::Float64)) {
        std::vector<int64_t> dims;
        bool keepdim = false, has_dim = false;
        for (size_t i = 1; i < args.size(); ++i) {
            if (args[i].is_bool()) keepdim = args[i].as_bool();
            else if (args[i].is_int()) dims.push_back(args[i].as_int()), has_dim = true;
            else if (args[i].is(Kind::Tuple) || args[i].is(Kind::List)) dims = to_int_list(args[i]), has_dim = true;
        }
        // sum() is aten::sum (self, dtype) calling sum.dim_IntList over every dim (the profiler then drops
        // the inner event of the same name, its only child)
        if (!has_dim) return {profiler::sum_event(self->sizes(), {}, false)};
        return profiler::sum_event(self->sizes(), dims, keepdim).children;
    }
    // mm / addmm / a matrix matmul called directly: addmm_impl_cpu_'s resolve_conj (addmm also expands
    // its input to the result's shape and copies it in unless beta is 0)
    auto tensor_at = [&](size_t i) -> const Tensor* { return i < args.size() && is_tensor(args[i]) ? &to_tensor(args[i]) : nullptr; };
    if ((op == "aten::mm" || op == "aten::matmul") && tensor_at(0) && tensor_at(1) && tensor_at(0)->dim() == 2 &&
        tensor_at(1)->dim() == 2) {
        const Tensor &a = *tensor_at(0), &b = *tensor_at(1);
        if (op == "aten::mm") return profiler::gemm_resolve_conj(a.sizes(), a.strides(), b.sizes(), b.strides());
        return {profiler::mm_event(a.sizes(), a.strides(), b.sizes(), b.strides())};
    }
    if (op == "aten::addmm" && tensor_at(0) && tensor_at(1) && tensor_at(2) && tensor_at(1)->dim() == 2 &&
        tensor_at(2)->dim() == 2) {
        const Tensor &c = *tensor_at(0), &a = *tensor_at(1), &b = *tensor_at(2);
        std::vector<OpEvent> kids;
        if (c.sizes() != out)
            kids.push_back({"aten::expand", {c.sizes(), {}, {}}, {{"aten::as_strided", {c.sizes(), {}, {}, {}}, {}}}});
        const bool beta_zero = args.size() > 3 && (args[3].is_int() || args[3].is_float()) &&
                               (args[3].is_int() ? args[3].as_int() == 0 : args[3].as_float() == 0.0);
        if (!beta_zero) kids.push_back({"aten::copy_", {out, out, {}}, {}});
        for (OpEvent& e : profiler::gemm_resolve_conj(a.sizes(), a.strides(), b.sizes(), b.strides())) kids.push_back(std::move(e));
        return kids;
    }
    // at::linear of a contiguous input of 3 or more dims with a 1-D bias (_flatten_nd_linear): the input
    // reshaped to a matrix (a view), addmm against weight.t(), the result viewed back; without a bias,
    // matmul(input, weight.t()) folds the batch dims into one mm and _unsafe_view's the result
    if (op == "aten::linear" && args.size() >= 2 && self && self->dim() >= 3 && self->is_contiguous() &&
        is_tensor(args[1]) && to_tensor(args[1]).dim() == 2) {
        const Tensor& w = to_tensor(args[1]);
        int64_t rows = 1;
        for (int64_t d = 0; d + 1 < self->dim(); ++d) rows *= self->size(d);
        const std::vector<int64_t> flat = {rows, self->size(-1)}, flat_strides = {self->size(-1), 1};
        const std::vector<int64_t> wt = {w.size(1), w.size(0)}, wt_strides = {w.stride(1), w.stride(0)};
        const std::vector<int64_t> res = {rows, w.size(0)};
        OpEvent reshape{"aten::reshape", {self->sizes(), {}}, {profiler::view_event(self->sizes())}};
        if (args.size() >= 3 && is_tensor(args[2]) && to_tensor(args[2]).dim() == 1) {
            const Tensor& b = to_tensor(args[2]);
            OpEvent addmm{"aten::addmm", {b.sizes(), flat, wt, {}, {}}, {}};
            addmm.children.push_back({"aten::expand", {b.sizes(), {}, {}}, {{"aten::as_strided", {b.sizes(), {}, {}, {}}, {}}}});
            addmm.children.push_back({"aten::copy_", {res, res, {}}, {}});
            for (OpEvent& e : profiler::gemm_resolve_conj(flat, flat_strides, wt, wt_strides)) addmm.children.push_back(std::move(e));
            // with a bias _flatten_nd_linear views the input itself (input.view(...), no reshape)
            return {profiler::view_event(self->sizes()), profiler::t_event(w.sizes()), std::move(addmm),
                    profiler::view_event(res)};
        }
        if (args.size() < 3 || !is_tensor(args[2])) {
            OpEvent matmul{"aten::matmul", {self->sizes(), wt}, {}};
            matmul.children.push_back(std::move(reshape));
            matmul.children.push_back(profiler::mm_event(flat, flat_strides, wt, wt_strides));
            matmul.children.push_back({"aten::_unsafe_view", {res, {}}, {}});
            return {profiler::t_event(w.sizes()), std::move(matmul)};
        }
    }
    // reshape: a view when the strides allow one, else a contiguous clone _unsafe_view'ed to the shape
    if (op == "aten::reshape" && self && is_tensor(result)) {
        const Tensor& r = to_tensor(result);
        if (r.numel() == 0 || r.raw_data() == self->raw_data()) return {profiler::view_event(self->sizes())};
        return {{"aten::clone", {self->sizes(), {}},
                 {{"aten::empty_like", {self->sizes(), {}, {}, {}, {}, {}}, {{"aten::empty", ShapeList(6), {}}}},
                  {"aten::copy_", {self->sizes(), self->sizes(), {}}, {}}}},
                {"aten::_unsafe_view", {self->sizes(), {}}, {}}};
    }
    // mean on the CPU: sum into the result, then div_ by the element count, a wrapped integer that
    // TensorIterator converts to the result's dtype (to -> _to_copy)
    if (op == "aten::mean" && self && (self->dtype() == DType::Float32 || self->dtype() == DType::Float64)) {
        std::vector<int64_t> dims;
        bool keepdim = false;
        for (size_t i = 1; i < args.size(); ++i) {
            if (args[i].is_bool()) keepdim = args[i].as_bool();
            else if (args[i].is_int()) dims.push_back(args[i].as_int());
            else if (args[i].is(Kind::Tuple) || args[i].is(Kind::List)) dims = to_int_list(args[i]);
        }
        OpEvent div{"aten::div_", {out, {}}, {to_event({}, true)}};
        div.children[0].shapes = {{}, {}, {}, {}, {}};  // Tensor.to(ScalarType): aten::to.dtype's 5 arguments
        // mean_out calls sum.IntList_out: its fifth argument is the result it sums into
        OpEvent sum = profiler::sum_event(self->sizes(), dims, keepdim);
        sum.shapes.push_back(out);
        return {std::move(sum), std::move(div)};
    }
    return {};
}

// Runs a binding call as one or more profiler events (indexing: one per view operator, in order).
Value profiled_call(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                    std::vector<Value>& args, const kiln::Function<Value()>& body) {
    const int64_t start = profiler::now_ns();
    Value result = body();
    const bool indexing = (name == "__getitem__" || name == "__setitem__") && !args.empty() && is_tensor(args[0]) &&
                          args.size() >= 2;
    std::vector<std::string> names;
    std::vector<ShapeList> index_shapes;  // per indexing operator
    if (indexing) {
        std::vector<int64_t> view;
        for (auto& [op, shapes] : indexing_ops(to_tensor(args[0]), args[1], view)) {
            names.push_back(op);
            index_shapes.push_back(std::move(shapes));
        }
        if (name == "__setitem__") {
            if (names.back() == "aten::alias") {
                names.pop_back();
                index_shapes.pop_back();
            }
            const bool tensor_value = args.size() > 2 && is_tensor(args[2]);
            const std::vector<int64_t> value_shape = tensor_value ? to_tensor(args[2]).sizes() : std::vector<int64_t>{};
            if (!names.empty() && names.back() == "aten::index") {
                names.back() = "aten::index_put_";
                index_shapes.back() = {index_shapes.back()[0], {}, value_shape, {}};
            } else if (tensor_value && to_tensor(args[2]).dim() > 0) {
                names.push_back("aten::copy_");
                index_shapes.push_back({view, value_shape, {}});
            } else {
                names.push_back("aten::fill_");
                index_shapes.push_back({view, {}});
            }
        }
    } else {
        std::string n = profile_op_name(kind, name, sig, args, result);
        if (n.empty()) return result;
        names.push_back(std::move(n));
        if (name == "__rtruediv__") names.push_back("aten::mul");  // number / t: t.reciprocal() * number
    }
    const bool shapes = profiler::record_shapes();
    ShapeList own;
    if (shapes && !indexing && !names.empty()) own = profile_shapes(in, kind, names[0], sig, args);
    if (names.size() == 1) profiler::push_tree(kernel_children(names[0], own, args, result));
    const int64_t end = profiler::now_ns();
    // Several operators of one call share its interval, split in order (adjacent, never nested).
    int64_t t = start;
    for (size_t i = 0; i < names.size(); ++i) {
        profiler::Event ev;
        ev.name = names[i];
        ev.start_ns = t;
        ev.end_ns = i + 1 == names.size() ? end : std::max(t + 1, start + (end - start) * int64_t(i + 1) / int64_t(names.size()));
        t = ev.end_ns;
        if (shapes && indexing) {
            ev.shapes = index_shapes[i];
            ev.has_shapes = true;
        } else if (shapes && i == 0) {
            ev.shapes = own;
            ev.has_shapes = true;
        } else if (shapes) {
            ev.has_shapes = true;
        }
        profiler::push(std::move(ev));
    }
    return result;
}

}  // namespace

const char* functional_trace_signature(const std::string& name) {
    static const std::pair<const char*, const char*> specs[] = {
        {"relu", "relu(input, inplace=False)"},
        {"sigmoid", "sigmoid(input)"},
        {"tanh", "tanh(input)"},
        {"silu", "silu(input, inplace=False)"},
        {"gelu", "gelu(input, approximate='none')"},
        {"leaky_relu", "leaky_relu(input, negative_slope=0.01, inplace=False)"},
        {"softplus", "softplus(input, beta=1.0, threshold=20.0)"},
        {"hardtanh", "hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)"},
        {"relu6", "relu6(input, inplace=False)"},
        {"elu", "elu(input, alpha=1.0, inplace=False)"},
        {"selu", "selu(input, inplace=False)"},
        {"mish", "mish(input, inplace=False)"},
        {"logsigmoid", "logsigmoid(input)"},
        {"hardsigmoid", "hardsigmoid(input, inplace=False)"},
        {"hardswish", "hardswish(input, inplace=False)"},
        {"threshold", "threshold(input, threshold, value, inplace=False)"},
        {"linear", "linear(input, weight, bias=None)"},
        {"conv2d", "conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)"},
        {"conv1d", "conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)"},
        {"max_pool2d",
         "max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)"},
        {"avg_pool2d",
         "avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, "
         "divisor_override=None)"},
        {"adaptive_avg_pool2d", "adaptive_avg_pool2d(input, output_size)"},
        {"conv3d", "conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)"},
        {"max_pool3d",
         "max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)"},
        {"avg_pool3d",
         "avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, "
         "divisor_override=None)"},
        {"adaptive_avg_pool3d", "adaptive_avg_pool3d(input, output_size)"},
        {"softmax", "softmax(input, dim=None, _stacklevel=3, dtype=None)"},
        {"log_softmax", "log_softmax(input, dim=None, _stacklevel=3, dtype=None)"},
        {"dropout", "dropout(input, p=0.5, training=True, inplace=False)"},
        {"layer_norm", "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)"},
        {"group_norm", "group_norm(input, num_groups, weight=None, bias=None, eps=1e-05)"},
        {"pad", "pad(input, pad, mode='constant', value=None)"},
        {"batch_norm",
         "batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, "
         "eps=1e-05)"},
        {"embedding",
         "embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, "
         "sparse=False)"},
        {"scaled_dot_product_attention",
         "scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, "
         "enable_gqa=False)"},
        {"mse_loss", "mse_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)"},
        {"l1_loss", "l1_loss(input, target, size_average=None, reduce=None, reduction='mean')"},
        {"cross_entropy",
         "cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, "
         "reduction='mean', label_smoothing=0.0)"},
        {"nll_loss",
         "nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean')"},
        {"smooth_l1_loss", "smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0)"},
        {"huber_loss", "huber_loss(input, target, reduction='mean', delta=1.0, weight=None)"},
        {"binary_cross_entropy",
         "binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean')"},
        {"binary_cross_entropy_with_logits",
         "binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean', "
         "pos_weight=None)"},
        {"kl_div", "kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False)"},
        {"pairwise_distance", "pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False)"},
        // A C++ composite in Kiln (ops/nn_extra.cpp): unlisted, a trace froze its result as a
        // constant. PyTorch records aten::cosine_similarity. (F.softsign is Python, as in PyTorch:
        // the trace records its abs, add and div.)
        {"cosine_similarity", "cosine_similarity(x1, x2, dim=1, eps=1e-08)"},
        {"adaptive_max_pool2d", "adaptive_max_pool2d(input, output_size, return_indices=False)"},
        {"dropout1d", "dropout1d(input, p=0.5, training=True, inplace=False)"},
        {"dropout2d", "dropout2d(input, p=0.5, training=True, inplace=False)"},
        {"dropout3d", "dropout3d(input, p=0.5, training=True, inplace=False)"},
        {"alpha_dropout", "alpha_dropout(input, p=0.5, training=False, inplace=False)"},
        {"feature_alpha_dropout", "feature_alpha_dropout(input, p=0.5, training=False, inplace=False)"},
    };
    for (const auto& [n, spec] : specs)
        if (name == n) return spec;
    return nullptr;
}

void prepare_trace_record(Interpreter& in, Tracer& tr) { set_location(in, tr); }

bool aten_call_for(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                   std::vector<Value>& args, AtenCall& out) {
    std::string op;
    // quiet: the overloads make_fx sees (F.pad's decomposition), which is the dispatcher's view too
    std::optional<Plan> plan = generic_plan(in, kind, name, sig, args, true, op);
    if (!plan) return false;
    out.schema = plan->schema;
    out.values.clear();
    for (const auto& v : plan->values) out.values.push_back(v ? *v : Value());
    return true;
}

Value traced_call_unprofiled(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                             std::vector<Value>& args, const kiln::Function<Value()>& body);

// An op that autocast ran on casts of its traced inputs (ops/autocast.h's CastLog): each cast is
// recorded as aten::to.dtype ahead of the op (a weight's cached cast once, when first made), and the
// op is recorded reading the casts, as make_fx records autocast's _to_copy nodes before the op.
// Casts of tensors the trace does not hold (none of the op's own arguments) are left out.
Value record_with_casts(Interpreter& in, Tracer& tr, CallKind kind, const std::string& name, const Signature* sig,
                        std::vector<Value>& args, const Value& result, const std::vector<amp::CastRecord>& casts) {
    std::vector<std::pair<Tensor, graph::Value*>> restore;
    set_location(in, tr);
    // In argument order (C++ evaluates the op's amp::lower(a), amp::lower(b) in no fixed order).
    std::vector<const TensorImpl*> order;
    for (const Value& a : args) {
        if (is_tensor(a)) order.push_back(to_tensor(a).impl());
        else if (const auto* items = seq_of(a))
            for (const Value& x : *items)
                if (is_tensor(x)) order.push_back(to_tensor(x).impl());
    }
    auto position = [&](const amp::CastRecord& c) {
        return size_t(std::find(order.begin(), order.end(), c.from.impl()) - order.begin());
    };
    std::vector<amp::CastRecord> sorted = casts;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](const amp::CastRecord& a, const amp::CastRecord& b) { return position(a) < position(b); });
    for (const amp::CastRecord& c : sorted) {
        if (!tr.is_traced(c.from)) continue;
        if (!tr.is_traced(c.to))
            emit_named(in, tr, "aten::to.dtype", {{"self", wrap(c.from)}, {"dtype", dtype_value(c.to.dtype())}}, wrap(c.to));
        restore.push_back({c.from, tr.value_of(c.from)});
        tr.set_value(c.from, tr.value_of(c.to));
    }
    struct Restore {
        Tracer& tr;
        std::vector<std::pair<Tensor, graph::Value*>>& r;
        ~Restore() {
            for (auto it = r.rbegin(); it != r.rend(); ++it) tr.set_value(it->first, it->second);
        }
    } undo{tr, restore};
    return record_call(in, tr, kind, name, sig, args, result);
}

Value traced_call(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                  std::vector<Value>& args, const kiln::Function<Value()>& body) {
    if (g_torch_dispatch_routing > 0) {
        Value handled;
        if (torch_dispatch_call(in, kind, name, sig, args, handled)) return handled;
    }
    if (profiler::enabled())
        return profiled_call(in, kind, name, sig, args, [&] { return traced_call_unprofiled(in, kind, name, sig, args, body); });
    return traced_call_unprofiled(in, kind, name, sig, args, body);
}

Value traced_call_unprofiled(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                             std::vector<Value>& args, const kiln::Function<Value()>& body) {
    Tracer* tr = capture::current_tracer();
    if (!tr) return body();
    Value result;
    amp::CastLog casts;
    {
        capture::NoTraceScope off;
        result = body();
    }
    if (!casts.casts.empty()) return record_with_casts(in, *tr, kind, name, sig, args, result, casts.casts);
    std::optional<VirtualFrame> frame;
    if (kind == CallKind::Function && sig && python_functional(name)) {
        NamedValues locals;
        auto names = sig->param_names();
        for (size_t i = 0; i < names.size() && i < args.size(); ++i) locals.emplace_back(names[i], args[i]);
        frame.emplace(std::move(locals));
    }
    if (kind == CallKind::Function && !args.empty() && is_tensor(args[0]) &&
        (name == "adaptive_avg_pool2d" || name == "adaptive_max_pool2d" || name == "adaptive_avg_pool3d" ||
         name == "adaptive_max_pool3d")) {
        // torch/nn/functional.py evaluates `_list_with_default(output_size, input.size())` first: the
        // input's sizes record aten::size + prim::NumToTensor per dim (dead code, removed after the
        // trace, but their value numbers are taken), and the input takes its name (%input) there.
        set_location(in, *tr);
        const Tensor& x = to_tensor(args[0]);
        for (int64_t d = 0; d < x.dim(); ++d) traced_size(in, *tr, x, d);
    }
    return record_call(in, *tr, kind, name, sig, args, result);
}

Value traced_shape(Interpreter& in, const Tensor& x) {
    Tracer* tr = capture::current_tracer();
    if (!tr) return size_value(x.sizes());
    set_location(in, *tr);
    std::vector<Value> items;
    for (int64_t d = 0; d < x.dim(); ++d) items.push_back(traced_size(in, *tr, x, d));
    return Value(make<Tuple>(T().size, std::move(items)).get());
}

Value traced_property(Interpreter& in, const char* name, const Tensor& x, const Value& result) {
    Tracer* tr = capture::current_tracer();
    if (!tr || !is_tensor(result)) return result;
    set_location(in, *tr);
    std::string n = name;
    if (n == "T") emit_named(in, *tr, "aten::numpy_T", {{"self", wrap(x)}}, result);
    else if (n == "mT" || n == "mH")  // (mH: the conjugate is the identity on Kiln's real dtypes)
        emit_named(in, *tr, "aten::transpose.int", {{"self", wrap(x)}, {"dim0", Value::integer(-2)}, {"dim1", Value::integer(-1)}},
                   result);
    else if (n == "H")
        emit_named(in, *tr, "aten::transpose.int", {{"self", wrap(x)}, {"dim0", Value::integer(0)}, {"dim1", Value::integer(1)}},
                   result);
    else if (n == "data") emit_named(in, *tr, "aten::detach", {{"self", wrap(x)}}, result);
    return result;
}

// nn layers record their functional form: nn.Linear is aten::linear(x, weight, bias), etc.
Value traced_layer_forward(Interpreter& in, const Value& module, const CallArgs& a, bool must) {
    std::string cls = type_name(module);
    auto attr = [&](const char* n) { return getattr(in, module, n); };
    auto F = [&](const char* fn) { return *in.import_module("torch.nn.functional")->dict.find(fn); };
    auto torch_fn = [&](const char* fn) { return *in.import_module("torch")->dict.find(fn); };
    if (a.nargs < 2) raise(T().TypeError, str(cls, ".forward() missing 1 required positional argument: 'input'"));
    Value x = a.args[1];
    VirtualFrame frame({{"input", x}});  // PyTorch's layers are Python: forward(self, input)
    if (cls == "Linear") return in.call(F("linear"), {x, attr("weight"), attr("bias")});
    if (cls == "ReLU") return in.call(F("relu"), {x});
    if (cls == "Sigmoid") return in.call(torch_fn("sigmoid"), {x});
    if (cls == "Tanh") return in.call(torch_fn("tanh"), {x});
    if (cls == "Identity") return x;
    if (cls == "Flatten") return in.call(torch_fn("flatten"), {x, attr("start_dim"), attr("end_dim")});
    if (cls == "Softmax") return in.call(F("softmax"), {x, attr("dim")});
    if (cls == "LogSoftmax") return in.call(F("log_softmax"), {x, attr("dim")});
    if (cls == "Dropout") return in.call(F("dropout"), {x, attr("p"), attr("training")});
    if (cls == "GELU") {
        Value kw[] = {attr("approximate")};
        Value names = new_tuple({new_str("approximate")});
        Value pos[] = {x};
        CallArgs c;
        c.args = pos;
        c.nargs = 1;
        c.kwvalues = kw;
        c.nkw = 1;
        c.kwnames = names.get<Tuple>();
        return in.call(F("gelu"), c);
    }
    // _ConvNd._conv_forward: a padding_mode other than zeros records F.pad with the mode, then the
    // convolution without padding
    Value conv_padding = Value();
    // _ConvNd._conv_forward(self, input, weight, bias) makes the call: its locals name the values
    // (the parameters' placeholders take `weight` and `bias` at their first use, as in PyTorch).
    std::optional<VirtualFrame> conv_frame;
    if (cls == "Conv1d" || cls == "Conv2d" || cls == "Conv3d") {
        conv_frame.emplace(NamedValues{{"input", x}, {"weight", attr("weight")}, {"bias", attr("bias")}});
        conv_padding = attr("padding");
        Value mode = attr("padding_mode");
        if (mode.is(Kind::Str) && str_of(mode) != "zeros") {
            auto* mi = module.as<ModuleInstance>();
            auto* conv = mi ? dynamic_cast<nn::Conv2d*>(mi->module.get()) : nullptr;
            if (conv) {
                std::vector<Value> rev;
                for (int64_t p : conv->reversed_padding_repeated_twice()) rev.push_back(Value::integer(p));
                x = in.call(F("pad"), {x, new_list(rev), mode});
                conv_padding = Value::integer(0);
            }
        }
    }
    if (cls == "Conv2d")
        return in.call(F("conv2d"), {x, attr("weight"), attr("bias"), attr("stride"), conv_padding, attr("dilation"),
                                     attr("groups")});
    if (cls == "LayerNorm")
        return in.call(F("layer_norm"), {x, attr("normalized_shape"), attr("weight"), attr("bias"), attr("eps")});
    if (cls == "Conv3d")
        return in.call(F("conv3d"), {x, attr("weight"), attr("bias"), attr("stride"), conv_padding,
                                     attr("dilation"), attr("groups")});
    if (cls == "MaxPool3d")
        return in.call(F("max_pool3d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("dilation"),
                                         attr("ceil_mode")});
    if (cls == "AvgPool3d")
        return in.call(F("avg_pool3d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("ceil_mode"),
                                         attr("count_include_pad"), attr("divisor_override")});
    if (cls == "AdaptiveAvgPool3d") return in.call(F("adaptive_avg_pool3d"), {x, attr("output_size")});
    if (cls == "BatchNorm1d" || cls == "BatchNorm2d" || cls == "BatchNorm3d") {
        // _BatchNorm.forward: momentum=None is the cumulative average, whose factor 1 / float(
        // num_batches_tracked) is read after the layer's own in-place bump (the trace bakes that
        // float in, as torch.jit.trace does); eval mode passes 0.0, which batch_norm never reads.
        Value momentum = attr("momentum");
        if (momentum.is_none()) {
            momentum = Value::number(0.0);
            Value nbt = attr("num_batches_tracked");
            if (truthy(in, attr("training")) && truthy(in, attr("track_running_stats")) && is_tensor(nbt)) {
                in.call_method(nbt, "add_", {Value::integer(1)});
                momentum = Value::number(1.0 / double(to_tensor(nbt).item().to_int()));
            }
        }
        return in.call(F("batch_norm"), {x, attr("running_mean"), attr("running_var"), attr("weight"), attr("bias"),
                                         attr("training"), momentum, attr("eps")});
    }
    if (cls == "MaxPool2d")
        return in.call(F("max_pool2d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("dilation")});
    if (cls == "Embedding") return in.call(F("embedding"), {x, attr("weight"), attr("padding_idx")});
    if (cls == "Conv1d")
        return in.call(F("conv1d"), {x, attr("weight"), attr("bias"), attr("stride"), conv_padding,
                                     attr("dilation"), attr("groups")});
    if (cls == "GroupNorm")
        return in.call(F("group_norm"), {x, attr("num_groups"), attr("weight"), attr("bias"), attr("eps")});
    if (cls == "AvgPool2d")
        return in.call(F("avg_pool2d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("ceil_mode"),
                                         attr("count_include_pad"), attr("divisor_override")});
    if (cls == "AdaptiveAvgPool2d") return in.call(F("adaptive_avg_pool2d"), {x, attr("output_size")});
    if (cls == "ELU") return in.call(F("elu"), {x, attr("alpha")});
    if (cls == "SELU") return in.call(F("selu"), {x});
    if (cls == "Mish") return in.call(F("mish"), {x});
    if (cls == "SiLU") return in.call(F("silu"), {x});
    if (cls == "LogSigmoid") return in.call(F("logsigmoid"), {x});
    if (cls == "Hardsigmoid") return in.call(F("hardsigmoid"), {x});
    if (cls == "Hardswish") return in.call(F("hardswish"), {x});
    if (cls == "ReLU6") return in.call(F("relu6"), {x});
    if (cls == "Hardtanh") return in.call(F("hardtanh"), {x, attr("min_val"), attr("max_val")});
    if (cls == "LeakyReLU") return in.call(F("leaky_relu"), {x, attr("negative_slope")});
    if (cls == "Softplus") return in.call(F("softplus"), {x, attr("beta"), attr("threshold")});
    if (cls == "Threshold") return in.call(F("threshold"), {x, attr("threshold"), attr("value")});
    if (!must) return Value();
    raise(T().NotImplementedError, str("tracing nn.", cls, " is not supported in Kiln yet"));
}

}  // namespace kiln::vm::bind
