// support/stack.h: the current thread's stack bounds (pthread on POSIX, the Emscripten stack API in
// the browser), cached per thread.
#include "support/stack.h"

#include <cstdint>
#include <limits>

#include "support/error.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten/stack.h>
#elif defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define KILN_ASAN_STACK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KILN_ASAN_STACK 1
#endif
#endif
#ifndef KILN_ASAN_STACK
#define KILN_ASAN_STACK 0
#endif
#if KILN_ASAN_STACK
#include <sanitizer/asan_interface.h>
#endif

namespace kiln {

namespace {

constexpr bool kAsan = KILN_ASAN_STACK;

#if !defined(__EMSCRIPTEN__)
// This thread's stack: the lowest usable address (above the guard page) and the top (stacks grow
// down on every target Kiln runs on); zeros when unknown.
struct StackBounds {
    uintptr_t low = 0, high = 0;
};

const StackBounds& stack_bounds() {
    static thread_local bool asked = false;
    static thread_local StackBounds b;
    if (asked) return b;
    asked = true;
#if defined(__APPLE__)
    pthread_t self = pthread_self();
    b.high = uintptr_t(pthread_get_stackaddr_np(self));
    b.low = b.high - pthread_get_stacksize_np(self);
#elif defined(__unix__)
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* addr = nullptr;
        size_t size = 0;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
            size_t guard = 0;
            pthread_attr_getguardsize(&attr, &guard);
            b.low = uintptr_t(addr) + guard;
            b.high = uintptr_t(addr) + size;
        }
        pthread_attr_destroy(&attr);
    }
#endif
    return b;
}
#endif

// An error thrown this deep is about to unwind many frames. Under ASan, __cxa_throw asks the runtime
// to clear the poison of the frames it leaves (__asan_handle_no_return), but the runtime declines when
// more than 64 MiB of stack is in use ("ASan is ignoring requested __asan_handle_no_return"), as on
// the CLI's 256 MiB program thread near its end: the unwound frames' redzones then stay poisoned,
// and a later frame at those addresses reads its own locals as stack-use-after-scope. Clearing the
// whole stack's shadow here does what the runtime would have done.
void before_deep_throw() {
#if KILN_ASAN_STACK && !defined(__EMSCRIPTEN__)
    const StackBounds& b = stack_bounds();
    if (b.low && b.high > b.low) __asan_unpoison_memory_region(reinterpret_cast<void*>(b.low), b.high - b.low);
#endif
}

}  // namespace

size_t stack_remaining() {
#if defined(__EMSCRIPTEN__)
    return emscripten_stack_get_free();
#else
    uintptr_t low = stack_bounds().low;
    uintptr_t here = uintptr_t(__builtin_frame_address(0));
    if (!low || !here) return std::numeric_limits<size_t>::max();
    return here > low ? size_t(here - low) : 0;
#endif
}

size_t stack_reserve() {
    // An ASan build's frames are several times larger (redzones around every local).
    return kAsan ? size_t(1) << 20 : size_t(256) << 10;
}

bool stack_short(size_t need) {
    if (stack_remaining() >= need) return false;
    before_deep_throw();
    return true;
}

void check_stack(const char* what) {
    if (stack_low()) throw Error(ErrorKind::RecursionError, str("maximum recursion depth exceeded", what));
}

bool run_with_stack(size_t bytes, void (*fn)(void*), void* arg) {
#if (defined(__unix__) || defined(__APPLE__)) && !defined(__EMSCRIPTEN__)
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    bool ok = pthread_attr_setstacksize(&attr, bytes) == 0;
    struct Call {
        void (*fn)(void*);
        void* arg;
    } call{fn, arg};
    pthread_t thread;
    ok = ok && pthread_create(
                   &thread, &attr,
                   [](void* p) -> void* {
                       auto* c = static_cast<Call*>(p);
                       c->fn(c->arg);
                       return nullptr;
                   },
                   &call) == 0;
    pthread_attr_destroy(&attr);
    if (ok) pthread_join(thread, nullptr);
    return ok;
#else
    (void)bytes;
    (void)fn;
    (void)arg;
    return false;
#endif
}

}  // namespace kiln
