// A standalone probe: ways to run shared/anchors.md's pointwise chain, timed against each other in
// interleaved rounds (every variant once per round, medians over rounds), because the shared hosts
// this runs on drift by up to 2x within minutes and back-to-back runs of A then B mostly measure that
// drift. Variants: codegen/cpp's loop-fission form (two loops per block of 1024 over the engine's own
// pw::exp/pw::tanh, which is what Kiln's JIT emits today), one fused loop, blocks of 256 and 4096,
// software prefetch of the next block, the output staged in an L1 buffer and copied out, and, where
// the compiler targets AVX-512, the same math in explicit intrinsics with vdivps or with vrcp14ps and
// one Newton step. Copies of the same bytes (memcpy and a vector loop) give the ceiling. Each is timed
// in L1 (one 4096-float buffer per thread: the compute alone, on 1 and on all threads) and over 2^24
// floats in 2 MB pages on all threads. Not built by CMake: run it by hand, with the JIT's flags:
//
//   g++ -O3 -march=native -fopenmp -std=c++17 -ffp-contract=fast -fno-math-errno -fno-trapping-math
//       -mprefer-vector-width=512 -Iengine native/bench/inductor/anchor_variants_probe.cpp -o /tmp/avp
//   OMP_NUM_THREADS=16 taskset -c 0-15 /tmp/avp
//
// Results: native/bench/results/2026-11-25-h100-host-cpu-inductor-2.txt (none beat the fission form).
#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "anchor_chain.h"

using Clock = std::chrono::steady_clock;

