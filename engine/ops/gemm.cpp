// The packed, cache-blocked GEMM (BLIS / GotoBLAS structure) for float32 and float64.
//
// Loop nest, outermost first, for C[M,N] += A[M,K] @ B[K,N]:
//   jc over N in NC columns        B block (KC x NC) lives in L3, shared by the thread team
//     pc over K in KC              pack B[pc:pc+KC, jc:jc+NC] into NR-wide panels (all threads help)
//       ic over M in MC rows       each thread owns a range of rows; packs A[ic:ic+MC, pc:pc+KC]
//                                  into MR-tall panels (the A block lives in L2)
//         jr over NR columns       one B micro-panel (KC x NR) stays in L1 ...
//           ir over MR rows        ... while the micro-kernel streams A micro-panels past it
// The micro-kernel keeps an MR x NR tile of C in vector registers and does MR*NR/W fused
// multiply-adds per k (W = lanes per vector). Packing is where strides are handled: the kernel
// only ever sees contiguous, aligned, zero-padded panels, so transposed or sliced operands need no
// copies, and edge tiles need no special inner loop (they are computed in full and stored partially).
//
// Vectors are GCC/Clang vector extensions, so the same source becomes AVX-512 (-march=native on
// this machine), AVX2, or WebAssembly SIMD. FMA goes through intrinsics only where the ISA has it.
// Threads: one parallel_team region (tensor/parallel.h) per call, when the product is worth one;
// rows of C are split between threads (they share the packed B block), or columns when M is too small
// to split.
// Products of at most kGemvRows rows (batch-1 inference) skip all of this: they read B in place as
// matrix-vector products (see "few rows" below).
#include "ops/gemm.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#if defined(__AVX512F__) || defined(__AVX__)
#include <immintrin.h>
#endif
#include "tensor/parallel.h"

#if defined(__AVX512F__)
#define KILN_VEC_BYTES 64
#elif defined(__AVX__)
#define KILN_VEC_BYTES 32
#else
#define KILN_VEC_BYTES 16
#endif

namespace kiln::gemm {

namespace {

typedef float vfloat __attribute__((vector_size(KILN_VEC_BYTES)));
typedef double vdouble __attribute__((vector_size(KILN_VEC_BYTES)));

inline vfloat vfma(vfloat a, vfloat b, vfloat c) {
#if KILN_VEC_BYTES == 64
    return (vfloat)_mm512_fmadd_ps((__m512)a, (__m512)b, (__m512)c);
#elif KILN_VEC_BYTES == 32 && defined(__FMA__)
    return (vfloat)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c);
#else
    return a * b + c;
#endif
}

inline vdouble vfma(vdouble a, vdouble b, vdouble c) {
#if KILN_VEC_BYTES == 64
    return (vdouble)_mm512_fmadd_pd((__m512d)a, (__m512d)b, (__m512d)c);
#elif KILN_VEC_BYTES == 32 && defined(__FMA__)
    return (vdouble)_mm256_fmadd_pd((__m256d)a, (__m256d)b, (__m256d)c);
#else
    return a * b + c;
#endif
}

// Every lane set to x: one broadcast from memory. (`V{} + x` would add a real 0.0 first, since
// 0.0 + -0.0 is not -0.0; `x - V{}` is an exact identity the compiler may drop.)
inline vfloat splat(vfloat*, float x) {
#if KILN_VEC_BYTES == 64
    return (vfloat)_mm512_set1_ps(x);
#elif KILN_VEC_BYTES == 32
    return (vfloat)_mm256_set1_ps(x);
#else
    return x - vfloat{};
#endif
}
inline vdouble splat(vdouble*, double x) {
#if KILN_VEC_BYTES == 64
    return (vdouble)_mm512_set1_pd(x);
#elif KILN_VEC_BYTES == 32
    return (vdouble)_mm256_set1_pd(x);
#else
    return x - vdouble{};
#endif
}

// Register tile MR x NR (NR = NV vectors) and cache blocks. With 32 vector registers (AVX-512) a
// 12 x 2-vector tile uses 24 accumulators + 2 B vectors + 1 broadcast; with 16 registers (AVX2,
// wasm) a 6 x 2-vector tile uses 12 + 2 + 1. KC * NR * sizeof(T) is sized to fit L1 next to an A
// micro-panel; MC * KC * sizeof(T) fits comfortably in L2.
template <typename T>
struct Config;

template <>
struct Config<float> {
    using V = vfloat;
    static constexpr int W = KILN_VEC_BYTES / 4;
    static constexpr int NV = 2;
    static constexpr int NR = NV * W;
#if KILN_VEC_BYTES == 64
    static constexpr int MR = 12;
#else
    static constexpr int MR = 6;
#endif
    static constexpr int64_t KC = 256;
    static constexpr int64_t MC = MR * 12;
    static constexpr int64_t NC = 3072;
};

template <>
struct Config<double> {
    using V = vdouble;
    static constexpr int W = KILN_VEC_BYTES / 8;
    static constexpr int NV = 2;
    static constexpr int NR = NV * W;
#if KILN_VEC_BYTES == 64
    static constexpr int MR = 12;
#else
    static constexpr int MR = 6;
#endif
    static constexpr int64_t KC = 256;
    static constexpr int64_t MC = MR * 8;
    static constexpr int64_t NC = 2048;
};

// Per-thread scratch buffers (64-byte aligned) reused across calls: slot 0 packs A, slot 1 packs B,
// slot 2 holds an A packed once for a whole thread team (gemm_impl's shared A).
template <typename T>
T* scratch(int slot, size_t n) {
    struct Buf {
        T* p = nullptr;
        size_t n = 0;
        ~Buf() { std::free(p); }
    };
    thread_local Buf bufs[3];
    Buf& b = bufs[slot];
    if (b.n < n) {
        std::free(b.p);
        size_t bytes = (n * sizeof(T) + 63) / 64 * 64;
        b.p = static_cast<T*>(std::aligned_alloc(64, bytes));
        b.n = n;
    }
    return b.p;
}

#if defined(__AVX__)
// In-register 8 x 8 transpose of float32 (unpack, shuffle, then swap 128-bit halves): src rows are
// 8 contiguous floats `ld` apart, dst rows 8 contiguous floats `ldo` apart, dst[q][i] = src[i][q].
inline void transpose8x8(const float* src, int64_t ld, float* dst, int64_t ldo) {
    __m256 r0 = _mm256_loadu_ps(src), r1 = _mm256_loadu_ps(src + ld), r2 = _mm256_loadu_ps(src + 2 * ld),
           r3 = _mm256_loadu_ps(src + 3 * ld), r4 = _mm256_loadu_ps(src + 4 * ld), r5 = _mm256_loadu_ps(src + 5 * ld),
           r6 = _mm256_loadu_ps(src + 6 * ld), r7 = _mm256_loadu_ps(src + 7 * ld);
    const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1), t2 = _mm256_unpacklo_ps(r2, r3),
                 t3 = _mm256_unpackhi_ps(r2, r3), t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5),
                 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
    const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE),
                 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE),
                 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE),
                 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    _mm256_storeu_ps(dst, _mm256_permute2f128_ps(u0, u4, 0x20));
    _mm256_storeu_ps(dst + ldo, _mm256_permute2f128_ps(u1, u5, 0x20));
    _mm256_storeu_ps(dst + 2 * ldo, _mm256_permute2f128_ps(u2, u6, 0x20));
    _mm256_storeu_ps(dst + 3 * ldo, _mm256_permute2f128_ps(u3, u7, 0x20));
    _mm256_storeu_ps(dst + 4 * ldo, _mm256_permute2f128_ps(u0, u4, 0x31));
    _mm256_storeu_ps(dst + 5 * ldo, _mm256_permute2f128_ps(u1, u5, 0x31));
    _mm256_storeu_ps(dst + 6 * ldo, _mm256_permute2f128_ps(u2, u6, 0x31));
    _mm256_storeu_ps(dst + 7 * ldo, _mm256_permute2f128_ps(u3, u7, 0x31));
}
#endif

