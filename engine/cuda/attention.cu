// Fused scaled-dot-product attention on the GPU: softmax(q @ k^T * scale + mask) @ v in one kernel,
// the attention matrix never written to memory (the memory-efficient / FlashAttention scheme; what
// PyTorch's F.scaled_dot_product_attention runs for float32 on CUDA, and what its Inductor keeps as
// an extern kernel).
//
// Why it pays: nn.MultiheadAttention done step by step writes the (L x S) scores per head, reads
// them for the softmax, writes the probabilities and reads them again for @ v, and before that
// copies q, k and v into head-major order. Here q, k and v are read where they lie (strided views of
// the in-projection's output), each block keeps its query tile and one key/value tile in shared
// memory, and the output is written straight into (B, L, H, D) order, so the out-projection reads it
// without a transpose copy.
//
// One block of 128 threads (4 warps) owns 64 query rows of one (batch, head); it walks the keys in
// tiles of 64. Per tile: scores S = Q K^T for the warp's 16 rows (each thread 4 rows x 8 keys),
// masked, then the online softmax (running row max m and sum l; the partial output is rescaled by
// exp(m_old - m_new) when the max grows), P written to the warp's rows of shared memory (over K's
// tile, after a barrier: 52 KiB a block for head dims up to 64, so four blocks fit an SM), and
// O += P V (each thread 4 rows x DP/8 columns). Rows and key columns are interleaved (row rg + 4i,
// key cg + 8j, columns in float4 groups cg*4 + 32j) so the 8 lanes that read different rows of a
// tile hit different shared-memory banks. Exponentials are exp2 of log2(e)-scaled scores (q is
// pre-multiplied by scale * log2 e), as FlashAttention does.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cuda/check.h"
#include "cuda/scalar.cuh"
#include "cuda/cuda.h"
#include "cuda/stream.h"

