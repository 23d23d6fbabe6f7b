// Guards: checking, recompile reasons and the TORCH_LOGS=guards printout (see guards.h).
#include "capture/dynamo/guards.h"

#include <algorithm>
#include <map>
#include <unordered_map>

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
        case Kind::NoHasAttr: return "NO_HASATTR";
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
        case Kind::NoHasAttr: return "not hasattr(" + source->str() + ", " + vm::repr(in, value) + ")";
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

namespace {

// Whether tensor `x` passes TENSOR_MATCH `g` (tensor_match_failure's tests without building the facts or
// a message): every call of a compiled module checks one per parameter and buffer.
bool tensor_matches(const Guard& g, const Tensor& x) {
    if (x.dtype() != g.dtype || x.device() != g.device || x.requires_grad() != g.requires_grad) return false;
    const Shape& sizes = x.sizes();
    if (sizes.size() != g.sizes.size()) return false;
    bool any_dynamic = false;
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (i < g.dynamic.size() && g.dynamic[i]) {
            any_dynamic = true;
            continue;
        }
        if (sizes[i] != g.sizes[i]) return false;
    }
    if (any_dynamic && g.contiguous) return x.is_contiguous();
    const Shape& strides = x.strides();
    for (size_t i = 0; i < g.strides.size() && i < strides.size(); ++i)
        if (strides[i] != g.strides[i]) return false;
    return true;
}