// Packs the mc x kc block at A (strides rsA, csA) into MR-row panels: panel r holds, for each k,
// the MR values A[r*MR + 0..MR-1, k] next to each other (zero-padded past mc).
template <typename T>
void pack_a(int64_t mc, int64_t kc, const T* A, int64_t rsA, int64_t csA, T* out) {
    constexpr int MR = Config<T>::MR;
    for (int64_t i0 = 0; i0 < mc; i0 += MR) {
        const int mr = int(std::min<int64_t>(MR, mc - i0));
        const T* a = A + i0 * rsA;
        if (mr == MR && rsA == 1) {
            for (int64_t p = 0; p < kc; ++p) std::memcpy(out + p * MR, a + p * csA, sizeof(T) * MR);
#if defined(__AVX__)
        } else if (std::is_same_v<T, float> && mr == MR && csA == 1 && MR >= 8) {
            // Rows of A contiguous (the usual row-major activations): 8 x 8 register transposes of
            // rows [0, 8) and [MR - 8, MR) (overlapping rows get the same values twice), not one
            // scalar store per element. Pure data movement: the packed panel is the same.
            const float* af = reinterpret_cast<const float*>(a);
            float* of = reinterpret_cast<float*>(out);
            int64_t p = 0;
            for (; p + 8 <= kc; p += 8) {
                transpose8x8(af + p, rsA, of + p * MR, MR);
                transpose8x8(af + (MR - 8) * rsA + p, rsA, of + p * MR + (MR - 8), MR);
            }
            for (; p < kc; ++p)
                for (int i = 0; i < MR; ++i) of[p * MR + i] = af[i * rsA + p];
#endif
        } else if (mr == MR) {
            for (int i = 0; i < MR; ++i) {
                const T* row = a + i * rsA;
                for (int64_t p = 0; p < kc; ++p) out[p * MR + i] = row[p * csA];
            }
        } else {
            // An edge panel (mr < MR rows): zero it, then copy its rows in (was one select per element).
            std::memset(out, 0, sizeof(T) * size_t(MR * kc));
            for (int i = 0; i < mr; ++i) {
                const T* row = a + i * rsA;
                for (int64_t p = 0; p < kc; ++p) out[p * MR + i] = row[p * csA];
            }
        }
        out += MR * kc;
    }
}


// Packs NR-column panel `panel` of the kc x nc block at B into out (NR * kc elements).
template <typename T>
void pack_b_panel(int64_t panel, int64_t kc, int64_t nc, const T* B, int64_t rsB, int64_t csB, T* out) {
    constexpr int NR = Config<T>::NR;
    const int64_t j0 = panel * NR;
    const int nr = int(std::min<int64_t>(NR, nc - j0));
    const T* b = B + j0 * csB;
    if (nr == NR && csB == 1) {
        for (int64_t p = 0; p < kc; ++p) std::memcpy(out + p * NR, b + p * rsB, sizeof(T) * NR);
#if defined(__AVX__)
    } else if (std::is_same_v<T, float> && nr == NR && rsB == 1 && NR % 8 == 0) {
        // B's columns contiguous (x @ W.t(), what every Linear forward passes): 8 x 8 blocks
        // transposed in registers instead of one scalar store per element (an MLP training step
        // spent 12% of its time here). Pure data movement: the packed panel is the same.
        const float* bf = reinterpret_cast<const float*>(b);
        float* of = reinterpret_cast<float*>(out);
        int64_t p = 0;
        for (; p + 8 <= kc; p += 8)
            for (int j = 0; j < NR; j += 8) transpose8x8(bf + j * csB + p, csB, of + p * NR + j, NR);
        for (; p < kc; ++p)
            for (int j = 0; j < NR; ++j) of[p * NR + j] = bf[p + j * csB];
#endif
    } else if (nr == NR) {
        for (int j = 0; j < NR; ++j) {
            const T* col = b + j * csB;
            for (int64_t p = 0; p < kc; ++p) out[p * NR + j] = col[p * rsB];
        }
    } else {
        for (int64_t p = 0; p < kc; ++p)
            for (int j = 0; j < NR; ++j) out[p * NR + j] = j < nr ? b[p * rsB + j * csB] : T(0);
    }
}