namespace {

using anchor_chain::first;
using anchor_chain::second;

using Kernel = void (*)(const float*, float*, int64_t, int64_t);  // on [from, to), a multiple of 4096

template <int BLOCK, int PREFETCH>
__attribute__((noinline)) void split(const float* x, float* y, int64_t from, int64_t to) {
    for (int64_t b = from; b < to; b += BLOCK) {
        alignas(64) float blk[BLOCK];
        if (PREFETCH && b + PREFETCH < to)
            for (int64_t j = 0; j < BLOCK; j += 16) __builtin_prefetch(x + b + PREFETCH + j, 0, 3);
#pragma omp simd
        for (int64_t i = b; i < b + BLOCK; ++i) blk[i - b] = first(x[i]);
#pragma omp simd
        for (int64_t i = b; i < b + BLOCK; ++i) y[i] = second(blk[i - b], x[i]);
    }
}

__attribute__((noinline)) void one_loop(const float* x, float* y, int64_t from, int64_t to) {
#pragma omp simd
    for (int64_t i = from; i < to; ++i) y[i] = second(first(x[i]), x[i]);
}

__attribute__((noinline)) void staged_out(const float* x, float* y, int64_t from, int64_t to) {
    for (int64_t b = from; b < to; b += 1024) {
        alignas(64) float blk[1024], out[1024];
#pragma omp simd
        for (int64_t i = b; i < b + 1024; ++i) blk[i - b] = first(x[i]);
#pragma omp simd
        for (int64_t i = b; i < b + 1024; ++i) out[i - b] = second(blk[i - b], x[i]);
        std::memcpy(y + b, out, sizeof out);
    }
}

#if defined(__AVX512F__)
// pw::exp and pw::tanh op for op in intrinsics; EXACT: 1/d by vdivps, else vrcp14ps + one Newton step
// (sigmoid's divisor can be inf there, where that gives NaN: the probe's inputs stay in [-5, 5]).
template <bool EXACT>
inline __m512 recip(__m512 d) {
    if (EXACT) return _mm512_div_ps(_mm512_set1_ps(1.0f), d);
    const __m512 r = _mm512_rcp14_ps(d);
    return _mm512_fmadd_ps(r, _mm512_fnmadd_ps(d, r, _mm512_set1_ps(1.0f)), r);
}
inline __m512 vexp(__m512 x) {
    const __m512 xc = _mm512_min_ps(_mm512_set1_ps(88.8f), _mm512_max_ps(_mm512_set1_ps(-87.3f), x));
    const __m512 sh = _mm512_set1_ps(12583038.0f);
    const __m512 t = _mm512_fmadd_ps(xc, _mm512_set1_ps(1.44269504088896341f), sh);
    const __m512 n = _mm512_sub_ps(t, sh);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693359375f), xc);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.12194440e-4f), r);
    const __m512 u = _mm512_add_ps(r, r);
    __m512 q = _mm512_set1_ps(1.382102026e-3f);
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(8.368669078e-3f));
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(4.166826233e-2f));
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(1.666652113e-1f));
    q = _mm512_fmadd_ps(q, r, _mm512_set1_ps(4.999999404e-1f));
    const __m512 p = _mm512_add_ps(_mm512_fmadd_ps(_mm512_mul_ps(q, r), u, u), _mm512_set1_ps(2.0f));
    return _mm512_mul_ps(p, _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_castps_si512(t), 23)));
}
template <bool EXACT>
inline __m512 vtanh(__m512 x) {
    const __m512i sign = _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(int(0x80000000u)));
    const __m512 ax = _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(0x7fffffff)));
    const __m512 xc = _mm512_min_ps(_mm512_set1_ps(9.01f), ax);
    const __m512 z = _mm512_mul_ps(xc, xc);
    __m512 p = _mm512_set1_ps(-8.489151051444736e-14f);
    for (float c : {5.2781381442115864e-11f, -2.0225659972918308e-8f, 1.1154424430010167e-5f, 3.1039679226527478e-3f,
                    1.3084020789929937e-1f, 9.9999999343408412e-1f})
        p = _mm512_fmadd_ps(p, z, _mm512_set1_ps(c));
    __m512 q = _mm512_set1_ps(2.5461618971108205e-4f);
    for (float c : {2.4495225655187565e-2f, 4.6417347905347942e-1f, 1.0f}) q = _mm512_fmadd_ps(q, z, _mm512_set1_ps(c));
    const __m512 t = _mm512_min_ps(_mm512_set1_ps(1.0f), _mm512_mul_ps(_mm512_mul_ps(xc, p), recip<EXACT>(q)));
    return _mm512_castsi512_ps(_mm512_or_si512(_mm512_castps_si512(t), sign));
}
template <bool EXACT>
__attribute__((noinline)) void split_avx512(const float* x, float* y, int64_t from, int64_t to) {
    const __m512 neg = _mm512_castsi512_ps(_mm512_set1_epi32(int(0x80000000u)));
    for (int64_t b = from; b < to; b += 1024) {
        alignas(64) float blk[1024];
        for (int64_t i = b; i < b + 1024; i += 16) {
            const __m512 v = _mm512_loadu_ps(x + i);
            const __m512 a = _mm512_fmadd_ps(v, _mm512_set1_ps(1.5f), _mm512_set1_ps(0.5f));
            const __m512 relu = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(a, _mm512_setzero_ps(), _CMP_NLE_UQ), a);
            const __m512 sig = recip<EXACT>(_mm512_add_ps(vexp(_mm512_xor_ps(v, neg)), _mm512_set1_ps(1.0f)));
            _mm512_store_ps(blk + (i - b), _mm512_fmsub_ps(relu, sig, _mm512_set1_ps(0.25f)));
        }
        for (int64_t i = b; i < b + 1024; i += 16)
            _mm512_storeu_ps(y + i, _mm512_fmadd_ps(vtanh<EXACT>(_mm512_load_ps(blk + (i - b))), _mm512_loadu_ps(x + i),
                                                    _mm512_set1_ps(1.0f)));
    }
}
#endif

__attribute__((noinline)) void copy_memcpy(const float* x, float* y, int64_t from, int64_t to) {
    std::memcpy(y + from, x + from, size_t(to - from) * sizeof(float));
}
__attribute__((noinline)) void copy_loop(const float* x, float* y, int64_t from, int64_t to) {
#pragma omp simd
    for (int64_t i = from; i < to; ++i) y[i] = x[i];
}

