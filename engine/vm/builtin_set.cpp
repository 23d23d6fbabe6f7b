// The builtin `set` and `frozenset`: CPython 3.11's open-addressing hash table (setobject.c's probe
// sequence, linear probes, dummies, resize rule, pop finger and merge fast paths), so that a set
// iterates, prints and pops in exactly CPython's order whenever the element hashes are CPython's
// (ints, floats, bools, tuples of those: pyhash.h). Sets of strings iterate in some fixed order that
// differs from CPython's randomized one (programs print sorted() of them).
//
// Elements are compared with `is` first, then ==, as CPython does; user objects hash through
// __hash__ (a class defining __eq__ without __hash__ is unhashable). The opcodes BUILD_SET,
// SET_ADD and SET_UPDATE and frozenset constants reach the table through the functions at the end.
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/pyhash.h"
#include "vm/typetable.h"

namespace kiln::vm {

void check_method_receivers(Type* t);  // methods_core.cpp: set.add(1, 2) is a TypeError, as in CPython

using bytecode::CMP_EQ;
using bytecode::CMP_NE;
using bytecode::CMP_LT;
using bytecode::CMP_LE;
using bytecode::CMP_GT;
using bytecode::CMP_GE;

namespace {

constexpr size_t kMinSize = 8;
constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

Type* set_iter_type() {
    static Type* t = make_builtin_type("set_iterator", types().object, Kind::Iterator);
    return t;
}

struct SetObj : NativeObj {
    struct Entry {
        Value key;  // Null: unused or dummy
        int64_t hash = 0;
        bool dummy = false;
    };
    explicit SetObj(Type* t) : NativeObj(t), table(kMinSize) {}
    void clear() override { table.assign(kMinSize, Entry()); }
    std::vector<Entry> table;
    size_t mask = kMinSize - 1, fill = 0, used = 0, finger = 0;
    int64_t hash = -1;  // frozenset: cached hash
    uint64_t version = 0;  // bumped whenever the table is replaced (a probing compare re-checks it)
};

Type* set_type();
Type* frozenset_type();

SetObj* any_set(const Value& v) {
    auto* s = native_cast<SetObj>(v);
    return s;
}

bool is_frozen(const SetObj* s) { return s->type == frozenset_type(); }

[[noreturn]] void unhashable(const Value& v) { raise(types().TypeError, str("unhashable type: '", type_name(v), "'")); }

}  // namespace

// hash(v) with CPython's rules (hash_value calls a user class's __hash__; one without __hash__ but
// with __eq__ is unhashable).
int64_t py_hash(Interpreter&, const Value& v) { return int64_t(hash_value(v)); }

namespace {

bool same_key(Interpreter& in, const Value& a, const Value& b) {
    if (a.identical(b)) return true;
    if (a.is(Kind::Str) && b.is(Kind::Str)) return str_of(a) == str_of(b);
    return equals(in, a, b);
}

// set_lookkey: the index of the entry equal to key, or of the unused slot that ends its probe chain
// (found = false).
size_t lookup(Interpreter& in, SetObj* so, const Value& key, int64_t hash, bool& found) {
restart:
    size_t mask = so->mask;
    size_t i = size_t(hash) & mask;
    size_t perturb = size_t(hash);
    for (;;) {
        size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
        for (size_t j = i;; ++j) {
            SetObj::Entry& e = so->table[j];
            if (e.key.is_null() && !e.dummy) {
                found = false;
                return j;
            }
            if (!e.dummy && e.hash == hash) {
                Value start = e.key;
                uint64_t version = so->version;
                bool eq = same_key(in, start, key);
                if (version != so->version || !so->table[j].key.identical(start)) goto restart;
                if (eq) {
                    found = true;
                    return j;
                }
            }
            if (probes-- == 0) break;
        }
        perturb >>= kPerturbShift;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

void insert_clean(std::vector<SetObj::Entry>& table, size_t mask, const Value& key, int64_t hash) {
    size_t perturb = size_t(hash);
    size_t i = size_t(hash) & mask;
    for (;;) {
        if (table[i].key.is_null()) break;
        if (i + kLinearProbes <= mask) {
            size_t j = 0;
            for (; j < kLinearProbes; ++j)
                if (table[i + j + 1].key.is_null()) break;
            if (j < kLinearProbes) {
                i = i + j + 1;
                break;
            }
        }
        perturb >>= kPerturbShift;
        i = (i * 5 + 1 + perturb) & mask;
    }
    table[i].key = key;
    table[i].hash = hash;
    table[i].dummy = false;
}

void resize(SetObj* so, size_t minused) {
    size_t newsize = kMinSize;
    while (newsize <= minused) newsize <<= 1;
    std::vector<SetObj::Entry> old;
    old.swap(so->table);
    so->table.assign(newsize, SetObj::Entry());
    so->mask = newsize - 1;
    so->fill = so->used;
    ++so->version;
    for (const auto& e : old)
        if (!e.key.is_null()) insert_clean(so->table, so->mask, e.key, e.hash);
}

// set_add_entry: probes like lookup, reusing the first dummy on the way.
void add_entry(Interpreter& in, SetObj* so, const Value& key, int64_t hash) {
restart:
    size_t mask = so->mask;
    size_t i = size_t(hash) & mask;
    size_t perturb = size_t(hash);
    long freeslot = -1;
    size_t slot;
    for (;;) {
        size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
        for (size_t j = i;; ++j) {
            SetObj::Entry& e = so->table[j];
            if (e.key.is_null() && !e.dummy) {
                slot = j;
                goto found_unused_or_dummy;
            }
            if (!e.dummy && e.hash == hash) {
                Value start = e.key;
                uint64_t version = so->version;
                bool eq = same_key(in, start, key);
                if (eq) return;
                if (version != so->version || !so->table[j].key.identical(start)) goto restart;
            } else if (e.dummy && freeslot < 0) {
                freeslot = long(j);
            }
            if (probes-- == 0) break;
        }
        perturb >>= kPerturbShift;
        i = (i * 5 + 1 + perturb) & mask;
    }
found_unused_or_dummy:
    if (freeslot >= 0) {
        auto& e = so->table[size_t(freeslot)];
        e.key = key;
        e.hash = hash;
        e.dummy = false;
        so->used++;
        return;
    }
    so->fill++;
    so->used++;
    so->table[slot].key = key;
    so->table[slot].hash = hash;
    if (so->fill * 5 < mask * 3) return;
    resize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
}

// A set passed where a key is looked up stands for the frozenset of its elements ({1} in s).
Value as_lookup_key(const Value& key);

bool contains_entry(Interpreter& in, SetObj* so, const Value& key, int64_t hash) {
    bool found;
    lookup(in, so, key, hash, found);
    return found;
}

bool contains_key(Interpreter& in, SetObj* so, const Value& key) {
    Value k = as_lookup_key(key);
    return contains_entry(in, so, k, py_hash(in, k));
}

bool discard_entry(Interpreter& in, SetObj* so, const Value& key, int64_t hash) {
    bool found;
    size_t i = lookup(in, so, key, hash, found);
    if (!found) return false;
    auto& e = so->table[i];
    e.key = Value();
    e.hash = -1;
    e.dummy = true;
    so->used--;
    return true;
}

void add_key(Interpreter& in, SetObj* so, const Value& key) { add_entry(in, so, key, py_hash(in, key)); }

Ref<SetObj> new_of(Type* t) { return make<SetObj>(t); }

template <typename F>
void each_entry(const SetObj* so, F&& f) {
    for (const auto& e : so->table)
        if (!e.key.is_null()) f(e.key, e.hash);
}

// set_merge.
void merge(Interpreter& in, SetObj* so, SetObj* other) {
    if (other == so || other->used == 0) return;
    if ((so->fill + other->used) * 5 >= so->mask * 3) resize(so, (so->used + other->used) * 2);
    if (so->fill == 0 && so->mask == other->mask && other->fill == other->used) {
        for (size_t i = 0; i <= other->mask; ++i) {
            so->table[i].key = other->table[i].key;
            so->table[i].hash = other->table[i].key.is_null() ? 0 : other->table[i].hash;
            so->table[i].dummy = false;
        }
        so->fill = other->fill;
        so->used = other->used;
        return;
    }
    if (so->fill == 0) {
        so->fill = other->used;
        so->used = other->used;
        each_entry(other, [&](const Value& k, int64_t h) { insert_clean(so->table, so->mask, k, h); });
        return;
    }
    std::vector<std::pair<Value, int64_t>> items;
    each_entry(other, [&](const Value& k, int64_t h) { items.push_back({k, h}); });
    for (auto& [k, h] : items) add_entry(in, so, k, h);
}

// set_update_internal.
void update(Interpreter& in, SetObj* so, const Value& other) {
    if (auto* o = any_set(other)) return merge(in, so, o);
    if (auto* d = other.as<Dict>(); d && d->type == types().dict) {
        size_t n = d->size();
        if ((so->fill + n) * 5 >= so->mask * 3) resize(so, (so->used + n) * 2);
        for (const Value& k : d->keys()) add_key(in, so, k);
        return;
    }
    Value it = get_iter(in, other);
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) add_key(in, so, v);
}

Ref<SetObj> copy_of(Interpreter& in, SetObj* so, Type* t = nullptr) {
    auto r = new_of(t ? t : so->type);
    merge(in, r.get(), so);
    return r;
}

Ref<SetObj> from_iterable(Interpreter& in, Type* t, const Value& it) {
    auto r = new_of(t);
    update(in, r.get(), it);
    return r;
}

Value as_lookup_key(const Value& key) {
    auto* s = any_set(key);
    if (!s || is_frozen(s)) return key;
    auto f = new_of(frozenset_type());
    merge(current_interpreter(), f.get(), s);
    return Value(f.get());
}

size_t size_of(Interpreter& in, const Value& v) {
    if (auto* s = any_set(v)) return s->used;
    if (auto* d = v.as<Dict>()) return d->size();
    return size_t(length(in, v));
}

bool other_contains(Interpreter& in, const Value& other, const Value& key, int64_t hash) {
    if (auto* s = any_set(other)) return contains_entry(in, s, key, hash);
    return other.get<Dict>()->find(key) != nullptr;
}

// set_intersection.
Ref<SetObj> intersection(Interpreter& in, SetObj* so, const Value& other) {
    if (other.is_obj() && other.obj() == so) return copy_of(in, so);
    auto result = new_of(so->type);
    if (auto* o = any_set(other)) {
        SetObj* a = so;
        SetObj* b = o;
        if (b->used > a->used) std::swap(a, b);
        std::vector<std::pair<Value, int64_t>> items;
        each_entry(b, [&](const Value& k, int64_t h) { items.push_back({k, h}); });
        for (auto& [k, h] : items)
            if (contains_entry(in, a, k, h)) add_entry(in, result.get(), k, h);
        return result;
    }
    Value it = get_iter(in, other);
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) {
        int64_t h = py_hash(in, v);
        if (contains_entry(in, so, v, h)) add_entry(in, result.get(), v, h);
    }
    return result;
}

void swap_bodies(SetObj* a, SetObj* b) {
    std::swap(a->table, b->table);
    std::swap(a->mask, b->mask);
    std::swap(a->fill, b->fill);
    std::swap(a->used, b->used);
    std::swap(a->hash, b->hash);
    ++a->version;
    ++b->version;
}

void clear_set(SetObj* so) {
    so->table.assign(kMinSize, SetObj::Entry());
    so->mask = kMinSize - 1;
    so->fill = so->used = 0;
    ++so->version;
}

// set_difference_update_internal.
void difference_update(Interpreter& in, SetObj* so, const Value& other) {
    if (other.is_obj() && other.obj() == so) return clear_set(so);
    if (auto* o = any_set(other)) {
        Ref<SetObj> keep;
        SetObj* src = o;
        if ((o->used >> 3) > so->used) {
            keep = intersection(in, so, other);
            src = keep.get();
        }
        std::vector<std::pair<Value, int64_t>> items;
        each_entry(src, [&](const Value& k, int64_t h) { items.push_back({k, h}); });
        for (auto& [k, h] : items) discard_entry(in, so, k, h);
    } else {
        Value it = get_iter(in, other);
        for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) {
            Value k = as_lookup_key(v);
            discard_entry(in, so, k, py_hash(in, k));
        }
    }
    if (so->fill - so->used <= so->mask / 4) return;
    resize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
}

// set_difference.
Ref<SetObj> difference(Interpreter& in, SetObj* so, const Value& other) {
    bool known = any_set(other) || (other.is(Kind::Dict) && other.obj()->type == types().dict);
    if (!known || (so->used >> 2) > size_of(in, other)) {
        auto r = copy_of(in, so);
        difference_update(in, r.get(), other);
        return r;
    }
    auto result = new_of(so->type);
    std::vector<std::pair<Value, int64_t>> items;
    each_entry(so, [&](const Value& k, int64_t h) { items.push_back({k, h}); });
    for (auto& [k, h] : items)
        if (!other_contains(in, other, k, h)) add_entry(in, result.get(), k, h);
    return result;
}

// set_symmetric_difference_update.
void symmetric_difference_update(Interpreter& in, SetObj* so, const Value& other) {
    if (other.is_obj() && other.obj() == so) return clear_set(so);
    std::vector<std::pair<Value, int64_t>> items;
    if (auto* d = other.as<Dict>(); d && d->type == types().dict) {
        for (const Value& k : d->keys()) items.push_back({k, py_hash(in, k)});
    } else {
        Ref<SetObj> tmp;
        SetObj* o = any_set(other);
        if (!o) {
            tmp = from_iterable(in, so->type, other);
            o = tmp.get();
        }
        each_entry(o, [&](const Value& k, int64_t h) { items.push_back({k, h}); });
    }
    for (auto& [k, h] : items)
        if (!discard_entry(in, so, k, h)) add_entry(in, so, k, h);
}

Ref<SetObj> symmetric_difference(Interpreter& in, SetObj* so, const Value& other) {
    auto r = from_iterable(in, so->type, other);
    symmetric_difference_update(in, r.get(), Value(so));
    return r;
}

bool issubset(Interpreter& in, SetObj* so, const Value& other) {
    SetObj* o = any_set(other);
    Ref<SetObj> tmp;
    if (!o) {
        tmp = from_iterable(in, set_type(), other);
        o = tmp.get();
    }
    if (so->used > o->used) return false;
    std::vector<std::pair<Value, int64_t>> items;
    each_entry(so, [&](const Value& k, int64_t h) { items.push_back({k, h}); });
    for (auto& [k, h] : items)
        if (!contains_entry(in, o, k, h)) return false;
    return true;
}

bool issuperset(Interpreter& in, SetObj* so, const Value& other) {
    if (auto* o = any_set(other)) return issubset(in, o, Value(so));
    Value it = get_iter(in, other);
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it))
        if (!contains_key(in, so, v)) return false;
    return true;
}

