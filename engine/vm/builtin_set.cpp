// The builtin `set`, in the small form Kiln's Python subset has: set() / set(iterable), len, `in`,
// iteration, add, discard, ==, and its repr. Programs use it to collect distinct values
// (`sorted(set(names))`); set literals, comprehensions, the set algebra operators and frozenset stay
// outside the subset and say so.
//
// The elements are the keys of a dict (same hashing and equality as dict keys, so an unhashable
// element raises as it does there). Iteration follows insertion order, where CPython's follows the
// hashes; code that prints a set of several elements should sort it first (CPython randomizes str
// hashes per run, so its own order is not reproducible either).
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/typetable.h"

namespace kiln::vm {

namespace {

struct SetObj : NativeObj {
    using NativeObj::NativeObj;
    void clear() override { items.reset(); }
    Ref<Dict> items = make<Dict>();
    std::vector<Value> elements() const { return items->keys(); }
};

SetObj* set_of(const Value& v) {
    auto* s = native_cast<SetObj>(v);
    if (!s) raise(types().TypeError, str("descriptor requires a 'set' object but received a '", type_name(v), "'"));
    return s;
}

}  // namespace

void register_set_type(StrMap& builtins) {
    static Type* set_type = [] {
        Type* t = make_builtin_type("set", types().object, Kind::Native);
        t->construct = [t](Interpreter& in, const CallArgs& a) {
            if (a.nkw) raise(types().TypeError, "set() takes no keyword arguments");
            if (a.nargs > 1) raise(types().TypeError, str("set expected at most 1 argument, got ", a.nargs));
            auto s = make<SetObj>(t);
            if (a.nargs == 1)
                for (const Value& x : to_vector(in, a.args[0])) s->items->set(x, Value::none());
            return Value(s.get());
        };
        def_method(t, "__iter__", [](Interpreter& in, const CallArgs& a) {
            return get_iter(in, new_list(set_of(a.args[0])->elements()));
        });
        def_method(t, "__len__", [](Interpreter&, const CallArgs& a) {
            return Value::integer(int64_t(set_of(a.args[0])->items->size()));
        });
        def_method(t, "__contains__", [](Interpreter&, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, "__contains__ expects one argument");
            return Value::boolean(set_of(a.args[0])->items->find(a.args[1]) != nullptr);
        });
        def_method(t, "add", [](Interpreter&, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, str("set.add() takes exactly one argument (", a.nargs - 1, " given)"));
            set_of(a.args[0])->items->set(a.args[1], Value::none());
            return Value::none();
        });
        def_method(t, "discard", [](Interpreter&, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, str("set.discard() takes exactly one argument (", a.nargs - 1, " given)"));
            set_of(a.args[0])->items->erase(a.args[1]);
            return Value::none();
        });
        def_method(t, "__eq__", [](Interpreter&, const CallArgs& a) {
            auto* x = set_of(a.args[0]);
            auto* y = a.nargs == 2 ? native_cast<SetObj>(a.args[1]) : nullptr;
            if (!y) return Value::boolean(false);
            if (x->items->size() != y->items->size()) return Value::boolean(false);
            for (const Value& e : x->elements())
                if (!y->items->find(e)) return Value::boolean(false);
            return Value::boolean(true);
        });
        def_method(t, "__repr__", [](Interpreter& in, const CallArgs& a) {
            std::vector<Value> e = set_of(a.args[0])->elements();
            if (e.empty()) return new_str("set()");
            std::string s = "{";
            for (size_t i = 0; i < e.size(); ++i) s += (i ? ", " : "") + repr(in, e[i]);
            return new_str(s + "}");
        });
        return t;
    }();
    builtins.set("set", Value(set_type));
}

}  // namespace kiln::vm
