// Guards: checking, recompile reasons and the TORCH_LOGS=guards printout (see guards.h).
#include "capture/dynamo/guards.h"

#include <algorithm>
#include <map>

#include "autograd/grad_mode.h"
#include "ops/autocast.h"
#include "support/pyrepr.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

using vm::Value;

namespace {

std::string ints(const Shape& s) {
    std::string out = "[";
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + "]";
}

std::string dims(const Shape& s, const std::vector<bool>& dynamic) {
    std::string out = "[";
    for (size_t i = 0; i < s.size(); ++i)
        out += (i ? ", " : "") + (i < dynamic.size() && dynamic[i] ? std::string("None") : std::to_string(s[i]));
    return out + "]";
}

// A contiguous tensor's stride d is the product of the sizes after d: symbolic if one of them is.
std::vector<bool> symbolic_strides(const std::vector<bool>& dynamic) {
    std::vector<bool> out(dynamic.size(), false);
    bool later = false;
    for (size_t d = dynamic.size(); d-- > 0;) {
        out[d] = later;
        later = later || dynamic[d];
    }
    return out;
}

const char* cmp_text(int c) {
    static const char* const t[] = {"<", "<=", "==", "!=", ">", ">="};
    return c >= 0 && c < 6 ? t[c] : "?";
}

bool compare_ints(int c, int64_t a, int64_t b) {
    switch (c) {
        case 0: return a < b;
        case 1: return a <= b;
        case 2: return a == b;
        case 3: return a != b;
        case 4: return a > b;
        case 5: return a >= b;
    }
    return false;
}

std::string type_repr(const Value& v) {
    vm::Type* t = v.is(vm::Kind::Type) ? v.get<vm::Type>() : vm::type_of(v);
    std::string mod = t->module.empty() || t->module == "builtins" ? "" : t->module + ".";
    return "<class '" + mod + t->name + "'>";
}

// Python's == between the guarded constant and the new value, without running user code: the
// constants Dynamo specializes on are None, bools, ints, floats, strs and tuples of those.
bool same_constant(vm::Interpreter& in, const Value& a, const Value& b) {
    if (vm::type_of(a) != vm::type_of(b)) return false;
    if (a.is_float()) return a.as_float() == b.as_float() || (a.as_float() != a.as_float() && b.as_float() != b.as_float());
    return vm::equals(in, a, b);
}

}  // namespace

const char* Guard::kind_name() const {
    switch (kind) {
        case Kind::TensorMatch: return "TENSOR_MATCH";
        case Kind::EqualsMatch: return "EQUALS_MATCH";
        case Kind::TypeMatch: return "TYPE_MATCH";
        case Kind::IdMatch: return "ID_MATCH";
        case Kind::NoneMatch: return "NONE_MATCH";
        case Kind::SequenceLength: return "SEQUENCE_LENGTH";
        case Kind::DictKeys: return "DICT_KEYS_MATCH";
        case Kind::GlobalState: return "GLOBAL_STATE";
        case Kind::NoAliasing: return "NO_TENSOR_ALIASING";
        case Kind::DuplicateInput: return "DUPLICATE_INPUT";
        case Kind::SymSize:
        case Kind::SymCompare: return "SHAPE_ENV";
    }
    return "?";
}