bool isdisjoint(Interpreter& in, SetObj* so, const Value& other) {
    if (auto* o = any_set(other)) {
        SetObj* a = so;
        SetObj* b = o;
        if (b->used > a->used) std::swap(a, b);
        std::vector<std::pair<Value, int64_t>> items;
        each_entry(b, [&](const Value& k, int64_t h) { items.push_back({k, h}); });
        for (auto& [k, h] : items)
            if (contains_entry(in, a, k, h)) return false;
        return true;
    }
    Value it = get_iter(in, other);
    for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it))
        if (contains_key(in, so, v)) return false;
    return true;
}

bool sets_equal(Interpreter& in, SetObj* a, SetObj* b) {
    if (a->used != b->used) return false;
    if (a->hash != -1 && b->hash != -1 && a->hash != b->hash) return false;
    return issubset(in, a, Value(b));
}

int64_t frozenset_hash(SetObj* so) {
    if (so->hash != -1) return so->hash;
    uint64_t x = 0;
    each_entry(so, [&](const Value&, int64_t h) { x ^= pyhash::shuffle_bits(uint64_t(h)); });
    so->hash = pyhash::finish_frozenset(x, so->used);
    return so->hash;
}

struct SetIter : Iterator {
    explicit SetIter(Ref<SetObj> s) : Iterator(set_iter_type()), set(std::move(s)), used(set->used) {}
    void clear() override { set.reset(); }
    Value next(Interpreter&) override {
        if (!set) return Value();
        if (set->used != used) {
            set.reset();
            raise(types().RuntimeError, "Set changed size during iteration");
        }
        while (pos <= set->mask && set->table[pos].key.is_null()) ++pos;
        if (pos > set->mask) {
            set.reset();
            return Value();
        }
        return set->table[pos++].key;
    }
    Ref<SetObj> set;
    size_t used;
    size_t pos = 0;
};

