// Classes: creating them (__build_class__, type.__new__, metaclasses, C3 MROs, __init_subclass__,
// __set_name__), instantiating them (type.__call__: __new__ then __init__, abstract classes), and
// the methods every class inherits from `object` and `type`.
//
// This follows CPython 3.11's typeobject.c: the metaclass of a class statement is the most derived
// of the explicit `metaclass=` and the bases' metaclasses; type.__new__ picks the layout base (the
// base whose built-in ancestor has the most derived instance layout), computes the MRO with C3, wraps
// __new__ as a staticmethod and __init_subclass__/__class_getitem__ as classmethods, fills the
// __class__ cell, calls __set_name__ on the namespace's values and then the parent's
// __init_subclass__ with the class keywords. Instantiation calls the metaclass's __call__ (type's
// by default), which calls __new__ and, when it returned an instance of the class, __init__.
#include <algorithm>

#include "support/pyrepr.h"
#include "vm/descriptors.h"
#include "vm/int_big.h"
#include "vm/ops.h"
#include "vm/text_str.h"

namespace kiln::vm {

namespace {

// The nearest built-in ancestor along the layout bases (what allocates instances).
Type* native_of(Type* t) {
    while (!t->builtin) t = t->base.get();
    return t;
}

// The built-in type that fixes the instance layout (CPython's solid_base): the topmost built-in
// ancestor sharing the native type's layout kind. Exceptions share BaseException's, modules Module's.
Type* solid_of(Type* t) {
    Type* n = native_of(t);
    while (n->base && n->base->instance_kind == n->instance_kind) n = n->base.get();
    return n;
}

bool subclassable(Type* native) {
    const TypeTable& tt = T();
    return native == tt.object || native == tt.type || native == tt.dict || native == tt.list || native == tt.tuple ||
           native->is_exception || native->instance_kind == Kind::NNModule || native->allocate;
}

// The built-in types CPython makes without Py_TPFLAGS_BASETYPE: no program may subclass them
// (best_base's "type 'bool' is not an acceptable base type"), whatever Kiln could lay out.
bool final_builtin(const Type* t) {
    static const char* const names[] = {"bool", "NoneType", "NotImplementedType", "ellipsis", "range", "slice",
                                        "memoryview", "function", "builtin_function_or_method", "method",
                                        "generator", "code", "frame", "traceback", "cell"};
    if (!t->builtin) return false;
    for (const char* n : names)
        if (t->name == n) return true;
    return false;
}

Value g_object_new, g_object_init, g_type_call, g_type_new, g_type_init;

// The value stored in a class dict, with the implicit wrappers of type.__new__.
Value class_attr(const std::string& k, const Value& v) {
    if (!v.is(Kind::Function)) return v;
    if (k == "__new__") return Value(make<StaticMethod>(v).get());
    if (k == "__init_subclass__" || k == "__class_getitem__") return Value(make<ClassMethod>(v).get());
    return v;
}

// The names in __abstractmethods__ (set by abc.ABCMeta), sorted as CPython reports them.
void check_abstract(Interpreter& in, Type* t) {
    const Value* am = t->dict.find("__abstractmethods__");
    if (!am || !truthy(in, *am)) return;
    std::vector<std::string> names;
    for (const Value& v : to_vector(in, *am)) names.push_back(to_str(in, v));
    std::sort(names.begin(), names.end());
    std::string list;  // CPython 3.12's object_new: the names joined with "', '", quoted
    for (size_t i = 0; i < names.size(); ++i) list += (i ? "', '" : "") + names[i];
    raise(T().TypeError, str("Can't instantiate abstract class ", t->name, " without an implementation for abstract method",
                             names.size() > 1 ? "s" : "", " '", list, "'"));
}

// object.__new__(cls): an empty instance of the layout cls's built-in ancestor allocates.
Value allocate_instance(Interpreter& in, Type* t, const CallArgs& a) {
    const TypeTable& tt = T();
    check_abstract(in, t);
    Type* native = native_of(t);
    if (native == tt.object) return Value(make<Instance>(t).get());
    Type* alloc_from = native;
    while (alloc_from && !alloc_from->allocate) alloc_from = alloc_from->base.get();
    if (!alloc_from) raise(tt.TypeError, str("cannot create instances of a subclass of '", native->name, "' in Kiln"));
    return alloc_from->allocate(in, t, a);
}

const Value* find_after(Type* cls, std::string_view name) {
    for (size_t i = 1; i < cls->mro.size(); ++i)
        if (const Value* v = cls->mro[i]->dict.find(name)) return v;
    return nullptr;
}

// The most derived of `meta` and the bases' metaclasses (CPython's _PyType_CalculateMetaclass).
Type* calculate_meta(Type* meta, const std::vector<Value>& bases) {
    Type* winner = meta;
    for (const Value& b : bases) {
        Type* bt = type_of(b);
        if (winner->is_subtype_of(bt)) continue;
        if (bt->is_subtype_of(winner)) {
            winner = bt;
            continue;
        }
        raise(T().TypeError,
              "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the "
              "metaclasses of all its bases");
    }
    return winner;
}

}  // namespace

// object.__sizeof__: the bytes CPython 3.12 (64-bit) gives the object itself, without the 16-byte GC
// header sys.getsizeof adds for containers and instances: ints 24 + 4 per 30-bit digit (one at
// least), str's compact layouts (40 + 1 per ASCII char + 1; else 56 + (n + 1) per 1/2/4-byte unit; a
// string whose UTF-8 form CPython happened to cache counts that too, which is not modelled),
// bytes 33 + n, tuples 24 + 8n, lists 40 + 8 per item (a list's spare capacity, which CPython's
// depends on its append history, is not counted), dicts and sets as built by inserting their items,
// instances of Python classes 16 + 8 per slot (+ 8 for a __weakref__ named in __slots__; a class
// without __slots__ keeps its __dict__ and weak references before the object (3.12's managed
// pre-header), counted by sys.getsizeof). Other built-in objects count 16 (their C payload is Kiln's, not CPython's).
int64_t object_basic_size(Interpreter& in, const Value& v) {
    const TypeTable& tt = T();
    if (v.is_none() || v.is_bool() || v.is_int() || is_big(v)) {
        if (v.is_none()) return 16;
        Value bits = in.call_method(v, "bit_length", {});
        int64_t digits = (bits.as_int() + 29) / 30;
        return 24 + 4 * std::max<int64_t>(1, digits);
    }
    if (v.is_float()) return 24;
    if (v.is(Kind::Str)) {
        const std::string& s = str_of(v);
        char32_t maxc = 0;
        int64_t n = 0;
        for (size_t i = 0; i < s.size(); ++n) maxc = std::max(maxc, text::utf8_next(s, i));
        if (maxc < 128) return 40 + n + 1;
        int64_t unit = maxc < 256 ? 1 : maxc < 65536 ? 2 : 4;
        return 56 + (n + 1) * unit;
    }
    Type* t = type_of(v);
    if (t == tt.tuple) return 24 + 8 * int64_t(v.get<Tuple>()->items.size());
    if (t == tt.list) return 40 + 8 * int64_t(v.get<List>()->items.size());
    if (t == tt.float_) return 24;
    if (t->name == "bytes" && t->builtin) {
        std::string data;
        bytes_data(v, data);
        return 33 + int64_t(data.size());
    }
    if (t == tt.dict || (is_set_object(v) && t->builtin)) {
        int64_t used = length(in, v);
        if (t == tt.dict) {
            if (used == 0) return 48;
            // insertion growth from 8 slots: a full table (2/3 used) grows to the power of two >= 3 * used
            int64_t size = 8;
            for (int64_t k = 1; k <= used; ++k)
                if (k > (size * 2) / 3) {
                    int64_t want = (k - 1) * 3;
                    size = 8;
                    while (size < want) size <<= 1;
                }
            bool all_str = true;
            for (const Value& key : to_vector(in, v))
                if (!key.is(Kind::Str)) all_str = false;
            int64_t index_bytes = size <= 128 ? 1 : size <= 0xffff ? 2 : size <= 0xffffffffLL ? 4 : 8;
            return 48 + 32 + size * index_bytes + (size * 2) / 3 * (all_str ? 16 : 24);
        }
        // sets: 8 inline slots; at fill * 5 >= mask * 3 the table becomes the power of two > 4 * used
        int64_t size = 8;
        for (int64_t k = 1; k <= used; ++k)
            if (k * 5 >= (size - 1) * 3) {
                int64_t minused = k > 50000 ? k * 2 : k * 4;
                size = 8;
                while (size <= minused) size <<= 1;
            }
        return size == 8 ? 200 : 200 + 16 * size;
    }
    if (!t->builtin && v.is(Kind::Instance)) {
        int64_t slots = 0;
        bool weakref = false;  // a __weakref__ named in __slots__ adds the slot
        for (Type* m : t->mro) {
            if (m->builtin) continue;
            for (const std::string& n : m->slots)
                if (n == "__weakref__") weakref = true;
                else if (n != "__dict__") ++slots;
        }
        return 16 + 8 * slots + (weakref ? 8 : 0);
    }
    return 16;
}

// Whether instances of t have a __dict__ / take weak references (CPython's tp_dictoffset and
// tp_weaklistoffset being set), along the layout bases. Of the built-in bases Kiln allows, object,
// list, dict and tuple have neither, exceptions a dict only; the others (type, nn.Module and the
// classes PyTorch writes in Python) both.
static bool layout_has(const Type* t, const char* what) {
    const TypeTable& tt = T();
    const bool dict = std::string_view(what) == "__dict__";
    for (; t; t = t->base.get()) {
        if (t->builtin) {
            if (t == tt.object || t == tt.list || t == tt.dict || t == tt.tuple) return false;
            return dict || !t->is_exception;
        }
        if (!t->dict.find("__slots__") || std::find(t->slots.begin(), t->slots.end(), what) != t->slots.end()) return true;
    }
    return false;
}

// type.__new__'s additions to a new class's dict (CPython's type_ready: type_add_members, then
// type_add_getset): a member_descriptor per slot, in sorted order, then the '__dict__' and
// '__weakref__' getset descriptors where this class adds them (no __slots__, or named in them)
// and its layout base lacks them; a tuple's instances take no weak references (nonzero itemsize).
static void add_layout_descriptors(Type* cls) {
    std::vector<std::string> members;
    for (const std::string& n : cls->slots)
        if (n != "__dict__" && n != "__weakref__") members.push_back(n);
    std::sort(members.begin(), members.end());
    for (const std::string& n : members) cls->dict.set(n, new_member_descriptor(cls, n));
    const bool slotted = cls->dict.find("__slots__") != nullptr;
    auto adds = [&](const char* what) {
        return (!slotted || std::find(cls->slots.begin(), cls->slots.end(), what) != cls->slots.end()) &&
               !layout_has(cls->base.get(), what);
    };
    if (adds("__dict__")) cls->dict.set("__dict__", new_getset_descriptor(cls, "__dict__"));
    if (adds("__weakref__") && !native_of(cls)->is_subtype_of(T().tuple)) cls->dict.set("__weakref__", new_getset_descriptor(cls, "__weakref__"));
}

void hold_metaclass(Type* cls, Type* meta);  // heap.cpp: a class's reference to its user metaclass

// type.__new__(mcls, name, bases, namespace, **kwargs): the class object.
Value new_class(Interpreter& in, Type* meta, const std::string& name, const std::vector<Value>& base_values,
                const std::vector<std::pair<std::string, Value>>& ns, const CallArgs& kw) {
    const TypeTable& tt = T();
    std::vector<Ref<Type>> bases;
    for (const Value& b : base_values) {
        auto* bt = b.as<Type>();
        if (!bt) raise(tt.TypeError, str("class ", name, ": bases must be classes, not '", type_name(b), "'"));
        for (const auto& seen : bases)
            if (seen.get() == bt) raise(tt.TypeError, str("duplicate base class ", bt->name));
        if (final_builtin(bt)) raise(tt.TypeError, str("type '", bt->name, "' is not an acceptable base type"));
        bases.emplace_back(bt);
    }
    if (bases.empty()) bases.emplace_back(tt.object);
    // The layout base: the base whose built-in ancestor's layout is the most derived.
    Type* best = nullptr;
    Type* best_solid = nullptr;
    for (const auto& b : bases) {
        Type* s = solid_of(b.get());
        if (!best || s->is_subtype_of(best_solid) && s != best_solid) {
            best = b.get();
            best_solid = s;
        } else if (!best_solid->is_subtype_of(s)) {
            raise(tt.TypeError, "multiple bases have instance lay-out conflict");
        }
    }
    if (Type* native = native_of(best); !subclassable(native))
        raise(tt.TypeError, str("class ", name, "(", best->name, "): subclassing the built-in type '", native->name,
                                "' is not supported in Kiln (derive from object, an exception class or nn.Module)"));
    auto cls = make<Type>(meta, name, best, best->instance_kind);
    if (!meta->builtin) hold_metaclass(cls.get(), meta);  // `type(cls)` outlives a factory's local metaclass
    std::string error;
    if (!cls->set_bases(std::move(bases), &error)) raise(tt.TypeError, error);
    cls->module = "__main__";
    Value cell;
    for (const auto& [k, v] : ns) {
        if (k == "__classcell__") {
            cell = v;
            continue;
        }
        if (k == "__qualname__") {
            if (!v.is(Kind::Str)) raise(tt.TypeError, str("type __qualname__ must be a str, not ", type_name(v)));
            cls->qualname = str_of(v);
            continue;
        }
        if (k == "__module__" && v.is(Kind::Str)) cls->module = str_of(v);
        cls->dict.set(k, class_attr(k, v));
    }
    // __slots__: the names instances may hold; with __slots__ all along the MRO, no others.
    if (const Value* sl = cls->dict.find("__slots__")) {
        std::vector<Value> names = sl->is(Kind::Str) ? std::vector<Value>{*sl} : to_vector(in, *sl);
        // CPython's type_new: __dict__ (or __weakref__) named twice, or where a base's instances
        // already have one (a base class without __slots__)
        bool base_has_dict = false;
        for (Type* m : cls->mro)
            if (m != cls.get() && !m->builtin && !m->slots_only) base_has_dict = true;
        int dict_slots = 0, weakref_slots = 0;
        for (const Value& n : names) {
            if (!n.is(Kind::Str)) raise(tt.TypeError, str("__slots__ items must be strings, not '", type_name(n), "'"));
            for (auto [name, count] : {std::pair<const char*, int*>{"__dict__", &dict_slots}, {"__weakref__", &weakref_slots}})
                if (str_of(n) == name && (++*count > 1 || base_has_dict))
                    raise(tt.TypeError, str(name, " slot disallowed: we already got one"));
            // CPython's type_new: a slot would shadow (and be shadowed by) a class attribute
            const std::string& sn = str_of(n);
            if (sn != "__dict__" && sn != "__weakref__" && cls->dict.find(sn))
                raise(tt.ValueError, str("'", sn, "' in __slots__ conflicts with class variable"));
            // a private name is mangled as the class body's own `self.__x` is (CPython's _Py_Mangle)
            std::string stripped = cls->name.substr(std::min(cls->name.find_first_not_of('_'), cls->name.size()));
            bool priv = sn.size() > 2 && sn.compare(0, 2, "__") == 0 && sn.compare(sn.size() - 2, 2, "__") != 0 &&
                        sn.find('.') == std::string::npos && !stripped.empty();
            cls->slots.push_back(priv ? str("_", stripped, sn) : sn);
        }
    }
    add_layout_descriptors(cls.get());
    if (!cls->dict.find("__doc__")) cls->dict.set("__doc__", Value::none());
    // __eq__ without __hash__ makes instances unhashable (CPython sets __hash__ = None).
    if (cls->dict.find("__eq__") && !cls->dict.find("__hash__")) cls->dict.set("__hash__", Value::none());
    cls->slots_only = true;
    for (Type* m : cls->mro) {
        if (m == tt.object || m == tt.tuple || m == tt.list || m == tt.dict) continue;  // no instance dict there
        bool has = !m->builtin && m->dict.find("__slots__") &&
                   std::find(m->slots.begin(), m->slots.end(), "__dict__") == m->slots.end();
        if (!has) cls->slots_only = false;
        if (m != cls.get() && m->custom_getattribute) cls->custom_getattribute = true;
    }
    if (cls->dict.find("__getattribute__")) cls->custom_getattribute = true;
    if (auto* c = cell.as<Cell>()) c->value = Value(cls.get());
    Value clsv(cls.get());
    // __set_name__ on the namespace's values (descriptors learn their attribute names).
    std::vector<std::pair<std::string, Value>> items;
    cls->dict.for_each([&](const std::string& k, const Value& v) { items.emplace_back(k, v); });
    for (const auto& [k, v] : items) {
        if (!v.is_obj() || v.is(Kind::Type)) continue;
        if (Value f = find_dunder(v, "__set_name__"); !f.is_null()) {
            try {
                in.call(f, {v, clsv, new_str(k)});
            } catch (PyError& e) {
                // type_new_set_names (CPython 3.12): the exception itself unchanged, with a note naming
                // the descriptor, its attribute and the class
                if (auto* x = e.exc.as<ExceptionObj>()) {
                    Value note = new_str(str("Error calling __set_name__ on '", type_name(v), "' instance ", py_str_repr(k),
                                             " in '", cls->name, "'"));
                    Value* notes = x->dict.find("__notes__");
                    if (!notes) x->dict.set("__notes__", new_list({note}));
                    else if (auto* l = notes->as<List>()) l->items.push_back(note);
                }
                throw;
            }
        }
    }
    // The parent's __init_subclass__ with the class keywords.
    if (const Value* init_sub = find_after(cls.get(), "__init_subclass__")) {
        Value f = *init_sub;
        if (auto* cm = f.as<ClassMethod>()) f = cm->func;
        in.call_with_self(f, clsv, kw);
    }
    return clsv;
}

// __build_class__(body, name, *bases, metaclass=..., **kwargs)
Value build_class(Interpreter& in, const CallArgs& a) {
    const TypeTable& tt = T();
    if (a.nargs < 2 || !a.args[0].is(Kind::Function) || !a.args[1].is(Kind::Str))
        raise(tt.TypeError, "__build_class__: expected a class body function and a name");
    auto* body = a.args[0].get<Function>();
    const std::string name = str_of(a.args[1]);
    std::vector<Value> bases(a.args + 2, a.args + a.nargs);
    // PEP 560: a base that is not a class but has __mro_entries__ (a subscripted generic such as
    // Dataset[Tuple[Tensor, int]] or List[int]) is replaced by the classes that method returns, given the
    // original bases; the class then records those as __orig_bases__ (CPython's update_bases).
    std::vector<Value> orig_bases = bases;
    bool bases_changed = false;
    {
        std::vector<Value> resolved;
        Value orig_tuple;
        for (const Value& b : orig_bases) {
            if (b.is(Kind::Type)) {
                resolved.push_back(b);
                continue;
            }
            Value entries = getattr_or_null(in, b, "__mro_entries__");
            if (entries.is_null()) {
                resolved.push_back(b);
                continue;
            }
            if (orig_tuple.is_null()) orig_tuple = new_tuple(orig_bases);
            Value r = in.call(entries, {orig_tuple});
            if (!r.is(Kind::Tuple)) raise(tt.TypeError, "__mro_entries__ must return a tuple");
            for (const Value& e : r.get<Tuple>()->items) resolved.push_back(e);
            bases_changed = true;
        }
        if (bases_changed) bases = std::move(resolved);
    }
    // Keywords other than metaclass= go to __init_subclass__ (through the metaclass).
    Value meta;
    std::vector<Value> kwvalues;
    std::vector<Value> kwnames;
    for (size_t k = 0; k < a.nkw; ++k) {
        if (a.kwname(k) == "metaclass") {
            meta = a.kwvalues[k];
        } else {
            kwnames.push_back(a.kwnames->items[k]);
            kwvalues.push_back(a.kwvalues[k]);
        }
    }
    Ref<Tuple> kwtuple = make<Tuple>(kwnames);
    CallArgs kw;
    kw.kwvalues = kwvalues.data();
    kw.nkw = kwvalues.size();
    kw.kwnames = kw.nkw ? kwtuple.get() : nullptr;
    if (meta.is_null() || meta.is(Kind::Type))
        meta = Value(calculate_meta(meta.is_null() ? (bases.empty() ? tt.type : type_of(bases[0])) : meta.get<Type>(), bases));
    // The namespace: metaclass.__prepare__(name, bases, **kwds) where the metaclass defines one
    // (enum's _EnumDict refuses a reused member name as the body stores it), else a plain dict.
    // f(positional..., **the class statement's keywords): __prepare__ and the metaclass call
    auto call_with_class_keywords = [&](const Value& f, std::vector<Value> args) {
        const size_t npos = args.size();
        args.insert(args.end(), kwvalues.begin(), kwvalues.end());
        CallArgs ca;
        ca.args = args.data();
        ca.nargs = npos;
        ca.kwvalues = args.data() + npos;
        ca.nkw = kwvalues.size();
        ca.kwnames = kw.kwnames;
        return in.call(f, ca);
    };
    Value mapping;
    if (!meta.identical(Value(tt.type))) {
        Value prepare = getattr_or_null(in, meta, "__prepare__");
        if (!prepare.is_null()) {
            mapping = call_with_class_keywords(prepare, {a.args[1], new_tuple(bases)});
            if (!mapping.is(Kind::Dict) && !type_of(mapping)->lookup("__getitem__"))
                raise(tt.TypeError, str(meta.is(Kind::Type) ? meta.get<Type>()->name : std::string("<metaclass>"),
                                        ".__prepare__() must return a mapping, not ", type_name(mapping)));
        }
    }
    StrMap ns;
    Value cell = in.run_class_body(body, ns, mapping);
    if (bases_changed) {
        if (mapping.is_null()) ns.set("__orig_bases__", new_tuple(orig_bases));
        else in.call_method(mapping, "__setitem__", {new_str("__orig_bases__"), new_tuple(orig_bases)});
    }
    std::vector<std::pair<std::string, Value>> items;
    ns.for_each([&](const std::string& k, const Value& v) { items.emplace_back(k, v); });
    Value cls;
    if (meta.identical(Value(tt.type))) {
        cls = new_class(in, tt.type, name, bases, items, kw);
    } else {
        Value nsv = mapping;
        if (nsv.is_null()) {
            auto d = make<Dict>();
            for (const auto& [k, v] : items) d->set(new_str(k), v);
            nsv = Value(d.get());
        }
        cls = call_with_class_keywords(meta, {a.args[1], new_tuple(bases), nsv});
    }
    if (auto* c = cell.as<Cell>()) {
        if (c->value.is_null() && cls.is(Kind::Type)) c->value = cls;
    }
    return cls;
}

// Calling a class: the metaclass's __call__ when a metaclass overrides it, else type.__call__.
Value type_call(Interpreter& in, Type* t, const CallArgs& a, bool check_meta) {
    const TypeTable& tt = T();
    if (check_meta && t->type != tt.type) {
        const Value* c = t->type->lookup("__call__");
        if (c && !c->identical(g_type_call)) return in.call_with_self(*c, Value(t), a);
    }
    if (t == tt.type) {
        if (a.nargs == 1 && a.nkw == 0) return Value(type_of(a.args[0]));
        if (a.nargs != 3) raise(tt.TypeError, "type() takes 1 or 3 arguments");
    }
    if (t->builtin && t != tt.type) {
        if (!t->construct)
            raise(tt.TypeError, str("cannot create '", t->module == "builtins" ? t->name : t->module + "." + t->name, "' instances"));
        return t->construct(in, a);
    }
    const Value* nw = t->lookup("__new__");
    bool own_new = nw && !nw->identical(g_object_new);
    Value obj;
    if (own_new) {
        Value f = nw->is(Kind::StaticMethod) ? nw->get<StaticMethod>()->func : *nw;
        obj = in.call_with_self(f, Value(t), a);
        if (!isinstance(obj, t)) return obj;
    } else {
        obj = allocate_instance(in, t, a);
    }
    const Value* init = type_of(obj)->lookup("__init__");
    if (init && !init->identical(g_object_init)) {
        Value r = in.call_with_self(*init, obj, a);
        if (!r.is_none()) raise(tt.TypeError, str("__init__() should return None, not '", type_name(r), "'"));
    } else if ((a.nargs || a.nkw) && !own_new) {
        raise(tt.TypeError, str(t->name, "() takes no arguments"));
    }
    return obj;
}

// super(): the attribute `name` found after `start` in the MRO of the instance (or class) bound.
Value super_getattr(Interpreter& in, SuperObj* s, std::string_view name) {
    bool self_is_type = s->self.is(Kind::Type) && s->self.get<Type>()->is_subtype_of(s->start.get());
    Type* st = self_is_type ? s->self.get<Type>() : type_of(s->self);
    const auto& mro = st->mro;
    size_t i = 0;
    while (i < mro.size() && mro[i] != s->start.get()) ++i;
    for (++i; i < mro.size(); ++i) {
        const Value* d = mro[i]->dict.find(name);
        if (!d) continue;
        if (auto* cm = d->as<ClassMethod>()) return Value(make<BoundMethod>(cm->func, Value(st)).get());
        if (auto* sm = d->as<StaticMethod>()) return sm->func;
        if (self_is_type) return *d;
        if (auto* p = d->as<Property>()) {
            if (p->getter.is_null()) raise(T().AttributeError, "unreadable attribute");
            return in.call(p->getter, {s->self});
        }
        if (d->is(Kind::Function)) return Value(make<BoundMethod>(*d, s->self).get());
        if (auto* b = d->as<Builtin>(); b && b->self.is_null()) {
            auto bound = make<Builtin>(b->name, b->fn, b->qualname);
            bound->self = s->self;
            return Value(bound.get());
        }
        return *d;
    }
    if (name == "__class__") return Value(T().super_);
    return Value();
}

// The arguments after the first (self or cls).
CallArgs shifted(const CallArgs& a) {
    CallArgs rest = a;
    ++rest.args;
    --rest.nargs;
    return rest;
}

// list and tuple as bases (dict: builtin_subclass.cpp): allocation, __init__/__new__, and the
// dunders a subclass reaches through super() (they act on the layout, never on the overrides).
void register_builtin_bases(const TypeTable& t) {
    t.list->allocate = [](Interpreter&, Type* cls, const CallArgs&) { return Value(make<ListInstance>(cls).get()); };
    def_method(t.list, "__init__", [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "list() takes no keyword arguments");
        if (a.nargs > 2) raise(T().TypeError, str("list expected at most 1 argument, got ", a.nargs - 1));
        auto* l = a.args[0].as<List>();
        if (!l) raise(T().TypeError, "descriptor '__init__' requires a 'list' object");
        std::vector<Value> items = a.nargs == 2 ? to_vector(in, a.args[1]) : std::vector<Value>{};
        l->items = std::move(items);
        return Value::none();
    });
    t.tuple->dict.set("__new__", Value(immortal<StaticMethod>(Value(immortal<Builtin>("__new__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1) raise(T().TypeError, "tuple.__new__(): not enough arguments");
        if (!a.args[0].is(Kind::Type))
            raise(T().TypeError, str("tuple.__new__(X): X is not a type object (", type_name(a.args[0]), ")"));
        auto* cls = a.args[0].get<Type>();
        if (!cls->is_subtype_of(T().tuple))
            raise(T().TypeError, str("tuple.__new__(", cls->name, "): ", cls->name, " is not a subtype of tuple"));
        if (a.nkw) raise(T().TypeError, "tuple() takes no keyword arguments");
        if (a.nargs > 2) raise(T().TypeError, str("tuple expected at most 1 argument, got ", a.nargs - 1));
        std::vector<Value> items = a.nargs == 2 ? to_vector(in, a.args[1]) : std::vector<Value>{};
        if (cls->builtin) return Value(make<Tuple>(cls, std::move(items)).get());
        return Value(make<TupleInstance>(cls, std::move(items)).get());
    }, "tuple.__new__")))));
    for (Type* ty : {t.list}) {  // (dict's: builtin_subclass.cpp)
        def_method(ty, "__getitem__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(T().TypeError, "expected 1 argument");
            return getitem_layout(in, a.args[0], a.args[1]);
        });
        def_method(ty, "__setitem__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 3) raise(T().TypeError, "expected 2 arguments");
            setitem_layout(in, a.args[0], a.args[1], a.args[2]);
            return Value::none();
        });
        def_method(ty, "__delitem__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(T().TypeError, "expected 1 argument");
            delitem_layout(in, a.args[0], a.args[1]);
            return Value::none();
        });
        def_method(ty, "__len__", [](Interpreter&, const CallArgs& a) {
            if (auto* d = a.args[0].as<Dict>()) return Value::integer(int64_t(d->size()));
            return Value::integer(int64_t(a.args[0].get<List>()->items.size()));
        });
        def_method(ty, "__contains__", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(T().TypeError, "expected 1 argument");
            if (auto* d = a.args[0].as<Dict>()) return Value::boolean(d->find(a.args[1]) != nullptr);
            for (const Value& v : a.args[0].get<List>()->items)
                if (v.identical(a.args[1]) || equals(in, v, a.args[1])) return Value::boolean(true);
            return Value::boolean(false);
        });
        def_method(ty, "__iter__", [](Interpreter& in, const CallArgs& a) {
            if (auto* d = a.args[0].as<Dict>()) return get_iter(in, new_list(d->keys()));
            return get_iter(in, new_list(a.args[0].get<List>()->items));
        });
    }
}

