// The builtins namespace: print, len, range, sorted, isinstance, super, __build_class__, ...
//
// Functions follow CPython 3.11's behaviour and messages. Builtins that would reach outside the
// program (input, exec, eval, __import__) exist only to say they are not supported in Kiln, so that
// a program using them stops with a clear message instead of a NameError; open() works inside the
// file sandbox (host_fs.cpp).
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <functional>

#include "vm/args.h"
#include "vm/frame.h"
#include "vm/generator.h"
#include "vm/host.h"
#include "vm/complex.h"
#include "vm/int_big.h"
#include "vm/ops.h"
#include "vm/safe_sort.h"
#include "vm/text_format.h"
#include "vm/text_str.h"

namespace kiln::vm {

Value dict_reverse_iterator(Dict* d, int which);  // iter.cpp: reversed(dict)

namespace {

// ---- lazy iterators: zip, enumerate, reversed, map, filter ----------------------------------------

struct ZipIter : Iterator {
    ZipIter(Type* t, std::vector<Value> its) : Iterator(t), its(std::move(its)) {}
    void clear() override { its.clear(); }
    Value next(Interpreter& in) override {
        if (its.empty()) return Value();
        std::vector<Value> items;
        for (size_t i = 0; i < its.size(); ++i) {
            Value v = iter_next(in, its[i]);
            if (v.is_null()) {
                std::vector<Value> all = std::move(its);
                its.clear();
                if (strict) check_lengths(in, all, i);
                return Value();
            }
            items.push_back(std::move(v));
        }
        return new_tuple(std::move(items));
    }
    // zip(strict=True) when iterator i ran out: CPython's zip_next "check" block.
    static void check_lengths(Interpreter& in, const std::vector<Value>& all, size_t i) {
        auto fail = [](size_t k, const char* how) {
            raise(types().ValueError, str("zip() argument ", k + 1, " is ", how, " than argument", k == 1 ? " " : "s 1-", k));
        };
        if (i) fail(i, "shorter");
        for (size_t k = 1; k < all.size(); ++k)
            if (!iter_next(in, all[k]).is_null()) fail(k, "longer");
    }
    std::vector<Value> its;
    bool strict = false;
};

// The count is a Python int: past INT64_MAX it goes on in big ints (CPython's enum_next_long).
struct EnumerateIter : Iterator {
    EnumerateIter(Type* t, Value it, Value start) : Iterator(t), it(std::move(it)), n(std::move(start)) {}
    void clear() override { it = Value(); }
    Value next(Interpreter& in) override {
        if (it.is_null()) return Value();
        Value v = iter_next(in, it);
        if (v.is_null()) return Value();
        Value count = n;
        n = n.is_int() && n.as_int() < std::numeric_limits<int64_t>::max()
                ? Value::integer(n.as_int() + 1)
                : binary_op(in, bytecode::NB_ADD, n, Value::integer(1));
        return new_tuple({std::move(count), std::move(v)});
    }
    Value it, n;
};

struct ReversedIter : Iterator {
    ReversedIter(Type* t, Value seq, int64_t n) : Iterator(t), seq(std::move(seq)), i(n) {}
    void clear() override { seq = Value(); }
    Value next(Interpreter& in) override {
        if (seq.is_null() || i <= 0) return Value();
        --i;
        if (auto* l = seq.as<List>()) {
            if (size_t(i) >= l->items.size()) return Value();
            return l->items[size_t(i)];
        }
        // An IndexError (a __len__ larger than __getitem__ serves) ends it, as CPython's reversed_next.
        try {
            return getitem(in, seq, Value::integer(i));
        } catch (PyError& e) {
            if (!isinstance(e.exc, types().IndexError)) throw;
            seq = Value();
            return Value();
        }
    }
    Value seq;
    int64_t i;
};

struct MapIter : Iterator {
    MapIter(Type* t, Value fn, std::vector<Value> its) : Iterator(t), fn(std::move(fn)), its(std::move(its)) {}
    void clear() override {
        fn = Value();
        its.clear();
    }
    Value next(Interpreter& in) override {
        if (its.empty()) return Value();
        std::vector<Value> args;
        for (const Value& it : its) {
            Value v = iter_next(in, it);
            if (v.is_null()) {
                its.clear();
                return Value();
            }
            args.push_back(std::move(v));
        }
        return in.call(fn, args);
    }
    Value fn;
    std::vector<Value> its;
};

struct FilterIter : Iterator {
    FilterIter(Type* t, Value fn, Value it) : Iterator(t), fn(std::move(fn)), it(std::move(it)) {}
    void clear() override {
        fn = Value();
        it = Value();
    }
    Value next(Interpreter& in) override {
        if (it.is_null()) return Value();
        for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) {
            bool keep = fn.is_none() ? truthy(in, v) : truthy(in, in.call(fn, {v}));
            if (keep) return v;
        }
        return Value();
    }
    Value fn, it;
};

// ---- helpers --------------------------------------------------------------------------------------

std::vector<Value> sorted_values(Interpreter& in, std::vector<Value> items, const Value& key, bool reverse) {
    // Keys all of one type compare through the type's own method (CPython's unsafe_object_compare,
    // no rich-compare recursion unit); mixed types through the full comparison.
    auto one_type = [](auto first, auto last, auto get) {
        for (auto it = first; it != last; ++it)
            if (type_of(get(*it)) != type_of(get(*first))) return false;
        return true;
    };
    if (key.is_none() || key.is_null()) {
        const bool same = one_type(items.begin(), items.end(), [](const Value& v) -> const Value& { return v; });
        auto lt = [&](const Value& a, const Value& b) { return same ? less_than_same_type(in, a, b) : less_than(in, a, b); };
        // Python's sort is stable and reverse keeps equal items in order: sort reversed-stably.
        if (reverse) {
            safe_stable_sort(items, [&](const Value& a, const Value& b) { return lt(b, a); });
        } else {
            safe_stable_sort(items, [&](const Value& a, const Value& b) { return lt(a, b); });
        }
        return items;
    }
    std::vector<std::pair<Value, size_t>> keyed;
    keyed.reserve(items.size());
    for (size_t i = 0; i < items.size(); ++i) keyed.emplace_back(in.call(key, {items[i]}), i);
    const bool same = one_type(keyed.begin(), keyed.end(), [](const auto& k) -> const Value& { return k.first; });
    auto lt = [&](const Value& a, const Value& b) { return same ? less_than_same_type(in, a, b) : less_than(in, a, b); };
    if (reverse) {
        safe_stable_sort(keyed, [&](const auto& a, const auto& b) { return lt(b.first, a.first); });
    } else {
        safe_stable_sort(keyed, [&](const auto& a, const auto& b) { return lt(a.first, b.first); });
    }
    std::vector<Value> out;
    out.reserve(items.size());
    for (auto& k : keyed) out.push_back(items[k.second]);
    return out;
}

Value min_max(Interpreter& in, const CallArgs& a, bool is_max) {
    const char* name = is_max ? "max" : "min";
    Value key = Value::none(), dflt;
    for (size_t k = 0; k < a.nkw; ++k) {
        if (a.kwname(k) == "key") key = a.kwvalues[k];
        else if (a.kwname(k) == "default") dflt = a.kwvalues[k];
        else raise(T().TypeError, str(name, "() got an unexpected keyword argument '", a.kwname(k), "'"));
    }
    if (a.nargs == 0) raise(T().TypeError, str(name, " expected at least 1 argument, got 0"));
    if (a.nargs > 1 && !dflt.is_null())
        raise(T().TypeError, str("Cannot specify a default for ", name, "() with multiple positional arguments"));
    // One item at a time from a live iterator, as CPython's min_max: a key function or a comparison
    // that changes the list being walked ends or extends the walk as the list iterator sees it.
    Value it = get_iter(in, a.nargs == 1 ? a.args[0] : new_tuple(std::vector<Value>(a.args, a.args + a.nargs)));
    Value best = iter_next(in, it);
    if (best.is_null()) {
        if (!dflt.is_null()) return dflt;
        raise(T().ValueError, str(name, "() iterable argument is empty"));
    }
    Value best_key = key.is_none() ? best : in.call(key, {best});
    for (Value item = iter_next(in, it); !item.is_null(); item = iter_next(in, it)) {
        Value k = key.is_none() ? item : in.call(key, {item});
        // CPython's min_max: item < best for min, item > best for max (a type's __gt__ first).
        bool better = is_max ? truthy(in, compare(in, bytecode::CMP_GT, k, best_key)) : less_than(in, k, best_key);
        if (better) {
            best = item;
            best_key = k;
        }
    }
    return best;
}

// round(x): half to even; round(x, n) for floats rounds the exact binary value correctly (as
// CPython's dtoa-based rounding does) via printf, which rounds exactly.
double round_float(double x, int64_t ndigits) {
    if (!std::isfinite(x)) return x;
    if (ndigits > 300) return x;
    if (ndigits >= 0) {
        char buf[512];
        std::snprintf(buf, sizeof buf, "%.*f", int(ndigits), x);
        return std::strtod(buf, nullptr);
    }
    if (ndigits < -308) return std::copysign(0.0, x);
    double p = std::pow(10.0, double(-ndigits));
    double y = x / p;
    double r = std::nearbyint(y);  // default rounding mode: half to even
    return r * p;
}

Value builtin_round(Interpreter& in, const CallArgs& a) {
    static const Signature sig("round(number, ndigits=None)");
    auto b = sig.bind(a);
    const Value& x = b[0];
    if (is_big(x) && b[1].is_none()) return x;
    // ndigits beyond int64 (CPython clamps it, PyNumber_AsSsize_t(o, NULL)): as far as any
    // number's digits go, so the result is the number itself, or 0 for negative ndigits.
    const bool clamp = is_big(b[1]);
    const int64_t nd_clamped = clamp ? (to_big(b[1]).negative() ? INT64_MIN : INT64_MAX) : 0;
    if (is_int_like(x)) {
        // int.__round__ (long_round): x itself for ndigits >= 0, else x - r where r is x's remainder
        // modulo 10**-ndigits rounded half to even (in Python ints: near INT64_MAX the result
        // passes it).
        Value xi = int_value(to_big(x));  // round(True) is the int 1
        if (b[1].is_none()) return xi;
        if (clamp) return nd_clamped > 0 ? xi : Value::integer(0);
        int64_t nd = to_int(b[1], "");
        if (nd >= 0) return xi;
        BigInt v = to_big(x);
        // 10**-nd beyond twice x's magnitude: the nearest multiple is 0 (no need for the power)
        if (double(-nd) > double(v.bit_length()) * 0.30103 + 2) return Value::integer(0);
        BigInt p = BigInt::pow(BigInt(10), uint64_t(-nd)), q, r;
        BigInt::divmod(v, p, q, r);
        BigInt twice = r + r;
        int c = compare(twice, p);
        if (c > 0 || (c == 0 && (q & BigInt(1)).to_i64() == 1))
            r = r - p;
        return int_value(v - r);
    }
    if (x.is_float()) {
        double v = x.as_float();
        if (b[1].is_none()) {
            if (std::isnan(v)) raise(T().ValueError, "cannot convert float NaN to integer");
            if (std::isinf(v)) raise(T().OverflowError, "cannot convert float infinity to integer");
            double r = std::nearbyint(v);
            if (std::fabs(r) >= 9.2233720368547758e18) return int_value(BigInt::from_double(r));
            return Value::integer(int64_t(r));
        }
        return Value::number(round_float(v, clamp ? nd_clamped : to_int(b[1], "")));
    }
    if (Value f = find_dunder(x, "__round__"); !f.is_null()) {
        if (b[1].is_none()) return in.call(f, {x});
        return in.call(f, {x, b[1]});
    }
    raise(T().TypeError, str("type ", type_name(x), " doesn't define __round__ method"));
}

Value builtin_print(Interpreter& in, const CallArgs& a) {
    std::string sep = " ", end = "\n";
    Value file;  // print(file=f) calls f.write; sys.stdout when the program replaced it
    Value flush;
    for (size_t k = 0; k < a.nkw; ++k) {
        const std::string& n = a.kwname(k);
        const Value& v = a.kwvalues[k];
        if (n == "sep" || n == "end") {
            if (!v.is_none() && !v.is(Kind::Str))
                raise(T().TypeError, str(n, " must be None or a string, not ", type_name(v)));
            if (v.is(Kind::Str)) (n == "sep" ? sep : end) = str_of(v);
        } else if (n == "flush") {
            flush = v;
        } else if (n == "file") {
            file = v;
        } else {
            raise(T().TypeError, str("'", n, "' is an invalid keyword argument for print()"));
        }
    }
    if (file.is_null() || file.is_none()) {
        file = redirected_stdout(in);
        // sys.stdout = None (a windowed app's, or a program silencing output): CPython's print returns
        // without writing anything
        if (!file.is_null() && file.is_none()) return Value::none();
    }
    if (file.is_null() || file.is_none()) {
        // CPython writes each piece (str(arg), sep, end) to sys.stdout, a UTF-8 TextIOWrapper (errors
        // 'surrogateescape' under the C/POSIX locale's UTF-8 mode, where programs run): a lone
        // surrogate other than U+DC80..U+DCFF is UnicodeEncodeError at its position in that piece,
        // and the pieces before it are still written.
        auto put = [&in](const std::string& piece) {
            in.write_out(piece.find('\xED') == std::string::npos ? piece : str_encode(piece, "utf-8", "surrogateescape"));
        };
        for (size_t i = 0; i < a.nargs; ++i) {
            if (i) put(sep);
            put(to_str(in, a.args[i]));
        }
        put(end);
        // flush=True: what was printed reaches the terminal or pipe now, before a long computation
        // (or a kill by a time limit) that would otherwise keep it in stdio's buffer
        if (!flush.is_null() && truthy(in, flush)) std::fflush(stdout);
        return Value::none();
    }
    std::string out;
    for (size_t i = 0; i < a.nargs; ++i) {
        if (i) out += sep;
        out += to_str(in, a.args[i]);
    }
    out += end;
    in.call_method(file, "write", {new_str(std::move(out))});
    if (!flush.is_null() && truthy(in, flush)) in.call_method(file, "flush", {});  // as CPython's print
    return Value::none();
}

Value builtin_sum(Interpreter& in, const CallArgs& a) {
    static const Signature sig("sum(iterable, /, start=0)");
    auto b = sig.bind(a);
    Value acc = b[1];
    Value it = get_iter(in, b[0]);
    if (acc.is(Kind::Str)) raise(T().TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    if (const char* kind = bytes_kind(acc)) raise(T().TypeError, str("sum() can't sum ", kind, " [use b''.join(seq) instead]"));
    // CPython 3.12's builtin_sum_impl: while the total is an exact int, ints and bools add in C;
    // the first other item is added as objects and ends that phase.
    while (acc.is_int()) {
        Value v = iter_next(in, it);
        if (v.is_null()) return acc;
        if (v.is_int() || v.is_bool()) {
            int64_t x = acc.as_int(), y = v.is_int() ? v.as_int() : int64_t(v.as_bool()), r;
            if (!__builtin_add_overflow(x, y, &r)) {
                acc = Value::integer(r);
                continue;
            }
        }
        acc = binary_op(in, bytecode::NB_ADD, acc, v);
        break;
    }
    // While the total is an exact float, exact floats add with Neumaier's compensated summation
    // (the error of each addition collects in c, added back once at the end unless it is 0 or not
    // finite: a -0.0 total keeps its sign and an overflowed one doesn't become NaN); ints that fit
    // a C long add uncompensated. Any other item ends the phase (the compensation folded in first).
    if (acc.is_float()) {
        double f = acc.as_float(), c = 0.0;
        for (;;) {
            Value v = iter_next(in, it);
            if (v.is_null()) {
                if (c != 0.0 && std::isfinite(c)) f += c;
                return Value::number(f);
            }
            if (v.is_float()) {
                double x = v.as_float(), t = f + x;
                if (std::fabs(f) >= std::fabs(x)) c += (f - t) + x;
                else c += (x - t) + f;
                f = t;
                continue;
            }
            if (v.is_int() || v.is_bool()) {
                f += double(v.is_int() ? v.as_int() : int64_t(v.as_bool()));
                continue;
            }
            if (c != 0.0 && std::isfinite(c)) f += c;
            acc = binary_op(in, bytecode::NB_ADD, Value::number(f), v);
            break;
        }
    }
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) acc = binary_op(in, bytecode::NB_ADD, acc, v);
    return acc;
}

// A metaclass's __instancecheck__/__subclasscheck__ (abc.ABCMeta.register), or Null. A native
// metatype's hook counts too (torch.tensortype, the metaclass of torch.LongTensor and the other
// legacy tensor types, decides by dtype and device as PyTorch's Tensortype_instancecheck).
Value meta_hook(const Type* cls, const char* name) {
    if (cls->type == T().type) return Value();
    const Value* f = cls->type->lookup(name);
    if (f && f->is_obj() && f->identical(*T().type->dict.find(name))) return Value();  // type's own default
    return f && (f->is(Kind::Function) || f->is(Kind::Builtin)) ? *f : Value();
}

bool isinstance_of(Interpreter& in, const Value& v, const Value& cls) {
    if (auto* t = cls.as<Type>()) {
        // CPython's PyObject_IsInstance: an exact type match is true at once; otherwise a
        // metaclass's __instancecheck__ decides (typing.Protocol refuses subclasses of a
        // non-runtime protocol, ABCs accept registered classes); else the MRO does.
        if (type_of(v) == t) return true;
        if (Value hook = meta_hook(t, "__instancecheck__"); !hook.is_null()) return truthy(in, in.call(hook, {cls, v}));
        // nn.Parameter's _ParameterMeta.__instancecheck__: a tensor flagged `_is_param` (what
        // Parameter(custom_tensor) returns, bindings/tensor.cpp) is a Parameter too.
        if (t == T().parameter && v.is(Kind::Tensor)) {
            const Value* flag = v.get<TensorObj>()->attrs.find("_is_param");
            if (flag && truthy(in, *flag)) return true;
        }
        Type* vt = type_of(v);
        if (vt->is_subtype_of(t)) return true;
        // CPython's recursive_isinstance: an object whose __class__ differs from its type (a
        // weakref.proxy, a mock made with spec=) is an instance of that class too. Only classes that
        // can answer otherwise (a __class__ of their own, or __getattribute__) are asked.
        bool may_differ = vt->custom_getattribute;
        for (size_t i = 0; !may_differ && i < vt->mro.size(); ++i)
            may_differ = !vt->mro[i]->builtin && vt->mro[i]->dict.find("__class__");
        if (may_differ) {
            Value c = getattr_or_null(in, v, "__class__");
            if (auto* ct = c.as<Type>(); ct && ct != vt) return ct->is_subtype_of(t);
        }
        return false;
    }
    if (auto* tup = cls.as<Tuple>()) {
        Interpreter::DepthGuard depth(in);  // tuples nest: (int, (str, (...)))
        for (const Value& c : tup->items)
            if (isinstance_of(in, v, c)) return true;
        return false;
    }
    if (const std::vector<Value>* members = union_args(cls)) {  // isinstance(x, int | None)
        for (const Value& c : *members)
            if (isinstance_of(in, v, c)) return true;
        return false;
    }
    if (is_generic_alias(cls)) raise(T().TypeError, "isinstance() argument 2 cannot be a parameterized generic");
    // Any other object decides through its class's __instancecheck__, as CPython looks the special
    // method up on type(cls): typing.Sequence, typing.Union[int, str], typing.Any's refusal.
    if (const Value* f = type_of(cls)->lookup("__instancecheck__"); f && f->is(Kind::Function))
        return truthy(in, in.call(*f, {cls, v}));
    raise(T().TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
}

bool issubclass_of(Interpreter& in, Type* c, const Value& cls) {
    if (auto* t = cls.as<Type>()) {
        if (Value hook = meta_hook(t, "__subclasscheck__"); !hook.is_null()) return truthy(in, in.call(hook, {cls, Value(c)}));
        return c->is_subtype_of(t);
    }
    if (auto* tup = cls.as<Tuple>()) {
        Interpreter::DepthGuard depth(in);
        for (const Value& x : tup->items)
            if (issubclass_of(in, c, x)) return true;
        return false;
    }
    if (const std::vector<Value>* members = union_args(cls)) {
        for (const Value& x : *members)
            if (issubclass_of(in, c, x)) return true;
        return false;
    }
    if (is_generic_alias(cls)) raise(T().TypeError, "issubclass() argument 2 cannot be a parameterized generic");
    if (const Value* f = type_of(cls)->lookup("__subclasscheck__"); f && f->is(Kind::Function))
        return truthy(in, in.call(*f, {cls, Value(c)}));
    raise(T().TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
}

Value builtin_super(Interpreter& in, const CallArgs& a) {
    if (a.nargs == 2) {
        auto* t = a.args[0].as<Type>();
        if (!t) raise(T().TypeError, str("super() argument 1 must be a type, not ", type_name(a.args[0])));
        const Value& o = a.args[1];
        if (!(o.is(Kind::Type) && o.get<Type>()->is_subtype_of(t)) && !isinstance(o, t))
            raise(T().TypeError, "super(type, obj): obj must be an instance or subtype of type");
        return Value(make<SuperObj>(Ref<Type>(t), a.args[1]).get());
    }
    if (a.nargs != 0) raise(T().TypeError, "super() takes 0 or 2 arguments in Kiln");
    Frame* f = in.current_frame();
    if (!f || !f->func) raise(T().RuntimeError, "super(): no arguments");
    const auto& co = *f->co;
    // CPython's order: the first argument, then the __class__ cell
    if (co.argcount == 0 && !(co.flags & bytecode::CO_VARARGS)) raise(T().RuntimeError, "super(): no arguments");
    Value cls;
    for (size_t i = 0; i < co.freevars.size(); ++i)
        if (co.freevars[i] == "__class__") cls = f->cells[co.cellvars.size() + i]->value;
    if (cls.is_null()) raise(T().RuntimeError, "super(): __class__ cell not found");
    Value self = f->fast[0];
    for (size_t i = 0; i < co.cellvars.size(); ++i)
        if (co.cellvars[i] == co.varnames[0]) self = f->cells[i]->value;
    if (self.is_null()) raise(T().RuntimeError, "super(): arg[0] deleted");
    if (self.is(Kind::Type) && self.get<Type>()->is_subtype_of(cls.get<Type>())) {
        // super() in a classmethod: lookups bind to the class.
    } else if (!isinstance(self, cls.get<Type>())) {
        raise(T().TypeError, "super(type, obj): obj must be an instance or subtype of type");
    }
    return Value(make<SuperObj>(Ref<Type>(cls.get<Type>()), self).get());
}

Value unsupported(const char* name, const char* why) {
    std::string n = name, w = why;
    return Value(make<Builtin>(name, [n, w](Interpreter&, const CallArgs&) -> Value {
        raise(T().NotImplementedError, str(n, "() is not supported in Kiln: ", w));
    }).get());
}

}  // namespace

std::vector<Value> sort_values(Interpreter& in, std::vector<Value> items, const Value& key, bool reverse) {
    return sorted_values(in, std::move(items), key, reverse);
}

void install_stdlib_modules();                       // stdlib.cpp
void register_set_type(StrMap& builtins);            // builtin_set.cpp
void register_bytes_types(StrMap& builtins);         // bytes.cpp

void install_exec_builtins(Interpreter& in, StrMap& b);  // builtin_exec.cpp
void register_builtins_module();

void install_builtins(Interpreter& in) {
    static bool once = [] {
        register_builtins_module();
        install_stdlib_modules();
        install_host_modules();
        return true;
    }();
    (void)once;
    const TypeTable& t = types();
    StrMap& b = in.builtins();
    // Per-interpreter objects (freed with its heap), not immortal ones: a new interpreter per run
    // (the browser, the fuzzer) must not leak its builtins.
    auto def = [&](const char* name, NativeFn fn) { b.set(name, Value(make<Builtin>(name, std::move(fn)).get())); };
    // Types callable as constructors.
    for (Type* type : {t.object, t.type, t.int_, t.float_, t.bool_, t.str, t.list, t.tuple, t.dict, t.range, t.slice,
                       t.property, t.staticmethod, t.classmethod, t.super_})
        b.set(type->name, Value(type));
    for (Type* e : t.exceptions) b.set(e->name, Value(e));
    b.set("NotImplemented", not_implemented());
    b.set("Ellipsis", ellipsis());
    b.set("__name__", new_str("builtins"));

    static Type* zip_t = make_builtin_type("zip", t.object, Kind::Iterator);
    static Type* enumerate_t = make_builtin_type("enumerate", t.object, Kind::Iterator);
    static Type* reversed_t = make_builtin_type("reversed", t.object, Kind::Iterator);
    static Type* map_t = make_builtin_type("map", t.object, Kind::Iterator);
    static Type* filter_t = make_builtin_type("filter", t.object, Kind::Iterator);
    zip_t->construct = [](Interpreter& in, const CallArgs& a) {
        bool strict = false;
        for (size_t k = 0; k < a.nkw; ++k) {
            if (a.kwname(k) != "strict") raise(types().TypeError, str("'", a.kwname(k), "' is an invalid keyword argument for zip()"));
            strict = truthy(in, a.kwvalues[k]);
        }
        std::vector<Value> its;
        for (size_t i = 0; i < a.nargs; ++i) its.push_back(get_iter(in, a.args[i]));
        auto z = make<ZipIter>(zip_t, std::move(its));
        z->strict = strict;
        return Value(z.get());
    };
    enumerate_t->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("enumerate(iterable, start=0)");
        auto v = sig.bind(a);
        Value it = get_iter(in, v[0]);  // CPython's order: the iterator, then the start
        Value start = number_index(in, v[1]);
        return Value(make<EnumerateIter>(enumerate_t, std::move(it), std::move(start)).get());
    };
    reversed_t->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("reversed(sequence, /)");
        auto v = sig.bind(a);
        const Value& s = v[0];
        if (Value f = find_dunder(s, "__reversed__"); !f.is_null()) return in.call(f, {s});
        if (s.is(Kind::Dict)) return dict_reverse_iterator(s.get<Dict>(), 0);
        bool seq = s.is(Kind::List) || s.is(Kind::Tuple) || s.is(Kind::Str) || s.is(Kind::Range) ||
                   !find_dunder(s, "__getitem__").is_null();
        // CPython's PySequence_Check is __getitem__ alone: a class without __len__ is a sequence whose
        // size cannot be taken ("object of type 'R' has no len()"), not an unreversible object.
        if (!seq) raise(types().TypeError, str("'", type_name(s), "' object is not reversible"));
        // a list's reversed() is its own iterator type in CPython (list.__reversed__)
        static Type* list_reverse_t = make_builtin_type("list_reverseiterator", types().object, Kind::Iterator);
        Type* t = s.is(Kind::List) && type_of(s) == types().list ? list_reverse_t : reversed_t;
        return Value(make<ReversedIter>(t, s, length(in, s)).get());
    };
    map_t->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 2) raise(types().TypeError, "map() must have at least two arguments.");
        std::vector<Value> its;
        for (size_t i = 1; i < a.nargs; ++i) its.push_back(get_iter(in, a.args[i]));
        return Value(make<MapIter>(map_t, a.args[0], std::move(its)).get());
    };
    filter_t->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(types().TypeError, str("filter expected 2 arguments, got ", a.nargs));
        return Value(make<FilterIter>(filter_t, a.args[0], get_iter(in, a.args[1])).get());
    };
    for (Type* type : {zip_t, enumerate_t, reversed_t, map_t, filter_t}) b.set(type->name, Value(type));

    def("print", builtin_print);
    def("len", [](Interpreter& in, const CallArgs& a) {
        // a METH_O builtin (cfunction_vectorcall_O) refuses keywords before it counts the arguments
        if (a.nkw) raise(types().TypeError, "len() takes no keyword arguments");
        if (a.nargs != 1) raise(types().TypeError, str("len() takes exactly one argument (", a.nargs, " given)"));
        return Value::integer(length(in, a.args[0]));
    });
    def("repr", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("repr(obj, /)");
        return new_str(repr(in, sig.bind(a)[0]));
    });
    def("ascii", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("ascii(obj, /)");
        return new_str(text::ascii_escape(repr(in, sig.bind(a)[0])));
    });
    def("abs", [](Interpreter& in, const CallArgs& a) -> Value {
        static const Signature sig("abs(x, /)");
        Value x = sig.bind(a)[0];
        if (x.is_int()) {
            if (x.as_int() == INT64_MIN) return int_value(BigInt(x.as_int()).abs());
            return Value::integer(std::llabs(x.as_int()));
        }
        if (auto* b = big_of(x)) return int_value(b->abs());
        if (x.is_bool()) return Value::integer(x.as_bool());
        if (x.is_float()) return Value::number(std::fabs(x.as_float()));
        if (Value f = find_dunder(x, "__abs__"); !f.is_null()) return in.call(f, {x});
        raise(types().TypeError, str("bad operand type for abs(): '", type_name(x), "'"));
    });
    def("min", [](Interpreter& in, const CallArgs& a) { return min_max(in, a, false); });
    def("max", [](Interpreter& in, const CallArgs& a) { return min_max(in, a, true); });
    def("sum", builtin_sum);
    def("round", builtin_round);
    def("sorted", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("sorted(iterable, /, *, key=None, reverse=False)");
        if (a.nargs > 1) raise(types().TypeError, str("sorted expected 1 argument, got ", a.nargs));
        auto v = sig.bind(a);
        std::vector<Value> items = to_vector(in, v[0]);
        // reverse is an int flag (list.sort's bool(accept={int}): __index__, C int range), not any truth value
        const bool reverse = to_c_int(number_index(in, v[2])) != 0;
        return new_list(sorted_values(in, std::move(items), v[1], reverse));
    });
    def("isinstance", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(types().TypeError, str("isinstance expected 2 arguments, got ", a.nargs));
        return Value::boolean(isinstance_of(in, a.args[0], a.args[1]));
    });
    def("issubclass", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(types().TypeError, str("issubclass expected 2 arguments, got ", a.nargs));
        if (auto* c = a.args[0].as<Type>()) return Value::boolean(issubclass_of(in, c, a.args[1]));
        // CPython's PyObject_IsSubclass asks a __subclasscheck__ of the second argument (a tuple's
        // items in turn) before anything checks that the first is a class: an ABC-like object's
        // hook decides for any object; only the built-in check says "arg 1 must be a class".
        std::function<bool(const Value&)> check = [&](const Value& cls) -> bool {
            if (auto* tup = cls.as<Tuple>()) {
                Interpreter::DepthGuard depth(in);
                for (const Value& x : tup->items)
                    if (check(x)) return true;
                return false;
            }
            Value hook;
            if (auto* t = cls.as<Type>()) hook = meta_hook(t, "__subclasscheck__");
            else if (const Value* f = type_of(cls)->lookup("__subclasscheck__"); f && f->is(Kind::Function)) hook = *f;
            if (hook.is_null()) raise(types().TypeError, "issubclass() arg 1 must be a class");
            return truthy(in, in.call(hook, {cls, a.args[0]}));
        };
        return Value::boolean(check(a.args[1]));
    });
    def("getattr", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 2 || a.nargs > 3) raise(types().TypeError, str("getattr expected 2 or 3 arguments, got ", a.nargs));
        if (!a.args[1].is(Kind::Str))
            raise(types().TypeError, str("attribute name must be string, not '", type_name(a.args[1]), "'"));
        if (a.nargs == 3) {
            Value v = getattr_or_null(in, a.args[0], str_of(a.args[1]));
            return v.is_null() ? a.args[2] : v;
        }
        return getattr(in, a.args[0], str_of(a.args[1]));
    });
    def("setattr", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 3) raise(types().TypeError, str("setattr expected 3 arguments, got ", a.nargs));
        if (!a.args[1].is(Kind::Str))
            raise(types().TypeError, str("attribute name must be string, not '", type_name(a.args[1]), "'"));
        setattr(in, a.args[0], str_of(a.args[1]), a.args[2]);
        return Value::none();
    });
    def("delattr", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(types().TypeError, str("delattr expected 2 arguments, got ", a.nargs));
        if (!a.args[1].is(Kind::Str))
            raise(types().TypeError, str("attribute name must be string, not '", type_name(a.args[1]), "'"));
        delattr(in, a.args[0], str_of(a.args[1]));
        return Value::none();
    });
    def("hasattr", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(types().TypeError, str("hasattr expected 2 arguments, got ", a.nargs));
        if (!a.args[1].is(Kind::Str))
            raise(types().TypeError, str("attribute name must be string, not '", type_name(a.args[1]), "'"));
        try {
            return Value::boolean(!getattr_or_null(in, a.args[0], str_of(a.args[1])).is_null());
        } catch (PyError& e) {
            if (isinstance(e.exc, types().AttributeError)) return Value::boolean(false);
            throw;
        }
    });
    def("id", [](Interpreter&, const CallArgs& a) {
        if (a.nkw) raise(types().TypeError, "id() takes no keyword arguments");
        if (a.nargs != 1) raise(types().TypeError, str("id() takes exactly one argument (", a.nargs, " given)"));
        const Value& v = a.args[0];
        // A tensor's identity is its TensorImpl's: Kiln remakes the Python object of a tensor no
        // program holds (a module's parameter between two accesses), PyTorch keeps it alive with the
        // tensor, so id(p) stays the same for as long as the tensor lives (id-keyed parameter sets).
        if (v.is(Kind::Tensor)) return Value::integer(int64_t(reinterpret_cast<uintptr_t>(v.get<TensorObj>()->tensor.impl())));
        if (v.is_obj()) return Value::integer(int64_t(reinterpret_cast<uintptr_t>(v.obj())));
        return Value::integer(int64_t(hash_value(v) & 0x7fffffffffff));
    });
    def("hash", [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(types().TypeError, "hash() takes no keyword arguments");
        if (a.nargs != 1) raise(types().TypeError, str("hash() takes exactly one argument (", a.nargs, " given)"));
        return Value::integer(py_hash(in, a.args[0]));
    });
    def("callable", [](Interpreter&, const CallArgs& a) {
        if (a.nkw) raise(types().TypeError, "callable() takes no keyword arguments");
        if (a.nargs != 1) raise(types().TypeError, str("callable() takes exactly one argument (", a.nargs, " given)"));
        const Value& v = a.args[0];
        bool c = v.is(Kind::Function) || v.is(Kind::Builtin) || v.is(Kind::BoundMethod) || v.is(Kind::Type) ||
                 !find_dunder(v, "__call__").is_null();
        return Value::boolean(c);
    });
    def("iter", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 2) {
            const Value& v = a.args[0];
            if (!(v.is(Kind::Function) || v.is(Kind::Builtin) || v.is(Kind::BoundMethod) || v.is(Kind::Type) ||
                  !find_dunder(v, "__call__").is_null()))
                raise(types().TypeError, "iter(object, sentinel): object must be callable");
            return call_iterator(v, a.args[1]);
        }
        if (a.nargs == 0) raise(types().TypeError, "iter expected at least 1 argument, got 0");
        if (a.nargs != 1) raise(types().TypeError, str("iter expected at most 2 arguments, got ", a.nargs));
        if (a.nkw) raise(types().TypeError, "iter() takes no keyword arguments");
        return unwrap_iter(get_iter(in, a.args[0]));
    });
    def("next", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1 || a.nargs > 2) raise(types().TypeError, str("next expected at least 1 argument, got ", a.nargs));
        const Value& it = a.args[0];
        if (Generator* g = as_generator(it)) {  // its return value travels in the StopIteration
            Value keep = it, out;
            if (g->send(in, Value::none(), out)) return out;
            if (a.nargs == 2) return a.args[1];
            throw PyError(new_exception(types().StopIteration, out.is_none() ? std::vector<Value>{} : std::vector<Value>{out}));
        }
        if (!it.is(Kind::Iterator) && find_dunder(it, "__next__").is_null())
            raise(types().TypeError, str("'", type_name(it), "' object is not an iterator"));
        Value v = iter_next(in, it);
        if (v.is_null()) {
            if (a.nargs == 2) return a.args[1];
            throw PyError(new_exception(types().StopIteration, {}));
        }
        return v;
    });
    def("any", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("any(iterable, /)");
        Value it = get_iter(in, sig.bind(a)[0]);
        for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it))
            if (truthy(in, v)) return Value::boolean(true);
        return Value::boolean(false);
    });
    def("all", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("all(iterable, /)");
        Value it = get_iter(in, sig.bind(a)[0]);
        for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it))
            if (!truthy(in, v)) return Value::boolean(false);
        return Value::boolean(true);
    });
    def("divmod", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("divmod(x, y, /)");
        auto v = sig.bind(a);
        if (v[0].is_int() && v[1].is_int() && v[1].as_int() == 0)
            raise(types().ZeroDivisionError, "integer division or modulo by zero");
        // Either operand a float: CPython's float_divmod, with its own message.
        auto number = [](const Value& x) { return x.is_int() || x.is_bool() || x.is_float() || is_big(x); };
        if ((v[0].is_float() || v[1].is_float()) && number(v[0]) && number(v[1]) && !is_big(v[1]) &&
            (v[1].is_float() ? v[1].as_float() == 0 : to_int(v[1], "") == 0))
            raise(types().ZeroDivisionError, "float divmod()");
        if (is_complex_value(v[0]) || is_complex_value(v[1]))  // complex has no nb_divmod
            raise(types().TypeError, str("unsupported operand type(s) for divmod(): '", type_name(v[0]), "' and '",
                                         type_name(v[1]), "'"));
        // A class's __divmod__ / the right operand's __rdivmod__ (CPython's nb_divmod slots)
        if (!number(v[0]) || !number(v[1])) {
            if (Value f = find_dunder(v[0], "__divmod__"); !f.is_null()) {
                Value r = in.call(f, {v[0], v[1]});
                if (!r.identical(not_implemented())) return r;
            }
            if (type_of(v[0]) != type_of(v[1]))
                if (Value f = find_dunder(v[1], "__rdivmod__"); !f.is_null()) {
                    Value r = in.call(f, {v[1], v[0]});
                    if (!r.identical(not_implemented())) return r;
                }
            if (v[0].is(Kind::Instance) || v[1].is(Kind::Instance))
                raise(types().TypeError, str("unsupported operand type(s) for divmod(): '", type_name(v[0]), "' and '",
                                             type_name(v[1]), "'"));
        }
        return new_tuple({binary_op(in, bytecode::NB_FLOOR_DIVIDE, v[0], v[1]), binary_op(in, bytecode::NB_REMAINDER, v[0], v[1])});
    });
    def("pow", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("pow(base, exp, mod=None)");
        auto v = sig.bind(a);
        if (v[2].is_none()) return binary_op(in, bytecode::NB_POWER, v[0], v[1]);
        if (!is_int_like(v[0]) || !is_int_like(v[1]) || !is_int_like(v[2])) {
            // CPython's ternary_op: the nb_power slots of base's, exp's and mod's types in turn, each
            // tried once (bool shares int's). int's gives NotImplemented unless all three are ints;
            // float's and complex's refuse any modulus once they can convert base and exp; a class's
            // __pow__ is called with the modulus only for the base (three-argument pow never calls
            // __rpow__). Nothing taking them is the three-type TypeError.
            enum Slot { None_, Int, Float, Complex, User };
            auto slot_of = [](const Value& x) {
                if (is_int_like(x)) return Int;
                if (x.is_float()) return Float;
                if (is_complex_value(x)) return Complex;
                return find_dunder(x, "__pow__").is_null() ? None_ : User;
            };
            const Slot sv = slot_of(v[0]), sw = slot_of(v[1]), sz = slot_of(v[2]);
            auto real = [](const Value& x) { return is_int_like(x) || x.is_float(); };
            auto attempt = [&](Slot s) -> Value {
                switch (s) {
                    case Float:
                        if (real(v[0]) && real(v[1]))
                            raise(types().TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
                        return Value();
                    case Complex:
                        if ((real(v[0]) || is_complex_value(v[0])) && (real(v[1]) || is_complex_value(v[1])))
                            raise(types().ValueError, "complex modulo");
                        return Value();
                    case User: {
                        if (slot_of(v[0]) != User) return Value();
                        Value args[3] = {v[0], v[1], v[2]};
                        CallArgs ca;
                        ca.args = args;
                        ca.nargs = 3;
                        Value r = in.call(find_dunder(v[0], "__pow__"), ca);
                        return r.identical(not_implemented()) ? Value() : r;
                    }
                    default: return Value();
                }
            };
            std::vector<Slot> tried;
            for (Slot s : {sv, sw, sz}) {
                if (s == None_ || std::find(tried.begin(), tried.end(), s) != tried.end()) continue;
                tried.push_back(s);
                if (Value r = attempt(s); !r.is_null()) return r;
            }
            raise(types().TypeError, str("unsupported operand type(s) for ** or pow(): '", type_name(v[0]), "', '",
                                         type_name(v[1]), "', '", type_name(v[2]), "'"));
        }
        if (is_big(v[0]) || is_big(v[1]) || is_big(v[2]) || to_int(v[1], "") < 0) {
            BigInt mb = to_big(v[2]), eb = to_big(v[1]), base = to_big(v[0]);
            if (mb.is_zero()) raise(types().ValueError, "pow() 3rd argument cannot be 0");
            if (eb.negative()) {
                // CPython's long_invmod: a negative exponent raises the inverse of base mod |m|
                // (extended Euclid) to -exp.
                const BigInt n = mb.abs();
                BigInt a, b = n, x(int64_t(1)), y(int64_t(0)), q, r;
                BigInt::divmod(base, n, q, a);
                while (!b.is_zero()) {
                    BigInt::divmod(a, b, q, r);
                    a = b;
                    b = r;
                    BigInt t = x - q * y;
                    x = y;
                    y = t;
                }
                if (compare(a, BigInt(int64_t(1))) != 0) raise(types().ValueError, "base is not invertible for the given modulus");
                BigInt::divmod(x, n, q, base);
                eb = -eb;
            }
            BigInt r = BigInt::powmod(base, eb, mb.abs());
            if (mb.negative() && !r.is_zero()) r = r + mb;
            return int_value(r);
        }
        int64_t base = to_int(v[0], ""), e = to_int(v[1], ""), m = to_int(v[2], "");
        if (m == 0) raise(types().ValueError, "pow() 3rd argument cannot be 0");
        __int128 r = 1, b2 = ((base % m) + m) % m;
        while (e > 0) {
            if (e & 1) r = r * b2 % m;
            b2 = b2 * b2 % m;
            e >>= 1;
        }
        int64_t out = int64_t(r);
        if (m < 0 && out > 0) out += m;
        return Value::integer(out);
    });
    def("chr", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("chr(i, /)");
        Value v = sig.bind(a)[0];
        int64_t c = to_c_int(v);
        if (c < 0 || c > 0x10ffff) raise(types().ValueError, "chr() arg not in range(0x110000)");
        return new_str(text::utf8_encode(char32_t(c)));
    });
    def("ord", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("ord(c, /)");
        Value c = sig.bind(a)[0];
        if (!c.is(Kind::Str)) raise(types().TypeError, str("ord() expected string of length 1, but ", type_name(c), " found"));
        const std::string& s = str_of(c);
        int64_t n = text::utf8_length(s);
        if (n != 1) raise(types().TypeError, str("ord() expected a character, but string of length ", n, " found"));
        size_t i = 0;
        return Value::integer(int64_t(text::utf8_next(s, i)));
    });
    def("format", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("format(value, format_spec='', /)");
        auto v = sig.bind(a);
        if (!v[1].is(Kind::Str)) raise(types().TypeError, "format() argument 2 must be str");
        return new_str(format_value(in, v[0], str_of(v[1])));
    });
    // hex/oct/bin: ints and objects with __index__, with CPython's prefixes and sign.
    auto radix = [&](const char* name, int base, const char* prefix) {
        std::string n = name, p = prefix;
        def(name, [n, base, p](Interpreter& in, const CallArgs& a) {
            if (a.nkw) raise(types().TypeError, str(n, "() takes no keyword arguments"));
            if (a.nargs != 1) raise(types().TypeError, str(n, "() takes exactly one argument (", a.nargs, " given)"));
            const Value& x = a.args[0];
            if (auto* b = big_of(x)) return new_str((b->negative() ? "-" : "") + p + b->digits(base));
            if (!is_index(x) && (!x.is_obj() || find_dunder(x, "__index__").is_null()))
                raise(types().TypeError, str("'", type_name(x), "' object cannot be interpreted as an integer"));
            int64_t v = index_value(in, x);
            uint64_t u = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
            std::string digits;
            do {
                digits.insert(digits.begin(), "0123456789abcdef"[u % uint64_t(base)]);
                u /= uint64_t(base);
            } while (u);
            return new_str((v < 0 ? "-" : "") + p + digits);
        });
    };
    radix("hex", 16, "0x");
    radix("oct", 8, "0o");
    radix("bin", 2, "0b");
    def("vars", [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(types().TypeError, "vars() takes no keyword arguments");
        if (a.nargs > 1) raise(types().TypeError, str("vars expected at most 1 argument, got ", a.nargs));
        if (a.nargs == 0) {  // vars(): locals()
            Frame* f = in.current_frame();
            if (!f) raise(types().RuntimeError, "vars(): no current frame");
            return frame_locals(*f);
        }
        // CPython's builtin_vars: an object without __dict__ (a slotted instance, an int) is a TypeError
        Value d = getattr_or_null(in, a.args[0], "__dict__");
        if (d.is_null()) raise(types().TypeError, "vars() argument must have __dict__ attribute");
        return d;
    });
    def("__build_class__", build_class);
    def("super", builtin_super);
    b.set("super", Value(t.super_));
    t.super_->construct = builtin_super;

    b.set("input", unsupported("input", "Kiln programs cannot read the keyboard (use sys.argv or a file)"));
    install_host_builtins(in, b);  // open, exit, the OSError family (host_sys.cpp)
    // globals(): the module namespace as a dict whose writes go through; locals(): a snapshot of the
    // frame's variables (CPython's function locals() is a snapshot too), the namespace at module level.
    def("globals", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs || a.nkw) raise(types().TypeError, str("globals() takes no arguments (", a.nargs + a.nkw, " given)"));
        Frame* f = in.current_frame();
        if (!f || !f->globals) raise(types().RuntimeError, "globals(): no current frame");
        return namespace_dict(f->globals->dict, f->globals);
    });
    def("locals", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs || a.nkw) raise(types().TypeError, str("locals() takes no arguments (", a.nargs + a.nkw, " given)"));
        Frame* f = in.current_frame();
        if (!f) raise(types().RuntimeError, "locals(): no current frame");
        return frame_locals(*f);
    });
    install_exec_builtins(in, b);  // exec, eval, compile, __import__ (builtin_exec.cpp)
    register_set_type(b);
    register_bytes_types(b);
    b.set("complex", Value(complex_type()));
    // len, abs, ... are builtin_function_or_method: stored on a class they do not bind
    b.for_each([](const std::string&, const Value& v) {
        if (v.is(Kind::Builtin) && v.get<Builtin>()->self.is_null()) v.get<Builtin>()->module_function = true;
    });
}

// isinstance() for the VM's pattern matching (patma.h): class patterns check as the builtin does.
bool match_isinstance(Interpreter& in, const Value& v, const Value& cls) { return isinstance_of(in, v, cls); }

}  // namespace kiln::vm