namespace kiln::cuda {

namespace {

constexpr int kRows = 64;     // query rows per block
constexpr int kKeys = 64;     // keys per tile
constexpr int kThreads = 128;  // 4 warps x 16 rows
constexpr int kPad = 4;       // floats of padding per shared row (keeps float4 alignment)
constexpr float kLog2e = 1.4426950408889634f;

struct Params {
    const void *q, *k, *v, *mask;
    void* out;
    float* lse;  // optional: each row's logsumexp (natural log), (B, H, L)
    int64_t B, H;
    int L, S;  // sequence lengths fit 32 bits (the caller checks): cheaper index math
    int D;
    int64_t qs[4], ks[4], vs[4], os[4], ms[4];  // element strides over (B, H, row, col); ms of (B, H, L, S)
    int mask_kind;                               // 0 none, 1 bool (false: masked out), 2 additive (query dtype)
    bool causal;
    bool vec;          // float32 with 16-byte aligned rows: float4 loads and stores
    float qscale;      // scale * log2(e)
};

// rows [r0, r0 + 64) x [0, DP) of a (rows, D) strided matrix into shared rows of DP + kPad floats,
// zeros past its end (rows >= n or columns >= D), times `mul`.
template <typename S, int DP>
__device__ inline void load_tile(float* dst, const S* src, int64_t row_stride, int r0, int n, int D, bool vec,
                                 float mul) {
    constexpr int W = DP + kPad;
    if constexpr (std::is_same_v<S, float>) {
        if (vec) {
            // loads issued in groups of four before their stores (fixed trip counts, unrolled): enough
            // in flight to hide the latency without holding many registers beside the accumulators
            constexpr int kPer = kRows * (DP / 4) / kThreads, kGroup = kPer < 4 ? kPer : 4;
#pragma unroll
            for (int t0 = 0; t0 < kPer; t0 += kGroup) {
                float4 x[kGroup];
#pragma unroll
                for (int t = 0; t < kGroup; ++t) {
                    const int idx = threadIdx.x + (t0 + t) * kThreads;
                    const int r = idx / (DP / 4), c = (idx % (DP / 4)) * 4;
                    x[t] = make_float4(0.f, 0.f, 0.f, 0.f);
                    if (r0 + r < n && c < D) x[t] = *reinterpret_cast<const float4*>(src + (r0 + r) * row_stride + c);
                }
#pragma unroll
                for (int t = 0; t < kGroup; ++t) {
                    const int idx = threadIdx.x + (t0 + t) * kThreads;
                    const int r = idx / (DP / 4), c = (idx % (DP / 4)) * 4;
                    *reinterpret_cast<float4*>(dst + r * W + c) =
                        make_float4(x[t].x * mul, x[t].y * mul, x[t].z * mul, x[t].w * mul);
                }
            }
            return;
        }
    }
    for (int idx = threadIdx.x; idx < kRows * DP; idx += kThreads) {
        const int r = idx / DP, c = idx % DP;
        dst[r * W + c] = (r0 + r < n && c < D) ? load<float>(src[(r0 + r) * row_stride + c]) * mul : 0.f;
    }
}

// Blocks resident per SM: four for head dims up to 64 (52 KiB of shared memory and at most 128
// registers a thread each), so the 512 blocks of a (32, 8, 128, 64) problem run in one wave on 132
// SMs; two for 128.
template <int DP>
constexpr int kMinBlocks = DP <= 64 ? 4 : 2;

constexpr int kPW = kKeys + kPad;  // shared row of P

// Floats of K's region, which P reuses: the larger of the two.
template <int DP>
constexpr int k_region() {
    return kKeys * (DP + kPad) > kRows * kPW ? kKeys * (DP + kPad) : kRows * kPW;
}

template <int DP>
constexpr size_t shared_bytes() {  // Q, K (then P), V
    return sizeof(float) * (size_t(kRows + kKeys) * (DP + kPad) + size_t(k_region<DP>()));
}

template <typename S, int DP, int MinBlocks>
__global__ void __launch_bounds__(kThreads, MinBlocks) attention_kernel(Params p) {
    constexpr int W = DP + kPad;   // shared row of Q, K, V
    constexpr int PW = kPW;
    constexpr int NC = DP / 32;    // float4 column groups per thread
    extern __shared__ float4 smem4[];
    float* Qs = reinterpret_cast<float*>(smem4);
    float* Ks = Qs + kRows * W;
    float* Vs = Ks + k_region<DP>();
    float* Ps = Ks;  // P replaces K once every warp has its scores (a barrier between)

    const int64_t bh = blockIdx.y, b = bh / p.H, h = bh % p.H;
    const int q0 = int(blockIdx.x) * kRows;
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int rg = lane >> 3, cg = lane & 7;
    const int row0 = warp * 16 + rg;  // this thread's rows: row0 + 4 i

    const S* q = static_cast<const S*>(p.q) + b * p.qs[0] + h * p.qs[1];
    const S* k = static_cast<const S*>(p.k) + b * p.ks[0] + h * p.ks[1];
    const S* v = static_cast<const S*>(p.v) + b * p.vs[0] + h * p.vs[1];
    load_tile<S, DP>(Qs, q, p.qs[2], q0, p.L, p.D, p.vec, p.qscale);

    float o[4][NC][4];
    float m[4], l[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        m[i] = -INFINITY;
        l[i] = 0.f;
#pragma unroll
        for (int c = 0; c < NC; ++c) o[i][c][0] = o[i][c][1] = o[i][c][2] = o[i][c][3] = 0.f;
    }

    // causal (top-left aligned, as tril(ones(L, S))): key j is seen by query i when j <= i
    const int key_end = p.causal ? min(p.S, q0 + kRows) : p.S;
    for (int k0 = 0; k0 < key_end; k0 += kKeys) {
        __syncthreads();  // the previous tile's K and V are no longer read
        load_tile<S, DP>(Ks, k, p.ks[2], k0, p.S, p.D, p.vec, 1.f);
        load_tile<S, DP>(Vs, v, p.vs[2], k0, p.S, p.D, p.vec, 1.f);
        __syncthreads();

        // S = Q K^T: rows row0 + 4i, keys cg + 8j
        float s[4][8];
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) s[i][j] = 0.f;
#pragma unroll 4
        for (int d = 0; d < DP; d += 4) {
            float4 a[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = *reinterpret_cast<const float4*>(Qs + (row0 + 4 * i) * W + d);
#pragma unroll
            for (int jh = 0; jh < 8; jh += 4) {  // keys in two halves: fewer live registers
                float4 bk[4];
#pragma unroll
                for (int j = 0; j < 4; ++j) bk[j] = *reinterpret_cast<const float4*>(Ks + (cg + 8 * (jh + j)) * W + d);
#pragma unroll
                for (int i = 0; i < 4; ++i)
#pragma unroll
                    for (int j = 0; j < 4; ++j) {
                        float& acc = s[i][jh + j];
                        acc = fmaf(a[i].x, bk[j].x, acc);
                        acc = fmaf(a[i].y, bk[j].y, acc);
                        acc = fmaf(a[i].z, bk[j].z, acc);
                        acc = fmaf(a[i].w, bk[j].w, acc);
                    }
            }
        }

        __syncthreads();  // every warp has read K: P may overwrite it

        // masks, then the online softmax over this tile
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int qi = q0 + row0 + 4 * i;
            float tile_max = -INFINITY;
#pragma unroll
            for (int j = 0; j < 8; ++j) {
                const int kj = k0 + cg + 8 * j;
                float x = s[i][j];
                if (kj >= p.S || (p.causal && kj > qi)) x = -INFINITY;
                else if (p.mask_kind != 0 && qi < p.L) {
                    const int64_t off = b * p.ms[0] + h * p.ms[1] + int64_t(qi) * p.ms[2] + int64_t(kj) * p.ms[3];
                    if (p.mask_kind == 1) {
                        if (!static_cast<const bool*>(p.mask)[off]) x = -INFINITY;
                    } else {
                        x += load<float>(static_cast<const S*>(p.mask)[off]) * kLog2e;
                    }
                }
                s[i][j] = x;
                tile_max = fmaxf(tile_max, x);
            }
            tile_max = fmaxf(tile_max, __shfl_xor_sync(0xffffffffu, tile_max, 1));
            tile_max = fmaxf(tile_max, __shfl_xor_sync(0xffffffffu, tile_max, 2));
            tile_max = fmaxf(tile_max, __shfl_xor_sync(0xffffffffu, tile_max, 4));
            const float m_new = fmaxf(m[i], tile_max);
            // a row with every key masked so far keeps m = -inf: exp2 of -inf - 0 is 0, never NaN here
            const float m_use = m_new == -INFINITY ? 0.f : m_new;
            const float alpha = exp2f(m[i] - m_use);
            m[i] = m_new;
            float sum = 0.f;
#pragma unroll
            for (int j = 0; j < 8; ++j) {
                const float e = exp2f(s[i][j] - m_use);
                sum += e;
                Ps[(row0 + 4 * i) * PW + cg + 8 * j] = e;
            }
            l[i] = l[i] * alpha + sum;  // a per-thread partial sum: the lanes are added at the end
#pragma unroll
            for (int c = 0; c < NC; ++c) o[i][c][0] *= alpha, o[i][c][1] *= alpha, o[i][c][2] *= alpha, o[i][c][3] *= alpha;
        }
        __syncwarp();  // each warp reads back only its own 16 rows of P

        // O += P V: rows row0 + 4i, columns cg*4 + 32c .. +3
#pragma unroll 2
        for (int kk = 0; kk < kKeys; kk += 4) {
            float4 a[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = *reinterpret_cast<const float4*>(Ps + (row0 + 4 * i) * PW + kk);
#pragma unroll
            for (int t = 0; t < 4; ++t) {
#pragma unroll
                for (int c = 0; c < NC; ++c) {
                    const float4 bv = *reinterpret_cast<const float4*>(Vs + (kk + t) * W + cg * 4 + 32 * c);
#pragma unroll
                    for (int i = 0; i < 4; ++i) {
                        const float pi = t == 0 ? a[i].x : t == 1 ? a[i].y : t == 2 ? a[i].z : a[i].w;
                        o[i][c][0] += pi * bv.x;
                        o[i][c][1] += pi * bv.y;
                        o[i][c][2] += pi * bv.z;
                        o[i][c][3] += pi * bv.w;
                    }
                }
            }
        }
    }

    S* out = static_cast<S*>(p.out) + b * p.os[0] + h * p.os[1];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        float sum = l[i];
        sum += __shfl_xor_sync(0xffffffffu, sum, 1);
        sum += __shfl_xor_sync(0xffffffffu, sum, 2);
        sum += __shfl_xor_sync(0xffffffffu, sum, 4);
        const int qi = q0 + row0 + 4 * i;
        if (qi >= p.L) continue;
        // m is in log2 units (q was scaled by log2 e): ln(sum_j e^{s_j}) = (m + log2(sum)) ln 2
        if (p.lse && cg == 0) p.lse[bh * p.L + qi] = (m[i] + __log2f(sum)) * 0.6931471805599453f;
        const float inv = 1.f / sum;  // a fully masked row: 0 / 0 = NaN, as the unfused softmax gives
        S* row = out + qi * p.os[2];
#pragma unroll
        for (int c = 0; c < NC; ++c) {
            const int col = cg * 4 + 32 * c;
            if constexpr (std::is_same_v<S, float>) {
                if (p.vec && col < p.D) {
                    *reinterpret_cast<float4*>(row + col) =
                        make_float4(o[i][c][0] * inv, o[i][c][1] * inv, o[i][c][2] * inv, o[i][c][3] * inv);
                    continue;
                }
            }
#pragma unroll
            for (int e = 0; e < 4; ++e)
                if (col + e < p.D) row[col + e] = store<S>(o[i][c][e] * inv);
        }
    }
}

template <typename S, int DP, int MinBlocks>
void launch_variant(const Params& p) {
    constexpr size_t bytes = shared_bytes<DP>();
    static bool configured = false;  // the opt-in above 48 KiB of dynamic shared memory, once per kernel
    if (!configured) {
        KILN_CUDA_CHECK(cudaFuncSetAttribute(attention_kernel<S, DP, MinBlocks>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
        configured = true;
    }
    const dim3 grid(unsigned((p.L + kRows - 1) / kRows), unsigned(p.B * p.H));
    attention_kernel<S, DP, MinBlocks><<<grid, kThreads, bytes, current_stream()>>>(p);
    KILN_CUDA_CHECK(cudaGetLastError());
}

// (Measured on an H100 at (32, 8, 128, 64): 42.8 us with four blocks per SM, 63.0 us with three, the
// register cap's small spills notwithstanding; PyTorch's memory-efficient kernel takes 53.6 us.)
template <typename S, int DP>
void launch(const Params& p) {
    launch_variant<S, DP, kMinBlocks<DP>>(p);
}

template <typename S>
void launch_dtype(const Params& p) {
    if (p.D <= 32) launch<S, 32>(p);
    else if (p.D <= 64) launch<S, 64>(p);
    else launch<S, 128>(p);
}

// ---- backward ----------------------------------------------------------------------------------
// The gradients of softmax(q k^T * scale) v without the (L, S) matrices in memory (FlashAttention-2's
// backward), float32, from each query row's logsumexp as the forward kernel saved it, in two kernels:
//   prep, a block per 64 query rows: D_i = rowsum(dO_i * O_i), into the scratch for the main
//     kernel; it also zeroes the block's rows of dq, which the main kernel adds into.
//   main, a block per 64 keys holding their K and V tiles: for every query tile S = Q K^T,
//     P = exp(S - lse), dP = dO V^T, dS = P * (dP - D); dV += P^T dO and dK += dS^T Q stay in
//     registers until the end; dQ's share from these keys, dS K, is added into dq with atomics
//     (with 128 keys, two tiles, the sum is the same whichever add lands first; longer key
//     sequences round in arrival order).
// Five tile products per (query tile, key tile) pair: the first version, a dq pass and a dk/dv pass
// that each recomputed S and dP and the logsumexp, took eight (271 us per call at (32, 8, 128, 64)
// on an H100); with the logsumexp recomputed by the prep kernel, six (150 us).
// q is read pre-multiplied by the scale, so S = (scale q) k^T, dK = dS^T (scale q), dQ = scale dS K.
// 256 threads. In a 64 x 64 tile of S thread (tr, tc) = (t / 16, t % 16) owns rows tr + 16i and
// columns tc + 16j: 16 lanes share a row (its max and sum are shuffles among them). In a 64 x DP
// product it owns rows tr + 16i and the DP / 16 consecutive columns from tc * DP / 16, so its piece
// of a row of the right operand is one 16-byte (DP 64) or 8-byte (DP 32) shared load, and the 16
// lanes of a row read one contiguous span. Shared rows are padded by 4 floats: products read the
// left operand in float4 steps along the reduced dim, and lanes that read different rows of a tile
// hit different banks.
namespace bwd {

constexpr int kTile = 64;
constexpr int kThreads = 256;

template <int DP>
constexpr int kW = DP + 4;  // shared row of Q, K, V, dO
constexpr int kSW = kTile + 4;  // shared row of P, dS
template <int DP>
constexpr int kCols = DP / 16;  // a thread's consecutive columns of a 64 x DP product

struct Params {
    const float *q, *k, *v, *out, *grad, *lse;
    float *dq, *dk, *dv, *dsum;
    int64_t H;
    int L, S, D;
    int64_t qs[4], ks[4], vs[4], os[4], gs[4], dqs[4], dks[4], dvs[4];
    float scale;
    bool vec;  // q, k, v and grad rows 16-byte aligned with D a multiple of 4: float4 tile loads
    bool causal;  // top-left aligned: key j seen by query i when j <= i
};

// rows [r0, r0 + 64) x [0, DP) of a (rows, D) matrix (row stride `rs`, columns contiguous) into
// shared rows of DP + 4, zeros past the end, times `mul`.
template <int DP>
__device__ inline void load(float* dst, const float* src, int64_t rs, int r0, int n, int D, bool vec, float mul) {
    if (vec) {
        for (int idx = threadIdx.x; idx < kTile * (DP / 4); idx += kThreads) {
            const int r = idx / (DP / 4), c = (idx % (DP / 4)) * 4;
            float4 x = make_float4(0.f, 0.f, 0.f, 0.f);
            if (r0 + r < n && c < D) x = *reinterpret_cast<const float4*>(src + int64_t(r0 + r) * rs + c);
            *reinterpret_cast<float4*>(dst + r * kW<DP> + c) = make_float4(x.x * mul, x.y * mul, x.z * mul, x.w * mul);
        }
        return;
    }
    for (int idx = threadIdx.x; idx < kTile * DP; idx += kThreads) {
        const int r = idx / DP, c = idx % DP;
        dst[r * kW<DP> + c] = (r0 + r < n && c < D) ? src[int64_t(r0 + r) * rs + c] * mul : 0.f;
    }
}

// acc[i][j] = sum_d A[tr + 16i][d] * B[tc + 16j][d]: a 64 x 64 tile of A B^T (rows of both in shared memory).
template <int DP>
__device__ inline void tile_abt(float (&acc)[4][4], const float* A, const float* B) {
    const int tr = threadIdx.x / 16, tc = threadIdx.x % 16;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.f;
#pragma unroll 2
    for (int d = 0; d < DP; d += 4) {
        float4 a[4], b[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) a[i] = *reinterpret_cast<const float4*>(A + (tr + 16 * i) * kW<DP> + d);
#pragma unroll
        for (int j = 0; j < 4; ++j) b[j] = *reinterpret_cast<const float4*>(B + (tc + 16 * j) * kW<DP> + d);
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                float& x = acc[i][j];
                x = fmaf(a[i].x, b[j].x, x);
                x = fmaf(a[i].y, b[j].y, x);
                x = fmaf(a[i].z, b[j].z, x);
                x = fmaf(a[i].w, b[j].w, x);
            }
    }
}

// acc[i][j] += sum_c P[tr + 16i][c] * B[c][tc * C + j] over the tile's 64 columns c (C = DP / 16; P's
// rows in float4 steps, B's piece of a row in one load).
template <int DP>
__device__ inline void tile_pb(float (&acc)[4][kCols<DP>], const float* P, const float* B) {
    constexpr int C = kCols<DP>;
    const int tr = threadIdx.x / 16, tc = threadIdx.x % 16;
#pragma unroll 2
    for (int c = 0; c < kTile; c += 4) {
        float4 a[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) a[i] = *reinterpret_cast<const float4*>(P + (tr + 16 * i) * kSW + c);
#pragma unroll
        for (int cc = 0; cc < 4; ++cc) {
            const float* brow = B + (c + cc) * kW<DP> + tc * C;
            float b[C];
            if constexpr (C == 4) {
                const float4 t = *reinterpret_cast<const float4*>(brow);
                b[0] = t.x, b[1] = t.y, b[2] = t.z, b[3] = t.w;
            } else {
                static_assert(C == 2, "head dims of 32 or 64");
                const float2 t = *reinterpret_cast<const float2*>(brow);
                b[0] = t.x, b[1] = t.y;
            }
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                const float ai = cc == 0 ? a[i].x : cc == 1 ? a[i].y : cc == 2 ? a[i].z : a[i].w;
#pragma unroll
                for (int j = 0; j < C; ++j) acc[i][j] = fmaf(ai, b[j], acc[i][j]);
            }
        }
    }
}

// The sum over the 16 lanes that share a row (lanes of one half-warp).
__device__ inline float row_sum(float x) {
#pragma unroll
    for (int o = 1; o < 16; o <<= 1) x += __shfl_xor_sync(0xffffffffu, x, o);
    return x;
}

// A thread's 4 x DP/16 product values (times `mul`) written to, or with `Add` added into, rows
// [r0, ...) of a strided (rows, D) matrix.
template <int DP, bool Add>
__device__ inline void store(float* dst, int64_t rs, int r0, int n, int D, const float (&acc)[4][kCols<DP>], float mul) {
    const int tr = threadIdx.x / 16, tc = threadIdx.x % 16;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int r = r0 + tr + 16 * i;
        if (r >= n) continue;
#pragma unroll
        for (int j = 0; j < kCols<DP>; ++j) {
            const int col = tc * kCols<DP> + j;
            if (col >= D) continue;
            if constexpr (Add) atomicAdd(dst + int64_t(r) * rs + col, acc[i][j] * mul);
            else dst[int64_t(r) * rs + col] = acc[i][j] * mul;
        }
    }
}

template <int DP>
__global__ void __launch_bounds__(kThreads) prep_kernel(Params p) {
    const int64_t bh = blockIdx.y, b = bh / p.H, h = bh % p.H;
    const int q0 = int(blockIdx.x) * kTile;
    const int tr = threadIdx.x / 16, tc = threadIdx.x % 16;
    const float* o = p.out + b * p.os[0] + h * p.os[1];
    const float* g = p.grad + b * p.gs[0] + h * p.gs[1];
    float* dq = p.dq + b * p.dqs[0] + h * p.dqs[1];
    // D_i, and zeros into dq's rows: 16 lanes a row
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int r = q0 + tr + 16 * i;
        float acc = 0.f;
        if (r < p.L)
            for (int c = tc; c < p.D; c += 16) {
                acc = fmaf(g[int64_t(r) * p.gs[2] + c], o[int64_t(r) * p.os[2] + c], acc);
                dq[int64_t(r) * p.dqs[2] + c] = 0.f;
            }
        acc = row_sum(acc);
        if (tc == 0 && r < p.L) p.dsum[bh * p.L + r] = acc;
    }
}

