// The object protocol (see ops.h): truth, repr/str, attributes, subscripts, operators, iteration.
#include "vm/ops.h"
#include "vm/complex.h"
#include "vm/int_big.h"
#include "vm/pyhash.h"

#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "support/pyrepr.h"
#include "support/stack.h"
#include "vm/descriptors.h"
#include "vm/generator.h"
#include "vm/module_attr.h"
#include "vm/text_format.h"
#include "vm/text_str.h"

namespace kiln::vm {

// iter.cpp: to_vector where CPython reads with PySequence_Fast (a TypeError getting the iterator
// becomes `message`)
std::vector<Value> to_sequence(Interpreter& in, const Value& iterable, const char* message);

using bytecode::CMP_EQ;
using bytecode::CMP_GE;
using bytecode::CMP_GT;
using bytecode::CMP_LE;
using bytecode::CMP_LT;
using bytecode::CMP_NE;

// ---- raising ------------------------------------------------------------------------------------

Value new_exception(Type* type, std::vector<Value> args) {
    auto e = make<ExceptionObj>(type);
    // A SyntaxError made natively (compile()'s refusals) has CPython's attributes too: msg from the
    // message, the location parts None (SyntaxError_init), so `e.msg` and `e.lineno` read.
    if (type->is_subtype_of(types().SyntaxError)) {
        for (const char* n : {"filename", "lineno", "offset", "text", "end_lineno", "end_offset", "print_file_and_line"})
            e->dict.set(n, Value::none());
        e->dict.set("msg", args.empty() ? Value::none() : args[0]);
    }
    e->args = new_tuple(std::move(args));
    return Value(e.get());
}

void raise(Type* type, const std::string& message) { throw PyError(new_exception(type, {new_str(message)})); }

void raise_value(const Value& v) {
    if (v.is(Kind::Exception)) throw PyError(v);
    if (auto* t = v.as<Type>(); t && t->is_exception) {
        Value e = current_interpreter().call(v, {});
        throw PyError(e);
    }
    raise(types().TypeError, "exceptions must derive from BaseException");
}

namespace {
std::vector<ErrorTypeHook>& error_type_hooks() {
    static std::vector<ErrorTypeHook> hooks;
    return hooks;
}
}  // namespace

void add_error_type_hook(ErrorTypeHook hook) { error_type_hooks().push_back(hook); }

Value exception_from_error(const kiln::Error& e) {
    for (ErrorTypeHook hook : error_type_hooks())
        if (Type* own = hook(e)) return new_exception(own, {new_str(e.what())});
    const TypeTable& t = types();
    Type* type = t.RuntimeError;
    switch (e.kind()) {
        case ErrorKind::RuntimeError: type = t.RuntimeError; break;
        case ErrorKind::ValueError: type = t.ValueError; break;
        case ErrorKind::TypeError: type = t.TypeError; break;
        case ErrorKind::IndexError: type = t.IndexError; break;
        case ErrorKind::NotImplementedError: type = t.NotImplementedError; break;
        case ErrorKind::SyntaxError: type = t.SyntaxError; break;
        case ErrorKind::KeyError: type = t.KeyError; break;
        case ErrorKind::MemoryError: type = t.MemoryError; break;
        case ErrorKind::OverflowError: type = t.OverflowError; break;
        case ErrorKind::RecursionError: type = t.RecursionError; break;
    }
    return new_exception(type, {new_str(e.what())});
}

// ---- making values ------------------------------------------------------------------------------

Value new_str(std::string s) { return Value(make<Str>(std::move(s)).get()); }
Value new_list(std::vector<Value> items) { return Value(make<List>(std::move(items)).get()); }
Value new_tuple(std::vector<Value> items) { return Value(make<Tuple>(std::move(items)).get()); }
Value new_builtin(std::string name, NativeFn fn) { return Value(make<Builtin>(std::move(name), std::move(fn)).get()); }

void module_def::def(ModuleObj& m, const char* name, NativeFn fn) { m.dict.set(name, new_builtin(name, std::move(fn))); }

void def_method(Type* type, const char* name, NativeFn fn) {
    type->dict.set(name, Value(immortal<Builtin>(name, std::move(fn), type->name + "." + name)));
}

void def_property(Type* type, const char* name, NativeFn getter, NativeFn setter) {
    Value g(immortal<Builtin>(name, std::move(getter), type->name + "." + name));
    Value s = setter ? Value(immortal<Builtin>(name, std::move(setter), type->name + "." + name)) : Value();
    Property* p = immortal<Property>(g, s);
    type->dict.set(name, Value(p));
}

Value wrap_tensor(const Tensor& t) {
    if (!t.defined()) return Value::none();
    if (auto* o = static_cast<Object*>(t.impl()->py_object)) return Value(o);
    const TensorImpl* x = t.impl();
    Type* type = x->is_uninitialized ? (x->is_parameter ? types().uninitialized_parameter : types().uninitialized_buffer)
                 : x->is_parameter  ? types().parameter
                                    : types().tensor;
    return Value(make<TensorObj>(type, t).get());
}

// ---- type queries -------------------------------------------------------------------------------

Type* type_of(const Value& v) {
    const TypeTable& t = types();
    switch (v.tag()) {
        case Tag::Null:
        case Tag::None: return t.none;
        case Tag::Bool: return t.bool_;
        case Tag::Int: return t.int_;
        case Tag::Float: return t.float_;
        case Tag::Obj: break;
    }
    return v.obj()->type;
}

// type_name() is in types.cpp, beside the table of C types named with their module.

bool isinstance(const Value& v, const Type* t) { return type_of(v)->is_subtype_of(t); }

Instance* as_instance(const Value& v) {
    if (!v.is_obj()) return nullptr;
    Kind k = v.obj()->kind;
    return k == Kind::Instance || k == Kind::Exception || k == Kind::NNModule ? static_cast<Instance*>(v.obj()) : nullptr;
}

// A native reading a user's argument as text without checking it first (module.named_parameters(
// prefix=3), nn.init.calculate_gain(3)) gets a TypeError here rather than reading another object as
// a str; the check is one tag and kind test.
const std::string& str_of(const Value& v) {
    if (!v.is(Kind::Str)) [[unlikely]]
        raise(types().TypeError, str("must be str, not ", type_name(v)));
    return v.get<Str>()->s;
}

bool Value::identical(const Value& o) const {
    if (tag_ != o.tag_) return false;
    switch (tag_) {
        case Tag::Null:
        case Tag::None: return true;
        case Tag::Bool: return u_.b == o.u_.b;
        case Tag::Int: return u_.i == o.u_.i;
        case Tag::Float: return u_.f == o.u_.f || (std::isnan(u_.f) && std::isnan(o.u_.f));
        case Tag::Obj: return u_.o == o.u_.o;
    }
    return false;
}

// A core object is one whose behaviour is built into these functions; others use dunders.
static bool is_core(const Value& v) {
    if (!v.is_obj()) return true;
    switch (v.obj()->kind) {
        case Kind::Instance:
        case Kind::Exception:
        case Kind::Tensor:
        case Kind::NNModule: return false;
        case Kind::Native: return is_big(v);  // a heap int is an int
        case Kind::Tuple: return v.obj()->type == types().tuple;
        case Kind::Dict: return v.obj()->type == types().dict;  // a dict subclass's dunders come first
        case Kind::Type: return v.obj()->type == types().type;  // a class with a metaclass uses its dunders
        case Kind::List: return v.obj()->type->builtin;  // a user subclass's instance uses its dunders
        default: return true;
    }
}

// object's own comparison, hash, repr, str and format slots (register_object_slots below). Operators
// treat finding one of them as "no override" and take their native default path, which computes the
// same thing without a call.
static const Object* g_object_slots[12];
static size_t g_object_slot_count = 0;

static bool is_object_default_slot(const Value& f) {
    if (!f.is_obj() || f.obj()->kind != Kind::Builtin) return false;
    for (size_t i = 0; i < g_object_slot_count; ++i)
        if (g_object_slots[i] == f.obj()) return true;
    return false;
}

// The built-in types' dunders exposed as attributes (slot_wrappers.cpp): operators keep their native
// paths, so find_dunder treats them as absent, as it does object's default slots.
static std::unordered_set<const Object*>& slot_wrappers() {
    static std::unordered_set<const Object*> s;
    return s;
}

void mark_slot_wrapper(const Object* f) { slot_wrappers().insert(f); }

Value find_dunder(const Value& obj, std::string_view name) {
    if (!obj.is_obj()) return Value();
    const Value* f = obj.obj()->type->lookup(name);
    if (!f || is_object_default_slot(*f)) return Value();
    if (f->is(Kind::Builtin) && slot_wrappers().count(f->obj())) return Value();
    return *f;
}

// Calls a dunder found on the type with obj as self (no allocation: operators call this per op).
static Value call_dunder(Interpreter& in, const Value& f, const Value& self, std::initializer_list<Value> rest) {
    Value args[4];
    size_t n = 0;
    args[n++] = self;
    for (const auto& r : rest) args[n++] = r;
    CallArgs a;
    a.args = args;
    a.nargs = n;
    return in.call(f, a);
}

// The number protocol of a % format argument that is not an int or float (a one-element tensor, a NumPy
// scalar, a user class with __int__/__index__/__float__): CPython's PyNumber_Long, PyNumber_Index and
// PyFloat_AsDouble, called only when the conversion letter needs them ('%i' % t, '%.4f' % loss).
static void percent_number_protocol(Interpreter& in, const Value& v, text::PercentArg& p) {
    const Value f_int = find_dunder(v, "__int__"), f_index = find_dunder(v, "__index__"),
                f_float = find_dunder(v, "__float__");
    if (f_int.is_null() && f_index.is_null() && f_float.is_null()) return;  // not PyNumber_Check
    // An int result as an Int or Big argument; a TypeError from the conversion is CPython's cue for
    // the "%d format: a real number is required" message, so it becomes an empty answer.
    auto integral = [&in, v](const Value& f) -> std::optional<text::PercentArg> {
        if (f.is_null()) return std::nullopt;
        Value r;
        try {
            r = call_dunder(in, f, v, {});
        } catch (const PyError& e) {
            if (isinstance(e.exc, types().TypeError)) return std::nullopt;
            throw;
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::TypeError) return std::nullopt;
            throw;
        }
        text::PercentArg q;
        if (auto* big = big_of(r)) {
            q.kind = text::PercentArg::Big;
            q.big = *big;
        } else if (r.is_int() || r.is_bool()) {
            q.kind = text::PercentArg::Int;
            q.i = to_int(r, "");
        } else {
            return std::nullopt;  // "__int__ returned non-int": a TypeError, so the format's own message
        }
        return q;
    };
    p.as_long = [integral, f_int, f_index]() {
        return !f_int.is_null() ? integral(f_int) : integral(f_index);
    };
    p.as_index = [integral, f_index]() { return integral(f_index); };
    p.as_double = [&in, v, f_float, f_index, integral]() -> double {
        if (!f_float.is_null()) {
            Value r = call_dunder(in, f_float, v, {});
            if (!r.is_float())
                raise(types().TypeError, str(type_name(v), ".__float__ returned non-float (type ", type_name(r), ")"));
            return r.as_float();
        }
        if (!f_index.is_null()) {
            if (auto q = integral(f_index)) {
                if (q->kind == text::PercentArg::Int) return double(q->i);
                bool overflow = false;
                double d = q->big.to_double(overflow);
                if (overflow) raise(types().OverflowError, "int too large to convert to float");
                return d;
            }
        }
        raise(types().TypeError, str("must be real number, not ", type_name(v)));
    };
}

// An instance of a user subclass of a built-in layout (dict, list, tuple): the Python function
// its class defines for `name`, overriding the built-in behaviour, or Null.
static Value user_override(const Value& v, std::string_view name) {
    if (!v.is_obj()) return Value();
    Kind k = v.obj()->kind;
    if ((k != Kind::Dict && k != Kind::List && k != Kind::Tuple) || v.obj()->type->builtin) return Value();
    const Value* f = v.obj()->type->lookup(name);
    return f && f->is(Kind::Function) ? *f : Value();
}

// A value whose layout is a core one (whatever its type): core operations apply to it.
static bool core_layout(const Value& v) {
    if (!v.is_obj()) return true;
    switch (v.obj()->kind) {
        case Kind::Instance:
        case Kind::Exception:
        case Kind::Tensor:
        case Kind::NNModule:
        case Kind::Native:
        case Kind::Type: return false;
        default: return true;
    }
}

// ---- conversions --------------------------------------------------------------------------------

int64_t index_value(Interpreter& in, const Value& v) {
    if (v.is_int()) return v.as_int();
    if (is_big(v)) raise(types().IndexError, "cannot fit 'int' into an index-sized integer");
    if (v.is_bool()) return v.as_bool();
    // operator.index(): objects with __index__ (a one-element integer tensor) stand for ints.
    Value f = find_dunder(v, "__index__");
    if (!f.is_null()) {
        Value r = in.call(f, {v});
        if (r.is_int()) return r.as_int();
        if (r.is_bool()) return r.as_bool();
        if (is_big(r)) raise(types().IndexError, str("cannot fit '", type_name(v), "' into an index-sized integer"));
        raise(types().TypeError, str("__index__ returned non-int (type ", type_name(r), ")"));
    }
    raise(types().TypeError, str("'", type_name(v), "' object cannot be interpreted as an integer"));
}

Value number_index(Interpreter& in, const Value& v) {
    if (v.is_int() || is_big(v)) return v;
    if (v.is_bool()) return Value::integer(v.as_bool());
    Value f = find_dunder(v, "__index__");
    if (f.is_null()) raise(types().TypeError, str("'", type_name(v), "' object cannot be interpreted as an integer"));
    Value r = in.call(f, {v});
    if (r.is_int() || is_big(r)) return r;
    if (r.is_bool()) return Value::integer(r.as_bool());
    raise(types().TypeError, str("__index__ returned non-int (type ", type_name(r), ")"));
}

int64_t ssize_arg(Interpreter& in, const Value& v) {
    Value r = number_index(in, v);
    if (is_big(r)) raise_big_overflow();
    return r.as_int();
}

int64_t to_int(const Value& v, const char* what) {
    if (v.is_int()) return v.as_int();
    if (v.is_bool()) return v.as_bool();
    if (is_big(v)) raise_big_overflow();
    // CPython's integer argument converters ("i", "n", _PyLong_AsInt) go through PyNumber_Index, so
    // an object with __index__ stands for its int: chr(token) of a 0-d integer tensor (lucidrains'
    // decode_token), math.factorial/comb/isqrt, str.zfill/ljust, int.to_bytes of a user index type.
    if (!v.is_float() && !v.is_none() && !v.is(Kind::Str))
        if (Interpreter* in = current_interpreter_or_null(); in && !find_dunder(v, "__index__").is_null()) {
            Value r = number_index(*in, v);
            if (is_big(r)) raise_big_overflow();
            return r.is_bool() ? int64_t(r.as_bool()) : r.as_int();
        }
    raise(types().TypeError, str("'", type_name(v), "' object cannot be interpreted as an integer", what[0] ? "" : ""));
}

int to_c_int(const Value& v) {
    if (!is_big(v)) {
        const int64_t n = to_int(v, "");
        if (n <= INT_MAX && n >= INT_MIN) return int(n);
    }
    raise(types().OverflowError, "Python int too large to convert to C int");
}

double to_double(const Value& v, const char* what) {
    if (v.is_float()) return v.as_float();
    if (v.is_int()) return double(v.as_int());
    if (v.is_bool()) return v.as_bool();
    if (auto* b = big_of(v)) return big_to_double(*b);
    raise(types().TypeError, str(what, " must be real number, not ", type_name(v)));
}

bool is_index(const Value& v) { return v.is_int() || v.is_bool(); }