SetObj* set_self(const CallArgs& a, const char* type, const char* method) {
    auto* s = a.nargs ? any_set(a.args[0]) : nullptr;
    if (!s)
        raise(types().TypeError, str("descriptor '", method, "' for '", type, "' objects doesn't apply to a '",
                                     a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
    return s;
}

void no_keywords(const CallArgs& a, const std::string& name) {
    if (a.nkw) raise(types().TypeError, name + "() takes no keyword arguments");
}

void exactly_one(const CallArgs& a, const std::string& qual) {
    if (a.nargs != 2) raise(types().TypeError, str(qual, "() takes exactly one argument (", a.nargs - 1, " given)"));
}

void no_args(const CallArgs& a, const std::string& qual) {
    if (a.nargs != 1) raise(types().TypeError, str(qual, "() takes no arguments (", a.nargs - 1, " given)"));
}

std::string set_repr(Interpreter& in, SetObj* so) {
    bool frozen = is_frozen(so);
    if (so->used == 0) return frozen ? "frozenset()" : "set()";
    std::vector<Value> keys;
    each_entry(so, [&](const Value& k, int64_t) { keys.push_back(k); });
    std::string s = "{";
    for (size_t i = 0; i < keys.size(); ++i) s += (i ? ", " : "") + repr(in, keys[i]);
    s += "}";
    return frozen ? "frozenset(" + s + ")" : s;
}

Value result(Ref<SetObj> r) { return Value(r.get()); }

// Methods shared by set and frozenset (frozen: the type's name for messages).
void def_common(Type* t, bool frozen) {
    const std::string tn = frozen ? "frozenset" : "set";
    const char* tname = frozen ? "frozenset" : "set";
    def_method(t, "__iter__", [tname](Interpreter&, const CallArgs& a) {
        return Value(make<SetIter>(Ref<SetObj>(set_self(a, tname, "__iter__"))).get());
    });
    def_method(t, "__len__", [tname](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(set_self(a, tname, "__len__")->used));
    });
    def_method(t, "__contains__", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "__contains__");
        if (a.nargs != 2) raise(types().TypeError, str("expected 1 argument, got ", a.nargs - 1));
        return Value::boolean(contains_key(in, so, a.args[1]));
    });
    def_method(t, "__repr__", [tname](Interpreter& in, const CallArgs& a) { return new_str(set_repr(in, set_self(a, tname, "__repr__"))); });
    def_method(t, "copy", [tn, tname, frozen](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "copy");
        no_args(a, tn + ".copy");
        if (frozen) return a.args[0];
        return result(copy_of(in, so));
    });
    def_method(t, "union", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "union");
        auto r = copy_of(in, so);
        for (size_t i = 1; i < a.nargs; ++i)
            if (!(a.args[i].is_obj() && a.args[i].obj() == so)) update(in, r.get(), a.args[i]);
        return result(r);
    });
    def_method(t, "intersection", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "intersection");
        if (a.nargs == 1) return result(copy_of(in, so));
        Ref<SetObj> r(so);
        for (size_t i = 1; i < a.nargs; ++i) r = intersection(in, r.get(), a.args[i]);
        return result(r);
    });
    def_method(t, "difference", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "difference");
        if (a.nargs == 1) return result(copy_of(in, so));
        auto r = difference(in, so, a.args[1]);
        for (size_t i = 2; i < a.nargs; ++i) difference_update(in, r.get(), a.args[i]);
        return result(r);
    });
    def_method(t, "symmetric_difference", [tn, tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "symmetric_difference");
        exactly_one(a, tn + ".symmetric_difference");
        return result(symmetric_difference(in, so, a.args[1]));
    });
    def_method(t, "issubset", [tn, tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "issubset");
        exactly_one(a, tn + ".issubset");
        return Value::boolean(issubset(in, so, a.args[1]));
    });
    def_method(t, "issuperset", [tn, tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "issuperset");
        exactly_one(a, tn + ".issuperset");
        return Value::boolean(issuperset(in, so, a.args[1]));
    });
    def_method(t, "isdisjoint", [tn, tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "isdisjoint");
        exactly_one(a, tn + ".isdisjoint");
        return Value::boolean(isdisjoint(in, so, a.args[1]));
    });
    // Operators: both operands must be sets (set | list is a TypeError, as in CPython).
    auto binop = [t, tname](const char* name, Ref<SetObj> (*fn)(Interpreter&, SetObj*, const Value&)) {
        def_method(t, name, [fn, tname, name](Interpreter& in, const CallArgs& a) {
            SetObj* so = set_self(a, tname, name);
            if (a.nargs != 2 || !any_set(a.args[1])) return not_implemented();
            return result(fn(in, so, a.args[1]));
        });
    };
    binop("__or__", [](Interpreter& in, SetObj* so, const Value& o) {
        auto r = copy_of(in, so);
        update(in, r.get(), o);
        return r;
    });
    binop("__and__", intersection);
    binop("__sub__", difference);
    binop("__xor__", symmetric_difference);
    auto cmpop = [t, tname](const char* name, int op) {
        def_method(t, name, [op, tname, name](Interpreter& in, const CallArgs& a) {
            SetObj* so = set_self(a, tname, name);
            SetObj* o = a.nargs == 2 ? any_set(a.args[1]) : nullptr;
            if (!o) return not_implemented();
            switch (op) {
                case CMP_EQ: return Value::boolean(sets_equal(in, so, o));
                case CMP_NE: return Value::boolean(!sets_equal(in, so, o));
                case CMP_LE: return Value::boolean(issubset(in, so, a.args[1]));
                case CMP_GE: return Value::boolean(issuperset(in, so, a.args[1]));
                case CMP_LT: return Value::boolean(so->used < o->used && issubset(in, so, a.args[1]));
                default: return Value::boolean(so->used > o->used && issuperset(in, so, a.args[1]));
            }
        });
    };
    cmpop("__eq__", CMP_EQ);
    cmpop("__ne__", CMP_NE);
    cmpop("__lt__", CMP_LT);
    cmpop("__le__", CMP_LE);
    cmpop("__gt__", CMP_GT);
    cmpop("__ge__", CMP_GE);
}