struct Variant {
    const char* name;
    Kernel k;
    bool copy;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// ns per element per thread, each thread on its own 4096 floats (L1): the median thread.
double l1_ns(Kernel k, int threads) {
    std::vector<double> per(static_cast<size_t>(threads));
#pragma omp parallel num_threads(threads)
    {
        alignas(64) float x[4096], y[4096];
        for (int i = 0; i < 4096; ++i) x[i] = float(i % 1000) / 100.0f - 5.0f;
        for (int r = 0; r < 300; ++r) k(x, y, 0, 4096);
#pragma omp barrier
        const auto t0 = Clock::now();
        for (int r = 0; r < 3000; ++r) k(x, y, 0, 4096);
        per[size_t(omp_get_thread_num())] = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / (3000.0 * 4096);
    }
    return median(per);
}

// ms for n floats over all threads (64 static chunks), median of 15 calls.
double big_ms(Kernel k, const float* x, float* y, int64_t n) {
    std::vector<double> t;
    for (int r = 0; r < 15; ++r) {
        const auto t0 = Clock::now();
#pragma omp parallel for schedule(static)
        for (int64_t c = 0; c < 64; ++c) k(x, y, c * (n / 64), (c + 1) * (n / 64));
        t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    return median(t);
}

float* huge_floats(int64_t n) {  // 2 MB pages, as Kiln's allocator gives blocks >= 4 MB
    const size_t bytes = (size_t(n) * 4 + (2u << 20) - 1) & ~size_t((2u << 20) - 1);
    void* p = std::aligned_alloc(2u << 20, bytes);
    if (p) madvise(p, bytes, MADV_HUGEPAGE);
    return static_cast<float*>(p);
}

}  // namespace

int main() {
    std::vector<Variant> vs = {
        {"fission (Kiln)", split<1024, 0>, false}, {"one loop", one_loop, false},
        {"blocks of 256", split<256, 0>, false},   {"blocks of 4096", split<4096, 0>, false},
        {"prefetch next", split<1024, 1024>, false}, {"staged output", staged_out, false},
#if defined(__AVX512F__)
        {"avx512 vdivps", split_avx512<true>, false}, {"avx512 rcp14", split_avx512<false>, false},
#endif
        {"copy: memcpy", copy_memcpy, true},       {"copy: loop", copy_loop, true},
    };
    // Every variant against the fission form on the same inputs (max |difference|; 0 = bit-identical).
    {
        std::vector<float> x(8192), want(8192), got(8192);
        for (int i = 0; i < 8192; ++i) x[size_t(i)] = float(i) / 819.2f - 5.0f;
        split<1024, 0>(x.data(), want.data(), 0, 8192);
        for (const Variant& v : vs) {
            if (v.copy) continue;
            v.k(x.data(), got.data(), 0, 8192);
            double d = 0;
            for (int i = 0; i < 8192; ++i) d = std::max(d, double(std::fabs(got[size_t(i)] - want[size_t(i)])));
            std::printf("%-16s max |diff| vs fission %.1e\n", v.name, d);
        }
    }
    const int all = omp_get_max_threads();
    for (int threads : {1, all}) {
        std::vector<std::vector<double>> r(vs.size());
        for (int round = 0; round < 7; ++round)
            for (size_t i = 0; i < vs.size(); ++i)
                if (!vs[i].copy) r[i].push_back(l1_ns(vs[i].k, threads));
        std::printf("\nin L1, %d thread(s): ns per element per thread, median of 7 interleaved rounds\n", threads);
        for (size_t i = 0; i < vs.size(); ++i)
            if (!vs[i].copy) std::printf("  %-16s %6.3f\n", vs[i].name, median(r[i]));
    }
    const int64_t n = int64_t(1) << 24;
    float* x = huge_floats(n);
    float* y = huge_floats(n);
    if (!x || !y) return 1;
    for (int64_t i = 0; i < n; ++i) x[i] = float(i % 1000) / 100.0f - 5.0f, y[i] = 0.0f;
    std::vector<std::vector<double>> r(vs.size());
    for (int round = 0; round < 9; ++round)
        for (size_t i = 0; i < vs.size(); ++i) r[i].push_back(big_ms(vs[i].k, x, y, n));
    const double copy = median(r[r.size() - 2]);
    std::printf("\n2^24 floats, %d threads: ms, median of 9 interleaved rounds (each a median of 15 calls)\n", all);
    for (size_t i = 0; i < vs.size(); ++i)
        std::printf("  %-16s %7.3f   %5.0f%% of the memcpy\n", vs[i].name, median(r[i]), 100 * copy / median(r[i]));
    std::free(x);
    std::free(y);
    return 0;
}