bool truthy(Interpreter& in, const Value& v) {
    switch (v.tag()) {
        case Tag::Null:
        case Tag::None: return false;
        case Tag::Bool: return v.as_bool();
        case Tag::Int: return v.as_int() != 0;
        case Tag::Float: return v.as_float() != 0.0;
        case Tag::Obj: break;
    }
    Object* o = v.obj();
    if (!o->type->builtin && (o->kind == Kind::Dict || o->kind == Kind::List || o->kind == Kind::Tuple)) {
        if (Value f = user_override(v, "__bool__"); !f.is_null()) {
            Value r = call_dunder(in, f, v, {});
            if (!r.is_bool()) raise(types().TypeError, str("__bool__ should return bool, returned ", type_name(r)));
            return r.as_bool();
        }
        if (Value f = user_override(v, "__len__"); !f.is_null()) return length(in, v) != 0;  // len()'s checks
    }
    switch (o->kind) {
        case Kind::Str: return !static_cast<Str*>(o)->s.empty();
        case Kind::List: return !static_cast<List*>(o)->items.empty();
        case Kind::Tuple: return !static_cast<Tuple*>(o)->items.empty();
        case Kind::Dict: return static_cast<Dict*>(o)->size() != 0;
        case Kind::Range: return static_cast<Range*>(o)->length() != 0;
        default: break;
    }
    if (Value f = find_dunder(v, "__bool__"); !f.is_null()) {
        Value r = call_dunder(in, f, v, {});
        if (!r.is_bool()) raise(types().TypeError, str("__bool__ should return bool, returned ", type_name(r)));
        return r.as_bool();
    }
    if (Value f = find_dunder(v, "__len__"); !f.is_null()) return length(in, v) != 0;
    // CPython 3.12's notimplemented_bool: true, with a DeprecationWarning (an error under -W error
    // or a filter, as a __contains__ returning NotImplemented is then)
    if (o->type == types().not_implemented)
        emit_warning(in, new_str("NotImplemented should not be used in a boolean context"), types().DeprecationWarning);
    return true;
}

namespace {
// PyObject_Repr, PyObject_Str and PyObject_RichCompare each take one unit of CPython 3.12's C
// recursion count (Interpreter::CRecursion, shared with entries into Python code from natives), so
// a list nested 1496 deep prints, an exception holding itself in its args or two dicts holding
// each other end in RecursionError, and a __repr__ recursing through repr(self) stops at about
// 375 levels as CPython's. stack_low() still stops a C++ stack that runs short first (a
// sanitizer build's big frames).
struct DepthCheck {
    explicit DepthCheck(const char* what) : units_(1, what) {
        if (stack_low()) raise(types().RecursionError, str("maximum recursion depth exceeded", what));
    }
    Interpreter::CRecursion units_;
};

// Natives that recurse where CPython has no recursion check (a tuple's hash) or whose check a
// DepthCheck further up already took (a nested sequence's comparison): only the C stack bounds them.
struct StackCheck {
    explicit StackCheck(const char* what) {
        if (stack_low()) raise(types().RecursionError, str("maximum recursion depth exceeded", what));
    }
};
}  // namespace

namespace {
// Guards repr against self-containing containers ([1, [...]]).
struct ReprGuard {
    static std::unordered_set<const Object*>& active() {
        static thread_local std::unordered_set<const Object*> s;
        return s;
    }
    explicit ReprGuard(const Object* o) : o_(o), entered_(active().insert(o).second) {
        // Deep nesting ([[[...]]]) is bounded by repr's DepthCheck; the C++ stack may still run short.
        if (stack_low()) {
            if (entered_) active().erase(o_);
            raise(types().RecursionError, "maximum recursion depth exceeded while getting the repr of an object");
        }
    }
    ~ReprGuard() {
        if (entered_) active().erase(o_);
    }
    const Object* o_;
    bool entered_;
};

std::string address(const void* p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%012llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
    return buf;
}

std::string join_reprs(Interpreter& in, const std::vector<Value>& items) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        Value item = items[i];  // a user __repr__ may change the list
        out += repr(in, item);
    }
    return out;
}

std::string class_path(const Type* t) {
    return t->module == "builtins" ? t->qualname : t->module + "." + t->qualname;
}
}  // namespace

std::string repr(Interpreter& in, const Value& v) {
    switch (v.tag()) {
        case Tag::Null: return "<NULL>";
        case Tag::None: return "None";
        case Tag::Bool: return v.as_bool() ? "True" : "False";
        case Tag::Int: return std::to_string(v.as_int());
        case Tag::Float: return py_float_repr(v.as_float());
        case Tag::Obj: break;
    }
    Object* o = v.obj();
    if (auto* b = big_of(v)) return big_to_string(*b);
    DepthCheck depth(" while getting the repr of an object");
    if (!is_core(v) || o->type != types().tuple) {
        // Non-core objects, and core layouts under another type (torch.Size), may define __repr__.
        if (!is_core(v) || o->kind == Kind::Tuple) {
            if (Value f = find_dunder(v, "__repr__"); !f.is_null()) {
                Value r = call_dunder(in, f, v, {});
                if (!r.is(Kind::Str)) raise(types().TypeError, str("__repr__ returned non-string (type ", type_name(r), ")"));
                return str_of(r);
            }
        }
    }
    return layout_repr(in, v);
}

std::string layout_repr(Interpreter& in, const Value& v) {
    Object* o = v.obj();
    switch (o->kind) {
        case Kind::Str: return py_str_repr(static_cast<Str*>(o)->s);
        case Kind::List: {
            ReprGuard g(o);
            if (!g.entered_) return "[...]";
            return "[" + join_reprs(in, static_cast<List*>(o)->items) + "]";
        }
        case Kind::Tuple: {
            ReprGuard g(o);
            if (!g.entered_) return "(...)";
            const auto& items = static_cast<Tuple*>(o)->items;
            return "(" + join_reprs(in, items) + (items.size() == 1 ? ",)" : ")");
        }
        case Kind::Dict: {
            ReprGuard g(o);
            if (!g.entered_) return "{...}";
            std::string out = "{";
            bool first = true;
            static_cast<Dict*>(o)->for_each([&](const Value& k, const Value& val) {
                if (!first) out += ", ";
                first = false;
                out += repr(in, k) + ": " + repr(in, val);
            });
            return out + "}";
        }
        case Kind::Range: {
            auto* r = static_cast<Range*>(o);
            return str("range(", r->start, ", ", r->stop, r->step == 1 ? "" : str(", ", r->step), ")");
        }
        case Kind::Slice: {
            auto* s = static_cast<Slice*>(o);
            return "slice(" + repr(in, s->start) + ", " + repr(in, s->stop) + ", " + repr(in, s->step) + ")";
        }
        case Kind::Type: return "<class '" + class_path(static_cast<Type*>(o)) + "'>";
        case Kind::Function: return "<function " + static_cast<Function*>(o)->qualname + " at " + address(o) + ">";
        case Kind::Builtin: {
            auto* b = static_cast<Builtin*>(o);
            // object's slots (__eq__, __setattr__, __init__, ...) print as CPython's slot wrappers
            // (bound: method-wrappers); __format__ is a method descriptor there.
            if (b->qualname == "object." + b->name && b->name.size() > 4 && b->name.compare(0, 2, "__") == 0 &&
                b->name != "__init_subclass__" && b->name != "__new__") {
                const bool method = b->name == "__format__";
                if (b->self.is_null())
                    return std::string(method ? "<method '" : "<slot wrapper '") + b->name + "' of 'object' objects>";
                if (!method && b->self.is_obj())
                    return "<method-wrapper '" + b->name + "' of " + type_name(b->self) + " object at " +
                           address(b->self.obj()) + ">";
            }
            if (b->self.is_null()) {
                // a method of a built-in type (str.join, list.append): CPython's method descriptor,
                // or its slot wrapper for a dunder the type's operators use (int.__add__)
                const size_t dot = b->qualname.rfind('.');
                if (dot != std::string::npos && b->qualname.compare(dot + 1, std::string::npos, b->name) == 0) {
                    const std::string owner = b->qualname.substr(0, dot);
                    const Value* t = in.builtins().find(owner);
                    const Value* m = t && t->is(Kind::Type) ? t->get<Type>()->dict.find(b->name) : nullptr;
                    if (m && m->is(Kind::Builtin) && m->get<Builtin>() == b)
                        return str(slot_wrappers().count(b) ? "<slot wrapper '" : "<method '", b->name, "' of '", owner, "' objects>");
                }
                return "<built-in function " + b->name + ">";
            }
            return "<built-in method " + b->name + " of " + type_name(b->self) + " object at " + address(b->self.obj()) + ">";
        }
        case Kind::BoundMethod: {
            auto* m = static_cast<BoundMethod*>(o);
            // a built-in classmethod bound to its class (dict.fromkeys, int.from_bytes): CPython's
            // builtin method repr
            if (auto* bf = m->func.as<Builtin>(); bf && m->self.is(Kind::Type))
                return "<built-in method " + bf->name + " of " + type_name(m->self) + " object at " + address(m->self.obj()) + ">";
            std::string fname = m->func.is(Kind::Function) ? m->func.get<Function>()->qualname : repr(in, m->func);
            return "<bound method " + fname + " of " + repr(in, m->self) + ">";
        }
        case Kind::Module: {
            // CPython's module_repr: a module loaded from a file (the main script, a program's own
            // modules) names it; Kiln's native and embedded modules read as built-in ones
            auto* m = static_cast<ModuleObj*>(o);
            if (const Value* f = m->dict.find("__file__"); f && f->is(Kind::Str))
                return "<module '" + m->name + "' from '" + str_of(*f) + "'>";
            return "<module '" + m->name + "' (built-in)>";
        }
        case Kind::Cell: return "<cell at " + address(o) + ">";
        case Kind::Code: {
            auto* c = static_cast<Code*>(o);
            return str("<code object ", c->code->name, " at ", address(o), ", file \"", c->code->filename, "\", line ",
                       c->code->firstlineno, ">");
        }
        case Kind::Exception: {
            auto* e = static_cast<ExceptionObj*>(o);
            const auto& args = e->args.get<Tuple>()->items;
            if (args.size() == 1) return o->type->name + "(" + repr(in, args[0]) + ")";
            return o->type->name + "(" + join_reprs(in, args) + ")";
        }
        case Kind::Property: return "<property object at " + address(o) + ">";
        case Kind::StaticMethod: return "<staticmethod(" + repr(in, static_cast<StaticMethod*>(o)->func) + ")>";
        case Kind::ClassMethod: return "<classmethod(" + repr(in, static_cast<ClassMethod*>(o)->func) + ")>";
        case Kind::Super: return "<super: <class '" + static_cast<SuperObj*>(o)->start->name + "'>, <" + type_name(static_cast<SuperObj*>(o)->self) + " object>>";
        default: break;
    }
    if (o->type == types().not_implemented) return "NotImplemented";
    if (o->type == types().ellipsis) return "Ellipsis";
    if (const Generator* g = as_generator(v)) return generator_repr(g);  // names the function, as gen_repr
    return "<" + class_path(o->type) + " object at " + address(o) + ">";
}

std::string to_str(Interpreter& in, const Value& v) {
    if (v.is(Kind::Str)) return str_of(v);
    if (!is_core(v)) {
        DepthCheck depth(" while getting the str of an object");
        if (Value f = find_dunder(v, "__str__"); !f.is_null()) {
            Value r = call_dunder(in, f, v, {});
            if (!r.is(Kind::Str)) raise(types().TypeError, str("__str__ returned non-string (type ", type_name(r), ")"));
            return str_of(r);
        }
        if (v.is(Kind::Exception)) {
            const auto& args = v.get<ExceptionObj>()->args.get<Tuple>()->items;
            if (args.empty()) return "";
            if (args.size() == 1) {
                // KeyError shows the key's repr (so KeyError('a') prints 'a').
                if (isinstance(v, types().KeyError)) return repr(in, args[0]);
                return to_str(in, args[0]);
            }
            return repr(in, v.get<ExceptionObj>()->args);
        }
    }
    return repr(in, v);
}

std::string format_value(Interpreter& in, const Value& v, std::string_view spec) {
    switch (v.tag()) {
        case Tag::Int: return text::format_int(v.as_int(), spec);
        case Tag::Float: return text::format_float(v.as_float(), spec);
        case Tag::Bool:  // bool formats as its name with an empty spec, as an int otherwise
            if (spec.empty()) return v.as_bool() ? "True" : "False";
            return text::format_int(v.as_bool(), spec);
        default: break;
    }
    if (v.is(Kind::Str)) return text::format_str(str_of(v), spec);
    if (auto* b = big_of(v)) {
        // Decimal presentations (no type, 'd', 'n') meet the int -> str digit limit, as CPython's
        // long_to_decimal_string does; 'x', 'o', 'b' and the float types do not.
        char type = spec.empty() ? 'd' : spec.back();
        if (!std::isalpha(static_cast<unsigned char>(type)) && type != '%') type = 'd';
        if (type == 'd' || type == 'n') check_str_digits(*b);
        return text::format_bigint(*b, spec);
    }
    if (!is_core(v)) {
        if (Value f = find_dunder(v, "__format__"); !f.is_null()) {
            Value r = call_dunder(in, f, v, {new_str(std::string(spec))});
            if (!r.is(Kind::Str)) raise(types().TypeError, str("__format__ must return a str, not ", type_name(r)));
            return str_of(r);
        }
    }
    if (spec.empty()) {
        // object.__format__ is called as a METH_O method (1 C recursion unit) before its str()
        std::optional<Interpreter::CRecursion> units;
        if (!is_core(v)) units.emplace(1, " while calling a Python object");
        return to_str(in, v);
    }
    raise(types().TypeError, str("unsupported format string passed to ", type_name(v), ".__format__"));
}

// ---- attributes ---------------------------------------------------------------------------------

// A native module's function found in a user class's own dict (not a built-in type's): no
// descriptor, so it is returned as it is (Builtin::module_function).
static bool unbound_module_function(const Type* t, std::string_view name, const Value& desc) {
    if (!desc.is(Kind::Builtin) || !desc.get<Builtin>()->module_function) return false;
    for (const Type* k : t->mro)
        if (k->dict.find(name)) return !k->builtin;
    return false;
}

// The attribute `desc` found on a type, bound to `obj` as Python's descriptors do.
static Value bind(Interpreter& in, const Value& desc, const Value& obj) {
    if (!desc.is_obj()) return desc;
    switch (desc.obj()->kind) {
        case Kind::Function: return Value(make<BoundMethod>(desc, obj).get());
        case Kind::Builtin: {
            auto* b = desc.get<Builtin>();
            if (!b->self.is_null()) return desc;
            auto bound = make<Builtin>(b->name, b->fn, b->qualname);
            bound->self = obj;
            return Value(bound.get());
        }
        case Kind::Property: {
            auto* p = desc.get<Property>();
            if (p->getter.is_null()) raise(types().AttributeError, "unreadable attribute");
            return in.call(p->getter, {obj});
        }
        case Kind::StaticMethod: return desc.get<StaticMethod>()->func;
        case Kind::ClassMethod: return Value(make<BoundMethod>(desc.get<ClassMethod>()->func, Value(type_of(obj))).get());
        default: return desc;
    }
}

Value namespace_dict(const StrMap& names, Object* mirror) {
    auto d = make<Dict>();
    names.for_each([&](const std::string& k, const Value& v) { d->set(new_str(k), v); });
    if (mirror) d->mirror = Ref<Object>(mirror);  // after filling: the copies need not go back
    return Value(d.get());
}

StrMap* attribute_dict(const Value& obj) {
    if (!obj.is_obj()) return nullptr;
    switch (obj.obj()->kind) {
        case Kind::Instance:
        case Kind::Exception:
        case Kind::NNModule: return &static_cast<Instance*>(obj.obj())->dict;
        case Kind::List:
            return obj.obj()->type->builtin ? nullptr : &static_cast<ListInstance*>(obj.obj())->attrs;
        case Kind::Tuple:
            return obj.obj()->type->builtin ? nullptr : &static_cast<TupleInstance*>(obj.obj())->attrs;
        case Kind::Function: return &obj.get<Function>()->attrs;
        case Kind::Tensor: return &obj.get<TensorObj>()->attrs;
        case Kind::Module: return &obj.get<ModuleObj>()->dict;
        case Kind::Dict: return obj.get<Dict>()->attrs.get();  // null for plain dicts
        case Kind::Native: {
            // a native type PyTorch writes in Python (Type::native_dict), or a subclass of one
            bool open = false;
            for (const Type* c : obj.obj()->type->mro)
                if (c->native_dict) open = true;
            if (!open) return nullptr;
            auto* n = dynamic_cast<NativeObj*>(obj.obj());
            if (!n) return nullptr;
            if (!n->attrs) n->attrs = std::make_unique<StrMap>();
            return n->attrs.get();
        }
        default: return nullptr;
    }
}