// The micro-kernel: C[0:mr, 0:nr] = alpha * (a_panel @ b_panel) + beta * C, where a is MR x kc and
// b is kc x NR, both packed. beta == 0 does not read C. RM x RV (rows x vectors, at most MR x NV) is
// the register tile it computes: the full MR x NV for whole tiles, a smaller one for an edge tile
// (see micro_kernel_any), reading the same packed panels.
// The beta term reads `src` (rows rsS, columns csS apart) instead of C when src is given: addmm's
// bias, a broadcast view (stride 0 along the dim it repeats over), added as the first K block is
// stored, instead of copied into C beforehand and read back (sgemm_bias). Same arithmetic, same bits.
template <typename T, int RM = Config<T>::MR, int RV = Config<T>::NV>
void micro_kernel(int64_t kc, const T* __restrict a, const T* __restrict b, T* c, int64_t rsC, int64_t csC, int mr,
                  int nr, T alpha, T beta, const T* src = nullptr, int64_t rsS = 0, int64_t csS = 0) {
    if (!src) src = c, rsS = rsC, csS = csC;
    if (csC == 1 && beta != T(0) && csS != 1 && csS != 0) {
        // A source the vector stores below cannot read (a full bias matrix of another layout): copied
        // into this tile of C first, so the arithmetic (and the bits) stay the vector path's.
        for (int i = 0; i < mr; ++i)
            for (int j = 0; j < nr; ++j) c[i * rsC + j] = src[i * rsS + j * csS];
        src = c, rsS = rsC, csS = 1;
    }
    using Cfg = Config<T>;
    using V = typename Cfg::V;
    constexpr int MR = Cfg::MR, W = Cfg::W, NR = Cfg::NR;
    constexpr int NV = RV;
    V acc[RM][NV];
#pragma GCC unroll 16
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[i][v] = V{};
    for (int64_t p = 0; p < kc; ++p) {
        V bv[NV];
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) bv[v] = *reinterpret_cast<const V*>(b + v * W);
#pragma GCC unroll 16
        for (int i = 0; i < RM; ++i) {
            const V av = splat(static_cast<V*>(nullptr), a[i]);
#pragma GCC unroll 4
            for (int v = 0; v < NV; ++v) acc[i][v] = vfma(av, bv[v], acc[i][v]);
        }
        a += MR;
        b += NR;
    }
    // Rows of C contiguous: each of the mr rows is stored from the registers, whole vectors for full
    // columns and (AVX-512) masked vectors for an edge tile's last nr % W columns. An edge tile used
    // to go through the scalar path below: tiles of 32 rows (3 panels of MR = 12, the last 8 rows
    // tall), the attention kernels' blocks, spent 9% of their micro-kernel time there.
    // (the beta term's source: contiguous rows, or one value per row: a bias per row of C, which is
    // what a per-column bias becomes when the product runs transposed)
    if (csC == 1 && (csS == 1 || csS == 0 || beta == T(0))) {
#if defined(__AVX512F__)
        constexpr bool masked = std::is_same_v<T, float> && KILN_VEC_BYTES == 64;
#else
        constexpr bool masked = false;
#endif
        if (nr == NV * W || masked) {
#pragma GCC unroll 16
            for (int i = 0; i < RM; ++i) {
                if (i >= mr) break;
                T* row = c + i * rsC;
                const T* srow = src + i * rsS;
#pragma GCC unroll 4
                for (int v = 0; v < NV; ++v) {
                    const int lanes = nr - v * W;
                    if (lanes <= 0) break;
                    V r = acc[i][v] * alpha;
                    if (lanes >= W) {
                        if (beta != T(0)) {
                            V old;
                            if (csS == 0) old = splat(static_cast<V*>(nullptr), srow[0]);
                            else std::memcpy(&old, srow + v * W, sizeof(V));
                            r += old * beta;
                        }
                        std::memcpy(row + v * W, &r, sizeof(V));
                    } else {
#if defined(__AVX512F__)
                        if constexpr (masked) {
                            const __mmask16 k = __mmask16((1u << lanes) - 1u);
                            __m512 rv = reinterpret_cast<__m512&>(r);
                            if (beta != T(0))
                                rv = _mm512_add_ps(rv, _mm512_mul_ps(csS == 0 ? _mm512_set1_ps(float(srow[0]))
                                                                              : _mm512_maskz_loadu_ps(k, srow + v * W),
                                                                     _mm512_set1_ps(float(beta))));
                            _mm512_mask_storeu_ps(row + v * W, k, rv);
                        }
#endif
                    }
                }
            }
            return;
        }
    }
    alignas(64) T tile[RM * NR];
    for (int i = 0; i < RM; ++i)
        for (int v = 0; v < NV; ++v) std::memcpy(tile + i * NR + v * W, &acc[i][v], sizeof(V));
    for (int i = 0; i < mr; ++i) {
        for (int j = 0; j < nr; ++j) {
            T* dst = c + i * rsC + j * csC;
            T r = alpha * tile[i * NR + j];
            *dst = beta == T(0) ? r : r + beta * src[i * rsS + j * csS];
        }
    }
}

