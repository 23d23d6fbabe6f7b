// Convolution as an implicit GEMM on the tensor cores (TF32), the scheme cuDNN's default float32
// algorithms use: the GEMM's operand that im2col would write (the (C*kh*kw, N*OH*OW) column matrix) is
// never stored; each block gathers the tile of it that it multiplies straight from the input into
// shared memory. With im2col + cuBLAS (windows.cu, ops/conv.cpp) a 3x3 convolution writes and reads
// back nine times its input; here the input is read from the L2 cache a few times instead.
//
// Forward: y[n, oc, p] = sum_k w[oc, k] * X[k, (n, p)] with k = (c, i, j) a tap of the kernel and p an
// output pixel: the GEMM's M is the output channels of a group, N the (sample, pixel) columns and K the
// taps. A block computes a 64 x 128 tile (8 warps of 32 x 32, wmma m16n16k8 TF32 fragments) in K
// steps of 32; the next step's operands are loaded into registers while the current one multiplies
// (register double-buffering), and the decode of a tap k into (input offset, row and column offset)
// is done once per step for the block in shared memory, so a gathered element costs two bounds tests.
// The tile is staged through shared memory on the way out so that stores to the NCHW output coalesce
// along pixels, with the bias added there.
//
// The input gradient of a stride-1 convolution is the forward kernel run on the output gradient with
// the weight flipped and its channel axes swapped (ops/conv.cpp). The weight gradient gw[oc, k] =
// sum over (n, p) of gy[n, oc, p] * X[k, (n, p)] is the same tiling with the roles changed (M the
// output channels, N the taps, the reduction over columns), split over the columns so that enough
// blocks run; the splits' partial tiles are summed in a fixed order (deterministic, no atomics).
//
// Every index is int32 (the callers check that the tensors fit): 64-bit division and multiplication
// in the gathers cost several times the 32-bit ones.
#include <cuda_runtime.h>
#include <mma.h>

#include <algorithm>
#include <cstdint>

#include "cuda/check.h"
#include "cuda/cuda.h"
#include "cuda/stream.h"

namespace kiln::cuda {

namespace {

using namespace nvcuda;

constexpr int BM = 64, BN = 128, BK = 32, kThreads = 256;
// Row strides of the shared tiles, padded by 4 floats against bank conflicts; wmma needs each
// fragment's start 32-byte aligned, which these strides keep for the 16-row/8-column steps used.
constexpr int LDA = BK + 4, LDB = BN + 4, LDC = BN + 4;
constexpr int kSmemFloats = BM * LDC;  // the C tile; the A and B tiles (BM*LDA + BK*LDB) fit inside
static_assert(BM * LDA + BK * LDB <= kSmemFloats, "A and B tiles must fit in the C tile's space");
constexpr int kOutside = -(1 << 29);  // a row/column offset that fails every bounds test (padding taps)

struct Geom {
    int C, H, W;          // input channels (all groups), height, width
    int Cg, Coutg, Cout;  // input / output channels per group, output channels
    int kh, kw, sh, sw, ph, pw, dh, dw, OH, OW;
    int L, K, NL;  // OH*OW, Cg*kh*kw, N*L
};

// A tap k = (c, i, j) of the kernel: its plane's offset c*H*W in a sample's group of input planes and
// its row / column offsets from a window's top-left corner (kOutside past the last tap).
struct Tap {
    int off, di, dj;
};

__device__ inline Tap decode_tap(int k, const Geom& g) {
    if (k >= g.K) return {0, kOutside, kOutside};
    const int taps = g.kh * g.kw, c = k / taps, r = k - c * taps, i = r / g.kw, j = r - i * g.kw;
    return {c * g.H * g.W, i * g.dh, j * g.dw};
}

// A column (n, p) of the GEMM: sample n, output pixel p, and (h0, w0) its window's top-left corner in
// the input (may lie in the padding; kOutside past the last column).
struct Col {
    int n, p, h0, w0;
};

__device__ inline Col decode_col(int col, const Geom& g) {
    if (col >= g.NL) return {0, 0, kOutside, kOutside};
    const int n = col / g.L, p = col - n * g.L, oh = p / g.OW, ow = p - oh * g.OW;
    return {n, p, oh * g.sh - g.ph, ow * g.sw - g.pw};
}

// The input element that column c reads at tap t, 0 in the padding; xs: the column's sample's group
// of input planes.
__device__ inline float gather(const float* __restrict__ xs, const Geom& g, const Col& c, const Tap& t) {
    const int h = c.h0 + t.di, w = c.w0 + t.dj;
    if (unsigned(h) >= unsigned(g.H) || unsigned(w) >= unsigned(g.W)) return 0.0f;
    return __ldg(xs + (t.off + h * g.W + w));
}

__device__ inline const float* sample_planes(const float* x, const Geom& g, int n, int grp) {
    return x + (size_t(n) * g.C + size_t(grp) * g.Cg) * size_t(g.H) * size_t(g.W);
}

using FragA = wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major>;
using FragB = wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major>;
using FragC = wmma::fragment<wmma::accumulator, 16, 16, 8, float>;

// One K step of the block's tile product: warp (wm, wn) multiplies its 32 x 32 part.
__device__ inline void mma_step(const float* As, const float* Bs, FragC (&acc)[2][2], int wm, int wn) {
#pragma unroll
    for (int kk = 0; kk < BK; kk += 8) {
        FragA a[2];
        FragB b[2];
#pragma unroll
        for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], As + (wm * 32 + i * 16) * LDA + kk, LDA);
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], Bs + kk * LDB + wn * 32 + j * 16, LDB);
#pragma unroll
        for (int i = 0; i < 2; ++i)
