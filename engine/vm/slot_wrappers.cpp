// The dunder methods of the built-in types as attributes: int.__add__, float.__floor__, str.__len__,
// tuple.__getitem__, range.__iter__, dict.__reversed__, ...
//
// Kiln's core types run their operators natively (ops.cpp), so their classes had no such attributes
// and introspection that real code does failed: `hasattr(x, "__getitem__")` was False for a tuple or a
// str, `hasattr(x, "__iter__")` False for a tuple, `int.__add__` an AttributeError. CPython exposes its
// type slots as "slot wrappers"; these are their equivalents, each calling the same native operation
// the VM runs. They are registered as slot wrappers (mark_slot_wrapper), which find_dunder skips, so
// the VM keeps its native paths: they only serve explicit calls (`x.__len__()`, `super().__getitem__`)
// and attribute queries. Numeric binary dunders return NotImplemented for an operand their type does
// not take (int.__add__(1, 1.5)), as CPython's do; sequence ones raise the operator's own error (a
// repeat count that is not an integer: "'float' object cannot be interpreted as an integer").
#include "bytecode/opcode.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

void mark_slot_wrapper(const Object* f);  // ops.cpp: find_dunder skips it
Value dict_view_iterator(Dict* d, int which);  // iter.cpp
Value dict_reverse_iterator(Dict* d, int which);  // iter.cpp