// Any tile, whole or edge: an edge tile (mr < MR rows or nr < NR columns, where M or N is not a
// multiple of the tile) runs the smallest register tile that covers it, rows in thirds of MR and
// columns in whole vectors, instead of the full MR x NR tile with the padding computed and thrown
// away. A ViT's attention products are 65 x 65 (65 tokens): 6 x 3 tiles of 12 x 32 whose last
// column of tiles holds one real column and last row of tiles five real rows; computed full they
// do 1.64x the useful multiply-adds. Every element of C is the same FMAs in the same k order in
// any tile shape, so the bits do not change.
template <typename T>
void micro_kernel_any(int64_t kc, const T* a, const T* b, T* c, int64_t rsC, int64_t csC, int mr, int nr, T alpha,
                      T beta, const T* src = nullptr, int64_t rsS = 0, int64_t csS = 0) {
    using Cfg = Config<T>;
    constexpr int MR = Cfg::MR, NV = Cfg::NV, W = Cfg::W, NR = Cfg::NR;
    static_assert(MR % 3 == 0 && NV == 2, "edge tiles: rows in thirds of MR, one or two vectors");
    constexpr int R1 = MR / 3, R2 = 2 * MR / 3;
    if (mr == MR && nr == NR) return micro_kernel<T, MR, NV>(kc, a, b, c, rsC, csC, mr, nr, alpha, beta, src, rsS, csS);
    if (nr <= W) {
        if (mr <= R1) return micro_kernel<T, R1, 1>(kc, a, b, c, rsC, csC, mr, nr, alpha, beta, src, rsS, csS);
        if (mr <= R2) return micro_kernel<T, R2, 1>(kc, a, b, c, rsC, csC, mr, nr, alpha, beta, src, rsS, csS);
        return micro_kernel<T, MR, 1>(kc, a, b, c, rsC, csC, mr, nr, alpha, beta, src, rsS, csS);
    }
    if (mr <= R1) return micro_kernel<T, R1, NV>(kc, a, b, c, rsC, csC, mr, nr, alpha, beta, src, rsS, csS);
    if (mr <= R2) return micro_kernel<T, R2, NV>(kc, a, b, c, rsC, csC, mr, nr, alpha, beta, src, rsS, csS);
    micro_kernel<T, MR, NV>(kc, a, b, c, rsC, csC, mr, nr, alpha, beta, src, rsS, csS);
}

// C = beta * C (beta == 0 writes zeros): the whole answer when K == 0 or alpha == 0.
template <typename T>
void scale_c(int64_t M, int64_t N, T beta, T* C, int64_t rsC, int64_t csC) {
    for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
            T* c = C + i * rsC + j * csC;
            *c = beta == T(0) ? T(0) : beta * *c;
        }
}

// A thread's least share of a parallel GEMM, in FLOPs (about 20-50 us of one core): the GEMM's grain.
constexpr double kGemmGrainFlops = 1.0e6;

// The thread grid tm x tn for `nt` threads over m_panels x n_panels tiles of C (M x N elements): the
// split with the least work on the busiest thread. Ties go to splitting the larger of M and N: the
// threads of a column range share its packed B panels (packed together, read by all: other cores'
// cache lines), and every thread packs its rows of A; splitting N copies the packing of A into
// every thread, splitting M makes every thread read all of B. With M < N, copying A is cheaper
// (64 x 128 @ 128 x 512 on two threads of the dev VM: 55 us split by rows, 45 on one thread).
void grid(int nt, int64_t m_panels, int64_t n_panels, int64_t M, int64_t N, int& tm, int& tn) {
    int64_t best = -1;
    tm = nt, tn = 1;
    const bool prefer_n = M < N;
    for (int step = 0; step < nt; ++step) {
        const int cand_tn = prefer_n ? nt - step : step + 1;
        if (nt % cand_tn) continue;
        const int cand_tm = nt / cand_tn;
        const int64_t cost = ((m_panels + cand_tm - 1) / cand_tm) * ((n_panels + cand_tn - 1) / cand_tn);
        if (best < 0 || cost < best) {
            best = cost;
            tm = cand_tm;
            tn = cand_tn;
        }
    }
}

// ---- few rows: matrix-vector products -----------------------------------------------------------
//
// With M <= kGemvRows the blocked kernel above is the wrong shape: its MR-row tile computes MR rows
// for the few it keeps, and it copies all of B into packed panels on every call. That is batch-1
// inference: a linear layer on one token is M = 1 with B = W^T, and GPT-2's output layer reads a
// 50257 x 768 weight (154 MB) per token, so the product is bound by how fast B streams from memory,
// once. Two layouts of B are read in place, without packing:
//   dot form  (B's columns contiguous, rsB == 1: x @ W.t(), what linear passes): C[m, n] is the dot
//             product of A's row m with W's row n, vectorized along K, every row of A at once, so W
//             is read once per call;
//   axpy form (B's rows contiguous, csB == 1: x @ W with W stored K x N): vectorized along N, C[m, :]
//             accumulates A[m, k] * B[k, :] over k in the blocked kernel's order (FMA per k, blocks
//             of KC combined through C the same way), so its results are bit for bit the blocked
//             kernel's.
// The dot form sums each product in W lanes and then across them, which rounds differently from the
// blocked kernel's one sequential sum (as MKL's gemv differs from its gemm). Both split N across
// threads with parallel_for; a column's arithmetic does not depend on the split, so the results do
// not depend on the thread count.
constexpr int64_t kGemvRows = 4;

// The largest A (packed, bytes) that gemm_impl's team packs once and shares (see shared A there):
// half of a typical L2, so the packed rows stay cached while every thread streams its B panels.
constexpr size_t kSharedABytes = size_t(1) << 20;

