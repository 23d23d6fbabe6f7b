// What-if guards (see guard_whatif.h): snapshots of guards as data, and their check against
// made-up inputs with the failure texts of GuardSet::check.
#include "capture/dynamo/guard_whatif.h"

#include "support/pyrepr.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

using vm::Value;

namespace {

std::string type_name_of(const Value& v) { return vm::type_of(v)->name; }

// "<class 'int'>", as guards.cpp's type_repr prints a builtin type.
std::string class_repr(const WhatIfValue& v) {
    if (v.kind == WhatIfValue::Kind::Tensor) return "<class 'torch.Tensor'>";
    return "<class '" + v.type_name + "'>";
}

// The argument a source reads, if it reads one: L['x'] (dim -1) or L['x'].size()[d].
void input_of(const SourceP& s, std::string* root, int64_t* dim) {
    root->clear();
    *dim = -1;
    if (!s) return;
    if (s->kind == Source::Kind::Local) {
        *root = s->name;
    } else if (s->kind == Source::Kind::Size && s->base && s->base->kind == Source::Kind::Local) {
        *root = s->base->name;
        *dim = s->dim;
    }
}

// Python's == on the constants Dynamo specializes on, with the type check of guards.cpp's
// same_constant: 1 == 1.0 is True in Python, but the guard wants an int.
bool same_constant(const WhatIfValue& a, const WhatIfValue& b) {
    using K = WhatIfValue::Kind;
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case K::Int: return a.int_value == b.int_value;
        case K::Float: return a.float_value == b.float_value || (a.float_value != a.float_value && b.float_value != b.float_value);
        case K::Bool: return a.bool_value == b.bool_value;
        case K::None: return true;
        case K::Str: return a.str_value == b.str_value;
        case K::Other: return a.repr == b.repr && a.type_name == b.type_name;
        case K::Tensor: return false;
    }
    return false;
}

}  // namespace

std::string WhatIfValue::text() const {
    switch (kind) {
        case Kind::Tensor: {
            std::string s = std::string(dtype_abbrev(tensor.dtype)) + "[";
            for (size_t i = 0; i < tensor.sizes.size(); ++i) s += (i ? ", " : "") + std::to_string(tensor.sizes[i]);
            s += "]";
            if (tensor.requires_grad) s += " requires_grad";
            if (!tensor.contiguous) s += " (strided)";
            return s;
        }
        case Kind::Int: return std::to_string(int_value);
        case Kind::Float: return py_float_repr(float_value);
        case Kind::Bool: return bool_value ? "True" : "False";
        case Kind::None: return "None";
        case Kind::Str: return py_str_repr(str_value);
        case Kind::Other: return repr;
    }
    return "?";
}

WhatIfValue whatif_value(vm::Interpreter& in, const Value& v) {
    WhatIfValue w;
    w.type_name = type_name_of(v);
    if (auto* t = v.as<vm::TensorObj>()) {
        const Tensor& x = t->tensor;
        w.kind = WhatIfValue::Kind::Tensor;
        w.tensor = {x.dtype(), x.device(), x.requires_grad(), x.sizes(), x.strides(), x.is_contiguous()};
    } else if (v.is_bool()) {
        w.kind = WhatIfValue::Kind::Bool;
        w.bool_value = v.as_bool();
    } else if (v.is_int()) {
        w.kind = WhatIfValue::Kind::Int;
        w.int_value = v.as_int();
    } else if (v.is_float()) {
        w.kind = WhatIfValue::Kind::Float;
        w.float_value = v.as_float();
    } else if (v.is_none()) {
        w.kind = WhatIfValue::Kind::None;
    } else if (v.is(vm::Kind::Str)) {
        w.kind = WhatIfValue::Kind::Str;
        w.str_value = vm::str_of(v);
    } else {
        w.kind = WhatIfValue::Kind::Other;
        try {
            w.repr = vm::repr(in, v);
        } catch (...) {
            w.repr = "<" + w.type_name + ">";
        }
        if (w.repr.size() > 80) w.repr = "<" + w.type_name + ">";  // a module's repr spans lines
    }
    return w;
}