namespace {

Value call_builtin(Interpreter& in, const char* name, std::vector<Value> args) {
    return in.call(*in.import_module("builtins")->dict.find(name), args);
}

// A slot wrapper's checks and texts (CPython's wrapperdescr_call and wrap_* functions).
void need_args(const CallArgs& a, const Type* t, const char* name, size_t lo, size_t hi) {
    if (a.nargs == 0) raise(T().TypeError, str("descriptor '", name, "' of '", t->name, "' object needs an argument"));
    if (!type_of(a.args[0])->is_subtype_of(t))
        raise(T().TypeError, str("descriptor '", name, "' requires a '", t->name, "' object but received a '",
                                 type_name(a.args[0]), "'"));
    if (a.nkw) raise(T().TypeError, str("wrapper ", name, "() takes no keyword arguments"));
    if (a.nargs < lo || a.nargs > hi) {
        size_t want = lo - 1;
        raise(T().TypeError, str("expected ", want, " argument", want == 1 ? "" : "s", ", got ", a.nargs - 1));
    }
}

void slot(Type* t, const char* name, NativeFn fn) {
    def_method(t, name, std::move(fn));
    mark_slot_wrapper(t->dict.find(name)->obj());
}

bool is_integer(const Value& v) { return v.is_int() || v.is_bool() || is_big(v); }

// The value of a str/tuple/list subclass instance as the exact built-in type, so that
// `super().__getitem__(i)` in an override runs the built-in operation, not the override again.
Value plain(const Value& v) {
    const TypeTable& t = T();
    Type* ty = type_of(v);
    if (ty == t.str || ty == t.tuple || ty == t.list || !v.is_obj()) return v;
    if (v.is(Kind::Str)) return new_str(str_of(v));
    if (v.is(Kind::Tuple)) return new_tuple(v.get<Tuple>()->items);
    if (v.is(Kind::List)) return new_list(v.get<List>()->items);
    return v;
}

struct Binary {
    const char* name;
    const char* rname;
    int op;
};

// The numeric operators of int/bool (ints only) and float (ints and floats).
void numeric_binaries(Type* t, bool floats) {
    static const Binary ops[] = {
        {"__add__", "__radd__", bytecode::NB_ADD},         {"__sub__", "__rsub__", bytecode::NB_SUBTRACT},
        {"__mul__", "__rmul__", bytecode::NB_MULTIPLY},    {"__truediv__", "__rtruediv__", bytecode::NB_TRUE_DIVIDE},
        {"__floordiv__", "__rfloordiv__", bytecode::NB_FLOOR_DIVIDE}, {"__mod__", "__rmod__", bytecode::NB_REMAINDER},
        {"__pow__", "__rpow__", bytecode::NB_POWER},       {"__and__", "__rand__", bytecode::NB_AND},
        {"__or__", "__ror__", bytecode::NB_OR},            {"__xor__", "__rxor__", bytecode::NB_XOR},
        {"__lshift__", "__rlshift__", bytecode::NB_LSHIFT}, {"__rshift__", "__rrshift__", bytecode::NB_RSHIFT},
    };
    for (const Binary& b : ops) {
        bool bitwise = b.op == bytecode::NB_AND || b.op == bytecode::NB_OR || b.op == bytecode::NB_XOR ||
                       b.op == bytecode::NB_LSHIFT || b.op == bytecode::NB_RSHIFT;
        if (floats && bitwise) continue;  // float has no bitwise operators
        int op = b.op;
        const char* name = b.name;
        const char* rname = b.rname;
        auto takes = [floats](const Value& v) { return is_integer(v) || (floats && v.is_float()); };
        bool pow = op == bytecode::NB_POWER;
        slot(t, name, [t, name, op, takes, pow](Interpreter& in, const CallArgs& a) {
            need_args(a, t, name, 2, pow ? 3 : 2);
            if (!takes(a.args[1])) return not_implemented();
            if (a.nargs == 3 && !a.args[2].is_none()) return call_builtin(in, "pow", {a.args[0], a.args[1], a.args[2]});
            return binary_op(in, op, a.args[0], a.args[1]);
        });
        slot(t, rname, [t, rname, op, takes, pow](Interpreter& in, const CallArgs& a) {
            need_args(a, t, rname, 2, pow ? 3 : 2);
            if (!takes(a.args[1])) return not_implemented();
            if (a.nargs == 3 && !a.args[2].is_none()) return call_builtin(in, "pow", {a.args[1], a.args[0], a.args[2]});
            return binary_op(in, op, a.args[1], a.args[0]);
        });
    }
    slot(t, "__divmod__", [t, floats](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__divmod__", 2, 2);
        if (!is_integer(a.args[1]) && !(floats && a.args[1].is_float())) return not_implemented();
        return call_builtin(in, "divmod", {a.args[0], a.args[1]});
    });
    slot(t, "__rdivmod__", [t, floats](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__rdivmod__", 2, 2);
        if (!is_integer(a.args[1]) && !(floats && a.args[1].is_float())) return not_implemented();
        return call_builtin(in, "divmod", {a.args[1], a.args[0]});
    });
}

void numeric_unaries(Type* t, bool floats) {
    slot(t, "__neg__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__neg__", 1, 1);
        return unary_negative(in, a.args[0]);
    });
    slot(t, "__pos__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__pos__", 1, 1);
        return unary_positive(in, a.args[0]);
    });
    slot(t, "__abs__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__abs__", 1, 1);
        return call_builtin(in, "abs", {a.args[0]});
    });
    slot(t, "__bool__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__bool__", 1, 1);
        return Value::boolean(truthy(in, a.args[0]));
    });
    slot(t, "__int__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__int__", 1, 1);
        return call_builtin(in, "int", {a.args[0]});
    });
    slot(t, "__float__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__float__", 1, 1);
        return call_builtin(in, "float", {a.args[0]});
    });
    slot(t, "__trunc__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__trunc__", 1, 1);
        return call_builtin(in, "int", {a.args[0]});
    });
    for (const char* n : {"__floor__", "__ceil__"}) {
        std::string fn = n == std::string("__floor__") ? "floor" : "ceil";
        slot(t, n, [t, n, fn](Interpreter& in, const CallArgs& a) {
            need_args(a, t, n, 1, 1);
            return in.call(*in.import_module("math")->dict.find(fn), {a.args[0]});
        });
    }
    slot(t, "__round__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__round__", 1, 2);
        if (a.nargs == 1 || a.args[1].is_none()) return call_builtin(in, "round", {a.args[0]});
        return call_builtin(in, "round", {a.args[0], a.args[1]});
    });
    if (floats) return;
    slot(t, "__index__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__index__", 1, 1);
        return call_builtin(in, "int", {a.args[0]});
    });
    slot(t, "__invert__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__invert__", 1, 1);
        return unary_invert(in, a.args[0]);
    });
}

// Concatenation and repetition: __add__, __mul__ and __rmul__ (a repeat count must be an index).
void concat_slots(Type* t) {
    slot(t, "__add__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__add__", 2, 2);
        return binary_op(in, bytecode::NB_ADD, plain(a.args[0]), a.args[1]);
    });
    for (const char* n : {"__mul__", "__rmul__"}) {
        slot(t, n, [t, n](Interpreter& in, const CallArgs& a) {
            need_args(a, t, n, 2, 2);
            if (!is_index(a.args[1]))
                raise(T().TypeError, str("'", type_name(a.args[1]), "' object cannot be interpreted as an integer"));
            return binary_op(in, bytecode::NB_MULTIPLY, plain(a.args[0]), a.args[1]);
        });
    }
}

