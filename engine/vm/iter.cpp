// Iteration: the native iterators of core containers, and the bridge to __iter__/__next__.
//
// FOR_ITER asks an Iterator for its next value and gets Null at the end, so loops over lists,
// ranges and dicts raise no StopIteration internally. A user class with __iter__/__next__ is
// wrapped in a PyIterator that turns its StopIteration into Null.
#include <algorithm>

#include "vm/int_big.h"
#include "vm/ops.h"
#include "vm/text_str.h"

namespace kiln::vm {

bool is_ordered_dict(const Type* t);  // methods_core.cpp

namespace {
Type* g_list_iter;
Type* g_tuple_iter;
Type* g_str_iter;
Type* g_dict_iter;
Type* g_dict_value_iter;  // CPython names the iterators of values() and items() apart from keys'
Type* g_dict_item_iter;
Type* g_dict_reverse_iter[3];  // dict_reversekeyiterator / dict_reversevalueiterator / dict_reverseitemiterator
Type* g_range_iter;
Type* g_py_iter;
Type* g_seq_iter;

struct SequenceIter : Iterator {
    SequenceIter(Type* t, Value seq) : Iterator(t), seq(std::move(seq)) {}
    void clear() override { seq = Value(); }
    Value next(Interpreter&) override {
        if (seq.is_null()) return Value();
        const auto& items = seq.is(Kind::List) ? seq.get<List>()->items : seq.get<Tuple>()->items;
        if (index < items.size()) return items[index++];
        seq = Value();
        return Value();
    }
    Value seq;
    size_t index = 0;
};

struct StrIter : Iterator {
    explicit StrIter(std::string s) : Iterator(g_str_iter), s(std::move(s)) {}
    Value next(Interpreter&) override {
        if (pos >= s.size()) return Value();
        size_t start = pos;
        text::utf8_next(s, pos);
        return new_str(s.substr(start, pos - start));
    }
    std::string s;
    size_t pos = 0;
};

// Over a dict's keys, values (which == 1) or items (2): dict views iterate live, as CPython's do.
// An OrderedDict's iterator words a change as odictiter_nextkey does ("OrderedDict mutated during
// iteration": its state changes with any key added or removed).
struct DictIter : Iterator {
    explicit DictIter(Ref<Dict> d, int which = 0)
        : Iterator(which == 1 ? g_dict_value_iter : which == 2 ? g_dict_item_iter : g_dict_iter), dict(std::move(d)), size(dict->size()), left(size), which(which),
          ordered(is_ordered_dict(dict->type)), version(dict->version) {}
    void clear() override { dict.reset(); }
    Value next(Interpreter&) override {
        if (!dict) return Value();
        if (ordered && dict->version != version) {  // a key added or removed, whatever the size
            dict.reset();
            raise(types().RuntimeError, "OrderedDict mutated during iteration");
        }
        if (dict->size() != size) {
            dict.reset();
            raise(types().RuntimeError, ordered ? "OrderedDict mutated during iteration" : "dictionary changed size during iteration");
        }
        while (pos < dict->entries.size() && dict->entries[pos].first.is_null()) ++pos;
        if (pos >= dict->entries.size()) {
            dict.reset();
            return Value();
        }
        // CPython's di_len: an entry beyond the count the dict had when iteration began means keys
        // were removed and others added (the size unchanged), which would otherwise loop on forever.
        if (left == 0) {
            dict.reset();
            raise(types().RuntimeError, ordered ? "OrderedDict mutated during iteration" : "dictionary keys changed during iteration");
        }
        --left;
        const auto& e = dict->entries[pos++];
        if (which == 1) return e.second;
        if (which == 2) return new_tuple({e.first, e.second});
        return e.first;
    }
    Ref<Dict> dict;
    size_t size;
    size_t left;  // entries still expected
    int which;
    bool ordered;
    uint64_t version;
    size_t pos = 0;
};

// reversed(d), reversed(d.keys()/values()/items()): the live entries from the last one back, as
// CPython's dictreviter; a size change since it began ends it with CPython's RuntimeError.
struct ReverseDictIter : Iterator {
    ReverseDictIter(Ref<Dict> d, int which)
        : Iterator(g_dict_reverse_iter[which]), dict(std::move(d)), size(dict->size()), which(which), pos(dict->entries.size()) {}
    void clear() override { dict.reset(); }
    Value next(Interpreter&) override {
        if (!dict) return Value();
        if (dict->size() != size) {
            dict.reset();
            raise(types().RuntimeError, "dictionary changed size during iteration");
        }
        // entries may have shrunk at an equal size (a del that compacted them, then an insert; a
        // popitem, which trims the tail as CPython's sets dk_nentries back): never read past them
        pos = std::min(pos, dict->entries.size());
        while (pos > 0 && dict->entries[pos - 1].first.is_null()) --pos;
        if (pos == 0) {
            dict.reset();
            return Value();
        }
        const auto& e = dict->entries[--pos];
        if (which == 1) return e.second;
        if (which == 2) return new_tuple({e.first, e.second});
        return e.first;
    }
    Ref<Dict> dict;
    size_t size;
    int which;
    size_t pos;
};

struct RangeIter : Iterator {
    RangeIter(int64_t start, int64_t step, int64_t count) : Iterator(g_range_iter), cur(start), step(step), left(count) {}
    Value next(Interpreter&) override {
        if (left <= 0) return Value();
        --left;
        int64_t v = cur;
        cur = int64_t(uint64_t(cur) + uint64_t(step));  // past the last element it may wrap: unused
        return Value::integer(v);
    }
    int64_t cur, step, left;
};

// An object with __next__: StopIteration ends the loop.
struct PyIter : Iterator {
    PyIter(Value obj, Value next_fn) : Iterator(g_py_iter), obj(std::move(obj)), next_fn(std::move(next_fn)) {}
    void clear() override {
        obj = Value();
        next_fn = Value();
    }
    Value next(Interpreter& in) override {
        if (obj.is_null()) return Value();
        try {
            return in.call(next_fn, {obj});
        } catch (PyError& e) {
            if (!isinstance(e.exc, types().StopIteration)) throw;
            obj = Value();
            return Value();
        }
    }
    Value obj, next_fn;
};

// An object with only __getitem__: indexes 0, 1, ... until IndexError (Python's old protocol).
struct SeqIter : Iterator {
    SeqIter(Value obj, Value getitem) : Iterator(g_seq_iter), obj(std::move(obj)), getitem(std::move(getitem)) {}
    void clear() override {
        obj = Value();
        getitem = Value();
    }
    Value next(Interpreter& in) override {
        if (obj.is_null()) return Value();
        try {
            return in.call(getitem, {obj, Value::integer(index++)});
        } catch (PyError& e) {
            if (!isinstance(e.exc, types().IndexError) && !isinstance(e.exc, types().StopIteration)) throw;
            obj = Value();
            return Value();
        }
    }
    Value obj, getitem;
    int64_t index = 0;
};

// iter(callable, sentinel): calls it until a result equals the sentinel (CPython's calliter;
// a StopIteration from the callable ends it too).
Type* g_call_iter;
struct CallIter : Iterator {
    CallIter(Value fn, Value sentinel) : Iterator(g_call_iter), fn(std::move(fn)), sentinel(std::move(sentinel)) {}
    void clear() override {
        fn = Value();
        sentinel = Value();
    }
    Value next(Interpreter& in) override {
        if (fn.is_null()) return Value();
        Value r;
        try {
            r = in.call(fn, std::vector<Value>{});
        } catch (PyError& e) {
            if (!isinstance(e.exc, types().StopIteration)) throw;
            clear();
            return Value();
        }
        if (equals(in, r, sentinel)) {
            clear();
            return Value();
        }
        return r;
    }
    Value fn, sentinel;
};
}  // namespace

Value call_iterator(const Value& fn, const Value& sentinel) { return Value(make<CallIter>(fn, sentinel).get()); }

// The iterator of a dict view (methods_core.cpp): 0 keys, 1 values, 2 items.
Value dict_view_iterator(Dict* d, int which) { return Value(make<DictIter>(Ref<Dict>(d), which).get()); }

// reversed() of a dict (0) or of its keys/values/items view (0/1/2).
Value dict_reverse_iterator(Dict* d, int which) { return Value(make<ReverseDictIter>(Ref<Dict>(d), which).get()); }

// __next__ and __iter__ of a native iterator type (list_iterator, zip, map, set_iterator, ...):
// CPython's tp_iternext/tp_iter slots as methods. A type that defines its own (generator) keeps it.
void mark_slot_wrapper(const Object* f);  // ops.cpp: find_dunder skips it, the VM keeps its native path

// A slot wrapper's receiver and arity checks, with CPython's texts.
void check_slot_call(const CallArgs& a, const Type* t, const char* name) {
    if (!a.nargs) raise(types().TypeError, str("descriptor '", name, "' of '", t->name, "' object needs an argument"));
    if (!type_of(a.args[0])->is_subtype_of(t))
        raise(types().TypeError, str("descriptor '", name, "' requires a '", t->name, "' object but received a '",
                                     type_name(a.args[0]), "'"));
    if (a.nkw) raise(types().TypeError, str("wrapper ", name, "() takes no keyword arguments"));
    if (a.nargs != 1) raise(types().TypeError, str("expected 0 arguments, got ", a.nargs - 1));
}

void add_iterator_protocol(Type* t) {
    const bool had_next = t->dict.find("__next__"), had_iter = t->dict.find("__iter__");
    if (!had_next)
        def_method(t, "__next__", [t](Interpreter& in, const CallArgs& a) {
            check_slot_call(a, t, "__next__");
            Value v = iter_next(in, a.args[0]);
            if (v.is_null()) throw PyError(new_exception(types().StopIteration, {}));
            return v;
        });
    if (!had_iter)
        def_method(t, "__iter__", [t](Interpreter&, const CallArgs& a) {
            check_slot_call(a, t, "__iter__");
            return a.args[0];
        });
    if (!had_next) mark_slot_wrapper(t->dict.find("__next__")->obj());
    if (!had_iter) mark_slot_wrapper(t->dict.find("__iter__")->obj());
}

void register_iterator_types(const TypeTable& t) {
    auto it_type = [&](const char* name) { return make_builtin_type(name, t.object, Kind::Iterator); };
    g_list_iter = it_type("list_iterator");
    g_tuple_iter = it_type("tuple_iterator");
    g_str_iter = it_type("str_ascii_iterator");
    g_dict_iter = it_type("dict_keyiterator");
    g_dict_value_iter = it_type("dict_valueiterator");
    g_dict_item_iter = it_type("dict_itemiterator");
    g_dict_reverse_iter[0] = it_type("dict_reversekeyiterator");
    g_dict_reverse_iter[1] = it_type("dict_reversevalueiterator");
    g_dict_reverse_iter[2] = it_type("dict_reverseitemiterator");
    g_range_iter = it_type("range_iterator");
    g_py_iter = it_type("iterator");
    g_seq_iter = it_type("iterator");
    g_call_iter = it_type("callable_iterator");
}

// A user subclass of dict/list/tuple that defines `name` in Python (its override wins).
static bool user_defines(const Value& v, const char* name) {
    if (!v.is_obj() || v.obj()->type->builtin) return false;
    Kind k = v.obj()->kind;
    if (k != Kind::Dict && k != Kind::List && k != Kind::Tuple) return false;
    const Value* f = v.obj()->type->lookup(name);
    return f && f->is(Kind::Function);
}

Value get_iter(Interpreter& in, const Value& v) {
    if (v.is_obj()) {
        Object* o = v.obj();
        switch (user_defines(v, "__iter__") ? Kind::Native : o->kind) {
            case Kind::Iterator: return v;
            case Kind::List: return Value(make<SequenceIter>(g_list_iter, v).get());
            case Kind::Tuple:
                if (!find_dunder(v, "__iter__").is_null()) break;
                return Value(make<SequenceIter>(g_tuple_iter, v).get());
            case Kind::Str: return Value(make<StrIter>(str_of(v)).get());
            case Kind::Dict: return Value(make<DictIter>(Ref<Dict>(v.get<Dict>())).get());
            case Kind::Range: {
                auto* r = v.get<Range>();
                return Value(make<RangeIter>(r->start, r->step, r->length()).get());
            }
            default: break;
        }
        if (Value f = find_dunder(v, "__iter__"); !f.is_null()) {
            Value it = in.call(f, {v});
            if (it.is(Kind::Iterator)) return it;
            Value next_fn = find_dunder(it, "__next__");
            if (next_fn.is_null())
                raise(types().TypeError, str("iter() returned non-iterator of type '", type_name(it), "'"));
            return Value(make<PyIter>(it, next_fn).get());
        }
        if (Value g = find_dunder(v, "__getitem__"); !g.is_null() && v.obj()->kind != Kind::Type)
            return Value(make<SeqIter>(v, g).get());
    }
    raise(types().TypeError, str("'", type_name(v), "' object is not iterable"));
}

Value unwrap_iter(const Value& it) {
    auto* w = it.as<Iterator>();
    if (w && w->type == g_py_iter) {
        auto* p = static_cast<PyIter*>(w);
        if (!p->obj.is_null()) return p->obj;
    }
    return it;
}

Value native_next(Interpreter& in, Iterator* it) {
    try {
        return it->next(in);
    } catch (PyError& e) {
        if (isinstance(e.exc, types().StopIteration)) return Value();
        throw;
    }
}

Value iter_next(Interpreter& in, const Value& it) {
    // Natives that consume iterators (list(), sum(), set(), str.join, ...) pay one budget step per
    // item, so sum(itertools.count()) ends at --max-instructions like a Python loop does.
    in.charge_step();
    if (auto* i = it.as<Iterator>()) return native_next(in, i);
    if (Value f = find_dunder(it, "__next__"); !f.is_null()) {
        try {
            return in.call(f, {it});
        } catch (PyError& e) {
            if (isinstance(e.exc, types().StopIteration)) return Value();
            throw;
        }
    }
    raise(types().TypeError, str("'", type_name(it), "' object is not an iterator"));
}

namespace {
// Kiln's limit for one list (1 GiB of items): a known length over it fails at once, as CPython's
// preallocation from the length hint does (list(range(10**12)) is MemoryError), an endless
// iterator when the list reaches it.
constexpr size_t kMaxListItems = (size_t(1) << 30) / sizeof(Value);
[[noreturn]] void list_too_long(int64_t n) {
    raise(types().MemoryError, str("a list of ", n, " items is over Kiln's limit of 1 GiB for one list",
                                   " (hint: iterate instead of building the list, or use a tensor)"));
}
bool plain_sequence(const Value& iterable) {
    if (iterable.as<List>() && !user_defines(iterable, "__iter__")) return true;
    auto* t = iterable.as<Tuple>();
    return t && (t->type == types().tuple || (!t->type->builtin && !user_defines(iterable, "__iter__")) ||
                 find_dunder(iterable, "__iter__").is_null());
}
// An iterable that states its length (itertools.repeat(0, 10**12), a __len__ of 10**18) fails at
// once when `have` items plus that length pass the limit, as CPython's preallocation from
// PyObject_LengthHint does in list() and list.extend: __len__ first (its ValueError and
// OverflowError propagate), else __length_hint__; either raising TypeError gives no hint.
void check_length_hint(Interpreter& in, const Value& iterable, size_t have) {
    if (!iterable.is(Kind::Instance)) return;
    auto over = [&](int64_t n) {
        if (n > 0 && uint64_t(n) > kMaxListItems - std::min(have, kMaxListItems)) list_too_long(int64_t(have) + n);
    };
    if (!find_dunder(iterable, "__len__").is_null()) {
        int64_t n = 0;
        bool have_len = true;
        try {
            n = length(in, iterable);
        } catch (PyError& e) {
            if (!isinstance(e.exc, types().TypeError)) throw;
            have_len = false;  // PyObject_LengthHint goes on to __length_hint__
        }
        if (have_len) {
            over(n);
            return;
        }
    }
    if (Value f = find_dunder(iterable, "__length_hint__"); !f.is_null()) {
        Value n;
        try {
            n = in.call(f, {iterable});
        } catch (PyError& e) {
            if (!isinstance(e.exc, types().TypeError)) throw;
            return;
        }
        // PyObject_LengthHint's checks of the result: NotImplemented is no hint; anything but an int
        // is a TypeError, a negative one a ValueError
        if (n.identical(not_implemented())) return;
        auto* b = big_of(n);
        if (!n.is_int() && !n.is_bool() && !b)
            raise(types().TypeError, str("__length_hint__ must be an integer, not ", type_name(n)));
        if (b && b->negative()) raise(types().OverflowError, "Python int too large to convert to C ssize_t");
        if (b) list_too_long(INT64_MAX);
        if (n.is_int() && n.as_int() < 0) raise(types().ValueError, "__length_hint__() should return >= 0");
        if (n.is_int()) over(n.as_int());
    }
}
}  // namespace

void check_list_size_hint(Interpreter& in, const Value& iterable) {
    if (auto* r = iterable.as<Range>(); r && uint64_t(r->length()) > kMaxListItems) list_too_long(r->length());
    check_length_hint(in, iterable, 0);
}

std::vector<Value> to_vector(Interpreter& in, const Value& iterable) {
    if (plain_sequence(iterable)) return iterable.is(Kind::List) ? iterable.get<List>()->items : iterable.get<Tuple>()->items;
    if (auto* r = iterable.as<Range>(); r && uint64_t(r->length()) > kMaxListItems) list_too_long(r->length());
    // CPython's list_extend takes the iterator first, then the length hint (a MagicMock records
    // __iter__ before __len__)
    Value it = get_iter(in, iterable);
    check_length_hint(in, iterable, 0);
    std::vector<Value> out;
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) {
        if (out.size() >= kMaxListItems) list_too_long(int64_t(out.size()) + 1);
        out.push_back(std::move(v));
    }
    return out;
}

