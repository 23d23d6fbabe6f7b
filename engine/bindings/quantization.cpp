// torch.ao.quantization.quantize_dynamic (also reachable as torch.quantization.quantize_dynamic) for
// programs: every nn.Linear it targets becomes a DynamicQuantizedLinear (nn/quantized_linear.h), whose
// int8 kernel is ops/quantized.h. Plus the names such programs use: torch.qint8, torch.quint8,
// torch.per_tensor_affine, torch.per_tensor_symmetric, torch.ao.quantization.default_dynamic_qconfig
// and torch.ao.nn.quantized.dynamic.Linear.
//
// quantize_dynamic(model, qconfig_spec=None, dtype=torch.qint8, mapping=None, inplace=False), as
// PyTorch does it: copy the model (unless inplace), put the copy in eval mode, and swap each
// targeted nn.Linear below the top module (exactly that type: a subclass is left alone, and so is a
// model that is itself a Linear) for the quantized module. The
// targets are nn.Linear by default (PyTorch adds its RNN layers, which Kiln has not), or the keys of
// qconfig_spec: module types, or submodule names ("fc", "body.0") whose subtree is quantized. PyTorch
// takes a set of types ({nn.Linear}); Kiln's language has no set literal, so a list or tuple of keys
// is accepted in its place, and a dict ({nn.Linear: default_dynamic_qconfig}) works in both.
//
// Kiln limits, documented rather than hidden: only qint8 (PyTorch's float16 dynamic quantization is
// not implemented), no custom mapping, and the copy shares the original's built-in leaf layers other
// than the swapped Linears (bindings/nn.cpp's copy_module_tree says why); those shared leaves keep
// their own train/eval mode.
#include <set>

#include "bindings/convert.h"
#include "bindings/jit.h"
#include "nn/quantized_linear.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

// bindings/nn.cpp: layers bound outside it, and module-tree copies.
Type* native_layer_type(const char* cpp_name, const char* py_name, const char* pymodule);
Value wrap_native_module(const std::shared_ptr<nn::Module>& m);
Value copy_module_tree(Interpreter& in, const Value& module);

namespace {

// torch.qint8 and friends: names only (Kiln has no quantized tensors), printed as PyTorch prints them.
struct NamedConstant : NativeObj {
    NamedConstant(Type* t, std::string n) : NativeObj(t), name(std::move(n)) {}
    std::string name;
};

Type* g_qdtype = nullptr;    // torch.qint8's type (PyTorch: torch.dtype)
Type* g_qscheme = nullptr;   // torch.per_tensor_affine's type (torch.qscheme)
Type* g_qconfig = nullptr;   // QConfig
Type* g_dynamic_linear = nullptr;

Value named(Type* t, const char* name) { return Value(make<NamedConstant>(t, name).get()); }

// One object per name, per interpreter, so `dtype is torch.qint8` holds: they live in torch.ao.
Value ao_attr(Interpreter& in, const char* name) { return *in.import_module("torch.ao")->dict.find(name); }

bool is_named(const Value& v, const char* name) {
    auto* c = native_cast<NamedConstant>(v);
    return c && c->name == name;
}

void register_quantization_types() {
    if (g_qdtype) return;
    g_qdtype = make_builtin_type("dtype", T().object, Kind::Native, "torch");
    g_qscheme = make_builtin_type("qscheme", T().object, Kind::Native, "torch");
    g_qconfig = make_builtin_type("QConfig", T().object, Kind::Native, "torch.ao.quantization.qconfig");
    for (Type* t : {g_qdtype, g_qscheme, g_qconfig})
        def_method(t, "__repr__", [](Interpreter&, const CallArgs& a) {
            auto* c = native_cast<NamedConstant>(a.args[0]);
            return new_str(c ? c->name : std::string("?"));
        });
    g_dynamic_linear =
        native_layer_type("DynamicQuantizedLinear", "Linear", "torch.ao.nn.quantized.dynamic.modules.linear");
    auto layer = [](const CallArgs& a) -> nn::DynamicQuantizedLinear& {
        auto* mi = a.nargs ? a.args[0].as<ModuleInstance>() : nullptr;
        auto* m = mi ? dynamic_cast<nn::DynamicQuantizedLinear*>(mi->module.get()) : nullptr;
        if (!m) raise(T().TypeError, "expected a dynamically quantized Linear");
        return *m;
    };
    def_property(g_dynamic_linear, "in_features",
                 [layer](Interpreter&, const CallArgs& a) { return Value::integer(layer(a).in_features()); });
    def_property(g_dynamic_linear, "out_features",
                 [layer](Interpreter&, const CallArgs& a) { return Value::integer(layer(a).out_features()); });
    // Kiln cannot hold the int8 weight as a tensor (no quantized dtypes): say so instead of returning
    // a float stand-in that would look like the real thing.
    def_method(g_dynamic_linear, "weight", [](Interpreter&, const CallArgs&) -> Value {
        raise(T().NotImplementedError, "DynamicQuantizedLinear.weight(): Kiln has no quantized tensors (torch.qint8), "
                                       "so the int8 weight cannot be returned");
    });
}

// Which submodules quantize_dynamic targets: module types, and names whose subtree it covers.
struct Targets {
    std::set<Type*> types;
    std::set<std::string> names;
    std::set<Type*> excluded_types;         // {nn.Linear: None}: explicitly not quantized
    std::set<std::string> excluded_names;

