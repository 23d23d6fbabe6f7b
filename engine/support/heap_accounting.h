// Heap accounting: the bytes every C++ `new` has handed out and not yet taken back, and a cap on them.
//
// Python objects are many small allocations (a list's Value array, a str's bytes, a dict's table,
// the object headers themselves); no single one passes the 1 GiB per-object limit, yet
// `l = []; while True: l.append([0] * 1000)` grows until the OS kills the process. CPython ends the
// same program with MemoryError when malloc fails. Kiln counts at the allocator: the replaceable
// global operator new/delete (heap_accounting.cpp) add and subtract each block's usable size, so
// every container's growth is seen without touching the containers. Tensor data is not counted
// here (it comes from aligned_alloc under its own cap, tensor/storage.h).
//
// Crossing the cap never throws inside the allocator (a throw from a destructor's or a noexcept
// move's allocation would abort): it "trips", calling the trip hook of the allocating thread,
// which the VM points at its instruction loop; the next instruction raises MemoryError
// (vm/interpreter.cpp). After a raise, `heap_cap_grant_headroom()` lets the program allocate past
// the cap by a margin, enough to unwind, print a traceback or run an `except MemoryError:` handler;
// going past the margin trips again, and falling back under the cap re-arms the cap itself.
//
// Counting needs the block's size at free time: glibc's and Emscripten's malloc_usable_size. Other
// C libraries build without the replacement (heap_accounting_supported() is false, no cap).
#pragma once
#include <cstddef>
#include <cstdint>

namespace kiln {

bool heap_accounting_supported();
// Bytes live in operator-new blocks, the process over (usable sizes, so a little over what was asked).
int64_t heap_bytes_in_use();
// The cap (0: none); setting it re-arms it.
void set_heap_cap(size_t bytes);
size_t heap_cap();
// Whether an allocation has passed the trip point since the last take (cheap: one load).
bool heap_cap_tripped();
// Takes the trip: true when usage is over the cap, and the next trip point becomes the cap plus
// the margin (the cap again once usage falls back under it); false when usage is back under it.
bool heap_cap_take_trip();
// Forgets a trip without reporting it: the allocations an exception's delivery made (the exception
// object, its traceback entries) are the machinery's, as CPython's preallocated MemoryErrors are;
// the program's next allocation over the trip point trips again.
void heap_cap_excuse_trip();

// The allocating thread's trip hook (fn null: none). Called from inside operator new: it must not
// allocate, lock or throw. The VM sets it for the thread an interpreter runs on; the previous one
// is returned so nested interpreters restore it.
struct HeapTripHook {
    void (*fn)(void* ctx) = nullptr;
    void* ctx = nullptr;
};
HeapTripHook exchange_heap_trip_hook(HeapTripHook hook);

}  // namespace kiln
