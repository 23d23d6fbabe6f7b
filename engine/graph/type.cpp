// Graph value types (see type.h): constructors, TorchScript's two printed spellings, and the
// subtyping/unification rules the script compiler and the verifier rely on.
//
// The rules follow TorchScript's c10 types: a complete (traced) tensor type is a subtype of plain
// `Tensor`; None and T are both subtypes of Optional[T]; int and float are subtypes of Number but do
// not unify with each other (TorchScript rejects `x = 1 if c else 2.0`); lists are invariant except
// that tensor details are ignored and an element may be widened to Optional or to a generic `t`.
#include "graph/type.h"

#include <sstream>

namespace kiln::graph {

namespace {

TypePtr make_simple(TypeKind k) {
    auto t = std::make_shared<Type>();
    t->kind = k;
    return t;
}

TypePtr make_container(TypeKind k, std::vector<TypePtr> contained) {
    auto t = std::make_shared<Type>();
    t->kind = k;
    t->contained = std::move(contained);
    return t;
}

std::string join(const std::vector<TypePtr>& ts, bool annotation) {
    std::string s;
    for (size_t i = 0; i < ts.size(); ++i) {
        if (i) s += ", ";
        s += annotation ? ts[i]->annotation_str() : ts[i]->str();
    }
    return s;
}

std::string complete_tensor_str(const Type& t) {
    std::ostringstream os;
    os << dtype_scalar_type_name(*t.dtype) << "(";
    const Shape& sizes = *t.sizes;
    for (size_t i = 0; i < sizes.size(); ++i) os << sizes[i] << ", ";
    if (!sizes.empty()) {
        os << "strides=[";
        for (size_t i = 0; i < t.strides->size(); ++i) os << (i ? ", " : "") << (*t.strides)[i];
        os << "], ";
    }
    // requires_grad is left out when unknown (prim::NumToTensor's result: `Long(device=cpu)`).
    if (t.requires_grad) os << "requires_grad=" << (*t.requires_grad ? 1 : 0) << ", ";
    os << "device=" << device_name(*t.device) << ")";
    return os.str();
}

}  // namespace

std::string Type::str() const {
    switch (kind) {
        case TypeKind::Tensor: return is_complete_tensor() && dtype ? complete_tensor_str(*this) : "Tensor";
        case TypeKind::Int: return "int";
        case TypeKind::Float: return "float";
        case TypeKind::Bool: return "bool";
        case TypeKind::Str: return "str";
        case TypeKind::None: return "NoneType";
        case TypeKind::Device: return "Device";
        case TypeKind::Number: return "Scalar";
        case TypeKind::List: return contained[0]->str() + "[]";
        case TypeKind::Tuple: {
            // Built by appends: GCC 12's -Wrestrict misfires on "(" + std::string + ")".
            std::string s = "(";
            s += join(contained, false);
            s += ")";
            return s;
        }
        case TypeKind::Optional: return contained[0]->str() + "?";
        case TypeKind::Dict: return "Dict(" + join(contained, false) + ")";
        case TypeKind::Class: return name;
        // Unlike Dict(...), a Future prints with brackets in graphs: %fut : Future[Tensor] (PyTorch 2.11).
        case TypeKind::Future: return "Future[" + contained[0]->str() + "]";
        case TypeKind::Function: return "Function";
        case TypeKind::Any: return "Any";
    }
    return "Any";
}

std::string Type::annotation_str() const {
    switch (kind) {
        case TypeKind::Tensor: return "Tensor";
        case TypeKind::None: return "None";
        case TypeKind::Number: return "number";
        case TypeKind::List: return "List[" + contained[0]->annotation_str() + "]";
        case TypeKind::Tuple:
            // typing's spelling of the empty tuple.
            return contained.empty() ? "Tuple[()]" : "Tuple[" + join(contained, true) + "]";
        case TypeKind::Optional: return "Optional[" + contained[0]->annotation_str() + "]";
        case TypeKind::Dict: return "Dict[" + join(contained, true) + "]";
        case TypeKind::Future: return "Future[" + contained[0]->annotation_str() + "]";
        default: return str();
    }
}

TypePtr tensor_type() {
    static const TypePtr t = make_simple(TypeKind::Tensor);
    return t;
}
TypePtr inferred_tensor_type() {
    static const TypePtr t = make_simple(TypeKind::Tensor);
    return t;
}
TypePtr int_type() {
    static const TypePtr t = make_simple(TypeKind::Int);
    return t;
}
TypePtr float_type() {
    static const TypePtr t = make_simple(TypeKind::Float);
    return t;
}
TypePtr bool_type() {
    static const TypePtr t = make_simple(TypeKind::Bool);
    return t;
}
TypePtr str_type() {
    static const TypePtr t = make_simple(TypeKind::Str);
    return t;
}
TypePtr none_type() {
    static const TypePtr t = make_simple(TypeKind::None);
    return t;
}
TypePtr device_type() {
    static const TypePtr t = make_simple(TypeKind::Device);
    return t;
}
TypePtr number_type() {
    static const TypePtr t = make_simple(TypeKind::Number);
    return t;
}
TypePtr any_type() {
    static const TypePtr t = make_simple(TypeKind::Any);
    return t;
}
TypePtr function_type() {
    static const TypePtr t = make_simple(TypeKind::Function);
    return t;
}
TypePtr list_type(TypePtr elem) { return make_container(TypeKind::List, {std::move(elem)}); }
TypePtr tuple_type(std::vector<TypePtr> elems) { return make_container(TypeKind::Tuple, std::move(elems)); }
TypePtr optional_type(TypePtr elem) {
    // Optional[Optional[T]] and Optional[None] collapse, as typing does.
    if (elem->kind == TypeKind::Optional || elem->kind == TypeKind::None) return elem;
    return make_container(TypeKind::Optional, {std::move(elem)});
}
TypePtr dict_type(TypePtr key, TypePtr value) { return make_container(TypeKind::Dict, {std::move(key), std::move(value)}); }
TypePtr future_type(TypePtr elem) { return make_container(TypeKind::Future, {std::move(elem)}); }
TypePtr class_type(const std::string& qualified_name) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::Class;
    t->name = qualified_name;
    return t;
}

