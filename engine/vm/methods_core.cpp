// Constructors and methods of the core types: int, float, bool, str, list, tuple, dict, range,
// slice, object, property, staticmethod, classmethod, and the dict views.
//
// String algorithms live in text_str.h / text_format.h (pure functions over UTF-8 text); this file
// only adapts them to values and argument lists. Methods are Builtins taking self first.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "bytecode/opcode.h"
#include "support/pyrepr.h"
#include "vm/args.h"
#include "vm/int_big.h"
#include "vm/ops.h"
#include "vm/text_format.h"
#include "vm/text_str.h"

namespace kiln::vm {

// iter.cpp: to_vector where CPython reads with PySequence_Fast (a TypeError getting the iterator
// becomes `message`)
std::vector<Value> to_sequence(Interpreter& in, const Value& iterable, const char* message);

void register_dict_subclassing(Type* dict);  // builtin_subclass.cpp
Value dict_view_iterator(Dict* d, int which);  // iter.cpp: a live iterator ("changed size during iteration")
Value dict_reverse_iterator(Dict* d, int which);  // iter.cpp: reversed() of a view

namespace {

const std::string& self_str(const CallArgs& a, const char* method) {
    if (!a.nargs || !a.args[0].is(Kind::Str))
        raise(T().TypeError, str("descriptor '", method, "' requires a 'str' object"));
    return str_of(a.args[0]);
}

// A str method's result of `bytes` UTF-8 bytes must fit Kiln's limit for one str (1 GiB, as for
// 'x' * n) before it is built: "x".center(10**12) is MemoryError, not a 1 TB allocation.
void check_str_result(uint64_t bytes, const char* method) {
    if (bytes > (uint64_t(1) << 30))
        raise(T().MemoryError, str("str.", method, "() would make a str of ", bytes,
                                   " bytes, over Kiln's limit of 1 GiB for one str"));
}
uint64_t sat_mul(uint64_t a, uint64_t b) { return b && a > UINT64_MAX / b ? UINT64_MAX : a * b; }

std::optional<int64_t> opt_index(const Value& v) {
    if (v.is_none() || v.is_null()) return std::nullopt;
    if (!is_index(v)) raise(T().TypeError, "slice indices must be integers or None or have an __index__ method");
    return to_int(v, "");
}

std::optional<std::string_view> opt_str(const Value& v, const char* what) {
    if (v.is_none() || v.is_null()) return std::nullopt;
    if (!v.is(Kind::Str)) raise(T().TypeError, str(what, " arg must be None or str"));
    return std::string_view(str_of(v));
}

const std::string& arg_str(const Value& v, const char* what) {
    if (!v.is(Kind::Str)) raise(T().TypeError, str(what, " must be str, not ", type_name(v)));
    return str_of(v);
}

Value str_list(const std::vector<std::string>& parts) {
    std::vector<Value> out;
    out.reserve(parts.size());
    for (const auto& p : parts) out.push_back(new_str(p));
    return new_list(std::move(out));
}

List* self_list(const CallArgs& a) { return a.args[0].get<List>(); }
Dict* self_dict(const CallArgs& a) { return a.args[0].get<Dict>(); }

// ---- str.format ---------------------------------------------------------------------------------

// CPython's string.Formatter in C (Objects/stringlib/unicode_format.h): fields
// {name[.attr][[key]]...!conv:spec}, automatic or manual numbering (never both), nested fields in
// the spec expanded after the value is looked up (sharing the automatic counter), two levels deep.
struct FormatState {
    size_t auto_index = 0;
    bool used_auto = false, used_manual = false;
    Value mapping;  // str.format_map's mapping: names are looked up in it (mapping[name])
};

Value format_field_value(Interpreter& in, const std::string& name, const CallArgs& a, FormatState& st) {
    size_t pos = 0;
    while (pos < name.size() && name[pos] != '.' && name[pos] != '[') ++pos;
    std::string first = name.substr(0, pos);
    Value v;
    auto all_digits = [](const std::string& t) {
        return !t.empty() && t.find_first_not_of("0123456789") == std::string::npos;
    };
    if (!st.mapping.is_null() && (first.empty() || all_digits(first)))
        raise(T().ValueError, "Format string contains positional fields");
    if (!st.mapping.is_null()) {
        v = getitem(in, st.mapping, new_str(first));
    } else if (first.empty()) {
        if (st.used_manual) raise(T().ValueError, "cannot switch from manual field specification to automatic field numbering");
        st.used_auto = true;
        if (st.auto_index + 1 >= a.nargs)
            raise(T().IndexError, str("Replacement index ", st.auto_index, " out of range for positional args tuple"));
        v = a.args[1 + st.auto_index++];
    } else if (all_digits(first)) {
        if (st.used_auto) raise(T().ValueError, "cannot switch from automatic field numbering to manual field specification");
        st.used_manual = true;
        if (first.size() > 18) raise(T().ValueError, "Too many decimal digits in format string");
        size_t k = std::stoull(first);
        if (k + 1 >= a.nargs) raise(T().IndexError, str("Replacement index ", k, " out of range for positional args tuple"));
        v = a.args[1 + k];
    } else {
        bool found = false;
        for (size_t k = 0; k < a.nkw; ++k)
            if (a.kwname(k) == first) {
                v = a.kwvalues[k];
                found = true;
            }
        if (!found) throw PyError(new_exception(T().KeyError, {new_str(first)}));
    }
    while (pos < name.size()) {
        if (name[pos] == '.') {
            size_t e = ++pos;
            while (e < name.size() && name[e] != '.' && name[e] != '[') ++e;
            if (e == pos) raise(T().ValueError, "Empty attribute in format string");
            v = getattr(in, v, name.substr(pos, e - pos));
            pos = e;
        } else if (name[pos] == '[') {
            size_t e = name.find(']', pos);
            if (e == std::string::npos) raise(T().ValueError, "Missing ']' in format string");
            std::string key = name.substr(pos + 1, e - pos - 1);
            if (key.empty()) raise(T().ValueError, "Empty attribute in format string");
            Value k = all_digits(key) && key.size() <= 18 ? Value::integer(int64_t(std::stoll(key))) : new_str(key);
            v = getitem(in, v, k);
            pos = e + 1;
            if (pos < name.size() && name[pos] != '.' && name[pos] != '[')
                raise(T().ValueError, "Only '.' or '[' may follow ']' in format field specifier");
        }
    }
    return v;
}

std::string str_format_impl(Interpreter& in, const std::string& fmt, const CallArgs& a, FormatState& st, int depth) {
    if (depth <= 0) raise(T().ValueError, "Max string recursion exceeded");
    std::string out;
    for (size_t i = 0; i < fmt.size(); ++i) {
        char c = fmt[i];
        if (c == '}') {
            if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
                out += '}';
                ++i;
                continue;
            }
            raise(T().ValueError, "Single '}' encountered in format string");
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        // CPython's parse_field: the name runs to '}', ':' or '!' outside [brackets] (a key may hold
        // '}': "{0[}]}"), then an optional !conversion, then a spec to its matching '}' (nested
        // replacement fields count).
        const size_t n = fmt.size();
        size_t p = i + 1;
        if (p >= n) raise(T().ValueError, "Single '{' encountered in format string");
        char c2 = 0;
        bool ended = false;
        while (p < n) {
            c2 = fmt[p++];
            if (c2 == '{') raise(T().ValueError, "unexpected '{' in field name");
            if (c2 == '[') {
                while (p < n && fmt[p] != ']') ++p;
                continue;
            }
            if (c2 == '}' || c2 == ':' || c2 == '!') {
                ended = true;
                break;
            }
        }
        if (!ended) raise(T().ValueError, "expected '}' before end of string");
        std::string name = fmt.substr(i + 1, p - 1 - (i + 1));
        char conv = 0;
        std::string spec;
        bool done = c2 == '}';
        if (c2 == '!') {
            if (p >= n) raise(T().ValueError, "end of string while looking for conversion specifier");
            conv = fmt[p++];
            if (p < n) {
                char d = fmt[p++];
                if (d == '}') done = true;
                else if (d != ':') raise(T().ValueError, "expected ':' after conversion specifier");
            }
        }
        if (!done) {
            const size_t spec_start = p;
            int count = 1;
            while (p < n && count) {
                char d = fmt[p++];
                if (d == '{') ++count;
                if (d == '}') --count;
            }
            if (count) raise(T().ValueError, "unmatched '{' in format spec");
            spec = fmt.substr(spec_start, p - 1 - spec_start);
        }
        i = p - 1;
        Value v = format_field_value(in, name, a, st);
        if (conv == 'r') v = new_str(repr(in, v));
        else if (conv == 'a') v = new_str(text::ascii_escape(repr(in, v)));
        else if (conv == 's') v = new_str(to_str(in, v));
        else if (conv) raise(T().ValueError, str("Unknown conversion specifier ", conv));
        if (spec.find('{') != std::string::npos) spec = str_format_impl(in, spec, a, st, depth - 1);
        out += format_value(in, v, spec);
    }
    return out;
}

std::string str_format(Interpreter& in, const std::string& fmt, const CallArgs& a) {
    FormatState st;
    return str_format_impl(in, fmt, a, st, 2);
}

// ---- int / float --------------------------------------------------------------------------------

// int(s, base) with ints of any size: parse_int reads int64, longer digit strings become heap ints.
Value parse_any_int(std::string_view s, int base) {
    try {
        return Value::integer(text::parse_int(s, base));
    } catch (const kiln::Error& e) {
        if (std::string(e.what()).find("int too large for Kiln") == std::string::npos) throw;
        return parse_big_int(text::ascii_number_text(s), base);
    }
}

Value int_from(Interpreter& in, const Value& x) {
    if (x.is_int() || is_big(x)) return x;
    if (x.is_bool()) return Value::integer(x.as_bool());
    if (x.is_float()) {
        double f = x.as_float();
        if (std::isnan(f)) raise(T().ValueError, "cannot convert float NaN to integer");
        if (std::isinf(f)) raise(T().OverflowError, "cannot convert float infinity to integer");
        if (std::fabs(f) >= 9.2233720368547758e18) return int_value(BigInt::from_double(f));
        return Value::integer(int64_t(f));
    }
    if (x.is(Kind::Str)) return parse_any_int(str_of(x), 10);
    if (std::string b; bytes_data(x, b)) return parse_any_int(b, 10);  // int(b'12'), as CPython
    for (const char* d : {"__int__", "__index__"})
        if (Value f = find_dunder(x, d); !f.is_null()) {
            // CPython's PyNumber_Long: the result must be an int (a bool is one: its int value)
            Value r = in.call(f, {x});
            if (!is_int_like(r)) raise(T().TypeError, str(d, " returned non-int (type ", type_name(r), ")"));
            return r.is_bool() ? Value::integer(r.as_bool()) : r;
        }
    // CPython 3.12 still falls back on __trunc__ (deprecated, with a warning); its result must be an
    // int or have __index__
    if (Value f = find_dunder(x, "__trunc__"); !f.is_null()) {
        emit_warning(in, new_str("The delegation of int() to __trunc__ is deprecated."), T().DeprecationWarning);
        Value r = in.call(f, {x});
        if (is_int_like(r)) return r.is_bool() ? Value::integer(r.as_bool()) : r;
        Value index = find_dunder(r, "__index__");
        if (index.is_null()) raise(T().TypeError, str("__trunc__ returned non-Integral (type ", type_name(r), ")"));
        Value i = in.call(index, {r});
        if (!is_int_like(i)) raise(T().TypeError, str("__index__ returned non-int (type ", type_name(i), ")"));
        return i.is_bool() ? Value::integer(i.as_bool()) : i;
    }
    raise(T().TypeError, str("int() argument must be a string, a bytes-like object or a real number, not '", type_name(x), "'"));
}

Value float_from(Interpreter& in, const Value& x) {
    if (x.is_float()) return x;
    if (x.is_int()) return Value::number(double(x.as_int()));
    if (auto* b = big_of(x)) return Value::number(big_to_double(*b));
    if (x.is_bool()) return Value::number(x.as_bool());
    if (x.is(Kind::Str)) return Value::number(text::parse_float(str_of(x)));
    if (std::string b; bytes_data(x, b)) return Value::number(text::parse_float(b));  // float(b'1.5')
    if (Value f = find_dunder(x, "__float__"); !f.is_null()) {
        // CPython's PyNumber_Float: the result must be a float
        Value r = in.call(f, {x});
        if (!r.is_float())
            raise(T().TypeError, str(type_name(x), ".__float__ returned non-float (type ", type_name(r), ")"));
        return r;
    }
    // without __float__, an __index__ integer converts (float(obj) of an index type)
    if (Value f = find_dunder(x, "__index__"); !f.is_null()) {
        Value r = in.call(f, {x});
        if (!is_int_like(r)) raise(T().TypeError, str("__index__ returned non-int (type ", type_name(r), ")"));
        return float_from(in, r);
    }
    raise(T().TypeError, str("float() argument must be a string or a real number, not '", type_name(x), "'"));
}

// ---- dict views ---------------------------------------------------------------------------------

struct DictView : NativeObj {
    enum Which { Keys, Values, Items };
    DictView(Type* t, Ref<Dict> d, Which w) : NativeObj(t), dict(std::move(d)), which(w) {}
    void clear() override { dict.reset(); }
    std::vector<Value> snapshot() const {
        std::vector<Value> out;
        dict->for_each([&](const Value& k, const Value& v) {
            out.push_back(which == Keys ? k : which == Values ? v : new_tuple({k, v}));
        });
        return out;
    }
    Ref<Dict> dict;
    Which which;
};

Type* g_view_types[3];
Type* g_odict_view_types[3];  // odict_keys/odict_values/odict_items: subclasses, as in CPython

// A new set holding the items of any iterable (a keys/items view included).
Value set_of(Interpreter& in, const Value& iterable) {
    Value out = new_set(in);
    for (const Value& x : to_vector(in, iterable)) set_add_value(in, out, x);
    return out;
}

// keys() and items() views are set-like (collections.abc.Set), as in CPython: `d.keys() - s`,
// `s & d.keys()`, `|`, `^` give sets (the view's items combined with any iterable, on either side);
// == and the subset comparisons take sets, frozensets and such views; isdisjoint takes any iterable.
void register_set_like_view(Type* vt) {
    struct SetOp {
        const char* op;
        const char* rop;
        const char* method;
    };
    for (SetOp o : {SetOp{"__sub__", "__rsub__", "difference"}, SetOp{"__and__", "__rand__", "intersection"},
                    SetOp{"__or__", "__ror__", "union"}, SetOp{"__xor__", "__rxor__", "symmetric_difference"}}) {
        const char* method = o.method;
        def_method(vt, o.op, [method](Interpreter& in, const CallArgs& a) {
            return in.call_method(set_of(in, a.args[0]), method, {a.args[1]});
        });
        def_method(vt, o.rop, [method](Interpreter& in, const CallArgs& a) {
            return in.call_method(set_of(in, a.args[1]), method, {a.args[0]});
        });
    }
    auto set_like = [](const Value& v) {
        auto* w = native_cast<DictView>(v);
        return is_set_object(v) || (w && w->which != DictView::Values);
    };
    struct Cmp {
        const char* name;
        int op;
    };
    for (Cmp c : {Cmp{"__eq__", bytecode::CMP_EQ}, Cmp{"__ne__", bytecode::CMP_NE}, Cmp{"__le__", bytecode::CMP_LE},
                  Cmp{"__lt__", bytecode::CMP_LT}, Cmp{"__ge__", bytecode::CMP_GE}, Cmp{"__gt__", bytecode::CMP_GT}}) {
        int op = c.op;
        def_method(vt, c.name, [op, set_like](Interpreter& in, const CallArgs& a) {
            if (!set_like(a.args[1])) return not_implemented();
            return compare(in, op, set_of(in, a.args[0]), set_of(in, a.args[1]));
        });
    }
    def_method(vt, "isdisjoint", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("isdisjoint() takes exactly one argument (", a.nargs - 1, " given)"));
        for (const Value& x : to_vector(in, a.args[1]))
            if (contains(in, a.args[0], x)) return Value::boolean(false);
        return Value::boolean(true);
    });
}