// The main kernel's shared memory: the K, V, Q and dO tiles, two (64, 64 + 4) tiles (P^T then dS^T,
// and dS), and per query row its logsumexp and D: 102.5 KiB at DP 64, two blocks an SM.
template <int DP>
constexpr size_t main_shared_bytes() {
    return sizeof(float) * (size_t(4) * kTile * kW<DP> + size_t(2) * kTile * kSW + 2 * kTile);
}

template <int DP>
__global__ void __launch_bounds__(kThreads, 2) main_kernel(Params p) {
    extern __shared__ float4 sm4[];
    float* Ks = reinterpret_cast<float*>(sm4);
    float* Vs = Ks + kTile * kW<DP>;
    float* Qs = Vs + kTile * kW<DP>;
    float* dOs = Qs + kTile * kW<DP>;
    float* Ts = dOs + kTile * kW<DP>;  // key-major: P^T, then dS^T
    float* Rs = Ts + kTile * kSW;       // query-major: dS
    float* lse_s = Rs + kTile * kSW;
    float* d_s = lse_s + kTile;
    const int64_t bh = blockIdx.y, b = bh / p.H, h = bh % p.H;
    const int k0 = int(blockIdx.x) * kTile;
    const int tr = threadIdx.x / 16, tc = threadIdx.x % 16;
    const float* q = p.q + b * p.qs[0] + h * p.qs[1];
    const float* g = p.grad + b * p.gs[0] + h * p.gs[1];
    float* dq = p.dq + b * p.dqs[0] + h * p.dqs[1];
    load<DP>(Ks, p.k + b * p.ks[0] + h * p.ks[1], p.ks[2], k0, p.S, p.D, p.vec, 1.f);
    load<DP>(Vs, p.v + b * p.vs[0] + h * p.vs[1], p.vs[2], k0, p.S, p.D, p.vec, 1.f);
    float dk[4][kCols<DP>], dv[4][kCols<DP>];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < kCols<DP>; ++j) dk[i][j] = dv[i][j] = 0.f;
    // causal: the query tiles before this key tile see none of its keys (tiles of both are 64 wide)
    for (int q0 = p.causal ? k0 : 0; q0 < p.L; q0 += kTile) {
        __syncthreads();  // the last tile's products are done with Q, dO and the S-shaped tiles
        load<DP>(Qs, q, p.qs[2], q0, p.L, p.D, p.vec, p.scale);
        load<DP>(dOs, g, p.gs[2], q0, p.L, p.D, p.vec, 1.f);
        if (threadIdx.x < kTile) {
            const bool in = q0 + int(threadIdx.x) < p.L;
            lse_s[threadIdx.x] = in ? p.lse[bh * p.L + q0 + threadIdx.x] : 0.f;
            d_s[threadIdx.x] = in ? p.dsum[bh * p.L + q0 + threadIdx.x] : 0.f;
        }
        __syncthreads();
        // rows: queries tr + 16i; columns: keys tc + 16j
        float s[4][4], ds[4][4];
        tile_abt<DP>(s, Qs, Ks);
        tile_abt<DP>(ds, dOs, Vs);  // dP, becoming dS below
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            const int r = tr + 16 * i;
            const bool row_in = q0 + r < p.L;
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                const int key = tc + 16 * j;
                const bool seen = row_in && k0 + key < p.S && (!p.causal || k0 + key <= q0 + r);
                const float pr = seen ? __expf(s[i][j] - lse_s[r]) : 0.f;
                ds[i][j] = pr * (ds[i][j] - d_s[r]);
                Ts[key * kSW + r] = pr;
                Rs[r * kSW + key] = ds[i][j];
            }
        }
        __syncthreads();
        tile_pb<DP>(dv, Ts, dOs);  // dV[key][:] += P^T[key][query] dO[query][:]
        {
            float dqp[4][kCols<DP>];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < kCols<DP>; ++j) dqp[i][j] = 0.f;
            tile_pb<DP>(dqp, Rs, Ks);  // dQ[query][:] += dS[query][key] K[key][:]
            store<DP, true>(dq, p.dqs[2], q0, p.L, p.D, dqp, p.scale);
        }
        __syncthreads();
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) Ts[(tc + 16 * j) * kSW + tr + 16 * i] = ds[i][j];
        __syncthreads();
        tile_pb<DP>(dk, Ts, Qs);  // dK[key][:] += dS^T[key][query] (scale Q)[query][:]
    }
    store<DP, false>(p.dk + b * p.dks[0] + h * p.dks[1], p.dks[2], k0, p.S, p.D, dk, 1.f);
    store<DP, false>(p.dv + b * p.dvs[0] + h * p.dvs[1], p.dvs[2], k0, p.S, p.D, dv, 1.f);
}