// A user-defined descriptor (an object whose class has __get__/__set__/__delete__): its method, or Null.
static Value descriptor_method(const Value* desc, std::string_view which) {
    if (!desc || !desc->is(Kind::Instance)) return Value();
    return find_dunder(*desc, which);
}

static bool is_data_descriptor(const Value* desc) {
    return desc && desc->is(Kind::Instance) && (!find_dunder(*desc, "__set__").is_null() || !find_dunder(*desc, "__delete__").is_null());
}


// object's own __setattr__/__delattr__ (classes.cpp): finding them means "no override".
static bool is_object_slot(const Value* v, std::string_view name) {
    if (!v) return true;
    const Value* o = types().object->dict.find(name);
    return o && v->identical(*o);
}

static Value type_getattr(Interpreter& in, Type* t, std::string_view name) {
    // type's data descriptors first (CPython: they win over the class's own dict).
    if (name == "__name__") return new_str(t->name);
    if (name == "__qualname__") return new_str(t->qualname);
    if (name == "__base__") return t->base ? Value(t->base.get()) : Value::none();
    if (name == "__bases__") {
        std::vector<Value> bs;
        for (const auto& b : t->bases) bs.emplace_back(b.get());
        return new_tuple(std::move(bs));
    }
    if (name == "__mro__") {
        std::vector<Value> mro;
        for (Type* c : t->mro) mro.emplace_back(c);
        return new_tuple(std::move(mro));
    }
    if (name == "__class__") return Value(t->type);
    if (name == "__dict__") return new_mappingproxy(namespace_dict(t->dict, nullptr));  // of a snapshot
    // A metaclass's properties (data descriptors) come before the class's attributes.
    Type* meta = t->type;
    const Value* md = meta->lookup(name);
    if (md && md->is(Kind::Property) && meta != types().type) return bind(in, *md, Value(t));
    if (const Value* d = t->lookup(name)) {
        if (Value g = descriptor_method(d, "__get__"); !g.is_null()) return call_dunder(in, g, *d, {Value::none(), Value(t)});
        if (d->is(Kind::ClassMethod)) return Value(make<BoundMethod>(d->get<ClassMethod>()->func, Value(t)).get());
        if (d->is(Kind::StaticMethod)) return d->get<StaticMethod>()->func;
        return *d;
    }
    if (name == "__module__") return new_str(t->module);
    if (name == "__doc__") return Value::none();
    // Then the metaclass's methods, bound to the class (cls.mro(), EnumMeta.__len__).
    if (md) return bind(in, *md, Value(t));
    return Value();
}

// A builtin function's __module__: CPython's builtin functions carry the name of the module that
// defines them (len: 'builtins', math.sqrt: 'math', torch.cat: 'torch'), and pickle finds a function
// again by (__module__, __qualname__), so torch.save of a model that keeps
// `self.loss_func = F.binary_cross_entropy` needs it. Kiln's natives do not record their module, so
// this is the first imported module (sys.modules order) holding the function under its name; None
// for a method taken from an object, or when no module has it.
Value builtin_module_name(Interpreter& in, const Builtin* b) {
    if (!b->self.is_null()) return Value::none();
    // builtins first: CPython's sys.modules starts with it
    if (const Value* x = in.import_module("builtins")->dict.find(b->name); x && x->is(Kind::Builtin) && x->get<Builtin>() == b)
        return new_str("builtins");
    Value found = Value::none();
    if (const Value* mods = in.import_module("sys")->dict.find("modules"); mods && mods->is(Kind::Dict)) {
        mods->get<Dict>()->for_each([&](const Value& k, const Value& v) {
            if (!found.is_none() || !k.is(Kind::Str)) return;
            auto* m = v.as<ModuleObj>();
            if (!m) return;
            const Value* x = m->dict.find(b->name);
            if (x && x->is(Kind::Builtin) && x->get<Builtin>() == b) found = k;
        });
    }
    return found;
}

static bool has_slot(const Type* t, std::string_view name) {
    for (const Type* c : t->mro)
        for (const auto& s : c->slots)
            if (s == name) return true;
    return false;
}

// A slot's value (a name in some class's __slots__ along the MRO, other than '__dict__' and
// '__weakref__'): Kiln keeps it in the instance dict, where CPython keeps it in the object itself.
static bool is_slot_value(const Type* t, std::string_view name) {
    return name != "__dict__" && name != "__weakref__" && has_slot(t, name);
}

static bool has_slot_values(const Type* t) {
    for (const Type* c : t->mro)
        for (const auto& s : c->slots)
            if (s != "__dict__" && s != "__weakref__") return true;
    return false;
}

// A function attribute CPython keeps in a field of its own, outside the function's __dict__
// (func_doc, func_module, func_annotations, func_typeparams, and func_defaults where it is the
// empty tuple, which must read back () rather than None). Kiln keeps them in the function's
// attribute namespace, found before the function's built-in answers; its __dict__ leaves them out.
static bool is_function_field(std::string_view name) {
    return name == "__doc__" || name == "__module__" || name == "__annotations__" || name == "__type_params__" ||
           name == "__defaults__";
}

// obj.__dict__ (and vars(obj)): the namespace without the slot values, as CPython's instance dict
// of a class with __slots__ whose base lacks them (or which lists '__dict__') never holds them;
// a function's without its own fields.
static Value instance_dict(const StrMap& names, const Type* type, Object* owner) {
    const bool function = owner && owner->kind == Kind::Function;
    if (!function && !has_slot_values(type)) return namespace_dict(names, owner);
    StrMap rest;
    names.for_each([&](const std::string& k, const Value& v) {
        if (function ? !is_function_field(k) : !is_slot_value(type, k)) rest.set(k, v);
    });
    return namespace_dict(rest, owner);
}

// The attribute without __getattribute__/__getattr__ overrides: data descriptors on the type, the
// instance dict, other attributes of the type, then the built-in attributes of each layout.
Value generic_getattr(Interpreter& in, const Value& obj, std::string_view name) {
    if (auto* t = obj.as<Type>()) return type_getattr(in, t, name);
    if (auto* s = obj.as<SuperObj>()) return super_getattr(in, s, name);
    Type* type = type_of(obj);
    const Value* desc = type->lookup(name);
    // a class's '__dict__'/'__weakref__'/slot descriptors (descriptors.cpp): the instance's values
    // are found below, where Kiln keeps them (__weakref__: no weak-reference list, None)
    if (desc && desc->is(Kind::Native) && is_layout_descriptor(*desc)) {
        if (name == "__weakref__") return Value::none();
        desc = nullptr;
    }
    if (desc && desc->is(Kind::Property)) return bind(in, *desc, obj);
    Value get = descriptor_method(desc, "__get__");
    if (!get.is_null() && is_data_descriptor(desc)) return call_dunder(in, get, *desc, {obj, Value(type)});
    if (StrMap* d = attribute_dict(obj)) {
        if (const Value* v = d->find(name)) return *v;
    }
    if (!get.is_null()) return call_dunder(in, get, *desc, {obj, Value(type)});
    if (desc && unbound_module_function(type, name, *desc)) return *desc;
    if (desc) return bind(in, *desc, obj);
    if (name == "__class__") return Value(type);
    // an instance of a class whose every class has __slots__ (no '__dict__' among them) has no
    // __dict__ in CPython; Kiln keeps its slot values in the instance dict, which stays hidden, and
    // a partly slotted class's __dict__ shows only the names outside its slots
    if (name == "__dict__" && !type->slots_only)
        if (StrMap* d = attribute_dict(obj)) return instance_dict(*d, type, obj.obj());
    if (auto* c = obj.as<Cell>(); c && name == "cell_contents") {
        if (c->value.is_null()) raise(types().ValueError, "Cell is empty");
        return c->value;
    }
    if (auto* f = obj.as<Function>()) {
        if (name == "__name__") return new_str(f->name);
        if (name == "__qualname__") return new_str(f->qualname);
        if (name == "__code__") return Value(f->code.get());
        if (name == "__module__") return new_str(f->globals ? f->globals->name : "__main__");
        // __globals__: the defining module's namespace, the dict globals() returns there
        // (typing.get_type_hints evaluates string annotations in it).
        if (name == "__globals__" && f->globals) return namespace_dict(f->globals->dict, f->globals.get());
        if (name == "__defaults__") return f->defaults.empty() ? Value::none() : new_tuple(f->defaults);
        // PEP 695's type parameters: Kiln has no `def f[T]()` syntax, so every function's are ()
        // (functools.WRAPPER_ASSIGNMENTS copies them in 3.12)
        if (name == "__type_params__") return new_tuple({});
        // __closure__: the cells of the function's free variables (None without any), whose
        // cell_contents inspect.getclosurevars and closure-walking code read
        if (name == "__closure__") {
            if (f->closure.empty()) return Value::none();
            std::vector<Value> cells;
            for (const Ref<Cell>& c : f->closure) cells.emplace_back(c.get());
            return new_tuple(std::move(cells));
        }
        if (name == "__kwdefaults__") return f->kwdefaults ? Value(f->kwdefaults.get()) : Value::none();
        if (name == "__annotations__") {  // a def without annotations (and a lambda): a new empty dict
            Value d(make<Dict>().get());
            f->attrs.set("__annotations__", d);
            return d;
        }
        if (name == "__doc__") {
            const auto& consts = f->code->consts;
            return !consts.empty() && consts[0].is(Kind::Str) && f->code->code->name != "<lambda>" ? consts[0] : Value::none();
        }
    }
    if (auto* c = obj.as<Code>()) {  // the code object's introspection attributes
        const auto& co = *c->code;
        auto names = [](const std::vector<std::string>& v) {
            std::vector<Value> out;
            for (const auto& n : v) out.push_back(new_str(n));
            return new_tuple(std::move(out));
        };
        if (name == "co_name") return new_str(co.name);
        if (name == "co_qualname") return new_str(co.qualname);
        if (name == "co_filename") return new_str(co.filename);
        if (name == "co_firstlineno") return Value::integer(co.firstlineno);
        if (name == "co_argcount") return Value::integer(co.argcount);
        if (name == "co_posonlyargcount") return Value::integer(co.posonlyargcount);
        if (name == "co_kwonlyargcount") return Value::integer(co.kwonlyargcount);
        if (name == "co_flags") return Value::integer(co.flags);
        if (name == "co_varnames") return names(co.varnames);
        if (name == "co_nlocals") return Value::integer(int64_t(co.varnames.size()));
        if (name == "co_cellvars") return names(co.cellvars);
        if (name == "co_freevars") return names(co.freevars);
        if (name == "co_consts") return new_tuple(c->consts);  // nested functions' code objects included
        if (name == "co_names") return names(co.names);  // globals, attributes and imported names used
    }
    if (Generator* g = as_generator(obj); g && g->func) {
        if (name == "__name__") return new_str(g->func->name);
        if (name == "__qualname__") return new_str(g->func->qualname);
    }
    if (auto* b = obj.as<Builtin>()) {
        if (name == "__name__") return new_str(b->name);
        if (name == "__qualname__") return new_str(b->qualname);
        if (name == "__module__") return builtin_module_name(in, b);
        // the object a method was taken from (a guard reads `opt_step.__self__`); None for a function
        if (name == "__self__") return b->self.is_null() ? Value::none() : b->self;
    }
    if (auto* m = obj.as<BoundMethod>()) {
        if (name == "__self__") return m->self;
        if (name == "__func__") return m->func;
        return getattr_or_null(in, m->func, name);
    }
    if (auto* e = obj.as<ExceptionObj>()) {
        if (name == "args") return e->args;
        if (name == "__cause__") return e->cause.is_null() ? Value::none() : e->cause;
        if (name == "__context__") return e->context.is_null() ? Value::none() : e->context;
        if (name == "__suppress_context__") return Value::boolean(e->suppress_context);
        if (name == "__traceback__") return Value::none();
        // NameError.name, AttributeError.name/.obj: None until given or set by a failed lookup
        if ((name == "name" && (isinstance(obj, types().NameError) || isinstance(obj, types().AttributeError))) ||
            (name == "obj" && isinstance(obj, types().AttributeError)))
            return Value::none();
        // StopIteration.value: what a generator returned (its first argument, None without one).
        if (name == "value" && isinstance(obj, types().StopIteration)) {
            const auto& items = e->args.get<Tuple>()->items;
            return items.empty() ? Value::none() : items[0];
        }
    }
    if (auto* m = obj.as<ModuleObj>(); m && name == "__name__") return new_str(m->name);
    // An instance's __module__ is its class's (CPython finds it in the class dict); native classes
    // (nn.ReLU: "torch.nn.modules.activation") keep it as a field. torch.fx's is_leaf_module reads it.
    if (name == "__module__" && !obj.is(Kind::Builtin) && !obj.is(Kind::Module) && !obj.is(Kind::Type))
        if (Type* t = type_of(obj); t && !t->module.empty() && t->module != "builtins") return new_str(t->module);
    return Value();
}

// A class whose metaclass is a user class with __getattr__ (`class Meta(type): def __getattr__(cls,
// name)`): attribute misses on the class go to it, as on any instance of a class with __getattr__.
static bool has_metaclass_getattr(const Value& obj) {
    auto* t = obj.as<Type>();
    if (!t) return false;
    Type* meta = obj.obj()->type;
    return meta && meta != types().type && meta->lookup("__getattr__") != nullptr;
}

// The generic lookup of a class that defines __getattr__ (CPython's slot_tp_getattr_hook): an
// AttributeError raised while it runs a descriptor (a property whose getter reads a missing
// attribute) counts as a miss, so __getattr__ gets the name: nn.Module's "'M' object has no attribute
// 'prop'" for a property that failed inside. Without __getattr__ the descriptor's error propagates.
static Value generic_getattr_hook(Interpreter& in, const Value& obj, std::string_view name) {
    Type* type = type_of(obj);
    bool hook = (!obj.is(Kind::Type) || has_metaclass_getattr(obj)) && !obj.is(Kind::Super) && !obj.is(Kind::Module) &&
                type->lookup("__getattr__") != nullptr;
    if (!hook) return generic_getattr(in, obj, name);
    try {
        return generic_getattr(in, obj, name);
    } catch (PyError& e) {
        if (!isinstance(e.exc, types().AttributeError)) throw;
        return Value();
    }
}

Value getattr_or_null(Interpreter& in, const Value& obj, std::string_view name) {
    if (obj.is(Kind::NNModule) && module_attr_fast) {
        Value v = module_attr_fast(obj, name);
        if (!v.is_null()) return v;
    }
    Type* type = type_of(obj);
    Value v;
    if (type->custom_getattribute && !obj.is(Kind::Type)) {
        const Value* ga = type->lookup("__getattribute__");
        try {
            v = call_dunder(in, *ga, obj, {new_str(std::string(name))});
        } catch (PyError& e) {
            if (!isinstance(e.exc, types().AttributeError)) throw;
            if (!type->lookup("__getattr__")) return Value();
        }
    } else {
        v = generic_getattr_hook(in, obj, name);
    }
    if (!v.is_null()) return v;
    if ((obj.is(Kind::Type) && !has_metaclass_getattr(obj)) || obj.is(Kind::Super)) return v;
    // A module's own __getattr__ (PEP 562: lazily made attributes, e.g. torch.nn.LSTM), or a known
    // submodule not imported yet (torch.utils.data after `import torch`: CPython's packages import
    // theirs in __init__; Kiln imports them at first use).
    if (auto* m = obj.as<ModuleObj>()) {
        // Kiln loads its built-in submodules on first use where PyTorch's packages import them
        // eagerly (torch.fft, torch.nn.init): an attribute that names one not yet loaded loads it.
        // One already loaded whose name the package no longer holds was deleted by the package
        // (torch/optim/__init__.py's `del optimizer`): CPython's import binds a submodule on its
        // parent only when it first loads it, so that name stays an AttributeError.
        const std::string full = m->name + "." + std::string(name);
        if (Interpreter::module_known(full) && !in.modules().count(full)) return in.import_value(full);
        const Value* ga = m->dict.find("__getattr__");
        if (!ga) return Value();
        try {
            return in.call(*ga, {new_str(std::string(name))});
        } catch (PyError& e) {
            if (isinstance(e.exc, types().AttributeError)) return Value();
            throw;
        }
    }
    // __getattr__ is the last resort, as in Python.
    if (const Value* ga = type->lookup("__getattr__")) {
        try {
            return call_dunder(in, *ga, obj, {new_str(std::string(name))});
        } catch (PyError& e) {
            if (isinstance(e.exc, types().AttributeError)) return Value();
            throw;
        }
    }
    return Value();
}

