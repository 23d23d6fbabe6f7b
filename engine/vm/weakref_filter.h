// What destroy_object (heap.cpp) and the weak-reference tables (weakrefs.cpp) share: the count of
// objects in the tables and a filter of their addresses, so freeing an object asks the tables only
// when it may be there (a bit per address hash, set when an object enters the tables and cleared
// when they empty). Checking the tables on every free cost allocation-heavy loops ~20%.
#pragma once
#include <cstddef>
#include <cstdint>

namespace kiln::vm {

struct Object;

constexpr size_t kWeakrefFilterWords = 1024;  // 65536 bits
extern size_t g_weakref_entries;
extern uint64_t g_weakref_filter[kWeakrefFilterWords];

inline size_t weakref_filter_bit(const Object* o) {
    uintptr_t a = reinterpret_cast<uintptr_t>(o) >> 4;  // objects are 16-byte aligned
    return size_t((a ^ (a >> 16)) & 0xFFFF);
}
inline bool weakref_filter_hit(const Object* o) {
    size_t b = weakref_filter_bit(o);
    return (g_weakref_filter[b >> 6] >> (b & 63)) & 1;
}
inline void weakref_filter_add(const Object* o) {
    size_t b = weakref_filter_bit(o);
    g_weakref_filter[b >> 6] |= uint64_t(1) << (b & 63);
}

// An object in the tables is about to be freed (weakrefs.cpp).
void weakref_object_dying(Object* o);

}  // namespace kiln::vm
