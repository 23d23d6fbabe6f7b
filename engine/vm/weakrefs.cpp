// Weak references: the native half of weakref (engine/stdlib/weakref.py writes the classes).
//
// A weak reference is an ordinary Python object (weakref.ref, a subclass, a proxy's holder) that
// this file pairs with its referent in two side tables, so objects carry no list of their own:
// destroy_object asks the tables about an object it frees when their address filter says it may be
// there (weakref_filter.h). Neither side holds a count on the other: the tables keep raw pointers,
// and each entry leaves the tables when either object is freed (destroy_object calls
// weakref_object_dying), so no pointer outlives its object and nothing is kept alive (no cycle for
// LeakSanitizer to find).
//
// When a referent is freed (after its __del__, as CPython's subtype_dealloc), every reference to it
// dies at once: calling it gives None from then on. The references made with a callback are queued,
// newest first (CPython's order: PyObject_ClearWeakRefs walks the list from its head, where the
// newest callback reference sits after the basic ones), and their callbacks run at the next safe
// point, as __del__ does (interpreter.cpp): never inside the container operation that dropped the
// last reference. An error in a callback is printed as CPython's "Exception ignored in: ..." and the
// program goes on. Objects kept alive by a reference cycle are not freed before the interpreter's
// teardown (Kiln counts references and has no cycle collector), so their references stay alive.
//
// _weakref's functions (private to weakref.py): _register(ref, obj, has_callback) (true: the ref
// must hold obj, a tensor), _get(ref) (the
// referent or None), _refs(obj) (the live references to obj, oldest first), getweakrefcount(obj).
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/typetable.h"
#include "vm/weakref_filter.h"

namespace kiln::vm {

namespace {

using module_def::def;


struct RefEntry {
    Object* target;  // null once the referent was freed
    bool callback;
};

std::unordered_map<Object*, RefEntry>& refs() {
    static auto* m = new std::unordered_map<Object*, RefEntry>();
    return *m;
}
std::unordered_map<Object*, std::vector<Object*>>& targets() {
    static auto* m = new std::unordered_map<Object*, std::vector<Object*>>();
    return *m;
}
// References whose referent died, each held (a counted Value) until its callback has run.
std::vector<Value>& pending() {
    static auto* v = new std::vector<Value>();
    return *v;
}

Object* referent_object(const Value& obj) {
    if (!obj.is_obj()) raise(T().TypeError, str("cannot create weak reference to '", type_name(obj), "' object"));
    return obj.obj();
}

}  // namespace

void request_weakref_safe_point();  // interpreter.cpp

void weakref_object_dying(Object* o) {
    auto it = refs().find(o);
    if (it != refs().end()) {  // a weak reference: it leaves its referent's list
        if (Object* t = it->second.target) {
            auto tt = targets().find(t);
            if (tt != targets().end()) {
                auto& v = tt->second;
                v.erase(std::remove(v.begin(), v.end(), o), v.end());
                if (v.empty()) targets().erase(tt);
            }
        }
        refs().erase(it);
    }
    auto tt = targets().find(o);
    if (tt != targets().end()) {  // a referent: its references die
        std::vector<Object*> list = std::move(tt->second);
        targets().erase(tt);
        Interpreter* in = current_interpreter_or_null();
        bool queued = false;
        for (auto r = list.rbegin(); r != list.rend(); ++r) {
            auto ri = refs().find(*r);
            if (ri == refs().end()) continue;
            ri->second.target = nullptr;
            // a reference whose own count is zero is being freed itself: no callback (CPython
            // skips the callbacks of references that are garbage too)
            if (ri->second.callback && in && !in->finalizing() && (*r)->refcount > 0) {
                pending().push_back(Value(*r));
                queued = true;
            }
        }
        if (queued) request_weakref_safe_point();
    }
    g_weakref_entries = refs().size() + targets().size();
    if (!g_weakref_entries) std::fill(std::begin(g_weakref_filter), std::end(g_weakref_filter), 0);
}

bool weakref_callbacks_pending() { return !pending().empty(); }

void run_weakref_callbacks(Interpreter& in) {
    while (!pending().empty()) {
        Value r = std::move(pending().front());
        pending().erase(pending().begin());
        Value cb;
        try {
            cb = getattr(in, r, "__callback__");
            if (cb.is_none()) continue;
            in.call(cb, {r});
        } catch (PyError& e) {
            // a spent budget or a Stop is raised again by the program's next instruction
            if (type_of(e.exc)->name == "KilnLimitError") continue;
            in.write_err(str("Exception ignored in: ", cb.is_null() ? repr(in, r) : repr(in, cb), "\n", in.format_exception(e.exc)));
        }
    }
}

void drop_weakref_callbacks() { pending().clear(); }

namespace {

void weakref_module(Interpreter&, ModuleObj& m);

}  // namespace

Type* reference_error_type();

namespace {

void weakref_module(Interpreter&, ModuleObj& m) {
    m.dict.set("ReferenceError", Value(reference_error_type()));
    def(m, "_register", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 3 || !a.args[0].is_obj()) raise(T().TypeError, "_register(ref, obj, has_callback)");
        Object* r = a.args[0].obj();
        Object* t = referent_object(a.args[1]);
        if (refs().count(r)) raise(T().TypeError, "this weak reference is already registered");
        refs()[r] = RefEntry{t, truthy(in, a.args[2])};
        targets()[t].push_back(r);
        g_weakref_entries = refs().size() + targets().size();
        weakref_filter_add(r);
        weakref_filter_add(t);
        // A tensor's Python object dies with its last Python reference, while PyTorch keeps it (PyObject
        // preservation) as long as anything holds the tensor: a view's base, the autograd graph, an
        // optimizer. So that a weak reference to a tensor does not die before PyTorch's would, the
        // reference holds the tensor (weakref.py keeps it): true here.
        return Value::boolean(t->kind == Kind::Tensor);
    });
    def(m, "_get", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || !a.args[0].is_obj()) return Value::none();
        auto it = refs().find(a.args[0].obj());
        if (it == refs().end() || !it->second.target) return Value::none();
        return Value(it->second.target);
    });
    def(m, "_refs", [](Interpreter&, const CallArgs& a) {
        std::vector<Value> out;
        if (a.nargs == 1 && a.args[0].is_obj()) {
            auto tt = targets().find(a.args[0].obj());
            if (tt != targets().end())
                for (Object* r : tt->second) out.push_back(Value(r));
        }
        return new_list(std::move(out));
    });
    def(m, "getweakrefcount", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, str("getweakrefcount() takes exactly one argument (", a.nargs, " given)"));
        if (!a.args[0].is_obj()) return Value::integer(0);
        auto tt = targets().find(a.args[0].obj());
        return Value::integer(tt == targets().end() ? 0 : int64_t(tt->second.size()));
    });
}

}  // namespace

// CPython's ReferenceError (a builtin): a proxy used after its referent was freed.
Type* reference_error_type() {
    static Type* t = make_exception_type("ReferenceError", T().Exception, "builtins");
    return t;
}

void install_weakref_module() { Interpreter::register_module("_weakref", weakref_module); }

}  // namespace kiln::vm
