// Step profiling (see step_profile.h): a process-wide list of plan runs, open or closed.
#include "backends/step_profile.h"

#include <atomic>
#include <mutex>

namespace kiln::backends {
namespace {

std::mutex g_mutex;
// Read without the lock on every plan run (any thread may run a plan), hence atomic.
std::atomic<bool> g_active{false};
std::vector<PlanProfile> g_runs;
constexpr size_t kMaxRuns = 256;  // a loop of compiled calls inside one profile keeps the first ones

}  // namespace

void step_profile_begin() {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_runs.clear();
    g_active = true;
}

std::vector<PlanProfile> step_profile_end() {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_active = false;
    return std::move(g_runs);
}

bool step_profile_active() { return g_active.load(std::memory_order_relaxed); }

void step_profile_add(PlanProfile profile) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_active && g_runs.size() < kMaxRuns) g_runs.push_back(std::move(profile));
}

}  // namespace kiln::backends