std::vector<GuardFact> guard_facts(vm::Interpreter& in, const GuardSet& set) {
    std::vector<GuardFact> out;
    for (const Guard& g : set.guards) {
        GuardFact f;
        f.kind_name = g.kind_name();
        try {
            f.code = g.code(in);
        } catch (...) {
            f.code = f.kind_name;
        }
        f.line = g.where.line;
        if (g.source) f.who = g.source->user_str();
        if (g.other) f.other_who = g.other->user_str();
        input_of(g.source, &f.root, &f.size_dim);
        input_of(g.other, &f.other_root, &f.other_dim);
        switch (g.kind) {
            case Guard::Kind::EqualsMatch:
                f.expected = whatif_value(in, g.value);
                f.reason = f.who + " == " + f.expected.text();
                break;
            case Guard::Kind::TypeMatch:
                if (g.value.is(vm::Kind::Type)) f.expected.type_name = g.value.get<vm::Type>()->name;
                f.reason = f.code;
                break;
            case Guard::Kind::IdMatch:
            case Guard::Kind::NoneMatch:
            case Guard::Kind::SequenceLength:
            case Guard::Kind::DictKeys: f.reason = f.code; break;
            default: break;
        }
        // The copy keeps the compared facts only: sources and Python values belong to the interpreter.
        f.guard = g;
        f.guard.source.reset();
        f.guard.other.reset();
        f.guard.value = Value();
        f.guard.keys.clear();
        if (g.other) f.guard.other = Source::local(f.other_root.empty() ? "?" : f.other_root);  // "has another"
        out.push_back(std::move(f));
    }
    return out;
}

WhatIfResult whatif_check(const GuardFact& f, const WhatIfInputs& inputs) {
    using K = Guard::Kind;
    using O = WhatIfResult::Outcome;
    using V = WhatIfValue::Kind;
    auto result = [](const std::optional<std::string>& why) {
        return why ? WhatIfResult{O::Fails, *why} : WhatIfResult{O::Holds, ""};
    };
    const Guard& g = f.guard;
    if (g.kind == K::GlobalState) return {O::Unchanged, "grad mode and the default dtype are not inputs"};
    auto it = f.root.empty() ? inputs.end() : inputs.find(f.root);
    if (it == inputs.end())
        return {O::Unchanged, f.who.empty() ? "reads no argument" : "reads " + f.who + ", not an argument of the call"};
    const WhatIfValue& v = it->second;

    // An int a shape guard reads: an int argument, or a size of a tensor argument.
    auto int_of = [&](const WhatIfValue& w, int64_t dim, int64_t* out) {
        if (dim < 0) {
            if (w.kind != V::Int) return false;
            *out = w.int_value;
            return true;
        }
        if (w.kind != V::Tensor || dim >= int64_t(w.tensor.sizes.size())) return false;
        *out = w.tensor.sizes[size_t(dim)];
        return true;
    };
    if (g.kind == K::SymSize || g.kind == K::SymCompare) {
        if (g.kind == K::SymCompare && g.float_compare) {
            if (v.kind != V::Float) return {O::Fails, "'" + f.who + "' is not a float any more"};
            return result(sym_float_failure(g, f.who, v.float_value));
        }
        int64_t a = 0;
        if (!int_of(v, f.size_dim, &a))
            return {O::Fails, f.size_dim >= 0 ? "'" + f.who + "' cannot be read any more (" + f.kind_name + ")"
                                              : "'" + f.who + "' is not an int any more"};
        int64_t b = 0;
        bool have_other = false;
        if (g.other) {
            auto o = inputs.find(f.other_root);
            if (o == inputs.end()) return {O::Unchanged, "compares with " + f.other_who + ", not an argument of the call"};
            have_other = int_of(o->second, f.other_dim, &b);
        }
        return result(sym_int_failure(g, f.who, a, have_other ? &b : nullptr, f.other_who));
    }
    if (f.size_dim >= 0) return {O::Holds, ""};  // no other guard reads a size
    switch (g.kind) {
        case K::TensorMatch:
            if (v.kind != V::Tensor)
                return {O::Fails, "expected type of '" + f.who + "' to be a tensor type, ' but found " + class_repr(v)};
            return result(tensor_match_failure(g, f.who, v.tensor));
        case K::EqualsMatch: return result(same_constant(v, f.expected) ? std::nullopt : std::optional<std::string>(f.reason));
        case K::TypeMatch:
            return result(v.type_name == f.expected.type_name ? std::nullopt : std::optional<std::string>(f.reason));
        case K::NoneMatch: return result(v.kind == V::None ? std::nullopt : std::optional<std::string>(f.reason));
        case K::IdMatch:
        case K::SequenceLength:
        case K::DictKeys:
            // Objects, lists and dicts cannot be edited in a what-if: they stay what they were.
            if (v.kind == V::Other) return {O::Unchanged, f.who + " is passed as it was"};
            return {O::Fails, f.reason};
        case K::NoAliasing: return {O::Holds, ""};  // what-if inputs are new, distinct objects
        case K::DuplicateInput: return {O::Fails, f.who + " is " + f.other_who};
        default: return {O::Holds, ""};
    }
}

}  // namespace kiln::capture::dynamo