template <int DP>
void launch(const Params& p, int64_t BH) {
    static bool configured = false;  // the opt-in above 48 KiB of dynamic shared memory, once per kernel
    if (!configured) {
        KILN_CUDA_CHECK(cudaFuncSetAttribute(main_kernel<DP>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             int(main_shared_bytes<DP>())));
        configured = true;
    }
    prep_kernel<DP><<<dim3(unsigned((p.L + kTile - 1) / kTile), unsigned(BH)), kThreads, 0, current_stream()>>>(p);
    KILN_CUDA_CHECK(cudaGetLastError());
    main_kernel<DP><<<dim3(unsigned((p.S + kTile - 1) / kTile), unsigned(BH)), kThreads, main_shared_bytes<DP>(),
                      current_stream()>>>(p);
    KILN_CUDA_CHECK(cudaGetLastError());
}

}  // namespace bwd

}  // namespace

bool attention_backward_supported(uint8_t dtype, int64_t head_dim, int64_t value_dim) {
    return dtype == 4 && head_dim == value_dim && head_dim >= 1 && head_dim <= kAttentionBackwardMaxHeadDim;
}

void attention_backward(const AttentionBackward& a) {
    if (a.B * a.H == 0 || a.L == 0 || a.D == 0) return;
    KILN_CHECK(a.L < (int64_t(1) << 30) && a.S < (int64_t(1) << 30) && a.S > 0, RuntimeError,
               "scaled_dot_product_attention backward: sequence lengths must be in [1, 2^30)");
    KILN_CHECK(a.D <= kAttentionBackwardMaxHeadDim, RuntimeError,
               "internal: the fused attention backward takes head dims up to 64, got ", a.D);
    bwd::Params p{};
    p.q = a.q, p.k = a.k, p.v = a.v, p.out = a.out, p.grad = a.grad, p.lse = a.lse;
    p.dq = a.dq, p.dk = a.dk, p.dv = a.dv;
    p.dsum = a.scratch;
    p.H = a.H, p.L = int(a.L), p.S = int(a.S), p.D = int(a.D);
    for (int i = 0; i < 4; ++i) {
        p.qs[i] = a.q_strides[i], p.ks[i] = a.k_strides[i], p.vs[i] = a.v_strides[i], p.os[i] = a.out_strides[i];
        p.gs[i] = a.grad_strides[i], p.dqs[i] = a.dq_strides[i], p.dks[i] = a.dk_strides[i], p.dvs[i] = a.dv_strides[i];
    }
    p.scale = float(a.scale);
    p.causal = a.causal;
    // float4 tile loads: every row start of q, k, v and grad 16-byte aligned
    bool vec = a.D % 4 == 0;
    for (const float* ptr : {a.q, a.k, a.v, a.grad}) vec = vec && reinterpret_cast<uintptr_t>(ptr) % 16 == 0;
    for (const int64_t* st : {a.q_strides, a.k_strides, a.v_strides, a.grad_strides})
        vec = vec && st[0] % 4 == 0 && st[1] % 4 == 0 && st[2] % 4 == 0;
    p.vec = vec;
    if (a.D <= 32) bwd::launch<32>(p, a.B * a.H);
    else bwd::launch<64>(p, a.B * a.H);
}

