// Values and objects: what the VM's stack, locals and containers hold.
//
// A Value is a 16-byte tagged union. None, bool, int (64-bit) and float live inline, so arithmetic
// loops allocate nothing; everything else is a pointer to a reference-counted Object (CPython's
// PyObject in miniature: a refcount, a type pointer, a C++ layout tag). Null is not a Python value:
// it marks an unbound local and the "no self" slot that PUSH_NULL puts below a callable.
//
// Ownership: Value and Ref<T> hold a strong reference. Objects made with make<T>() are tracked by
// the current Heap (heap.h), which breaks reference cycles (module -> function -> module globals)
// when the interpreter is torn down; objects made with immortal<T>() (built-in types and their
// methods, shared by every interpreter) are never freed.
#pragma once
#include <cstdint>
#include <string>
#include <utility>

namespace kiln::vm {

struct Type;
class Heap;

// The C++ layout of an object: which struct in types.h it is. A user class instance is an
// Instance, Exception or ModuleObj depending on its nearest built-in base (CPython's tp_basicsize).
enum class Kind : uint8_t {
    Type, Str, List, Tuple, Dict, Function, BoundMethod, Builtin, Cell, Code, Module, Instance,
    Exception, Range, Slice, Iterator, Property, StaticMethod, ClassMethod, Super, Tensor, NNModule,
    Native
};

struct Object {
    explicit Object(Kind k, Type* t) : kind(k), type(t) {}
    virtual ~Object();
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;

    // Drops every reference this object holds to other objects; the Heap calls it on teardown to
    // break cycles. After clear() the object must still be safe to destroy.
    virtual void clear() {}

    uint32_t refcount = 0;
    Kind kind;
    bool immortal = false;
    Type* type;  // never null; built-in types are immortal, user classes are kept alive by instances
    Heap* heap = nullptr;  // the Heap that tracks this object (intrusive list links below)
    Object* heap_prev = nullptr;
    Object* heap_next = nullptr;
};

void destroy_object(Object* o);  // unlinks from the heap and deletes (heap.cpp)

inline void incref(Object* o) { ++o->refcount; }
inline void decref(Object* o) {
    if (--o->refcount == 0 && !o->immortal) destroy_object(o);
}

enum class Tag : uint8_t { Null, None, Bool, Int, Float, Obj };

class Value {
public:
    Value() = default;  // Null
    Value(Object* o) : tag_(Tag::Obj) {  // NOLINT: implicit from an object pointer is the common case
        u_.o = o;
        incref(o);
    }
    static Value none() { return Value(Tag::None); }
    static Value boolean(bool b) {
        Value v(Tag::Bool);
        v.u_.b = b;
        return v;
    }
    static Value integer(int64_t i) {
        Value v(Tag::Int);
        v.u_.i = i;
        return v;
    }
    static Value number(double f) {
        Value v(Tag::Float);
        v.u_.f = f;
        return v;
    }

    Value(const Value& o) : tag_(o.tag_), u_(o.u_) {
        if (tag_ == Tag::Obj) incref(u_.o);
    }
    Value(Value&& o) noexcept : tag_(o.tag_), u_(o.u_) { o.tag_ = Tag::Null; }
    Value& operator=(const Value& o) {
        // Read `o` before releasing: it may live inside the object this value is about to drop
        // (f = f.as<BoundMethod>()->func), which release() can free.
        const Tag t = o.tag_;
        const auto u = o.u_;
        if (t == Tag::Obj) incref(u.o);
        release();
        tag_ = t;
        u_ = u;
        return *this;
    }
    Value& operator=(Value&& o) noexcept {
        if (this != &o) {
            release();
            tag_ = o.tag_;
            u_ = o.u_;
            o.tag_ = Tag::Null;
        }
        return *this;
    }
    ~Value() { release(); }

    Tag tag() const { return tag_; }
    bool is_null() const { return tag_ == Tag::Null; }
    bool is_none() const { return tag_ == Tag::None; }
    bool is_bool() const { return tag_ == Tag::Bool; }
    bool is_int() const { return tag_ == Tag::Int; }
    bool is_float() const { return tag_ == Tag::Float; }
    bool is_obj() const { return tag_ == Tag::Obj; }
    bool is(Kind k) const { return tag_ == Tag::Obj && u_.o->kind == k; }

    bool as_bool() const { return u_.b; }
    int64_t as_int() const { return u_.i; }
    double as_float() const { return u_.f; }
    Object* obj() const { return u_.o; }
    // The object as its layout struct, or nullptr when it is another kind.
    template <typename T>
    T* as() const {
        return is(T::kKind) ? static_cast<T*>(u_.o) : nullptr;
    }
    // Unchecked downcast: the caller has checked the kind.
    template <typename T>
    T* get() const {
        return static_cast<T*>(u_.o);
    }
    // Identity, Python's `is` (inline values compare by value: small ints and floats are cached).
    bool identical(const Value& o) const;

private:
    explicit Value(Tag t) : tag_(t) { u_.i = 0; }
    void release() {
        if (tag_ == Tag::Obj) decref(u_.o);
    }
    Tag tag_ = Tag::Null;
    union {
        bool b;
        int64_t i;
        double f;
        Object* o;
    } u_{};
};

// A strong reference to an object of a known layout.
template <typename T>
class Ref {
public:
    Ref() = default;
    Ref(T* p) : p_(p) {  // NOLINT
        if (p_) incref(p_);
    }
    Ref(const Ref& o) : Ref(o.p_) {}
    Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
    template <typename U>
    Ref(const Ref<U>& o) : Ref(static_cast<T*>(o.get())) {}  // NOLINT: upcast
    Ref& operator=(Ref o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    ~Ref() {
        if (p_) decref(p_);
    }
    T* get() const { return p_; }
    T* operator->() const { return p_; }
    T& operator*() const { return *p_; }
    explicit operator bool() const { return p_ != nullptr; }
    operator Value() const { return p_ ? Value(p_) : Value(); }  // NOLINT
    void reset() { *this = Ref(); }

private:
    T* p_ = nullptr;
};

class Heap;
Heap* current_heap();
void track_object(Object* o);  // links into current_heap(), if any

// A new tracked object with a reference count owned by the returned Ref.
template <typename T, typename... A>
Ref<T> make(A&&... args) {
    T* o = new T(std::forward<A>(args)...);
    track_object(o);
    return Ref<T>(o);
}

// Immortals stay reachable from a registry that is itself never destroyed, so that leak checkers
// (LeakSanitizer runs after static destructors) see them as live, not leaked.
void keep_immortal(Object* o);

// An object that is never freed (built-in types, their methods, singletons).
template <typename T, typename... A>
T* immortal(A&&... args) {
    T* o = new T(std::forward<A>(args)...);
    o->immortal = true;
    o->refcount = 1;
    keep_immortal(o);
    return o;
}

}  // namespace kiln::vm