std::string Guard::code(vm::Interpreter& in) const {
    switch (kind) {
        case Kind::TensorMatch:
            return "check_tensor(" + source->str() + ", Tensor, DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU), " +
                   dtype_name(dtype) + ", device=None, requires_grad=" + (requires_grad ? "True" : "False") +
                   ", size=" + dims(sizes, dynamic) + ", stride=" +
                   (std::find(dynamic.begin(), dynamic.end(), true) != dynamic.end() && contiguous ? dims(strides, symbolic_strides(dynamic)) : ints(strides)) + ")";
        case Kind::SymSize:
            if (other) return source->str() + " == " + other->str();
            return "2 <= " + source->str();
        case Kind::SymCompare:
            return std::string(expected ? "" : "not ") + source->str() + " " + cmp_text(cmp) + " " +
                   (float_compare ? py_float_repr(rhs_float) : std::to_string(rhs));
        case Kind::EqualsMatch: return source->str() + " == " + vm::repr(in, value);
        case Kind::TypeMatch: return "___check_type_id(" + source->str() + ", " + type_repr(value) + ")";
        case Kind::IdMatch: return "___check_obj_id(" + source->str() + ", " + vm::repr(in, value) + ")";
        case Kind::NoneMatch: return source->str() + " is None";
        case Kind::SequenceLength: return "len(" + source->str() + ") == " + std::to_string(length);
        case Kind::DictKeys: {
            std::string s = "list(" + source->str() + ".keys()) == [";
            for (size_t i = 0; i < keys.size(); ++i) s += (i ? ", " : "") + vm::repr(in, keys[i]);
            return s + "]";
        }
        case Kind::GlobalState:
            return std::string("___check_global_state() against {") + (autocast.empty() ? "" : autocast + ",") +
                   "\"grad_mode\":" + (grad_mode ? "true" : "false") + ",\"default_dtype\":\"" + dtype_name(default_dtype) +
                   "\"}";
        case Kind::NoAliasing: return "check_no_aliasing(" + source->str() + ", " + other->str() + ")";
        case Kind::DuplicateInput: return source->str() + " is " + other->str();
    }
    return "?";
}

std::string Guard::autocast_state() {
    if (!amp::enabled(Device::CPU) && !amp::enabled(Device::CUDA)) return "";
    auto one = [](Device d) {
        return std::string("[") + (amp::enabled(d) ? "true" : "false") + ",\"" + dtype_name(amp::dtype(d)) + "\"]";
    };
    return std::string("\"autocast_state\":{\"cached_enabled\":") + (amp::cache_enabled() ? "true" : "false") +
           ",\"cpu\":" + one(Device::CPU) + ",\"cuda\":" + one(Device::CUDA) + "}";
}