static Value getattr_impl(Interpreter& in, const Value& obj, std::string_view name);

// A failed lookup's AttributeError (the VM's own or one raised by __getattr__/__getattribute__)
// carries the name and the object unless it already has them (CPython's
// set_attribute_error_context), for the "Did you mean" of the uncaught-exception printer. An
// explicit `AttributeError(msg, name=None)` counts as having them, as in CPython (where None is a set
// field): numpy's __getattr__ raises its migration messages that way so that no suggestion follows.
Value getattr(Interpreter& in, const Value& obj, std::string_view name) {
    try {
        return getattr_impl(in, obj, name);
    } catch (PyError& err) {
        if (auto* e = err.exc.as<ExceptionObj>(); e && isinstance(err.exc, types().AttributeError)) {
            const Value* n = e->dict.find("name");
            const Value* o = e->dict.find("obj");
            if (!n && !o) {
                e->dict.set("name", new_str(std::string(name)));
                e->dict.set("obj", obj);
            }
        }
        throw;
    }
}

static Value getattr_impl(Interpreter& in, const Value& obj, std::string_view name) {
    // A module's own parameter, buffer or child (vm/module_attr.h): the answer __getattr__ gives.
    if (obj.is(Kind::NNModule) && module_attr_fast) {
        Value v = module_attr_fast(obj, name);
        if (!v.is_null()) return v;
    }
    Type* type = type_of(obj);
    if (type->custom_getattribute && !obj.is(Kind::Type) && !type->lookup("__getattr__")) {
        // The override's own AttributeError propagates unchanged (its message is the program's).
        return call_dunder(in, *type->lookup("__getattribute__"), obj, {new_str(std::string(name))});
    }
    Value v = type->custom_getattribute && !obj.is(Kind::Type) ? getattr_or_null(in, obj, name)
                                                                : generic_getattr_hook(in, obj, name);
    if (!v.is_null()) return v;
    // __getattr__'s own AttributeError (and its message) reaches the program, as in Python. A class
    // whose metaclass defines __getattr__ falls back to it the same way (type.__getattribute__ then
    // the metaclass's __getattr__, CPython's slot_tp_getattr_hook).
    if ((!obj.is(Kind::Type) || has_metaclass_getattr(obj)) && !obj.is(Kind::Super) && !type->custom_getattribute)
        if (const Value* ga = type->lookup("__getattr__")) return call_dunder(in, *ga, obj, {new_str(std::string(name))});
    if (auto* t = obj.as<Type>()) raise(types().AttributeError, str("type object '", t->name, "' has no attribute '", name, "'"));
    if (auto* m = obj.as<ModuleObj>()) {
        // Kiln loads its built-in submodules on first use where PyTorch's packages import them
        // eagerly (torch.fft, torch.nn.init): an attribute that names one not yet loaded loads it.
        // One already loaded whose name the package no longer holds was deleted by the package
        // (torch/optim/__init__.py's `del optimizer`): CPython's import binds a submodule on its
        // parent only when it first loads it, so that name stays an AttributeError.
        const std::string full = m->name + "." + std::string(name);
        if (Interpreter::module_known(full) && !in.modules().count(full)) return in.import_value(full);
        if (const Value* ga = m->dict.find("__getattr__")) return in.call(*ga, {new_str(std::string(name))});  // PEP 562
        raise(types().AttributeError, str("module '", m->name, "' has no attribute '", name, "'"));
    }
    if (obj.is(Kind::Super)) raise(types().AttributeError, str("'super' object has no attribute '", name, "'"));
    raise(types().AttributeError, str("'", type_name(obj), "' object has no attribute '", name, "'"));
}

// The type whose instance layout a class's instances have: the nearest built-in class on its base chain.
static const Type* layout_of(const Type* t) {
    while (t && !t->builtin) t = t->base.get();
    return t;
}

// obj.__class__ = cls (CPython's object_set_class): allowed between classes whose instances share a
// layout (torch.nn.utils.parametrize swaps a module's class for a generated subclass this way).
static void set_class(const Value& obj, const Value& v) {
    auto* cls = v.as<Type>();
    if (!cls) raise(types().TypeError, str("__class__ must be set to a class, not '", type_name(v), "' object"));
    auto* inst = obj.is_obj() ? dynamic_cast<Instance*>(obj.obj()) : nullptr;
    Type* old = type_of(obj);
    if (!inst || (old->builtin && !obj.is(Kind::NNModule)) || (cls->builtin && !obj.is(Kind::NNModule)))
        raise(types().TypeError, "__class__ assignment only supported for mutable types or ModuleType subclasses");
    if (layout_of(cls) != layout_of(old) || cls->instance_kind != old->instance_kind)
        raise(types().TypeError, str("__class__ assignment: '", cls->name, "' object layout differs from '", old->name, "'"));
    inst->type = cls;
    inst->type_ref = Ref<Type>(cls);
    if (auto* mi = dynamic_cast<ModuleInstance*>(inst)) mi->class_changed();
}

// The `builtins` module: what a program assigns or deletes there is what names mean everywhere
// (builtins.print = f, del builtins.len), as CPython's frames read the same dict. Its dict began as a
// copy of the interpreter's table (builtin_exec.cpp), so both change together.
static bool is_builtins_module(Interpreter& in, const Value& obj) {
    auto* m = obj.as<ModuleObj>();
    return m && m->name == "builtins" && in.import_module("builtins").get() == m;
}

// Kiln's built-in torch types that are Python classes in PyTorch (torch.Tensor in torch/_tensor.py,
// nn.Module and its layers, optimizers, DataLoader, distributions...) take attribute assignment and
// deletion there: programs monkey-patch them (`torch.Tensor.cuda = lambda self, *a, **k: self` to run
// CUDA code on the CPU, wrapped `nn.Module.__call__` in profilers, an extra Tensor method). PyTorch's C
// types (torch.Size, dtype, device, layout, memory_format, finfo, iinfo, Generator, anything of
// torch._C) stay immutable, as CPython's static types are.
static bool mutable_like_reference(const Type* t) {
    if (!t->builtin) return true;
    const std::string& m = t->module;
    bool torch_module = m == "torch" || m.rfind("torch.", 0) == 0;
    if (!torch_module || m.rfind("torch._C", 0) == 0) return false;
    if (m != "torch") return true;
    static const char* const c_types[] = {"Size", "dtype", "device", "layout", "memory_format", "finfo", "iinfo", "qscheme", "Generator"};
    for (const char* c : c_types)
        if (t->name == c) return false;
    return true;
}

// Built-in types are shared by every interpreter of the process and outlive them, so what a program
// writes into one's dict is logged with the entry it replaced and put back when the program's
// interpreter ends (restore_builtin_type_patches), before its heap (which owns the new values) goes.
namespace {
struct BuiltinTypePatch {
    Type* type;
    std::string name;
    Value original;  // null: the type had no such entry
};
std::mutex g_patch_mutex;
std::unordered_map<const Interpreter*, std::vector<BuiltinTypePatch>> g_patches;

void remember_builtin_patch(Type* t, std::string_view name) {
    if (!t->builtin) return;
    std::lock_guard<std::mutex> lock(g_patch_mutex);
    auto& log = g_patches[&current_interpreter()];
    for (const auto& p : log)
        if (p.type == t && p.name == name) return;
    const Value* cur = t->dict.find(name);
    log.push_back({t, std::string(name), cur ? *cur : Value()});
}
}  // namespace

void restore_builtin_type_patches(const Interpreter* owner) {
    std::vector<BuiltinTypePatch> log;
    {
        std::lock_guard<std::mutex> lock(g_patch_mutex);
        auto it = g_patches.find(owner);
        if (it == g_patches.end()) return;
        log.swap(it->second);
        g_patches.erase(it);
    }
    for (auto p = log.rbegin(); p != log.rend(); ++p) {
        if (p->original.is_null()) p->type->dict.erase(p->name);
        else p->type->dict.set(p->name, p->original);
        if (p->name == "__getattribute__") p->type->custom_getattribute = false;
    }
}

// CPython names a static type by its tp_name: "int", but "torch.Size" / "numpy.ndarray" for types
// defined by extension modules.
static std::string immutable_type_name(const Type* t) {
    return t->module.empty() || t->module == "builtins" ? t->name : t->module + "." + t->name;
}

void generic_setattr(Interpreter& in, const Value& obj, std::string_view name, const Value& v) {
    if (auto* t = obj.as<Type>()) {
        if (!mutable_like_reference(t))
            raise(types().TypeError, str("cannot set '", name, "' attribute of immutable type '", immutable_type_name(t), "'"));
        // __name__ / __qualname__ / __module__ are the type's own fields, as in CPython (torch.fx renames
        // a GraphModule's class after the traced module).
        if (name == "__name__" || name == "__qualname__" || name == "__module__") {
            if (!v.is(Kind::Str))
                raise(types().TypeError, str("can only assign string to ", t->name, ".", name, ", not '", type_name(v), "'"));
            (name == "__name__" ? t->name : name == "__qualname__" ? t->qualname : t->module) = str_of(v);
            if (name == "__module__") t->dict.set(name, v);  // class bodies keep it in the dict too
            return;
        }
        // The namespace and the MRO are the type's own structure, not attributes (CPython's type_setattro
        // reaches type's getset descriptors: __dict__ and __mro__ read-only, __bases__ a recomputation).
        if (name == "__dict__") raise(types().AttributeError, "attribute '__dict__' of 'type' objects is not writable");
        if (name == "__mro__") raise(types().AttributeError, "readonly attribute");
        if (name == "__bases__") {
            auto* bases = v.as<Tuple>();
            if (!bases) raise(types().TypeError, str("can only assign tuple to ", t->name, ".__bases__, not ", type_name(v)));
            for (const Value& b : bases->items)
                if (auto* bt = b.as<Type>(); bt && bt->is_subtype_of(t))
                    raise(types().TypeError, "a __bases__ item causes an inheritance cycle");
            raise(types().TypeError, str("assigning ", t->name, ".__bases__ is not supported in Kiln (define the class with its bases)"));
        }
        remember_builtin_patch(t, name);
        t->dict.set(name, v);
        if (name == "__getattribute__") t->custom_getattribute = true;
        return;
    }
    Type* type = type_of(obj);
    if (name == "__class__") {
        set_class(obj, v);
        return;
    }
    if (const Value* desc = type->lookup(name); desc && desc->is(Kind::Property)) {
        auto* p = desc->get<Property>();
        if (p->setter.is_null()) {
            // CPython names the class that defines the read-only attribute (a getset's d_type): a
            // tensor's shape/dtype/grad_fn live on torch._C.TensorBase, for Tensor and its subclasses
            const Type* owner = type;
            for (const Type* t : type->mro)
                if (t->dict.find(name)) {
                    owner = t;
                    break;
                }
            if (!owner->builtin) raise(types().AttributeError, str("property '", name, "' of '", type->name, "' object has no setter"));
            const std::string owner_name = owner->name == "Tensor" ? "torch._C.TensorBase" : owner->name;
            raise(types().AttributeError, str("attribute '", name, "' of '", owner_name, "' objects is not writable"));
        }
        in.call(p->setter, {obj, v});
        return;
    } else if (Value set = descriptor_method(desc, "__set__"); !set.is_null()) {
        call_dunder(in, set, *desc, {obj, v});
        return;
    }
    if (name == "__dict__" && !obj.is(Kind::Module) && !type->slots_only) {  // obj.__dict__ = mapping replaces the namespace
        if (StrMap* d = attribute_dict(obj)) {
            auto* src = v.as<Dict>();
            if (!src) raise(types().TypeError, str("__dict__ must be set to a dictionary, not a '", type_name(v), "'"));
            std::vector<std::pair<std::string, Value>> items;
            bool all_str = true;
            src->for_each([&](const Value& k, const Value& x) {
                if (k.is(Kind::Str)) items.emplace_back(k.get<Str>()->s, x);
                else all_str = false;
            });
            if (!all_str) raise(types().TypeError, "Kiln keeps only str keys in an object's __dict__");
            // the slot values stay: they live beside the instance dict in CPython (as a function's
            // own fields do)
            std::vector<std::pair<std::string, Value>> slot_values;
            const bool function = obj.is(Kind::Function);
            if (function || has_slot_values(type))
                d->for_each([&](const std::string& k, const Value& x) {
                    if (function ? is_function_field(k) : is_slot_value(type, k)) slot_values.emplace_back(k, x);
                });
            d->clear();
            for (auto& [k, x] : items)
                if (function ? !is_function_field(k) : !is_slot_value(type, k)) d->set(k, x);
            for (auto& [k, x] : slot_values) d->set(k, x);
            return;
        }
    }
    if (auto* f = obj.as<Function>()) {
        // CPython's func_set_code/defaults/kwdefaults/name/qualname: the function's own fields, type
        // checked (stored as plain attributes they were ignored by calls: f.__defaults__ = (5,) and
        // f.__code__ = g.__code__ changed nothing)
        if (name == "__code__") {
            auto* c = v.as<Code>();
            if (!c) raise(types().TypeError, "__code__ must be set to a code object");
            const size_t nfree = c->code->freevars.size(), nclosure = f->closure.size();
            if (nfree != nclosure)
                raise(types().ValueError, str(f->name, "() requires a code object with ", nclosure, " free vars, not ", nfree));
            f->code = Ref<Code>(c);
            f->attrs.erase(name);
            return;
        }
        if (name == "__defaults__") {
            if (!v.is_none() && !v.is(Kind::Tuple)) raise(types().TypeError, "__defaults__ must be set to a tuple object");
            f->defaults = v.is_none() ? std::vector<Value>{} : v.get<Tuple>()->items;
            if (!v.is_none() && f->defaults.empty()) f->attrs.set(name, v);  // reads back (), not None
            else f->attrs.erase(name);
            return;
        }
        if (name == "__annotations__") {  // func_set_annotations: a dict, or None for "none yet"
            if (!v.is_none() && !v.is(Kind::Dict)) raise(types().TypeError, "__annotations__ must be set to a dict object");
            if (v.is_none()) f->attrs.erase(name);
            else f->attrs.set(name, v);
            return;
        }
        if (name == "__type_params__") {  // func_set_type_params (functools.wraps copies it)
            if (!v.is(Kind::Tuple)) raise(types().TypeError, "__type_params__ must be set to a tuple");
            f->attrs.set(name, v);
            return;
        }
        if (name == "__kwdefaults__") {
            if (!v.is_none() && !v.is(Kind::Dict)) raise(types().TypeError, "__kwdefaults__ must be set to a dict object");
            f->kwdefaults = v.is_none() ? Ref<Dict>() : Ref<Dict>(v.get<Dict>());
            f->attrs.erase(name);
            return;
        }
        if (name == "__name__" || name == "__qualname__") {
            if (!v.is(Kind::Str)) raise(types().TypeError, str(name, " must be set to a string object"));
            (name == "__name__" ? f->name : f->qualname) = str_of(v);
            f->attrs.erase(name);
            return;
        }
    }
    if (auto* e = obj.as<ExceptionObj>()) {
        if (name == "__cause__") {
            if (!v.is_none() && !isinstance(v, types().BaseException))
                raise(types().TypeError, "exception cause must be None or derive from BaseException");
            e->cause = v.is_none() ? Value() : v;
            e->suppress_context = true;
            return;
        }
        if (name == "__context__") {
            e->context = v.is_none() ? Value() : v;
            return;
        }
        if (name == "__suppress_context__") {
            e->suppress_context = truthy(in, v);
            return;
        }
        if (name == "args") {
            e->args = new_tuple(to_vector(in, v));
            return;
        }
    }
    if (StrMap* d = attribute_dict(obj)) {
        // object() itself has no __dict__ in CPython (its subclasses do): a sentinel takes no attributes
        if (type == types().object) raise(types().AttributeError, str("'object' object has no attribute '", name, "'"));
        if (type->slots_only && !obj.is(Kind::Function) && !obj.is(Kind::Module) && !has_slot(type, name))
            raise(types().AttributeError, str("'", type->name, "' object has no attribute '", name, "'"));
        d->set(name, v);
        if (is_builtins_module(in, obj)) in.builtins().set(name, v);
        return;
    }
    if (type->lookup(name))
        raise(types().AttributeError, str("'", type->name, "' object attribute '", name, "' is read-only"));
    raise(types().AttributeError, str("'", type->name, "' object has no attribute '", name, "'"));
}

