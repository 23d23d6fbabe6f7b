// The descriptors type.__new__ puts in a class's dict for its instance layout, and the read-only
// view a class's __dict__ is.
//
// CPython's class dict holds a member_descriptor per __slots__ name (`type(C.x).__name__ ==
// 'member_descriptor'`, `C.x.__get__(obj)`) and getset_descriptors for '__dict__' and '__weakref__'
// where the class adds them; inspect.getmembers, copyreg._slotnames, dataclasses(slots=True) and
// programs printing `vars(C)` see them. Kiln keeps slot values in the instance dict (classes.cpp),
// so instance attribute lookup passes over these descriptors (ops.cpp's generic_getattr) and they
// only act when called explicitly, with CPython's checks and messages.
//
// `cls.__dict__` is a mappingproxy (types.MappingProxyType) over a snapshot of the class namespace:
// reads, iteration, `in`, len, get/keys/values/items/copy, `==` and `|` go to the mapping, writes
// are refused with CPython's TypeError.
#include "vm/descriptors.h"

#include "vm/args.h"
#include "vm/ops.h"
#include "vm/typetable.h"

namespace kiln::vm {

namespace {

struct LayoutDescriptor : NativeObj {
    LayoutDescriptor(Type* t, Type* owner, std::string name) : NativeObj(t), owner(owner), name(std::move(name)) {}
    void clear() override { owner.reset(); }
    Ref<Type> owner;  // the class whose dict holds it (__objclass__)
    std::string name;
};

Type* member_type();
Type* getset_type();

LayoutDescriptor* descriptor_of(const Value& v) {
    auto* d = native_cast<LayoutDescriptor>(v);
    if (!d) raise(types().TypeError, str("descriptor expected, not '", type_name(v), "'"));
    return d;
}

// CPython's descr_check: the object must be an instance of the descriptor's class.
void check_applies(const LayoutDescriptor* d, const Value& obj) {
    if (!d->owner || !isinstance(obj, d->owner.get()))
        raise(types().TypeError, str("descriptor '", d->name, "' for '", d->owner ? d->owner->name : "?",
                                     "' objects doesn't apply to a '", type_name(obj), "' object"));
}

bool is_member(const LayoutDescriptor* d) { return d->type == member_type(); }

// What the shared methods do for each kind: a slot's value in the instance dict; the instance's
// __dict__ (and its replacement); __weakref__, None (Kiln keeps no weak-reference list on objects).
Value descriptor_get(Interpreter& in, LayoutDescriptor* d, const Value& obj) {
    if (is_member(d)) {
        StrMap* names = attribute_dict(obj);
        if (const Value* v = names ? names->find(d->name) : nullptr) return *v;
        raise(types().AttributeError, str("'", type_name(obj), "' object has no attribute '", d->name, "'"));
    }
    if (d->name == "__weakref__") return Value::none();
    return generic_getattr(in, obj, d->name);
}

void descriptor_set(Interpreter& in, LayoutDescriptor* d, const Value& obj, const Value& v) {
    if (is_member(d)) {
        StrMap* names = attribute_dict(obj);
        if (!names) raise(types().AttributeError, str("'", type_name(obj), "' object has no attribute '", d->name, "'"));
        names->set(d->name, v);
        return;
    }
    if (d->name == "__weakref__") raise(types().AttributeError, str("attribute '__weakref__' of '", d->owner->name, "' objects is not writable"));
    generic_setattr(in, obj, d->name, v);
}

void descriptor_delete(Interpreter& in, LayoutDescriptor* d, const Value& obj) {
    if (is_member(d)) {
        StrMap* names = attribute_dict(obj);
        if (!names || !names->erase(d->name)) raise(types().AttributeError, d->name);
        return;
    }
    if (d->name == "__weakref__") raise(types().AttributeError, str("attribute '__weakref__' of '", d->owner->name, "' objects is not writable"));
    if (d->name == "__dict__") raise(types().TypeError, "cannot delete __dict__");
    generic_delattr(in, obj, d->name);
}

void define_descriptor_type(Type* t, const char* what) {
    std::string kind = what;
    def_method(t, "__get__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__get__(self, instance, owner=None, /)");
        auto v = sig.bind(a);
        LayoutDescriptor* d = descriptor_of(v[0]);
        if (v[1].is_none()) {
            // C.x: the descriptor itself (descr_check's "owner given, no instance")
            if (v[2].is_none()) raise(types().TypeError, "__get__(None, None) is invalid");
            return v[0];
        }
        check_applies(d, v[1]);
        return descriptor_get(in, d, v[1]);
    });
    def_method(t, "__set__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__set__(self, instance, value, /)");
        auto v = sig.bind(a);
        LayoutDescriptor* d = descriptor_of(v[0]);
        check_applies(d, v[1]);
        descriptor_set(in, d, v[1], v[2]);
        return Value::none();
    });
    def_method(t, "__delete__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__delete__(self, instance, /)");
        auto v = sig.bind(a);
        LayoutDescriptor* d = descriptor_of(v[0]);
        check_applies(d, v[1]);
        descriptor_delete(in, d, v[1]);
        return Value::none();
    });
    def_method(t, "__repr__", [kind](Interpreter&, const CallArgs& a) {
        LayoutDescriptor* d = descriptor_of(a.args[0]);
        return new_str(str("<", kind, " '", d->name, "' of '", d->owner ? d->owner->name : "?", "' objects>"));
    });
    def_property(t, "__name__", [](Interpreter&, const CallArgs& a) { return new_str(descriptor_of(a.args[0])->name); });
    def_property(t, "__qualname__", [](Interpreter&, const CallArgs& a) {
        LayoutDescriptor* d = descriptor_of(a.args[0]);
        return new_str(str(d->owner ? d->owner->qualname : "?", ".", d->name));
    });
    def_property(t, "__objclass__", [](Interpreter&, const CallArgs& a) {
        LayoutDescriptor* d = descriptor_of(a.args[0]);
        return d->owner ? Value(d->owner.get()) : Value::none();
    });
    def_property(t, "__doc__", [](Interpreter&, const CallArgs&) { return Value::none(); });
}