TypePtr complete_tensor_type(DType dtype, const Shape& sizes, const Shape& strides, bool requires_grad, Device device) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::Tensor;
    t->dtype = dtype;
    t->sizes = sizes;
    t->strides = strides;
    t->requires_grad = requires_grad;
    t->device = device;
    return t;
}

bool type_equal(const TypePtr& a, const TypePtr& b) {
    if (a == b) return true;
    if (!a || !b) return false;
    if (a->kind != b->kind || a->name != b->name || a->contained.size() != b->contained.size()) return false;
    if (a->kind == TypeKind::Tensor) {
        if (a->dtype != b->dtype || a->sizes != b->sizes || a->strides != b->strides ||
            a->requires_grad != b->requires_grad || a->device != b->device)
            return false;
    }
    for (size_t i = 0; i < a->contained.size(); ++i)
        if (!type_equal(a->contained[i], b->contained[i])) return false;
    return true;
}

namespace {

// List elements: invariant (TorchScript), except that tensor details do not matter, T widens to
// Optional[T], and anything fits a generic element `t` (Any).
bool list_element_fits(const TypePtr& a, const TypePtr& b) {
    if (b->kind == TypeKind::Any) return true;
    if (type_equal(erase_tensor_details(a), erase_tensor_details(b))) return true;
    if (b->kind == TypeKind::Optional) {
        if (a->kind == TypeKind::None) return true;
        const TypePtr& inner = a->kind == TypeKind::Optional ? a->contained[0] : a;
        return list_element_fits(inner, b->contained[0]);
    }
    return false;
}

}  // namespace

bool is_subtype(const TypePtr& a, const TypePtr& b) {
    if (!a || !b) return false;
    if (type_equal(a, b)) return true;
    if (b->kind == TypeKind::Any) return true;
    if (b->kind == TypeKind::Optional) {
        if (a->kind == TypeKind::None) return true;
        if (a->kind == TypeKind::Optional) return is_subtype(a->contained[0], b->contained[0]);
        return is_subtype(a, b->contained[0]);
    }
    switch (a->kind) {
        case TypeKind::Tensor:
            // A complete type is a refinement of plain Tensor; two different complete types are not
            // related, and plain Tensor is not a subtype of a complete one.
            return b->kind == TypeKind::Tensor && !b->is_complete_tensor();
        case TypeKind::Int:
        case TypeKind::Float:
        case TypeKind::Bool:
            // Scalar in a schema takes Python's bool too (x.fill_(True)).
            return b->kind == TypeKind::Number;
        case TypeKind::List:
            return b->kind == TypeKind::List && list_element_fits(a->contained[0], b->contained[0]);
        case TypeKind::Tuple:
            if (b->kind != TypeKind::Tuple || a->contained.size() != b->contained.size()) return false;
            for (size_t i = 0; i < a->contained.size(); ++i)
                if (!is_subtype(a->contained[i], b->contained[i])) return false;
            return true;
        case TypeKind::Dict:
            return b->kind == TypeKind::Dict && type_equal(a->contained[0], b->contained[0]) &&
                   list_element_fits(a->contained[1], b->contained[1]);
        case TypeKind::Future:
            return b->kind == TypeKind::Future && is_subtype(a->contained[0], b->contained[0]);
        default: return false;
    }
}

