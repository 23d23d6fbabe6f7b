// The objects type hints evaluate to: PEP 585 generic aliases (`list[int]`) and PEP 604 unions
// (`int | None`), as CPython 3.11 makes them.
//
// A def evaluates its annotations when it runs, so modern PyTorch code (`mask: torch.Tensor | None
// = None`, `-> tuple[Tensor, Tensor]`) needs both to run at all. Subscripting a built-in class gives
// a types.GenericAlias: it prints `list[int]`, has __origin__/__args__, calls its origin
// (`dict[str, int]()` is a dict) and forwards other attributes to it. `X | Y` on classes, None,
// aliases and unions gives a types.UnionType whose __args__ are the members, flattened and without
// duplicates (None becomes NoneType); a union of one member is that member. Unions print as
// CPython's (`torch.Tensor | None`), compare equal regardless of order and work as isinstance's and
// issubclass's second argument (builtins.cpp); an alias there is CPython's TypeError. Operands
// neither knows (typing's aliases) get NotImplemented, so their own __ror__ (typing.Union) answers.
// collections.abc.Callable[[int], str] is the alias subclass collections.abc._CallableGenericAlias:
// its __args__ are the argument types flattened, then the result (int, str), and it prints the
// argument list in brackets again, as CPython's does.
#include <algorithm>

#include "bytecode/opcode.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/typetable.h"