void register_dict_views(const TypeTable& t) {
    const char* names[3] = {"dict_keys", "dict_values", "dict_items"};
    for (int w = 0; w < 3; ++w) {
        Type* vt = make_builtin_type(names[w], t.object, Kind::Native);
        g_view_types[w] = vt;
        def_method(vt, "__iter__", [](Interpreter&, const CallArgs& a) {
            auto* v = native_cast<DictView>(a.args[0]);
            return dict_view_iterator(v->dict.get(), v->which == DictView::Keys ? 0 : v->which == DictView::Values ? 1 : 2);
        });
        def_method(vt, "__len__", [](Interpreter&, const CallArgs& a) {
            return Value::integer(int64_t(native_cast<DictView>(a.args[0])->dict->size()));
        });
        // Views are reversible since Python 3.8: reversed(d.items()) walks the entries back.
        def_method(vt, "__reversed__", [](Interpreter&, const CallArgs& a) {
            auto* v = native_cast<DictView>(a.args[0]);
            return dict_reverse_iterator(v->dict.get(), v->which == DictView::Keys ? 0 : v->which == DictView::Values ? 1 : 2);
        });
        def_method(vt, "__repr__", [](Interpreter& in, const CallArgs& a) {
            auto* v = native_cast<DictView>(a.args[0]);
            return new_str(v->type->name + "(" + repr(in, new_list(v->snapshot())) + ")");
        });
        def_method(vt, "__contains__", [](Interpreter& in, const CallArgs& a) {
            auto* v = native_cast<DictView>(a.args[0]);
            if (v->which == DictView::Keys) return Value::boolean(v->dict->find(a.args[1]) != nullptr);
            for (const Value& x : v->snapshot())
                if (equals(in, x, a.args[1])) return Value::boolean(true);
            return Value::boolean(false);
        });
        if (w == DictView::Values) {
            // values views are not set-like: == is identity (CPython's default comparison).
            def_method(vt, "__eq__", [](Interpreter&, const CallArgs& a) { return Value::boolean(a.args[0].identical(a.args[1])); });
            continue;
        }
        register_set_like_view(vt);
    }
    const char* onames[3] = {"odict_keys", "odict_values", "odict_items"};
    for (int w = 0; w < 3; ++w) g_odict_view_types[w] = make_builtin_type(onames[w], g_view_types[w], Kind::Native);
}

}  // namespace