std::optional<std::string> Guard::check(vm::Interpreter& in, const vm::Frame& frame,
                                         std::unordered_map<const Source*, vm::Value>* memo) const {
    if (kind == Kind::GlobalState) {
        if (autograd::grad_enabled() != grad_mode) return std::string("GLOBAL_STATE changed: grad_mode");
        if (default_float_dtype() != default_dtype) return std::string("GLOBAL_STATE changed: default_dtype");
        if (autocast_state() != autocast) return std::string("GLOBAL_STATE changed: autocast");
        return std::nullopt;
    }
    Value v;
    try {
        v = source->resolve(in, frame, memo);
    } catch (vm::PyError&) {
        return "'" + source->user_str() + "' cannot be read any more (" + kind_name() + ")";
    }
    if (kind == Kind::SymCompare && float_compare) {
        if (!v.is_float()) return "'" + source->user_str() + "' is not a float any more";
        return sym_float_failure(*this, source->user_str(), v.as_float());
    }
    if (kind == Kind::SymSize || kind == Kind::SymCompare) {
        if (!v.is_int()) return "'" + source->user_str() + "' is not an int any more";
        if (kind == Kind::SymSize && other) {
            Value w;
            try {
                w = other->resolve(in, frame, memo);
            } catch (vm::PyError&) {
                return "'" + other->user_str() + "' cannot be read any more";
            }
            int64_t b = w.is_int() ? w.as_int() : 0;
            return sym_int_failure(*this, source->user_str(), v.as_int(), w.is_int() ? &b : nullptr, other->user_str());
        }
        return sym_int_failure(*this, source->user_str(), v.as_int(), nullptr, "");
    }
    // The source's text only for a failure's message: every call of a compiled function checks every
    // guard, and formatting hundreds of sources (a compiled optimizer step's) cost more than the step.
    auto who = [&] { return source->user_str(); };
    switch (kind) {
        case Kind::TensorMatch: {
            // The class too (PyTorch's TENSOR_MATCH compares Py_TYPE): a graph that read type(x) or
            // isinstance(x, nn.Parameter) holds for that class only.
            auto* t = v.as<vm::TensorObj>();
            if (!t || (value.is(vm::Kind::Type) && vm::type_of(v) != value.get<vm::Type>())) return "expected type of '" + who() + "' to be a tensor type, ' but found " + type_repr(v);
            const Tensor& x = t->tensor;
            const TensorFacts facts{x.dtype(), x.device(), x.requires_grad(), x.sizes(), x.strides(), x.is_contiguous()};
            if (!tensor_match_failure(*this, std::string(), facts)) return std::nullopt;
            return tensor_match_failure(*this, who(), facts);
        }
        case Kind::EqualsMatch:
            if (same_constant(in, v, value)) return std::nullopt;
            return who() + " == " + vm::repr(in, value);
        case Kind::TypeMatch:
            if (vm::type_of(v) == value.get<vm::Type>() && !(v.is_bool() && value.get<vm::Type>() != vm::types().bool_))
                return std::nullopt;
            return "___check_type_id(" + who() + ", " + type_repr(value) + ")";
        case Kind::IdMatch:
            if (v.is_obj() && value.is_obj() && v.obj() == value.obj()) return std::nullopt;
            return "___check_obj_id(" + who() + ", " + vm::repr(in, value) + ")";
        case Kind::NoneMatch:
            if (v.is_none()) return std::nullopt;
            return who() + " is None";
        case Kind::SequenceLength: {
            const std::vector<Value>* items = nullptr;
            if (auto* l = v.as<vm::List>()) items = &l->items;
            if (auto* t = v.as<vm::Tuple>()) items = &t->items;
            if (items && int64_t(items->size()) == length && vm::type_of(v) == value.get<vm::Type>()) return std::nullopt;
            return "len(" + who() + ") == " + std::to_string(length);
        }
        case Kind::DictKeys: {
            auto* d = v.as<vm::Dict>();
            if (d) {
                std::vector<Value> now = d->keys();
                bool same = now.size() == keys.size();
                for (size_t i = 0; same && i < now.size(); ++i) same = vm::keys_equal(now[i], keys[i]);
                if (same) return std::nullopt;
            }
            return "list(" + who() + ".keys()) == [...]";
        }
        case Kind::NoAliasing: {
            Value w;
            try {
                w = other->resolve(in, frame, memo);
            } catch (vm::PyError&) {
                return std::nullopt;
            }
            if (v.is_obj() && w.is_obj() && v.obj() == w.obj())
                return "Duplicate tensors found: " + who() + " and " + other->user_str();
            return std::nullopt;
        }
        case Kind::DuplicateInput: {
            Value w;
            try {
                w = other->resolve(in, frame, memo);
            } catch (vm::PyError&) {
                return "'" + other->user_str() + "' cannot be read any more";
            }
            if (v.is_obj() && w.is_obj() && v.obj() == w.obj()) return std::nullopt;
            return who() + " is " + other->user_str();
        }
        case Kind::SymSize:
        case Kind::SymCompare: break;  // handled below (the source is a size, not an object)
        case Kind::GlobalState: break;
    }
    return std::nullopt;
}