Type* member_type() {
    static Type* t = [] {
        Type* m = make_builtin_type("member_descriptor", types().object, Kind::Native);
        define_descriptor_type(m, "member");
        return m;
    }();
    return t;
}

Type* getset_type() {
    static Type* t = [] {
        Type* g = make_builtin_type("getset_descriptor", types().object, Kind::Native);
        define_descriptor_type(g, "attribute");
        return g;
    }();
    return t;
}

// ---- mappingproxy -------------------------------------------------------------------------------

struct MappingProxy : NativeObj {
    MappingProxy(Type* t, Value m) : NativeObj(t), mapping(std::move(m)) {}
    void clear() override { mapping = Value(); }
    Value mapping;
};

const Value& proxied(const Value& self) {
    auto* p = native_cast<MappingProxy>(self);
    if (!p) raise(types().TypeError, str("descriptor requires a 'mappingproxy' object but received a '", type_name(self), "'"));
    return p->mapping;
}

// mapping.<name>(*args), the way mappingproxy's methods forward to the mapping
Value forward(Interpreter& in, const CallArgs& a, const char* name, size_t nargs) {
    if (a.nkw) raise(types().TypeError, str(name, "() takes no keyword arguments"));
    if (a.nargs - 1 != nargs)
        raise(types().TypeError, str("mappingproxy.", name, "() takes ", nargs ? "exactly one argument" : "no arguments", " (",
                                     a.nargs - 1, " given)"));
    std::vector<Value> rest(a.args + 1, a.args + a.nargs);
    return in.call(getattr(in, proxied(a.args[0]), name), rest);
}

}  // namespace

Value new_member_descriptor(Type* owner, const std::string& name) {
    return Value(make<LayoutDescriptor>(member_type(), owner, name).get());
}

Value new_getset_descriptor(Type* owner, const std::string& name) {
    return Value(make<LayoutDescriptor>(getset_type(), owner, name).get());
}