// collections.OrderedDict (Kiln's is a Python dict subclass) and its subclasses: their views are
// odict_keys/odict_values/odict_items, which print under those names; their iterators word
// mutations as OrderedDict's (iter.cpp).
bool is_ordered_dict(const Type* t) {
    for (const Type* m : t->mro)
        if (m->name == "OrderedDict" && m->module == "collections") return true;
    return false;
}

namespace {

// A start/stop bound of list.index and tuple.index, as CPython's _PyEval_SliceIndexNotNone reads
// it: any int (one past 64 bits clamps, so [1, 2].index(2, -10**30, 10**30) is 1) or __index__.
int64_t search_bound(const Value& v) {
    if (const BigInt* b = big_of(v)) return b->negative() ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
    if (!is_index(v) && (!(v.is(Kind::Instance) || v.is(Kind::Tensor)) || find_dunder(v, "__index__").is_null()))
        raise(T().TypeError, "slice indices must be integers or have an __index__ method");
    return is_index(v) ? to_int(v, "") : index_value(current_interpreter(), v);
}

Value dict_view(const CallArgs& a, DictView::Which w) {
    Type* vt = is_ordered_dict(type_of(a.args[0])) ? g_odict_view_types[w] : g_view_types[w];
    return Value(make<DictView>(vt, Ref<Dict>(self_dict(a)), w).get());
}


}  // namespace

std::vector<Value> mapping_keys(Interpreter& in, const Value& src, const Value& keys_method) {
    Value keys = in.call(keys_method, {src});
    Value it;
    try {
        it = get_iter(in, keys);
    } catch (PyError& e) {
        if (!isinstance(e.exc, T().TypeError)) throw;
        raise(T().TypeError, str(type_name(src), ".keys() returned a non-iterable (type ", type_name(keys), ")"));
    }
    std::vector<Value> out;
    for (Value k = iter_next(in, it); !k.is_null(); k = iter_next(in, it)) out.push_back(std::move(k));
    return out;
}