void def_mutators(Type* t) {
    const char* tname = "set";
    def_method(t, "add", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "add");
        exactly_one(a, "set.add");
        add_key(in, so, a.args[1]);
        return none();
    });
    def_method(t, "discard", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "discard");
        exactly_one(a, "set.discard");
        Value k = as_lookup_key(a.args[1]);
        discard_entry(in, so, k, py_hash(in, k));
        return none();
    });
    def_method(t, "remove", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "remove");
        exactly_one(a, "set.remove");
        Value k = as_lookup_key(a.args[1]);
        if (!discard_entry(in, so, k, py_hash(in, k))) throw PyError(new_exception(types().KeyError, {a.args[1]}));
        return none();
    });
    def_method(t, "pop", [tname](Interpreter&, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "pop");
        no_args(a, "set.pop");
        if (so->used == 0) raise(types().KeyError, "pop from an empty set");
        size_t i = so->finger & so->mask;
        while (so->table[i].key.is_null()) i = i + 1 > so->mask ? 0 : i + 1;
        auto& e = so->table[i];
        Value key = std::move(e.key);
        e.key = Value();
        e.hash = -1;
        e.dummy = true;
        so->used--;
        so->finger = i + 1;
        return key;
    });
    def_method(t, "clear", [tname](Interpreter&, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "clear");
        no_args(a, "set.clear");
        clear_set(so);
        return none();
    });
    def_method(t, "update", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "update");
        for (size_t i = 1; i < a.nargs; ++i) update(in, so, a.args[i]);
        return none();
    });
    def_method(t, "intersection_update", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "intersection_update");
        if (a.nargs == 1) return none();
        Ref<SetObj> r(so);
        for (size_t i = 1; i < a.nargs; ++i) r = intersection(in, r.get(), a.args[i]);
        if (r.get() != so) swap_bodies(so, r.get());
        return none();
    });
    def_method(t, "difference_update", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "difference_update");
        for (size_t i = 1; i < a.nargs; ++i) difference_update(in, so, a.args[i]);
        return none();
    });
    def_method(t, "symmetric_difference_update", [tname](Interpreter& in, const CallArgs& a) {
        SetObj* so = set_self(a, tname, "symmetric_difference_update");
        exactly_one(a, "set.symmetric_difference_update");
        symmetric_difference_update(in, so, a.args[1]);
        return none();
    });
    auto inplace = [t, tname](const char* name, void (*fn)(Interpreter&, SetObj*, const Value&)) {
        def_method(t, name, [fn, tname, name](Interpreter& in, const CallArgs& a) {
            SetObj* so = set_self(a, tname, name);
            if (a.nargs != 2 || !any_set(a.args[1])) return not_implemented();
            fn(in, so, a.args[1]);
            return a.args[0];
        });
    };
    inplace("__ior__", update);
    inplace("__iand__", [](Interpreter& in, SetObj* so, const Value& o) {
        auto r = intersection(in, so, o);
        swap_bodies(so, r.get());
    });
    inplace("__isub__", difference_update);
    inplace("__ixor__", symmetric_difference_update);
}