// CPython's PySequence_Fast(v, message): str.join and list slice assignment word a value that is not
// iterable their own way ("can only join an iterable"); errors raised while iterating pass through.
std::vector<Value> to_sequence(Interpreter& in, const Value& iterable, const char* message) {
    if (plain_sequence(iterable)) return to_vector(in, iterable);
    Value it;
    try {
        it = get_iter(in, iterable);
    } catch (PyError& e) {
        if (isinstance(e.exc, types().TypeError)) raise(types().TypeError, message);
        throw;
    }
    return to_vector(in, it);  // an iterator is its own iterator: __iter__ runs once
}

void extend_list(Interpreter& in, List* list, const Value& iterable) {
    Value keep(list);
    if (plain_sequence(iterable)) {
        // list_extend's fast path: the items as they are now (l.extend(l) doubles l once).
        std::vector<Value> more = to_vector(in, iterable);
        if (list->items.size() + more.size() > kMaxListItems) list_too_long(int64_t(list->items.size() + more.size()));
        list->items.insert(list->items.end(), more.begin(), more.end());
        return;
    }
    if (auto* r = iterable.as<Range>(); r && list->items.size() + uint64_t(r->length()) > kMaxListItems)
        list_too_long(int64_t(list->items.size()) + r->length());
    // Otherwise each item is appended as the iterator yields it, as CPython's list_extend does: an
    // iterator that reads or changes the list sees the items appended so far (l.extend(iter(l))
    // grows until memory runs out, a generator clearing l keeps only what came after). The
    // iterator comes first, then the length hint, in CPython's order.
    Value it = get_iter(in, iterable);
    check_length_hint(in, iterable, list->items.size());
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) {
        if (list->items.size() >= kMaxListItems) list_too_long(int64_t(list->items.size()) + 1);
        list->items.push_back(std::move(v));
    }
}