// One guard against the values `read` gives: read(false) the guard's source, read(true) its `other`
// (each throws PyError when the value cannot be read). Guard::check resolves sources on its own;
// GuardSet::check reads them through its accessor tree.
template <class Read>
std::optional<std::string> check_guard(const Guard& g, vm::Interpreter& in, Read&& read) {
    using Kind = Guard::Kind;
    const auto& source = g.source;
    const auto& other = g.other;
    if (g.kind == Kind::GlobalState) {
        if (autograd::grad_enabled() != g.grad_mode) return std::string("GLOBAL_STATE changed: grad_mode");
        if (default_float_dtype() != g.default_dtype) return std::string("GLOBAL_STATE changed: default_dtype");
        if (Guard::autocast_state() != g.autocast) return std::string("GLOBAL_STATE changed: autocast");
        return std::nullopt;
    }
    Value v;
    try {
        v = read(false);
    } catch (vm::PyError&) {
        return "'" + source->user_str() + "' cannot be read any more (" + g.kind_name() + ")";
    }
    if (g.kind == Kind::SymCompare && g.float_compare) {
        if (!v.is_float()) return "'" + source->user_str() + "' is not a float any more";
        return sym_float_failure(g, source->user_str(), v.as_float());
    }
    if (g.kind == Kind::SymSize || g.kind == Kind::SymCompare) {
        if (!v.is_int()) return "'" + source->user_str() + "' is not an int any more";
        if (g.kind == Kind::SymSize && other) {
            Value w;
            try {
                w = read(true);
            } catch (vm::PyError&) {
                return "'" + other->user_str() + "' cannot be read any more";
            }
            int64_t b = w.is_int() ? w.as_int() : 0;
            return sym_int_failure(g, source->user_str(), v.as_int(), w.is_int() ? &b : nullptr, other->user_str());
        }
        return sym_int_failure(g, source->user_str(), v.as_int(), nullptr, "");
    }
    // The source's text only for a failure's message: every call of a compiled function checks every
    // guard, and formatting hundreds of sources (a compiled optimizer step's) cost more than the step.
    auto who = [&] { return source->user_str(); };
    const Value& value = g.value;
    switch (g.kind) {
        case Kind::TensorMatch: {
            // The class too (PyTorch's TENSOR_MATCH compares Py_TYPE): a graph that read type(x) or
            // isinstance(x, nn.Parameter) holds for that class only.
            auto* t = v.as<vm::TensorObj>();
            if (!t || (value.is(vm::Kind::Type) && vm::type_of(v) != value.get<vm::Type>())) return "expected type of '" + who() + "' to be a tensor type, ' but found " + type_repr(v);
            const Tensor& x = t->tensor;
            if (tensor_matches(g, x)) return std::nullopt;
            const TensorFacts facts{x.dtype(), x.device(), x.requires_grad(), x.sizes(), x.strides(), x.is_contiguous()};
            if (!tensor_match_failure(g, std::string(), facts)) return std::nullopt;
            return tensor_match_failure(g, who(), facts);
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
            if (items && int64_t(items->size()) == g.length && vm::type_of(v) == value.get<vm::Type>()) return std::nullopt;
            return "len(" + who() + ") == " + std::to_string(g.length);
        }
        case Kind::DictKeys: {
            auto* d = v.as<vm::Dict>();
            if (d) {
                std::vector<Value> now = d->keys();
                bool same = now.size() == g.keys.size();
                for (size_t i = 0; same && i < now.size(); ++i) same = vm::keys_equal(now[i], g.keys[i]);
                if (same) return std::nullopt;
            }
            return "list(" + who() + ".keys()) == [...]";
        }
        case Kind::NoAliasing: {
            Value w;
            try {
                w = read(true);
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
                w = read(true);
            } catch (vm::PyError&) {
                return "'" + other->user_str() + "' cannot be read any more";
            }
            if (v.is_obj() && w.is_obj() && v.obj() == w.obj()) return std::nullopt;
            return who() + " is " + other->user_str();
        }
        case Kind::NoHasAttr:
            // GuardBuilder.HASATTR on an attribute the object lacked (add_no_hasattr_guard).
            if (vm::getattr_or_null(in, v, vm::str_of(value)).is_null()) return std::nullopt;
            return "not hasattr(" + who() + ", " + vm::repr(in, value) + ")";
        case Kind::SymSize:
        case Kind::SymCompare: break;  // handled above (the source is a size, not an object)
        case Kind::GlobalState: break;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> Guard::check(vm::Interpreter& in, const vm::Frame& frame,
                                         std::unordered_map<const Source*, vm::Value>* memo) const {
    return check_guard(*this, in, [&](bool second) { return (second ? other : source)->resolve(in, frame, memo); });
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

struct GuardSet::Tree {
    struct Node {
        const Source* src;
        int parent = -1;  // the base's node (Attr, Item, Size, Tensorify)
        // Local: where the frame of `co` keeps it (frame_local's search, done once).
        enum class Slot { None, Cell, Free, Fast } slot = Slot::None;
        size_t index = 0;
        int root = -1;  // Local / Global: its position among the tree's roots (read_inputs' arguments)
    };
    std::vector<Node> nodes;
    std::vector<std::pair<int, int>> guard_nodes;  // per guard: its source's node and its other's (-1: none)
    std::vector<int> input_nodes;                  // per GuardSet::inputs entry
    std::vector<std::string> roots;                // input_roots' paths; Node::root indexes them
    const Guard* first = nullptr;                  // the guard list it was built for
    size_t count = 0;
    const bytecode::CodeObject* co = nullptr;      // the code whose frames' local slots Node::index names
};

namespace {

using Tree = GuardSet::Tree;

// The node of `s` (and of its bases), one per distinct access path: two Source objects that print the
// same path read the same value within one check, when no Python code runs between the reads (the
// memo of Source::resolve assumed as much).
int tree_node(Tree& t, std::unordered_map<std::string, int>& by_path, const Source* s, const bytecode::CodeObject& co) {
    std::string path = std::to_string(int(s->kind)) + s->str();
    const bool shareable = path.find('?') == std::string::npos;  // an Item whose key prints as '?' stays its own
    if (shareable)
        if (auto it = by_path.find(path); it != by_path.end()) return it->second;
    Tree::Node n;
    n.src = s;
    if (s->base) n.parent = tree_node(t, by_path, s->base.get(), co);
    if (s->kind == Source::Kind::Local) {
        // frame_local's order: a cell (a parameter that is also a cell lives there), a free variable, a fast local
        bool found = false;
        for (size_t i = 0; !found && i < co.cellvars.size(); ++i)
            if (co.cellvars[i] == s->name) n.slot = Tree::Node::Slot::Cell, n.index = i, found = true;
        for (size_t i = 0; !found && i < co.freevars.size(); ++i)
            if (co.freevars[i] == s->name) n.slot = Tree::Node::Slot::Free, n.index = co.cellvars.size() + i, found = true;
        for (size_t i = 0; !found && i < co.varnames.size(); ++i)
            if (co.varnames[i] == s->name) n.slot = Tree::Node::Slot::Fast, n.index = i, found = true;
    }
    t.nodes.push_back(n);
    const int id = int(t.nodes.size()) - 1;
    if (shareable) by_path.emplace(std::move(path), id);
    return id;
}

std::shared_ptr<const Tree> build_tree(const GuardSet& set, const bytecode::CodeObject& co) {
    auto t = std::make_shared<Tree>();
    std::unordered_map<std::string, int> by_path;
    t->co = &co;
    t->first = set.guards.data();
    t->count = set.guards.size();
    for (const Guard& g : set.guards)
        t->guard_nodes.emplace_back(g.source ? tree_node(*t, by_path, g.source.get(), co) : -1,
                                    g.other ? tree_node(*t, by_path, g.other.get(), co) : -1);
    for (const SourceP& s : set.inputs) t->input_nodes.push_back(tree_node(*t, by_path, s.get(), co));
    for (const SourceP& r : input_roots(set.inputs)) t->roots.push_back(r->str());
    for (Tree::Node& n : t->nodes)
        if (!n.src->base)
            for (size_t k = 0; k < t->roots.size(); ++k)
                if (t->roots[k] == n.src->str()) n.root = int(k);
    return t;
}

// One check's values of the tree's nodes (Null: not read yet; a read value is never Null).
struct TreeReader {
    vm::Interpreter& in;
    const vm::Frame* frame;  // a guard check reads the frame's locals and globals
    const Tree& t;
    std::vector<Value> values;
    const Value* roots = nullptr;  // read_inputs reads the roots the transformed code passed
    size_t nroots = 0;

    Value read(int i) {
        if (!values[size_t(i)].is_null()) return values[size_t(i)];
        const Tree::Node& n = t.nodes[size_t(i)];
        const Source& s = *n.src;
        Value v;
        if (!frame && !s.base) {
            if (n.root < 0 || size_t(n.root) >= nroots) vm::raise(vm::types().RuntimeError, "dynamo: input root '" + s.str() + "' was not passed");
            v = roots[n.root];
            values[size_t(i)] = v;
            return v;
        }
        switch (s.kind) {
            case Source::Kind::Local: {
                const vm::Frame& frame = *this->frame;
                if (frame.co == t.co) {
                    switch (n.slot) {
                        case Tree::Node::Slot::Cell:
                        case Tree::Node::Slot::Free:
                            if (n.index < frame.cells.size() && frame.cells[n.index]) v = frame.cells[n.index]->value;
                            break;
                        case Tree::Node::Slot::Fast: v = frame.fast[n.index]; break;
                        case Tree::Node::Slot::None: break;
                    }
                } else {
                    v = frame_local(frame, s.name);
                }
                if (v.is_null()) vm::raise(vm::types().NameError, "local '" + s.name + "' is unbound");
                break;
            }
            case Source::Kind::Global: v = s.resolve(in, *frame); break;
            case Source::Kind::Attr: v = vm::getattr(in, read(n.parent), s.name); break;
            case Source::Kind::Item: v = vm::getitem(in, read(n.parent), s.key); break;
            case Source::Kind::Tensorify: v = read(n.parent); break;
            case Source::Kind::Size: {
                Value base = read(n.parent);
                auto* obj = base.as<vm::TensorObj>();
                if (!obj || s.dim >= obj->tensor.dim()) vm::raise(vm::types().TypeError, "not a tensor of that rank");
                v = Value::integer(obj->tensor.size(s.dim));
                break;
            }
        }
        values[size_t(i)] = v;
        return v;
    }
};

}  // namespace

std::shared_ptr<const GuardSet::Tree> GuardSet::tree_for(const bytecode::CodeObject& co) const {
    // The guard list is final once its cache entry exists; a copy (explain's records) has the same
    // guards and builds its own tree on its first check.
    std::shared_ptr<const Tree> t = tree;
    if (!t || t->count != guards.size() || t->input_nodes.size() != inputs.size()) tree = t = build_tree(*this, co);
    return t;
}

std::optional<std::string> GuardSet::check(vm::Interpreter& in, const vm::Frame& frame, const Guard** failed,
                                           std::vector<vm::Value>* values) const {
    std::shared_ptr<const Tree> t = tree_for(*frame.co);
    TreeReader r{in, &frame, *t, std::vector<Value>(t->nodes.size())};
    for (size_t k = 0; k < guards.size(); ++k) {
        const Guard& g = guards[k];
        // (not a structured binding: clang 14, the sanitize and web builds' compiler, cannot capture one)
        const auto a = t->guard_nodes[k].first, b = t->guard_nodes[k].second;
        if (auto why = check_guard(g, in, [&](bool second) { return r.read(second ? b : a); })) {
            if (failed) *failed = &g;
            return why;
        }
    }
    if (values) *values = std::move(r.values);
    return std::nullopt;
}

std::vector<SourceP> input_roots(const std::vector<SourceP>& inputs) {
    std::vector<SourceP> roots;
    std::vector<std::string> seen;
    for (const SourceP& s : inputs) {
        const Source* r = s.get();
        while (r->base) r = r->base.get();
        std::string path = r->str();
        if (std::find(seen.begin(), seen.end(), path) != seen.end()) continue;
        seen.push_back(path);
        roots.push_back(r->kind == Source::Kind::Local ? Source::local(r->name) : Source::global(r->name));
    }
    return roots;
}

bool readable_inputs(const std::vector<SourceP>& inputs) {
    for (const SourceP& s : inputs)
        for (const Source* p = s.get(); p; p = p->base.get()) {
            if (p->kind == Source::Kind::Size || p->kind == Source::Kind::Tensorify) return false;
            // Item keys the transformed code could load as constants: ints and strs.
            if (p->kind == Source::Kind::Item && !p->key.is_int() && !p->key.is(vm::Kind::Str)) return false;
        }
    return true;
}

std::vector<Value> read_inputs(vm::Interpreter& in, const GuardSet::Tree& t, const Value* roots, size_t nroots,
                               std::vector<Value> seeded) {
    if (seeded.size() != t.nodes.size()) seeded.assign(t.nodes.size(), Value());
    TreeReader r{in, nullptr, t, std::move(seeded), roots, nroots};
    std::vector<Value> out;
    out.reserve(t.input_nodes.size());
    for (int n : t.input_nodes) out.push_back(r.read(n));
    return out;
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
        for (const Guard* g : by_source[key]) {
            if (g->kind == Guard::Kind::SequenceLength) {
                // GuardBuilder.SEQUENCE_LENGTH installs two leaves: the type check, then the length
                // (LENGTH_CHECK; `not L['xs']` for an empty sequence).
                s += "| | +- TYPE_MATCH: ___check_type_id(" + g->source->str() + ", " + type_repr(g->value) + ")" + comment(*g) + "\n";
                s += "| | +- LENGTH_CHECK: " +
                     (g->length == 0 ? "not " + g->source->str() : g->code(in)) + comment(*g) + "\n";
                continue;
            }
            s += "| | +- " + std::string(g->kind_name()) + ": " + g->code(in) + comment(*g) + "\n";
        }
    }
    return s;
}

}  // namespace kiln::capture::dynamo