std::optional<std::string> tensor_match_failure(const Guard& g, const std::string& who, const TensorFacts& x) {
    if (x.dtype != g.dtype)
        return "tensor '" + who + "' dtype mismatch. expected " + dtype_scalar_type_name(g.dtype) + ", actual " +
               dtype_scalar_type_name(x.dtype);
    if (x.device != g.device) return "tensor '" + who + "' device mismatch";
    if (x.requires_grad != g.requires_grad)
        return "tensor '" + who + "' requires_grad mismatch. expected requires_grad=" + (g.requires_grad ? "1" : "0");
    if (x.sizes.size() != g.sizes.size())
        return "tensor '" + who + "' rank mismatch. expected " + std::to_string(g.sizes.size()) + ", actual " +
               std::to_string(x.sizes.size());
    bool any_dynamic = false;
    for (size_t i = 0; i < g.sizes.size(); ++i) {
        if (i < g.dynamic.size() && g.dynamic[i]) {
            any_dynamic = true;
            continue;
        }
        if (x.sizes[i] != g.sizes[i])
            return "tensor '" + who + "' size mismatch at index " + std::to_string(i) + ". expected " +
                   std::to_string(g.sizes[i]) + ", actual " + std::to_string(x.sizes[i]);
    }
    if (any_dynamic && g.contiguous) {
        if (!x.contiguous) return "tensor '" + who + "' stride mismatch: expected a contiguous tensor";
        return std::nullopt;
    }
    for (size_t i = 0; i < g.strides.size() && i < x.strides.size(); ++i)
        if (x.strides[i] != g.strides[i])
            return "tensor '" + who + "' stride mismatch at index " + std::to_string(i) + ". expected " +
                   std::to_string(g.strides[i]) + ", actual " + std::to_string(x.strides[i]);
    return std::nullopt;
}

std::optional<std::string> sym_float_failure(const Guard& g, const std::string& who, double a) {
    const double b = g.rhs_float;
    const int c = g.cmp;
    bool r = c == 0 ? a < b : c == 1 ? a <= b : c == 2 ? a == b : c == 3 ? a != b : c == 4 ? a > b : a >= b;
    if (r == g.expected) return std::nullopt;
    return std::string(g.expected ? "" : "not ") + who + " " + cmp_text(c) + " " + py_float_repr(b);
}

std::optional<std::string> sym_int_failure(const Guard& g, const std::string& who, int64_t a, const int64_t* other,
                                           const std::string& other_who) {
    if (g.kind == Guard::Kind::SymCompare) {
        if (compare_ints(g.cmp, a, g.rhs) == g.expected) return std::nullopt;
        return std::string(g.expected ? "" : "not ") + who + " " + cmp_text(g.cmp) + " " + std::to_string(g.rhs);
    }
    if (g.other) {
        if (other && *other == a) return std::nullopt;
        return who + " == " + other_who;
    }
    if (a >= 2) return std::nullopt;
    return "2 <= " + who;
}

bool GuardSet::has(Guard::Kind k, const Source& s) const {
    for (const Guard& g : guards)
        if (g.kind == k && g.source && g.source->str() == s.str()) return true;
    return false;
}

std::optional<std::string> GuardSet::check(vm::Interpreter& in, const vm::Frame& frame, const Guard** failed) const {
    std::unordered_map<const Source*, vm::Value> memo;
    for (const Guard& g : guards)
        if (auto r = g.check(in, frame, &memo)) {
            if (failed) *failed = &g;
            return r;
        }
    return std::nullopt;
}

std::string GuardSet::str(vm::Interpreter& in) const {
    auto comment = [](const Guard& g) {
        if (g.where.line == 0) return std::string();
        return "  # " + g.where.code + "  # " + g.where.filename + ":" + std::to_string(g.where.line) + " in " +
               g.where.function;
    };
    std::string s = "GUARDS:\n\nTREE_GUARD_MANAGER:\n+- RootGuardManager\n";
    // Global state first, then one manager per source in the order sources were first guarded.
    for (const Guard& g : guards)
        if (g.kind == Guard::Kind::GlobalState) s += "| +- GLOBAL_STATE: " + g.code(in) + "\n";
    std::vector<std::string> order;
    std::map<std::string, std::vector<const Guard*>> by_source;
    for (const Guard& g : guards) {
        if (g.kind == Guard::Kind::GlobalState) continue;
        std::string key = g.source->str();
        if (!by_source.count(key)) order.push_back(key);
        by_source[key].push_back(&g);
    }
    for (const std::string& key : order) {
        s += "| +- GuardManager: source=" + key + "\n";
        for (const Guard* g : by_source[key]) s += "| | +- " + std::string(g->kind_name()) + ": " + g->code(in) + comment(*g) + "\n";
    }
    return s;
}

}  // namespace kiln::capture::dynamo
