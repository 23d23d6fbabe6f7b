// The operator-event buffer and clock of support/profiler.h. One buffer for the process: profiles
// that record at the same time (nested `with profile()` blocks) each remember where they started
// and read the events from there when they stop.
#include "support/profiler.h"

#include <chrono>
#include <mutex>

namespace kiln::profiler {

namespace detail {
std::atomic<int> g_active{0};
}

namespace {
std::mutex g_mu;
std::vector<Event> g_events;
int g_shape_profiles = 0;  // recording profiles with record_shapes=True
std::atomic<int64_t> g_last_ns{0};
}  // namespace

bool record_shapes() {
    std::lock_guard<std::mutex> lock(g_mu);
    return g_shape_profiles > 0;
}

int64_t now_ns() {
    int64_t t = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::steady_clock::now().time_since_epoch())
                    .count();
    int64_t last = g_last_ns.load(std::memory_order_relaxed);
    int64_t next;
    do {
        next = t > last ? t : last + 1;
    } while (!g_last_ns.compare_exchange_weak(last, next, std::memory_order_relaxed));
    return next;
}

size_t start(bool shapes) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (shapes) ++g_shape_profiles;
    detail::g_active.fetch_add(1);
    return g_events.size();
}

void stop(bool shapes) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (detail::g_active.load() <= 0) return;
    if (shapes && g_shape_profiles > 0) --g_shape_profiles;
    if (detail::g_active.fetch_sub(1) == 1) g_events.clear();
}

std::vector<Event> events_since(size_t from) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (from >= g_events.size()) return {};
    return std::vector<Event>(g_events.begin() + static_cast<std::ptrdiff_t>(from), g_events.end());
}

void push(Event e) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (detail::g_active.load() > 0) g_events.push_back(std::move(e));
}

}  // namespace kiln::profiler
