// Heap accounting (heap_accounting.h): the replaceable global operator new/delete, counting each
// block's usable size, and the cap's trip point.
//
// Every variant the C++ library declares is replaced (plain, array, aligned, nothrow, sized
// delete): a program that mixed ours and the runtime's would count blocks it never saw freed. The
// blocks come from malloc/aligned_alloc and go back through free, so a sanitizer's allocator still
// sees every one.
#include "support/heap_accounting.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <limits>
#include <new>

#if defined(__GLIBC__) || defined(__EMSCRIPTEN__)
#include <malloc.h>
#define KILN_HEAP_ACCOUNTING 1
#endif

namespace kiln {

namespace {
constexpr int64_t kNoCap = std::numeric_limits<int64_t>::max();
std::atomic<int64_t> g_in_use{0};
std::atomic<int64_t> g_cap{0};         // 0: none
std::atomic<int64_t> g_trip_at{kNoCap};  // the cap, or the cap plus the margin after a report
std::atomic<bool> g_tripped{false};
// Plain data, so reading it from operator new needs no thread-local constructor (which could allocate).
thread_local HeapTripHook t_hook;

// Enough to unwind, format a traceback and run a handler; a handler that keeps allocating past it trips again.
int64_t margin(int64_t cap) { return std::max<int64_t>(cap / 8, int64_t(16) << 20); }

[[maybe_unused]] void trip() {
    g_tripped.store(true, std::memory_order_relaxed);
    if (t_hook.fn) t_hook.fn(t_hook.ctx);
}
}  // namespace

#ifdef KILN_HEAP_ACCOUNTING
bool heap_accounting_supported() { return true; }
#else
bool heap_accounting_supported() { return false; }
#endif

int64_t heap_bytes_in_use() { return g_in_use.load(std::memory_order_relaxed); }

void set_heap_cap(size_t bytes) {
    const int64_t cap = bytes == 0 || bytes > size_t(kNoCap) ? 0 : int64_t(bytes);
    g_cap.store(cap, std::memory_order_relaxed);
    g_trip_at.store(cap ? cap : kNoCap, std::memory_order_relaxed);
    g_tripped.store(false, std::memory_order_relaxed);
}

size_t heap_cap() { return size_t(g_cap.load(std::memory_order_relaxed)); }

bool heap_cap_tripped() { return g_tripped.load(std::memory_order_relaxed); }

bool heap_cap_take_trip() {
    g_tripped.store(false, std::memory_order_relaxed);
    const int64_t cap = g_cap.load(std::memory_order_relaxed);
    if (!cap || heap_bytes_in_use() <= cap) return false;
    g_trip_at.store(cap + margin(cap), std::memory_order_relaxed);
    return true;
}

void heap_cap_excuse_trip() { g_tripped.store(false, std::memory_order_relaxed); }

HeapTripHook exchange_heap_trip_hook(HeapTripHook hook) {
    HeapTripHook prev = t_hook;
    t_hook = hook;
    return prev;
}

}  // namespace kiln

#ifdef KILN_HEAP_ACCOUNTING
namespace {
void* counted(void* p) {
    if (p) {
        const int64_t n = int64_t(malloc_usable_size(p));
        const int64_t now = kiln::g_in_use.fetch_add(n, std::memory_order_relaxed) + n;
        if (now > kiln::g_trip_at.load(std::memory_order_relaxed)) kiln::trip();
    }
    return p;
}

void uncount_and_free(void* p) noexcept {
    if (!p) return;
    const int64_t n = int64_t(malloc_usable_size(p));
    const int64_t now = kiln::g_in_use.fetch_sub(n, std::memory_order_relaxed) - n;
    // Back under the cap after a report: the cap itself is the trip point again.
    const int64_t cap = kiln::g_cap.load(std::memory_order_relaxed);
    if (cap && now <= cap && kiln::g_trip_at.load(std::memory_order_relaxed) != cap)
        kiln::g_trip_at.store(cap, std::memory_order_relaxed);
    std::free(p);
}

void* plain(size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    return counted(p);
}

void* aligned(size_t n, std::align_val_t al) {
    const size_t a = std::max(size_t(al), sizeof(void*));
    if (n > std::numeric_limits<size_t>::max() - a) throw std::bad_alloc();
    const size_t rounded = std::max((n + a - 1) / a * a, a);  // aligned_alloc wants a multiple of the alignment
    void* p = std::aligned_alloc(a, rounded);
    if (!p) throw std::bad_alloc();
    return counted(p);
}
}  // namespace

void* operator new(size_t n) { return plain(n); }
void* operator new[](size_t n) { return plain(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept { return counted(std::malloc(n ? n : 1)); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return counted(std::malloc(n ? n : 1)); }
void* operator new(size_t n, std::align_val_t al) { return aligned(n, al); }
void* operator new[](size_t n, std::align_val_t al) { return aligned(n, al); }
void* operator new(size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
    try {
        return aligned(n, al);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
    try {
        return aligned(n, al);
    } catch (...) {
        return nullptr;
    }
}

void operator delete(void* p) noexcept { uncount_and_free(p); }
void operator delete[](void* p) noexcept { uncount_and_free(p); }
void operator delete(void* p, size_t) noexcept { uncount_and_free(p); }
void operator delete[](void* p, size_t) noexcept { uncount_and_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { uncount_and_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { uncount_and_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { uncount_and_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { uncount_and_free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { uncount_and_free(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { uncount_and_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { uncount_and_free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { uncount_and_free(p); }
#endif
