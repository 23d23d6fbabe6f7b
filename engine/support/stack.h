// The C stack as a resource: how much is left below the current frame, and a check that turns
// "almost none" into a RecursionError before the process overflows it (CPython 3.12's C-stack
// protection, in spirit). The VM's recursion limit counts Python frames; natives that recurse on
// their own (repr, comparison, hashing, json, isinstance of nested tuples, the parser) and
// deep native frames (an ASan build's instruction loop needs tens of KiB per call) need a limit in
// bytes too, and a --recursion-limit larger than the stack can carry must end the same way.
#pragma once
#include <cstddef>

namespace kiln {

// Bytes of C stack below the current frame on this thread; SIZE_MAX when the bounds are unknown.
size_t stack_remaining();

// The margin kept free for the work a guarded call does before the next guard: the native code of
// one step (a sort, a regex match, a tensor kernel) and the error path that unwinds from it.
size_t stack_reserve();

// Throws kiln::Error(RecursionError, "maximum recursion depth exceeded<what>") when fewer than
// stack_reserve() bytes are left.
void check_stack(const char* what = "");

// True when fewer than `need` bytes are left: the caller is about to throw from deep in the stack.
// Every such check goes through here, which readies the stack for a deep unwind first (under ASan:
// stack.cpp's before_deep_throw).
bool stack_short(size_t need);

inline bool stack_low() { return stack_short(stack_reserve()); }

// Runs fn on a thread whose stack has `bytes` (a host that nests deeply: the CLI sizes it from
// --recursion-limit); returns false when no such thread can be made (fn did not run).
bool run_with_stack(size_t bytes, void (*fn)(void*), void* arg);

}  // namespace kiln