namespace {

void dict_update_from(Interpreter& in, Dict* d, const Value& src) {
    if (auto* s = src.as<Dict>()) {
        s->for_each([&](const Value& k, const Value& v) { d->set(k, v); });
        return;
    }
    if (Value keys = find_dunder(src, "keys"); !keys.is_null()) {
        for (const Value& k : mapping_keys(in, src, keys)) d->set(k, getitem(in, src, k));
        return;
    }
    // Pairs are inserted as the iterator yields them (PyDict_MergeFromSeq2): a generator that
    // changes the dict sees, and is seen by, the insertions so far.
    size_t i = 0;
    Value it = get_iter(in, src);
    for (Value item = iter_next(in, it); !item.is_null(); item = iter_next(in, it)) {
        std::vector<Value> pair;
        try {
            pair = to_vector(in, item);
        } catch (PyError&) {
            raise(T().TypeError, str("cannot convert dictionary update sequence element #", i, " to a sequence"));
        }
        if (pair.size() != 2)
            raise(T().ValueError, str("dictionary update sequence element #", i, " has length ", pair.size(), "; 2 is required"));
        d->set(pair[0], pair[1]);
        ++i;
    }
}

void register_str_methods(Type* s) {
    using namespace text;
    def_method(s, "split", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("split(self, sep=None, maxsplit=-1)");
        auto v = sig.bind(a);
        return str_list(text::split(self_str(a, "split"), opt_str(v[1], "sep"), to_int(v[2], "")));
    });
    def_method(s, "rsplit", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("rsplit(self, sep=None, maxsplit=-1)");
        auto v = sig.bind(a);
        return str_list(rsplit(self_str(a, "rsplit"), opt_str(v[1], "sep"), to_int(v[2], "")));
    });
    def_method(s, "splitlines", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("splitlines(self, keepends=False)");
        auto v = sig.bind(a);
        return str_list(splitlines(self_str(a, "splitlines"), truthy(in, v[1])));
    });
    def_method(s, "join", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("join(self, iterable, /)");
        auto v = sig.bind(a);
        const std::string& sep = self_str(a, "join");
        std::vector<Value> parts = to_sequence(in, v[1], "can only join an iterable");
        uint64_t total = parts.empty() ? 0 : sat_mul(sep.size(), parts.size() - 1);
        for (size_t i = 0; i < parts.size(); ++i) {
            if (!parts[i].is(Kind::Str))
                raise(T().TypeError, str("sequence item ", i, ": expected str instance, ", type_name(parts[i]), " found"));
            total += str_of(parts[i]).size();
        }
        check_str_result(total, "join");
        std::string out;
        out.reserve(size_t(total));
        for (size_t i = 0; i < parts.size(); ++i) {
            if (i) out += sep;
            out += str_of(parts[i]);
        }
        return new_str(std::move(out));
    });
    struct Strip {
        const char* name;
        std::string (*fn)(std::string_view, std::optional<std::string_view>);
    };
    for (Strip st : {Strip{"strip", strip}, Strip{"lstrip", lstrip}, Strip{"rstrip", rstrip}}) {
        auto fn = st.fn;
        std::string name = st.name;
        def_method(s, st.name, [fn, name](Interpreter&, const CallArgs& a) {
            if (a.nargs > 2) raise(T().TypeError, str(name, " expected at most 1 argument, got ", a.nargs - 1));
            return new_str(fn(self_str(a, name.c_str()), a.nargs == 2 ? opt_str(a.args[1], name.c_str()) : std::nullopt));
        });
    }
    def_method(s, "replace", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("replace(self, old, new, count=-1, /)");
        auto v = sig.bind(a);
        const std::string& self = self_str(a, "replace");
        const std::string& old = arg_str(v[1], "replace() argument 1");
        const std::string& repl = arg_str(v[2], "replace() argument 2");
        int64_t count = to_int(v[3], "");
        if (repl.size() > old.size()) {
            // the growth, counted before anything is built (an empty `old` matches len+1 times)
            uint64_t hits = 0;
            if (old.empty()) hits = text::utf8_length(self) + 1;
            else
                for (size_t p = self.find(old); p != std::string::npos; p = self.find(old, p + old.size())) ++hits;
            if (count >= 0) hits = std::min<uint64_t>(hits, uint64_t(count));
            check_str_result(self.size() + sat_mul(hits, repl.size() - old.size()), "replace");
        }
        return new_str(replace(self, old, repl, count));
    });
    struct Search {
        const char* name;
        int64_t (*fn)(std::string_view, std::string_view, std::optional<int64_t>, std::optional<int64_t>);
    };
    for (Search se : {Search{"find", find}, Search{"rfind", rfind}, Search{"index", index}, Search{"rindex", rindex},
                      Search{"count", count}}) {
        auto fn = se.fn;
        std::string name = se.name;
        def_method(s, se.name, [fn, name](Interpreter&, const CallArgs& a) {
            if (a.nargs < 2 || a.nargs > 4) raise(T().TypeError, str(name, " expected at least 1 argument, got ", a.nargs - 1));
            const std::string& sub = arg_str(a.args[1], "must be str");
            return Value::integer(fn(self_str(a, name.c_str()), sub, a.nargs > 2 ? opt_index(a.args[2]) : std::nullopt,
                                     a.nargs > 3 ? opt_index(a.args[3]) : std::nullopt));
        });
    }
    for (bool starts : {true, false}) {
        const char* name = starts ? "startswith" : "endswith";
        def_method(s, name, [starts, name](Interpreter&, const CallArgs& a) {
            if (a.nargs < 2 || a.nargs > 4) raise(T().TypeError, str(name, " expected at least 1 argument, got ", a.nargs - 1));
            const std::string& self = self_str(a, name);
            auto start = a.nargs > 2 ? opt_index(a.args[2]) : std::nullopt;
            auto end = a.nargs > 3 ? opt_index(a.args[3]) : std::nullopt;
            std::vector<Value> options;
            if (auto* t = a.args[1].as<Tuple>()) options = t->items;
            else options.push_back(a.args[1]);
            for (const Value& o : options) {
                if (!o.is(Kind::Str))
                    raise(T().TypeError, str(name, " first arg must be str or a tuple of str, not ", type_name(o)));
                if (starts ? startswith(self, str_of(o), start, end) : endswith(self, str_of(o), start, end))
                    return Value::boolean(true);
            }
            return Value::boolean(false);
        });
    }
    struct Case {
        const char* name;
        std::string (*fn)(std::string_view);
    };
    for (Case c : {Case{"upper", upper}, Case{"lower", lower}, Case{"casefold", casefold}, Case{"swapcase", swapcase},
                   Case{"title", title}, Case{"capitalize", capitalize}}) {
        auto fn = c.fn;
        std::string name = c.name;
        def_method(s, c.name, [fn, name](Interpreter&, const CallArgs& a) {
            if (a.nargs != 1 || a.nkw) raise(T().TypeError, str("str.", name, "() takes no arguments (", a.nargs - 1, " given)"));
            return new_str(fn(self_str(a, name.c_str())));
        });
    }
    def_method(s, "encode", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("encode(self, /, encoding='utf-8', errors='strict')");
        std::vector<Value> p = sig.bind(a);
        if (!p[1].is(Kind::Str)) raise(T().TypeError, str("encode() argument 'encoding' must be str, not ", type_name(p[1])));
        if (!p[2].is(Kind::Str)) raise(T().TypeError, str("encode() argument 'errors' must be str, not ", type_name(p[2])));
        return new_bytes(str_encode(self_str(a, "encode"), str_of(p[1]), str_of(p[2])));
    });
    struct Pred {
        const char* name;
        bool (*fn)(std::string_view);
    };
    for (Pred p : {Pred{"isdigit", isdigit}, Pred{"isalpha", isalpha}, Pred{"isalnum", isalnum}, Pred{"isspace", isspace},
                   Pred{"isupper", isupper}, Pred{"islower", islower}, Pred{"istitle", istitle},
                   Pred{"isidentifier", isidentifier}, Pred{"isnumeric", isnumeric}, Pred{"isdecimal", isdecimal},
                   Pred{"isprintable", isprintable}, Pred{"isascii", is_ascii}}) {
        auto fn = p.fn;
        std::string name = p.name;
        def_method(s, p.name, [fn, name](Interpreter&, const CallArgs& a) {
            if (a.nargs != 1 || a.nkw) raise(T().TypeError, str("str.", name, "() takes no arguments (", a.nargs - 1, " given)"));
            return Value::boolean(fn(self_str(a, name.c_str())));
        });
    }
    struct Pad {
        const char* name;
        std::string (*fn)(std::string_view, int64_t, std::string_view);
    };
    for (Pad p : {Pad{"ljust", ljust}, Pad{"rjust", rjust}, Pad{"center", center}}) {
        auto fn = p.fn;
        std::string name = p.name;
        def_method(s, p.name, [fn, name](Interpreter&, const CallArgs& a) {
            if (a.nargs < 2 || a.nargs > 3) raise(T().TypeError, str(name, " expected at least 1 argument, got ", a.nargs - 1));
            std::string fill = " ";
            if (a.nargs == 3) {
                if (!a.args[2].is(Kind::Str) || text::utf8_length(str_of(a.args[2])) != 1)
                    raise(T().TypeError, "The fill character must be exactly one character long");
                fill = str_of(a.args[2]);
            }
            int64_t width = to_int(a.args[1], "");
            if (width > 0) check_str_result(sat_mul(uint64_t(width), fill.size()), name.c_str());
            return new_str(fn(self_str(a, name.c_str()), width, fill));
        });
    }
    def_method(s, "zfill", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("zfill(self, width, /)");
        auto v = sig.bind(a);
        int64_t width = to_int(v[1], "");
        if (width > 0) check_str_result(uint64_t(width), "zfill");
        return new_str(zfill(self_str(a, "zfill"), width));
    });
    def_method(s, "expandtabs", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("expandtabs(self, tabsize=8)");
        auto v = sig.bind(a);
        const std::string& self = self_str(a, "expandtabs");
        int64_t tabsize = to_c_int(v[1]);  // a C int, as CPython's (expandtabs(2**40) is OverflowError)
        if (tabsize > 0)
            check_str_result(self.size() + sat_mul(uint64_t(std::count(self.begin(), self.end(), '\t')), uint64_t(tabsize)),
                             "expandtabs");
        return new_str(expandtabs(self, tabsize));
    });
    for (bool left : {true, false}) {
        const char* name = left ? "partition" : "rpartition";
        def_method(s, name, [left, name](Interpreter&, const CallArgs& a) {
            if (a.nargs != 2) raise(T().TypeError, str(name, "() takes exactly one argument (", a.nargs - 1, " given)"));
            auto parts = left ? partition(self_str(a, name), arg_str(a.args[1], "must be str"))
                              : rpartition(self_str(a, name), arg_str(a.args[1], "must be str"));
            return new_tuple({new_str(parts[0]), new_str(parts[1]), new_str(parts[2])});
        });
    }
    def_method(s, "format", [](Interpreter& in, const CallArgs& a) { return new_str(str_format(in, self_str(a, "format"), a)); });
    def_method(s, "format_map", [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "str.format_map() takes no keyword arguments");
        if (a.nargs != 2) raise(T().TypeError, str("format_map() takes exactly one argument (", a.nargs - 1, " given)"));
        FormatState st;
        st.mapping = a.args[1];
        CallArgs self_only = a;
        self_only.nargs = 1;
        return new_str(str_format_impl(in, self_str(a, "format_map"), self_only, st, 2));
    });
    // str.maketrans / str.translate (CPython's unicode_maketrans_impl and translate): the table maps
    // code points (ints) to a code point, a replacement string or None (deleted); translate looks
    // each character up with __getitem__, so any mapping works, and a LookupError keeps it.
    s->dict.set("maketrans", Value(immortal<StaticMethod>(Value(immortal<Builtin>("maketrans", [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "str.maketrans() takes no keyword arguments");
        if (a.nargs < 1 || a.nargs > 3)
            raise(T().TypeError, str("maketrans expected at ", a.nargs < 1 ? "least 1 argument" : "most 3 arguments",
                                     ", got ", a.nargs));
        auto out = make<Dict>();
        if (a.nargs == 1) {
            auto* d = a.args[0].as<Dict>();
            if (!d) raise(T().TypeError, "if you give only one argument to maketrans it must be a dict");
            d->for_each([&](const Value& k, const Value& v) {
                if (k.is(Kind::Str)) {
                    const std::string& ks = str_of(k);
                    if (text::utf8_length(ks) != 1) raise(T().ValueError, "string keys in translate table must be of length 1");
                    size_t i = 0;
                    out->set(Value::integer(int64_t(text::utf8_next(ks, i))), v);
                } else if (k.is_int() && !k.is_bool()) {
                    out->set(k, v);
                } else {
                    raise(T().TypeError, "keys in translate table must be strings or integers");
                }
            });
            return Value(out.get());
        }
        if (!a.args[0].is(Kind::Str)) raise(T().TypeError, "first maketrans argument must be a string if there is a second argument");
        if (!a.args[1].is(Kind::Str))
            raise(T().TypeError, str("maketrans() argument 2 must be str, not ", type_name(a.args[1])));
        std::u32string x = text::to_utf32(str_of(a.args[0])), y = text::to_utf32(str_of(a.args[1]));
        if (x.size() != y.size()) raise(T().ValueError, "the first two maketrans arguments must have equal length");
        for (size_t i = 0; i < x.size(); ++i) out->set(Value::integer(int64_t(x[i])), Value::integer(int64_t(y[i])));
        if (a.nargs == 3) {
            if (!a.args[2].is(Kind::Str))
                raise(T().TypeError, str("maketrans() argument 3 must be str, not ", type_name(a.args[2])));
            for (char32_t c : text::to_utf32(str_of(a.args[2]))) out->set(Value::integer(int64_t(c)), Value::none());
        }
        (void)in;
        return Value(out.get());
    })))));
    def_method(s, "translate", [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "str.translate() takes no keyword arguments");
        if (a.nargs != 2) raise(T().TypeError, str("str.translate() takes exactly one argument (", a.nargs - 1, " given)"));
        const std::string& self = self_str(a, "translate");
        const Value table = a.args[1];
        std::string out;
        out.reserve(self.size());
        for (size_t i = 0; i < self.size();) {
            size_t start = i;
            char32_t c = text::utf8_next(self, i);
            Value v;
            try {
                v = getitem(in, table, Value::integer(int64_t(c)));
            } catch (PyError& e) {
                if (!isinstance(e.exc, T().LookupError)) throw;
                out.append(self, start, i - start);
                continue;
            }
            if (v.is_none()) continue;
            if (v.is_int() && !v.is(Kind::Str)) {
                int64_t cp = v.as_int();
                if (cp < 0 || cp > 0x10FFFF) raise(T().ValueError, "character mapping must be in range(0x110000)");
                text::utf8_append(out, char32_t(cp));
            } else if (v.is(Kind::Str)) {
                out += str_of(v);
            } else {
                raise(T().TypeError, "character mapping must return integer, None or str");
            }
        }
        return new_str(out);
    });
    def_method(s, "removeprefix", [](Interpreter&, const CallArgs& a) {
        const std::string& self = self_str(a, "removeprefix");
        const std::string& p = arg_str(a.args[1], "removeprefix() argument");
        return new_str(self.rfind(p, 0) == 0 ? self.substr(p.size()) : self);
    });
    def_method(s, "removesuffix", [](Interpreter&, const CallArgs& a) {
        const std::string& self = self_str(a, "removesuffix");
        const std::string& p = arg_str(a.args[1], "removesuffix() argument");
        bool ends = p.size() <= self.size() && self.compare(self.size() - p.size(), p.size(), p) == 0 && !p.empty();
        return new_str(ends ? self.substr(0, self.size() - p.size()) : self);
    });
}