namespace kiln::vm {

namespace {

struct UnionObj : NativeObj {
    UnionObj(Type* t, std::vector<Value> a) : NativeObj(t), args(std::move(a)) {}
    void clear() override { args.clear(); }
    std::vector<Value> args;
};

struct AliasObj : NativeObj {
    AliasObj(Type* t, Value o, std::vector<Value> a) : NativeObj(t), origin(std::move(o)), args(std::move(a)) {}
    void clear() override {
        origin = Value();
        args.clear();
    }
    Value origin;
    std::vector<Value> args;
};

Type* g_union_type = nullptr;
Type* g_alias_type = nullptr;
Type* g_callable_alias_type = nullptr;  // collections.abc._CallableGenericAlias, a GenericAlias subclass

UnionObj* as_union(const Value& v) { return g_union_type && type_of(v) == g_union_type ? native_cast<UnionObj>(v) : nullptr; }
AliasObj* as_alias(const Value& v) {
    if (!g_alias_type) return nullptr;
    Type* t = type_of(v);
    return t == g_alias_type || t == g_callable_alias_type ? native_cast<AliasObj>(v) : nullptr;
}

// What may stand first in Callable[X, R] besides a list of types: `...`, a typing.ParamSpec or a
// typing.Concatenate[...] (CPython's _is_param_expr, which looks at the type's name and module).
bool is_param_expr(Interpreter& in, const Value& v) {
    if (v.is_obj() && v.obj() == ellipsis().obj()) return true;
    Type* t = type_of(v);
    if (t->module != "typing") return false;
    if (t->name == "ParamSpec" || t->name == "_ConcatenateGenericAlias") return true;
    // Kiln's typing spells Concatenate[...] as a _GenericAlias named 'Concatenate'.
    Value name = getattr_or_null(in, v, "_name");
    return !name.is_null() && name.is(Kind::Str) && str_of(name) == "Concatenate";
}

// What may stand on either side of `|` here: a class, None, an alias or another union.
bool unionable(const Value& v) { return v.is(Kind::Type) || v.is_none() || as_union(v) || as_alias(v); }

void add_member(Interpreter& in, std::vector<Value>& out, const Value& v) {
    if (auto* u = as_union(v)) {
        for (const Value& a : u->args) add_member(in, out, a);
        return;
    }
    Value m = v.is_none() ? Value(type_of(v)) : v;
    for (const Value& x : out)
        if (x.identical(m) || (as_alias(x) && as_alias(m) && equals(in, x, m))) return;
    out.push_back(m);
}

// A hint as a union or an alias prints it: builtins by name, other classes as module.qualname,
// NoneType as None, `...` as ..., anything else by repr (typing._type_repr).
std::string hint_repr(Interpreter& in, const Value& v) {
    if (auto* t = v.as<Type>()) {
        if (t == type_of(Value::none())) return "None";
        return t->module == "builtins" ? t->qualname : t->module + "." + t->qualname;
    }
    if (v.is_obj() && v.obj() == ellipsis().obj()) return "...";
    return repr(in, v);
}

bool same_members(const std::vector<Value>& p, const std::vector<Value>& q) {
    auto within = [](const std::vector<Value>& a, const std::vector<Value>& b) {
        return std::all_of(a.begin(), a.end(), [&](const Value& v) {
            return std::any_of(b.begin(), b.end(), [&](const Value& w) { return v.identical(w); });
        });
    };
    return within(p, q) && within(q, p);
}

// CPython's _Py_make_parameters: the type variables of a hint's arguments in order of first
// appearance. A class contributes none; an object with __typing_subst__ (a TypeVar) is one; any
// other argument contributes its own __parameters__ (tuple[T, list[S]] has (T, S)).
std::vector<Value> make_parameters(Interpreter& in, const std::vector<Value>& args) {
    std::vector<Value> out;
    auto add = [&](const Value& p) {
        for (const Value& x : out)
            if (x.identical(p)) return;
        out.push_back(p);
    };
    for (const Value& t : args) {
        if (t.is(Kind::Type)) continue;
        if (!getattr_or_null(in, t, "__typing_subst__").is_null()) {
            add(t);
            continue;
        }
        Value sub = getattr_or_null(in, t, "__parameters__");
        if (!sub.is_null() && sub.is(Kind::Tuple))
            for (const Value& p : sub.get<Tuple>()->items) add(p);
    }
    return out;
}

// CPython's _Py_subs_parameters: `hint[item]` replaces each type variable of `params` by the
// matching item; a nested hint with parameters of its own is subscripted with its share.
std::vector<Value> subs_parameters(Interpreter& in, const Value& self, const std::vector<Value>& args, const Value& item) {
    std::vector<Value> params = make_parameters(in, args);
    if (params.empty()) raise(types().TypeError, repr(in, self) + " is not a generic class");
    std::vector<Value> items;
    if (item.is(Kind::Tuple)) items = item.get<Tuple>()->items;
    else items.push_back(item);
    if (items.size() != params.size())
        raise(types().TypeError, str("Too ", items.size() > params.size() ? "many" : "few", " arguments for ", repr(in, self),
                                     "; actual ", items.size(), ", expected ", params.size()));
    auto index_of = [&](const Value& p) -> int64_t {
        for (size_t i = 0; i < params.size(); ++i)
            if (params[i].identical(p)) return int64_t(i);
        return -1;
    };
    std::vector<Value> out;
    for (const Value& arg : args) {
        if (arg.is(Kind::Type)) {
            out.push_back(arg);
            continue;
        }
        if (Value subst = getattr_or_null(in, arg, "__typing_subst__"); !subst.is_null()) {
            out.push_back(in.call(subst, {items[size_t(index_of(arg))]}));
            continue;
        }
        Value sub = getattr_or_null(in, arg, "__parameters__");
        if (sub.is_null() || !sub.is(Kind::Tuple) || sub.get<Tuple>()->items.empty()) {
            out.push_back(arg);
            continue;
        }
        std::vector<Value> subargs;
        for (const Value& p : sub.get<Tuple>()->items) {
            int64_t i = index_of(p);
            subargs.push_back(i >= 0 ? items[size_t(i)] : p);
        }
        out.push_back(getitem(in, arg, new_tuple(std::move(subargs))));
    }
    return out;
}

}  // namespace

Value type_union(Interpreter& in, const Value& a, const Value& b) {
    if (!unionable(a) || !unionable(b)) return not_implemented();
    std::vector<Value> args;
    add_member(in, args, a);
    add_member(in, args, b);
    if (args.size() == 1) return args[0];
    return Value(make<UnionObj>(g_union_type, std::move(args)).get());
}

Value generic_alias(const Value& origin, const Value& key) {
    std::vector<Value> args;
    if (auto* t = key.as<Tuple>(); t && key.obj()->type == types().tuple) args = t->items;
    else args.push_back(key);
    return Value(make<AliasObj>(g_alias_type, origin, std::move(args)).get());
}

const std::vector<Value>* union_args(const Value& v) {
    auto* u = as_union(v);
    return u ? &u->args : nullptr;
}

bool is_generic_alias(const Value& v) { return as_alias(v) != nullptr; }

void register_type_hint_methods(const TypeTable& t) {
    Type* u = g_union_type = make_builtin_type("UnionType", t.object, Kind::Native, "types");
    Type* g = g_alias_type = make_builtin_type("GenericAlias", t.object, Kind::Native, "types");
    for (Type* k : {t.type, u, g}) {
        def_method(k, "__or__", [](Interpreter& in, const CallArgs& a) { return type_union(in, a.args[0], a.args[1]); });
        def_method(k, "__ror__", [](Interpreter& in, const CallArgs& a) { return type_union(in, a.args[1], a.args[0]); });
    }

    def_method(u, "__repr__", [](Interpreter& in, const CallArgs& a) {
        std::string s;
        for (const Value& m : as_union(a.args[0])->args) s += (s.empty() ? "" : " | ") + hint_repr(in, m);
        return new_str(s);
    });
    def_property(u, "__args__", [](Interpreter&, const CallArgs& a) { return new_tuple(as_union(a.args[0])->args); });
    def_property(u, "__parameters__", [](Interpreter& in, const CallArgs& a) {
        return new_tuple(make_parameters(in, as_union(a.args[0])->args));
    });
    def_method(u, "__getitem__", [](Interpreter& in, const CallArgs& a) {
        // (list[T] | None)[int] is list[int] | None: the substituted members joined by `|` again.
        std::vector<Value> args = subs_parameters(in, a.args[0], as_union(a.args[0])->args, a.args[1]);
        Value res = args[0];
        for (size_t i = 1; i < args.size(); ++i) res = binary_op(in, bytecode::NB_OR, res, args[i]);
        return res;
    });
    def_method(u, "__eq__", [](Interpreter&, const CallArgs& a) {
        auto* y = as_union(a.args[1]);
        if (!y) return not_implemented();
        return Value::boolean(same_members(as_union(a.args[0])->args, y->args));
    });
    def_method(u, "__hash__", [](Interpreter&, const CallArgs& a) {
        // Order-independent, as the equality is: the members' identities combined commutatively.
        uint64_t h = 0;
        for (const Value& m : as_union(a.args[0])->args)
            h += uint64_t(reinterpret_cast<uintptr_t>(m.obj())) * 0x9e3779b97f4a7c15ull;
        return Value::integer(int64_t(h >> 1));
    });

    def_method(g, "__repr__", [](Interpreter& in, const CallArgs& a) {
        auto* x = as_alias(a.args[0]);
        std::string s = hint_repr(in, x->origin) + "[";
        if (x->args.empty()) return new_str(s + "()]");  // tuple[()]
        for (size_t i = 0; i < x->args.size(); ++i) {
            const Value& m = x->args[i];
            // tuple[()] spells the empty tuple; nested lists print as [int, str] (Callable's style).
            std::string r = m.is(Kind::Tuple) && m.get<Tuple>()->items.empty() ? "()" : hint_repr(in, m);
            s += (i ? ", " : "") + r;
        }
        return new_str(s + "]");
    });
    // types.GenericAlias(origin, args): what a class's __class_getitem__ = classmethod(GenericAlias)
    // returns (collections.deque[int]).
    g->construct = [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2 || a.nkw) raise(types().TypeError, "GenericAlias expected 2 arguments, got " + std::to_string(a.nargs));
        return generic_alias(a.args[0], a.args[1]);
    };
    def_property(g, "__origin__", [](Interpreter&, const CallArgs& a) { return as_alias(a.args[0])->origin; });
    def_property(g, "__args__", [](Interpreter&, const CallArgs& a) { return new_tuple(as_alias(a.args[0])->args); });
    def_property(g, "__parameters__", [](Interpreter& in, const CallArgs& a) {
        return new_tuple(make_parameters(in, as_alias(a.args[0])->args));
    });
    def_method(g, "__getitem__", [](Interpreter& in, const CallArgs& a) {
        // tuple[T, T][int] is tuple[int, int]; a Callable alias stays one (its arguments are flat).
        auto* x = as_alias(a.args[0]);
        std::vector<Value> args = subs_parameters(in, a.args[0], x->args, a.args[1]);
        if (type_of(a.args[0]) == g_callable_alias_type)
            return Value(make<AliasObj>(g_callable_alias_type, x->origin, std::move(args)).get());
        return generic_alias(x->origin, new_tuple(std::move(args)));
    });
    def_method(g, "__call__", [](Interpreter& in, const CallArgs& a) {
        CallArgs rest = a;
        ++rest.args;
        --rest.nargs;
        return in.call(as_alias(a.args[0])->origin, rest);
    });
    def_method(g, "__eq__", [](Interpreter& in, const CallArgs& a) {
        auto* x = as_alias(a.args[0]);
        auto* y = as_alias(a.args[1]);
        if (!y) return not_implemented();
        if (!x->origin.identical(y->origin) || x->args.size() != y->args.size()) return Value::boolean(false);
        for (size_t i = 0; i < x->args.size(); ++i)
            if (!equals(in, x->args[i], y->args[i])) return Value::boolean(false);
        return Value::boolean(true);
    });
    def_method(g, "__hash__", [](Interpreter& in, const CallArgs& a) {
        auto* x = as_alias(a.args[0]);
        return Value::integer(int64_t(uint64_t(reinterpret_cast<uintptr_t>(x->origin.obj())) >> 4) ^
                              py_hash(in, new_tuple(x->args)));
    });
    def_method(g, "__getattr__", [](Interpreter& in, const CallArgs& a) {
        // Everything else is the origin's (list[int].__name__ is 'list'), as CPython forwards it.
        return getattr(in, as_alias(a.args[0])->origin, str_of(a.args[1]));
    });