bool is_layout_descriptor(const Value& v) { return native_cast<LayoutDescriptor>(v) != nullptr; }

Type* mappingproxy_type() {
    static Type* t = [] {
        Type* m = make_builtin_type("mappingproxy", types().object, Kind::Native);
        m->construct = [m](Interpreter& in, const CallArgs& a) -> Value {
            static const Signature sig("mappingproxy(mapping)");
            auto v = sig.bind(a);
            // CPython's mappingproxy_check_mapping: a mapping, and not a list or tuple
            const Value& x = v[0];
            bool mapping = x.is(Kind::Dict) || (!x.is(Kind::List) && !x.is(Kind::Tuple) && !getattr_or_null(in, x, "keys").is_null() &&
                                                !getattr_or_null(in, x, "__getitem__").is_null());
            if (!mapping) raise(types().TypeError, str("mappingproxy() argument must be a mapping, not ", type_name(x)));
            return Value(make<MappingProxy>(m, x).get());
        };
        def_method(m, "__getitem__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, "__getitem__ expected 1 argument");
            return getitem(in, proxied(a.args[0]), a.args[1]);
        });
        def_method(m, "__contains__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, "__contains__ expected 1 argument");
            return Value::boolean(contains(in, proxied(a.args[0]), a.args[1]));
        });
        def_method(m, "__iter__", [](Interpreter& in, const CallArgs& a) { return get_iter(in, proxied(a.args[0])); });
        def_method(m, "__len__", [](Interpreter& in, const CallArgs& a) { return Value::integer(length(in, proxied(a.args[0]))); });
        def_method(m, "__reversed__", [](Interpreter& in, const CallArgs& a) {
            return in.call(*in.builtins().find("reversed"), {proxied(a.args[0])});
        });
        def_method(m, "get", [](Interpreter& in, const CallArgs& a) {
            static const Signature sig("get(self, key, default=None, /)");
            auto v = sig.bind(a);
            return in.call(getattr(in, proxied(v[0]), "get"), {v[1], v[2]});
        });
        def_method(m, "keys", [](Interpreter& in, const CallArgs& a) { return forward(in, a, "keys", 0); });
        def_method(m, "values", [](Interpreter& in, const CallArgs& a) { return forward(in, a, "values", 0); });
        def_method(m, "items", [](Interpreter& in, const CallArgs& a) { return forward(in, a, "items", 0); });
        def_method(m, "copy", [](Interpreter& in, const CallArgs& a) { return forward(in, a, "copy", 0); });
        def_method(m, "__eq__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, "__eq__ expected 1 argument");
            return compare(in, bytecode::CMP_EQ, proxied(a.args[0]), a.args[1]);
        });
        def_method(m, "__ne__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, "__ne__ expected 1 argument");
            return compare(in, bytecode::CMP_NE, proxied(a.args[0]), a.args[1]);
        });
        def_method(m, "__or__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, "__or__ expected 1 argument");
            Value other = a.args[1];
            if (native_cast<MappingProxy>(other)) other = proxied(other);
            return binary_op(in, bytecode::NB_OR, proxied(a.args[0]), other);
        });
        def_method(m, "__repr__", [](Interpreter& in, const CallArgs& a) {
            return new_str(str("mappingproxy(", repr(in, proxied(a.args[0])), ")"));
        });
        // hashed as its mapping is (mappingproxy_hash): a dict's view is unhashable as the dict
        def_method(m, "__hash__", [](Interpreter&, const CallArgs& a) {
            return Value::integer(int64_t(hash_value(proxied(a.args[0]))));
        });
        // print(proxy) shows the mapping itself (mappingproxy_str)
        def_method(m, "__str__", [](Interpreter& in, const CallArgs& a) { return new_str(to_str(in, proxied(a.args[0]))); });
        return m;
    }();
    return t;
}

Value new_mappingproxy(const Value& mapping) { return Value(make<MappingProxy>(mappingproxy_type(), mapping).get()); }

}  // namespace kiln::vm