void register_list_methods(Type* l) {
    def_method(l, "append", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("list.append() takes exactly one argument (", a.nargs - 1, " given)"));
        self_list(a)->items.push_back(a.args[1]);
        return Value::none();
    });
    def_method(l, "extend", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("list.extend() takes exactly one argument (", a.nargs - 1, " given)"));
        extend_list(in, self_list(a), a.args[1]);
        return Value::none();
    });
    def_method(l, "insert", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 3) raise(T().TypeError, str("insert expected 2 arguments, got ", a.nargs - 1));
        int64_t i = ssize_arg(in, a.args[1]);  // before the size: an __index__ may resize the list
        auto& items = self_list(a)->items;
        int64_t n = int64_t(items.size());
        if (i < 0) i = std::max<int64_t>(0, i + n);
        if (i > n) i = n;
        items.insert(items.begin() + i, a.args[2]);
        return Value::none();
    });
    def_method(l, "pop", [](Interpreter& in, const CallArgs& a) {
        int64_t i = a.nargs > 1 ? ssize_arg(in, a.args[1]) : -1;  // before the size: __index__ may resize
        auto& items = self_list(a)->items;
        if (items.empty()) raise(T().IndexError, "pop from empty list");
        int64_t n = int64_t(items.size());
        if (i < 0) i += n;
        if (i < 0 || i >= n) raise(T().IndexError, "pop index out of range");
        Value v = items[size_t(i)];
        items.erase(items.begin() + i);
        return v;
    });
    // remove, index, count: a user __eq__ may change the list, so each step re-reads the size and
    // holds the item it compares (CPython's list methods do the same).
    def_method(l, "remove", [](Interpreter& in, const CallArgs& a) {
        auto& items = self_list(a)->items;
        for (size_t i = 0; i < items.size(); ++i) {
            Value v = items[i];
            if (v.identical(a.args[1]) || equals(in, v, a.args[1])) {
                if (i < items.size()) {
                    Value gone = std::move(items[i]);
                    items.erase(items.begin() + long(i));
                }
                return Value::none();
            }
        }
        raise(T().ValueError, "list.remove(x): x not in list");
    });
    def_method(l, "index", [](Interpreter& in, const CallArgs& a) {
        auto& items = self_list(a)->items;
        int64_t n = int64_t(items.size());
        int64_t start = a.nargs > 2 ? search_bound(a.args[2]) : 0, stop = a.nargs > 3 ? search_bound(a.args[3]) : n;
        if (start < 0) start = std::max<int64_t>(0, start + n);
        if (stop < 0) stop = std::max<int64_t>(0, stop + n);
        for (int64_t i = start; i < stop && i < int64_t(items.size()); ++i) {
            Value v = items[size_t(i)];
            if (v.identical(a.args[1]) || equals(in, v, a.args[1])) return Value::integer(i);
        }
        raise(T().ValueError, str(repr(in, a.args[1]), " is not in list"));
    });
    def_method(l, "count", [](Interpreter& in, const CallArgs& a) {
        int64_t c = 0;
        const auto& items = self_list(a)->items;
        for (size_t i = 0; i < items.size(); ++i) {
            Value v = items[i];
            c += v.identical(a.args[1]) || equals(in, v, a.args[1]);
        }
        return Value::integer(c);
    });
    def_method(l, "sort", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("sort(self, /, *, key=None, reverse=False)");
        if (a.nargs > 1) raise(T().TypeError, "sort() takes no positional arguments");
        auto v = sig.bind(a);
        // As in CPython the list is empty while it is sorted (a key or __lt__ that looks at it sees
        // []); it gets its items back whatever happens, and growing it meanwhile is an error.
        List* self = self_list(a);
        Value keep_self = a.args[0];
        std::vector<Value> items = std::move(self->items);
        self->items.clear();
        Value list = new_list(std::move(items));  // holds the items while user code runs
        std::vector<Value> r;
        try {
            const bool reverse = to_c_int(number_index(in, v[2])) != 0;
            r = sort_values(in, list.get<List>()->items, v[1], reverse);
        } catch (...) {
            std::vector<Value> added = std::move(self->items);
            self->items = std::move(list.get<List>()->items);
            throw;
        }
        std::vector<Value> added = std::move(self->items);
        self->items = std::move(r);
        if (!added.empty()) raise(T().ValueError, "list modified during sort");
        return Value::none();
    });
    def_method(l, "reverse", [](Interpreter&, const CallArgs& a) {
        std::reverse(self_list(a)->items.begin(), self_list(a)->items.end());
        return Value::none();
    });
    def_method(l, "copy", [](Interpreter&, const CallArgs& a) { return new_list(self_list(a)->items); });
    def_method(l, "clear", [](Interpreter&, const CallArgs& a) {
        // the items only: Object::clear() is the heap's cycle breaker, which for an instance of a
        // list subclass also drops its attributes (self.x set in __init__ must survive l.clear());
        // the old items go after the list is empty, as CPython's list_clear releases them
        std::vector<Value> old;
        old.swap(self_list(a)->items);
        while (!old.empty()) old.pop_back();  // the last first, as _list_clear's loop
        return Value::none();
    });
}

void register_tuple_methods(Type* t) {
    def_method(t, "count", [](Interpreter& in, const CallArgs& a) {
        int64_t c = 0;
        for (const Value& v : a.args[0].get<Tuple>()->items) c += v.identical(a.args[1]) || equals(in, v, a.args[1]);
        return Value::integer(c);
    });
    def_method(t, "index", [](Interpreter& in, const CallArgs& a) {
        const auto& items = a.args[0].get<Tuple>()->items;
        int64_t n = int64_t(items.size());
        int64_t start = a.nargs > 2 ? search_bound(a.args[2]) : 0, stop = a.nargs > 3 ? search_bound(a.args[3]) : n;
        if (start < 0) start = std::max<int64_t>(0, start + n);
        if (stop < 0) stop = std::max<int64_t>(0, stop + n);
        for (int64_t i = start; i < std::min(stop, n); ++i)
            if (items[size_t(i)].identical(a.args[1]) || equals(in, items[size_t(i)], a.args[1])) return Value::integer(i);
        raise(T().ValueError, "tuple.index(x): x not in tuple");
    });
}

void register_dict_methods(Type* d) {
    def_method(d, "get", [](Interpreter&, const CallArgs& a) {
        if (a.nargs < 2 || a.nargs > 3) raise(T().TypeError, str("get expected at most 2 arguments, got ", a.nargs - 1));
        const Value* v = self_dict(a)->find(a.args[1]);
        return v ? *v : (a.nargs == 3 ? a.args[2] : Value::none());
    });
    def_method(d, "keys", [](Interpreter&, const CallArgs& a) { return dict_view(a, DictView::Keys); });
    def_method(d, "values", [](Interpreter&, const CallArgs& a) { return dict_view(a, DictView::Values); });
    def_method(d, "items", [](Interpreter&, const CallArgs& a) { return dict_view(a, DictView::Items); });
    def_method(d, "pop", [](Interpreter&, const CallArgs& a) {
        if (a.nargs < 2 || a.nargs > 3) raise(T().TypeError, str("pop expected at most 2 arguments, got ", a.nargs - 1));
        Dict* self = self_dict(a);
        if (const Value* v = self->find(a.args[1])) {
            Value out = *v;
            self->erase(a.args[1]);
            return out;
        }
        if (a.nargs == 3) return a.args[2];
        throw PyError(new_exception(T().KeyError, {a.args[1]}));
    });
    def_method(d, "popitem", [](Interpreter&, const CallArgs& a) {
        Dict* self = self_dict(a);
        for (auto it = self->entries.rbegin(); it != self->entries.rend(); ++it)
            if (!it->first.is_null()) {
                Value k = it->first, v = it->second;
                self->erase(k);
                // CPython's dict_popitem sets dk_nentries to the popped slot: the next insert takes
                // it again, so an iterator past it sees no new key (for k in d: d.popitem(); d[x] = 1
                // ends instead of raising "dictionary keys changed during iteration")
                while (!self->entries.empty() && self->entries.back().first.is_null()) {
                    self->entries.pop_back();
                    self->hashes.pop_back();
                }
                return new_tuple({k, v});
            }
        raise(T().KeyError, "popitem(): dictionary is empty");
    });
    def_method(d, "setdefault", [](Interpreter&, const CallArgs& a) {
        Dict* self = self_dict(a);
        if (const Value* v = self->find(a.args[1])) return *v;
        Value dflt = a.nargs > 2 ? a.args[2] : Value::none();
        self->set(a.args[1], dflt);
        return dflt;
    });
    def_method(d, "update", [](Interpreter& in, const CallArgs& a) {
        Dict* self = self_dict(a);
        if (a.nargs > 2) raise(T().TypeError, str("update expected at most 1 argument, got ", a.nargs - 1));
        if (a.nargs == 2) dict_update_from(in, self, a.args[1]);
        for (size_t k = 0; k < a.nkw; ++k) self->set(a.kwnames->items[k], a.kwvalues[k]);
        return Value::none();
    });
    def_method(d, "copy", [](Interpreter&, const CallArgs& a) {
        auto out = make<Dict>();
        self_dict(a)->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
        return Value(out.get());
    });
    def_method(d, "clear", [](Interpreter&, const CallArgs& a) {
        self_dict(a)->clear_items();
        return Value::none();
    });
    d->dict.set("fromkeys", Value(immortal<ClassMethod>(Value(immortal<Builtin>("fromkeys", [](Interpreter& in, const CallArgs& a) {
        auto out = make<Dict>();
        Value v = a.nargs > 2 ? a.args[2] : Value::none();
        for (const Value& k : to_vector(in, a.args[1])) out->set(k, v);
        return Value(out.get());
    })))));
}

}  // namespace