Type* set_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("set", types().object, Kind::Native);
        t->construct = [t](Interpreter& in, const CallArgs& a) {
            no_keywords(a, "set");
            if (a.nargs > 1) raise(types().TypeError, str("set expected at most 1 argument, got ", a.nargs));
            return result(a.nargs ? from_iterable(in, t, a.args[0]) : new_of(t));
        };
        def_common(t, false);
        def_mutators(t);
        t->dict.set("__hash__", Value::none());
        check_method_receivers(t);
        return t;
    }();
    return t;
}

Type* frozenset_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("frozenset", types().object, Kind::Native);
        t->construct = [t](Interpreter& in, const CallArgs& a) {
            no_keywords(a, "frozenset");
            if (a.nargs > 1) raise(types().TypeError, str("frozenset expected at most 1 argument, got ", a.nargs));
            if (a.nargs == 1) {
                if (auto* s = any_set(a.args[0]); s && is_frozen(s)) return a.args[0];
                return result(from_iterable(in, t, a.args[0]));
            }
            return result(new_of(t));
        };
        def_common(t, true);
        def_method(t, "__hash__", [](Interpreter&, const CallArgs& a) {
            return Value::integer(frozenset_hash(set_self(a, "frozenset", "__hash__")));
        });
        check_method_receivers(t);
        return t;
    }();
    return t;
}

}  // namespace

