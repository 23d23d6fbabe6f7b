// Subclasses of the built-in dict (class Counter(dict), OrderedDict, defaultdict, user dicts).
//
// An instance of a dict subclass is a Dict object whose type is the subclass: every dict operation
// and method works on it natively, and the VM treats it as a non-core object (ops.cpp's is_core), so
// the subclass's own dunders (__getitem__, __missing__, __repr__, __eq__, ...) are found first. The
// instance also has an attribute dict (Dict::attrs) for `self.default_factory = ...`. dict's dunders
// below exist for `super().__getitem__(k)` and for subclasses that override only some of them.
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

Dict* subclass_dict_self(const CallArgs& a, const char* name, size_t nargs) {
    auto* d = a.nargs ? a.args[0].as<Dict>() : nullptr;
    if (!d) raise(T().TypeError, str("descriptor '", name, "' requires a 'dict' object"));
    if (a.nargs != nargs) raise(T().TypeError, str("expected ", nargs - 1, " argument", nargs == 2 ? "" : "s", ", got ", a.nargs - 1));
    return d;
}

// A plain dict with the same items (for the core repr and equality of a subclass instance).
Value plain_copy(Dict* d) {
    auto out = make<Dict>();
    d->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
    return Value(out.get());
}

}  // namespace

void register_dict_subclassing(Type* dict) {
    dict->allocate = [](Interpreter&, Type* cls, const CallArgs&) {
        auto d = make<Dict>();
        d->type = cls;
        d->type_ref = Ref<Type>(cls);
        d->attrs = std::make_unique<StrMap>();
        return Value(d.get());
    };
    // dict.__init__(self, mapping_or_iterable=(), **kwargs): fills self as dict(...) would, through
    // dict's own update (a subclass's update, Counter's, is not called, as in CPython).
    def_method(dict, "__init__", [](Interpreter& in, const CallArgs& a) {
        if (!a.nargs || !a.args[0].is(Kind::Dict)) raise(T().TypeError, "descriptor '__init__' requires a 'dict' object");
        if (a.nargs > 2) raise(T().TypeError, str("dict expected at most 1 argument, got ", a.nargs - 1));
        return in.call(*types().dict->dict.find("update"), a);
    });
    def_method(dict, "__getitem__", [](Interpreter& in, const CallArgs& a) {
        Dict* d = subclass_dict_self(a, "__getitem__", 2);
        if (Value* v = d->find(a.args[1])) return *v;
        if (Value f = find_dunder(a.args[0], "__missing__"); !f.is_null()) return in.call(f, {a.args[0], a.args[1]});
        throw PyError(new_exception(T().KeyError, {a.args[1]}));
    });
    def_method(dict, "__setitem__", [](Interpreter&, const CallArgs& a) {
        subclass_dict_self(a, "__setitem__", 3)->set(a.args[1], a.args[2]);
        return Value::none();
    });
    def_method(dict, "__delitem__", [](Interpreter&, const CallArgs& a) {
        if (!subclass_dict_self(a, "__delitem__", 2)->erase(a.args[1])) throw PyError(new_exception(T().KeyError, {a.args[1]}));
        return Value::none();
    });
    def_method(dict, "__contains__", [](Interpreter&, const CallArgs& a) {
        return Value::boolean(subclass_dict_self(a, "__contains__", 2)->find(a.args[1]) != nullptr);
    });
    def_method(dict, "__len__", [](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(subclass_dict_self(a, "__len__", 1)->size()));
    });
    def_method(dict, "__repr__", [](Interpreter& in, const CallArgs& a) {
        subclass_dict_self(a, "__repr__", 1);
        return new_str(layout_repr(in, a.args[0]));
    });
    def_method(dict, "__eq__", [](Interpreter& in, const CallArgs& a) {
        Dict* d = subclass_dict_self(a, "__eq__", 2);
        auto* o = a.args[1].as<Dict>();
        if (!o) return not_implemented();
        return Value::boolean(equals(in, plain_copy(d), plain_copy(o)));
    });
    def_method(dict, "__ne__", [](Interpreter& in, const CallArgs& a) {
        Dict* d = subclass_dict_self(a, "__ne__", 2);
        auto* o = a.args[1].as<Dict>();
        if (!o) return not_implemented();
        return Value::boolean(!equals(in, plain_copy(d), plain_copy(o)));
    });
}

}  // namespace kiln::vm