void setattr(Interpreter& in, const Value& obj, std::string_view name, const Value& v) {
    if (!obj.is(Kind::Type)) {
        Type* type = type_of(obj);
        if (const Value* sa = type->lookup("__setattr__"); !is_object_slot(sa, "__setattr__")) {
            // A native __setattr__ (nn.Module's) leaves properties (Module.training) to the generic path,
            // as their Python versions do by ending in object.__setattr__.
            const Value* desc = sa->is(Kind::Builtin) ? type->lookup(name) : nullptr;
            if (!desc || !desc->is(Kind::Property)) {
                call_dunder(in, *sa, obj, {new_str(std::string(name)), v});
                return;
            }
        }
    } else if (Type* meta = obj.obj()->type; meta != types().type) {
        if (const Value* sa = meta->lookup("__setattr__"); !is_object_slot(sa, "__setattr__")) {
            call_dunder(in, *sa, obj, {new_str(std::string(name)), v});
            return;
        }
    }
    generic_setattr(in, obj, name, v);
}

void generic_delattr(Interpreter& in, const Value& obj, std::string_view name) {
    Type* type = type_of(obj);
    if (auto* t = obj.as<Type>(); t && mutable_like_reference(t)) {
        if (t->dict.find(name)) {
            remember_builtin_patch(t, name);
            t->dict.erase(name);
            return;
        }
        raise(types().AttributeError, str("type object '", t->name, "' has no attribute '", name, "'"));
    }
    if (const Value* desc = type->lookup(name); desc && desc->is(Kind::Property)) {
        auto* p = desc->get<Property>();
        if (p->deleter.is_null()) raise(types().AttributeError, str("property '", name, "' of '", type->name, "' object has no deleter"));
        in.call(p->deleter, {obj});
        return;
    } else if (Value del = descriptor_method(desc, "__delete__"); !del.is_null()) {
        call_dunder(in, del, *desc, {obj});
        return;
    }
    if (auto* f = obj.as<Function>()) {  // CPython's func_set_defaults/kwdefaults given NULL: None
        if (name == "__defaults__") {
            f->defaults.clear();
            f->attrs.erase(name);
            return;
        }
        if (name == "__doc__" || name == "__module__") {  // the member set to NULL: reads None
            f->attrs.set(name, Value::none());
            return;
        }
        if (name == "__annotations__") {  // the next read makes a new empty dict
            f->attrs.erase(name);
            return;
        }
        if (name == "__type_params__") raise(types().TypeError, "__type_params__ must be set to a tuple");
        if (name == "__kwdefaults__") {
            f->kwdefaults = Ref<Dict>();
            return;
        }
    }
    if (StrMap* d = attribute_dict(obj)) {
        if (d->erase(name)) {
            if (is_builtins_module(in, obj)) in.builtins().erase(name);
            return;
        }
    }
    // an unset slot: CPython's member descriptor raises AttributeError naming only the slot
    if (!obj.is(Kind::Type) && is_slot_value(type, name)) raise(types().AttributeError, std::string(name));
    raise(types().AttributeError, str("'", type->name, "' object has no attribute '", name, "'"));
}

void delattr(Interpreter& in, const Value& obj, std::string_view name) {
    Type* type = type_of(obj);
    if (const Value* da = type->lookup("__delattr__"); !is_object_slot(da, "__delattr__") && !obj.is(Kind::Type)) {
        call_dunder(in, *da, obj, {new_str(std::string(name))});
        return;
    }
    generic_delattr(in, obj, name);
}

Value lookup_method(Interpreter& in, const Value& obj, std::string_view name) {
    (void)in;
    if (!obj.is_obj() || obj.is(Kind::Type) || obj.is(Kind::Module) || obj.is(Kind::Super)) return Value();
    if (obj.obj()->type->custom_getattribute) return Value();
    const Value* d = obj.obj()->type->lookup(name);
    if (!d || !(d->is(Kind::Function) || (d->is(Kind::Builtin) && d->get<Builtin>()->self.is_null()))) return Value();
    if (unbound_module_function(obj.obj()->type, name, *d)) return Value();
    if (StrMap* dict = attribute_dict(obj); dict && dict->find(name)) return Value();
    return *d;
}

// ---- subscripts ---------------------------------------------------------------------------------

SliceBounds slice_unpack(const Slice& s) {
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max(), kMin = std::numeric_limits<int64_t>::min();
    // Ints past 64 bits clamp, as CPython's _PyEval_SliceIndex does ([1, 2][10**20:] is []).
    auto index = [&](const Value& v) -> int64_t {
        if (is_big(v)) return big_of(v)->negative() ? kMin : kMax;
        // any object with __index__ (CPython's _PyEval_SliceIndex): instances, tensors, NumPy integer
        // scalars (x[i:i + T] with i from np.random.permutation)
        if (!is_index(v) && (!v.is_obj() || v.is(Kind::Type) || find_dunder(v, "__index__").is_null()))
            raise(types().TypeError, "slice indices must be integers or None or have an __index__ method");
        return is_index(v) ? to_int(v, "") : index_value(current_interpreter(), v);
    };
    SliceBounds b{0, 0, 1};
    if (!s.step.is_none()) {
        b.step = index(s.step);
        if (b.step == 0) raise(types().ValueError, "slice step cannot be zero");
        if (b.step < -kMax) b.step = -kMax;  // so that -step cannot overflow
    }
    b.start = s.start.is_none() ? (b.step < 0 ? kMax : 0) : index(s.start);
    b.stop = s.stop.is_none() ? (b.step < 0 ? kMin : kMax) : index(s.stop);
    return b;
}

SliceIndices slice_adjust(SliceBounds b, int64_t length) {
    auto clamp = [&](int64_t i) {
        if (i < 0) {
            i += length;
            if (i < 0) i = b.step < 0 ? -1 : 0;
        } else if (i >= length) {
            i = b.step < 0 ? length - 1 : length;
        }
        return i;
    };
    int64_t start = clamp(b.start), stop = clamp(b.stop), step = b.step, count = 0;
    if (step < 0 ? stop < start : start < stop)
        count = step < 0 ? (start - stop - 1) / (-step) + 1 : (stop - start - 1) / step + 1;
    return {start, stop, step, count};
}

SliceIndices slice_indices(const Slice& s, int64_t length) { return slice_adjust(slice_unpack(s), length); }

namespace {
int64_t normalize_index(const Value& key, int64_t n, const char* what) {
    int64_t i = to_int(key, "");
    if (i < 0) i += n;
    if (i < 0 || i >= n) raise(types().IndexError, str(what, " index out of range"));
    return i;
}

// Code points of a UTF-8 string, each as its own string (non-ASCII strings only).
std::vector<std::string> code_points(const std::string& s) {
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size();) {
        size_t start = i;
        text::utf8_next(s, i);
        out.push_back(s.substr(start, i - start));
    }
    return out;
}

template <typename Seq>
Value slice_sequence(const std::vector<Value>& items, const Slice& s, Seq make_seq) {
    SliceBounds b = slice_unpack(s);  // first: an __index__ may resize a list
    SliceIndices ix = slice_adjust(b, int64_t(items.size()));
    std::vector<Value> out;
    out.reserve(size_t(ix.count));
    for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) out.push_back(items[size_t(i)]);
    return make_seq(std::move(out));
}
}  // namespace

Value getitem(Interpreter& in, const Value& c, const Value& key) {
    if (Value f = user_override(c, "__getitem__"); !f.is_null()) return call_dunder(in, f, c, {key});
    return getitem_layout(in, c, key);
}

// An object with __index__ (a user class, a NumPy integer, a one-element integer tensor) subscripts a
// core sequence (list, tuple, str, range) as the int it stands for, in reads, writes and deletions alike
// (CPython's PyNumber_AsSsize_t in the sequences' subscript slots).
static Value sequence_key(Interpreter& in, const Value& c, const Value& key) {
    if ((key.is(Kind::Instance) || key.is(Kind::Native) || key.is(Kind::Tensor)) &&
        (c.is(Kind::List) || c.is(Kind::Tuple) || c.is(Kind::Str) || c.is(Kind::Range)) &&
        !find_dunder(key, "__index__").is_null())
        return Value::integer(index_value(in, key));
    return key;
}

Value getitem_layout(Interpreter& in, const Value& c, const Value& key_in) {
    if (is_big(key_in) && (c.is(Kind::List) || c.is(Kind::Tuple) || c.is(Kind::Str)))
        raise(types().IndexError, "cannot fit 'int' into an index-sized integer");
    // range_subscript computes with Python ints: beyond 64 bits is past the end of any range Kiln holds
    if (is_big(key_in) && c.is(Kind::Range)) raise(types().IndexError, "range object index out of range");
    Value key = sequence_key(in, c, key_in);
    if (c.is_obj()) {
        Object* o = c.obj();
        switch (o->kind) {
            case Kind::List: {
                auto& items = static_cast<List*>(o)->items;
                if (is_index(key)) return items[size_t(normalize_index(key, int64_t(items.size()), "list"))];
                if (auto* s = key.as<Slice>()) return slice_sequence(items, *s, new_list);
                raise(types().TypeError, str("list indices must be integers or slices, not ", type_name(key)));
            }
            case Kind::Tuple: {
                if (o->type != types().tuple && o->type->builtin) break;  // torch.Size: its own __getitem__
                auto& items = static_cast<Tuple*>(o)->items;
                if (is_index(key)) return items[size_t(normalize_index(key, int64_t(items.size()), "tuple"))];
                if (auto* s = key.as<Slice>()) {
                    Type* t = o->type;
                    return slice_sequence(items, *s, [t](std::vector<Value> v) {
                        return Value(make<Tuple>(t, std::move(v)).get());
                    });
                }
                raise(types().TypeError, str("tuple indices must be integers or slices, not ", type_name(key)));
            }
            case Kind::Str: {
                const std::string& s = static_cast<Str*>(o)->s;
                if (!is_index(key) && !key.is(Kind::Slice))
                    raise(types().TypeError, str("string indices must be integers, not '", type_name(key), "'"));
                if (text::is_ascii(s)) {
                    if (is_index(key)) return new_str(std::string(1, s[size_t(normalize_index(key, int64_t(s.size()), "string"))]));
                    SliceIndices ix = slice_indices(*key.get<Slice>(), int64_t(s.size()));
                    std::string out;
                    for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) out += s[size_t(i)];
                    return new_str(std::move(out));
                }
                auto cps = code_points(s);
                if (is_index(key)) return new_str(cps[size_t(normalize_index(key, int64_t(cps.size()), "string"))]);
                SliceIndices ix = slice_indices(*key.get<Slice>(), int64_t(cps.size()));
                std::string out;
                for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) out += cps[size_t(i)];
                return new_str(std::move(out));
            }
            case Kind::Dict: {
                if (o->type != types().dict)  // a subclass's __getitem__ (dict's own handles __missing__)
                    if (Value f = find_dunder(c, "__getitem__"); !f.is_null()) return call_dunder(in, f, c, {key});
                auto* d = static_cast<Dict*>(o);
                if (Value* v = d->find(key)) return *v;
                if (Value f = find_dunder(c, "__missing__"); !f.is_null()) return call_dunder(in, f, c, {key});
                throw PyError(new_exception(types().KeyError, {key}));
            }
            case Kind::Range: {
                auto* r = static_cast<Range*>(o);
                // wrapping arithmetic: the element is inside the range, the intermediate products may not be
                auto at = [r](int64_t i) { return int64_t(uint64_t(r->start) + uint64_t(r->step) * uint64_t(i)); };
                if (is_index(key)) return Value::integer(at(normalize_index(key, r->length(), "range object")));
                if (auto* s = key.as<Slice>()) {
                    SliceIndices ix = slice_indices(*s, r->length());
                    int64_t step = 0;
                    if (__builtin_mul_overflow(r->step, ix.step, &step))
                        raise(types().OverflowError, "Python int too large to convert to C ssize_t");
                    return Value(make<Range>(at(ix.start), at(ix.stop), step).get());
                }
                raise(types().TypeError, str("range indices must be integers or slices, not ", type_name(key)));
            }
            case Kind::Type:
                // A metaclass's __getitem__ comes first (CPython's PyObject_GetItem tries the type's
                // mp_subscript before __class_getitem__): `class Meta(type): def __getitem__(cls, k)`.
                if (o->type != types().type)
                    if (Value f = find_dunder(c, "__getitem__"); !f.is_null()) return call_dunder(in, f, c, {key});
                if (Value f = getattr_or_null(in, c, "__class_getitem__"); !f.is_null()) return in.call(f, {key});
                // list[int], dict[str, int]: annotations that are evaluated (types.GenericAlias).
                if (static_cast<Type*>(o)->builtin) return generic_alias(c, key);
                break;
            default: break;
        }
        if (Value f = find_dunder(c, "__getitem__"); !f.is_null()) return call_dunder(in, f, c, {key});
    }
    if (c.is(Kind::Type))
        raise(types().TypeError, str("type '", c.get<Type>()->name, "' is not subscriptable"));
    raise(types().TypeError, str("'", type_name(c), "' object is not subscriptable"));
}

void setitem(Interpreter& in, const Value& c, const Value& key, const Value& v) {
    if (Value f = user_override(c, "__setitem__"); !f.is_null()) {
        call_dunder(in, f, c, {key, v});
        return;
    }
    setitem_layout(in, c, key, v);
}

void setitem_layout(Interpreter& in, const Value& c, const Value& key_in, const Value& v) {
    if (auto* l = c.as<List>()) {
        Value key = sequence_key(in, c, key_in);
        if (is_big(key)) raise(types().IndexError, "cannot fit 'int' into an index-sized integer");
        if (is_index(key)) {
            l->items[size_t(normalize_index(key, int64_t(l->items.size()), "list assignment"))] = v;
            return;
        }
        if (auto* s = key.as<Slice>()) {
            // CPython's order: the bounds (user __index__), then the value (user iteration), then the
            // list's length as both left it.
            SliceBounds b = slice_unpack(*s);
            std::vector<Value> src =
                to_sequence(in, v, b.step == 1 ? "can only assign an iterable" : "must assign iterable to extended slice");
            SliceIndices ix = slice_adjust(b, int64_t(l->items.size()));
            if (ix.step == 1) {
                int64_t stop = std::max(ix.start, ix.stop);
                l->items.erase(l->items.begin() + ix.start, l->items.begin() + stop);
                l->items.insert(l->items.begin() + ix.start, src.begin(), src.end());
                return;
            }
            if (int64_t(src.size()) != ix.count)
                raise(types().ValueError, str("attempt to assign sequence of size ", src.size(),
                                              " to extended slice of size ", ix.count));
            for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) l->items[size_t(i)] = src[size_t(k)];
            return;
        }
        raise(types().TypeError, str("list indices must be integers or slices, not ", type_name(key)));
    }
    const Value& key = key_in;
    if (auto* d = c.as<Dict>(); d && d->type == types().dict) {
        d->set(key, v);
        return;
    }
    if (Value f = find_dunder(c, "__setitem__"); !f.is_null() && !is_core(c)) {
        call_dunder(in, f, c, {key, v});
        return;
    }
    raise(types().TypeError, str("'", type_name(c), "' object does not support item assignment"));
}

void delitem(Interpreter& in, const Value& c, const Value& key) {
    if (Value f = user_override(c, "__delitem__"); !f.is_null()) {
        call_dunder(in, f, c, {key});
        return;
    }
    delitem_layout(in, c, key);
}