#pragma unroll
            for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
}

// The accumulators into the shared C tile (BM x BN, row stride LDC); the caller syncs before and after.
__device__ inline void stash(float* Cs, FragC (&acc)[2][2], int wm, int wn) {
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
            wmma::store_matrix_sync(Cs + (wm * 32 + i * 16) * LDC + wn * 32 + j * 16, acc[i][j], LDC, wmma::mem_row_major);
}

// ---- forward: y = W @ X (+ bias) ------------------------------------------------------------------
// Loads per thread and K step: A (weights, BM x BK) 8 consecutive taps of row tid/4; B (gathered
// input, BK x BN) rows tid/BN + 2r (r < 16) of column tid % BN.
__global__ void __launch_bounds__(kThreads) conv_fwd_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                                            const float* __restrict__ bias, float* __restrict__ y, Geom g) {
    __shared__ __align__(128) float smem[kSmemFloats];
    __shared__ Tap taps[2][BK];
    float* As = smem;
    float* Bs = smem + BM * LDA;
    const int tid = threadIdx.x, warp = tid / 32, wm = warp / 4, wn = warp % 4;
    const int grp = blockIdx.z, m0 = blockIdx.y * BM, j0 = blockIdx.x * BN;
    const int bc = tid % BN, br = tid / BN;
    const Col col = decode_col(j0 + bc, g);
    const float* xs = sample_planes(x, g, col.n, grp);
    const int am = tid / 4, ak = (tid % 4) * 8;
    const bool arow = m0 + am < g.Coutg;
    const float* wrow = w + (size_t(grp) * g.Coutg + size_t(arow ? m0 + am : 0)) * size_t(g.K);
    float ra[8], rb[16];
    auto load = [&](int k0, const Tap* tp) {
#pragma unroll
        for (int q = 0; q < 8; ++q) ra[q] = (arow && k0 + ak + q < g.K) ? __ldg(wrow + k0 + ak + q) : 0.0f;
#pragma unroll
        for (int r = 0; r < 16; ++r) rb[r] = gather(xs, g, col, tp[br + 2 * r]);
    };
    auto store = [&] {
#pragma unroll
        for (int q = 0; q < 8; ++q) As[am * LDA + ak + q] = wmma::__float_to_tf32(ra[q]);
#pragma unroll
        for (int r = 0; r < 16; ++r) Bs[(br + 2 * r) * LDB + bc] = wmma::__float_to_tf32(rb[r]);
    };
    const int steps = (g.K + BK - 1) / BK;
    if (tid < BK) taps[0][tid] = decode_tap(tid, g);
    __syncthreads();
    load(0, taps[0]);
    store();
    if (tid < BK) taps[1][tid] = decode_tap(BK + tid, g);
    __syncthreads();
    FragC acc[2][2];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
    for (int s = 0; s < steps; ++s) {
        const bool more = s + 1 < steps;
        if (more) load((s + 1) * BK, taps[(s + 1) & 1]);
        mma_step(As, Bs, acc, wm, wn);
        __syncthreads();
        if (more) {
            store();
            if (tid < BK) taps[s & 1][tid] = decode_tap((s + 2) * BK + tid, g);
        }
        __syncthreads();
    }
    stash(smem, acc, wm, wn);
    __syncthreads();
    if (j0 + bc >= g.NL) return;
    float* yo = y + (size_t(col.n) * g.Cout + size_t(grp) * g.Coutg) * size_t(g.L) + col.p;
    for (int m = br; m < BM && m0 + m < g.Coutg; m += 2) {
        const int oc = m0 + m;
        yo[size_t(oc) * g.L] = smem[m * LDC + bc] + (bias ? __ldg(bias + grp * g.Coutg + oc) : 0.0f);
    }
}

