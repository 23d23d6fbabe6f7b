// A standalone probe behind codegen/cpp's loop fission (engine/codegen/README.md): shared/anchors.md's
// pointwise chain written by hand as the C++ generator emits it, once as one loop and once split in
// two loops per block of 1024 (sigmoid | tanh), timed in L1 on one thread (the compute alone) and over
// 2^24 floats on all threads, next to a copy of the same bytes. It uses the engine's own
// ops/pointwise_math.h, so it measures today's pw::exp and pw::tanh. Not built by CMake: a probe to
// run by hand on a machine one wants to understand, with the JIT's flags:
//
//   g++ -O3 -march=native -fopenmp -std=c++17 -ffp-contract=fast -fno-math-errno -fno-trapping-math
//       -mprefer-vector-width=512 -Iengine native/bench/inductor/fission_probe.cpp -o /tmp/fission_probe
//   OMP_NUM_THREADS=16 OMP_PROC_BIND=close /tmp/fission_probe
//
// Results (2026-11-25): dev CPU (AMD EPYC, AVX-512): in L1 0.45 -> 0.29 ns per element; the H100
// host's Xeon: 1.56 -> 1.02 (native/bench/results/2026-11-25-h100-host-cpu-inductor.txt).
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "anchor_chain.h"

using Clock = std::chrono::steady_clock;

namespace {

using anchor_chain::first;
using anchor_chain::second;

// The kernels on [from, to); run() spreads them over the threads (or calls them once, in L1).
__attribute__((noinline)) void one_loop(const float* x, float* y, int64_t from, int64_t to) {
#pragma omp simd
    for (int64_t i = from; i < to; ++i) y[i] = second(first(x[i]), x[i]);
}

__attribute__((noinline)) void split(const float* x, float* y, int64_t from, int64_t to) {
    for (int64_t b = from; b < to; b += 1024) {
        const int64_t e = b + 1024 < to ? b + 1024 : to;
        alignas(64) float blk[1024];
#pragma omp simd
        for (int64_t i = b; i < e; ++i) blk[i - b] = first(x[i]);
#pragma omp simd
        for (int64_t i = b; i < e; ++i) y[i] = second(blk[i - b], x[i]);
    }
}

__attribute__((noinline)) void copy(const float* x, float* y, int64_t from, int64_t to) {
    std::memcpy(y + from, x + from, size_t(to - from) * sizeof(float));
}

// 64 chunks of 1024-aligned ranges, statically spread over the threads (one call in L1).
template <class K>
void run(K kernel, const float* x, float* y, int64_t n, bool parallel) {
    if (!parallel) return kernel(x, y, 0, n);
#pragma omp parallel for schedule(static)
    for (int64_t c = 0; c < 64; ++c) kernel(x, y, c * (n / 64), (c + 1) * (n / 64));
}

template <class F>
double median_ms(F f, int reps) {
    std::vector<double> t;
    for (int i = 0; i < reps; ++i) {
        auto t0 = Clock::now();
        f();
        t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

}  // namespace

int main() {
    for (int64_t n : {int64_t(4096), int64_t(1) << 24}) {
        const size_t len = static_cast<size_t>(n);
        std::vector<float> x(len), y(len), z(len);
        for (int64_t i = 0; i < n; ++i) x[size_t(i)] = float(i % 1000) / 100.0f - 5.0f;
        const int inner = n <= 4096 ? 200 : 1, reps = n <= 4096 ? 200 : 30;
        const bool par = n > 4096;
        const int threads = par ? omp_get_max_threads() : 1;
        std::printf("%lld floats, %d thread(s):\n", (long long)n, threads);
        for (int round = 0; round < 2; ++round) {  // the first round warms up
            double a = median_ms([&] { for (int k = 0; k < inner; ++k) run(one_loop, x.data(), y.data(), n, par); }, reps) / inner;
            double b = median_ms([&] { for (int k = 0; k < inner; ++k) run(split, x.data(), z.data(), n, par); }, reps) / inner;
            double c = median_ms([&] { for (int k = 0; k < inner; ++k) run(copy, x.data(), y.data(), n, par); }, reps) / inner;
            if (!round) continue;
            const double gb = 2.0 * double(n) * 4 / 1e9;
            std::printf("  one loop  %8.4f ms  %6.3f ns/element  %6.1f GB/s\n", a, a * 1e6 / double(n), gb / (a / 1e3));
            std::printf("  split     %8.4f ms  %6.3f ns/element  %6.1f GB/s\n", b, b * 1e6 / double(n), gb / (b / 1e3));
            std::printf("  memcpy    %8.4f ms                     %6.1f GB/s\n", c, gb / (c / 1e3));
        }
        run(one_loop, x.data(), y.data(), n, par);
        for (int64_t i = 0; i < n; ++i)
            if (y[size_t(i)] != z[size_t(i)]) return std::printf("  MISMATCH at %lld\n", (long long)i), 1;
    }
    return 0;
}
