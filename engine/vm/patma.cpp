// Structural pattern matching at run time (PEP 634): what the MATCH_* instructions of a `match`
// statement ask the VM, as CPython 3.12's ceval.c answers it.
//
// - Which subjects a sequence or mapping pattern may look at is a property of the subject's type,
//   CPython's Py_TPFLAGS_SEQUENCE / Py_TPFLAGS_MAPPING: list, tuple and range (and their subclasses:
//   torch.Size, namedtuples) are sequences, dict and its subclasses (OrderedDict, defaultdict,
//   Counter) mappings; str, bytes and bytearray are not sequences here although they are registered
//   with collections.abc.Sequence. A class gets a flag from collections.abc: an ABC whose body sets
//   `__abc_tpflags__` (Sequence, Mapping) has it, its subclasses inherit it along their MRO, and
//   `ABC.register(C)` gives C the ABC's flag unless C is built-in or already has one (abc.py calls
//   `_kiln_abc.set_collection_flags`, the part of CPython's _abc module that sets the flag).
// - Class patterns: isinstance first (ABCs' __instancecheck__ included), then `__match_args__`
//   (a tuple of str) for positional sub-patterns, or the subject itself for the eleven built-in
//   types that match themselves (int(x), str(s), ...; _Py_TPFLAGS_MATCH_SELF, inherited through the
//   layout base); attributes looked up with AttributeError meaning "no match".
// - Mapping patterns read keys with the mapping's own `get(key, default)`, so a defaultdict's
//   __missing__ never runs and nothing is inserted.
// Error texts are CPython 3.12's.
#include "vm/patma.h"

#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

bool is_builtin_named(const Type* t, std::initializer_list<const char*> names) {
    if (!t->builtin || t->module != "builtins") return false;
    for (const char* n : names)
        if (t->name == n) return true;
    return false;
}

// The value of an attribute, or Null when looking it up raises AttributeError
// (CPython's _PyObject_LookupAttr).
Value lookup_attr(Interpreter& in, const Value& obj, std::string_view name) {
    try {
        return getattr(in, obj, name);
    } catch (PyError& e) {
        if (!isinstance(e.exc, T().AttributeError)) throw;
        return Value();
    }
}

// match_class_attr: one attribute for a class pattern, each name at most once.
Value class_attr(Interpreter& in, const Value& subject, const Type* type, const Value& name, const Value& seen) {
    if (contains(in, seen, name))
        raise(T().TypeError, str(type->name, "() got multiple sub-patterns for attribute ", repr(in, name)));
    set_add_value(in, seen, name);
    return lookup_attr(in, subject, str_of(name));
}

void patma_native(Interpreter&, ModuleObj& m) {
    // set_collection_flags(cls, flags): CPython's _abc register/init step that marks cls as a
    // sequence (1 << 5) or mapping (1 << 6) for pattern matching. Built-in types keep their own.
    m.dict.set("set_collection_flags", new_builtin("set_collection_flags", [](Interpreter&, const CallArgs& a) {
                   if (a.nargs != 2 || a.nkw || !a.args[0].is(Kind::Type) || !a.args[1].is_int())
                       raise(T().TypeError, "set_collection_flags(cls, flags) takes a class and an int");
                   auto* t = a.args[0].as<Type>();
                   int flags = int(a.args[1].as_int()) & (kFlagSequence | kFlagMapping);
                   if (!t->builtin && flags && !collection_flags(t)) t->collection_flags = uint8_t(flags);
                   return Value::none();
               }));
    // collection_flags(cls): the flags pattern matching sees for cls.
    m.dict.set("collection_flags", new_builtin("collection_flags", [](Interpreter&, const CallArgs& a) {
                   if (a.nargs != 1 || a.nkw || !a.args[0].is(Kind::Type))
                       raise(T().TypeError, "collection_flags(cls) takes a class");
                   return Value::integer(collection_flags(a.args[0].as<Type>()));
               }));
}

}  // namespace

int collection_flags(const Type* t) {
    for (const Type* c : t->mro) {
        if (c->collection_flags) return c->collection_flags;
        if (c == T().list || c == T().tuple || c == T().range) return kFlagSequence;
        if (c == T().dict) return kFlagMapping;
    }
    return 0;
}

bool match_self(const Type* t) {
    for (; t; t = t->base.get())
        if (is_builtin_named(t, {"bool", "bytearray", "bytes", "dict", "float", "frozenset", "int", "list", "set", "str",
                                 "tuple"}))
            return true;
    return false;
}

Value match_class(Interpreter& in, const Value& subject, const Value& cls, int nargs, const Value& names) {
    auto* type = cls.as<Type>();
    if (!type) raise(T().TypeError, "called match pattern must be a class");
    if (!match_isinstance(in, subject, cls)) return Value();
    Value seen = new_set(in);
    std::vector<Value> attrs;
    if (nargs) {
        bool self = false;
        Value match_args = lookup_attr(in, cls, "__match_args__");
        std::vector<Value> positional;
        if (!match_args.is_null()) {
            // exactly a tuple (a subclass is refused, as PyTuple_CheckExact does)
            if (type_of(match_args) != T().tuple)
                raise(T().TypeError,
                      str(type->name, ".__match_args__ must be a tuple (got ", type_name(match_args), ")"));
            positional = match_args.as<Tuple>()->items;
        } else {
            self = match_self(type);
        }
        size_t allowed = self ? 1 : positional.size();
        if (allowed < size_t(nargs))
            raise(T().TypeError, str(type->name, "() accepts ", allowed, " positional sub-pattern", allowed == 1 ? "" : "s",
                                     " (", nargs, " given)"));
        if (self) {
            attrs.push_back(subject);
        } else {
            for (int i = 0; i < nargs; ++i) {
                const Value& name = positional[size_t(i)];
                if (type_of(name) != T().str)
                    raise(T().TypeError, str("__match_args__ elements must be strings (got ", type_name(name), ")"));
                Value attr = class_attr(in, subject, type, name, seen);
                if (attr.is_null()) return Value();
                attrs.push_back(std::move(attr));
            }
        }
    }
    for (const Value& name : names.as<Tuple>()->items) {
        Value attr = class_attr(in, subject, type, name, seen);
        if (attr.is_null()) return Value();
        attrs.push_back(std::move(attr));
    }
    return new_tuple(std::move(attrs));
}

Value match_keys(Interpreter& in, const Value& map, const Value& keys) {
    const std::vector<Value>& ks = keys.as<Tuple>()->items;
    if (ks.empty()) return new_tuple({});
    Value get = getattr(in, map, "get");
    Value seen = new_set(in);
    Value dummy = new_list({});  // a fresh object no mapping holds: "key absent"
    std::vector<Value> values;
    for (const Value& key : ks) {
        if (contains(in, seen, key))
            raise(T().ValueError, str("mapping pattern checks duplicate key (", repr(in, key), ")"));
        set_add_value(in, seen, key);
        Value v = in.call(get, {key, dummy});
        if (v.identical(dummy)) return Value::none();
        values.push_back(std::move(v));
    }
    return new_tuple(std::move(values));
}

void register_patma_module() { Interpreter::register_module("_kiln_abc", patma_native); }

}  // namespace kiln::vm