// ---- weight gradient: gw = gY @ X^T over a split of the columns ----------------------------------
// M = output channels of the group (tile BM), N = taps (tile BN), reduction over the columns (n, p)
// of split blockIdx.z % splits. Loads per thread and step: A (gy, BM x BK) 8 consecutive columns of
// channel row tid/4; B (X^T, BK x BN) columns tid/BN + 2r (r < 16) of tap tid % BN.
__global__ void __launch_bounds__(kThreads) conv_wgrad_kernel(const float* __restrict__ x, const float* __restrict__ gy,
                                                              float* __restrict__ out, Geom g, int splits, int per_split) {
    __shared__ __align__(128) float smem[kSmemFloats];
    __shared__ Col cols[2][BK];
    float* As = smem;
    float* Bs = smem + BM * LDA;
    const int tid = threadIdx.x, warp = tid / 32, wm = warp / 4, wn = warp % 4;
    const int grp = blockIdx.z / splits, split = blockIdx.z % splits;
    const int m0 = blockIdx.y * BM, t0 = blockIdx.x * BN;
    const int c_begin = split * per_split, c_end = min(g.NL, c_begin + per_split);
    const int bc = tid % BN, br = tid / BN;
    const Tap tap = decode_tap(t0 + bc, g);
    const int am = tid / 4, ak = (tid % 4) * 8;
    const bool arow = m0 + am < g.Coutg;
    const size_t gy_row = (size_t(grp) * g.Coutg + size_t(arow ? m0 + am : 0)) * size_t(g.L);
    float ra[8], rb[16];
    auto col_at = [&](int c) { return c < c_end ? decode_col(c, g) : Col{0, 0, kOutside, kOutside}; };
    auto load = [&](int c0, const Col* cp) {
        // A: gy[n, oc, p] for the 8 columns c0 + ak + q (consecutive pixels, wrapping to the next sample)
        Col c = col_at(c0 + ak);
        int n = c.n, p = c.p;
#pragma unroll
        for (int q = 0; q < 8; ++q) {
            ra[q] = (arow && c0 + ak + q < c_end) ? __ldg(gy + size_t(n) * g.Cout * size_t(g.L) + gy_row + p) : 0.0f;
            if (++p == g.L) p = 0, ++n;
        }
#pragma unroll
        for (int r = 0; r < 16; ++r) {
            const Col& cc = cp[br + 2 * r];
            rb[r] = gather(sample_planes(x, g, cc.n, grp), g, cc, tap);
        }
    };
    auto store = [&] {
#pragma unroll
        for (int q = 0; q < 8; ++q) As[am * LDA + ak + q] = wmma::__float_to_tf32(ra[q]);
#pragma unroll
        for (int r = 0; r < 16; ++r) Bs[(br + 2 * r) * LDB + bc] = wmma::__float_to_tf32(rb[r]);
    };
    const int steps = c_end > c_begin ? (c_end - c_begin + BK - 1) / BK : 0;
    FragC acc[2][2];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
    if (steps > 0) {
        if (tid < BK) cols[0][tid] = col_at(c_begin + tid);
        __syncthreads();
        load(c_begin, cols[0]);
        store();
        if (tid < BK) cols[1][tid] = col_at(c_begin + BK + tid);
        __syncthreads();
        for (int s = 0; s < steps; ++s) {
            const bool more = s + 1 < steps;
            if (more) load(c_begin + (s + 1) * BK, cols[(s + 1) & 1]);
            mma_step(As, Bs, acc, wm, wn);
            __syncthreads();
            if (more) {
                store();
                if (tid < BK) cols[s & 1][tid] = col_at(c_begin + (s + 2) * BK + tid);
            }
            __syncthreads();
        }
    }
    stash(smem, acc, wm, wn);
    __syncthreads();
    if (t0 + bc >= g.K) return;
    // out: (splits, Cout, K); split `split`'s partial tile of group grp
    float* o = out + (size_t(split) * g.Cout + size_t(grp) * g.Coutg) * size_t(g.K) + t0 + bc;
    for (int m = br; m < BM && m0 + m < g.Coutg; m += 2) o[size_t(m0 + m) * g.K] = smem[m * LDC + bc];
}