void delitem_layout(Interpreter& in, const Value& c, const Value& key_in) {
    if (auto* l = c.as<List>()) {
        Value key = sequence_key(in, c, key_in);
        if (is_big(key)) raise(types().IndexError, "cannot fit 'int' into an index-sized integer");
        if (is_index(key)) {
            auto pos = l->items.begin() + normalize_index(key, int64_t(l->items.size()), "list assignment");
            Value gone = std::move(*pos);  // released after the list is consistent again
            l->items.erase(pos);
            return;
        }
        if (auto* s = key.as<Slice>()) {
            SliceBounds b = slice_unpack(*s);  // first: an __index__ may resize the list
            SliceIndices ix = slice_adjust(b, int64_t(l->items.size()));
            std::vector<bool> drop(l->items.size(), false);
            for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) drop[size_t(i)] = true;
            std::vector<Value> kept;
            for (size_t i = 0; i < l->items.size(); ++i)
                if (!drop[i]) kept.push_back(std::move(l->items[i]));
            l->items = std::move(kept);
            return;
        }
        raise(types().TypeError, str("list indices must be integers or slices, not ", type_name(key)));
    }
    const Value& key = key_in;
    if (auto* d = c.as<Dict>(); d && d->type == types().dict) {
        if (!d->erase(key)) throw PyError(new_exception(types().KeyError, {key}));
        return;
    }
    if (Value f = find_dunder(c, "__delitem__"); !f.is_null() && !is_core(c)) {
        call_dunder(in, f, c, {key});
        return;
    }
    raise(types().TypeError, str("'", type_name(c), "' object doesn't support item deletion"));
}

// ---- arithmetic ---------------------------------------------------------------------------------

// A repetition's result must fit in memory before it is built: 'x' * 10**13 is MemoryError at once
// (CPython's allocation fails the same way), and [] * 10**13 is empty without 10**13 steps.
constexpr uint64_t kMaxRepeatBytes = uint64_t(1) << 30;

void check_repeat_size(size_t unit, size_t unit_bytes, int64_t n, const char* what) {
    if (n <= 0 || unit == 0) return;
    // A length past Py_ssize_t is CPython's OverflowError for str and bytes (lists: MemoryError).
    if (uint64_t(n) > uint64_t(INT64_MAX) / uint64_t(unit)) {
        const std::string_view w = what;
        if (w == "str") raise(types().OverflowError, "repeated string is too long");
        if (w == "bytes" || w == "bytearray") raise(types().OverflowError, "repeated bytes are too long");
    }
    if (uint64_t(n) > kMaxRepeatBytes / (uint64_t(unit) * unit_bytes))
        raise(types().MemoryError, str("a ", what, " of ", unit, " x ", n, " items is over Kiln's limit of 1 GiB for one ",
                                       what, " (hint: build it in pieces, or use a tensor)"));
}

// A concatenation (str + str, bytes + bytes, bytearray.extend) of `bytes` bytes must fit the same
// 1 GiB limit before it is built: `s = s + s` in a loop is MemoryError, not the whole machine's memory.
void check_concat_size(uint64_t bytes, const char* what) {
    if (bytes > kMaxRepeatBytes)
        raise(types().MemoryError, str("a ", what, " of ", bytes, " bytes is over Kiln's limit of 1 GiB for one ", what,
                                       " (hint: build it in pieces, or use a tensor)"));
}

// The same for a list or tuple concatenation of `items` items (l = l + l in a loop).
static void check_concat_items(uint64_t items, const char* what) {
    if (items > kMaxRepeatBytes / sizeof(Value))
        raise(types().MemoryError, str("a ", what, " of ", items, " items is over Kiln's limit of 1 GiB for one ", what,
                                       " (hint: build it in pieces, or use a tensor)"));
}