// The sequence protocol and concatenation of str, tuple, list and range, and dict's iteration.
void container_slots(Type* t, bool get, bool concat) {
    if (get) {
        slot(t, "__getitem__", [t](Interpreter& in, const CallArgs& a) {
            need_args(a, t, "__getitem__", 2, 2);
            return getitem(in, plain(a.args[0]), a.args[1]);
        });
        slot(t, "__len__", [t](Interpreter& in, const CallArgs& a) {
            need_args(a, t, "__len__", 1, 1);
            return Value::integer(length(in, plain(a.args[0])));
        });
        slot(t, "__contains__", [t](Interpreter& in, const CallArgs& a) {
            need_args(a, t, "__contains__", 2, 2);
            return Value::boolean(contains(in, plain(a.args[0]), a.args[1]));
        });
    }
    slot(t, "__iter__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__iter__", 1, 1);
        return get_iter(in, plain(a.args[0]));
    });
    if (concat) concat_slots(t);
}

void reversed_slot(Type* t) {
    slot(t, "__reversed__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__reversed__", 1, 1);
        if (a.args[0].is(Kind::Dict)) return dict_reverse_iterator(a.args[0].get<Dict>(), 0);
        return call_builtin(in, "reversed", {plain(a.args[0])});
    });
}

// The rich comparisons of a type whose instances compare natively: `list.__eq__(self, other)` in a
// list subclass's own __eq__, `int.__lt__` passed as a key. The operand the type's richcompare does not
// take gives NotImplemented (int takes ints, float ints and floats, list only lists); range has only
// == and !=, its ordering ones answering NotImplemented, as range_richcompare does.
void compare_slots(Type* t, bool (*takes)(const Value&), bool equality_only) {
    struct Cmp {
        const char* name;
        int op;
    };
    static const Cmp cmps[] = {{"__eq__", bytecode::CMP_EQ}, {"__ne__", bytecode::CMP_NE}, {"__lt__", bytecode::CMP_LT},
                               {"__le__", bytecode::CMP_LE}, {"__gt__", bytecode::CMP_GT}, {"__ge__", bytecode::CMP_GE}};
    for (const Cmp& c : cmps) {
        const char* name = c.name;
        int op = c.op;
        bool ordering = op != bytecode::CMP_EQ && op != bytecode::CMP_NE;
        slot(t, name, [t, name, op, takes, ordering, equality_only](Interpreter& in, const CallArgs& a) {
            need_args(a, t, name, 2, 2);
            if (!takes(a.args[1]) || (ordering && equality_only)) return not_implemented();
            return compare(in, op, plain(a.args[0]), plain(a.args[1]));
        });
    }
}

// __hash__ of the hashable built-in types: hash()'s value (a tuple's raises for an unhashable item).
void hash_slot(Type* t) {
    slot(t, "__hash__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__hash__", 1, 1);
        return call_builtin(in, "hash", {plain(a.args[0])});
    });
}

// int/float/str.__format__(self, spec): a method descriptor in CPython, with its own texts (a user
// class's __format__ delegating with `str.__format__(str(self), spec)` or `float.__format__`).
void format_method(Type* t) {
    def_method(t, "__format__", [t](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 0) raise(T().TypeError, str("unbound method ", t->name, ".__format__() needs an argument"));
        if (!type_of(a.args[0])->is_subtype_of(t))
            raise(T().TypeError, str("descriptor '__format__' for '", t->name, "' objects doesn't apply to a '",
                                     type_name(a.args[0]), "' object"));
        if (a.nkw) raise(T().TypeError, str(t->name, ".__format__() takes no keyword arguments"));
        if (a.nargs != 2)
            raise(T().TypeError, str(t->name, ".__format__() takes exactly one argument (", a.nargs - 1, " given)"));
        if (!a.args[1].is(Kind::Str))
            raise(T().TypeError, str("__format__() argument must be str, not ", type_name(a.args[1])));
        return new_str(format_value(in, a.args[0], str_of(a.args[1])));
    });
}

// bool's own &, | and ^: a bool result for two bools, int's otherwise (bool.__and__(True, 1) is 1); the
// receiver must be a bool, not any int.
void bool_bitwise(Type* b) {
    static const Binary ops[] = {{"__and__", "__rand__", bytecode::NB_AND},
                                 {"__or__", "__ror__", bytecode::NB_OR},
                                 {"__xor__", "__rxor__", bytecode::NB_XOR}};
    for (const Binary& o : ops)
        for (bool reflected : {false, true}) {
            const char* name = reflected ? o.rname : o.name;
            int op = o.op;
            slot(b, name, [b, name, op, reflected](Interpreter& in, const CallArgs& a) {
                need_args(a, b, name, 2, 2);
                if (!is_integer(a.args[1])) return not_implemented();
                return reflected ? binary_op(in, op, a.args[1], a.args[0]) : binary_op(in, op, a.args[0], a.args[1]);
            });
        }
}