// Loads W elements from p (any alignment).
template <typename V, typename T>
inline V load_vec(const T* p) {
    V v;
    std::memcpy(&v, p, sizeof(V));
    return v;
}

// The sum of v's lanes, by halves (a fixed order: the same for every column and every call).
template <typename T, typename V>
inline T lane_sum(V v) {
    constexpr int W = int(sizeof(V) / sizeof(T));
    alignas(64) T l[W];
    std::memcpy(l, &v, sizeof(V));
    for (int w = W / 2; w >= 1; w /= 2)
        for (int i = 0; i < w; ++i) l[i] += l[i + w];
    return l[0];
}

// Dot form for MM rows of A (contiguous rows, lda apart) and NJ columns of B starting at `b` (column
// j at b + j * csB, contiguous along K): C[m, j] = alpha * (A[m, :] . B[:, j]) (+ beta * C[m, j]).
template <typename T, int MM, int NJ>
inline void gemv_dot_block(int64_t K, T alpha, const T* a, int64_t lda, const T* b, int64_t csB, T beta, T* c,
                           int64_t rsC, int64_t csC) {
    using V = typename Config<T>::V;
    constexpr int W = Config<T>::W;
    V acc[MM][NJ];
    for (int m = 0; m < MM; ++m)
        for (int j = 0; j < NJ; ++j) acc[m][j] = V{};
    int64_t k = 0;
    for (; k + W <= K; k += W) {
        V bv[NJ];
#pragma GCC unroll 8
        for (int j = 0; j < NJ; ++j) bv[j] = load_vec<V>(b + j * csB + k);
#pragma GCC unroll 4
        for (int m = 0; m < MM; ++m) {
            const V av = load_vec<V>(a + m * lda + k);
#pragma GCC unroll 8
            for (int j = 0; j < NJ; ++j) acc[m][j] = vfma(av, bv[j], acc[m][j]);
        }
    }
    for (int m = 0; m < MM; ++m)
        for (int j = 0; j < NJ; ++j) {
            T s = lane_sum<T>(acc[m][j]);
            for (int64_t kk = k; kk < K; ++kk) s += a[m * lda + kk] * b[j * csB + kk];
            T* dst = c + m * rsC + j * csC;
            const T r = alpha * s;
            *dst = beta == T(0) ? r : r + beta * *dst;
        }
}

// Dot form over columns [j0, j1) for MM rows.
template <typename T, int MM>
void gemv_dot_cols(int64_t j0, int64_t j1, int64_t K, T alpha, const T* a, int64_t lda, const T* B, int64_t csB,
                   T beta, T* C, int64_t rsC, int64_t csC) {
    // Columns per step: several rows of W streamed side by side (independent FMA chains), as many as
    // the vector registers hold next to MM x NJ accumulators (32 registers with AVX-512, else 16).
    constexpr int NJ = MM <= 2 || KILN_VEC_BYTES == 64 ? 4 : 2;
    int64_t j = j0;
    for (; j + NJ <= j1; j += NJ)
        gemv_dot_block<T, MM, NJ>(K, alpha, a, lda, B + j * csB, csB, beta, C + j * csC, rsC, csC);
    for (; j < j1; ++j) gemv_dot_block<T, MM, 1>(K, alpha, a, lda, B + j * csB, csB, beta, C + j * csC, rsC, csC);
}

// Axpy form for MM rows of A (any strides) and columns [j, j + nr) of B (rows contiguous, rsB apart),
// nr <= NV * W: C[m, j:j+nr] in the blocked kernel's arithmetic (see above).
template <typename T, int MM, int NV>
inline void gemv_axpy_block(int64_t K, T alpha, const T* A, int64_t rsA, int64_t csA, const T* b, int64_t rsB,
                            int nr, T beta, T* c, int64_t rsC, int64_t csC) {
    using V = typename Config<T>::V;
    constexpr int W = Config<T>::W;
    constexpr int64_t KC = Config<T>::KC;
    const bool full = nr == NV * W;
    for (int64_t pc = 0; pc < K; pc += KC) {
        const int64_t kc = std::min<int64_t>(KC, K - pc);
        V acc[MM][NV];
        for (int m = 0; m < MM; ++m)
            for (int v = 0; v < NV; ++v) acc[m][v] = V{};
        for (int64_t p = pc; p < pc + kc; ++p) {
            const T* row = b + p * rsB;
            V bv[NV];
            if (full) {
#pragma GCC unroll 4
                for (int v = 0; v < NV; ++v) bv[v] = load_vec<V>(row + v * W);
            } else {
                // the last columns: zero-padded, as the blocked kernel's packed edge panels are
                alignas(64) T pad[NV * W] = {};
                std::memcpy(pad, row, sizeof(T) * size_t(nr));
                for (int v = 0; v < NV; ++v) bv[v] = load_vec<V>(pad + v * W);
            }
#pragma GCC unroll 4
            for (int m = 0; m < MM; ++m) {
                const V av = splat(static_cast<V*>(nullptr), A[m * rsA + p * csA]);
#pragma GCC unroll 4
                for (int v = 0; v < NV; ++v) acc[m][v] = vfma(av, bv[v], acc[m][v]);
            }
        }
        const T beta_eff = pc == 0 ? beta : T(1);
        for (int m = 0; m < MM; ++m) {
            alignas(64) T tile[NV * W];
            for (int v = 0; v < NV; ++v) std::memcpy(tile + v * W, &acc[m][v], sizeof(V));
            for (int j = 0; j < nr; ++j) {
                T* dst = c + m * rsC + j * csC;
                const T r = alpha * tile[j];
                *dst = beta_eff == T(0) ? r : r + beta_eff * *dst;
            }
        }
    }
}