void register_class_methods(const TypeTable& t) {
    register_builtin_bases(t);
    auto builtin = [](const char* name, const char* qual, NativeFn fn) { return Value(immortal<Builtin>(name, std::move(fn), qual)); };
    // object.__new__ / __init__ / __init_subclass__
    Value onew = builtin("__new__", "object.__new__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1) raise(T().TypeError, "object.__new__(): not enough arguments");
        auto* cls = a.args[0].as<Type>();
        if (!cls) raise(T().TypeError, str("object.__new__(X): X is not a type object (", type_name(a.args[0]), ")"));
        if (a.nargs > 1 || a.nkw) {
            const Value* nw = cls->lookup("__new__");
            const Value* init = cls->lookup("__init__");
            if (nw && !nw->identical(g_object_new))
                raise(T().TypeError, "object.__new__() takes exactly one argument (the type to instantiate)");
            if (!init || init->identical(g_object_init)) raise(T().TypeError, str(cls->name, "() takes no arguments"));
        }
        // nn.Module and its layers are Python classes in PyTorch (pickle's NEWOBJ makes them this way);
        // Kiln's native ones allocate a blank module that __init__ or __setstate__ completes.
        if (cls->builtin && cls != T().object && !cls->is_subtype_of(T().nn_module))
            raise(T().TypeError, str("object.__new__(", cls->name, ") is not safe, use ", cls->name, ".__new__()"));
        CallArgs rest;
        rest.args = a.args + 1;
        rest.nargs = a.nargs - 1;
        rest.kwvalues = a.kwvalues;
        rest.nkw = a.nkw;
        rest.kwnames = a.kwnames;
        return allocate_instance(in, cls, rest);
    });
    g_object_new = Value(immortal<StaticMethod>(onew));
    t.object->dict.set("__new__", g_object_new);
    g_object_init = builtin("__init__", "object.__init__", [](Interpreter&, const CallArgs& a) {
        if (a.nargs > 1 || a.nkw) {
            Type* cls = type_of(a.args[0]);
            const Value* init = cls->lookup("__init__");
            const Value* nw = cls->lookup("__new__");
            if (init && !init->identical(g_object_init))
                raise(T().TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
            if (!nw || nw->identical(g_object_new)) raise(T().TypeError, str(cls->name, "() takes no arguments"));
        }
        return Value::none();
    });
    t.object->dict.set("__init__", g_object_init);
    t.object->dict.set("__init_subclass__", Value(immortal<ClassMethod>(builtin("__init_subclass__", "object.__init_subclass__",
        [](Interpreter&, const CallArgs& a) {
            if (a.nkw) raise(T().TypeError, str(a.args[0].get<Type>()->name, ".__init_subclass__() takes no keyword arguments"));
            if (a.nargs > 1)
                raise(T().TypeError, str(a.args[0].get<Type>()->name, ".__init_subclass__() takes no positional arguments"));
            return Value::none();
        }))));
    register_object_slots();
    def_method(t.object, "__sizeof__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 1 || a.nkw) raise(T().TypeError, str("object.__sizeof__() takes no arguments (", a.nargs - 1, " given)"));
        return Value::integer(object_basic_size(in, a.args[0]));
    });
    def_method(t.object, "__setattr__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 3 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "expected 2 arguments: the attribute name (a str) and the value");
        generic_setattr(in, a.args[0], str_of(a.args[1]), a.args[2]);
        return Value::none();
    });
    def_method(t.object, "__delattr__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "expected 1 argument: the attribute name (a str)");
        generic_delattr(in, a.args[0], str_of(a.args[1]));
        return Value::none();
    });
    def_method(t.object, "__getattribute__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "expected 1 argument: the attribute name (a str)");
        Value v = generic_getattr(in, a.args[0], str_of(a.args[1]));
        if (v.is_null())
            raise(T().AttributeError, str("'", type_name(a.args[0]), "' object has no attribute '", str_of(a.args[1]), "'"));
        return v;
    });

    // type.__new__ / __init__ / __call__ / mro
    g_type_new = Value(immortal<StaticMethod>(builtin("__new__", "type.__new__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1) raise(T().TypeError, "type.__new__(): not enough arguments");
        if (!a.args[0].is(Kind::Type))
            raise(T().TypeError, str("type.__new__(X): X is not a type object (", type_name(a.args[0]), ")"));
        auto* meta = a.args[0].get<Type>();
        if (!meta->is_subtype_of(T().type))
            raise(T().TypeError, str("type.__new__(", meta->name, "): ", meta->name, " is not a subtype of type"));
        if (a.nargs != 4) raise(T().TypeError, str("type.__new__() takes exactly 3 arguments (", a.nargs - 1, " given)"));
        if (!a.args[1].is(Kind::Str)) raise(T().TypeError, str("type.__new__() argument 1 must be str, not ", type_name(a.args[1])));
        auto* bt = a.args[2].as<Tuple>();
        if (!bt) raise(T().TypeError, str("type.__new__() argument 2 must be tuple, not ", type_name(a.args[2])));
        auto* d = a.args[3].as<Dict>();
        if (!d) raise(T().TypeError, str("type.__new__() argument 3 must be dict, not ", type_name(a.args[3])));
        // type("X", (Base,), ns) with a metaclass among the bases: the winner's __new__ makes it.
        Type* winner = calculate_meta(meta, bt->items);
        if (winner != meta) {
            meta = winner;
            const Value* nw = winner->lookup("__new__");
            if (nw && !nw->identical(g_type_new)) {
                Value f = nw->is(Kind::StaticMethod) ? nw->get<StaticMethod>()->func : *nw;
                CallArgs rest = a;
                ++rest.args;
                --rest.nargs;
                return in.call_with_self(f, Value(winner), rest);
            }
        }
        std::vector<std::pair<std::string, Value>> items;
        d->for_each([&](const Value& k, const Value& v) {
            if (!k.is(Kind::Str)) raise(T().TypeError, "class namespace keys must be strings in Kiln");
            items.emplace_back(str_of(k), v);
        });
        CallArgs kw;
        kw.kwvalues = a.kwvalues;
        kw.nkw = a.nkw;
        kw.kwnames = a.kwnames;
        return new_class(in, meta, str_of(a.args[1]), bt->items, items, kw);
    })));
    t.type->dict.set("__new__", g_type_new);
    g_type_init = builtin("__init__", "type.__init__", [](Interpreter&, const CallArgs&) { return Value::none(); });
    t.type->dict.set("__init__", g_type_init);
    g_type_call = builtin("__call__", "type.__call__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1 || !a.args[0].is(Kind::Type)) raise(T().TypeError, "descriptor '__call__' requires a 'type' object");
        CallArgs rest = a;
        ++rest.args;
        --rest.nargs;
        return type_call(in, a.args[0].get<Type>(), rest, false);
    });
    t.type->dict.set("__call__", g_type_call);
    def_method(t.type, "mro", [](Interpreter&, const CallArgs& a) {
        auto* c = a.args[0].as<Type>();
        if (!c) raise(T().TypeError, "descriptor 'mro' requires a 'type' object");
        std::vector<Value> out;
        for (Type* m : c->mro) out.emplace_back(m);
        return new_list(std::move(out));
    });
    // type.__instancecheck__ / type.__subclasscheck__: the default checks by the MRO, which a
    // metaclass's own hooks fall back to (`return type.__instancecheck__(cls, obj)` or
    // super().__instancecheck__ in typing's _ProtocolMeta and user metaclasses).
    def_method(t.type, "__instancecheck__", [](Interpreter&, const CallArgs& a) {
        auto* c = a.nargs ? a.args[0].as<Type>() : nullptr;
        if (!c) raise(T().TypeError, "descriptor '__instancecheck__' requires a 'type' object");
        if (a.nargs != 2) raise(T().TypeError, str("type.__instancecheck__() takes exactly one argument (", a.nargs - 1, " given)"));
        return Value::boolean(type_of(a.args[1])->is_subtype_of(c));
    });
    def_method(t.type, "__subclasscheck__", [](Interpreter&, const CallArgs& a) {
        auto* c = a.nargs ? a.args[0].as<Type>() : nullptr;
        if (!c) raise(T().TypeError, "descriptor '__subclasscheck__' requires a 'type' object");
        if (a.nargs != 2) raise(T().TypeError, str("type.__subclasscheck__() takes exactly one argument (", a.nargs - 1, " given)"));
        auto* sub = a.args[1].as<Type>();
        if (!sub) raise(T().TypeError, "issubclass() arg 1 must be a class");
        return Value::boolean(sub->is_subtype_of(c));
    });
}

}  // namespace kiln::vm