    Type* c = g_callable_alias_type = make_builtin_type("_CallableGenericAlias", g, Kind::Native, "collections.abc");
    c->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || a.nkw) raise(types().TypeError, "GenericAlias expected 2 arguments, got " + std::to_string(a.nargs));
        const Value& key = a.args[1];
        auto* t = key.as<Tuple>();
        if (!t || t->items.size() != 2) raise(types().TypeError, "Callable must be used as Callable[[arg, ...], result].");
        const Value& params = t->items[0];
        std::vector<Value> args;
        if (auto* l = params.as<List>()) args = l->items;
        else if (auto* pt = params.as<Tuple>()) args = pt->items;
        else if (is_param_expr(in, params)) args.push_back(params);
        else
            raise(types().TypeError, "Expected a list of types, an ellipsis, ParamSpec, or Concatenate. Got " + repr(in, params));
        args.push_back(t->items[1]);
        return Value(make<AliasObj>(g_callable_alias_type, a.args[0], std::move(args)).get());
    };
    def_method(c, "__repr__", [](Interpreter& in, const CallArgs& a) {
        auto* x = as_alias(a.args[0]);
        if (x->args.size() == 2 && is_param_expr(in, x->args[0]))
            return new_str("collections.abc.Callable[" + hint_repr(in, x->args[0]) + ", " + hint_repr(in, x->args[1]) + "]");
        std::string s = "collections.abc.Callable[[";
        for (size_t i = 0; i + 1 < x->args.size(); ++i) s += (i ? ", " : "") + hint_repr(in, x->args[i]);
        return new_str(s + "], " + hint_repr(in, x->args.back()) + "]");
    });
}

// collections.abc's native half: the Callable alias class, before abc.py runs in the same dict.
void register_collections_abc_module() {
    Interpreter::register_module("collections.abc", [](Interpreter&, ModuleObj& m) {
        m.dict.set("_CallableGenericAlias", Value(g_callable_alias_type));
    });
}

}  // namespace kiln::vm