namespace {
// Dunder names per NB_* operator: __op__, __rop__ (reflected), __iop__ (in place).
struct OpNames {
    const char *op, *rop, *iop;
};
const OpNames kDunder[] = {
    {"__add__", "__radd__", "__iadd__"},          {"__and__", "__rand__", "__iand__"},
    {"__floordiv__", "__rfloordiv__", "__ifloordiv__"}, {"__lshift__", "__rlshift__", "__ilshift__"},
    {"__matmul__", "__rmatmul__", "__imatmul__"}, {"__mul__", "__rmul__", "__imul__"},
    {"__mod__", "__rmod__", "__imod__"},          {"__or__", "__ror__", "__ior__"},
    {"__pow__", "__rpow__", "__ipow__"},          {"__rshift__", "__rrshift__", "__irshift__"},
    {"__sub__", "__rsub__", "__isub__"},          {"__truediv__", "__rtruediv__", "__itruediv__"},
    {"__xor__", "__rxor__", "__ixor__"}};

// base ** exp in int64; false when it overflows (the caller redoes it with BigInt).
bool int_pow(int64_t base, int64_t exp, int64_t& result) {
    result = 1;
    while (exp > 0) {
        if (exp & 1)
            if (__builtin_mul_overflow(result, base, &result)) return false;
        exp >>= 1;
        if (exp && __builtin_mul_overflow(base, base, &base)) return false;
    }
    return true;
}

double float_mod(double a, double b) {
    double m = std::fmod(a, b);
    if (m != 0 && ((b < 0) != (m < 0))) m += b;
    if (m == 0) m = std::copysign(0.0, b);
    return m;
}

// CPython's _float_div_mod quotient: (a - fmod(a, b)) / b, one less where the remainder's sign was
// corrected, snapped to the nearest integer; so inf // 3.0 is nan and -5.0 // inf is -1.0, as
// divmod() and // agree with %.
double float_floordiv(double a, double b) {
    double m = std::fmod(a, b);
    double div = (a - m) / b;
    if (m != 0 && ((b < 0) != (m < 0))) div -= 1.0;
    if (div == 0) return std::copysign(0.0, a / b);
    double q = std::floor(div);
    if (div - q > 0.5) q += 1.0;
    return q;
}

// int op int; Null when the operator does not apply.
Value int_op(int op, int64_t a, int64_t b) {
    int64_t r;
    switch (op) {
        case bytecode::NB_ADD:
            if (__builtin_add_overflow(a, b, &r)) return big_int_op(op, BigInt(a), BigInt(b));
            return Value::integer(r);
        case bytecode::NB_SUBTRACT:
            if (__builtin_sub_overflow(a, b, &r)) return big_int_op(op, BigInt(a), BigInt(b));
            return Value::integer(r);
        case bytecode::NB_MULTIPLY:
            if (__builtin_mul_overflow(a, b, &r)) return big_int_op(op, BigInt(a), BigInt(b));
            return Value::integer(r);
        case bytecode::NB_TRUE_DIVIDE:
            if (b == 0) raise(types().ZeroDivisionError, "division by zero");
            // Exact in doubles below 2**53 (one rounding); beyond, CPython divides exactly and
            // rounds once, which the big-int path does.
            if (a > -(int64_t(1) << 53) && a < (int64_t(1) << 53) && b > -(int64_t(1) << 53) && b < (int64_t(1) << 53))
                return Value::number(double(a) / double(b));
            return big_int_op(op, BigInt(a), BigInt(b));
        case bytecode::NB_FLOOR_DIVIDE: {
            if (b == 0) raise(types().ZeroDivisionError, "integer division or modulo by zero");
            if (a == INT64_MIN && b == -1) return big_int_op(op, BigInt(a), BigInt(b));
            int64_t q = a / b;
            if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
            return Value::integer(q);
        }
        case bytecode::NB_REMAINDER: {
            if (b == 0) raise(types().ZeroDivisionError, "integer modulo by zero");
            if (b == -1) return Value::integer(0);
            int64_t m = a % b;
            if (m != 0 && ((m < 0) != (b < 0))) m += b;
            return Value::integer(m);
        }
        case bytecode::NB_POWER:
            if (b < 0) {
                if (a == 0) raise(types().ZeroDivisionError, "0.0 cannot be raised to a negative power");
                return Value::number(std::pow(double(a), double(b)));
            }
            if (int64_t p; int_pow(a, b, p)) return Value::integer(p);
            return big_int_op(op, BigInt(a), BigInt(b));
        case bytecode::NB_AND: return Value::integer(a & b);
        case bytecode::NB_OR: return Value::integer(a | b);
        case bytecode::NB_XOR: return Value::integer(a ^ b);
        case bytecode::NB_LSHIFT:
            if (b < 0) raise(types().ValueError, "negative shift count");
            if (a == 0) return Value::integer(0);
            if (b >= 63 || (a > 0 ? a > (INT64_MAX >> b) : a < (INT64_MIN >> b))) return big_int_op(op, BigInt(a), BigInt(b));
            return Value::integer(a << b);
        case bytecode::NB_RSHIFT:
            if (b < 0) raise(types().ValueError, "negative shift count");
            return Value::integer(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
        default: return Value();
    }
}

Value float_op(int op, double a, double b) {
    switch (op) {
        case bytecode::NB_ADD: return Value::number(a + b);
        case bytecode::NB_SUBTRACT: return Value::number(a - b);
        case bytecode::NB_MULTIPLY: return Value::number(a * b);
        case bytecode::NB_TRUE_DIVIDE:
            if (b == 0) raise(types().ZeroDivisionError, "float division by zero");
            return Value::number(a / b);
        case bytecode::NB_FLOOR_DIVIDE:
            if (b == 0) raise(types().ZeroDivisionError, "float floor division by zero");
            return Value::number(float_floordiv(a, b));
        case bytecode::NB_REMAINDER:
            if (b == 0) raise(types().ZeroDivisionError, "float modulo");
            return Value::number(float_mod(a, b));
        case bytecode::NB_POWER:
            if (a == 0 && b < 0) raise(types().ZeroDivisionError, "0.0 cannot be raised to a negative power");
            if (a < 0 && std::floor(b) != b) return complex_power(a, 0.0, b, 0.0);  // float_pow hands over to complex
            {
                double r = std::pow(a, b);
                // CPython's float_pow: a finite base and exponent whose power overflows is an error (ERANGE)
                if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
                    throw PyError(new_exception(types().OverflowError, {Value::integer(34), new_str("Numerical result out of range")}));
                return Value::number(r);
            }
        default: return Value();
    }
}

bool is_number(const Value& v) { return v.is_int() || v.is_float() || v.is_bool(); }

Value repeat(const std::vector<Value>& items, int64_t n, bool tuple) {
    std::vector<Value> out;
    check_repeat_size(items.size(), sizeof(Value), n, tuple ? "tuple" : "list");
    if (n > 0 && !items.empty()) {
        out.reserve(items.size() * size_t(n));
        for (int64_t k = 0; k < n; ++k) out.insert(out.end(), items.begin(), items.end());
    }
    return tuple ? new_tuple(std::move(out)) : new_list(std::move(out));
}

// Built-in behaviour for core operands, Null when none applies.
Value core_binary(Interpreter& in, int op, const Value& a, const Value& b) {
    int base = op >= bytecode::NB_INPLACE_ADD ? op - bytecode::NB_INPLACE_ADD : op;
    if (is_big(a) || is_big(b)) {
        if (is_int_like(a) && is_int_like(b)) return big_int_op(base, to_big(a), to_big(b));
        if ((a.is_float() && is_big(b)) || (is_big(a) && b.is_float())) return float_op(base, to_double(a, ""), to_double(b, ""));
    }
    if (is_number(a) && is_number(b)) {
        if (a.is_float() || b.is_float()) return float_op(base, to_double(a, ""), to_double(b, ""));
        if (a.is_bool() && b.is_bool() && (base == bytecode::NB_AND || base == bytecode::NB_OR || base == bytecode::NB_XOR)) {
            Value r = int_op(base, a.as_bool(), b.as_bool());
            return Value::boolean(r.as_int() != 0);
        }
        return int_op(base, to_int(a, ""), to_int(b, ""));
    }
    switch (base) {
        case bytecode::NB_ADD:
            if (a.is(Kind::Str)) {
                if (!b.is(Kind::Str)) raise(types().TypeError, str("can only concatenate str (not \"", type_name(b), "\") to str"));
                check_concat_size(uint64_t(str_of(a).size()) + str_of(b).size(), "str");
                return new_str(str_of(a) + str_of(b));
            }
            if (auto* l = a.as<List>()) {
                if (op == bytecode::NB_INPLACE_ADD) {  // list += iterable extends in place
                    extend_list(in, l, b);
                    return a;
                }
                auto* r = b.as<List>();
                if (!r) raise(types().TypeError, str("can only concatenate list (not \"", type_name(b), "\") to list"));
                check_concat_items(l->items.size() + r->items.size(), "list");
                std::vector<Value> out = l->items;
                out.insert(out.end(), r->items.begin(), r->items.end());
                return new_list(std::move(out));
            }
            if (a.is(Kind::Tuple) && (a.obj()->type == types().tuple || !a.obj()->type->builtin)) {  // user subclasses too
                auto* r = b.as<Tuple>();
                if (!r) raise(types().TypeError, str("can only concatenate tuple (not \"", type_name(b), "\") to tuple"));
                check_concat_items(a.get<Tuple>()->items.size() + r->items.size(), "tuple");
                std::vector<Value> out = a.get<Tuple>()->items;
                out.insert(out.end(), r->items.begin(), r->items.end());
                return new_tuple(std::move(out));
            }
            break;
        case bytecode::NB_MULTIPLY: {
            const Value* seq = (a.is(Kind::Str) || a.is(Kind::List) || a.is(Kind::Tuple)) ? &a : nullptr;
            const Value* cnt = &b;
            if (!seq && (b.is(Kind::Str) || b.is(Kind::List) || b.is(Kind::Tuple))) {
                seq = &b;
                cnt = &a;
            }
            if (!seq || (seq->is(Kind::Tuple) && seq->obj()->type != types().tuple && seq->obj()->type->builtin)) break;
            if (is_big(*cnt)) raise(types().OverflowError, "cannot fit 'int' into an index-sized integer");
            // A non-core count is reached only after its own __mul__/__rmul__ declined (binary_op):
            // CPython's sequence_repeat then takes it through __index__ (`[pad] * n_tok` with a
            // 0-d integer tensor), else names the type.
            const bool via_index = !is_index(*cnt) && cnt->is_obj() && !is_core(*cnt) && !find_dunder(*cnt, "__index__").is_null();
            if (!is_index(*cnt) && !via_index)
                raise(types().TypeError, str("can't multiply sequence by non-int of type '", type_name(*cnt), "'"));
            int64_t n = via_index ? ssize_arg(in, *cnt) : to_int(*cnt, "");
            if (auto* s = seq->as<Str>()) {
                check_repeat_size(s->s.size(), 1, n, "str");
                return new_str(text::repeat_text(s->s, n));
            }
            if (auto* l = seq->as<List>()) {
                if (op == bytecode::NB_INPLACE_ADD + bytecode::NB_MULTIPLY && seq == &a) {
                    check_repeat_size(l->items.size(), sizeof(Value), n, "list");
                    std::vector<Value> one = l->items;
                    l->items.clear();
                    if (!one.empty())
                        for (int64_t k = 0; k < n; ++k) l->items.insert(l->items.end(), one.begin(), one.end());
                    return a;
                }
                return repeat(l->items, n, false);
            }
            return repeat(seq->get<Tuple>()->items, n, true);
        }
        case bytecode::NB_REMAINDER:
            if (a.is(Kind::Str)) {
                std::vector<Value> args;
                std::string fmt = str_of(a);
                if (auto* d = b.as<Dict>(); d && fmt.find("%(") != std::string::npos) {
                    // '%(name)s' % mapping: look each key up and format positionally.
                    // A conversion without a key takes the mapping itself as CPython's formatter
                    // does (its one positional argument: once, and only before any keyed one).
                    std::string plain;
                    bool keyed_seen = false, mapping_taken = false;
                    for (size_t i = 0; i < fmt.size(); ++i) {
                        plain += fmt[i];
                        if (fmt[i] != '%' || i + 1 >= fmt.size()) continue;
                        if (fmt[i + 1] == '%') {
                            plain += fmt[++i];
                            continue;
                        }
                        if (fmt[i + 1] != '(') {
                            if (keyed_seen || mapping_taken) raise(types().TypeError, "not enough arguments for format string");
                            mapping_taken = true;
                            args.push_back(b);
                            continue;
                        }
                        keyed_seen = true;
                        size_t close = fmt.find(')', i);
                        if (close == std::string::npos) raise(types().ValueError, "incomplete format key");
                        Value key = new_str(fmt.substr(i + 2, close - i - 2));
                        const Value* v = d->find(key);
                        if (!v) throw PyError(new_exception(types().KeyError, {key}));
                        args.push_back(*v);
                        i = close;
                    }
                    fmt = plain;
                } else if (auto* t = b.as<Tuple>()) {
                    args = t->items;
                } else if (b.is(Kind::Dict) && [&] {
                               for (size_t i = 0; i < fmt.size(); ++i)
                                   if (fmt[i] == '%' && (i + 1 >= fmt.size() || fmt[i + 1] != '%')) return false;
                                   else if (fmt[i] == '%') ++i;
                               return true;
                           }()) {
                    // 'text' % mapping with no conversions is the text (CPython's rule for mappings)
                } else {
                    args.push_back(b);
                }
                std::vector<text::PercentArg> pargs;
                for (const Value& v : args) {
                    text::PercentArg p;
                    if (v.is_int() || v.is_bool()) {
                        p.kind = text::PercentArg::Int;
                        p.i = to_int(v, "");
                    } else if (auto* big = big_of(v)) {
                        p.kind = text::PercentArg::Big;
                        p.big = *big;
                    } else if (v.is_float()) {
                        p.kind = text::PercentArg::Float;
                        p.f = v.as_float();
                    } else {
                        percent_number_protocol(in, v, p);
                    }
                    if (v.is(Kind::Str)) {
                        p.str = str_of(v);  // %c of a one-character str reads it
                        p.repr = repr(in, v);
                    } else {
                        // %s calls only str(), %r only repr() (a __str__ that raises does not stop %r)
                        p.make_str = [&in, v] { return to_str(in, v); };
                        p.make_repr = [&in, v] { return repr(in, v); };
                    }
                    p.type_name = type_name(v);
                    pargs.push_back(std::move(p));
                }
                return new_str(text::percent_format(fmt, pargs));
            }
            break;
        case bytecode::NB_OR:
            // dict | dict (a new dict, the right side's values win) and d |= other (update in place,
            // from any mapping or iterable of pairs), PEP 584.
            if (auto* d = a.as<Dict>(); d && a.obj()->type == types().dict) {
                if (op == bytecode::NB_INPLACE_ADD + bytecode::NB_OR) {
                    in.call_method(a, "update", {b});
                    return a;
                }
                if (!b.is(Kind::Dict)) break;
                auto out = make<Dict>();
                d->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
                b.get<Dict>()->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
                return Value(out.get());
            }
            break;
        default: break;
    }
    return Value();
}
}  // namespace

Value binary_op(Interpreter& in, int op, const Value& a, const Value& b) {
    // Fast paths: the arithmetic of loops.
    if (a.is_int() && b.is_int()) {
        int base = op >= bytecode::NB_INPLACE_ADD ? op - bytecode::NB_INPLACE_ADD : op;
        Value r = int_op(base, a.as_int(), b.as_int());
        if (!r.is_null()) return r;
    }
    // int | None, list[int] | None: a class's | is type.__or__ (types.UnionType), which the core
    // path below does not know.
    if ((op == bytecode::NB_OR || op == bytecode::NB_INPLACE_ADD + bytecode::NB_OR) &&
        ((a.is(Kind::Type) && a.obj()->type == types().type) || (b.is(Kind::Type) && b.obj()->type == types().type))) {
        Value r = type_union(in, a, b);
        if (!r.identical(not_implemented())) return r;
    }
    // str % x formats whatever x is (str's nb_remainder answers first, as in CPython).
    const bool str_mod = a.is(Kind::Str) && (op == bytecode::NB_REMAINDER || op == bytecode::NB_INPLACE_ADD + bytecode::NB_REMAINDER);
    if (is_core(a) && (is_core(b) || str_mod)) {
        Value r = core_binary(in, op, a, b);
        if (!r.is_null()) return r;
    } else {
        bool inplace = op >= bytecode::NB_INPLACE_ADD;
        int base = inplace ? op - bytecode::NB_INPLACE_ADD : op;
        const OpNames& name = kDunder[base];
        // A user subclass of the left operand's class that overrides the reflected method goes first.
        bool reflected_first = false;
        if (!is_core(b) && type_of(a) != type_of(b) && !type_of(b)->builtin && type_of(b)->is_subtype_of(type_of(a))) {
            Value fb = find_dunder(b, name.rop), fa = find_dunder(a, name.rop);
            reflected_first = !fb.is_null() && !fb.identical(fa);
        }
        if (inplace && !is_core(a)) {
            if (Value f = find_dunder(a, name.iop); !f.is_null()) {
                Value r = call_dunder(in, f, a, {b});
                if (!r.identical(not_implemented())) return r;
            }
        }
        if (reflected_first) {
            Value r = call_dunder(in, find_dunder(b, name.rop), b, {a});
            if (!r.identical(not_implemented())) return r;
        }
        if (!is_core(a)) {
            if (Value f = find_dunder(a, name.op); !f.is_null()) {
                Value r = call_dunder(in, f, a, {b});
                if (!r.identical(not_implemented())) return r;
            }
        }
        if (!is_core(b) && type_of(a) != type_of(b) && !reflected_first) {
            if (Value f = find_dunder(b, name.rop); !f.is_null()) {
                Value r = call_dunder(in, f, b, {a});
                if (!r.identical(not_implemented())) return r;
            }
        }
        // A core left operand's own behaviour comes after the reflected method (str's concatenation
        // is a sequence slot in CPython): its messages ("can only concatenate str ...") then apply.
        if (core_layout(a)) {
            Value r = core_binary(in, op, a, b);
            if (!r.is_null()) return r;
        }
        // obj * [x]: the right operand's sequence repeat (CPython's PyNumber_Multiply tries the
        // right sequence's sq_repeat once both number slots declined).
        if (base == bytecode::NB_MULTIPLY && !core_layout(a) && (b.is(Kind::Str) || b.is(Kind::List) || b.is(Kind::Tuple))) {
            Value r = core_binary(in, op, a, b);
            if (!r.is_null()) return r;
        }
    }
    // CPython's sequence repeat (sq_repeat) after the number slots: 'ab' * n and n * [0] where n is
    // any object with __index__ (a NumPy int, a user class)
    if (op == bytecode::NB_MULTIPLY || op == bytecode::NB_INPLACE_ADD + bytecode::NB_MULTIPLY) {
        auto is_seq = [](const Value& v) { return v.is(Kind::Str) || v.is(Kind::List) || v.is(Kind::Tuple); };
        const Value* seq = is_seq(a) ? &a : is_seq(b) ? &b : nullptr;
        const Value& other = seq == &a ? b : a;
        if (seq && other.is_obj() && !is_seq(other)) {
            if (Value f = find_dunder(other, "__index__"); !f.is_null()) {
                Value n = call_dunder(in, f, other, {});
                if (!n.is_int() && !n.is_bool() && !is_big(n))
                    raise(types().TypeError, str("__index__ returned non-int (type ", type_name(n), ")"));
                return seq == &a ? binary_op(in, op, a, n) : binary_op(in, op, n, b);
            }
        }
    }
    // Python 2's `print >>sys.stderr, "x"`: CPython's binary_op adds the call form to the message
    // when the left operand of >> is the print builtin itself.
    if (op == bytecode::NB_RSHIFT && a.is(Kind::Builtin) && static_cast<Builtin*>(a.obj())->name == "print" &&
        static_cast<Builtin*>(a.obj())->qualname.find('.') == std::string::npos)
        raise(types().TypeError, str("unsupported operand type(s) for >>: '", type_name(a), "' and '", type_name(b),
                                     "'. Did you mean \"print(<message>, file=<output_stream>)\"?"));
    // CPython names the power slot "** or pow()" (ternary_op's op_name); its in-place form stays "**=".
    raise(types().TypeError, str("unsupported operand type(s) for ",
                                 op == bytecode::NB_POWER ? "** or pow()" : bytecode::binary_op_symbol(op), ": '", type_name(a),
                                 "' and '", type_name(b), "'"));
}

Value unary_negative(Interpreter& in, const Value& v) {
    if (v.is_int()) {
        if (v.as_int() == INT64_MIN) return int_value(-BigInt(v.as_int()));
        return Value::integer(-v.as_int());
    }
    if (auto* b = big_of(v)) return int_value(-*b);
    if (v.is_bool()) return Value::integer(-int64_t(v.as_bool()));
    if (v.is_float()) return Value::number(-v.as_float());
    if (Value f = find_dunder(v, "__neg__"); !f.is_null() && !is_core(v)) return call_dunder(in, f, v, {});
    raise(types().TypeError, str("bad operand type for unary -: '", type_name(v), "'"));
}

Value unary_positive(Interpreter& in, const Value& v) {
    if (v.is_int() || v.is_float() || is_big(v)) return v;
    if (v.is_bool()) return Value::integer(v.as_bool());
    if (Value f = find_dunder(v, "__pos__"); !f.is_null() && !is_core(v)) return call_dunder(in, f, v, {});
    raise(types().TypeError, str("bad operand type for unary +: '", type_name(v), "'"));
}

Value unary_invert(Interpreter& in, const Value& v) {
    if (v.is_int()) return Value::integer(~v.as_int());
    if (auto* b = big_of(v)) return int_value(~*b);
    if (v.is_bool()) return Value::integer(~int64_t(v.as_bool()));
    if (Value f = find_dunder(v, "__invert__"); !f.is_null() && !is_core(v)) return call_dunder(in, f, v, {});
    raise(types().TypeError, str("bad operand type for unary ~: '", type_name(v), "'"));
}

// ---- comparison ---------------------------------------------------------------------------------

namespace {
const char* const kCmpDunder[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
const int kCmpSwapped[] = {CMP_GT, CMP_GE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE};

template <typename T>
bool cmp(int op, const T& a, const T& b) {
    switch (op) {
        case CMP_LT: return a < b;
        case CMP_LE: return a <= b;
        case CMP_EQ: return a == b;
        case CMP_NE: return a != b;
        case CMP_GT: return a > b;
        default: return a >= b;
    }
}

// Lexicographic comparison of sequences with Python's rules; Null if element comparison fails.
// `a` and `b` are the item vectors of lists or tuples the caller holds; a user __eq__ may resize the
// lists, so each step re-reads the sizes and holds the two items it compares (list_richcompare).
Value compare_sequences(Interpreter& in, int op, const std::vector<Value>& a, const std::vector<Value>& b) {
    StackCheck guard(" in comparison");
    if ((op == CMP_EQ || op == CMP_NE) && a.size() != b.size()) return Value::boolean(op == CMP_NE);
    size_t i = 0;
    for (; i < a.size() && i < b.size(); ++i) {
        Value x = a[i], y = b[i];
        if (x.identical(y) || equals(in, x, y)) continue;
        break;
    }
    if (i >= a.size() || i >= b.size()) return Value::boolean(cmp(op, a.size(), b.size()));
    if (op == CMP_EQ) return Value::boolean(false);
    if (op == CMP_NE) return Value::boolean(true);
    Value x = a[i], y = b[i];
    return compare(in, op, x, y);
}

Value core_compare(Interpreter& in, int op, const Value& a, const Value& b) {
    if (is_big(a) || is_big(b)) {
        int c = 3;
        if (is_int_like(a) && is_int_like(b)) c = compare(to_big(a), to_big(b));
        else if (is_int_like(a) && b.is_float()) c = compare_int_float(a, b.as_float());
        else if (a.is_float() && is_int_like(b)) {
            c = compare_int_float(b, a.as_float());
            if (c != 2) c = -c;
        }
        if (c == 2) return Value::boolean(op == CMP_NE);  // NaN: unordered
        if (c != 3) return Value::boolean(cmp(op, c, 0));
    }
    if (is_number(a) && is_number(b)) {
        if (a.is_float() || b.is_float()) {
            // An int beyond 2**53 does not convert exactly: compare exactly, as CPython does.
            const Value& i = a.is_float() ? b : a;
            if (i.is_int() && (i.as_int() > (int64_t(1) << 53) || i.as_int() < -(int64_t(1) << 53))) {
                int c = compare_int_float(i, a.is_float() ? a.as_float() : b.as_float());
                if (c == 2) return Value::boolean(op == CMP_NE);
                return Value::boolean(cmp(op, a.is_float() ? -c : c, 0));
            }
            return Value::boolean(cmp(op, to_double(a, ""), to_double(b, "")));
        }
        return Value::boolean(cmp(op, to_int(a, ""), to_int(b, "")));
    }
    if (a.is(Kind::Str) && b.is(Kind::Str)) return Value::boolean(cmp(op, str_of(a), str_of(b)));
    if (a.is(Kind::List) && b.is(Kind::List)) return compare_sequences(in, op, a.get<List>()->items, b.get<List>()->items);
    if (a.is(Kind::Tuple) && b.is(Kind::Tuple)) return compare_sequences(in, op, a.get<Tuple>()->items, b.get<Tuple>()->items);
    if (a.is(Kind::Slice) && b.is(Kind::Slice)) {
        // CPython's slice_richcompare: as the tuples (start, stop, step), every operator
        auto* x = a.get<Slice>();
        auto* y = b.get<Slice>();
        return compare_sequences(in, op, {x->start, x->stop, x->step}, {y->start, y->stop, y->step});
    }
    if (op == CMP_EQ || op == CMP_NE) {
        bool eq;
        if (a.is(Kind::Dict) && b.is(Kind::Dict)) {
            auto* x = a.get<Dict>();
            auto* y = b.get<Dict>();
            StackCheck guard(" in comparison");
            eq = x->size() == y->size();
            if (eq)
                x->for_each([&](const Value& k, const Value& v) {
                    if (!eq) return;
                    const Value* w = y->find(k);
                    if (!w) {
                        eq = false;
                        return;
                    }
                    Value held = *w;  // a user __eq__ may change y: hold its value, not a pointer
                    if (!equals(in, v, held)) eq = false;
                });
        } else if (a.is(Kind::Range) && b.is(Kind::Range)) {
            auto* x = a.get<Range>();
            auto* y = b.get<Range>();
            eq = x->length() == y->length() && (x->length() == 0 || (x->start == y->start && (x->length() == 1 || x->step == y->step)));
        } else {
            eq = a.identical(b);
        }
        return Value::boolean(op == CMP_EQ ? eq : !eq);
    }
    return Value();
}
}  // namespace

// Bound methods compare equal when they bind the same object (by identity, as CPython 3.8+) to the same
// function: `obj.f == obj.f`, `hook in hooks`, methods as dict keys. Returns -1 unless both are bound
// methods (Python functions or builtins bound to a receiver), else 1 (equal) or 0.
static int method_equality(const Value& a, const Value& b) {
    if (a.is(Kind::BoundMethod) && b.is(Kind::BoundMethod)) {
        auto* x = a.get<BoundMethod>();
        auto* y = b.get<BoundMethod>();
        return x->self.identical(y->self) && x->func.identical(y->func) ? 1 : 0;
    }
    if (a.is(Kind::Builtin) && b.is(Kind::Builtin)) {
        auto* x = a.get<Builtin>();
        auto* y = b.get<Builtin>();
        if (x->self.is_null() || y->self.is_null()) return -1;
        return x->self.identical(y->self) && x->name == y->name && x->qualname == y->qualname ? 1 : 0;
    }
    return -1;
}

Value compare(Interpreter& in, int op, const Value& a, const Value& b) {
    if (a.is_int() && b.is_int()) return Value::boolean(cmp(op, a.as_int(), b.as_int()));
    DepthCheck units(" in comparison");  // PyObject_RichCompare's Py_EnterRecursiveCall
    return compare_unchecked(in, op, a, b);
}

bool less_than_same_type(Interpreter& in, const Value& a, const Value& b) {
    return truthy(in, compare_unchecked(in, CMP_LT, a, b));
}

Value compare_unchecked(Interpreter& in, int op, const Value& a, const Value& b) {
    if (a.is_int() && b.is_int()) return Value::boolean(cmp(op, a.as_int(), b.as_int()));
    if (op == CMP_EQ || op == CMP_NE) {
        if (int r = method_equality(a, b); r >= 0) return Value::boolean((op == CMP_EQ) == (r == 1));
    }
    if (is_core(a) && is_core(b)) {
        Value r = core_compare(in, op, a, b);
        if (!r.is_null()) return r;
    } else {
        // The right operand's reflected method first when its class is a user subclass of the
        // left's (Python's rule); otherwise the left's, then the right's. A class without __ne__
        // inverts its __eq__ (object.__ne__).
        auto try_side = [&](const Value& x, const Value& y, int o) -> Value {
            if (is_core(x)) return Value();
            if (Value f = find_dunder(x, kCmpDunder[o]); !f.is_null()) return call_dunder(in, f, x, {y});
            if (o == CMP_NE) {
                if (Value f = find_dunder(x, "__eq__"); !f.is_null()) {
                    Value r = call_dunder(in, f, x, {y});
                    return r.identical(not_implemented()) ? r : Value::boolean(!truthy(in, r));
                }
            }
            return Value();
        };
        Type* ta = type_of(a);
        Type* tb = type_of(b);
        bool reflected_first = !is_core(b) && ta != tb && !tb->builtin && tb->is_subtype_of(ta);
        if (reflected_first) {
            Value r = try_side(b, a, kCmpSwapped[op]);
            if (!r.is_null() && !r.identical(not_implemented())) return r;
        }
        Value r = try_side(a, b, op);
        if (!r.is_null() && !r.identical(not_implemented())) return r;
        if (!reflected_first) {
            r = try_side(b, a, kCmpSwapped[op]);
            if (!r.is_null() && !r.identical(not_implemented())) return r;
        }
        // Instances of dict/list/tuple subclasses compare as their layouts when no method decided.
        if (core_layout(a) && core_layout(b)) {
            Value c = core_compare(in, op, a, b);
            if (!c.is_null()) return c;
        }
        if (op == CMP_EQ) return Value::boolean(a.identical(b));
        if (op == CMP_NE) return Value::boolean(!a.identical(b));
    }
    raise(types().TypeError, str("'", bytecode::compare_op_symbol(op), "' not supported between instances of '",
                                 type_name(a), "' and '", type_name(b), "'"));
}

bool equals(Interpreter& in, const Value& a, const Value& b) {
    if (a.is_int() && b.is_int()) return a.as_int() == b.as_int();
    if (a.is(Kind::Str) && b.is(Kind::Str)) return str_of(a) == str_of(b);
    return truthy(in, compare(in, CMP_EQ, a, b));
}

bool less_than(Interpreter& in, const Value& a, const Value& b) { return truthy(in, compare(in, CMP_LT, a, b)); }

bool contains(Interpreter& in, const Value& c, const Value& item) {
    if (Value f = user_override(c, "__contains__"); !f.is_null()) return truthy(in, call_dunder(in, f, c, {item}));
    if (!user_override(c, "__iter__").is_null() && (c.is(Kind::List) || c.is(Kind::Tuple))) {
        Value it = get_iter(in, c);
        for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it))
            if (v.identical(item) || equals(in, v, item)) return true;
        return false;
    }
    if (c.is_obj()) {
        switch (c.obj()->kind) {
            case Kind::Str:
                if (!item.is(Kind::Str))
                    raise(types().TypeError, str("'in <string>' requires string as left operand, not ", type_name(item)));
                // text::find: a long needle is searched in linear time (a naive search can hang)
                return text::find(str_of(c), str_of(item)) >= 0;
            case Kind::List: {
                // A user __eq__ may shrink the list: index it afresh each step, holding the item.
                const auto& items = c.get<List>()->items;
                for (size_t i = 0; i < items.size(); ++i) {
                    Value v = items[i];
                    if (v.identical(item) || equals(in, v, item)) return true;
                }
                return false;
            }
            case Kind::Tuple:
                if (c.obj()->type != types().tuple && c.obj()->type->builtin) break;
                for (const Value& v : c.get<Tuple>()->items)
                    if (v.identical(item) || equals(in, v, item)) return true;
                return false;
            case Kind::Dict: return c.get<Dict>()->find(item) != nullptr;
            case Kind::Range: {
                auto* r = c.get<Range>();
                if (!is_number(item) || is_big(item)) return false;
                if (item.is_float()) {
                    double x = item.as_float();
                    // NaN, fractions and values past int64 (a range holds 64-bit ints) are not in it
                    if (std::floor(x) != x || !(x >= -9.2233720368547758e18 && x < 9.2233720368547758e18)) return false;
                }
                int64_t x = item.is_float() ? int64_t(item.as_float()) : to_int(item, "");
                if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
                // unsigned: x - start may not fit int64
                uint64_t off = r->step > 0 ? uint64_t(x) - uint64_t(r->start) : uint64_t(r->start) - uint64_t(x);
                uint64_t step = r->step > 0 ? uint64_t(r->step) : uint64_t(0) - uint64_t(r->step);
                return off % step == 0;
            }
            default: break;
        }
        if (Value f = find_dunder(c, "__contains__"); !f.is_null() && !is_core(c)) return truthy(in, call_dunder(in, f, c, {item}));
    }
    // CPython's PySequence_Contains: no __contains__ and no iteration is "argument of type 'int' is
    // not iterable" (_PySequence_IterSearch), not iter()'s wording
    if ((!c.is_obj() || c.is(Kind::Instance) || c.is(Kind::Type) || c.is(Kind::Function) || c.is(Kind::Module)) &&
        type_of(c)->lookup("__iter__") == nullptr &&
        type_of(c)->lookup("__getitem__") == nullptr)
        raise(types().TypeError, str("argument of type '", type_name(c), "' is not iterable"));
    Value it = get_iter(in, c);
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it))
        if (v.identical(item) || equals(in, v, item)) return true;
    return false;
}