bool attention_supported(uint8_t dtype, int64_t head_dim, int64_t value_dim) {
    return (dtype == 2 || dtype == 3 || dtype == 4) && head_dim == value_dim && head_dim >= 1 &&
           head_dim <= kAttentionMaxHeadDim;
}

void attention(const Attention& a) {
    if (a.B * a.H == 0 || a.L == 0) return;
    Params p{};
    p.q = a.q, p.k = a.k, p.v = a.v, p.mask = a.mask, p.out = a.out, p.lse = a.lse;
    KILN_CHECK(a.L < (int64_t(1) << 30) && a.S < (int64_t(1) << 30), RuntimeError,
               "scaled_dot_product_attention: sequences longer than 2^30 are not supported");
    p.B = a.B, p.H = a.H, p.L = int(a.L), p.S = int(a.S), p.D = int(a.D);
    for (int i = 0; i < 4; ++i) {
        p.qs[i] = a.q_strides[i], p.ks[i] = a.k_strides[i], p.vs[i] = a.v_strides[i];
        p.os[i] = a.out_strides[i], p.ms[i] = a.mask_strides[i];
    }
    p.mask_kind = a.mask == nullptr ? 0 : a.mask_is_bool ? 1 : 2;
    p.causal = a.causal;
    p.qscale = float(a.scale) * kLog2e;
    // float4 access: float32, every row start 16-byte aligned (base addresses and row/batch/head strides)
    bool vec = a.dtype == 4 && a.D % 4 == 0;
    for (const void* ptr : {a.q, a.k, a.v, static_cast<const void*>(a.out)})
        vec = vec && reinterpret_cast<uintptr_t>(ptr) % 16 == 0;
    for (const int64_t* st : {a.q_strides, a.k_strides, a.v_strides, a.out_strides})
        vec = vec && st[0] % 4 == 0 && st[1] % 4 == 0 && st[2] % 4 == 0;
    p.vec = vec;
    if (a.S == 0) KILN_FAIL(RuntimeError, "internal: attention over an empty key sequence reached the GPU kernel");
    switch (a.dtype) {
        case 2: launch_dtype<__half>(p); return;
        case 3: launch_dtype<__nv_bfloat16>(p); return;
        case 4: launch_dtype<float>(p); return;
        default: KILN_FAIL(RuntimeError, "internal: fused attention called with dtype code ", int(a.dtype));
    }
}

}  // namespace kiln::cuda