TypePtr erase_tensor_details(const TypePtr& t) {
    if (!t) return t;
    if (t->kind == TypeKind::Tensor) return tensor_type();
    if (t->contained.empty()) return t;
    std::vector<TypePtr> inner;
    bool changed = false;
    for (const TypePtr& c : t->contained) {
        inner.push_back(erase_tensor_details(c));
        changed = changed || inner.back() != c;
    }
    if (!changed) return t;
    auto out = std::make_shared<Type>(*t);
    out->contained = std::move(inner);
    return out;
}

TypePtr unify_types(const TypePtr& a, const TypePtr& b) {
    if (!a || !b) return nullptr;
    if (type_equal(a, b)) return b;
    // Two tensors (complete or not) unify to plain Tensor: the details differ.
    if (a->kind == TypeKind::Tensor && b->kind == TypeKind::Tensor) return tensor_type();
    // Mutable containers: a list seen through two names must keep one element type, so only
    // elementwise-equal lists unify (tensor details dropped).
    if (a->kind == TypeKind::List && b->kind == TypeKind::List) {
        TypePtr ea = erase_tensor_details(a->contained[0]), eb = erase_tensor_details(b->contained[0]);
        return type_equal(ea, eb) ? list_type(ea) : nullptr;
    }
    if (a->kind == TypeKind::Dict && b->kind == TypeKind::Dict) {
        TypePtr ea = erase_tensor_details(a), eb = erase_tensor_details(b);
        return type_equal(ea, eb) ? ea : nullptr;
    }
    if (is_subtype(a, b)) return b;
    if (is_subtype(b, a)) return a;
    if (a->kind == TypeKind::None) return optional_type(b);
    if (b->kind == TypeKind::None) return optional_type(a);
    // unify(Optional[T], S) = Optional[unify(T, S)] (complete tensors inside optionals).
    if (a->kind == TypeKind::Optional || b->kind == TypeKind::Optional) {
        const TypePtr& ia = a->kind == TypeKind::Optional ? a->contained[0] : a;
        const TypePtr& ib = b->kind == TypeKind::Optional ? b->contained[0] : b;
        TypePtr u = unify_types(ia, ib);
        return u ? optional_type(u) : nullptr;
    }
    if (a->kind == TypeKind::Tuple && b->kind == TypeKind::Tuple) {
        if (a->contained.size() != b->contained.size()) return nullptr;
        std::vector<TypePtr> elems;
        for (size_t i = 0; i < a->contained.size(); ++i) {
            TypePtr u = unify_types(a->contained[i], b->contained[i]);
            if (!u) return nullptr;
            elems.push_back(u);
        }
        return tuple_type(std::move(elems));
    }
    if (a->kind == TypeKind::Future && b->kind == TypeKind::Future) {
        TypePtr u = unify_types(a->contained[0], b->contained[0]);
        return u ? future_type(u) : nullptr;
    }
    return nullptr;
}

int64_t scalar_type_code(DType dt) {
    switch (dt) {
        case DType::Bool: return 11;
        case DType::Int64: return 4;
        case DType::Float16: return 5;
        case DType::BFloat16: return 15;
        case DType::Float32: return 6;
        case DType::Float64: return 7;
        case DType::UInt8: return 0;
        case DType::Int8: return 1;
        case DType::Int16: return 2;
        case DType::Int32: return 3;
        case DType::UInt16: return 27;
        case DType::UInt32: return 28;
    }
    return 6;
}

std::optional<DType> dtype_from_scalar_type_code(int64_t code) {
    switch (code) {
        case 11: return DType::Bool;
        case 4: return DType::Int64;
        case 5: return DType::Float16;
        case 15: return DType::BFloat16;
        case 6: return DType::Float32;
        case 7: return DType::Float64;
        case 0: return DType::UInt8;
        case 1: return DType::Int8;
        case 2: return DType::Int16;
        case 3: return DType::Int32;
        case 27: return DType::UInt16;
        case 28: return DType::UInt32;
        default: return std::nullopt;
    }
}

}  // namespace kiln::graph