// A keys (0), values (1) or items (2) view of `d`; `ordered` gives the odict_ view types (for an
// OrderedDict held natively, as state_dict's).
Value new_dict_view(const Ref<Dict>& d, int which, bool ordered) {
    auto w = DictView::Which(which);
    return Value(make<DictView>(ordered ? g_odict_view_types[w] : g_view_types[w], d, w).get());
}

namespace {

// Whether CPython exposes `name` of `type` as a method descriptor rather than a slot wrapper (the
// dunders a type lists in its tp_methods, found with CPython 3.12's vars(type)): the two word a
// receiver of the wrong type differently.
bool method_dunder(const std::string& type, const std::string& name) {
    static const char* const kMethods[] = {"__ceil__", "__floor__", "__round__", "__trunc__", "__format__",
                                           "__getnewargs__", "__reduce__", "__reduce_ex__", "__sizeof__",
                                           "__reversed__", "__dir__", "__getstate__", "__setstate__",
                                           "__subclasses__", "__instancecheck__", "__subclasscheck__",
                                           "__length_hint__", "__bytes__", "__complex__", "__alloc__"};
    for (const char* m : kMethods)
        if (name == m) return true;
    if (name == "__getitem__") return type == "list" || type == "dict";
    if (name == "__contains__") return type == "dict" || type == "set" || type == "frozenset";
    return name.size() < 4 || name.compare(0, 2, "__") != 0 || name.compare(name.size() - 2, 2, "__") != 0;
}

// CPython's method descriptors and slot wrappers check their receiver before running: taken from
// the class and called with another object (list.append(1, 2), dict.get([], 1), slice.indices(1, 2)),
// they raise TypeError. The native methods here read self as their own kind without looking, so
// every method of `t`'s dict (not its static and class methods, nor __new__) gets that check.
void check_receivers(Type* t) {
    t->dict.for_each([t](const std::string& name, const Value& v) {
        auto* b = v.as<Builtin>();
        if (!b || !b->self.is_null() || name == "__new__") return;
        const bool method = method_dunder(t->name, name);
        NativeFn inner = b->fn;
        b->fn = [inner, t, name, method](Interpreter& in, const CallArgs& a) -> Value {
            if (a.nargs && type_of(a.args[0])->is_subtype_of(t)) return inner(in, a);
            if (!a.nargs)
                raise(T().TypeError, method ? str("unbound method ", t->name, ".", name, "() needs an argument")
                                            : str("descriptor '", name, "' of '", t->name, "' object needs an argument"));
            raise(T().TypeError, method ? str("descriptor '", name, "' for '", t->name, "' objects doesn't apply to a '",
                                              type_name(a.args[0]), "' object")
                                        : str("descriptor '", name, "' requires a '", t->name, "' object but received a '",
                                              type_name(a.args[0]), "'"));
        };
    });
}

}  // namespace

void check_method_receivers(Type* t) { check_receivers(t); }

void check_core_receivers(const TypeTable& t) {
    for (Type* type : {t.str, t.list, t.tuple, t.dict, t.int_, t.float_, t.range, t.slice, t.super_, t.type, t.BaseException,
                       t.not_implemented, t.builtin})
        check_receivers(type);
    // the dict views' methods read their receiver as a view (type({}.keys()).__len__(5) crashed)
    for (Type* view : g_view_types) check_receivers(view);
}

