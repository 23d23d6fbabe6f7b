// Intra-op parallelism (see parallel.h): the thread count and the one OpenMP region every parallel
// kernel of the engine goes through.
#include "tensor/parallel.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <set>
#include <thread>
#include <utility>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "support/error.h"

namespace kiln {

namespace {

std::atomic<int> g_num_threads{0};  // 0: not chosen yet (default_num_threads() on first use)
std::atomic<int64_t> g_regions{0};
thread_local bool t_in_parallel = false;
thread_local int t_thread_index = 0;

#ifdef _OPENMP
// A positive integer environment variable, else 0 (ATen's get_env_num_threads, without its warning).
int env_threads(const char* name) {
    const char* v = std::getenv(name);
    if (!v || !*v) return 0;
    char* end = nullptr;
    long n = std::strtol(v, &end, 10);
    return n > 0 && n < (1 << 20) ? int(n) : 0;
}

// Physical cores, as TaskThreadPoolBase::defaultNumThreads() counts them (cpuinfo's cores, not its
// logical processors: SMT siblings share a core's execution units): distinct (physical id, core id)
// pairs of /proc/cpuinfo, else the logical CPU count.
int physical_cores() {
    const int logical = std::max(1u, std::thread::hardware_concurrency());
#ifdef __linux__
    if (FILE* f = std::fopen("/proc/cpuinfo", "re")) {
        std::set<std::pair<int, int>> cores;
        int phys = 0, core = -1;
        char line[256];
        while (std::fgets(line, sizeof line, f)) {
            int v;
            if (std::sscanf(line, "physical id : %d", &v) == 1) phys = v;
            else if (std::sscanf(line, "core id : %d", &v) == 1) core = v;
            else if (line[0] == '\n' && core >= 0) {
                cores.insert({phys, core});
                phys = 0, core = -1;
            }
        }
        if (core >= 0) cores.insert({phys, core});
        std::fclose(f);
        if (!cores.empty() && int(cores.size()) <= logical) return int(cores.size());
    }
#endif
    return logical;
}

#endif

// at::intraop_default_num_threads() (1 without OpenMP).
int default_num_threads() {
#ifdef _OPENMP
    if (int n = env_threads("OMP_NUM_THREADS")) return n;
    if (int n = env_threads("MKL_NUM_THREADS")) return n;
    return physical_cores();
#else
    return 1;
#endif
}

// at::internal::lazy_init_num_threads(): OpenMP's default on each thread that asks follows the
// engine's count, so the regions without a num_threads clause (generated kernels) agree with it.
void lazy_init_thread() {
#ifdef _OPENMP
    thread_local int applied = 0;
    const int n = g_num_threads.load(std::memory_order_relaxed);
    if (applied != n) {
        omp_set_num_threads(n);
        applied = n;
    }
#endif
}

}  // namespace

int num_threads() {
    int n = g_num_threads.load(std::memory_order_relaxed);
    if (n <= 0) {
        int expected = 0;
        g_num_threads.compare_exchange_strong(expected, default_num_threads());
        n = g_num_threads.load();
    }
    lazy_init_thread();
    return n;
}

void set_num_threads(int n) {
    KILN_CHECK(n > 0, RuntimeError, "set_num_threads expects a positive integer");
#ifdef _OPENMP
    g_num_threads.store(n);
    lazy_init_thread();
#else
    (void)n;  // one thread, whatever is asked (as ATen without a parallel backend)
    g_num_threads.store(1);
#endif
}

bool threads_available() {
#ifdef _OPENMP
    return true;
#else
    return false;
#endif
}

bool in_parallel_region() {
#ifdef _OPENMP
    return t_in_parallel || omp_in_parallel();
#else
    return false;
#endif
}

int thread_index() { return t_thread_index; }

int64_t parallel_regions_opened() { return g_regions.load(std::memory_order_relaxed); }

namespace detail {

void run_team(void (*fn)(void*, int, int), void* ctx) {
#ifdef _OPENMP
    const int nt = num_threads();
    if (nt > 1 && !in_parallel_region()) {
        g_regions.fetch_add(1, std::memory_order_relaxed);
        std::exception_ptr error;
        std::atomic_flag failed = ATOMIC_FLAG_INIT;
        // Always the same team size (parallel.h says why).
#pragma omp parallel num_threads(nt)
        {
            const int tid = omp_get_thread_num();
            const bool was_in = t_in_parallel;
            const int was_index = t_thread_index;
            t_in_parallel = true;
            t_thread_index = tid;
            try {
                fn(ctx, tid, omp_get_num_threads());
            } catch (...) {
                if (!failed.test_and_set()) error = std::current_exception();
            }
            t_in_parallel = was_in;
            t_thread_index = was_index;
        }
        if (error) std::rethrow_exception(error);
        return;
    }
#endif
    fn(ctx, 0, 1);
}

}  // namespace detail

void team_barrier() {
#ifdef _OPENMP
#pragma omp barrier
#endif
}

}  // namespace kiln