    bool covers(Type* t, const std::string& path) const {
        // A name covers its subtree; the closest mention wins, as qconfig propagation does.
        for (std::string p = path;;) {
            if (excluded_names.count(p)) return false;
            if (names.count(p)) return true;
            size_t dot = p.rfind('.');
            if (p.empty()) break;
            p = dot == std::string::npos ? "" : p.substr(0, dot);
        }
        return types.count(t) && !excluded_types.count(t);
    }
};

Targets read_spec(Interpreter& in, const Value& spec, Type* linear) {
    Targets t;
    auto add = [&](const Value& key, bool quantize) {
        if (key.is(Kind::Str)) (quantize ? t.names : t.excluded_names).insert(key.get<Str>()->s);
        else if (auto* ty = key.as<Type>()) (quantize ? t.types : t.excluded_types).insert(ty);
        else raise(T().TypeError, str("quantize_dynamic: qconfig_spec keys must be module types or submodule names, not ",
                                      type_name(key)));
    };
    if (spec.is_none() || spec.is_null()) {
        t.types.insert(linear);
    } else if (auto* d = spec.as<Dict>()) {
        d->for_each([&](const Value& k, const Value& v) { add(k, !v.is_none()); });
    } else if (spec.as<List>() || spec.as<Tuple>() || is_set_object(spec)) {
        // PyTorch documents a set of types or names ({nn.LSTM, nn.Linear} in the dynamic quantization
        // tutorial); a list or tuple is taken the same way.
        for (const Value& k : to_vector(in, spec)) add(k, true);
    } else {
        raise(T().TypeError, str("quantize_dynamic: qconfig_spec must be None, a dict or a set of module types or "
                                 "names, not ",
                                 type_name(spec)));
    }
    return t;
}

Value quantized_linear(Interpreter& in, const Value& lin) {
    Value w = getattr(in, lin, "weight");
    Value b = getattr(in, lin, "bias");
    auto q = std::make_shared<nn::DynamicQuantizedLinear>(to_tensor(w), b.is_none() ? Tensor() : to_tensor(b));
    return wrap_native_module(q);
}

// Swaps targeted Linears below `module` (whose path is `path`), depth first.
void swap_linears(Interpreter& in, const Value& module, const std::string& path, const Targets& targets, Type* linear) {
    Value children = in.call(getattr(in, module, "named_children"), std::vector<Value>{});
    for (const Value& pair : to_vector(in, children)) {
        const auto& kv = pair.get<Tuple>()->items;
        std::string name = to_str(in, kv[0]);
        std::string sub = path.empty() ? name : path + "." + name;
        const Value& child = kv[1];
        if (type_of(child) == linear && targets.covers(linear, sub)) setattr(in, module, name, quantized_linear(in, child));
        else swap_linears(in, child, sub, targets, linear);
    }
}

// Puts the modules of `copy` that are not shared with `original` in eval mode (the shared built-in
// leaves belong to the original too, whose modes quantize_dynamic must not change).
void eval_copy(Interpreter& in, const Value& copy, const Value& original) {
    std::set<const Object*> shared;
    Value orig_mods = in.call(getattr(in, original, "modules"), std::vector<Value>{});
    for (const Value& m : to_vector(in, orig_mods)) shared.insert(m.obj());
    Value copy_mods = in.call(getattr(in, copy, "modules"), std::vector<Value>{});
    for (const Value& m : to_vector(in, copy_mods))
        if (!shared.count(m.obj())) setattr(in, m, "training", Value::boolean(false));
}

Value quantize_dynamic(Interpreter& in, std::vector<Value>& v) {
    const Value& model = v[0];
    if (!isinstance(model, T().nn_module))
        raise(T().TypeError, str("quantize_dynamic: expected an nn.Module, but got ", type_name(model)));
    if (is_dtype(v[2]) && to_dtype(v[2]) == DType::Float16)
        raise(T().NotImplementedError, "quantize_dynamic: dtype=torch.float16 is not supported by Kiln (torch.qint8 only)");
    if (!is_named(v[2], "torch.qint8"))
        raise(T().ValueError, str("Don't know how to quantize with default settings for ", repr(in, v[2]),
                                  ". Provide full qconfig please"));
    if (!v[3].is_none())
        raise(T().NotImplementedError, "quantize_dynamic: a custom mapping is not supported by Kiln (nn.Linear -> "
                                       "nnqd.Linear only)");
    Type* linear = getattr(in, Value(in.import_module("torch.nn").get()), "Linear").as<Type>();
    Targets targets = read_spec(in, v[1], linear);
    // PyTorch swaps these for their dynamic quantized versions (nnqd.LSTM, ...); Kiln has only the Linear
    // one, and leaving a requested LSTM in float would print and compute a different model, so say so.
    for (const char* name : {"LSTM", "GRU", "LSTMCell", "GRUCell", "RNNCell"}) {
        Type* rnn = getattr(in, Value(in.import_module("torch.nn").get()), name).as<Type>();
        if (rnn && targets.types.count(rnn))
            raise(T().NotImplementedError, str("quantize_dynamic: nn.", name, " is not supported by Kiln (its dynamic "
                                               "quantization covers nn.Linear only)"));
    }
    bool inplace = truthy(in, v[4]);
    Value out = inplace ? model : copy_module_tree(in, model);
    if (inplace) in.call(getattr(in, out, "eval"), std::vector<Value>{});
    else eval_copy(in, out, model);
    // Only children are swapped, as PyTorch's convert does: a bare nn.Linear model stays float.
    swap_linears(in, out, "", targets, linear);
    return out;
}

void def_quantize(ModuleObj& m) {
    auto sig = std::make_shared<Signature>(
        "quantize_dynamic(model, qconfig_spec=None, dtype=None, mapping=None, inplace=False)");
    m.dict.set("quantize_dynamic", new_builtin("quantize_dynamic", [sig](Interpreter& in, const CallArgs& a) {
                   auto v = sig->bind(a);
                   if (v[2].is_none()) v[2] = ao_attr(in, "qint8");  // the default: torch.qint8
                   return quantize_dynamic(in, v);
               }));
}

// torch.ao: the quantization names, which also go on torch itself (torch.qint8), since `import torch`
// imports this module (torch_module.cpp) before any program runs.
void ao_module(Interpreter& in, ModuleObj& m) {
    register_quantization_types();
    Ref<ModuleObj> torch = in.import_module("torch");
    for (const char* n : {"qint8", "quint8"}) {
        Value d = named(g_qdtype, (std::string("torch.") + n).c_str());
        m.dict.set(n, d);
        torch->dict.set(n, d);
    }
    for (const char* n : {"per_tensor_affine", "per_tensor_symmetric"}) {
        Value q = named(g_qscheme, (std::string("torch.") + n).c_str());
        m.dict.set(n, q);
        torch->dict.set(n, q);
    }
    m.dict.set("default_dynamic_qconfig",
               named(g_qconfig, "QConfig(activation=PlaceholderObserver(dtype=torch.quint8, is_dynamic=True), "
                                "weight=MinMaxObserver(dtype=torch.qint8, qscheme=torch.per_tensor_symmetric))"));
    m.dict.set("quantization", Value(in.import_module("torch.ao.quantization").get()));
    m.dict.set("nn", Value(in.import_module("torch.ao.nn").get()));
}

void quantization_module(Interpreter& in, ModuleObj& m) {
    def_quantize(m);
    m.dict.set("default_dynamic_qconfig", ao_attr(in, "default_dynamic_qconfig"));
    m.dict.set("QConfig", Value(g_qconfig));
}

}  // namespace

void register_quantization_modules() {
    Interpreter::register_module("torch.ao", ao_module);
    Interpreter::register_module("torch.ao.quantization", quantization_module);
    Interpreter::register_module("torch.quantization", quantization_module);
    Interpreter::register_module("torch.ao.nn", [](Interpreter& in, ModuleObj& m) {
        m.dict.set("quantized", Value(in.import_module("torch.ao.nn.quantized").get()));
    });
    Interpreter::register_module("torch.ao.nn.quantized", [](Interpreter& in, ModuleObj& m) {
        m.dict.set("dynamic", Value(in.import_module("torch.ao.nn.quantized.dynamic").get()));
    });
    Interpreter::register_module("torch.ao.nn.quantized.dynamic", [](Interpreter&, ModuleObj& m) {
        register_quantization_types();
        m.dict.set("Linear", Value(g_dynamic_linear));
    });
}

}  // namespace kiln::vm::bind