void register_core_methods(const TypeTable& t) {
    register_iterator_types(t);
    register_dict_views(t);
    register_str_methods(t.str);
    register_list_methods(t.list);
    register_tuple_methods(t.tuple);
    register_dict_methods(t.dict);

    t.object->construct = [](Interpreter&, const CallArgs& a) {
        if (a.nargs || a.nkw) raise(T().TypeError, "object() takes no arguments");
        return Value(make<Instance>(T().object).get());
    };
    t.int_->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("int(x=0, /, base=?)");
        auto v = sig.bind(a);
        if (v[1].is_null()) return int_from(in, v[0]);
        if (!v[0].is(Kind::Str)) raise(T().TypeError, "int() can't convert non-string with explicit base");
        return parse_any_int(str_of(v[0]), int(to_int(v[1], "")));
    };
    t.float_->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("float(x=0.0, /)");
        return float_from(in, sig.bind(a)[0]);
    };
    t.bool_->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("bool(x=False, /)");
        return Value::boolean(truthy(in, sig.bind(a)[0]));
    };
    t.str->construct = [](Interpreter& in, const CallArgs& a) {
        // str(object) is str(); with an encoding or errors given it decodes a bytes-like object
        // (CPython's unicode_new_impl -> PyUnicode_FromEncodedObject)
        static const Signature sig("str(object=?, encoding=?, errors=?)");
        std::vector<Value> p = sig.bind(a);
        if (p[1].is_null() && p[2].is_null()) return p[0].is_null() ? new_str("") : new_str(to_str(in, p[0]));
        if (p[0].is_null()) return new_str("");
        for (int i : {1, 2})
            if (!p[i].is_null() && !p[i].is(Kind::Str))
                raise(T().TypeError, str("str() argument '", i == 1 ? "encoding" : "errors", "' must be str, not ", type_name(p[i])));
        if (p[0].is(Kind::Str)) raise(T().TypeError, "decoding str is not supported");
        std::string tn;
        for (const Type* m : type_of(p[0])->mro)
            if (m->builtin && (m->name == "bytes" || m->name == "bytearray" || m->name == "memoryview")) tn = m->name;
        Value data = p[0];
        if (tn == "memoryview") data = in.call_method(p[0], "tobytes", {});
        else if (tn.empty())
            raise(T().TypeError, str("decoding to str: need a bytes-like object, ", type_name(p[0]), " found"));
        Value enc = p[1].is_null() ? new_str("utf-8") : p[1];
        Value err = p[2].is_null() ? new_str("strict") : p[2];
        return in.call_method(data, "decode", {enc, err});
    };
    t.list->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "list() takes no keyword arguments");
        if (a.nargs > 1) raise(T().TypeError, str("list expected at most 1 argument, got ", a.nargs));
        return new_list(a.nargs ? to_vector(in, a.args[0]) : std::vector<Value>{});
    };
    t.tuple->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "tuple() takes no keyword arguments");
        if (a.nargs > 1) raise(T().TypeError, str("tuple expected at most 1 argument, got ", a.nargs));
        return new_tuple(a.nargs ? to_vector(in, a.args[0]) : std::vector<Value>{});
    };
    register_dict_subclassing(t.dict);  // builtin_subclass.cpp
    t.dict->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs > 1) raise(T().TypeError, str("dict expected at most 1 argument, got ", a.nargs));
        auto d = make<Dict>();
        if (a.nargs) dict_update_from(in, d.get(), a.args[0]);
        for (size_t k = 0; k < a.nkw; ++k) d->set(a.kwnames->items[k], a.kwvalues[k]);
        return Value(d.get());
    };
    t.range->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "range() takes no keyword arguments");
        if (a.nargs < 1 || a.nargs > 3) raise(T().TypeError, str("range expected at least 1 argument, got ", a.nargs));
        int64_t bounds[3] = {0, 0, 1};
        for (size_t i = 0; i < a.nargs; ++i) {
            if (is_big(a.args[i]))
                raise(T().OverflowError, "Python int too large to convert to C ssize_t (Kiln's range() holds 64-bit bounds)");
            bounds[i] = index_value(in, a.args[i]);
        }
        int64_t start = 0, stop, step = 1;
        if (a.nargs == 1) {
            stop = bounds[0];
        } else {
            start = bounds[0];
            stop = bounds[1];
            if (a.nargs == 3) step = bounds[2];
        }
        if (step == 0) raise(T().ValueError, "range() arg 3 must not be zero");
        return Value(make<Range>(start, stop, step).get());
    };
    def_property(t.range, "start", [](Interpreter&, const CallArgs& a) { return Value::integer(a.args[0].get<Range>()->start); });
    def_property(t.range, "stop", [](Interpreter&, const CallArgs& a) { return Value::integer(a.args[0].get<Range>()->stop); });
    def_property(t.range, "step", [](Interpreter&, const CallArgs& a) { return Value::integer(a.args[0].get<Range>()->step); });
    def_property(t.slice, "start", [](Interpreter&, const CallArgs& a) { return a.args[0].get<Slice>()->start; });
    def_property(t.slice, "stop", [](Interpreter&, const CallArgs& a) { return a.args[0].get<Slice>()->stop; });
    def_property(t.slice, "step", [](Interpreter&, const CallArgs& a) { return a.args[0].get<Slice>()->step; });
    // slice.indices(length): the (start, stop, step) a sequence of that length would use, clamped as
    // subscripting clamps them (CPython's PySlice_GetIndicesEx).
    def_method(t.slice, "indices", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("slice.indices() takes exactly one argument (", a.nargs - 1, " given)"));
        int64_t length = index_value(in, a.args[1]);
        if (length < 0) raise(T().ValueError, "length should not be negative");
        SliceIndices r = slice_indices(*a.args[0].get<Slice>(), length);
        return new_tuple({Value::integer(r.start), Value::integer(r.stop), Value::integer(r.step)});
    });
    def_method(t.staticmethod, "__call__", [](Interpreter& in, const CallArgs& a) {  // callable since 3.10
        CallArgs rest = a;
        ++rest.args;
        --rest.nargs;
        return in.call(a.args[0].get<StaticMethod>()->func, rest);
    });
    t.slice->construct = [](Interpreter&, const CallArgs& a) {
        if (a.nargs < 1 || a.nargs > 3) raise(T().TypeError, str("slice expected at least 1 argument, got ", a.nargs));
        if (a.nargs == 1) return Value(make<Slice>(Value::none(), a.args[0], Value::none()).get());
        return Value(make<Slice>(a.args[0], a.args[1], a.nargs == 3 ? a.args[2] : Value::none()).get());
    };
    t.property->construct = [](Interpreter&, const CallArgs& a) {
        static const Signature sig("property(fget=None, fset=None, fdel=None, doc=None)");
        auto v = sig.bind(a);
        auto opt = [](const Value& x) { return x.is_none() ? Value() : x; };
        return Value(make<Property>(opt(v[0]), opt(v[1]), opt(v[2]), opt(v[3])).get());
    };
    // The copies made by @x.setter/@x.getter/@x.deleter keep the other accessors.
    def_method(t.property, "setter", [](Interpreter&, const CallArgs& a) {
        auto* p = a.args[0].get<Property>();
        return Value(make<Property>(p->getter, a.args[1], p->deleter, p->doc).get());
    });
    def_method(t.property, "getter", [](Interpreter&, const CallArgs& a) {
        auto* p = a.args[0].get<Property>();
        return Value(make<Property>(a.args[1], p->setter, p->deleter, p->doc).get());
    });
    def_method(t.property, "deleter", [](Interpreter&, const CallArgs& a) {
        auto* p = a.args[0].get<Property>();
        return Value(make<Property>(p->getter, p->setter, a.args[1], p->doc).get());
    });
    auto or_none = [](const Value& v) { return v.is_null() ? Value::none() : v; };
    def_property(t.property, "fget", [or_none](Interpreter&, const CallArgs& a) { return or_none(a.args[0].get<Property>()->getter); });
    def_property(t.property, "fset", [or_none](Interpreter&, const CallArgs& a) { return or_none(a.args[0].get<Property>()->setter); });
    def_property(t.property, "fdel", [or_none](Interpreter&, const CallArgs& a) { return or_none(a.args[0].get<Property>()->deleter); });
    def_property(t.property, "__doc__", [or_none](Interpreter& in, const CallArgs& a) {
        auto* p = a.args[0].get<Property>();
        if (!p->doc.is_null() || p->getter.is_null()) return or_none(p->doc);
        return getattr(in, p->getter, "__doc__");
    });
    // abc.abstractmethod under @property marks the getter; the property reports it (abc reads it).
    auto abstract_of = [](Interpreter& in, const Value& f) {
        if (f.is_null()) return false;
        Value v = getattr_or_null(in, f, "__isabstractmethod__");
        return !v.is_null() && truthy(in, v);
    };
    def_property(t.property, "__isabstractmethod__", [abstract_of](Interpreter& in, const CallArgs& a) {
        auto* p = a.args[0].get<Property>();
        return Value::boolean(abstract_of(in, p->getter) || abstract_of(in, p->setter) || abstract_of(in, p->deleter));
    });
    def_property(t.staticmethod, "__func__", [](Interpreter&, const CallArgs& a) { return a.args[0].get<StaticMethod>()->func; });
    def_property(t.classmethod, "__func__", [](Interpreter&, const CallArgs& a) { return a.args[0].get<ClassMethod>()->func; });
    def_property(t.staticmethod, "__isabstractmethod__", [abstract_of](Interpreter& in, const CallArgs& a) {
        return Value::boolean(abstract_of(in, a.args[0].get<StaticMethod>()->func));
    });
    def_property(t.classmethod, "__isabstractmethod__", [abstract_of](Interpreter& in, const CallArgs& a) {
        return Value::boolean(abstract_of(in, a.args[0].get<ClassMethod>()->func));
    });
    t.staticmethod->construct = [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, str("staticmethod expected 1 argument, got ", a.nargs));
        return Value(make<StaticMethod>(a.args[0]).get());
    };
    t.classmethod->construct = [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, str("classmethod expected 1 argument, got ", a.nargs));
        return Value(make<ClassMethod>(a.args[0]).get());
    };
    def_method(t.float_, "is_integer", [](Interpreter&, const CallArgs& a) {
        double f = a.args[0].as_float();
        return Value::boolean(std::isfinite(f) && std::floor(f) == f);
    });
    // float.as_integer_ratio(): the exact fraction, lowest terms, positive denominator.
    def_method(t.float_, "as_integer_ratio", [](Interpreter&, const CallArgs& a) {
        double f = a.args[0].as_float();
        if (std::isinf(f)) raise(T().OverflowError, "cannot convert Infinity to integer ratio");
        if (std::isnan(f)) raise(T().ValueError, "cannot convert NaN to integer ratio");
        int e = 0;
        double m = std::frexp(f, &e);
        for (int i = 0; i < 300 && m != std::floor(m); ++i) {
            m *= 2.0;
            --e;
        }
        BigInt num = BigInt::from_double(m), den(int64_t(1));
        if (e > 0) num = num.shl(uint64_t(e));
        else den = den.shl(uint64_t(-e));
        return new_tuple({int_value(std::move(num)), int_value(std::move(den))});
    });
    // int.to_bytes(length=1, byteorder='big', *, signed=False) / int.from_bytes(bytes, byteorder='big',
    // *, signed=False): two's complement for negative values when signed, CPython's OverflowErrors.
    def_method(t.int_, "to_bytes", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("to_bytes(self, length=1, byteorder='big', *, signed=False)");
        auto v = sig.bind(a);
        int64_t length = to_int(v[1], "length");
        if (length < 0) raise(T().ValueError, "length argument must be non-negative");
        if (!v[2].is(Kind::Str) || (str_of(v[2]) != "big" && str_of(v[2]) != "little"))
            raise(T().ValueError, "byteorder must be either 'little' or 'big'");
        bool little = str_of(v[2]) == "little", is_signed = truthy(current_interpreter(), v[3]);
        BigInt x = is_big(v[0]) ? *big_of(v[0]) : BigInt(to_int(v[0], ""));
        if (x.negative() && !is_signed) raise(T().OverflowError, "can't convert negative int to unsigned");
        // fits: unsigned needs bit_length <= 8*len; signed needs -2**(8len-1) <= x < 2**(8len-1)
        int64_t bits = 8 * length;
        bool fits;
        if (!is_signed) fits = x.bit_length() <= bits;
        else if (!x.negative()) fits = x.bit_length() < bits || (x.is_zero());
        else fits = (x + BigInt(int64_t(1))).bit_length() < bits;
        if (!fits || (is_signed && length == 0 && !x.is_zero())) raise(T().OverflowError, "int too big to convert");
        if (length > (int64_t(1) << 30)) raise(T().MemoryError, "to_bytes: length over Kiln's 1 GiB limit");
        BigInt u = x;
        if (x.negative()) u = BigInt(int64_t(1)).shl(uint64_t(bits)) + x;  // two's complement
        std::string out(size_t(length), '\0');
        BigInt mask(int64_t(0xff));
        for (int64_t i = 0; i < length; ++i) {
            BigInt byte = u & mask;
            char c = char(byte.is_zero() ? 0 : byte.to_i64());
            out[size_t(little ? i : length - 1 - i)] = c;
            u = u.shr(8);
        }
        return new_bytes(std::move(out));
    });
    t.int_->dict.set("from_bytes", Value(immortal<ClassMethod>(Value(immortal<Builtin>("from_bytes", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("from_bytes(cls, bytes, byteorder='big', *, signed=False)");
        auto v = sig.bind(a);
        std::string data;
        if (!bytes_data(v[1], data)) {
            // any iterable of ints 0..255, as bytes() takes; a str or a non-iterable is refused
            // as PyBytes_FromObject refuses it
            auto refuse = [&] { raise(T().TypeError, str("cannot convert '", type_name(v[1]), "' object to bytes")); };
            if (v[1].is(Kind::Str)) refuse();
            std::vector<Value> items;
            try {
                items = to_vector(in, v[1]);
            } catch (PyError& e) {
                if (!isinstance(e.exc, T().TypeError) || !getattr_or_null(in, v[1], "__iter__").is_null()) throw;
                refuse();
            }
            for (const Value& x : items) {
                int64_t b = to_int(x, "");
                if (b < 0 || b > 255) raise(T().ValueError, "bytes must be in range(0, 256)");
                data += char(b);
            }
        }
        if (!v[2].is(Kind::Str) || (str_of(v[2]) != "big" && str_of(v[2]) != "little"))
            raise(T().ValueError, "byteorder must be either 'little' or 'big'");
        bool little = str_of(v[2]) == "little";
        // Sized first (Kiln's int limit), then built in one pass: a byte-by-byte shift-and-add
        // copied the growing int each time, hours for 10**7 bytes.
        check_int_bits(8.0 * double(data.size()), "int.from_bytes()");
        if (little) std::reverse(data.begin(), data.end());
        BigInt x = BigInt::from_bytes_be(data);
        if (little) std::reverse(data.begin(), data.end());
        if (truthy(in, v[3]) && !data.empty() && (uint8_t(data[little ? data.size() - 1 : 0]) & 0x80))
            x = x - BigInt(int64_t(1)).shl(uint64_t(8 * data.size()));
        return int_value(std::move(x));
    })))));
    // The numbers protocol on int and float (numbers.Integral / numbers.Real): x.real, x.imag,
    // x.numerator, x.denominator as read-only properties, and x.conjugate(); bool inherits int's.
    auto property = [](Type* type, const char* name, NativeFn get) {
        type->dict.set(name, Value(make<Property>(Value(make<Builtin>(name, std::move(get)).get()), Value::none(),
                                                  Value::none(), Value::none())
                                       .get()));
    };
    auto as_int = [](const Value& v) { return v.is_bool() ? Value::integer(v.as_bool()) : v; };
    property(t.int_, "real", [as_int](Interpreter&, const CallArgs& a) { return as_int(a.args[0]); });
    property(t.int_, "numerator", [as_int](Interpreter&, const CallArgs& a) { return as_int(a.args[0]); });
    property(t.int_, "imag", [](Interpreter&, const CallArgs&) { return Value::integer(0); });
    property(t.int_, "denominator", [](Interpreter&, const CallArgs&) { return Value::integer(1); });
    def_method(t.int_, "conjugate", [as_int](Interpreter&, const CallArgs& a) { return as_int(a.args[0]); });
    property(t.float_, "real", [](Interpreter&, const CallArgs& a) { return a.args[0]; });
    property(t.float_, "imag", [](Interpreter&, const CallArgs&) { return Value::number(0.0); });
    def_method(t.float_, "conjugate", [](Interpreter&, const CallArgs& a) { return a.args[0]; });
    def_method(t.int_, "bit_count", [](Interpreter&, const CallArgs& a) {
        // The number of ones in the binary form of abs(x).
        if (auto* b = big_of(a.args[0])) {
            BigInt m = b->negative() ? -*b : *b;
            int64_t n = 0;
            for (const char c : m.digits(2)) n += c == '1';
            return Value::integer(n);
        }
        int64_t x = to_int(a.args[0], "");
        uint64_t v = x < 0 ? uint64_t(0) - uint64_t(x) : uint64_t(x);
        return Value::integer(int64_t(__builtin_popcountll(v)));
    });
    // int.as_integer_ratio() / int.is_integer() (3.12): the int over 1, always an integer
    def_method(t.int_, "as_integer_ratio", [as_int](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || a.nkw) raise(T().TypeError, str("int.as_integer_ratio() takes no arguments (", a.nargs - 1, " given)"));
        return new_tuple({as_int(a.args[0]), Value::integer(1)});
    });
    def_method(t.int_, "is_integer", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || a.nkw) raise(T().TypeError, str("int.is_integer() takes no arguments (", a.nargs - 1, " given)"));
        return Value::boolean(true);
    });
    // float.hex(): CPython's float_hex, '[-]0x1.<13 hex digits>p<exp>' (subnormals '0x0.'), inf/nan
    def_method(t.float_, "hex", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || a.nkw || !a.args[0].is_float()) raise(T().TypeError, "descriptor 'hex' requires a 'float' object");
        double x = a.args[0].as_float();
        if (std::isnan(x)) return new_str("nan");
        if (std::isinf(x)) return new_str(x > 0 ? "inf" : "-inf");
        const char* sign = std::signbit(x) ? "-" : "";
        if (x == 0.0) return new_str(str(sign, "0x0.0p+0"));
        int e = 0;
        double m = std::frexp(std::fabs(x), &e);
        int shift = 1 - std::max(-1021 - e, 0);  // DBL_MIN_EXP: subnormals keep a leading 0
        m = std::ldexp(m, shift);
        e -= shift;
        static const char* hexd = "0123456789abcdef";
        std::string out = str(sign, "0x", hexd[int(m)], ".");
        m -= int(m);
        for (int i = 0; i < 13; ++i) {
            m *= 16.0;
            out += hexd[int(m)];
            m -= int(m);
        }
        out += str("p", e >= 0 ? "+" : "-", std::abs(e));
        return new_str(out);
    });
    // float.fromhex(s): the hexadecimal form float.hex() writes (and C99's), correctly rounded: the
    // first 16 hex digits exactly, a sticky bit for any nonzero digit after them.
    t.float_->dict.set("fromhex", Value(immortal<ClassMethod>(Value(immortal<Builtin>("fromhex", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, str("float.fromhex() takes exactly one argument (", a.nargs - 1, " given)"));
        if (!a.args[1].is(Kind::Str)) raise(T().TypeError, str("must be str, not ", type_name(a.args[1])));
        std::string s = str_of(a.args[1]);
        auto invalid = [] { raise(T().ValueError, "invalid hexadecimal floating-point string"); };
        size_t i = 0, n = s.size();
        while (i < n && std::isspace(uint8_t(s[i]))) ++i;
        while (n > i && std::isspace(uint8_t(s[n - 1]))) --n;
        bool neg = false;
        if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
        std::string rest;
        for (size_t k = i; k < n; ++k) rest += char(std::tolower(uint8_t(s[k])));
        double result;
        if (rest == "inf" || rest == "infinity") result = INFINITY;
        else if (rest == "nan") result = NAN;
        else {
            size_t k = 0;
            if (rest.size() >= 2 && rest[0] == '0' && rest[1] == 'x') k = 2;
            uint64_t mant = 0;
            int64_t exp2 = 0;
            int kept = 0;
            bool sticky = false, any = false, dot = false;
            for (; k < rest.size(); ++k) {
                char c = rest[k];
                if (c == '.') {
                    if (dot) invalid();
                    dot = true;
                    continue;
                }
                int d = std::isdigit(uint8_t(c)) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
                if (d < 0) break;
                any = true;
                if (kept < 16 && (mant || d)) {
                    mant = mant * 16 + uint64_t(d);
                    ++kept;
                    if (dot) exp2 -= 4;
                } else if (kept >= 16) {
                    sticky |= d != 0;
                    if (!dot) exp2 += 4;
                } else if (dot) {
                    exp2 -= 4;  // a leading zero after the point
                }
            }
            if (!any) invalid();
            if (k < rest.size()) {
                if (rest[k] != 'p') invalid();
                ++k;
                bool eneg = false;
                if (k < rest.size() && (rest[k] == '+' || rest[k] == '-')) eneg = rest[k++] == '-';
                if (k >= rest.size()) invalid();
                int64_t ev = 0;
                for (; k < rest.size(); ++k) {
                    if (!std::isdigit(uint8_t(rest[k]))) invalid();
                    if (ev < (int64_t(1) << 40)) ev = ev * 10 + (rest[k] - '0');
                }
                exp2 += eneg ? -ev : ev;
            }
            if (sticky) mant |= 1;
            if (mant == 0) result = 0.0;
            else {
                if (exp2 > 5000) raise(T().OverflowError, "hexadecimal value too large to represent as a float");
                result = exp2 < -5000 ? 0.0 : std::ldexp(double(mant), int(exp2));
                if (std::isinf(result)) raise(T().OverflowError, "hexadecimal value too large to represent as a float");
            }
        }
        Value f = Value::number(neg ? -result : result);
        auto* cls = a.args[0].as<Type>();
        if (cls && cls != T().float_) return in.call(a.args[0], {f});  // a subclass: cls(value)
        return f;
    }, "float.fromhex")))));
    // range.count(x) / range.index(x): a sequence's count and index (ints in O(1) by arithmetic)
    def_method(t.range, "count", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, str("range.count() takes exactly one argument (", a.nargs - 1, " given)"));
        auto* r = a.args[0].as<Range>();
        if (!r) raise(T().TypeError, "descriptor 'count' requires a 'range' object");
        if (a.args[1].is_int() || a.args[1].is_bool() || is_big(a.args[1]))
            return Value::integer(contains(in, a.args[0], a.args[1]) ? 1 : 0);
        int64_t c = 0;
        for (int64_t k = 0, len = r->length(); k < len; ++k)
            if (equals(in, Value::integer(r->start + k * r->step), a.args[1])) ++c;
        return Value::integer(c);
    });
    def_method(t.range, "index", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, str("range.index() takes exactly one argument (", a.nargs - 1, " given)"));
        auto* r = a.args[0].as<Range>();
        if (!r) raise(T().TypeError, "descriptor 'index' requires a 'range' object");
        const Value& x = a.args[1];
        if (x.is_int() || x.is_bool() || is_big(x)) {
            if (contains(in, a.args[0], x)) {
                int64_t v = x.is_bool() ? int64_t(x.as_bool()) : x.as_int();
                return Value::integer((v - r->start) / r->step);
            }
        } else {
            for (int64_t k = 0, len = r->length(); k < len; ++k)
                if (equals(in, Value::integer(r->start + k * r->step), x)) return Value::integer(k);
        }
        if (x.is_int() || x.is_bool() || is_big(x)) raise(T().ValueError, str(repr(in, x), " is not in range"));
        raise(T().ValueError, "sequence.index(x): x not in sequence");  // CPython's generic search
    });
    def_method(t.int_, "bit_length", [](Interpreter&, const CallArgs& a) {
        if (auto* b = big_of(a.args[0])) return Value::integer(b->bit_length());
        int64_t x = to_int(a.args[0], "");
        uint64_t v = x < 0 ? uint64_t(0) - uint64_t(x) : uint64_t(x);
        int n = 0;
        while (v) {
            ++n;
            v >>= 1;
        }
        return Value::integer(n);
    });
}

}  // namespace kiln::vm