// Axpy form over the column blocks [blk0, blk1) of NV * W columns each (the last one partial).
template <typename T, int MM>
void gemv_axpy_cols(int64_t blk0, int64_t blk1, int64_t N, int64_t K, T alpha, const T* A, int64_t rsA, int64_t csA,
                    const T* B, int64_t rsB, T beta, T* C, int64_t rsC, int64_t csC) {
    constexpr int NV = MM <= 2 ? 4 : 2;
    constexpr int64_t NB = NV * Config<T>::W;
    for (int64_t blk = blk0; blk < blk1; ++blk) {
        const int64_t j = blk * NB;
        const int nr = int(std::min<int64_t>(NB, N - j));
        gemv_axpy_block<T, MM, NV>(K, alpha, A, rsA, csA, B + j, rsB, nr, beta, C + j * csC, rsC, csC);
    }
}

// The few-rows product (M <= kGemvRows), when B's rows or columns are contiguous; false otherwise
// (the blocked kernel runs).
template <typename T>
bool gemv(int64_t M, int64_t N, int64_t K, T alpha, const T* A, int64_t rsA, int64_t csA, const T* B, int64_t rsB,
          int64_t csB, T beta, T* C, int64_t rsC, int64_t csC, bool parallel) {
    constexpr int W = Config<T>::W;
    const bool axpy = csB == 1 && (N > 1 || rsB != 1);
    const bool dot = !axpy && rsB == 1 && K >= W;
    if (M > kGemvRows || !(axpy || dot)) return false;
    auto by_rows = [&](auto&& f) {
        switch (M) {
            case 1: return f(std::integral_constant<int, 1>{});
            case 2: return f(std::integral_constant<int, 2>{});
            case 3: return f(std::integral_constant<int, 3>{});
            default: return f(std::integral_constant<int, 4>{});
        }
    };
    if (axpy) {
        // Items are column blocks; each costs M * K * (block width) multiply-adds (the grain rule).
        const int64_t NB = (M <= 2 ? 4 : 2) * W;
        const int64_t blocks = (N + NB - 1) / NB;
        by_rows([&](auto mm) {
            constexpr int MM = decltype(mm)::value;
            auto cols = [&](int64_t b0, int64_t b1) {
                gemv_axpy_cols<T, MM>(b0, b1, N, K, alpha, A, rsA, csA, B, rsB, beta, C, rsC, csC);
            };
            if (parallel) parallel_for(0, blocks, grain_for(M * K * NB), cols);
            else cols(0, blocks);
        });
        return true;
    }
    // Dot form: A's rows are read as vectors, so a strided A is copied first (M x K, small).
    const T* a = A;
    int64_t lda = rsA;
    if (csA != 1) {
        T* buf = scratch<T>(0, size_t(M * K));
        for (int64_t m = 0; m < M; ++m)
            for (int64_t k = 0; k < K; ++k) buf[m * K + k] = A[m * rsA + k * csA];
        a = buf;
        lda = K;
    }
    by_rows([&](auto mm) {
        constexpr int MM = decltype(mm)::value;
        auto cols = [&](int64_t j0, int64_t j1) {
            gemv_dot_cols<T, MM>(j0, j1, K, alpha, a, lda, B, csB, beta, C, rsC, csC);
        };
        if (parallel) parallel_for(0, N, grain_for(M * K), cols);
        else cols(0, N);
    });
    return true;
}

template <typename T>
void gemm_blocked(int64_t M, int64_t N, int64_t K, T alpha, const T* A, int64_t rsA, int64_t csA, const T* B,
                  int64_t rsB, int64_t csB, T beta, T* C, int64_t rsC, int64_t csC, bool parallel,
                  const T* bias = nullptr, int64_t rsBias = 0, int64_t csBias = 0);

// bias (optional): C = alpha * A @ B + beta * bias instead of + beta * C (bias[i * rsBias + j * csBias]).
template <typename T>
void gemm_impl(int64_t M, int64_t N, int64_t K, T alpha, const T* A, int64_t rsA, int64_t csA, const T* B,
               int64_t rsB, int64_t csB, T beta, T* C, int64_t rsC, int64_t csC, bool parallel,
               const T* bias = nullptr, int64_t rsBias = 0, int64_t csBias = 0) {
    using Cfg = Config<T>;
    constexpr int MR = Cfg::MR, NR = Cfg::NR;
    if (M <= 0 || N <= 0) return;
    if (bias && beta == T(0)) bias = nullptr;  // beta 0: the bias is not read (BLAS's rule for C)
    if (bias && (K <= 0 || alpha == T(0) || M <= kGemvRows)) {
        // The paths below that do not run the blocked kernel read the beta term from C: put the bias there.
        for (int64_t i = 0; i < M; ++i)
            for (int64_t j = 0; j < N; ++j) C[i * rsC + j * csC] = bias[i * rsBias + j * csBias];
        bias = nullptr;
    }
    if (K <= 0 || alpha == T(0)) {
        scale_c(M, N, beta, C, rsC, csC);
        return;
    }
    if (gemv(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel)) return;
    // Orientation: the blocked kernel computes whole MR x NR tiles, so a product with few columns
    // (a classifier head: 128 x 512 @ 512 x 10, N = 10 in a 32-wide tile) spends most of its
    // multiply-adds on padding. Computing C^T = B^T A^T instead puts the narrow dim under the short
    // MR side of the tile (the operands' and C's strides swap; packing handles any strides). Taken
    // when the transposed problem's padded tiles cover at most 2/3 of the area: C^T's stores go
    // through the kernel's strided edge path, and at 3/4 (768 x 128 @ 128 x 65, a character-level
    // lm_head) the two ran equally fast on the dev VM's AVX-512 cores, while 128 x 512 @ 512 x 10
    // (0.36 of the area) ran 2x faster transposed and 64 x 256 @ 256 x 20 (0.67) 1.6x. Every
    // element of C is the same sum of the same products in the same k order (the FMAs'
    // multiplication commutes), so both orientations give identical bits.
    const auto padded = [](int64_t rows, int64_t cols) {
        return double((rows + MR - 1) / MR * MR) * double((cols + NR - 1) / NR * NR);
    };
    if (3.0 * padded(N, M) <= 2.0 * padded(M, N))
        return gemm_blocked<T>(N, M, K, alpha, B, csB, rsB, A, csA, rsA, beta, C, csC, rsC, parallel, bias, csBias,
                               rsBias);
    gemm_blocked<T>(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel, bias, rsBias, csBias);
}

