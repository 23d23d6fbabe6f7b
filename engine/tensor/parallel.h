// Intra-op parallelism: the one place where engine code opens an OpenMP parallel region (issue 27).
//
// The rule is ATen's (aten/src/ATen/Parallel-inl.h, ParallelOpenMP.h):
//   parallel_for(begin, end, grain, f) runs f on one thread unless end - begin > grain, more than one
//   thread is set, and the caller is not already inside a parallel region (no nesting: an op called
//   from a parallel loop runs serially). Otherwise it splits [begin, end) into at most num_threads()
//   chunks of at least `grain` each, one per thread.
// The region always has num_threads() threads, whatever the work, and threads without a chunk do
// nothing: libgomp keeps a pool of threads only as large as the last team, so a team smaller than
// the one before ends the surplus threads and the next larger team creates them again (what ATen's
// "can't use num_threads clause due to bugs in GOMP's thread pool" avoids). Kiln's team sizes used to
// follow the work (min(threads, n / grain)), which at 16 threads cost thread creation on most ops and
// made many threads slower than one.
//
// kParallelGrain is at::internal::GRAIN_SIZE, the grain of pointwise loops (elements); every other
// caller states its own grain in its own units (rows, matrices, blocks), sized so that one chunk is
// worth about that many elements of pointwise work.
//
// Without OpenMP (the WebAssembly build) everything runs serially on the calling thread.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "tensor/meta.h"

namespace kiln {

// Pointwise grain, elements (at::internal::GRAIN_SIZE).
constexpr int64_t kParallelGrain = 32768;

// The grain, in items, of a loop whose items each cost about `work` elements of pointwise work: one
// chunk is worth kParallelGrain elements (and holds at least one item).
constexpr int64_t grain_for(int64_t work) { return std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(work, 1)); }

// torch.get_num_threads(): torch.set_num_threads's value, else OMP_NUM_THREADS (then MKL_NUM_THREADS)
// when set to a positive integer, else the machine's physical cores (1 without OpenMP).
int num_threads();
// torch.set_num_threads(n): also OpenMP's default for the calling thread, so that regions without a
// num_threads clause (the JIT-compiled kernels') get n threads too.
void set_num_threads(int n);
// Whether this build runs threads at all (OpenMP; not the WebAssembly build).
bool threads_available();
// Whether the calling thread runs inside a parallel region (at::in_parallel_region()).
bool in_parallel_region();
// The calling thread's index in its parallel region (0 outside one).
int thread_index();
// How many parallel regions this process has opened (tests check that small ops open none).
int64_t parallel_regions_opened();

namespace detail {
// Opens one region of num_threads() threads and runs fn(ctx, thread, team size) on each; an
// exception thrown on any thread is rethrown on the caller after the region (the first one).
void run_team(void (*fn)(void*, int, int), void* ctx);
}  // namespace detail

// Runs body(thread, nthreads) on every thread of a num_threads() team (for kernels that split work
// themselves and meet at team_barrier(), like the GEMM). Callers decide beforehand that the work is
// worth a region (and check in_parallel_region()).
template <typename F>
void parallel_team(F&& body) {
#ifdef _OPENMP
    using Body = std::remove_reference_t<F>;
    detail::run_team([](void* ctx, int tid, int nt) { (*static_cast<Body*>(ctx))(tid, nt); },
                     const_cast<void*>(static_cast<const void*>(&body)));
#else
    body(0, 1);  // a team of one; no second copy of the body for a region that cannot open
#endif
}

// A barrier for all threads of the enclosing parallel_team region.
void team_barrier();

// at::parallel_for: f(chunk_begin, chunk_end) over [begin, end) (see the top of this file). In meta
// mode (tensor/meta.h) f does not run: kernels compute their data in it.
template <typename F>
void parallel_for(int64_t begin, int64_t end, int64_t grain, F&& f) {
    if (begin >= end || meta_mode()) return;
#ifndef _OPENMP
    // Without threads the loop body is compiled once, serially (the chunked copy would only add
    // download size to the WebAssembly build).
    f(begin, end);
    (void)grain;
#else
    const int64_t n = end - begin;
    if (n <= grain || n == 1 || num_threads() == 1 || in_parallel_region()) {
        f(begin, end);
        return;
    }
    parallel_team([&](int tid, int nt) {
        const int64_t tasks = grain > 0 ? std::min<int64_t>(nt, (n + grain - 1) / grain) : nt;
        const int64_t chunk = (n + tasks - 1) / tasks;
        const int64_t b = begin + int64_t(tid) * chunk;
        if (tid < tasks && b < end) f(b, std::min(end, b + chunk));
    });
#endif
}

}  // namespace kiln

// OpenMP's other use: `#pragma omp simd` lets the compiler vectorize float reductions (it may
// reassociate the sum); without OpenMP (the WebAssembly build) the loops stay plain scalar loops.
#ifdef _OPENMP
#define KILN_PRAGMA(x) _Pragma(#x)
#define KILN_SIMD_REDUCE(op, var) KILN_PRAGMA(omp simd reduction(op : var))
#define KILN_SIMD KILN_PRAGMA(omp simd)
#else
#define KILN_SIMD_REDUCE(op, var)
#define KILN_SIMD
#endif