int64_t length(Interpreter& in, const Value& v) {
    if (v.is_obj()) {
        Object* o = v.obj();
        switch (user_defines(v, "__len__") ? Kind::Native : o->kind) {
            case Kind::Str: return text::utf8_length(str_of(v));
            case Kind::List: return int64_t(v.get<List>()->items.size());
            case Kind::Tuple:
                if (!find_dunder(v, "__len__").is_null()) break;
                return int64_t(v.get<Tuple>()->items.size());
            case Kind::Dict: return int64_t(v.get<Dict>()->size());
            case Kind::Range: return v.get<Range>()->length();
            default: break;
        }
        if (Value f = find_dunder(v, "__len__"); !f.is_null()) {
            // the result through __index__ (CPython's slot_sq_length: _PyNumber_Index, then the checks)
            Value r = number_index(in, in.call(f, {v}));
            if (auto* b = big_of(r)) {
                if (b->negative()) raise(types().ValueError, "__len__() should return >= 0");
                raise(types().OverflowError, "cannot fit 'int' into an index-sized integer");
            }
            if (!is_index(r)) raise(types().TypeError, str("'", type_name(r), "' object cannot be interpreted as an integer"));
            int64_t n = to_int(r, "");
            if (n < 0) raise(types().ValueError, "__len__() should return >= 0");
            return n;
        }
    }
    raise(types().TypeError, str("object of type '", type_name(v), "' has no len()"));
}

}  // namespace kiln::vm