// The blocked kernel's loop nest (see the top of this file) for C[M,N] = alpha A B + beta C.
template <typename T>
void gemm_blocked(int64_t M, int64_t N, int64_t K, T alpha, const T* A, int64_t rsA, int64_t csA, const T* B,
                  int64_t rsB, int64_t csB, T beta, T* C, int64_t rsC, int64_t csC, bool parallel, const T* bias,
                  int64_t rsBias, int64_t csBias) {
    using Cfg = Config<T>;
    constexpr int MR = Cfg::MR, NR = Cfg::NR;
    constexpr int64_t KC = Cfg::KC, MC = Cfg::MC, NC = Cfg::NC;
    const int64_t m_panels = (M + MR - 1) / MR;
    const int64_t n_panels = (N + NR - 1) / NR;

    // Threads (tensor/parallel.h's rule, in FLOPs): one thread below 2 * kGemmGrainFlops, else at
    // most one per kGemmGrainFlops of work and per MR x NR tile of C. Inside another parallel region
    // (a batch of small matrices split across threads), one thread.
    int want = 1;
    const double flops = 2.0 * double(M) * double(N) * double(K);
    if (parallel && flops > 2.0 * kGemmGrainFlops && !in_parallel_region())
        want = int(std::min<double>({double(num_threads()), double(m_panels * n_panels), flops / kGemmGrainFlops}));
    const int64_t nc_max = std::min<int64_t>(NC, n_panels * NR);
    const int64_t kc_max = std::min<int64_t>(KC, K);
    T* bpack = scratch<T>(1, size_t(nc_max * kc_max));
    // Shared A: when the grid splits only N (few rows: the batch of a Linear layer, M = 128 against
    // N = 512), every thread would pack all of A for each of its (jc, pc) blocks, the same copy once
    // per thread, as long as the thread's own share of the multiply-adds when K is large. The team
    // packs A once instead (all K blocks, pack_a_blocks' layout, the threads splitting the MR
    // panels), meets one barrier, and every thread reads it: the way oneDNN and MKL split small-M
    // products over N with one copy of the small operand. Bounded so the packed A stays in cache.
    // Results are bit for bit the per-thread packing's (the same panels, the same micro-kernel).
    const int64_t m_pad = m_panels * MR;
    const bool may_share_a = want > 1 && size_t(m_pad * K) * sizeof(T) <= kSharedABytes;
    T* ashared = may_share_a ? scratch<T>(2, size_t(m_pad * K)) : nullptr;

    // body(thread, team size, working threads): the first `use` threads own a block of C on a
    // tm x tn grid. When tm > 1 the threads of a column range share its B panels: every thread of the
    // team helps pack them and meets the barriers around their use. When tm == 1 each thread packs
    // the panels it uses alone, and no thread waits for another.
    auto body = [&](int tid, int nth, int use) {
        T* apack = scratch<T>(0, size_t(MC * kc_max));
        int tm = use, tn = 1;
        grid(use, m_panels, n_panels, M, N, tm, tn);
        const bool shared_b = tm > 1 && nth > 1;
        const bool shared_a = may_share_a && tm == 1 && nth > 1;
        if (shared_a) {
            const int64_t per = (m_panels + nth - 1) / nth;
            pack_a_blocks(M, K, A, rsA, csA, ashared, std::min<int64_t>(m_pad, tid * per * MR),
                          std::min<int64_t>(m_pad, (tid + 1) * per * MR));
            team_barrier();
        }
        // Unshared panels live in the thread's own buffer (the ranges of different threads move
        // between jc blocks, and threads do not wait for each other), indexed from its first panel.
        T* bbuf = shared_b ? bpack : scratch<T>(1, size_t(((nc_max / NR + tn - 1) / tn) * NR * kc_max));
        const bool works = tid < use;
        const int trow = works ? tid / tn : 0, tcol = works ? tid % tn : 0;
        // This thread's rows of C, in whole MR panels (none for a thread past `use`).
        const int64_t mp_per = (m_panels + tm - 1) / tm;
        const int64_t m0 = works ? std::min<int64_t>(M, trow * mp_per * MR) : M;
        const int64_t m1 = works ? std::min<int64_t>(M, (trow + 1) * mp_per * MR) : M;
        for (int64_t jc = 0; jc < N; jc += NC) {
            const int64_t nc = std::min<int64_t>(NC, N - jc);
            const int64_t np = (nc + NR - 1) / NR;
            const int64_t np_per = (np + tn - 1) / tn;
            // this thread's B panels (none for a thread past `use`)
            const int64_t p0 = works ? std::min<int64_t>(np, tcol * np_per) : np;
            const int64_t p1 = works ? std::min<int64_t>(np, (tcol + 1) * np_per) : np;
            for (int64_t pc = 0; pc < K; pc += KC) {
                const int64_t kc = std::min<int64_t>(KC, K - pc);
                const T* Bblk = B + pc * rsB + jc * csB;
                if (shared_b) {
                    for (int64_t panel = tid; panel < np; panel += nth)
                        pack_b_panel(panel, kc, nc, Bblk, rsB, csB, bpack + panel * NR * kc_max);
                    team_barrier();
                } else {
                    for (int64_t panel = p0; panel < p1; ++panel)
                        pack_b_panel(panel, kc, nc, Bblk, rsB, csB, bbuf + (panel - p0) * NR * kc_max);
                }
                const T beta_eff = pc == 0 ? beta : T(1);
                for (int64_t ic = m0; ic < m1; ic += MC) {
                    const int64_t mc = std::min<int64_t>(MC, m1 - ic);
                    // (shared A: row ic's panel of this K block, in pack_a_blocks' layout)
                    const T* ablk = shared_a ? ashared + pc * m_pad + ic * kc : apack;
                    if (!shared_a) pack_a(mc, kc, A + ic * rsA + pc * csA, rsA, csA, apack);
                    for (int64_t jp = p0; jp < p1; ++jp) {
                        const int nr = int(std::min<int64_t>(NR, nc - jp * NR));
                        const T* bp = bbuf + (jp - (shared_b ? 0 : p0)) * NR * kc_max;
                        T* cblk = C + ic * rsC + (jc + jp * NR) * csC;
                        // the first K block's beta term: the bias when there is one, else C
                        const T* sblk = pc == 0 && bias ? bias + ic * rsBias + (jc + jp * NR) * csBias : nullptr;
                        for (int64_t ir = 0; ir < mc; ir += MR) {
                            const int mr = int(std::min<int64_t>(MR, mc - ir));
                            micro_kernel_any<T>(kc, ablk + ir * kc, bp, cblk + ir * rsC, rsC, csC, mr, nr, alpha, beta_eff,
                                                sblk ? sblk + ir * rsBias : nullptr, rsBias, csBias);
                        }
                    }
                }
                if (shared_b) team_barrier();
            }
        }
    };

    if (want > 1)
        parallel_team([&](int tid, int nth) { body(tid, nth, std::min(want, nth)); });
    else
        body(0, 1, 1);
}

}  // namespace