// ---- for the interpreter, hashing and constants --------------------------------------------------

Value new_set(Interpreter&) {
    (void)frozenset_type();
    return result(new_of(set_type()));
}

void set_add_value(Interpreter& in, const Value& set, const Value& item) { add_key(in, any_set(set), item); }

void set_update_from(Interpreter& in, const Value& set, const Value& iterable) { update(in, any_set(set), iterable); }

Value new_frozenset(Interpreter& in, const std::vector<Value>& items) {
    // The compiler's frozenset(tuple) is rebuilt once more from its own iteration order when
    // CPython merges constants (merge_consts_recursive); both steps decide the table layout.
    auto first = new_of(frozenset_type());
    for (const Value& v : items) add_key(in, first.get(), v);
    auto r = new_of(frozenset_type());
    each_entry(first.get(), [&](const Value& k, int64_t h) { add_entry(in, r.get(), k, h); });
    return result(r);
}

bool is_set_object(const Value& v) { return any_set(v) != nullptr; }

// hash_value's answer for a set object: frozenset's hash; a set is unhashable.
int64_t set_object_hash(const Value& v) {
    SetObj* s = any_set(v);
    if (!is_frozen(s)) unhashable(v);
    return frozenset_hash(s);
}

bool set_objects_equal(const Value& a, const Value& b) {
    SetObj* x = any_set(a);
    SetObj* y = any_set(b);
    return x && y && sets_equal(current_interpreter(), x, y);
}

void register_set_type(StrMap& builtins) {
    builtins.set("set", Value(set_type()));
    builtins.set("frozenset", Value(frozenset_type()));
}

}  // namespace kiln::vm