// ---- hashing ------------------------------------------------------------------------------------

// A native object whose type defines __hash__ as a builtin (NumPy scalars and arrays, dtypes).
static bool native_hashable(const Value& v) {
    if (!v.is(Kind::Native)) return false;
    const Value* h = v.obj()->type->lookup("__hash__");
    return h && h->is(Kind::Builtin);
}

// CPython's hash values (pyhash.h), so that sets iterate in CPython's order.
size_t hash_value(const Value& v) {
    switch (v.tag()) {
        case Tag::Null:
        case Tag::None: return size_t(pyhash::kNone);
        case Tag::Bool: return size_t(v.as_bool());
        case Tag::Int: return size_t(pyhash::of_int(v.as_int()));
        case Tag::Float: return size_t(pyhash::of_double(v.as_float()));
        case Tag::Obj: break;
    }
    Object* o = v.obj();
    switch (o->kind) {
        case Kind::Str: return size_t(pyhash::of_str(static_cast<Str*>(o)->s));
        case Kind::Tuple: {
            StackCheck guard(" in hash");
            pyhash::TupleHasher h;
            for (const Value& x : static_cast<Tuple*>(o)->items) h.add(int64_t(hash_value(x)));
            return size_t(h.finish(static_cast<Tuple*>(o)->items.size()));
        }
        case Kind::List:
        case Kind::Dict: raise(types().TypeError, str("unhashable type: '", o->type->name, "'"));
        case Kind::Slice: {  // CPython 3.12's slice_hash: the tuple hash's lanes over (start, stop, step), no length term
            auto* sl = static_cast<Slice*>(o);
            pyhash::TupleHasher h;
            for (const Value* x : {&sl->start, &sl->stop, &sl->step}) h.add(int64_t(hash_value(*x)));
            return size_t(h.acc == uint64_t(-1) ? 1546275796 : h.acc);
        }
        case Kind::Range: {
            auto* r = static_cast<Range*>(o);
            return std::hash<int64_t>()(r->start) ^ (std::hash<int64_t>()(r->stop) << 1) ^ (std::hash<int64_t>()(r->step) << 2);
        }
        case Kind::Instance:
        case Kind::Exception:
        case Kind::NNModule:
            // A class's own __hash__ (None when it defines __eq__ without one: unhashable).
            if (!o->type->builtin) {
                const Value* h = o->type->lookup("__hash__");
                if (h && h->is_none()) raise(types().TypeError, str("unhashable type: '", o->type->name, "'"));
                if (h && h->is(Kind::Function)) {
                    Value r = current_interpreter().call(*h, {v});
                    if (auto* b = big_of(r)) return size_t(b->py_hash());
                    if (!is_index(r)) raise(types().TypeError, "__hash__ method should return an integer");
                    int64_t x = to_int(r, "");  // an int that fits is used as is (slot_tp_hash)
                    return size_t(x == -1 ? -2 : x);
                }
            }
            return size_t(pyhash::of_pointer(o));
        case Kind::Native: {
            if (auto* b = big_of(v)) return size_t(b->py_hash());
            if (is_set_object(v)) return size_t(set_object_hash(v));
            std::string data;
            if (bytes_kind(v) && bytes_data(v, data)) {  // bytes and bytearray (a memoryview has its own __hash__)
                if (o->type->lookup("__hash__")->is_none()) raise(types().TypeError, str("unhashable type: '", o->type->name, "'"));
                return size_t(pyhash::of_bytes(data));
            }
            // A native type with a __hash__ builtin (NumPy scalars: the hash of the number they hold,
            // so np.int64(3) and 3 find one dict slot; ndarrays: unhashable, as in NumPy).
            if (native_hashable(v)) {
                Value r = current_interpreter().call(*o->type->lookup("__hash__"), {v});
                if (!is_index(r)) raise(types().TypeError, "__hash__ method should return an integer");
                return size_t(to_int(r, ""));
            }
            return size_t(pyhash::of_pointer(o));
        }
        case Kind::BoundMethod: {  // CPython's method_hash: the receiver's identity and the function's hash
            auto* m = static_cast<BoundMethod*>(o);
            size_t x = m->self.is_obj() ? size_t(pyhash::of_pointer(m->self.obj())) : hash_value(m->self);
            return x ^ hash_value(m->func);
        }
        case Kind::Builtin: {
            auto* b = static_cast<Builtin*>(o);
            if (b->self.is_null()) return size_t(pyhash::of_pointer(o));
            size_t x = b->self.is_obj() ? size_t(pyhash::of_pointer(b->self.obj())) : hash_value(b->self);
            return x ^ size_t(pyhash::of_str(b->qualname + "." + b->name));
        }
        default: return size_t(pyhash::of_pointer(o));
    }
}

bool keys_equal(const Value& a, const Value& b) {
    if (a.identical(b)) return true;
    if (int r = method_equality(a, b); r >= 0) return r == 1;
    if (is_big(a) || is_big(b)) {
        if (is_int_like(a) && is_int_like(b)) return compare(to_big(a), to_big(b)) == 0;
        if (is_int_like(a) && b.is_float()) return compare_int_float(a, b.as_float()) == 0;
        if (a.is_float() && is_int_like(b)) return compare_int_float(b, a.as_float()) == 0;
        return false;
    }
    if (is_number(a) && is_number(b)) {
        if (a.is_float() || b.is_float()) return to_double(a, "") == to_double(b, "");
        return to_int(a, "") == to_int(b, "");
    }
    if (a.is(Kind::Str) && b.is(Kind::Str)) return str_of(a) == str_of(b);
    if (a.is(Kind::Tuple) && b.is(Kind::Tuple)) {
        DepthCheck guard(" in comparison");
        const auto& x = a.get<Tuple>()->items;
        const auto& y = b.get<Tuple>()->items;
        if (x.size() != y.size()) return false;
        for (size_t i = 0; i < x.size(); ++i)
            if (!keys_equal(x[i], y[i])) return false;
        return true;
    }
    if (a.is(Kind::Range) && b.is(Kind::Range)) {
        auto* x = a.get<Range>();
        auto* y = b.get<Range>();
        return x->start == y->start && x->stop == y->stop && x->step == y->step;
    }
    if (a.is(Kind::Slice) && b.is(Kind::Slice)) {
        auto* x = a.get<Slice>();
        auto* y = b.get<Slice>();
        return keys_equal(x->start, y->start) && keys_equal(x->stop, y->stop) && keys_equal(x->step, y->step);
    }
    // Keys of user classes with their own __eq__ (equal hashes got them here).
    auto user_eq = [](const Value& v) {
        if (!v.is_obj() || v.obj()->type->builtin) return false;
        Kind k = v.obj()->kind;
        if (k != Kind::Instance && k != Kind::Exception && k != Kind::NNModule) return false;
        const Value* e = v.obj()->type->lookup("__eq__");
        return e && e->is(Kind::Function);
    };
    if (user_eq(a) || user_eq(b)) return equals(current_interpreter(), a, b);
    if (is_set_object(a) && is_set_object(b)) return set_objects_equal(a, b);
    if (std::string x, y; bytes_kind(a) && bytes_kind(b) && bytes_data(a, x) && bytes_data(b, y)) return x == y;
    // NumPy scalars (hashed by their __hash__ as the numbers they hold) equal those numbers.
    if (native_hashable(a) || native_hashable(b)) return equals(current_interpreter(), a, b);
    return false;
}

// object.__hash__, __eq__, __ne__, __lt__/__le__/__gt__/__ge__, __repr__, __str__, __format__ as
// CPython's object type has them (typeobject.c): code calls them directly (object.__hash__(self),
// `__hash__ = object.__hash__` in a class that defines __eq__, super().__eq__(other)).
void register_object_slots() {
    Type* obj = types().object;
    auto slot = [&](const char* name, NativeFn fn) {
        def_method(obj, name, std::move(fn));
        g_object_slots[g_object_slot_count++] = obj->dict.find(name)->obj();
    };
    auto arity = [](const CallArgs& a, size_t n, const char* name) {
        // __format__ is a method descriptor, the others slot wrappers: CPython words them apart
        const bool method = std::string_view(name) == "__format__";
        if (a.nargs == 0)
            raise(types().TypeError, method ? str("unbound method object.", name, "() needs an argument")
                                            : str("descriptor '", name, "' of 'object' object needs an argument"));
        if (a.nkw) raise(types().TypeError, method ? str("object.", name, "() takes no keyword arguments")
                                                   : str("wrapper ", name, "() takes no keyword arguments"));
        if (method && a.nargs != n)
            raise(types().TypeError, str("object.", name, "() takes exactly one argument (", a.nargs - 1, " given)"));
        if (a.nargs != n)
            raise(types().TypeError, str("expected ", n - 1, " argument", n == 2 ? "" : "s", ", got ", a.nargs - 1));
    };
    slot("__hash__", [arity](Interpreter&, const CallArgs& a) {
        arity(a, 1, "__hash__");
        const Value& v = a.args[0];
        return Value::integer(v.is_obj() ? pyhash::of_pointer(v.obj()) : int64_t(hash_value(v)));
    });
    slot("__eq__", [arity](Interpreter&, const CallArgs& a) {
        arity(a, 2, "__eq__");
        return a.args[0].identical(a.args[1]) ? Value::boolean(true) : not_implemented();
    });
    slot("__ne__", [arity](Interpreter& in, const CallArgs& a) {
        // The inverse of the type's __eq__, unless that is NotImplemented (object_richcompare).
        arity(a, 2, "__ne__");
        const Value* eq = type_of(a.args[0])->lookup("__eq__");
        Value r = eq ? call_dunder(in, *eq, a.args[0], {a.args[1]}) : not_implemented();
        return r.identical(not_implemented()) ? r : Value::boolean(!truthy(in, r));
    });
    for (const char* name : {"__lt__", "__le__", "__gt__", "__ge__"})
        slot(name, [arity, name](Interpreter&, const CallArgs& a) {
            arity(a, 2, name);
            return not_implemented();
        });
    slot("__repr__", [arity](Interpreter&, const CallArgs& a) {
        arity(a, 1, "__repr__");
        const Value& v = a.args[0];
        const Type* t = type_of(v);
        return new_str("<" + class_path(t) + " object at " + address(v.is_obj() ? v.obj() : nullptr) + ">");
    });
    slot("__str__", [arity](Interpreter& in, const CallArgs& a) {
        arity(a, 1, "__str__");
        return new_str(repr(in, a.args[0]));  // object_str: the type's repr
    });
    slot("__format__", [arity](Interpreter& in, const CallArgs& a) {
        arity(a, 2, "__format__");
        if (!a.args[1].is(Kind::Str))
            raise(types().TypeError, str("__format__() argument must be str, not ", type_name(a.args[1])));
        if (!str_of(a.args[1]).empty())
            raise(types().TypeError, str("unsupported format string passed to ", type_name(a.args[0]), ".__format__"));
        return new_str(to_str(in, a.args[0]));
    });
}

Value call_unpacked(Interpreter& in, const Value& func, const Value& args, const Value& kwargs) {
    std::vector<Value> all = to_vector(in, args);
    const size_t npos = all.size();
    std::vector<Value> names;
    if (auto* kw = kwargs.as<Dict>())
        kw->for_each([&](const Value& k, const Value& v) {
            names.push_back(k);
            all.push_back(v);
        });
    Value kwnames = new_tuple(names);
    CallArgs ca;
    ca.args = all.data();
    ca.nargs = npos;
    ca.kwvalues = all.data() + npos;
    ca.nkw = names.size();
    ca.kwnames = kwnames.get<Tuple>();
    return in.call(func, ca);
}

}  // namespace kiln::vm