void sgemm(int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t rsA, int64_t csA, const float* B,
           int64_t rsB, int64_t csB, float beta, float* C, int64_t rsC, int64_t csC, bool parallel) {
    if (meta_mode()) return;  // tensor/meta.h: the caller's output stays as it is
    gemm_impl<float>(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel);
}

void dgemm(int64_t M, int64_t N, int64_t K, double alpha, const double* A, int64_t rsA, int64_t csA,
           const double* B, int64_t rsB, int64_t csB, double beta, double* C, int64_t rsC, int64_t csC,
           bool parallel) {
    if (meta_mode()) return;  // tensor/meta.h: the caller's output stays as it is
    gemm_impl<double>(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel);
}

void sgemm_bias(int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t rsA, int64_t csA,
                const float* B, int64_t rsB, int64_t csB, float beta, const float* bias, int64_t rsBias,
                int64_t csBias, float* C, int64_t rsC, int64_t csC, bool parallel) {
    if (meta_mode()) return;
    gemm_impl<float>(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel, bias, rsBias, csBias);
}

void dgemm_bias(int64_t M, int64_t N, int64_t K, double alpha, const double* A, int64_t rsA, int64_t csA,
                const double* B, int64_t rsB, int64_t csB, double beta, const double* bias, int64_t rsBias,
                int64_t csBias, double* C, int64_t rsC, int64_t csC, bool parallel) {
    if (meta_mode()) return;
    gemm_impl<double>(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel, bias, rsBias, csBias);
}

template <typename T>
Blocking<T> blocking() {
    return {Config<T>::MR, Config<T>::NR, Config<T>::KC};
}

template <typename T>
size_t packed_a_size(int64_t M, int64_t K) {
    constexpr int MR = Config<T>::MR;
    return size_t((M + MR - 1) / MR * MR) * size_t(K);
}

template <typename T>
void pack_a_blocks(int64_t M, int64_t K, const T* A, int64_t rsA, int64_t csA, T* out, int64_t m0, int64_t m1) {
    constexpr int MR = Config<T>::MR;
    constexpr int64_t KC = Config<T>::KC;
    const int64_t Mpad = (M + MR - 1) / MR * MR;
    m1 = std::min(m1, M);
    if (m1 <= m0) return;
    for (int64_t pc = 0; pc < K; pc += KC) {
        const int64_t kc = std::min(KC, K - pc);
        pack_a(m1 - m0, kc, A + m0 * rsA + pc * csA, rsA, csA, out + pc * Mpad + m0 * kc);
    }
}

template <typename T>
void micro_tile(int64_t kc, const T* a, const T* b, T* c, int64_t rsC, T beta, int mr) {
    if (mr >= Config<T>::MR) return micro_kernel<T>(kc, a, b, c, rsC, 1, Config<T>::MR, Config<T>::NR, T(1), beta);
    micro_kernel_any<T>(kc, a, b, c, rsC, 1, mr, Config<T>::NR, T(1), beta);
}

template Blocking<float> blocking<float>();
template Blocking<double> blocking<double>();
template size_t packed_a_size<float>(int64_t, int64_t);
template size_t packed_a_size<double>(int64_t, int64_t);
template void pack_a_blocks<float>(int64_t, int64_t, const float*, int64_t, int64_t, float*, int64_t, int64_t);
template void pack_a_blocks<double>(int64_t, int64_t, const double*, int64_t, int64_t, double*, int64_t, int64_t);
template void micro_tile<float>(int64_t, const float*, const float*, float*, int64_t, float, int);
template void micro_tile<double>(int64_t, const double*, const double*, double*, int64_t, double, int);

std::string tile_info() {
    using F = Config<float>;
    return "float32 " + std::to_string(F::MR) + "x" + std::to_string(F::NR) + " micro-kernel, " +
           std::to_string(KILN_VEC_BYTES * 8) + "-bit vectors, MC=" + std::to_string(F::MC) +
           " KC=" + std::to_string(F::KC) + " NC=" + std::to_string(F::NC);
}

}  // namespace kiln::gemm
