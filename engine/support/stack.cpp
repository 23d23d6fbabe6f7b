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

namespace kiln {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAsan = true;
#else
constexpr bool kAsan = false;
#endif
#else
constexpr bool kAsan = false;
#endif

#if !defined(__EMSCRIPTEN__)
// The lowest usable address of this thread's stack (stacks grow down on every target Kiln runs on);
// 0 when unknown.
uintptr_t stack_low_bound() {
    static thread_local uintptr_t low = 1;  // 1: not asked yet
    if (low != 1) return low;
    low = 0;
#if defined(__APPLE__)
    pthread_t self = pthread_self();
    uintptr_t top = uintptr_t(pthread_get_stackaddr_np(self));
    low = top - pthread_get_stacksize_np(self);
#elif defined(__unix__)
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* addr = nullptr;
        size_t size = 0;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
            size_t guard = 0;
            pthread_attr_getguardsize(&attr, &guard);
            low = uintptr_t(addr) + guard;
        }
        pthread_attr_destroy(&attr);
    }
#endif
    return low;
}
#endif

}  // namespace

size_t stack_remaining() {
#if defined(__EMSCRIPTEN__)
    return emscripten_stack_get_free();
#else
    uintptr_t low = stack_low_bound();
    uintptr_t here = uintptr_t(__builtin_frame_address(0));
    if (!low || !here) return std::numeric_limits<size_t>::max();
    return here > low ? size_t(here - low) : 0;
#endif
}

size_t stack_reserve() {
    // An ASan build's frames are several times larger (redzones around every local).
    return kAsan ? size_t(1) << 20 : size_t(256) << 10;
}

void check_stack(const char* what) {
    if (stack_remaining() < stack_reserve())
        throw Error(ErrorKind::RecursionError, str("maximum recursion depth exceeded", what));
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