// gw[i] = the splits' partials summed in split order.
__global__ void sum_splits_kernel(const float* __restrict__ part, float* __restrict__ gw, int64_t n, int splits) {
    for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x) {
        float s = 0.0f;
        for (int k = 0; k < splits; ++k) s += part[size_t(k) * n + i];
        gw[i] = s;
    }
}

bool fits(int64_t v) { return v >= 0 && v < (int64_t(1) << 31); }

bool make_geom(const Window2d& w, int64_t N, int64_t Cout, int64_t groups, Geom& g) {
    if (groups <= 0 || w.C % groups != 0 || Cout % groups != 0) return false;
    const int64_t L = w.OH * w.OW, K = (w.C / groups) * w.kh * w.kw;
    for (int64_t v : {N * w.C * w.H * w.W, N * Cout * L, N * L, Cout * K, w.H + 2 * w.ph, w.W + 2 * w.pw})
        if (!fits(v)) return false;
    g = Geom{int(w.C), int(w.H), int(w.W), int(w.C / groups), int(Cout / groups), int(Cout), int(w.kh), int(w.kw),
             int(w.sh), int(w.sw), int(w.ph), int(w.pw), int(w.dh), int(w.dw), int(w.OH), int(w.OW), int(L), int(K),
             int(N * L)};
    return true;
}

}  // namespace

bool conv2d_igemm_forward(const float* x, const float* w, const float* bias, float* y, const Window2d& win, int64_t N,
                          int64_t Cout, int64_t groups) {
    Geom g;
    if (!make_geom(win, N, Cout, groups, g)) return false;
    if (g.NL == 0 || g.Cout == 0) return true;
    const dim3 grid(unsigned((g.NL + BN - 1) / BN), unsigned((g.Coutg + BM - 1) / BM), unsigned(groups));
    if (grid.y > 65535 || grid.z > 65535) return false;
    conv_fwd_kernel<<<grid, kThreads, 0, current_stream()>>>(x, w, bias, y, g);
    KILN_CUDA_CHECK(cudaGetLastError());
    return true;
}

int64_t conv2d_igemm_weight_grad_splits(const Window2d& win, int64_t N, int64_t Cout, int64_t groups) {
    Geom g;
    if (!make_geom(win, N, Cout, groups, g)) return 0;
    const int64_t tiles = ((g.Coutg + BM - 1) / BM) * ((g.K + BN - 1) / BN) * groups;
    // About four blocks per SM (132 on the H100) in all, each reducing at least 8 K steps of columns.
    const int64_t want = (4 * 132 + tiles - 1) / std::max<int64_t>(tiles, 1);
    return std::clamp<int64_t>(std::min<int64_t>(want, g.NL / (8 * BK)), 1, 65535 / std::max<int64_t>(groups, 1));
}

bool conv2d_igemm_weight_grad(const float* x, const float* gy, float* gw, float* partials, int64_t splits,
                              const Window2d& win, int64_t N, int64_t Cout, int64_t groups) {
    Geom g;
    if (!make_geom(win, N, Cout, groups, g) || splits < 1) return false;
    const int64_t n = int64_t(g.Cout) * g.K;
    if (n == 0) return true;
    const int per_split = int((((g.NL + splits - 1) / splits) + BK - 1) / BK * BK);
    const dim3 grid(unsigned((g.K + BN - 1) / BN), unsigned((g.Coutg + BM - 1) / BM), unsigned(groups * splits));
    if (grid.y > 65535 || grid.z > 65535) return false;
    conv_wgrad_kernel<<<grid, kThreads, 0, current_stream()>>>(x, gy, splits == 1 ? gw : partials, g, int(splits),
                                                               per_split);
    KILN_CUDA_CHECK(cudaGetLastError());
    if (splits > 1) {
        const unsigned blocks = unsigned(std::min<int64_t>((n + 255) / 256, 4096));
        sum_splits_kernel<<<blocks, 256, 0, current_stream()>>>(partials, gw, n, int(splits));
        KILN_CUDA_CHECK(cudaGetLastError());
    }
    return true;
}

}  // namespace kiln::cuda