// repr of the built-in layouts: `list.__repr__(self)` inside a list subclass's own __repr__ (and
// reprlib.recursive_repr wrapping one) must give the list's repr, not object's default
// "<... object at 0x...>". int.__repr__ of a bool is its integer value, as in CPython.
void repr_slot(Type* t) {
    slot(t, "__repr__", [t](Interpreter& in, const CallArgs& a) {
        need_args(a, t, "__repr__", 1, 1);
        const Value& v = a.args[0];
        if (t == T().int_ && v.is_bool()) return new_str(v.as_bool() ? "1" : "0");
        if (!v.is_obj() || type_of(v) == t) return new_str(repr(in, v));
        return new_str(layout_repr(in, v));  // a subclass instance: the built-in part only
    });
}

}  // namespace

void register_slot_wrappers(const TypeTable& t) {
    for (Type* r : {t.int_, t.bool_, t.float_, t.str, t.list, t.tuple}) repr_slot(r);
    // The mutable containers are unhashable by class: `list.__hash__ is None`, as CPython marks them
    // (collections.abc.Hashable and dataclasses read it); hash() keeps its native TypeError.
    for (Type* m : {t.list, t.dict}) m->dict.set("__hash__", Value::none());
    numeric_binaries(t.int_, false);
    numeric_unaries(t.int_, false);
    numeric_binaries(t.float_, true);
    numeric_unaries(t.float_, true);
    container_slots(t.str, true, true);
    container_slots(t.tuple, true, true);
    container_slots(t.range, true, false);
    compare_slots(t.int_, [](const Value& v) { return is_integer(v); }, false);
    compare_slots(t.float_, [](const Value& v) { return is_integer(v) || v.is_float(); }, false);
    compare_slots(t.str, [](const Value& v) { return v.is(Kind::Str); }, false);
    compare_slots(t.list, [](const Value& v) { return v.is(Kind::List); }, false);
    compare_slots(t.tuple, [](const Value& v) { return v.is(Kind::Tuple); }, false);
    compare_slots(t.range, [](const Value& v) { return v.is(Kind::Range); }, true);
    for (Type* h : {t.int_, t.float_, t.str, t.tuple, t.range}) hash_slot(h);
    for (Type* f : {t.int_, t.float_, t.str}) format_method(f);
    bool_bitwise(t.bool_);
    // str % args (and its reflected form, which formats only with a str on the left), list += and *=
    slot(t.str, "__mod__", [](Interpreter& in, const CallArgs& a) {
        need_args(a, types().str, "__mod__", 2, 2);
        return binary_op(in, bytecode::NB_REMAINDER, a.args[0], a.args[1]);
    });
    slot(t.str, "__rmod__", [](Interpreter& in, const CallArgs& a) {
        need_args(a, types().str, "__rmod__", 2, 2);
        if (!a.args[1].is(Kind::Str)) return not_implemented();
        return binary_op(in, bytecode::NB_REMAINDER, a.args[1], a.args[0]);
    });
    slot(t.list, "__iadd__", [](Interpreter& in, const CallArgs& a) {
        need_args(a, types().list, "__iadd__", 2, 2);
        extend_list(in, a.args[0].get<List>(), a.args[1]);
        return a.args[0];
    });
    slot(t.list, "__imul__", [](Interpreter& in, const CallArgs& a) {
        need_args(a, types().list, "__imul__", 2, 2);
        if (!is_index(a.args[1]))
            raise(T().TypeError, str("'", type_name(a.args[1]), "' object cannot be interpreted as an integer"));
        return binary_op(in, bytecode::NB_INPLACE_ADD + bytecode::NB_MULTIPLY, a.args[0], a.args[1]);
    });
    if (!t.list->lookup("__add__")) concat_slots(t.list);
    if (!t.dict->lookup("__iter__")) {
        Type* d = t.dict;
        slot(d, "__iter__", [d](Interpreter&, const CallArgs& a) {
            need_args(a, d, "__iter__", 1, 1);
            return dict_view_iterator(a.args[0].get<Dict>(), 0);
        });
    }
    for (Type* r : {t.list, t.dict, t.range}) reversed_slot(r);
    slot(t.range, "__bool__", [](Interpreter& in, const CallArgs& a) {
        need_args(a, types().range, "__bool__", 1, 1);
        return Value::boolean(length(in, a.args[0]) != 0);
    });
    slot(t.none, "__bool__", [](Interpreter&, const CallArgs& a) {
        need_args(a, types().none, "__bool__", 1, 1);
        return Value::boolean(false);
    });
}

}  // namespace kiln::vm
