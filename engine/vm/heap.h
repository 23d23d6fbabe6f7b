// The heap: every object an interpreter creates, so that cycles can be broken when it ends.
//
// Reference counting frees most objects as soon as they are unreachable (a tensor dropped in a
// loop returns its memory at once, which the tensor-memory cap relies on). Cycles are common in
// Python programs (a module's globals hold its functions, which hold the globals), so the heap keeps
// an intrusive list of live objects; teardown() pins every one, calls clear() on each to drop their
// references to each other, then unpins, which frees them all (CPython's gc uses tp_clear the same
// way). An interpreter makes its heap current for the thread while it runs.
#pragma once
#include <cstddef>

#include "vm/object.h"

namespace kiln::vm {

class Heap {
public:
    Heap() = default;
    ~Heap() { teardown(); }
    Heap(const Heap&) = delete;
    Heap& operator=(const Heap&) = delete;

    void link(Object* o);
    void unlink(Object* o);
    size_t live_objects() const { return count_; }
    // Calls f(o) for every tracked object, the oldest first; f must not free objects.
    template <typename F>
    void for_each_oldest_first(F&& f) const {
        Object* o = head_;
        while (o && o->heap_next) o = o->heap_next;
        for (; o; o = o->heap_prev) f(o);
    }
    // Frees every tracked object, cycles included. Values still held from outside become dangling:
    // call it only when nothing outside the interpreter refers to its objects.
    void teardown();

private:
    Object* head_ = nullptr;
    size_t count_ = 0;
};

// Makes `heap` current for this thread for the guard's lifetime (nests).
class HeapScope {
public:
    explicit HeapScope(Heap* heap);
    ~HeapScope();
    HeapScope(const HeapScope&) = delete;
    HeapScope& operator=(const HeapScope&) = delete;

private:
    Heap* prev_;
};

}  // namespace kiln::vm
