// Heap bookkeeping and cycle-breaking teardown; see heap.h.
#include "vm/heap.h"

#include "vm/types.h"
#include "vm/weakref_filter.h"

#include <mutex>
#include <unordered_map>
#include <vector>

namespace kiln::vm {

namespace {
thread_local Heap* g_current_heap = nullptr;
}

// ---- a class's reference to its metaclass ------------------------------------------------------
// Object::type is a plain pointer: built-in types are immortal and an instance of a user class
// holds the class through Instance::type_ref. A class is an object too, and a user metaclass (a
// `class Meta(type)` local to a factory, six.with_metaclass's temporary metaclass) must live as long
// as the classes made from it, as CPython's heap types hold a reference to their ob_type. The
// reference is kept here, keyed by the class, rather than in the Type layout: new_class
// (classes.cpp) takes it, and the class releases it when it is destroyed (Object::~Object below) or
// cleared at teardown (Type::clear, which breaks the cycles a metaclass that refers to its classes
// makes, a registry for instance). A mutex guards the table: interpreters run on their own threads.
namespace {
std::mutex& metaclass_refs_mutex() {
    static auto* m = new std::mutex();  // deliberately never freed: used by destructors at exit
    return *m;
}
std::unordered_map<const Object*, Object*>& metaclass_refs() {
    static auto* refs = new std::unordered_map<const Object*, Object*>();
    return *refs;
}
}  // namespace

void hold_metaclass(Type* cls, Type* meta) {
    if (meta->immortal) return;
    incref(meta);
    Object* old = nullptr;
    {
        std::lock_guard<std::mutex> lock(metaclass_refs_mutex());
        Object*& slot = metaclass_refs()[cls];
        old = slot;
        slot = meta;
    }
    if (old) decref(old);
}

void release_metaclass(const Object* cls) {
    Object* meta = nullptr;
    {
        std::lock_guard<std::mutex> lock(metaclass_refs_mutex());
        auto it = metaclass_refs().find(cls);
        if (it == metaclass_refs().end()) return;
        meta = it->second;
        metaclass_refs().erase(it);
    }
    decref(meta);  // outside the lock: freeing the metaclass may release its own metaclass
}

Object::~Object() {
    if (kind == Kind::Type) release_metaclass(this);
}

Heap* current_heap() { return g_current_heap; }

void track_object(Object* o) {
    if (g_current_heap) g_current_heap->link(o);
}

// Freeing a deeply nested structure ([[[...]]] 100000 levels) would recurse once per level through
// destructors and overflow the C++ stack. Past a depth, objects are parked and freed by the outermost
// call in a loop instead (CPython's "trashcan").
namespace {
thread_local int g_destroy_depth = 0;
thread_local std::vector<Object*>* g_parked = nullptr;
}  // namespace

// Set by the interpreter: takes an object whose count reached zero and returns true when it kept
// it alive to run its class's __del__ first (interpreter.cpp).
bool (*g_finalizer_hook)(Object*) = nullptr;

// Weak references (weakref_filter.h)
size_t g_weakref_entries = 0;
uint64_t g_weakref_filter[kWeakrefFilterWords] = {};

// CPython's list_dealloc and tupledealloc release their items from the last to the first: the
// __del__ of objects held in a list or tuple runs in reverse order when it goes.
static void release_items_last_first(Object* o) {
    std::vector<Value>* items = o->kind == Kind::List    ? &static_cast<List*>(o)->items
                                : o->kind == Kind::Tuple ? &static_cast<Tuple*>(o)->items
                                                         : nullptr;
    if (items)
        while (!items->empty()) items->pop_back();
}

void destroy_object(Object* o) {
    if (g_finalizer_hook && g_finalizer_hook(o)) return;
    // after __del__ (which may resurrect it), as CPython's subtype_dealloc clears weak references;
    // the tables are asked only about objects that may be in them (a filter of address bits)
    if (g_weakref_entries && weakref_filter_hit(o)) weakref_object_dying(o);
    if (o->heap) o->heap->unlink(o);
    if (g_destroy_depth > 200) {
        if (!g_parked) g_parked = new std::vector<Object*>();
        g_parked->push_back(o);
        return;
    }
    ++g_destroy_depth;
    release_items_last_first(o);
    delete o;
    if (g_destroy_depth == 1) {
        while (g_parked && !g_parked->empty()) {
            Object* next = g_parked->back();
            g_parked->pop_back();
            release_items_last_first(next);
            delete next;
        }
    }
    --g_destroy_depth;
}

void Heap::link(Object* o) {
    o->heap = this;
    o->heap_prev = nullptr;
    o->heap_next = head_;
    if (head_) head_->heap_prev = o;
    head_ = o;
    ++count_;
}

void Heap::unlink(Object* o) {
    if (o->heap_prev)
        o->heap_prev->heap_next = o->heap_next;
    else
        head_ = o->heap_next;
    if (o->heap_next) o->heap_next->heap_prev = o->heap_prev;
    o->heap_prev = o->heap_next = nullptr;
    o->heap = nullptr;
    --count_;
}

void Heap::teardown() {
    HeapScope scope(this);
    // Pin everything, clear, unpin. Clearing can create no new tracked objects that matter: any made
    // during clear() are freed by the loop below on a later round.
    while (head_) {
        std::vector<Object*> all;
        all.reserve(count_);
        for (Object* o = head_; o; o = o->heap_next) all.push_back(o);
        for (Object* o : all) incref(o);
        for (Object* o : all) {
            o->clear();
            if (o->kind == Kind::Native)  // a NativeObj's instance attributes (Type::native_dict)
                if (auto* n = dynamic_cast<NativeObj*>(o)) n->attrs.reset();
        }
        for (Object* o : all) decref(o);
        if (head_ && count_ == all.size()) {
            // Something outside still holds references: detach the survivors so they are freed by
            // their owners later without touching this heap.
            for (Object* o = head_; o;) {
                Object* next = o->heap_next;
                o->heap_prev = o->heap_next = nullptr;
                o->heap = nullptr;
                o = next;
            }
            head_ = nullptr;
            count_ = 0;
        }
    }
}

HeapScope::HeapScope(Heap* heap) : prev_(g_current_heap) { g_current_heap = heap; }
HeapScope::~HeapScope() { g_current_heap = prev_; }

void keep_immortal(Object* o) {
    static auto* registry = new std::vector<Object*>();  // deliberately never freed
    registry->push_back(o);
}

}  // namespace kiln::vm
