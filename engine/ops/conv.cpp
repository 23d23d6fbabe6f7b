// Convolution and pooling: conv2d/conv3d, max_pool2d/3d, avg_pool2d/3d, adaptive_avg_pool2d/3d.
// The 3-d ops run the same kernels as the 2-d ones (geometries with a depth; 2-d is depth 1).
//
// On the CPU, float32/float64 convolutions whose groups have most of the micro-kernel's MR rows of
// output channels run the forward and the weight gradient as implicit GEMMs ("implicit GEMM" below):
// the columns are packed straight from the input into the packed GEMM's panels by offsets worked out
// once per call, the weight is packed once, and tiles of (columns, output channels) go to threads.
// The input gradient of a stride-1 convolution with >= 64 input channels a group runs on the same
// forward kernel (a convolution of dY with the flipped weight: conv_input_grad_as_forward), and taps
// that read only padding for every output position are dropped first (LiveTaps).
// Depthwise convolutions (one input channel per group) run direct loops over kernel taps, forward and
// backward (ops/conv_depthwise.h).
// The rest (other narrow groups, other input gradients, int64) is im2col + GEMM:
//
// im2col + GEMM. For one sample n, group g and a chunk of output pixels, the receptive
// fields are unrolled into a column matrix cols[Cg*kh*kw, pixels] and one GEMM gives
//   y[n, g*Coutg:(g+1)*Coutg, pixels] = W_g[Coutg, Cg*kh*kw] @ cols
// Chunks keep cols around 1 MiB so it stays in L2 while the GEMM packs it; (sample, group, chunk)
// work items are spread over threads, each running a single-threaded GEMM (no nested teams). A 1x1
// stride-1 unpadded convolution needs no im2col: the input plane already is the column matrix.
// Small planes put several samples' columns side by side in one item (ConvTiling), so one GEMM
// reads the weight for the whole block instead of once per sample. When there are too few items for
// the threads, panels of samples run each step (im2col, GEMM, scatter) over all threads instead (see
// "conv2d kernels" below).
// The backward pass reuses the same pieces: dW_g += dY_chunk @ cols^T (per-thread copies summed at
// the end, or the panels' GEMM), dcols = W_g^T @ dY_chunk scattered back with col2im, db = sum of dY.
//
// Pooling kernels are direct loops over (plane, output pixel), parallel over planes, written after
// ATen's CPU kernels so that window bounds (ceil_mode, padding, count_include_pad) and the
// tie/NaN rules of max pooling give PyTorch's numbers. Each backward is itself recorded (with
// PyTorch's ...BackwardBackward0 names) so double backward works for pooling; conv2d's backward is
// not differentiable again in Kiln: create_graph gives first-order gradients, and differentiating
// those raises NotImplementedError.
//
// float16/bfloat16 run in float32 and round the result, as ATen does on CPU.
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <list>
#include <memory>
#include <mutex>
#include <type_traits>

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/cudnn.h"
#include "cuda/dispatch.h"
#include "ops/gemm.h"
#include "ops/autocast.h"
#include "ops/conv_depthwise.h"
#include "ops/conv_transpose.h"
#include "ops/native_backward.h"
#include "ops/output_layout.h"
#include "ops/ops.h"
#include "ops/tensor_extra.h"
#include "support/error.h"
#include "tensor/iter.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

using autograd::Grads;
using autograd::SavedTensor;

// A contiguous copy of t with no autograd history (kernels read raw pointers).
Tensor plain(const Tensor& t, std::optional<DType> dt = std::nullopt) {
    autograd::NoGradGuard no_grad;
    Tensor d = t.detach();
    if (dt && d.dtype() != *dt) d = to_dtype(d, *dt);
    return contiguous(d);
}

Tensor cast(const Tensor& t, DType dt) {
    autograd::NoGradGuard no_grad;
    return t.dtype() == dt ? t : to_dtype(t, dt);
}

// A chunk of conv items is worth a thread from about this many FLOPs (the GEMM's grain, ops/gemm.cpp).
[[maybe_unused]] constexpr double kItemGrainFlops = 1.0e6;  // (unused without threads)

// Runs f(item, thread_id, gemm_parallel) for item in [0, n), each item about `item_flops` of work:
// items across threads when there are more than one chunk's worth (tensor/parallel.h's rule, the grain
// in items from kItemGrainFlops), otherwise one item at a time with a GEMM free to split itself across
// the threads. Items are handed out one at a time as threads free up (their costs differ at edges);
// `fixed_owner`: each thread gets a fixed block of items instead, for callers that accumulate per
// thread, so the floating-point sums do not depend on which thread happened to take which item
// (dynamic scheduling made conv2d's weight gradient differ from run to run).
template <typename F>
void run_items(int64_t n, double item_flops, F&& f, bool fixed_owner = false) {
#ifdef _OPENMP  // (without threads only the serial loop below can run: the rest is not compiled)
    const int64_t grain = std::max<int64_t>(1, int64_t(kItemGrainFlops / std::max(item_flops, 1.0)));
    const int nt = num_threads();
    if (n > grain && nt > 1 && !in_parallel_region()) {
        if (fixed_owner) {
            parallel_for(0, n, grain, [&](int64_t b, int64_t e) {
                for (int64_t i = b; i < e; ++i) f(i, thread_index(), false);
            });
        } else {
            const int64_t tasks = std::min<int64_t>(nt, (n + grain - 1) / grain);
            std::atomic<int64_t> next{0};
            parallel_team([&](int tid, int) {
                if (tid >= tasks) return;
                for (int64_t i = next.fetch_add(1); i < n; i = next.fetch_add(1)) f(i, tid, false);
            });
        }
        return;
    }
#else
    (void)item_flops, (void)fixed_owner;
#endif
    for (int64_t i = 0; i < n; ++i) f(i, 0, true);
}

template <typename T>
T* thread_scratch(size_t n) {
    thread_local std::vector<T> buf;
    if (buf.size() < n) buf.resize(n);
    return buf.data();
}

// ---- conv2d geometry and im2col ----------------------------------------------------------------

struct ConvGeom {
    // Spatial dims are (depth, height, width); a 2-d convolution has D = kd = sd = dd = OD = 1, pd = 0,
    // so one set of kernels serves conv2d and conv3d (conv1d runs as conv2d over a height of 1).
    int64_t N, C, D = 1, H, W;   // input
    int64_t Cout, groups, Cg, Coutg;
    int64_t kd = 1, kh, kw, sd = 1, sh, sw, pd = 0, ph, pw, dd = 1, dh, dw;
    int64_t OD = 1, OH, OW;
    int spatial = 2;                                    // 2 or 3
    bool channels_last = false;  // the result's and the gradients' layout (conv_channels_last)
    int64_t K() const { return Cg * kd * kh * kw; }    // GEMM depth: one receptive field
    int64_t P() const { return OD * OH * OW; }         // output pixels per plane
    int64_t plane() const { return D * H * W; }        // input elements per channel
    bool trivial() const {                              // the input plane is the column matrix
        return kd == 1 && kh == 1 && kw == 1 && sd == 1 && sh == 1 && sw == 1 && pd == 0 && ph == 0 && pw == 0;
    }
    Shape out_shape() const {
        return spatial == 3 ? Shape{N, Cout, OD, OH, OW} : Shape{N, Cout, OH, OW};
    }
    // Columns per work item: the column matrix cols[K, columns] is about 1 MiB (at least 64 columns).
    int64_t column_budget(size_t elem) const {
        const int64_t c = int64_t((1 << 20) / elem) / std::max<int64_t>(K(), 1);
        return std::max<int64_t>(64, c / 64 * 64);
    }
};

// How the output is cut into work items, each one GEMM: (block of samples, group, chunk of pixels).
// Large planes: one sample per item and the pixels in chunks of the column budget. Small planes
// (late ResNet stages at 32x32 inputs have 1-16 output pixels): several samples per item, their
// columns side by side, so that the GEMM is W_g[Coutg, K] @ cols[K, samples * P] instead of one
// matrix-vector-like product per sample that rereads the whole weight (1-5 GFLOP/s before).
// Blocks are halved while there are fewer items than threads, as long as they keep >= 32 columns.
// Budget: the samples' columns together stay within the column budget (about 1 MiB of columns).
struct ConvTiling {
    int64_t nb = 1;       // samples per item
    int64_t pc = 1;       // pixels per item (all P when nb > 1)
    int64_t nblocks = 1;  // sample blocks
    int64_t nchunks = 1;  // pixel chunks per sample block

    ConvTiling(const ConvGeom& g, size_t elem, int threads) {
        const int64_t P = std::max<int64_t>(g.P(), 1), budget = g.column_budget(elem);
        // Planes of >= 128 pixels already give the GEMM wide enough panels; gathering there only adds
        // the output's scatter copy (MNIST's 26x26 conv1 was 20% slower).
        if (P < std::min<int64_t>(budget, 128) && g.N > 1) {
            nb = std::min<int64_t>(g.N, budget / P);
            while (nb > 1 && (g.N + nb - 1) / nb * g.groups < threads && (nb / 2) * P >= 32) nb = (nb + 1) / 2;
        }
        pc = nb > 1 ? P : std::min(budget, P);
        nblocks = (g.N + nb - 1) / nb;
        nchunks = (P + pc - 1) / pc;
    }
    int64_t items(const ConvGeom& g) const { return nblocks * g.groups * nchunks; }
};

// One work item: samples [n0, n1), group grp, pixels [p0, p1). Its column matrix has Q() columns,
// column q = (n - n0) * np() + (p - p0).
struct ConvItem {
    int64_t n0, n1, grp, p0, p1;
    ConvItem(const ConvGeom& g, const ConvTiling& t, int64_t item) {
        const int64_t chunk = item % t.nchunks, bg = item / t.nchunks, blk = bg / g.groups;
        grp = bg % g.groups;
        n0 = blk * t.nb, n1 = std::min(g.N, n0 + t.nb);
        p0 = chunk * t.pc, p1 = std::min(g.P(), p0 + t.pc);
    }
    int64_t ns() const { return n1 - n0; }
    int64_t np() const { return p1 - p0; }
    int64_t Q() const { return ns() * np(); }
};

// The valid output columns [lo, hi) of one kernel tap: 0 <= ow * s + off < W.
inline void valid_range(int64_t off, int64_t s, int64_t W, int64_t ow0, int64_t ow1, int64_t& lo, int64_t& hi) {
    lo = off >= 0 ? 0 : (-off + s - 1) / s;
    hi = W - 1 - off >= 0 ? (W - 1 - off) / s + 1 : 0;
    lo = std::clamp(lo, ow0, ow1);
    hi = std::clamp(hi, lo, ow1);
}

// One output row's share of one kernel tap over a range of output pixels: column dst + ow (ow in
// [ow0, ow1)) reads x[src + ow * sw] of a channel's plane for ow in [lo, hi) and is zero elsewhere
// (all of it when !inside: the row lies in the padding). Output pixels run in rows of OW, row
// R = od * OH + oh.
struct TapRow {
    int64_t dst, src, ow0, lo, hi, ow1;
    bool inside;
};

// The rows of every kernel tap over output pixels [p0, p1) (dst relative to column p0), tap
// t = (a * kh + i) * kw + j holding rows[start[t], start[t + 1]). They are the same for every channel
// and sample, so im2col and col2im work them out once per call instead of once per channel: on
// ResNet's 4x4..1x1 planes that index arithmetic per element cost as much as the GEMM.
struct TapPlan {
    std::vector<TapRow> rows;
    std::vector<size_t> start;
    TapPlan(const ConvGeom& g, int64_t p0, int64_t p1) {
        for (int64_t a = 0; a < g.kd; ++a)
            for (int64_t i = 0; i < g.kh; ++i)
                for (int64_t j = 0; j < g.kw; ++j) {
                    start.push_back(rows.size());
                    const int64_t off = j * g.dw - g.pw;
                    for (int64_t p = p0; p < p1;) {
                        const int64_t R = p / g.OW, ow0 = p % g.OW, ow1 = std::min(g.OW, ow0 + (p1 - p));
                        const int64_t od = R / g.OH, oh = R % g.OH;
                        const int64_t id = od * g.sd - g.pd + a * g.dd, ih = oh * g.sh - g.ph + i * g.dh;
                        TapRow r{R * g.OW - p0, 0, ow0, ow0, ow0, ow1, false};
                        if (id >= 0 && id < g.D && ih >= 0 && ih < g.H) {
                            r.inside = true;
                            r.src = (id * g.H + ih) * g.W + off;
                            valid_range(off, g.sw, g.W, ow0, ow1, r.lo, r.hi);
                        }
                        rows.push_back(r);
                        p += ow1 - ow0;
                    }
                }
        start.push_back(rows.size());
    }
};

// cols[r, q] (row stride ld) for r = (c, a, i, j) over channels [c0, c1) of one group and q = p - p0
// over pixels [p0, p1), for ns samples side by side (sample s: input x + s * xs, columns from s * cs):
// x[c, od*sd - pd + a*dd, oh*sh - ph + i*dh, ow*sw - pw + j*dw], zero outside the input. x is the
// group's [Cg, D, H, W]; r counts from the group's channel 0.
template <typename T>
void im2col(const T* x, const ConvGeom& g, const TapPlan& plan, T* cols, int64_t ld, int64_t c0, int64_t c1,
            int64_t ns, int64_t xs, int64_t cs) {
    const int64_t HW = g.plane(), taps = g.kd * g.kh * g.kw, sw = g.sw;
    for (int64_t c = c0; c < c1; ++c)
        for (int64_t t = 0; t < taps; ++t)
            for (int64_t s = 0; s < ns; ++s) {
                const T* xc = x + s * xs + c * HW;
                T* d = cols + (c * taps + t) * ld + s * cs;
                for (size_t k = plan.start[size_t(t)]; k < plan.start[size_t(t) + 1]; ++k) {
                    const TapRow& r = plan.rows[k];
                    T* dr = d + r.dst;
                    if (!r.inside) {
                        for (int64_t ow = r.ow0; ow < r.ow1; ++ow) dr[ow] = T(0);
                        continue;
                    }
                    const T* src = xc + r.src;
                    for (int64_t ow = r.ow0; ow < r.lo; ++ow) dr[ow] = T(0);
                    if (sw == 1) {
                        for (int64_t ow = r.lo; ow < r.hi; ++ow) dr[ow] = src[ow];
                    } else {
                        for (int64_t ow = r.lo; ow < r.hi; ++ow) dr[ow] = src[ow * sw];
                    }
                    for (int64_t ow = r.hi; ow < r.ow1; ++ow) dr[ow] = T(0);
                }
            }
}

// The adjoint of im2col: x[c, id, ih, iw] += cols[r, q] for every tap that read (id, ih, iw), same
// arguments. Channel c of sample s writes only its own plane, so callers split channels or samples
// between threads freely.
template <typename T>
void col2im_add(const T* cols, const ConvGeom& g, const TapPlan& plan, T* x, int64_t ld, int64_t c0, int64_t c1,
                int64_t ns, int64_t xs, int64_t cs) {
    const int64_t HW = g.plane(), taps = g.kd * g.kh * g.kw, sw = g.sw;
    for (int64_t c = c0; c < c1; ++c)
        for (int64_t t = 0; t < taps; ++t)
            for (int64_t s = 0; s < ns; ++s) {
                T* xc = x + s * xs + c * HW;
                const T* src = cols + (c * taps + t) * ld + s * cs;
                for (size_t k = plan.start[size_t(t)]; k < plan.start[size_t(t) + 1]; ++k) {
                    const TapRow& r = plan.rows[k];
                    if (!r.inside) continue;
                    const T* sr = src + r.dst;
                    T* row = xc + r.src;
                    if (sw == 1) {
                        for (int64_t ow = r.lo; ow < r.hi; ++ow) row[ow] += sr[ow];
                    } else {
                        for (int64_t ow = r.lo; ow < r.hi; ++ow) row[ow * sw] += sr[ow];
                    }
                }
            }
}

// ---- conv2d kernels (contiguous float/double) ---------------------------------------------------
//
// Two ways to spread a convolution over threads:
//   items  (ConvTiling): independent (sample block, group, pixel chunk) GEMMs, one thread each, the
//          column matrix in the thread's L2. Used on one thread and whenever there are plenty of
//          items (at least kItemsPerThread per thread: dynamic scheduling evens out edge items).
//   panels: too few items for the threads (ResNet's late stages at 32x32 inputs have 1-16 output
//          pixels, so a whole sample block is one small item, and 4 items left 12 of 16 threads
//          idle): a block of samples at a time (ConvPanels, about kPanelBytes of columns), every step
//          split over all threads: im2col by input channels, one GEMM per group split by the GEMM
//          itself (the weight read once per panel, not once per item), the scatter by channels.
// The weight gradient sums over samples. With items, every thread accumulates its own items into
// its own copy of the gradient, and the copies are summed in thread order at the end (in parallel
// over the weight's elements): the sums depend on the thread count only, never on scheduling. That
// costs nt copies of the weight, worth it only when every thread has many columns to sum
// (N * P >= kAccColumnsPerThread * nt); otherwise panels, whose GEMM sums over the panel's columns.

constexpr int64_t kItemsPerThread = 4;
constexpr int64_t kAccColumnsPerThread = 256;
constexpr double kPanelBytes = double(8 << 20);

// Whether a convolution pass of `flops` is worth more than one thread at all (tensor/parallel.h's
// rule: more than one grain, here kItemGrainFlops); small ones open no parallel region.
inline bool worth_threads(double flops) {
#ifdef _OPENMP
    return num_threads() > 1 && !in_parallel_region() && flops > 2.0 * kItemGrainFlops;
#else
    // No threads (the WebAssembly build): false at compile time, so the panel and per-thread
    // accumulation copies, which could never run, are not compiled into the download.
    (void)flops;
    return false;
#endif
}

// Whether the threads are better used on panels than on `items` independent items.
inline bool use_panels(int64_t items, double flops) {
    return worth_threads(flops) && items < kItemsPerThread * num_threads();
}

// Samples per panel: about kPanelBytes of columns (all groups), at least one sample, panels of
// equal size.
struct ConvPanels {
    int64_t ns = 1, count = 1;
    ConvPanels(const ConvGeom& g, size_t elem) {
        const double per = double(g.groups * g.K() * g.P()) * double(elem);
        const int64_t n = std::clamp<int64_t>(int64_t(kPanelBytes / std::max(per, 1.0)), 1, std::max<int64_t>(g.N, 1));
        count = (g.N + n - 1) / n;
        ns = count ? (g.N + count - 1) / count : 1;
    }
};

// Columns of samples [n0, n1), every group (group grp's [K, Q] matrix at cols + grp * K * Q, Q =
// (n1 - n0) * P), split over threads by input channels (each thread writes whole rows).
template <typename T>
void panel_im2col(const T* x, const ConvGeom& g, const TapPlan& plan, int64_t n0, int64_t n1, T* cols) {
    const int64_t P = g.P(), Q = (n1 - n0) * P, K = g.K(), HW = g.plane();
    parallel_for(0, g.C, grain_for(K / g.Cg * Q), [&](int64_t c0, int64_t c1) {
        for (int64_t c = c0; c < c1;) {
            const int64_t grp = c / g.Cg, ce = std::min(c1, (grp + 1) * g.Cg);
            im2col(x + (n0 * g.C + grp * g.Cg) * HW, g, plan, cols + grp * K * Q, Q, c - grp * g.Cg, ce - grp * g.Cg,
                   n1 - n0, g.C * HW, P);
            c = ce;
        }
    });
}

// panel_im2col's adjoint: x's samples [n0, n1) = the sum of the columns' taps (the planes are
// zeroed here, by the thread that then adds into them), split by input channels.
template <typename T>
void panel_col2im(const T* cols, const ConvGeom& g, const TapPlan& plan, int64_t n0, int64_t n1, T* x) {
    const int64_t P = g.P(), Q = (n1 - n0) * P, K = g.K(), HW = g.plane();
    parallel_for(0, g.C, grain_for(K / g.Cg * Q), [&](int64_t c0, int64_t c1) {
        for (int64_t n = n0; n < n1; ++n) std::fill_n(x + (n * g.C + c0) * HW, (c1 - c0) * HW, T(0));
        for (int64_t c = c0; c < c1;) {
            const int64_t grp = c / g.Cg, ce = std::min(c1, (grp + 1) * g.Cg);
            col2im_add(cols + grp * K * Q, g, plan, x + (n0 * g.C + grp * g.Cg) * HW, Q, c - grp * g.Cg,
                       ce - grp * g.Cg, n1 - n0, g.C * HW, P);
            c = ce;
        }
    });
}

// The rows of y (or dY) of samples [n0, n1) as one [Cout, Q] matrix in buf (column (n - n0) * P + p),
// split by channels.
template <typename T>
void panel_gather(const T* y, const ConvGeom& g, int64_t n0, int64_t n1, T* buf) {
    const int64_t P = g.P(), Q = (n1 - n0) * P;
    parallel_for(0, g.Cout, grain_for(Q), [&](int64_t c0, int64_t c1) {
        for (int64_t co = c0; co < c1; ++co)
            for (int64_t n = n0; n < n1; ++n) std::copy_n(y + (n * g.Cout + co) * P, P, buf + co * Q + (n - n0) * P);
    });
}

// The im2col matrix [K, Q] of one work item, as (data, row stride), plus `extra` more elements of
// this thread's scratch after it (the caller's second buffer): the input itself for a plain 1x1
// convolution of one sample (no copy), else columns gathered into the scratch buffer. Forward and
// the weight gradient both multiply with it.
template <typename T>
struct ColumnBlock {
    const T* data;
    int64_t row_stride;
    T* extra;
};

template <typename T>
ColumnBlock<T> column_block(const T* x, const ConvGeom& g, const ConvItem& it, size_t extra) {
    const int64_t HW = g.plane(), Q = it.Q();
    const T* x0 = x + (it.n0 * g.C + it.grp * g.Cg) * HW;
    if (g.trivial() && it.ns() == 1) return {x0 + it.p0, HW, thread_scratch<T>(extra)};
    T* cols = thread_scratch<T>(size_t(g.K() * Q) + extra);
    const TapPlan plan(g, it.p0, it.p1);
    im2col(x0, g, plan, cols, Q, 0, g.Cg, it.ns(), g.C * HW, it.np());
    return {cols, Q, cols + g.K() * Q};
}

// The item's rows of dY (or of y) as one [Coutg, Q] matrix: the tensor itself (row stride P) for one
// sample, else gathered into `buf`. y[n, grp*Coutg + co, p] <-> m[co, (n - n0)*np + p - p0].
template <typename T>
const T* gather_rows(const T* gy, const ConvGeom& g, const ConvItem& it, T* buf, int64_t& ld) {
    const int64_t P = g.P();
    const T* base = gy + (it.n0 * g.Cout + it.grp * g.Coutg) * P + it.p0;
    if (it.ns() == 1) {
        ld = P;
        return base;
    }
    ld = it.Q();
    for (int64_t co = 0; co < g.Coutg; ++co)
        for (int64_t n = 0; n < it.ns(); ++n)
            std::copy_n(base + (n * g.Cout + co) * P, it.np(), buf + co * ld + n * it.np());
    return buf;
}

// ---- implicit GEMM (the forward on the CPU) ---------------------------------------------------
//
// The whole convolution of group grp is one GEMM, Y_g[Coutg, N*P] = W_g[Coutg, K] @ cols_g[K, N*P],
// column q = n * P + p. Nothing materializes cols: each task packs its tile of columns straight from
// the input into the GEMM's packed-B panels (im2col into the panel layout), and the weight is packed
// into MR-row panels once per call for every task (ops/gemm.h's layouts). Profile that led here
// (ResNet-18 at 32x32, batch 128, one thread of the 2-core dev VM; native/bench/results
// 2026-11-27-local-2core-conv-igemm.txt): the per-item GEMMs reached 96-128 GFLOP/s against the
// packed GEMM's 118-209 GFLOP/s on the same shapes, because every item (16-64 columns on the 2x2
// and 1x1 planes) packed the whole weight again (2.4M elements for 64 columns of layer 4), and
// every column was copied twice (im2col's buffer, then the GEMM's panel).
// Tasks are (group, column tile, block of output channels): column tiles of up to kTileBytes of
// packed B per K block (L2), split further, and then split along the output channels, until every
// thread has two; each task keeps its C tile in a buffer and writes y once at the end (bias and
// the per-channel affine + ReLU epilogue applied there), so tiles may span samples freely.

constexpr int64_t kTileBytes = 256 << 10;

// Per-channel epilogue of the forward: y = act((acc + bias[co]) * scale[co] + shift[co]); null
// pointers are the identity (the compiled inference path passes a BatchNorm's eval affine).
template <typename T>
struct ConvEpilogue {
    const T* bias = nullptr;
    const T* scale = nullptr;
    const T* shift = nullptr;
    const T* other = nullptr;  // added after the affine part (a residual, y's layout), before the relu
    bool relu = false;
};

// dst[j] = src[idx[j]] for the NR columns of one packed row, 0 where idx[j] < 0 (padding).
template <typename T>
inline void gather_panel_row(const T* src, const int32_t* idx, T* dst, int nr) {
#if defined(__AVX512F__)
    if constexpr (std::is_same_v<T, float>) {
        for (int j = 0; j < nr; j += 16) {
            const __m512i vi = _mm512_loadu_si512(idx + j);
            const __mmask16 m = _mm512_cmpge_epi32_mask(vi, _mm512_setzero_si512());
            _mm512_storeu_ps(dst + j, _mm512_mask_i32gather_ps(_mm512_setzero_ps(), m, vi, src, 4));
        }
        return;
    } else {
        for (int j = 0; j < nr; j += 8) {
            const __m256i vi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + j));
            unsigned m = 0;
            for (int l = 0; l < 8; ++l) m |= unsigned(idx[j + l] >= 0) << l;
            _mm512_storeu_pd(dst + j, _mm512_mask_i32gather_pd(_mm512_setzero_pd(), __mmask8(m), vi, src, 8));
        }
        return;
    }
#elif defined(__AVX2__)
    if constexpr (std::is_same_v<T, float>) {
        for (int j = 0; j < nr; j += 8) {
            const __m256i vi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + j));
            const __m256 m = _mm256_castsi256_ps(_mm256_cmpgt_epi32(vi, _mm256_set1_epi32(-1)));
            _mm256_storeu_ps(dst + j, _mm256_mask_i32gather_ps(_mm256_setzero_ps(), src, vi, m, 4));
        }
        return;
    } else {
        for (int j = 0; j < nr; j += 4) {
            const __m128i vi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(idx + j));
            const __m256d m = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm_cmpgt_epi32(vi, _mm_set1_epi32(-1))));
            _mm256_storeu_pd(dst + j, _mm256_mask_i32gather_pd(_mm256_setzero_pd(), src, vi, m, 8));
        }
        return;
    }
#endif
    for (int j = 0; j < nr; ++j) dst[j] = idx[j] >= 0 ? src[idx[j]] : T(0);
}

// A per-thread buffer of at least n elements, 64-byte aligned (the micro-kernel's aligned vector
// loads of packed B), reused across calls.
template <typename T>
T* aligned_scratch(size_t n) {
    struct Buf {
        T* p = nullptr;
        size_t n = 0;
        ~Buf() { std::free(p); }
    };
    thread_local Buf b;
    if (b.n < n) {
        std::free(b.p);
        b.p = static_cast<T*>(std::aligned_alloc(64, (n * sizeof(T) + 63) / 64 * 64));
        b.n = n;
    }
    return b.p;
}

// How the implicit GEMM cuts the columns N*P into tiles, each one GEMM task's B: on planes of more
// than half a tile, tiles of `np` pixels within one sample (chunks of a plane); on smaller ones, tiles
// of `ns` whole samples. Either way a tile's gather offsets depend only on its chunk (or on whether
// it is the last, partial block of samples), so they are worked out once per call (IgemmTables), not
// per task: on the stem (49 taps) and MNIST's conv1 (K = 9) building them per task cost more than the
// GEMM. Tiles are halved, then the output channels split into blocks of `mb`, until every thread has
// two tasks.
struct IgemmSplit {
    bool chunks;                   // tiles within one sample's plane (else whole samples)
    int64_t np, ns;                // pixels per tile (chunks) / samples per tile
    int64_t per_sample, blocks;    // tiles per sample (chunks) / blocks of samples
    int64_t tiles, mb, mblocks, tasks;
    IgemmSplit(const ConvGeom& g, size_t elem, int64_t mr, int64_t nr, int64_t kc, int threads) {
        const int64_t P = g.P(), Mpad = (g.Coutg + mr - 1) / mr * mr;
        const int64_t ct = std::max<int64_t>(nr, int64_t(kTileBytes / (elem * size_t(kc))) / nr * nr);
        chunks = 2 * P > ct;
        // chunks of equal width (MNIST conv2's 576 pixels: 3 x 192, not 256 + 256 + 64, whose last
        // chunk ran the micro-kernel over a 64-deep weight-gradient product)
        const int64_t pieces = (P + ct - 1) / ct;
        np = chunks ? std::min(ct, ((P + pieces - 1) / pieces + nr - 1) / nr * nr) : P;
        ns = chunks ? 1 : std::min(g.N, ct / P);
        mb = Mpad;
        const int64_t target = threads > 1 ? 2 * int64_t(threads) : 1;
        auto count = [&] {
            per_sample = chunks ? (P + np - 1) / np : 1;
            blocks = chunks ? g.N : (g.N + ns - 1) / ns;
            tiles = blocks * per_sample;
            mblocks = (Mpad + mb - 1) / mb;
            tasks = g.groups * tiles * mblocks;
        };
        count();
        // a task's traffic per FLOP is (mb + columns) / (2 mb columns): halve the longer side
        while (tasks < target) {
            const int64_t cols = chunks ? np : ns * P;
            if (cols >= mb && chunks && np > nr) np = std::max(nr, (np / 2 + nr - 1) / nr * nr);
            else if (cols >= mb && !chunks && ns > 1) ns = (ns + 1) / 2;
            else if (mb > mr) mb = std::max(mr, (mb / 2 + mr - 1) / mr * mr);
            else if (chunks && np > nr) np = std::max(nr, (np / 2 + nr - 1) / nr * nr);
            else if (!chunks && ns > 1) ns = (ns + 1) / 2;
            else break;
            count();
        }
    }
    // tile -> (first sample, samples, first pixel, pixels, table kind)
    void tile(const ConvGeom& g, int64_t t, int64_t& n0, int64_t& nsamples, int64_t& p0, int64_t& npix, int64_t& kind) const {
        if (chunks) {
            n0 = t / per_sample, nsamples = 1, kind = t % per_sample;
            p0 = kind * np, npix = std::min(np, g.P() - p0);
        } else {
            n0 = t * ns, nsamples = std::min(ns, g.N - n0), p0 = 0, npix = g.P();
            kind = nsamples == ns ? 0 : 1;
        }
    }
    int64_t kinds() const { return chunks ? per_sample : 2; }
};

// The gather offsets of each kind of tile: for tap t and column j (padded to whole NR panels),
// the input element the packed B row (c, t) takes, relative to the tile's first sample's channel c
// plane, or -1 (padding, or a column past the tile); and one flag per (tap, panel): the panel's row
// is one contiguous run of the input (a plain copy instead of a gather).
struct IgemmTables {
    // One vector of a packed row (AVX-512: 16 floats or 8 doubles) as at most kMaxRuns masked loads
    // of contiguous runs (lanes `mask` from src + delta + lane), or nruns = kGather: a gather. A loop
    // over the actual count mispredicted its exit on every vector (MNIST conv2's weight gradient: 45%
    // of the packing's samples on that branch).
    static constexpr int kMaxRuns = 4;
    static constexpr uint8_t kGather = 255;
    struct VecRuns {
        uint8_t nruns = 0;
        uint16_t mask[kMaxRuns] = {};  // (unused runs: empty masks, so every vector does kMaxRuns
        int32_t delta[kMaxRuns] = {};  // masked loads without a branch on the count)
    };
    struct Kind {
        int64_t ctp = 0, panels = 0;
        std::vector<int32_t> idx;
        std::vector<uint8_t> run;
        std::vector<VecRuns> vec;  // [taps, ctp / lanes] (AVX-512 only)
    };
    std::vector<Kind> kinds;
    IgemmTables(const ConvGeom& g, const IgemmSplit& sp, int nr, int lanes) {
        const int64_t taps = g.kd * g.kh * g.kw, HW = g.plane(), P = g.P();
        kinds.resize(size_t(sp.kinds()));
        for (int64_t k = 0; k < sp.kinds(); ++k) {
            int64_t nsamples, p0, npix;
            if (sp.chunks) {
                nsamples = 1, p0 = k * sp.np, npix = std::min(sp.np, P - p0);
            } else {
                nsamples = k == 0 ? sp.ns : g.N % sp.ns, p0 = 0, npix = P;
                if (nsamples == 0) continue;  // every block is full
            }
            Kind& kd = kinds[size_t(k)];
            const int64_t cols = nsamples * npix;
            kd.panels = (cols + nr - 1) / nr;
            kd.ctp = kd.panels * nr;
            kd.idx.assign(size_t(taps * kd.ctp), -1);
            kd.run.assign(size_t(taps * kd.panels), 0);
            for (int64_t p = p0; p < p0 + npix; ++p) {
                const int64_t ow = p % g.OW, oh = p / g.OW % g.OH, od = p / (g.OW * g.OH);
                for (int64_t t = 0; t < taps; ++t) {
                    const int64_t a = t / (g.kh * g.kw), i = t / g.kw % g.kh, j = t % g.kw;
                    const int64_t id = od * g.sd - g.pd + a * g.dd, ih = oh * g.sh - g.ph + i * g.dh,
                                  iw = ow * g.sw - g.pw + j * g.dw;
                    if (id < 0 || id >= g.D || ih < 0 || ih >= g.H || iw < 0 || iw >= g.W) continue;
                    const int64_t off = (id * g.H + ih) * g.W + iw;
                    for (int64_t s = 0; s < nsamples; ++s)
                        kd.idx[size_t(t * kd.ctp + s * npix + (p - p0))] = int32_t(s * g.C * HW + off);
                }
            }
            for (int64_t t = 0; t < taps; ++t)
                for (int64_t jp = 0; jp < kd.panels; ++jp) {
                    const int32_t* r = kd.idx.data() + t * kd.ctp + jp * nr;
                    bool contiguous = r[0] >= 0;
                    for (int jj = 1; jj < nr && contiguous; ++jj) contiguous = r[jj] == r[0] + jj;
                    kd.run[size_t(t * kd.panels + jp)] = contiguous;
                }
            if (lanes == 0) continue;
            // masked loads of runs: a 24-wide plane row splits a 32-column panel into 2-3 runs, and
            // AMD's gathers cost as much as the GEMM (MNIST conv2: 38% of samples in packing, the
            // gather's result; 36% in the micro-kernel)
            const int64_t nv = kd.ctp / lanes;
            kd.vec.assign(size_t(taps * nv), VecRuns{});
            for (int64_t t = 0; t < taps; ++t)
                for (int64_t v = 0; v < nv; ++v) {
                    const int32_t* r = kd.idx.data() + t * kd.ctp + v * lanes;
                    VecRuns& vr = kd.vec[size_t(t * nv + v)];
                    for (int l = 0; l < lanes;) {
                        if (r[l] < 0) {
                            ++l;
                            continue;
                        }
                        int e = l + 1;
                        while (e < lanes && r[e] == r[l] + (e - l)) ++e;
                        if (vr.nruns == kMaxRuns) {
                            vr.nruns = kGather;
                            break;
                        }
                        vr.mask[vr.nruns] = uint16_t(((1u << (e - l)) - 1u) << l);
                        vr.delta[vr.nruns] = r[l] - l;
                        ++vr.nruns;
                        l = e;
                    }
                }
        }
    }
};



// The tables depend only on the geometry and the split, and a model runs the same convolutions on
// every step: they are built once per (geometry, split) and kept (a few dozen shapes at most in a
// model; the least recently used goes past kCachedTables). Building them per call was 5% of a
// U-Net's forward at 64x64 (taps x pixels offsets and their runs per call).
std::shared_ptr<const IgemmTables> igemm_tables(const ConvGeom& g, const IgemmSplit& sp, int nr, int lanes) {
    constexpr size_t kCachedTables = 48;
    using Key = std::array<int64_t, 29>;
    const Key key{g.N,  g.C,  g.D,  g.H,  g.W,  g.Cout, g.groups, g.kd, g.kh, g.kw, g.sd, g.sh, g.sw,  g.pd, g.ph,
                  g.pw, g.dd, g.dh, g.dw, g.OD, g.OH,   g.OW,     int64_t(sp.chunks), sp.np, sp.ns,
                  sp.per_sample, sp.blocks, nr, lanes};
    static std::mutex mu;
    static std::list<std::pair<Key, std::shared_ptr<const IgemmTables>>> cache;  // most recent first
    {
        std::lock_guard<std::mutex> lock(mu);
        for (auto it = cache.begin(); it != cache.end(); ++it)
            if (it->first == key) {
                cache.splice(cache.begin(), cache, it);
                return cache.front().second;
            }
    }
    auto t = std::make_shared<const IgemmTables>(g, sp, nr, lanes);
    std::lock_guard<std::mutex> lock(mu);
    cache.emplace_front(key, t);
    if (cache.size() > kCachedTables) cache.pop_back();
    return t;
}

#if defined(__AVX512F__)
struct Config16 {
    static constexpr int lanes = 16;
};

// r[0..15] (16 rows of 16 floats) := their transpose, in registers (unpack, then 128-bit lane
// shuffles: 64 shuffles for 256 elements). The all-ones zero-masking forms are the same
// instructions; the plain ones pass _mm512_undefined_ps() through, which GCC 12 warns about.
inline void transpose16(__m512 r[16]) {
    __m512 t[16];
    for (int i = 0; i < 8; ++i) {
        t[2 * i] = _mm512_maskz_unpacklo_ps(__mmask16(0xFFFF), r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm512_maskz_unpackhi_ps(__mmask16(0xFFFF), r[2 * i], r[2 * i + 1]);
    }
    for (int i = 0; i < 4; ++i) {
        r[4 * i] = _mm512_maskz_shuffle_ps(__mmask16(0xFFFF), t[4 * i], t[4 * i + 2], _MM_SHUFFLE(1, 0, 1, 0));
        r[4 * i + 1] = _mm512_maskz_shuffle_ps(__mmask16(0xFFFF), t[4 * i], t[4 * i + 2], _MM_SHUFFLE(3, 2, 3, 2));
        r[4 * i + 2] = _mm512_maskz_shuffle_ps(__mmask16(0xFFFF), t[4 * i + 1], t[4 * i + 3], _MM_SHUFFLE(1, 0, 1, 0));
        r[4 * i + 3] = _mm512_maskz_shuffle_ps(__mmask16(0xFFFF), t[4 * i + 1], t[4 * i + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    for (int j = 0; j < 4; ++j) {
        t[j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), r[j], r[4 + j], 0x88);
        t[4 + j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), r[j], r[4 + j], 0xdd);
        t[8 + j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), r[8 + j], r[12 + j], 0x88);
        t[12 + j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), r[8 + j], r[12 + j], 0xdd);
    }
    for (int j = 0; j < 4; ++j) {
        r[j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), t[j], t[8 + j], 0x88);
        r[8 + j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), t[j], t[8 + j], 0xdd);
        r[4 + j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), t[4 + j], t[12 + j], 0x88);
        r[12 + j] = _mm512_maskz_shuffle_f32x4(__mmask16(0xFFFF), t[4 + j], t[12 + j], 0xdd);
    }
}

// Columns [16 v, 16 v + 16) of row t of a tile's im2col (pack_b_row's values for one vector).
inline __m512 cols_vec(const float* src, const IgemmTables::Kind& tb, int64_t t, int64_t v) {
    const int32_t* r = tb.idx.data() + t * tb.ctp + v * 16;
    const IgemmTables::VecRuns& vr = tb.vec[size_t(t * (tb.ctp / 16) + v)];
    if (vr.nruns == IgemmTables::kGather) {
        const __m512i vi = _mm512_loadu_si512(r);
        return _mm512_mask_i32gather_ps(_mm512_setzero_ps(), _mm512_cmpge_epi32_mask(vi, _mm512_setzero_si512()), vi, src, 4);
    }
    __m512 acc = _mm512_setzero_ps();
#pragma GCC unroll 4
    for (int q = 0; q < IgemmTables::kMaxRuns; ++q) acc = _mm512_mask_loadu_ps(acc, __mmask16(vr.mask[q]), src + vr.delta[q]);
    return acc;
}
#endif

// Whether the implicit GEMM serves geometry g: a group's output channels fill most of the
// micro-kernel's MR rows (depthwise convolutions keep the matrix-vector path), there is a reduction
// (K > 0: with no input channels the output is the bias alone), and a tile's input span has int32
// offsets (the gathers' indices).
template <typename T>
bool igemm_applies(const ConvGeom& g) {
    const auto bl = gemm::blocking<T>();
    if (g.Coutg * 4 < int64_t(bl.mr) * 3 || g.N * g.P() == 0 || g.K() == 0) return false;
    // the offset tables hold taps x P entries (about 4 per output pixel's tap): large 3-d volumes
    // (27 taps over a 64^3 output: 7M) stay on im2col's per-chunk plans
    if (g.kd * g.kh * g.kw * g.P() > (int64_t(1) << 22)) return false;
    const int64_t max_ct = int64_t(kTileBytes / (sizeof(T) * size_t(bl.kc)));
    const int64_t samples = std::min<int64_t>(g.N, max_ct / std::max<int64_t>(g.P(), 1) + 1);
    return double(samples) * double(g.C) * double(g.plane()) < 2.0e9;
}

template <typename T>
void conv_forward_igemm(const T* x, const T* w, T* y, const ConvGeom& g, const ConvEpilogue<T>& ep,
                        const T* prepacked = nullptr) {
    const auto bl = gemm::blocking<T>();
    const int MR = bl.mr, NR = bl.nr;
    const int64_t KC = bl.kc, K = g.K(), P = g.P(), HW = g.plane(), taps = g.kd * g.kh * g.kw;
    const int64_t Mpad = (g.Coutg + MR - 1) / MR * MR;
    const double flops = 2.0 * double(g.Cout) * double(g.N * P) * double(K);
    const int nt = worth_threads(flops) ? num_threads() : 1;
    const IgemmSplit sp(g, sizeof(T), MR, NR, KC, nt);
#if defined(__AVX512F__)
    constexpr int lanes = int(64 / sizeof(T));
#else
    constexpr int lanes = 0;
#endif
    const std::shared_ptr<const IgemmTables> tables_ptr = igemm_tables(g, sp, NR, lanes);
    const IgemmTables& tables = *tables_ptr;
    // the weight, packed once: group grp's panels at apack + grp * Mpad * K (or packed by the caller,
    // `prepacked`, in the same layout: the input gradient's flipped weight)
    Tensor apack_t;
    const T* apack = prepacked;
    if (!prepacked) {
        apack_t = Tensor::empty({int64_t(g.groups) * Mpad * K}, std::is_same_v<T, float> ? DType::Float32 : DType::Float64);
        T* packed = apack_t.data_ptr<T>();
        apack = packed;
        // by MR-row panels over the threads: one thread packing ResNet layer 4's 2.4M-element weight
        // would take longer than the 16 threads' whole GEMM
        const int64_t mpanels = Mpad / MR;
        parallel_for(0, g.groups * mpanels, grain_for(MR * K), [&](int64_t i0, int64_t i1) {
            for (int64_t i = i0; i < i1;) {
                const int64_t grp = i / mpanels, p0 = i % mpanels, p1 = std::min(mpanels, p0 + (i1 - i));
                gemm::pack_a_blocks<T>(g.Coutg, K, w + grp * g.Coutg * K, K, 1, packed + grp * Mpad * K, p0 * MR, p1 * MR);
                i += p1 - p0;
            }
        });
    }
    auto task = [&](int64_t id) {
        const int64_t mblk = id % sp.mblocks, tile = id / sp.mblocks % sp.tiles, grp = id / (sp.mblocks * sp.tiles);
        int64_t n0, nsamples, p0, npix, kind;
        sp.tile(g, tile, n0, nsamples, p0, npix, kind);
        const IgemmTables::Kind& tb = tables.kinds[size_t(kind)];
        const int64_t panels = tb.panels, ctp = tb.ctp, m0 = mblk * sp.mb, m1 = std::min(Mpad, m0 + sp.mb);
        // scratch: the C tile [m1 - m0, ctp], then packed B [kc, ctp] (ctp is a multiple of NR, so B
        // starts 64-byte aligned as the kernel's loads need)
        const size_t c_elems = size_t((m1 - m0) * ctp), b_elems = size_t(std::min(KC, K) * ctp);
        T* cbuf = aligned_scratch<T>(c_elems + b_elems);
        T* bbuf = cbuf + c_elems;
        const T* xbase = x + (n0 * g.C + grp * g.Cg) * HW;
        const T* ap = apack + grp * Mpad * K;
        for (int64_t pc = 0; pc < K; pc += KC) {
            const int64_t kc = std::min(KC, K - pc);
            for (int64_t k = pc; k < pc + kc; ++k) {
                const int64_t c = k / taps, t = k % taps;
                const T* src = xbase + c * HW;
                const int32_t* r = tb.idx.data() + t * ctp;
                const uint8_t* run = tb.run.data() + t * panels;
                T* dst = bbuf + (k - pc) * NR;
#if defined(__AVX512F__)
                const IgemmTables::VecRuns* vr = tb.vec.data() + t * (ctp / lanes);
                for (int64_t jp = 0; jp < panels; ++jp, r += NR, dst += NR * kc) {
                    if (run[jp]) {
                        std::memcpy(dst, src + r[0], sizeof(T) * size_t(NR));
                        vr += NR / lanes;
                        continue;
                    }
                    for (int v = 0; v < NR / lanes; ++v, ++vr) {
                        if (vr->nruns == IgemmTables::kGather) {
                            gather_panel_row(src, r + v * lanes, dst + v * lanes, lanes);
                            continue;
                        }
                        if constexpr (std::is_same_v<T, float>) {
                            __m512 acc = _mm512_setzero_ps();
#pragma GCC unroll 4
                            for (int q = 0; q < IgemmTables::kMaxRuns; ++q)
                                acc = _mm512_mask_loadu_ps(acc, __mmask16(vr->mask[q]), src + vr->delta[q]);
                            _mm512_storeu_ps(dst + v * lanes, acc);
                        } else {
                            __m512d acc = _mm512_setzero_pd();
#pragma GCC unroll 4
                            for (int q = 0; q < IgemmTables::kMaxRuns; ++q)
                                acc = _mm512_mask_loadu_pd(acc, __mmask8(vr->mask[q]), src + vr->delta[q]);
                            _mm512_storeu_pd(dst + v * lanes, acc);
                        }
                    }
                }
#else
                for (int64_t jp = 0; jp < panels; ++jp, r += NR, dst += NR * kc) {
                    if (run[jp]) std::memcpy(dst, src + r[0], sizeof(T) * size_t(NR));
                    else gather_panel_row(src, r, dst, NR);
                }
#endif
            }
            const T beta = pc == 0 ? T(0) : T(1);
            for (int64_t m = m0; m < m1; m += MR) {
                const T* a = ap + pc * Mpad + m * kc;
                const int mrows = int(std::min<int64_t>(MR, g.Coutg - m));  // rows past Coutg: padding
                for (int64_t jp = 0; jp < panels; ++jp)
                    gemm::micro_tile<T>(kc, a, bbuf + jp * NR * kc, cbuf + (m - m0) * ctp + jp * NR, ctp, beta, mrows);
            }
        }
        // the epilogue: rows of real channels, one run of pixels per sample
        for (int64_t m = m0; m < std::min(m1, g.Coutg); ++m) {
            const int64_t co = grp * g.Coutg + m;
            const T bv = ep.bias ? ep.bias[co] : T(0), sc = ep.scale ? ep.scale[co] : T(1), sh = ep.shift ? ep.shift[co] : T(0);
            const bool affine = ep.scale || ep.shift || ep.relu || ep.other;
            for (int64_t s = 0; s < nsamples; ++s) {
                T* dst = y + ((n0 + s) * g.Cout + co) * P + p0;
                const T* src = cbuf + (m - m0) * ctp + s * npix;
                const T* add = ep.other ? ep.other + ((n0 + s) * g.Cout + co) * P + p0 : nullptr;
                if (affine) {
                    for (int64_t l = 0; l < npix; ++l) {
                        T v = (src[l] + bv) * sc + sh;
                        if (add) v += add[l];
                        dst[l] = ep.relu && v < T(0) ? T(0) : v;  // (NaN stays NaN, as relu's)
                    }
                } else {
                    for (int64_t l = 0; l < npix; ++l) dst[l] = src[l] + bv;
                }
            }
        }
    };
#ifdef _OPENMP
    if (nt > 1 && sp.tasks > 1) {
        std::atomic<int64_t> next{0};
        parallel_team([&](int, int) {
            for (int64_t i = next.fetch_add(1); i < sp.tasks; i = next.fetch_add(1)) task(i);
        });
        return;
    }
#endif
    for (int64_t i = 0; i < sp.tasks; ++i) task(i);
}

// The weight gradient as an implicit GEMM: dW_g[Coutg, K] = sum over column tiles of
// dY_g[Coutg, tile] @ cols_g[K, tile]^T, with the forward's tiles (<= 256 columns) as the GEMM's
// depth blocks. Per tile, dY's rows are packed once into A panels, and each B panel (tile x NR of
// cols^T) is built straight from the input with the forward's offsets (the transposed im2col, no
// column matrix); the micro-kernel accumulates into a padded [Mpad, Kpad] C that stays resident
// across tiles. Threads split K's panels into blocks of >= 4 panels (each packs dY for itself), and
// then the tiles into fixed ranges with one C per range, summed in range order at the end (the sums
// depend on the thread count, never on scheduling).
// Profile that led here (ResNet-18 layers, batch 128, 1 thread): the item GEMMs ran 64-column
// depths on the 1x1 planes (layer 4: 88 GFLOP/s, C reloaded every 64 k-steps), and every column
// went through im2col's buffer and then the GEMM's transposing pack.
template <typename T>
void conv_weight_grad_igemm(const T* x, const T* gy, T* gw, const ConvGeom& g) {
    const auto bl = gemm::blocking<T>();
    const int MR = bl.mr, NR = bl.nr;
    const int64_t KC = bl.kc, K = g.K(), P = g.P(), HW = g.plane(), taps = g.kd * g.kh * g.kw;
    const int64_t Mpad = (g.Coutg + MR - 1) / MR * MR, kpanels = (K + NR - 1) / NR, Kpad = kpanels * NR;
    const double flops = 2.0 * double(g.Cout) * double(g.N * P) * double(K);
    const int nt = worth_threads(flops) ? num_threads() : 1;
#if defined(__AVX512F__)
    constexpr int lanes = int(64 / sizeof(T));
#else
    constexpr int lanes = 0;
#endif
    const IgemmSplit sp(g, sizeof(T), MR, NR, KC, 1);
    const std::shared_ptr<const IgemmTables> tables_ptr = igemm_tables(g, sp, NR, lanes);
    const IgemmTables& tables = *tables_ptr;
    const int64_t per_group = (nt + g.groups - 1) / g.groups;  // threads per group's GEMM
    const int64_t kblocks = std::clamp<int64_t>(per_group, 1, std::max<int64_t>(1, kpanels / 4));
    const int64_t qsplits = std::clamp<int64_t>((per_group + kblocks - 1) / kblocks, 1, sp.tiles);
    const int64_t tasks = g.groups * kblocks * qsplits;
    Tensor acc_t = Tensor::empty({g.groups * qsplits * Mpad * Kpad}, std::is_same_v<T, float> ? DType::Float32 : DType::Float64);
    T* acc = acc_t.data_ptr<T>();
    auto task = [&](int64_t id) {
        const int64_t qs = id % qsplits, kb = id / qsplits % kblocks, grp = id / (qsplits * kblocks);
        const int64_t kp0 = kb * kpanels / kblocks, kp1 = (kb + 1) * kpanels / kblocks;
        const int64_t t0 = qs * sp.tiles / qsplits, t1 = (qs + 1) * sp.tiles / qsplits;
        T* C = acc + (grp * qsplits + qs) * Mpad * Kpad;
        if (t0 == t1) {
            for (int64_t m = 0; m < Mpad; ++m) std::fill(C + m * Kpad + kp0 * NR, C + m * Kpad + kp1 * NR, T(0));
            return;
        }
        for (int64_t tile = t0; tile < t1; ++tile) {
            int64_t n0, nsamples, p0, npix, kind;
            sp.tile(g, tile, n0, nsamples, p0, npix, kind);
            const IgemmTables::Kind& tb = tables.kinds[size_t(kind)];
            const int64_t kc = tb.ctp;  // the tile's columns, zero-padded to whole panels (<= KC)
            T* abuf = aligned_scratch<T>(size_t((Mpad + NR) * kc));
            T* bpan = abuf + Mpad * kc;
            // A: dY's rows of the tile, MR-row panels (row co at panel co / MR, lane co % MR)
            std::fill_n(abuf, Mpad * kc, T(0));
            for (int64_t co = 0; co < g.Coutg; ++co) {
                T* pa = abuf + (co / MR) * MR * kc + co % MR;
                for (int64_t s = 0; s < nsamples; ++s) {
                    const T* row = gy + ((n0 + s) * g.Cout + grp * g.Coutg + co) * P + p0;
                    T* d = pa + s * npix * MR;
                    for (int64_t l = 0; l < npix; ++l) d[l * MR] = row[l];
                }
            }
            const T beta = tile == t0 ? T(0) : T(1);
            const T* xbase = x + (n0 * g.C + grp * g.Cg) * HW;
            for (int64_t kp = kp0; kp < kp1; ++kp) {
                // B: columns k of cols^T, rows the tile's columns
#if defined(__AVX512F__)
                if constexpr (std::is_same_v<T, float>) {
                    // 16 rows of cols at a time as vectors (the forward's runs), transposed in registers
                    static_assert(Config16::lanes == 16);
                    for (int h = 0; h < NR / 16; ++h)
                        for (int64_t v = 0; v < kc / 16; ++v) {
                            __m512 rows[16];
                            for (int i = 0; i < 16; ++i) {
                                const int64_t k = kp * NR + h * 16 + i;
                                rows[i] = k < K ? cols_vec(xbase + (k / taps) * HW, tb, k % taps, v) : _mm512_setzero_ps();
                            }
                            transpose16(rows);
                            for (int i = 0; i < 16; ++i) _mm512_store_ps(bpan + (v * 16 + i) * NR + h * 16, rows[i]);
                        }
                    for (int64_t m = 0; m < Mpad; m += MR)
                        gemm::micro_tile<T>(kc, abuf + m * kc, bpan, C + m * Kpad + kp * NR, Kpad, beta,
                                         int(std::min<int64_t>(MR, g.Coutg - m)));
                    continue;
                }
#endif
                for (int j = 0; j < NR; ++j) {
                    const int64_t k = kp * NR + j;
                    if (k >= K) {
                        for (int64_t q = 0; q < kc; ++q) bpan[q * NR + j] = T(0);
                        continue;
                    }
                    const T* src = xbase + (k / taps) * HW;
                    const int32_t* r = tb.idx.data() + (k % taps) * kc;
                    for (int64_t q = 0; q < kc; ++q) bpan[q * NR + j] = r[q] >= 0 ? src[r[q]] : T(0);
                }
                for (int64_t m = 0; m < Mpad; m += MR)
                    gemm::micro_tile<T>(kc, abuf + m * kc, bpan, C + m * Kpad + kp * NR, Kpad, beta,
                                         int(std::min<int64_t>(MR, g.Coutg - m)));
            }
        }
    };
#ifdef _OPENMP
    if (nt > 1 && tasks > 1) {
        std::atomic<int64_t> next{0};
        parallel_team([&](int, int) {
            for (int64_t i = next.fetch_add(1); i < tasks; i = next.fetch_add(1)) task(i);
        });
    } else {
        for (int64_t i = 0; i < tasks; ++i) task(i);
    }
#else
    for (int64_t i = 0; i < tasks; ++i) task(i);
#endif
    parallel_for(0, g.Cout, grain_for(K * qsplits), [&](int64_t c0, int64_t c1) {
        for (int64_t co = c0; co < c1; ++co) {
            const int64_t grp = co / g.Coutg, m = co % g.Coutg;
            const T* first = acc + (grp * qsplits) * Mpad * Kpad + m * Kpad;
            T* dst = gw + co * K;
            std::copy_n(first, K, dst);
            for (int64_t qs = 1; qs < qsplits; ++qs) {
                const T* part = first + qs * Mpad * Kpad;
                for (int64_t k = 0; k < K; ++k) dst[k] += part[k];
            }
        }
    });
}

// ---- taps that read only padding ----------------------------------------------------------------
//
// On small planes some kernel taps fall in the padding for every output position: a 3x3 padded
// convolution of a 1x1 plane (ResNet-18's layer 4 at 32x32 inputs) reads the input through its
// centre tap alone, and the stride-2 3x3 of a 2x2 plane through 4 of its 9 taps. Those taps multiply
// zeros only, so the convolution equals the one over the live taps (a smaller kernel, its padding
// shifted by the dead leading taps, the same output size), and their weight gradient is zero.
// oneDNN's direct convolutions skip such taps the same way (their kernels clip the window to the
// input per output row); Kiln's GEMMs ran all 9: 8/9 of layer 4's FLOPs were multiplications by
// padding (native/bench/results/2026-11-27-local-2core-speed37-conv-dx.md).

// The taps [t0, t1) of one axis that read the input for some output position (the first and the
// last live tap: any dead tap between them still reads only zeros); false when none does.
inline bool live_axis(int64_t k, int64_t s, int64_t p, int64_t d, int64_t in, int64_t out, int64_t& t0, int64_t& t1) {
    t0 = k, t1 = 0;
    for (int64_t i = 0; i < k; ++i) {
        int64_t lo, hi;
        valid_range(i * d - p, s, in, 0, out, lo, hi);
        if (lo < hi) t0 = std::min(t0, i), t1 = i + 1;
    }
    return t0 < t1;
}

// g over its live taps when some taps read only padding: `live` is the smaller geometry and
// (a0, i0, j0) the first live tap of each axis; false when every tap is live (or no tap is: the
// output is the bias alone, which the kernels already handle).
struct LiveTaps {
    ConvGeom live;
    int64_t a0 = 0, i0 = 0, j0 = 0;
    bool trimmed = false;
    explicit LiveTaps(const ConvGeom& g) : live(g) {
        int64_t a1, i1, j1;
        if (!live_axis(g.kd, g.sd, g.pd, g.dd, g.D, g.OD, a0, a1) || !live_axis(g.kh, g.sh, g.ph, g.dh, g.H, g.OH, i0, i1) ||
            !live_axis(g.kw, g.sw, g.pw, g.dw, g.W, g.OW, j0, j1))
            return;
        if (a1 - a0 == g.kd && i1 - i0 == g.kh && j1 - j0 == g.kw) return;
        live.kd = a1 - a0, live.kh = i1 - i0, live.kw = j1 - j0;
        live.pd = g.pd - a0 * g.dd, live.ph = g.ph - i0 * g.dh, live.pw = g.pw - j0 * g.dw;
        if (live.pd < 0 || live.ph < 0 || live.pw < 0) return;
        // a plain 1x1 convolution reads the input plane as its column matrix: only when the output
        // plane is the input plane
        if (live.trivial() && (g.OD != g.D || g.OH != g.H || g.OW != g.W)) return;
        trimmed = true;
    }
    // w's live taps: out[co, c, a, i, j] = w[co, c, a + a0, i + i0, j + j0]; `back` scatters them the
    // other way (out is the full weight, zero at the dead taps).
    template <typename T>
    void slice(const T* w, T* out, const ConvGeom& g, bool back = false) const {
        const int64_t full = g.kd * g.kh * g.kw, part = live.kd * live.kh * live.kw;
        parallel_for(0, g.Cout * g.Cg, grain_for(full), [&](int64_t r0, int64_t r1) {
            for (int64_t r = r0; r < r1; ++r) {
                if (back) std::fill_n(out + r * full, full, T(0));
                for (int64_t a = 0; a < live.kd; ++a)
                    for (int64_t i = 0; i < live.kh; ++i)
                        for (int64_t j = 0; j < live.kw; ++j) {
                            const int64_t f = r * full + ((a + a0) * g.kh + i + i0) * g.kw + j + j0;
                            const int64_t q = r * part + (a * live.kh + i) * live.kw + j;
                            if (back) out[f] = w[q];
                            else out[q] = w[f];
                        }
            }
        });
    }
};

// Depthwise convolutions (one input channel per group, 2-d) run direct loops (ops/conv_depthwise.h).
bool depthwise_applies(const ConvGeom& g) { return g.Cg == 1 && g.spatial == 2 && g.D == 1 && g.kd == 1; }

DepthwiseGeom depthwise_geom(const ConvGeom& g) {
    return DepthwiseGeom{g.N, g.C, g.Coutg, g.H, g.W, g.OH, g.OW, g.kh, g.kw, g.sh, g.sw, g.ph, g.pw, g.dh, g.dw};
}

template <typename T>
Tensor scratch_tensor(int64_t n) {
    return Tensor::empty({n}, std::is_same_v<T, float> ? DType::Float32 : DType::Float64);
}

// y[N, Cout, OH, OW] = conv(x[N, C, H, W], w[Cout, Cg, kh, kw]) + b[Cout], plus `other` (y's
// contiguous layout) when given, then max(y, 0) when `relu` (mkldnn::_convolution_pointwise's post-ops:
// the implicit GEMM applies them in its epilogue while the tile is in registers; the other paths in
// one pass over y afterwards).
template <typename T>
void conv_forward_kernel(const T* x, const T* w, const T* b, T* y, const ConvGeom& g, bool relu = false,
                         const T* other = nullptr) {
    if (meta_mode()) return;  // tensor/meta.h: y's data is not wanted
    if (const LiveTaps lt(g); lt.trimmed) {
        Tensor wl = scratch_tensor<T>(g.Cout * lt.live.K());
        lt.slice(w, wl.data_ptr<T>(), g);
        conv_forward_kernel(x, static_cast<const T*>(wl.data_ptr<T>()), b, y, lt.live, relu, other);
        return;
    }
    if (depthwise_applies(g)) {
        depthwise_conv_forward(x, w, b, y, depthwise_geom(g), relu, other);
        return;
    }
    if (igemm_applies<T>(g)) {
        ConvEpilogue<T> ep;
        ep.bias = b;
        ep.relu = relu;
        ep.other = other;
        conv_forward_igemm(x, w, y, g, ep);
        return;
    }
    if (relu || other) {
        conv_forward_kernel(x, w, b, y, g, false);
        parallel_for(0, shape_numel(g.out_shape()), kParallelGrain, [&](int64_t i0, int64_t i1) {
            for (int64_t i = i0; i < i1; ++i) {
                if (other) y[i] += other[i];
                if (relu && y[i] < T(0)) y[i] = T(0);  // NaN stays NaN, as relu's
            }
        });
        return;
    }
    const int64_t K = g.K(), P = g.P();
    const ConvTiling t(g, sizeof(T), num_threads());
    if (use_panels(t.items(g), 2.0 * double(g.N * g.Cout) * double(P) * double(K))) {
        const ConvPanels pn(g, sizeof(T));
        const TapPlan plan(g, 0, P);
        for (int64_t n0 = 0; n0 < g.N; n0 += pn.ns) {
            const int64_t n1 = std::min(g.N, n0 + pn.ns), Q = (n1 - n0) * P;
            T* cols = thread_scratch<T>(size_t(g.groups * K * Q + g.Cout * Q));
            T* out = cols + g.groups * K * Q;
            panel_im2col(x, g, plan, n0, n1, cols);
            for (int64_t grp = 0; grp < g.groups; ++grp)
                gemm::gemm(g.Coutg, Q, K, T(1), w + grp * g.Coutg * K, K, 1, cols + grp * K * Q, Q, 1, T(0),
                           out + grp * g.Coutg * Q, Q, 1, true);
            parallel_for(0, g.Cout, grain_for(Q), [&](int64_t c0, int64_t c1) {
                for (int64_t co = c0; co < c1; ++co) {
                    const T bv = b ? b[co] : T(0);
                    for (int64_t n = n0; n < n1; ++n) {
                        T* row = y + (n * g.Cout + co) * P;
                        const T* src = out + co * Q + (n - n0) * P;
                        for (int64_t q = 0; q < P; ++q) row[q] = src[q] + bv;
                    }
                }
            });
        }
        return;
    }
    const double item_flops = 2.0 * double(g.N * g.Cout) * double(P) * double(K) / double(std::max<int64_t>(t.items(g), 1));
    run_items(t.items(g), item_flops, [&](int64_t item, int, bool par) {
        const ConvItem it(g, t, item);
        const int64_t Q = it.Q(), np = it.np();
        const bool one = it.ns() == 1;
        const ColumnBlock<T> cols = column_block(x, g, it, one ? 0 : size_t(g.Coutg * Q));
        // one sample: the GEMM writes y in place; several: a [Coutg, Q] buffer scattered to y below
        T* yc = y + (it.n0 * g.Cout + it.grp * g.Coutg) * P + it.p0;
        T* out = one ? yc : cols.extra;
        const int64_t ldo = one ? P : Q;
        gemm::gemm(g.Coutg, Q, K, T(1), w + it.grp * g.Coutg * K, K, 1, cols.data, cols.row_stride, 1, T(0), out,
                   ldo, 1, par);
        if (one && !b) return;
        for (int64_t n = 0; n < it.ns(); ++n)
            for (int64_t co = 0; co < g.Coutg; ++co) {
                const T bv = b ? b[it.grp * g.Coutg + co] : T(0);
                T* row = yc + (n * g.Cout + co) * P;
                const T* src = out + co * ldo + n * np;  // n is 0 when one sample
                for (int64_t q = 0; q < np; ++q) row[q] = src[q] + bv;
            }
    });
}

// The weight gradient over items: thread tid sums items [tid * per, (tid + 1) * per) into its own
// copy of dW (acc + tid * wsize), then the copies are added in thread order (see above); on the
// calling thread alone into dW itself when the work is not worth threads.
template <typename T>
void conv_weight_grad_items(const T* x, const T* gy, T* gw, const ConvGeom& g, const ConvTiling& t, bool threads) {
    const int64_t K = g.K(), wsize = g.Cout * K, items = t.items(g);
    auto item_gemm = [&](int64_t item, T* dw, bool par) {
        const ConvItem it(g, t, item);
        const ColumnBlock<T> cols = column_block(x, g, it, it.ns() == 1 ? 0 : size_t(g.Coutg * it.Q()));
        int64_t lda;
        const T* A = gather_rows(gy, g, it, cols.extra, lda);
        gemm::gemm(g.Coutg, K, it.Q(), T(1), A, lda, 1, cols.data, 1, cols.row_stride, T(1), dw + it.grp * g.Coutg * K,
                   K, 1, par);
    };
    const int nt = num_threads();
    if (!threads || items == 1) {
        std::fill_n(gw, wsize, T(0));
        for (int64_t i = 0; i < items; ++i) item_gemm(i, gw, true);
        return;
    }
    // the copies come from the caching allocator: fresh pages each call cost the kernel's zeroing
    Tensor acc_t = Tensor::empty({int64_t(nt) * wsize}, std::is_same_v<T, float> ? DType::Float32 : DType::Float64);
    T* acc = acc_t.data_ptr<T>();
    parallel_team([&](int tid, int nth) {
        T* mine = acc + int64_t(tid) * wsize;
        std::fill_n(mine, wsize, T(0));
        const int64_t per = (items + nth - 1) / nth;
        for (int64_t i = int64_t(tid) * per; i < std::min(items, int64_t(tid + 1) * per); ++i) item_gemm(i, mine, false);
    });
    parallel_for(0, wsize, grain_for(nt), [&](int64_t i0, int64_t i1) {
        for (int64_t i = i0; i < i1; ++i) {
            T s = acc[i];
            for (int tt = 1; tt < nt; ++tt) s += acc[int64_t(tt) * wsize + i];
            gw[i] = s;
        }
    });
}

// The input gradient of a stride-1 convolution as a forward convolution of dY (oneDNN's backward-data
// for unit strides; the transposed convolution's identity): for every tap (a, i, j),
//   dX[n, c, h] = sum over co, i of dY[n, co, h + p - i*d] * W[co, c, i]
//              = sum over co, i' of dY[n, co, h - p' + i'*d] * W'[c, co, i'],
// with the taps flipped (i' = k-1-i), W' = W with its channel axes swapped within each group, and
// padding p' = (k-1)*d - p: a convolution of the [N, Cout, OH, OW] gradient with C output channels
// whose output size is exactly H (OH + 2p' - (k-1)d = H at stride 1). It runs on the forward's
// implicit GEMM: the weight packed once, columns gathered straight into the GEMM's panels, every
// element of dX written once by the epilogue. Profile that led here (ResNet-18's 3x3 layers, batch
// 128, 1 thread; native/bench/results/2026-11-27-local-2core-speed37-conv-dx.md): the item path
// (dcols = W^T @ dY per item, then col2im scattering it back) spent 13% of its samples in col2im and
// 5% repacking W^T per item, and ran at 131-166 GFLOP/s where the forward ran the same shapes at
// 163-202. Strided convolutions (a dY pixel per s input pixels) and paddings wider than the dilated
// kernel (p' < 0) keep the item path. Returns false when the geometry does not qualify.
template <typename T>
bool conv_input_grad_as_forward(const T* w, const T* gy, T* gx, const ConvGeom& g) {
    if (g.sd != 1 || g.sh != 1 || g.sw != 1 || g.trivial()) return false;  // (1x1: one GEMM already)
    ConvGeom t = g;
    t.N = g.N, t.C = g.Cout, t.D = g.OD, t.H = g.OH, t.W = g.OW;
    t.Cout = g.C, t.Cg = g.Coutg, t.Coutg = g.Cg;
    t.pd = (g.kd - 1) * g.dd - g.pd, t.ph = (g.kh - 1) * g.dh - g.ph, t.pw = (g.kw - 1) * g.dw - g.pw;
    if (t.pd < 0 || t.ph < 0 || t.pw < 0) return false;
    t.OD = g.D, t.OH = g.H, t.OW = g.W;
    // The transposed GEMM's rows are the input channels: with fewer than 64 per group, packing each
    // gathered column serves too few rows (MNIST's conv2, 32 input channels: 95 GFLOP/s against the
    // item path's 160), and the item path's taller W^T @ dY product (Cg*taps rows) wins.
    if (g.Cg < 64 || !igemm_applies<T>(t)) return false;
    // The forward form multiplies every tap by dY padded with p' on each side: of its C x H x W x
    // Coutg x taps products, only the fraction (OD*OH*OW) / (D*H*W) meet data. Where the gradient's
    // planes are much smaller than the input's (a transposed convolution from a 1x1 latent: 1 of 16 taps
    // live for DCGAN's 4x4 kernel, 7.6 GFLOP/s of useful work), the item path's product is the useful
    // one alone; its col2im and repacking cost ~20% (the profile above), so it takes over below 4/5.
    if (5 * g.OD * g.OH * g.OW < 4 * g.D * g.H * g.W) return false;
    // W' goes straight into the packed-A layout the implicit GEMM multiplies with (ops/gemm.h: per
    // K block pc, MR-row panels holding A[m, pc + p] at p * MR + r), A[c, co * taps + t'] =
    // W[grp*Coutg + co, c, taps-1-t'] (a flat tap index reverses all three spatial axes at once),
    // by panels over the threads. A panel's rows read taps-element runs of W that the next taps
    // depth steps reuse from L1. (Materializing W' first, then packing it, cost 2.5 ms on ResNet
    // layer 4's 2.4M-element weight, half its GEMM: the runs of taps elements every Cg*taps apart.)
    const auto bl = gemm::blocking<T>();
    const int64_t MR = bl.mr, KC = bl.kc, taps = g.kd * g.kh * g.kw, K = t.K();  // K = Coutg * taps
    const int64_t Mpad = (t.Coutg + MR - 1) / MR * MR, mpanels = Mpad / MR;
    Tensor apack_t = Tensor::empty({g.groups * Mpad * K}, std::is_same_v<T, float> ? DType::Float32 : DType::Float64);
    T* apack = apack_t.data_ptr<T>();
    parallel_for(0, g.groups * mpanels, grain_for(MR * K), [&](int64_t i0, int64_t i1) {
        for (int64_t i = i0; i < i1; ++i) {
            const int64_t grp = i / mpanels, m0 = i % mpanels * MR, rows = std::min(MR, g.Cg - m0);
            T* base = apack + grp * Mpad * K;
            for (int64_t pc = 0; pc < K; pc += KC) {
                const int64_t kc = std::min(KC, K - pc);
                T* dst = base + pc * Mpad + m0 * kc;
                for (int64_t p = 0; p < kc; ++p, dst += MR) {
                    const int64_t co = (pc + p) / taps, tap = taps - 1 - (pc + p) % taps;
                    const T* src = w + ((grp * g.Coutg + co) * g.Cg + m0) * taps + tap;
                    int64_t r = 0;
                    for (; r < rows; ++r) dst[r] = src[r * taps];
                    for (; r < MR; ++r) dst[r] = T(0);
                }
            }
        }
    });
    conv_forward_igemm(gy, static_cast<const T*>(nullptr), gx, t, ConvEpilogue<T>{}, apack);
    return true;
}

// Gradients of conv_forward_kernel; gx, gw, gb may be null when not wanted. Every element of gx is
// written (zeroed by the thread that sums into it: no separate pass over the whole input).
template <typename T>
void conv_backward_kernel(const T* x, const T* w, const T* gy, T* gx, T* gw, T* gb, const ConvGeom& g) {
    if (meta_mode()) return;  // tensor/meta.h: the gradients' data is not wanted
    if (const LiveTaps lt(g); lt.trimmed) {
        // the live taps' gradients, then dW with zeros at the dead taps
        Tensor wl = scratch_tensor<T>(g.Cout * lt.live.K());
        lt.slice(w, wl.data_ptr<T>(), g);
        Tensor gwl = gw ? scratch_tensor<T>(g.Cout * lt.live.K()) : Tensor();
        conv_backward_kernel(x, static_cast<const T*>(wl.data_ptr<T>()), gy, gx, gw ? gwl.data_ptr<T>() : nullptr, gb,
                             lt.live);
        if (gw) lt.slice(static_cast<const T*>(gwl.data_ptr<T>()), gw, g, true);
        return;
    }
    if (depthwise_applies(g) && (gx || gw)) {
        depthwise_conv_backward(x, w, gy, gx, gw, depthwise_geom(g));
        gx = gw = nullptr;  // (the bias gradient below still runs)
    }
    if (gx && conv_input_grad_as_forward(w, gy, gx, g)) gx = nullptr;
    if (gw && igemm_applies<T>(g)) {
        conv_weight_grad_igemm(x, gy, gw, g);
        gw = nullptr;
    }
    const int64_t K = g.K(), P = g.P(), HW = g.plane();
    const ConvTiling t(g, sizeof(T), num_threads());
    const double flops = 2.0 * double(g.N * g.Cout) * double(P) * double(K);  // of one GEMM pass
    if (gb) {
        parallel_for(0, g.Cout, grain_for(g.N * P), [&](int64_t c0, int64_t c1) {
            for (int64_t co = c0; co < c1; ++co) {
                // double accumulation: a bias gradient sums N*OH*OW terms; eight independent partial
                // sums (combined in a fixed order), since one chain of dependent adds is bound by the
                // add's latency (3 ms of the MNIST CNN's 2.4M-element conv2 gradient at batch 64)
                double s[8] = {};
                for (int64_t n = 0; n < g.N; ++n) {
                    const T* row = gy + (n * g.Cout + co) * P;
                    int64_t q = 0;
                    for (; q + 8 <= P; q += 8)
                        for (int l = 0; l < 8; ++l) s[l] += double(row[q + l]);
                    for (; q < P; ++q) s[q % 8] += double(row[q]);
                }
                gb[co] = T(((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7])));
            }
        });
    }
    const bool w_panels = gw && (use_panels(t.items(g), flops) ||
                                 (worth_threads(flops) && g.N * P < kAccColumnsPerThread * num_threads()));
    const bool x_panels = gx && use_panels(t.nblocks * g.groups, flops);
    if (w_panels || x_panels) {
        // dW_g[Coutg, K] += dY_g[Coutg, Q] @ cols_g^T per panel; dcols_g = W_g^T @ dY_g, added back
        // with col2im (the columns' buffer serves both, one after the other)
        const ConvPanels pn(g, sizeof(T));
        const TapPlan plan(g, 0, P);
        for (int64_t n0 = 0; n0 < g.N; n0 += pn.ns) {
            const int64_t n1 = std::min(g.N, n0 + pn.ns), Q = (n1 - n0) * P;
            T* dy = thread_scratch<T>(size_t(g.Cout * Q + g.groups * K * Q));
            T* cols = dy + g.Cout * Q;
            panel_gather(gy, g, n0, n1, dy);
            if (w_panels) {
                panel_im2col(x, g, plan, n0, n1, cols);
                for (int64_t grp = 0; grp < g.groups; ++grp)
                    gemm::gemm(g.Coutg, K, Q, T(1), dy + grp * g.Coutg * Q, Q, 1, cols + grp * K * Q, 1, Q,
                               n0 == 0 ? T(0) : T(1), gw + grp * g.Coutg * K, K, 1, true);
            }
            if (x_panels) {
                for (int64_t grp = 0; grp < g.groups; ++grp)
                    gemm::gemm(K, Q, g.Coutg, T(1), w + grp * g.Coutg * K, 1, K, dy + grp * g.Coutg * Q, Q, 1, T(0),
                               cols + grp * K * Q, Q, 1, true);
                panel_col2im(cols, g, plan, n0, n1, gx);
            }
        }
    }
    if (gw && !w_panels) conv_weight_grad_items(x, gy, gw, g, t, worth_threads(flops));
    if (gx && !x_panels) {
        // dcols[K, Q] = W_g^T @ dY[item rows, item columns], then col2im into the item's input planes
        // (items of one sample block and group are one item's chunks, run in order by one thread).
        run_items(t.nblocks * g.groups, flops / double(std::max<int64_t>(t.nblocks * g.groups, 1)), [&](int64_t bg, int, bool par) {
            if (!g.trivial() || t.nb > 1) {  // (a plain 1x1 convolution's GEMMs write every element)
                const ConvItem first(g, t, bg * t.nchunks);
                for (int64_t n = first.n0; n < first.n1; ++n)
                    std::fill_n(gx + (n * g.C + first.grp * g.Cg) * HW, g.Cg * HW, T(0));
            }
            for (int64_t chunk = 0; chunk < t.nchunks; ++chunk) {
                const ConvItem it(g, t, bg * t.nchunks + chunk);
                const int64_t Q = it.Q(), np = it.np();
                const T* A = w + it.grp * g.Coutg * K;
                T* gx0 = gx + (it.n0 * g.C + it.grp * g.Cg) * HW;
                if (g.trivial() && it.ns() == 1) {
                    gemm::gemm(K, np, g.Coutg, T(1), A, 1, K, gy + (it.n0 * g.Cout + it.grp * g.Coutg) * P + it.p0,
                               P, 1, T(0), gx0 + it.p0, HW, 1, par);
                    continue;
                }
                T* dcols = thread_scratch<T>(size_t(K * Q) + (it.ns() == 1 ? 0 : size_t(g.Coutg * Q)));
                int64_t ldb;
                const T* B = gather_rows(gy, g, it, dcols + K * Q, ldb);
                gemm::gemm(K, Q, g.Coutg, T(1), A, 1, K, B, ldb, 1, T(0), dcols, Q, 1, par);
                const TapPlan plan(g, it.p0, it.p1);
                col2im_add(dcols, g, plan, gx0, Q, 0, g.Cg, it.ns(), g.C * HW, np);
            }
        });
    }
}

// int64 convolution (ATen supports it on CPU): direct loops, exact arithmetic, forward only.
void conv_forward_int64(const int64_t* x, const int64_t* w, const int64_t* b, int64_t* y, const ConvGeom& g) {
    parallel_for(0, g.N * g.Cout, grain_for(g.P() * g.K()), [&](int64_t i0, int64_t i1) {
        for (int64_t i = i0; i < i1; ++i) {
            const int64_t n = i / g.Cout, co = i % g.Cout, grp = co / g.Coutg;
            for (int64_t q = 0; q < g.P(); ++q) {
                const int64_t od = q / (g.OH * g.OW), oh = q / g.OW % g.OH, ow = q % g.OW;
                int64_t s = b ? b[co] : 0;
                for (int64_t c = 0; c < g.Cg; ++c)
                    for (int64_t ka = 0; ka < g.kd; ++ka)
                        for (int64_t ki = 0; ki < g.kh; ++ki)
                            for (int64_t kj = 0; kj < g.kw; ++kj) {
                                const int64_t id = od * g.sd - g.pd + ka * g.dd, ih = oh * g.sh - g.ph + ki * g.dh,
                                              iw = ow * g.sw - g.pw + kj * g.dw;
                                if (id < 0 || id >= g.D || ih < 0 || ih >= g.H || iw < 0 || iw >= g.W) continue;
                                s += x[(((n * g.C + grp * g.Cg + c) * g.D + id) * g.H + ih) * g.W + iw] *
                                     w[(((co * g.Cg + c) * g.kd + ka) * g.kh + ki) * g.kw + kj];
                            }
                y[i * g.P() + q] = s;
            }
        }
    });
}

// Expands a conv parameter to one value per spatial dim, as ATen's expand_param_if_needed.
std::vector<int64_t> expand_param(const std::vector<int64_t>& v, const char* name, int64_t dims) {
    if (v.size() == 1) return std::vector<int64_t>(size_t(dims), v[0]);
    KILN_CHECK(int64_t(v.size()) == dims, RuntimeError, "expected ", name,
               " to be a single integer value or a list of ", dims,
               " values to match the convolution dimensions, but got ", name, "=", shape_str(v));
    return v;
}

// The batched (4-d) convolution with its autograd node.
// ---- the GPU path: windows as a gather, then cuBLAS or a reduction ------------------------------------

// The sliding windows over the planes of x3 (B, C, H*W) as columns (B, C, kh*kw*OH*OW), tap-major:
// im2col as one gather by a precomputed index, taps outside the input reading `pad` (an element
// appended to every plane). Its backward, col2im, is an atomic scatter_add; autograd recorded here.
Tensor windows_cuda(const Tensor& x3, int64_t H, int64_t W, int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t ph,
                    int64_t pw, int64_t dh, int64_t dw, int64_t OH, int64_t OW, double pad) {
    const int64_t B = x3.size(0), C = x3.size(1), K = kh * kw, L = OH * OW, HW = H * W;
    std::vector<double> taps(size_t(K * L));  // tensor() takes doubles: exact below 2^53
    for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j)
            for (int64_t oh = 0; oh < OH; ++oh)
                for (int64_t ow = 0; ow < OW; ++ow) {
                    const int64_t h = oh * sh - ph + i * dh, w = ow * sw - pw + j * dw;
                    const bool inside = h >= 0 && h < H && w >= 0 && w < W;
                    taps[size_t((i * kw + j) * L + oh * OW + ow)] = double(inside ? h * W + w : HW);
                }
    Tensor index = expand(reshape(to_device(tensor(taps, {K * L}, DType::Int64), Device::CUDA), {1, 1, K * L}),
                          {B, C, K * L});
    Tensor planes = cat({x3, full({B, C, 1}, Scalar(pad), {x3.dtype(), Device::CUDA})}, 2);
    Tensor cols = Tensor::empty({B, C, K * L}, x3.dtype(), Device::CUDA);
    cuda::gather_tensor(cols, planes.detach(), 2, index);  // the indices are in range by construction
    if (autograd::needs_grad({planes})) {
        Shape planes_shape = planes.sizes();
        autograd::record("GatherBackward0", {planes}, {cols}, [index, planes_shape](const Grads& gr) {
            Tensor gp = zeros(planes_shape, {gr[0].dtype(), Device::CUDA});
            cuda::scatter_add_tensor(gp, 2, index, gr[0].detach());
            return Grads{gp};
        });
    }
    return cols;
}

// conv2d on the GPU, PyTorch's slow_conv2d scheme over a chunk of the batch at once: im2col lays
// the chunk's windows out as one (C*kh*kw, n*OH*OW) matrix; each group's weight multiplies it in one
// cuBLAS call: a GEMM batched over the chunk's samples writing each sample's (Coutg, OH*OW) block of
// the NCHW output in place, or, for planes under kDirectMinPixels (where per-sample products are too
// narrow for the tensor cores' tiles), one GEMM over all columns and a copy into NCHW. The backward
// is two GEMMs per group and chunk (the weight gradient accumulated over chunks by beta = 1, the
// input's columns scattered back by col2im). Chunks keep the column buffer near kColumnElems elements
// (32 MiB of float32): the GEMM then reads what im2col wrote from the L2 cache (50 MB on the H100)
// instead of from device memory.
constexpr int64_t kColumnElems = int64_t(1) << 23;
constexpr int64_t kDirectMinPixels = 64;

struct CudaConv {
    const ConvGeom& g;
    uint8_t code;
    size_t es;
    cuda::Window2d w;
    int64_t K, L, CK, CgK, chunk;

    CudaConv(const ConvGeom& geom, DType dt) : g(geom), code(uint8_t(dt)), es(dtype_size(dt)) {
        w.C = g.C, w.H = g.H, w.W = g.W, w.kh = g.kh, w.kw = g.kw, w.sh = g.sh, w.sw = g.sw, w.ph = g.ph, w.pw = g.pw;
        w.dh = g.dh, w.dw = g.dw, w.OH = g.OH, w.OW = g.OW;
        K = g.kh * g.kw, L = g.OH * g.OW, CK = g.C * K, CgK = g.Cg * K;
        chunk = std::clamp<int64_t>(kColumnElems / std::max<int64_t>(CK * L, 1), 1, std::max<int64_t>(g.N, 1));
    }
    // row-major C (m x n) = A (m x k) @ B (k x n) + beta C; a transposed operand is stored as its
    // transpose; `batch` products with the operands' start `stride_*` elements apart
    void gemm(const void* a, bool ta, int64_t lda, const void* b, bool tb, int64_t ldb, void* c, int64_t ldc, int64_t m,
              int64_t n, int64_t k, double beta, int64_t batch = 1, int64_t stride_a = 0, int64_t stride_b = 0,
              int64_t stride_c = 0) const {
        cuda::Gemm gm;
        gm.m = m, gm.n = n, gm.k = k, gm.a = a, gm.b = b, gm.c = c, gm.trans_a = ta, gm.trans_b = tb;
        gm.lda = lda, gm.ldb = ldb, gm.ldc = ldc, gm.dtype = code, gm.beta = beta, gm.conv = true;
        gm.batch = batch, gm.stride_a = stride_a, gm.stride_b = stride_b, gm.stride_c = stride_c;
        cuda::gemm(gm);
    }
    const char* at(const Tensor& t, int64_t elems) const { return static_cast<const char*>(t.raw_data()) + elems * int64_t(es); }
    char* at_mut(const Tensor& t, int64_t elems) const { return static_cast<char*>(t.raw_data()) + elems * int64_t(es); }
};

// Which parts of a float32 convolution of geometry g run as implicit GEMMs on the tensor cores
// (cuda/conv_igemm.cu) rather than im2col + cuBLAS: a mask of kIgemmForward, kIgemmInputGrad and
// kIgemmWeightGrad. Only where TF32 is allowed (cuDNN's flag, as for PyTorch's own choice of
// algorithm) and a group has 16+ output channels (the kernel's tiles are 64 channels tall). The
// implicit GEMM wins where im2col's column matrix is large against the GEMM's work: many output
// pixels and a short reduction (a few input channels); with long reductions over few pixels
// (ResNet's later layers) cuBLAS's split-K GEMM on the small column matrix is faster. Measured per
// layer shape on the H200 (native/bench/cuda/conv_shapes.py: MNIST's, CIFAR ResNets', torchvision's
// ResNet-18 at 32x32, a U-Net level): the weight gradient gains from a 32-tap reduction up, the input gradient (the flipped kernel's
// forward over the input's channels) from 64 input channels a group.
// KILN_CONV_IGEMM=<mask> forces the choice where the kernels can run (the benchmarks' A/B runs).
constexpr int kIgemmForward = 1, kIgemmInputGrad = 2, kIgemmWeightGrad = 4;
int conv_igemm_parts(const ConvGeom& g, DType dt) {
    const char* env = std::getenv("KILN_CONV_IGEMM");  // read each call: tests set it around their cases
    const int forced = env && *env ? std::atoi(env) : -1;
    if (dt != DType::Float32 || !cuda::conv_allow_tf32() || g.Coutg < 16) return 0;
    if (forced >= 0) return forced;
    const int64_t K = g.Cg * g.kh * g.kw, columns = g.N * g.OH * g.OW;
    const bool wide = (K <= 160 && columns >= 16384) || (K <= 640 && columns >= 131072);
    if (!wide) return 0;
    return kIgemmForward | (K >= 32 ? kIgemmWeightGrad : 0) | (g.Cg >= 64 ? kIgemmInputGrad : 0);
}

float* f32(const Tensor& t) { return static_cast<float*>(t.raw_data()); }  // a float32 CUDA tensor's data

// Whether cuDNN (cuda/cudnn.h: PyTorch's convolutions, where the machine has it) runs a GPU
// convolution of geometry g in one direction rather than Kiln's own kernels: every one, as in
// PyTorch, but a row-major convolution with at most 4 input channels a group (a network's stem on
// image or audio channels), where Kiln's implicit GEMM / im2col kernels run faster: its backward
// always, its forward when it adds a bias (fused into Kiln's kernel, a separate pass after cuDNN's)
// or its receptive field is at least 32 taps deep. Measured per layer shape on the H200 with
// native/bench/cuda/conv_shapes.py: the ResNet-18 stem (3x7x7) forward 0.030 ms vs cuDNN's
// 0.036-0.050, backward 0.10 vs 0.14; MNIST's conv1 (1x3x3) at batch 1024 backward 0.38 vs 0.41 ms,
// forward with its bias 0.181 vs 0.186, but without it, as a compiled graph calls it, 0.177 vs 0.077.
// Channels-last stems go to cuDNN forward (Kiln's kernels would convert to and from row-major:
// 0.048 vs 0.027 ms). conv3d runs only through cuDNN on the GPU. KILN_CUDNN=1 sends every
// convolution to cuDNN, KILN_CUDNN=0 none (the benchmarks' A/B runs).
enum class ConvPass { Forward, ForwardWithBias, Backward };
bool use_cudnn(const ConvGeom& g, ConvPass pass) {
    const char* env = std::getenv("KILN_CUDNN");
    if (env && std::strcmp(env, "1") == 0) return true;
    if (g.spatial == 3 || g.Cg > 4) return true;
    return pass == ConvPass::Forward ? g.channels_last || g.K() < 32 : pass == ConvPass::ForwardWithBias && g.channels_last;
}

// Geometry g as cuda/cudnn.h takes it.
cuda::cudnn::ConvShape cudnn_shape(const ConvGeom& g, DType dt) {
    cuda::cudnn::ConvShape s;
    s.spatial = g.spatial, s.N = g.N, s.C = g.C, s.D = g.D, s.H = g.H, s.W = g.W, s.Cout = g.Cout, s.groups = g.groups;
    s.kd = g.kd, s.kh = g.kh, s.kw = g.kw, s.sd = g.sd, s.sh = g.sh, s.sw = g.sw, s.pd = g.pd, s.ph = g.ph, s.pw = g.pw;
    s.dd = g.dd, s.dh = g.dh, s.dw = g.dw, s.OD = g.OD, s.OH = g.OH, s.OW = g.OW, s.dtype = uint8_t(dt);
    return s;
}

// ConvParams::use_mkldnn for a float32 CPU convolution of geometry g: oneDNN unless ATen judges its
// own kernel faster (a 1x1 filter on one thread, a single small sample with small filters).
bool aten_uses_mkldnn(const ConvGeom& g) {
    const bool strided = g.sd != 1 || g.sh != 1 || g.sw != 1, dilated = g.dd != 1 || g.dh != 1 || g.dw != 1;
    return (strided || dilated || g.N >= 16 || g.kw != 1 || g.kh != 1 || num_threads() > 1) &&
           (g.groups > 1 || (g.kw > 3 && g.kh > 3) || g.N > 1 ||
            g.N * g.C * (g.spatial == 3 ? g.D * g.H : g.H) > 20480);
}

// Whether a convolution's result and gradients are channels-last (format_of gives the format of g's
// rank), ATen's _determine_backend_memory_format for the backends Kiln stands in for: when the input or
// the weight suggests it (cudnn_conv_suggest_memory_format on the GPU, mkldnn_conv_use_channels_last /
// thnn_conv_use_channels_last on the CPU), except that cuDNN and oneDNN keep float64 row-major (the
// CPU's slow 2-d convolution, which float64 runs on, does not) and the CPU's slow 3-d kernel, which
// runs where oneDNN does not, is row-major.
bool conv_channels_last(const Tensor& x, const Tensor& w, const ConvGeom& g) {
    if (w.dim() != 4 && w.dim() != 5) return false;
    const MemoryFormat cl = w.dim() == 5 ? MemoryFormat::ChannelsLast3d : MemoryFormat::ChannelsLast;
    if (suggest_memory_format(x) != cl && suggest_memory_format(w) != cl) return false;
    const bool f64 = x.dtype() == DType::Float64 || w.dtype() == DType::Float64;
    if (x.device() == Device::CUDA) return !f64;
    if (w.dim() == 4) return true;
    return x.dtype() == DType::Float32 && aten_uses_mkldnn(g);
}

thread_local bool t_row_major_convolution = false;

// The channels-last format of g's rank, or Contiguous: the layout its result and gradients take.
MemoryFormat format_of(const ConvGeom& g) {
    if (!g.channels_last) return MemoryFormat::Contiguous;
    return g.spatial == 3 ? MemoryFormat::ChannelsLast3d : MemoryFormat::ChannelsLast;
}

// The forward without autograd: x and weight contiguous of one floating dtype on the GPU.
Tensor conv2d_cuda_forward(const Tensor& x, const Tensor& weight, const Tensor& bias, const ConvGeom& g) {
    const DType dt = x.dtype();
    Tensor y = Tensor::empty(g.out_shape(), dt, Device::CUDA);
    if (meta_mode()) {  // an example value: its layout is all that is read
        mark_meta(y.impl()->storage.get());
        return y;
    }
    if (use_cudnn(g, bias.defined() ? ConvPass::ForwardWithBias : ConvPass::Forward) &&
        cuda::cudnn::forward(cudnn_shape(g, dt), x.raw_data(), weight.raw_data(), y.raw_data())) {
        if (bias.defined()) add_(y, reshape(contiguous(bias), g.spatial == 3 ? Shape{1, g.Cout, 1, 1, 1} : Shape{1, g.Cout, 1, 1}));
        return y;
    }
    KILN_CHECK(g.spatial == 2, NotImplementedError, "conv3d on CUDA runs through cuDNN in Kiln, which is not available here");
    const CudaConv c(g, dt);
    if (conv_igemm_parts(g, dt) & kIgemmForward) {
        Tensor b = bias.defined() ? contiguous(bias) : Tensor();
        if (cuda::conv2d_igemm_forward(f32(x), f32(weight), b.defined() ? f32(b) : nullptr, f32(y), c.w, g.N, g.Cout, g.groups))
            return y;
    }
    const bool direct = c.L >= kDirectMinPixels;
    Tensor cols = Tensor::empty({c.CK * c.chunk * c.L}, dt, Device::CUDA);
    Tensor yt = direct ? Tensor() : Tensor::empty({g.Cout * c.chunk * c.L}, dt, Device::CUDA);
    for (int64_t n0 = 0; n0 < g.N; n0 += c.chunk) {
        const int64_t n = std::min(c.chunk, g.N - n0), nL = n * c.L;
        cuda::im2col(c.at(x, n0 * g.C * g.H * g.W), cols.raw_data(), c.code, c.w, n);
        for (int64_t gr = 0; gr < g.groups; ++gr) {
            const char* wg = c.at(weight, gr * g.Coutg * c.CgK);
            const char* colg = c.at(cols, gr * c.CgK * nL);
            if (direct)  // y[n0 + s][group rows] = W_g @ cols[group rows][columns of sample s]
                c.gemm(wg, false, c.CgK, colg, false, nL, c.at_mut(y, (n0 * g.Cout + gr * g.Coutg) * c.L), c.L, g.Coutg,
                       c.L, c.CgK, 0.0, n, 0, c.L, g.Cout * c.L);
            else
                c.gemm(wg, false, c.CgK, colg, false, nL, c.at_mut(yt, gr * g.Coutg * nL), nL, g.Coutg, nL, c.CgK, 0.0);
        }
        if (!direct) {  // (Cout, n, L) -> samples n0.. of (N, Cout, L)
            Tensor dst = as_strided(y, {n, g.Cout, c.L}, {g.Cout * c.L, c.L, 1}, n0 * g.Cout * c.L);
            copy_(dst, as_strided(yt, {n, g.Cout, c.L}, {c.L, nL, 1}, 0));
        }
    }
    if (bias.defined()) add_(y, reshape(contiguous(bias), {1, g.Cout, 1, 1}));  // y is this call's own: in place
    return y;
}

// The gradients of conv2d_cuda_forward (row-major operands); undefined where `mask` asks for none.
std::array<Tensor, 3> conv2d_cuda_backward_nchw(const Tensor& grad, const Tensor& x_in, const Tensor& w_in, const ConvGeom& g,
                                                std::array<bool, 3> mask) {
    autograd::NoGradGuard no_grad;
    const DType dt = x_in.dtype();
    Tensor gx, gw, gb;
    if (mask[0]) gx = Tensor::empty(x_in.sizes(), dt, Device::CUDA);
    if (mask[1]) gw = Tensor::empty(w_in.sizes(), dt, Device::CUDA);
    if (mask[2]) gb = sum(grad, g.spatial == 3 ? std::vector<int64_t>{0, 2, 3, 4} : std::vector<int64_t>{0, 2, 3});
    if (meta_mode()) {
        for (Tensor* t : {&gx, &gw})
            if (t->defined()) mark_meta(t->impl()->storage.get());
        return {gx, gw, gb};
    }
    if (!mask[0] && !mask[1]) return {gx, gw, gb};
    Tensor x = contiguous(x_in), weight = contiguous(w_in), gy = contiguous(grad);
    const cuda::cudnn::ConvShape cs = cudnn_shape(g, dt);
    const bool dnn = use_cudnn(g, ConvPass::Backward);
    if (dnn && mask[0] && cuda::cudnn::backward_data(cs, gy.raw_data(), weight.raw_data(), gx.raw_data())) mask[0] = false;
    if (dnn && mask[1] && cuda::cudnn::backward_filter(cs, x.raw_data(), gy.raw_data(), gw.raw_data())) mask[1] = false;
    if (!mask[0] && !mask[1]) return {gx, gw, gb};
    KILN_CHECK(g.spatial == 2, NotImplementedError, "conv3d on CUDA runs through cuDNN in Kiln, which is not available here");
    const CudaConv c(g, dt);
    if (const int parts = conv_igemm_parts(g, dt)) {
        if (mask[1] && (parts & kIgemmWeightGrad)) {  // the weight gradient as an implicit GEMM reduced over the columns in splits
            const int64_t splits = cuda::conv2d_igemm_weight_grad_splits(c.w, g.N, g.Cout, g.groups);
            Tensor part = splits > 1 ? Tensor::empty({splits * g.Cout * c.CgK}, dt, Device::CUDA) : Tensor();
            if (splits > 0 && cuda::conv2d_igemm_weight_grad(f32(x), f32(gy), f32(gw), part.defined() ? f32(part) : nullptr,
                                                             splits, c.w, g.N, g.Cout, g.groups))
                mask[1] = false;
        }
        // A stride-1 convolution's input gradient is the convolution of gy with the kernel flipped and
        // its channel axes swapped (per group), padded by dilation*(k-1) - padding on each side.
        const int64_t qh = g.dh * (g.kh - 1) - g.ph, qw = g.dw * (g.kw - 1) - g.pw;
        if (mask[0] && (parts & kIgemmInputGrad) && g.sh == 1 && g.sw == 1 && qh >= 0 && qw >= 0 && g.Cg >= 16) {
            Tensor wt = contiguous(reshape(transpose(flip(reshape(weight, {g.groups, g.Coutg, g.Cg, g.kh, g.kw}), {3, 4}), 1, 2),
                                           {g.C, g.Coutg, g.kh, g.kw}));
            cuda::Window2d w = c.w;
            w.C = g.Cout, w.H = g.OH, w.W = g.OW, w.ph = qh, w.pw = qw, w.OH = g.H, w.OW = g.W;
            if (cuda::conv2d_igemm_forward(f32(gy), f32(wt), nullptr, f32(gx), w, g.N, g.C, g.groups))
                mask[0] = false;
        }
        if (!mask[0] && !mask[1]) return {gx, gw, gb};
    }
    Tensor cols = Tensor::empty({c.CK * c.chunk * c.L}, dt, Device::CUDA);
    Tensor gyt = Tensor::empty({g.Cout * c.chunk * c.L}, dt, Device::CUDA);
    for (int64_t n0 = 0; n0 < g.N; n0 += c.chunk) {
        const int64_t n = std::min(c.chunk, g.N - n0), nL = n * c.L;
        // samples n0.. of the (N, Cout, L) gradient as a (Cout, n * L) matrix
        Tensor dst = as_strided(gyt, {n, g.Cout, c.L}, {c.L, nL, 1}, 0);
        copy_(dst, as_strided(gy, {n, g.Cout, c.L}, {g.Cout * c.L, c.L, 1}, n0 * g.Cout * c.L));
        if (mask[1]) {  // gW[group] (+)= gY[group] (Coutg x nL) @ cols[group]^T (nL x CgK)
            cuda::im2col(c.at(x, n0 * g.C * g.H * g.W), cols.raw_data(), c.code, c.w, n);
            for (int64_t gr = 0; gr < g.groups; ++gr)
                c.gemm(c.at(gyt, gr * g.Coutg * nL), false, nL, c.at(cols, gr * c.CgK * nL), true, nL,
                       c.at_mut(gw, gr * g.Coutg * c.CgK), c.CgK, g.Coutg, c.CgK, nL, n0 == 0 ? 0.0 : 1.0);
        }
        if (mask[0]) {  // cols[group] = W[group]^T (CgK x Coutg) @ gY[group] (Coutg x nL), then col2im
            for (int64_t gr = 0; gr < g.groups; ++gr)
                c.gemm(c.at(weight, gr * g.Coutg * c.CgK), true, c.CgK, c.at(gyt, gr * g.Coutg * nL), false, nL,
                       c.at_mut(cols, gr * c.CgK * nL), nL, c.CgK, nL, g.Coutg, 0.0);
            cuda::col2im(cols.raw_data(), c.at_mut(gx, n0 * g.C * g.H * g.W), c.code, c.w, n);
        }
    }
    return {gx, gw, gb};
}

// The gradients of a GPU convolution (the eager node's and aten::convolution_backward's); undefined
// where `mask` asks for none. With channels-last operands (conv_channels_last) cuDNN runs on NHWC
// tensors and the input and weight gradients are channels-last, as cuDNN's are in PyTorch.
std::array<Tensor, 3> conv2d_cuda_backward(const Tensor& grad, const Tensor& x_in, const Tensor& w_in, const ConvGeom& g,
                                           std::array<bool, 3> mask) {
    const MemoryFormat fmt = format_of(g);
    if (fmt == MemoryFormat::Contiguous) return conv2d_cuda_backward_nchw(grad, x_in, w_in, g, mask);
    autograd::NoGradGuard no_grad;
    const DType dt = x_in.dtype();
    const std::vector<int64_t> order = format_order(fmt, x_in.dim());
    Tensor gx, gw, gb;
    if (mask[0]) gx = empty_in_order(x_in.sizes(), dt, Device::CUDA, order);
    if (mask[1]) gw = empty_in_order(w_in.sizes(), dt, Device::CUDA, order);
    if (mask[2]) gb = sum(grad, g.spatial == 3 ? std::vector<int64_t>{0, 2, 3, 4} : std::vector<int64_t>{0, 2, 3});
    if (meta_mode()) {
        for (Tensor* t : {&gx, &gw})
            if (t->defined()) mark_meta(t->impl()->storage.get());
        return {gx, gw, gb};
    }
    const Tensor x = contiguous_as(x_in, fmt), weight = contiguous_as(w_in, fmt), gy = contiguous_as(grad, fmt);
    cuda::cudnn::ConvShape cs = cudnn_shape(g, dt);
    cs.channels_last = true;
    const bool cudnn = use_cudnn(g, ConvPass::Backward);
    if (cudnn && mask[0] && cuda::cudnn::backward_data(cs, gy.raw_data(), weight.raw_data(), gx.raw_data())) mask[0] = false;
    if (cudnn && mask[1] && cuda::cudnn::backward_filter(cs, x.raw_data(), gy.raw_data(), gw.raw_data())) mask[1] = false;
    if (mask[0] || mask[1]) {  // no cuDNN (or Kiln's kernels win): the row-major kernels, their results converted
        auto r = conv2d_cuda_backward_nchw(contiguous(gy), contiguous(x), contiguous(weight), g, {mask[0], mask[1], false});
        if (mask[0]) gx = contiguous_as(r[0], fmt);
        if (mask[1]) gw = contiguous_as(r[1], fmt);
    }
    return {gx, gw, gb};
}

// conv2d on the GPU (convolution() records its node). Channels-last operands (conv_channels_last)
// go to cuDNN as NHWC tensors, as PyTorch sends them, and the result is channels-last; where cuDNN
// does not run (or use_cudnn prefers Kiln's kernels: a few input channels a group), Kiln's row-major
// kernels do and the result is converted.
Tensor conv2d_cuda(const Tensor& x, const Tensor& weight, const Tensor& bias, const ConvGeom& g) {
    KILN_CHECK(dtype_is_floating(x.dtype()), NotImplementedError, "\"slow_conv2d_cuda\" not implemented for '",
               dtype_scalar_type_name(x.dtype()), "'");
    autograd::NoGradGuard no_grad;
    const Tensor b = bias.defined() ? bias.detach() : Tensor();
    const MemoryFormat fmt = format_of(g);
    if (fmt == MemoryFormat::Contiguous) return conv2d_cuda_forward(contiguous(x.detach()), contiguous(weight.detach()), b, g);
    const DType dt = x.dtype();
    Tensor y = empty_in_order(g.out_shape(), dt, Device::CUDA, format_order(fmt, int64_t(g.out_shape().size())));
    if (meta_mode()) {
        mark_meta(y.impl()->storage.get());
        return y;
    }
    const Tensor xc = contiguous_as(x.detach(), fmt), wc = contiguous_as(weight.detach(), fmt);
    cuda::cudnn::ConvShape cs = cudnn_shape(g, dt);
    cs.channels_last = true;
    if (use_cudnn(g, b.defined() ? ConvPass::ForwardWithBias : ConvPass::Forward) &&
        cuda::cudnn::forward(cs, xc.raw_data(), wc.raw_data(), y.raw_data())) {
        if (b.defined()) add_(y, reshape(contiguous(b), g.spatial == 3 ? Shape{1, g.Cout, 1, 1, 1} : Shape{1, g.Cout, 1, 1}));
        return y;
    }
    return contiguous_as(conv2d_cuda_forward(contiguous(xc), contiguous(wc), b, g), fmt);
}

// The geometry of a 2-d or 3-d convolution of input sizes `xs` (N, C, [D,] H, W) with weight sizes
// `ws` (Cout, C/groups, [kd,] kh, kw); the parameter lists have one value per spatial dim.
ConvGeom conv_geom(const Shape& xs, const Shape& ws, const std::vector<int64_t>& stride,
                   const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, int64_t groups) {
    ConvGeom g;
    g.spatial = int(xs.size()) - 2;
    const size_t o = g.spatial == 3 ? 1 : 0;  // index of the height in the parameter lists
    g.N = xs[0];
    g.C = xs[1];
    if (o) {
        g.D = xs[2];
        g.kd = ws[2];
        g.sd = stride[0];
        g.pd = padding[0];
        g.dd = dilation[0];
    }
    g.H = xs[2 + o];
    g.W = xs[3 + o];
    g.Cout = ws[0];
    g.groups = groups;
    g.Cg = ws[1];
    g.Coutg = ws[0] / groups;
    g.kh = ws[2 + o];
    g.kw = ws[3 + o];
    g.sh = stride[o];
    g.sw = stride[o + 1];
    g.ph = padding[o];
    g.pw = padding[o + 1];
    g.dh = dilation[o];
    g.dw = dilation[o + 1];
    g.OD = (g.D + 2 * g.pd - g.dd * (g.kd - 1) - 1) / g.sd + 1;
    g.OH = (g.H + 2 * g.ph - g.dh * (g.kh - 1) - 1) / g.sh + 1;
    g.OW = (g.W + 2 * g.pw - g.dw * (g.kw - 1) - 1) / g.sw + 1;
    return g;
}

// The gradients of a CPU convolution with geometry g (the eager ConvolutionBackward0 and the
// graph op aten::convolution_backward both run this): undefined where `mask` asks for none.
std::array<Tensor, 3> convolution_backward_cpu(const Tensor& grad, const Tensor& x, const Tensor& weight,
                                               const ConvGeom& g, std::array<bool, 3> mask) {
    const bool need_x = mask[0], need_w = mask[1], need_b = mask[2];
    const DType dt = x.dtype(), cdt = compute_dtype(dt);
    Tensor xs = plain(x, cdt), wsv = plain(weight, cdt), gy = plain(grad, cdt);
    Tensor gx, gw, gb;
    // (on x's device: the CPU, or the meta device, whose kernels skip: tensor/meta.h)
    MetaScope meta_device(meta_mode() || x.is_meta());
    if (need_x) gx = Tensor::empty(x.sizes(), cdt, x.device());  // the kernel writes every element
    if (need_w) gw = Tensor::empty(weight.sizes(), cdt, x.device());
    if (need_b) gb = Tensor::empty({g.Cout}, cdt, x.device());
    dispatch_dtype(cdt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
            conv_backward_kernel<T>(xs.data_ptr<T>(), wsv.data_ptr<T>(), gy.data_ptr<T>(), need_x ? gx.data_ptr<T>() : nullptr,
                                    need_w ? gw.data_ptr<T>() : nullptr, need_b ? gb.data_ptr<T>() : nullptr, g);
        }
    });
    if (gx.defined()) gx = cast(gx, dt);
    if (gw.defined()) gw = cast(gw, dt);
    if (gb.defined()) gb = cast(gb, dt);
    const MemoryFormat fmt = format_of(g);
    if (fmt != MemoryFormat::Contiguous) {
        autograd::NoGradGuard no_grad;
        if (gx.defined()) gx = contiguous_as(gx, fmt);
        if (gw.defined()) gw = contiguous_as(gw, fmt);
    }
    return {gx, gw, gb};
}

Tensor convolution(const Tensor& x, const Tensor& weight, const Tensor& bias, std::vector<int64_t> stride,
                   std::vector<int64_t> padding, std::vector<int64_t> dilation, int64_t groups);

// The convolution of geometry g applied to other operands (a double backward's terms): the same
// stride, padding, dilation and groups, by the differentiable op.
Tensor convolution_like(const Tensor& x, const Tensor& weight, const ConvGeom& g) {
    const bool d3 = g.spatial == 3;
    auto sp = [&](int64_t a, int64_t b, int64_t c) { return d3 ? std::vector<int64_t>{a, b, c} : std::vector<int64_t>{b, c}; };
    return convolution(x, weight, Tensor(), sp(g.sd, g.sh, g.sw), sp(g.pd, g.ph, g.pw), sp(g.dd, g.dh, g.dw), g.groups);
}

// The gradients (by input, weight, bias, as `mask` asks) of a convolution of geometry g whose output
// got the gradient gO, by the input's device's kernels. Under create_graph they are differentiable
// as ATen's _convolution_double_backward differentiates them (the gradient penalty of WGAN-GP and
// StarGAN: autograd.grad(D(x), x, create_graph=True) then backward): the backward is bilinear, so
//   d gO = conv(ggI, w) + conv(x, ggW) + ggb over the output's channels,
//   d x  = the input gradient of a convolution with weight ggW for the output gradient gO,
//   d w  = the weight gradient of a convolution of input ggI for the output gradient gO,
// each again differentiable (third and higher derivatives through this same function).
std::array<Tensor, 3> convolution_backward_differentiable(const Tensor& gO, const Tensor& x, const Tensor& w,
                                                         const ConvGeom& g, std::array<bool, 3> mask) {
    const bool on_gpu = x.device() == Device::CUDA;
    auto r = on_gpu ? conv2d_cuda_backward(gO, x, w, g, mask) : convolution_backward_cpu(gO, x, w, g, mask);
    if (!autograd::needs_grad({gO, x, w})) return r;
    std::vector<Tensor> outs;
    std::vector<int> which;
    for (int i = 0; i < 3; ++i)
        if (r[size_t(i)].defined()) {
            outs.push_back(r[size_t(i)]);
            which.push_back(i);
        }
    if (outs.empty()) return r;
    const bool need_gO = gO.requires_grad(), need_x = x.requires_grad(), need_w = w.requires_grad();
    SavedTensor s_gO(gO), s_x(x), s_w(w);
    autograd::record("ConvolutionBackwardBackward0", {gO, x, w}, outs, [=](const Grads& grads) {
        Tensor gg[3];
        for (size_t k = 0; k < which.size() && k < grads.size(); ++k) gg[which[k]] = grads[k];
        const Tensor go = s_gO.get(), xv = s_x.get(), wv = s_w.get();
        Tensor d_gO, d_x, d_w;
        if (need_gO) {
            if (gg[0].defined()) d_gO = convolution_like(gg[0], wv, g);
            if (gg[1].defined()) {
                Tensor t = convolution_like(xv, gg[1], g);
                d_gO = d_gO.defined() ? add(d_gO, t) : t;
            }
            if (gg[2].defined()) {
                Shape bs(size_t(go.dim()), 1);
                bs[1] = g.Cout;
                Tensor t = expand(reshape(gg[2], bs), go.sizes());
                d_gO = d_gO.defined() ? add(d_gO, t) : contiguous(t);
            }
        }
        if (need_x && gg[1].defined()) d_x = convolution_backward_differentiable(go, xv, gg[1], g, {true, false, false})[0];
        if (need_w && gg[0].defined()) d_w = convolution_backward_differentiable(go, gg[0], wv, g, {false, true, false})[1];
        return Grads{d_gO, d_x, d_w};
    });
    return r;
}

// ConvolutionBackward0 for out = conv(x, weight, bias) of geometry g.
void record_convolution(const Tensor& x, const Tensor& weight, const Tensor& bias, const Tensor& out, const ConvGeom& g) {
    if (!autograd::needs_grad({x, weight, bias})) return;
    const bool need_x = autograd::differentiable(x), need_w = autograd::differentiable(weight);
    const bool need_b = bias.defined() && autograd::differentiable(bias);
    SavedTensor s_x(x), s_w(weight);
    autograd::record("ConvolutionBackward0", {x, weight, bias}, {out}, [=](const Grads& grads) {
        auto [gx, gw, gb] =
            convolution_backward_differentiable(grads[0], s_x.get(), s_w.get(), g, {need_x, need_w, need_b});
        return Grads{gx, gw, gb};
    });
}

// ATen's transposed convolution (conv_transpose2d/3d; aten::_convolution with transposed=True) by
// the kernels of the convolution it transposes, as ATen runs it (slow_conv_transpose2d's GEMM + col2im,
// cuDNN's backward-data). The convolution of geometry g maps the transposed one's output (N, Cout,
// *out) to its input (N, Cin, *in), so the forward is that convolution's input gradient for the output
// gradient `input`: no zeros inserted between the input's elements, no products with them (composing
// zero insertion, padding and a flipped-kernel convolution did stride^d times the work: a DCGAN
// generator ran at a fifth of PyTorch's speed). Its ConvolutionBackward0 (PyTorch's node) gives the
// input's gradient as that convolution's forward of the output's gradient, the weight's as its weight
// gradient with the output's gradient as its input and `input` as its output gradient, the bias's as
// the sum over all but the channels; each by differentiable ops (double backward works).
// nullopt where these kernels do not apply (dtypes other than float32/float64 on the CPU and float32 on
// the GPU, 3-d on the GPU, an output_padding the convolution's output size cannot express, malformed
// arguments): the caller composes, and raises PyTorch's errors.
std::optional<Tensor> conv_transpose_kernels(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                             const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                                             const std::vector<int64_t>& output_padding,
                                             const std::vector<int64_t>& dilation, int64_t groups) {
    const int64_t nd = weight.dim() - 2;
    const size_t n = size_t(nd);
    if (nd < 2 || nd > 3 || input.dim() != nd + 2 || stride.size() != n || padding.size() != n ||
        output_padding.size() != n || dilation.size() != n || groups <= 0)
        return std::nullopt;
    const DType dt = input.dtype();
    const bool gpu = input.device() == Device::CUDA;
    if (weight.dtype() != dt || weight.device() != input.device() ||
        (bias.defined() && (bias.dtype() != dt || bias.device() != input.device() || bias.dim() != 1)))
        return std::nullopt;
    if (gpu ? (dt != DType::Float32 || nd != 2) : (input.device() != Device::CPU || (dt != DType::Float32 && dt != DType::Float64)))
        return std::nullopt;
    // On the GPU meta mode (the compiled graphs' re-trace, conv_layout's re-typing) takes the kernels'
    // path, which skips the work and gives the result's real layout; on the CPU the composition's.
    if (input.is_meta() || weight.is_meta() || (meta_mode() && !gpu)) return std::nullopt;
    // Channels-last operands (either one, as conv_channels_last decides for a convolution) give a
    // channels-last result, as ATen's mkldnn/cuDNN transposed convolutions do; the CPU kernels read
    // plain copies, cuDNN reads them as they are (NHWC descriptors).
    const MemoryFormat cl = nd == 3 ? MemoryFormat::ChannelsLast3d : MemoryFormat::ChannelsLast;
    const bool channels_last = suggest_memory_format(input) == cl || suggest_memory_format(weight) == cl;
    const int64_t cin = weight.size(0), coutg = weight.size(1);
    if (cin % groups != 0 || input.size(1) != cin || (bias.defined() && bias.size(0) != coutg * groups)) return std::nullopt;
    Shape ys{input.size(0), coutg * groups};
    for (size_t d = 0; d < n; ++d) {
        const int64_t s = stride[d], p = padding[d], op = output_padding[d], dl = dilation[d], k = weight.size(int64_t(2 + d));
        if (s <= 0 || p < 0 || op < 0 || dl <= 0) return std::nullopt;
        const int64_t out = (input.size(int64_t(2 + d)) - 1) * s - 2 * p + dl * (k - 1) + op + 1;
        if (out <= 0) return std::nullopt;
        ys.push_back(out);
    }
    ConvGeom g = conv_geom(ys, weight.sizes(), stride, padding, dilation, groups);
    if ((nd == 3 && g.OD != input.size(2)) || g.OH != input.size(nd == 3 ? 3 : 2) || g.OW != input.size(nd == 3 ? 4 : 3))
        return std::nullopt;
    // cuDNN's backward-data on NHWC tensors where it runs (a channels-last DCGAN generator's layers:
    // no transforms around each kernel, and faster kernels); Kiln's row-major kernels otherwise.
    g.channels_last = gpu && channels_last && use_cudnn(g, ConvPass::Backward);
    Tensor y;
    {
        autograd::NoGradGuard no_grad;
        // the convolution's input: only its sizes are read when the mask asks for the input gradient
        // alone (laid out as the result will be, so that no kernel converts it)
        const Tensor shape_only = g.channels_last ? empty_in_order(ys, dt, input.device(), format_order(cl, int64_t(ys.size())))
                                                  : Tensor::empty(ys, dt, input.device());
        const Tensor x = input.detach(), w = weight.detach();
        y = gpu ? conv2d_cuda_backward(x, shape_only, w, g, {true, false, false})[0]
                : convolution_backward_cpu(x, shape_only, w, g, {true, false, false})[0];
        if (bias.defined()) {
            Shape bs(ys.size(), 1);
            bs[1] = ys[1];
            y = add(y, reshape(bias.detach(), bs));
        }
        if (channels_last) y = contiguous_as(y, cl);
    }
    if (autograd::needs_grad({input, weight, bias})) {
        const bool need_x = autograd::differentiable(input), need_w = autograd::differentiable(weight);
        const bool need_b = bias.defined() && autograd::differentiable(bias);
        std::vector<int64_t> reduce{0};
        for (int64_t d = 0; d < nd; ++d) reduce.push_back(2 + d);
        SavedTensor s_x(input), s_w(weight);
        autograd::record("ConvolutionBackward0", {input, weight, bias}, {y}, [=](const Grads& grads) {
            const Tensor& gy = grads[0];
            if (!gy.defined()) return Grads{Tensor(), Tensor(), Tensor()};
            const Tensor xv = s_x.get(), wv = s_w.get();
            Tensor gx, gw, gb;
            if (need_x) gx = convolution_like(gy, wv, g);
            if (need_w) gw = convolution_backward_differentiable(xv, gy, wv, g, {false, true, false})[1];
            if (need_b) gb = sum(gy, reduce);
            return Grads{gx, gw, gb};
        });
    }
    return y;
}

// convolution() and convolution_pointwise(): the checks and the kernels; `other` (defined: y's shape)
// is added to the result and `relu` applies max(y, 0) after it (the pointwise forms record no
// autograd node: their callers check that none is needed).
Tensor convolution_impl(const Tensor& x, const Tensor& weight, const Tensor& bias, std::vector<int64_t> stride,
                        std::vector<int64_t> padding, std::vector<int64_t> dilation, int64_t groups, bool relu,
                        const Tensor& other = Tensor()) {
    // On the meta device the result's layout is all there is: the kernels skip as in meta mode
    // (tensor/meta.h), so a convolution over tensors of terabytes costs nothing.
    MetaScope meta_device(meta_mode() || x.is_meta() || weight.is_meta());
    const int64_t dims = weight.dim() - 2;
    KILN_CHECK(dims > 0, RuntimeError, "weight should have at least three dimensions");
    stride = expand_param(stride, "stride", dims);
    padding = expand_param(padding, "padding", dims);
    dilation = expand_param(dilation, "dilation", dims);
    for (int64_t p : padding) KILN_CHECK(p >= 0, RuntimeError, "negative padding is not supported");
    for (int64_t s : stride) KILN_CHECK(s > 0, RuntimeError, "non-positive stride is not supported");
    for (int64_t d : dilation)
        KILN_CHECK(d > 0, RuntimeError, "dilation should be greater than zero, but got ", shape_str(dilation));
    KILN_CHECK(groups > 0, RuntimeError, "non-positive groups is not supported");
    const Shape& ws = weight.sizes();
    KILN_CHECK(weight.dim() == x.dim(), RuntimeError, "Expected ", weight.dim(), "-dimensional input for ",
               weight.dim(), "-dimensional weight ", shape_str(ws), ", but got ", x.dim(),
               "-dimensional input of size ", shape_str(x.sizes()), " instead");
    KILN_CHECK(ws[0] >= groups, RuntimeError, "Given groups=", groups, ", expected weight to be at least ", groups,
               " at dimension 0, but got weight of size ", shape_str(ws), " instead");
    KILN_CHECK(ws[0] % groups == 0, RuntimeError, "Given groups=", groups, ", expected weight to be divisible by ",
               groups, " at dimension 0, but got weight of size [", shape_str(ws), "] instead");
    KILN_CHECK(x.size(1) == ws[1] * groups, RuntimeError, "Given groups=", groups, ", weight of size ", shape_str(ws),
               ", expected input", shape_str(x.sizes()), " to have ", ws[1] * groups, " channels, but got ",
               x.size(1), " channels instead");
    KILN_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == ws[0]), RuntimeError, "Given weight of size ",
               shape_str(ws), ", expected bias to be 1-dimensional with ", ws[0], " elements, but got bias of size ",
               shape_str(bias.sizes()), " instead");
    {
        // ATen's check_shape_forward: the padded input against the dilated kernel, per spatial dim.
        std::string in_s, k_s;
        bool fits = true;
        for (int64_t d = 0; d < dims; ++d) {
            const int64_t in_d = x.size(2 + d) + 2 * padding[size_t(d)];
            const int64_t k_d = dilation[size_t(d)] * (ws[size_t(2 + d)] - 1) + 1;
            fits = fits && in_d >= k_d;
            in_s += (d ? " x " : "") + std::to_string(in_d);
            k_s += (d ? " x " : "") + std::to_string(k_d);
        }
        KILN_CHECK(fits, RuntimeError, "Calculated padded input size per channel: (", in_s, "). Kernel size: (", k_s,
                   "). Kernel size can't be greater than actual input size");
    }
    KILN_CHECK(!bias.defined() || bias.dtype() == x.dtype(), RuntimeError, "Input type (", dtype_cpp_name(x.dtype()),
               ") and bias type (", dtype_cpp_name(bias.dtype()), ") should be the same");
    KILN_CHECK(weight.dtype() == x.dtype(), RuntimeError, "expected scalar type ", dtype_scalar_type_name(x.dtype()),
               " but found ", dtype_scalar_type_name(weight.dtype()));
    KILN_CHECK(x.dtype() != DType::Bool, NotImplementedError, "\"slow_conv2d_cpu\" not implemented for 'Bool'");

    KILN_CHECK(dims == 2 || dims == 3, NotImplementedError, "Kiln computes ", dims,
               "-d convolutions as 2-d ones (conv1d) or not at all; conv2d and conv3d run natively");
    ConvGeom g = conv_geom(x.sizes(), ws, stride, padding, dilation, groups);
    g.channels_last = !t_row_major_convolution && conv_channels_last(x, weight, g);
    if (cuda::common_device({x, weight, bias}) == Device::CUDA) {
        KILN_CHECK(dims == 2 || cuda::cudnn::available(), NotImplementedError,
                   "conv3d on CUDA runs through cuDNN in Kiln, which is not available here (it runs on the CPU)");
        Tensor out = conv2d_cuda(x, weight, bias, g);
        if (other.defined()) add_(out, other);
        if (relu) relu_(out);
        if (relu || other.defined()) return out;
        record_convolution(x, weight, bias, out, g);
        return out;
    }

    const DType dt = x.dtype();
    const DType cdt = compute_dtype(dt);
    Tensor xc = plain(x, cdt), wc = plain(weight, cdt), bc = bias.defined() ? plain(bias, cdt) : Tensor();
    Tensor y = Tensor::empty(g.out_shape(), cdt, x.device());  // the CPU or the meta device
    const bool fused = relu || other.defined();
    Tensor oc;
    if (other.defined()) {
        KILN_CHECK(other.sizes() == y.sizes(), RuntimeError, "Fusion behavior undefined.");
        oc = plain(other, cdt);
    }
    if (y.numel() > 0) {
        dispatch_dtype(cdt, [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
                conv_forward_kernel<T>(xc.data_ptr<T>(), wc.data_ptr<T>(), bc.defined() ? bc.data_ptr<T>() : nullptr,
                                       y.data_ptr<T>(), g, relu, oc.defined() ? oc.data_ptr<T>() : nullptr);
            } else if constexpr (std::is_same_v<T, int64_t>) {
                conv_forward_int64(xc.data_ptr<T>(), wc.data_ptr<T>(), bc.defined() ? bc.data_ptr<T>() : nullptr,
                                   y.data_ptr<T>(), g);
                if (oc.defined()) add_(y, oc);
                if (relu) relu_(y);
            }
        });
    }
    Tensor out = cast(y, dt);
    if (fused) return out;
    // oneDNN's and the slow kernels' channels-last results, here written row-major then laid out so
    const MemoryFormat fmt = format_of(g);
    if (fmt != MemoryFormat::Contiguous) out = contiguous_as(out, fmt);
    record_convolution(x, weight, bias, out, g);
    return out;
}

Tensor convolution(const Tensor& x, const Tensor& weight, const Tensor& bias, std::vector<int64_t> stride,
                   std::vector<int64_t> padding, std::vector<int64_t> dilation, int64_t groups) {
    // a layer whose weight a program set to None (m.weight = None): PyTorch's argument parser refuses it
    KILN_CHECK(weight.defined(), TypeError, "conv", stride.size(), "d(): argument 'weight' (position 2) must be Tensor, not NoneType");
    KILN_AUTOCAST(x, convolution(amp::lower(x), amp::lower(weight), amp::lower(bias), stride, padding, dilation, groups));
    return convolution_impl(x, weight, bias, std::move(stride), std::move(padding), std::move(dilation), groups, false);
}


// ---- pooling -----------------------------------------------------------------------------------

// A pool's window over (depth, height, width); 2-d pools have D = OD = kd = sd = dd = 1, pd = 0.
struct PoolGeom {
    int64_t planes, D = 1, H, W, OD = 1, OH, OW;
    int64_t kd = 1, kh, kw, sd = 1, sh, sw, pd = 0, ph, pw, dd = 1, dh, dw;
    int spatial = 2;
    int64_t in_plane() const { return D * H * W; }
    int64_t out_plane() const { return OD * OH * OW; }
    int64_t window() const { return kd * kh * kw; }
};

// Floor division rounding toward negative infinity (ATen's div_rtn).
int64_t div_rtn(int64_t x, int64_t y) {
    int64_t q = x / y, r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) --q;
    return q;
}

// ATen's pooling_output_shape, with its checks.
int64_t pooling_output_shape(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceil_mode) {
    KILN_CHECK(stride != 0, RuntimeError, "stride should not be zero");
    KILN_CHECK(pad >= 0, RuntimeError, "pad must be non-negative, but got pad: ", pad);
    KILN_CHECK(pad <= ((k - 1) * dilation + 1) / 2, RuntimeError,
               "pad should be at most half of effective kernel size, but got pad=", pad, ", kernel_size=", k,
               " and dilation=", dilation);
    int64_t out = div_rtn(in + 2 * pad - dilation * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
    // The last window must start inside the image (or its left padding).
    if (ceil_mode && (out - 1) * stride >= in + pad) --out;
    return out;
}

// ATen's pool2d_shape_check.
void pool2d_shape_check(const Tensor& x, const PoolGeom& g) {
    KILN_CHECK(g.kw > 0 && g.kh > 0, RuntimeError, "kernel size should be greater than zero, but got kH: ", g.kh,
               " kW: ", g.kw);
    KILN_CHECK(g.sw > 0 && g.sh > 0, RuntimeError, "stride should be greater than zero, but got dH: ", g.sh,
               " dW: ", g.sw);
    KILN_CHECK(g.dh > 0 && g.dw > 0, RuntimeError, "dilation should be greater than zero, but got dilationH: ", g.dh,
               " dilationW: ", g.dw);
    const int64_t nd = x.dim();
    const bool valid_dims = nd >= 3 && x.size(1) != 0 && x.size(2) != 0;
    KILN_CHECK((nd == 3 && x.size(0) != 0 && valid_dims) || (nd == 4 && valid_dims && x.size(3) != 0), RuntimeError,
               "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:",
               shape_str(x.sizes()));
    const int64_t ekw = (g.kw - 1) * g.dw + 1, ekh = (g.kh - 1) * g.dh + 1;
    KILN_CHECK(ekw / 2 >= g.pw && ekh / 2 >= g.ph, RuntimeError,
               "pad should be smaller than or equal to half of effective kernel size, but got padW = ", g.pw,
               ", padH = ", g.ph, ", effectiveKW = ", ekw, ", effectiveKH = ", ekh);
    KILN_CHECK(g.OW >= 1 && g.OH >= 1, RuntimeError, "Given input size: (", x.size(-3), "x", g.H, "x", g.W,
               "). Calculated output size: (", x.size(-3), "x", g.OH, "x", g.OW, "). Output size is too small");
}

// kernel_size / stride / padding / dilation lists of a 2-d pool: one value or two.
void pool_params(const char* op, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& stride,
                 const std::vector<int64_t>& padding, const std::vector<int64_t>* dilation, PoolGeom& g) {
    KILN_CHECK(kernel_size.size() == 1 || kernel_size.size() == 2, RuntimeError, op,
               ": kernel_size must either be a single int, or a tuple of two ints");
    g.kh = kernel_size[0];
    g.kw = kernel_size.size() == 1 ? g.kh : kernel_size[1];
    KILN_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 2, RuntimeError, op,
               ": stride must either be omitted, a single int, or a tuple of two ints");
    g.sh = stride.empty() ? g.kh : stride[0];
    g.sw = stride.empty() ? g.kw : stride.size() == 1 ? g.sh : stride[1];
    KILN_CHECK(padding.size() == 1 || padding.size() == 2, RuntimeError, op,
               ": padding must either be a single int, or a tuple of two ints");
    g.ph = padding[0];
    g.pw = padding.size() == 1 ? g.ph : padding[1];
    g.dh = g.dw = 1;
    if (dilation) {
        KILN_CHECK(dilation->size() == 1 || dilation->size() == 2, RuntimeError, op,
                   ": dilation must be either a single int, or a tuple of two ints");
        g.dh = (*dilation)[0];
        g.dw = dilation->size() == 1 ? g.dh : (*dilation)[1];
    }
}

// A pool's plane geometry once pool_params has read its window: x's last two dims, the output's,
// ATen's shape check, the number of planes (max_pool2d, avg_pool2d and avg_pool2d's backward).
void pool_planes(PoolGeom& g, const Tensor& x, bool ceil_mode) {
    g.H = x.size(-2);
    g.W = x.size(-1);
    g.OH = pooling_output_shape(g.H, g.kh, g.ph, g.sh, g.dh, ceil_mode);
    g.OW = pooling_output_shape(g.W, g.kw, g.pw, g.sw, g.dw, ceil_mode);
    pool2d_shape_check(x, g);
    g.planes = x.numel() / (g.H * g.W);
}

// kernel_size / stride / padding / dilation lists of a 3-d pool: one value or three (ATen's
// max_pool3d and avg_pool3d word their messages differently).
void pool3d_params(bool is_max, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& stride,
                   const std::vector<int64_t>& padding, const std::vector<int64_t>* dilation, PoolGeom& g) {
    const char* op = is_max ? "max_pool3d" : "avg_pool3d";
    KILN_CHECK(kernel_size.size() == 1 || kernel_size.size() == 3, RuntimeError, op, is_max ?
               ": kernel_size must either be a single int, or a tuple of three ints" :
               ": kernel_size must be a single int, or a tuple of three ints");
    auto three = [](const std::vector<int64_t>& v, int64_t (&o)[3]) {
        for (size_t i = 0; i < 3; ++i) o[i] = v.size() == 1 ? v[0] : v[i];
    };
    int64_t k[3], st[3], pd[3], dl[3] = {1, 1, 1};
    three(kernel_size, k);
    KILN_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 3, RuntimeError, op, is_max ?
               ": stride must either be omitted, a single int, or a tuple of three ints" :
               ": stride must be omitted, a single int, or a tuple of three ints");
    if (stride.empty()) std::copy(k, k + 3, st);
    else three(stride, st);
    KILN_CHECK(padding.size() == 1 || padding.size() == 3, RuntimeError, op, is_max ?
               ": padding must be either be a single int, or a tuple of three ints" :
               ": padding must be a single int, or a tuple of three ints");
    three(padding, pd);
    if (dilation) {
        KILN_CHECK(dilation->size() == 1 || dilation->size() == 3, RuntimeError,
                   "max_pool3d: dilation must be either a single int, or a tuple of three ints");
        three(*dilation, dl);
    }
    g.spatial = 3;
    g.kd = k[0], g.kh = k[1], g.kw = k[2];
    g.sd = st[0], g.sh = st[1], g.sw = st[2];
    g.pd = pd[0], g.ph = pd[1], g.pw = pd[2];
    g.dd = dl[0], g.dh = dl[1], g.dw = dl[2];
}

// ATen's pool3d_shape_check (Pool.h), once pool3d_params has read the window: x's last three dims,
// the output's, the number of planes. `fn` names the op in the messages; avg pooling also checks
// that the input is at least one window.
void pool3d_planes(PoolGeom& g, const Tensor& x, bool ceil_mode, const char* fn, bool check_input_size) {
    KILN_CHECK(x.dim() == 4 || x.dim() == 5, RuntimeError, "non-empty 4D or 5D (batch mode) tensor expected for input");
    g.D = x.size(-3);
    g.H = x.size(-2);
    g.W = x.size(-1);
    g.OD = pooling_output_shape(g.D, g.kd, g.pd, g.sd, g.dd, ceil_mode);
    g.OH = pooling_output_shape(g.H, g.kh, g.ph, g.sh, g.dh, ceil_mode);
    g.OW = pooling_output_shape(g.W, g.kw, g.pw, g.sw, g.dw, ceil_mode);
    KILN_CHECK(g.kd > 0 && g.kw > 0 && g.kh > 0, RuntimeError, "kernel size should be greater than zero, but got kT: ",
               g.kd, " kH: ", g.kh, " kW: ", g.kw);
    KILN_CHECK(g.sd > 0 && g.sw > 0 && g.sh > 0, RuntimeError, "stride should be greater than zero, but got dT: ", g.sd,
               " dH: ", g.sh, " dW: ", g.sw);
    KILN_CHECK(g.dd > 0 && g.dw > 0 && g.dh > 0, RuntimeError,
               "dilation should be greater than zero, but got dilationT: ", g.dd, " dilationH: ", g.dh,
               " dilationW: ", g.dw);
    for (int64_t i = x.dim() == 5 ? 1 : 0; i < x.dim(); ++i)
        KILN_CHECK(x.size(i) > 0, RuntimeError, fn,
                   ": Expected input's non-batch dimensions to have positive length, but input has a shape of ",
                   shape_str(x.sizes()), " and non-batch dimension ", x.size(i), " has length zero!");
    if (check_input_size)
        KILN_CHECK(g.D >= g.kd && g.H >= g.kh && g.W >= g.kw, RuntimeError, "input image (T: ", g.D, " H: ", g.H,
                   " W: ", g.W, ") smaller than kernel size (kT: ", g.kd, " kH: ", g.kh, " kW: ", g.kw, ")");
    KILN_CHECK(g.kd / 2 >= g.pd && g.kw / 2 >= g.pw && g.kh / 2 >= g.ph, RuntimeError,
               "pad should be smaller than or equal to half of kernel size, but got kT: ", g.kd, " kW: ", g.kw,
               " kH: ", g.kh, " padT: ", g.pd, " padW: ", g.pw, " padH: ", g.ph);
    const int64_t nslices = x.size(-4);
    KILN_CHECK(g.OD >= 1 && g.OW >= 1 && g.OH >= 1, RuntimeError, "Given input size: (", nslices, "x", g.D, "x", g.H,
               "x", g.W, "). Calculated output size: (", nslices, "x", g.OD, "x", g.OH, "x", g.OW,
               "). Output size is too small");
    g.planes = x.numel() / g.in_plane();
}

Shape pool_out_shape(const Tensor& x, const PoolGeom& g) {
    Shape s = x.sizes();
    if (g.spatial == 3) s[s.size() - 3] = g.OD;
    s[s.size() - 2] = g.OH;
    s[s.size() - 1] = g.OW;
    return s;
}

// out[plane, od, oh, ow] = max over the (dilated) window; idx = (id * H + ih) * W + iw of the max
// (first one wins ties; a NaN wins over everything, as in ATen).
// One output row at a time, taps outermost: for each tap (id, ih, j) of the window, in ATen's window
// order, every output column whose window holds that tap compares it with its running maximum. Each
// column sees its taps in the same order as a per-window loop would, so ties and NaNs resolve the same
// way; the loop over columns has no branches (selects), so it vectorizes. (A per-window loop with a
// branch per tap mispredicted on every other element of real activations: 36% of the MNIST CNN's
// forward at batch 64.)
// Without `kIndices` (idx == nullptr) only the values: max_pool2d/3d when nothing will differentiate
// it (inference) skips the int64 index of every output.
template <typename T, bool kIndices = true>
void max_pool_kernel(const T* x, T* out, int64_t* idx, const PoolGeom& g) {
    T lowest;
    if constexpr (std::numeric_limits<T>::has_infinity) lowest = -std::numeric_limits<T>::infinity();
    else lowest = std::numeric_limits<T>::lowest();
    // The output columns each column tap j reaches depend on j alone: found once here, not per row (a
    // 64-bit division per row and tap was a quarter of the MNIST CNN's pool, 64x64x24x24 at 1 thread).
    std::vector<std::pair<int64_t, int64_t>> cols(size_t(g.kw));
    for (int64_t j = 0; j < g.kw; ++j) valid_range(j * g.dw - g.pw, g.sw, g.W, 0, g.OW, cols[size_t(j)].first, cols[size_t(j)].second);
    parallel_for(0, g.planes, grain_for(g.out_plane() * g.window()), [&](int64_t c0, int64_t c1) {
        for (int64_t c = c0; c < c1; ++c) {
            const T* __restrict in = x + c * g.in_plane();
            for (int64_t od = 0; od < g.OD; ++od) {
                int64_t id0 = od * g.sd - g.pd;
                const int64_t id1 = std::min(id0 + (g.kd - 1) * g.dd + 1, g.D);
                while (id0 < 0) id0 += g.dd;
                for (int64_t oh = 0; oh < g.OH; ++oh) {
                    int64_t ih0 = oh * g.sh - g.ph;
                    const int64_t ih1 = std::min(ih0 + (g.kh - 1) * g.dh + 1, g.H);
                    while (ih0 < 0) ih0 += g.dh;
                    const int64_t o = ((c * g.OD + od) * g.OH + oh) * g.OW;
                    T* __restrict best = out + o;
                    int64_t* __restrict bi = kIndices ? idx + o : nullptr;
                    // the first tap inside the image of each window: its index until a larger value is seen
                    for (int64_t ow = 0; ow < g.OW; ++ow) {
                        int64_t iw0 = ow * g.sw - g.pw;
                        while (iw0 < 0) iw0 += g.dw;
                        best[ow] = lowest;
                        if constexpr (kIndices) bi[ow] = (id0 * g.H + ih0) * g.W + iw0;
                    }
                    for (int64_t id = id0; id < id1; id += g.dd)
                        for (int64_t ih = ih0; ih < ih1; ih += g.dh) {
                            const int64_t row0 = (id * g.H + ih) * g.W;
                            const T* __restrict row = in + row0;
                            for (int64_t j = 0; j < g.kw; ++j) {
                                // columns whose tap j lies inside the row: 0 <= ow * sw + off < W
                                const int64_t off = j * g.dw - g.pw;
                                const int64_t lo = cols[size_t(j)].first, hi = cols[size_t(j)].second;
                                const int64_t base = row0 + off;
                                if (g.sw == 1) {
                                    for (int64_t ow = lo; ow < hi; ++ow) {
                                        const T v = row[ow + off];
                                        bool take = v > best[ow];
                                        if constexpr (std::is_floating_point_v<T>) take = take || v != v;
                                        best[ow] = take ? v : best[ow];
                                        if constexpr (kIndices) bi[ow] = take ? base + ow : bi[ow];
                                    }
                                } else {
                                    const int64_t sw = g.sw;
                                    for (int64_t ow = lo; ow < hi; ++ow) {
                                        const T v = row[ow * sw + off];
                                        bool take = v > best[ow];
                                        if constexpr (std::is_floating_point_v<T>) take = take || v != v;
                                        best[ow] = take ? v : best[ow];
                                        if constexpr (kIndices) bi[ow] = take ? base + ow * sw : bi[ow];
                                    }
                                }
                            }
                        }
                }
            }
        }
    });
}

// Runs kern<T>(args...) for the compute type of a float or int64 tensor.
template <typename F>
void dispatch_pool(DType cdt, const char* name, F&& f) {
    KILN_CHECK(cdt != DType::Bool, NotImplementedError, "\"", name, "\" not implemented for 'Bool'");
    dispatch_dtype(cdt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int64_t>) f(tag);
    });
}

// grad_input of max pooling: the gradient lands on each window's argmax (recorded for double backward).
// `spatial` (2 or 3) trailing dims of in_shape make one plane; indices are flat within a plane.
// The GPU's max pool backward: each output's gradient added at its index (windows.cu); its own
// derivative gathers back through the same indices.
Tensor max_pool_backward_cuda(const Tensor& grad, const Tensor& indices, const Shape& in_shape, int spatial) {
    int64_t HW = 1;
    for (size_t i = in_shape.size() - size_t(spatial); i < in_shape.size(); ++i) HW *= in_shape[i];
    const int64_t planes = shape_numel(in_shape) / std::max<int64_t>(HW, 1);
    const int64_t per = planes > 0 ? grad.numel() / planes : 0;
    KILN_CHECK(indices.device() == Device::CUDA, RuntimeError,
               "max_pool2d_with_indices_backward: expected the indices on the gradient's device (cuda)");
    KILN_CHECK(dtype_is_floating(grad.dtype()), NotImplementedError,
               "\"max_pool2d_with_indices_backward_out_cuda\" not implemented for '", dtype_scalar_type_name(grad.dtype()), "'");
    Tensor gy = contiguous(grad.detach()), idx = contiguous(indices.detach());
    Tensor gx;
    if (meta_mode()) {
        gx = Tensor::empty(in_shape, grad.dtype(), Device::CUDA);
        mark_meta(gx.impl()->storage.get());
    } else {
        gx = zeros(in_shape, {grad.dtype(), Device::CUDA});
        cuda::max_pool2d_backward(gy.raw_data(), static_cast<const int64_t*>(idx.raw_data()), gx.raw_data(),
                                  uint8_t(grad.dtype()), planes, HW, per);
    }
    if (autograd::needs_grad({grad})) {
        const Shape out_shape = grad.sizes();
        autograd::record(spatial == 3 ? "MaxPool3DWithIndicesBackwardBackward0" : "MaxPool2DWithIndicesBackwardBackward0",
                         {grad}, {gx}, [idx, out_shape, planes, per, HW](const Grads& g) {
                             return Grads{reshape(gather(reshape(g[0], {planes, HW}), 1, reshape(idx, {planes, per})),
                                                  out_shape)};
                         });
    }
    return gx;
}

Tensor max_pool_backward(const Tensor& grad, const Tensor& indices, const Shape& in_shape, int spatial) {
    if (grad.device() == Device::CUDA) return max_pool_backward_cuda(grad, indices, in_shape, spatial);
    const DType dt = grad.dtype(), cdt = compute_dtype(dt);
    Tensor gy = plain(grad, cdt);
    Tensor gx = zeros(in_shape, {cdt, grad.device()});  // the CPU or the meta device
    int64_t HW = 1;
    for (size_t i = in_shape.size() - size_t(spatial); i < in_shape.size(); ++i) HW *= in_shape[i];
    const int64_t planes = shape_numel(in_shape) / std::max<int64_t>(HW, 1);
    const int64_t per = planes > 0 ? gy.numel() / planes : 0;
    const Tensor ic = contiguous(indices);  // a channels-last pool's indices are channels-last
    dispatch_pool(cdt, spatial == 3 ? "max_pool3d_with_indices_backward" : "max_pool2d_with_indices_backward", [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* g = gy.data_ptr<T>();
        const int64_t* id = ic.data_ptr<int64_t>();
        T* o = gx.data_ptr<T>();
        parallel_for(0, planes, grain_for(per), [&](int64_t c0, int64_t c1) {
            for (int64_t c = c0; c < c1; ++c)
                for (int64_t q = 0; q < per; ++q) o[c * HW + id[c * per + q]] += g[c * per + q];
        });
    });
    Tensor out = cast(gx, dt);
    if (autograd::needs_grad({grad})) {
        Tensor idx = indices;
        Shape out_shape = grad.sizes();
        const int64_t hw = HW;
        autograd::record(spatial == 3 ? "MaxPool3DWithIndicesBackwardBackward0" : "MaxPool2DWithIndicesBackwardBackward0",
                         {grad}, {out}, [idx, out_shape, per, hw](const Grads& g) {
            // d(grad_input)/d(grad) gathers: gg_out[c, q] = gg_in[c, argmax[c, q]].
            const DType gdt = g[0].dtype(), cdt2 = compute_dtype(gdt);
            Tensor ggc = plain(g[0], cdt2);
            Tensor r = Tensor::empty(out_shape, cdt2, g[0].device());
            const int64_t n = r.numel();
            dispatch_dtype(cdt2, [&](auto tag) {
                using T = typename decltype(tag)::type;
                if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
                    const T* src = ggc.data_ptr<T>();
                    T* dst = r.data_ptr<T>();
                    const int64_t* id = idx.data_ptr<int64_t>();
                    for (int64_t q = 0; q < n; ++q) dst[q] = src[(q / per) * hw + id[q]];
                }
            });
            return Grads{cast(r, gdt)};
        });
    }
    return out;
}

// ATen's avg_pool2d/3d window for one output pixel: the clipped bounds and the divisor.
struct AvgWindow {
    int64_t d0, d1, h0, h1, w0, w1, divisor;
    bool empty() const { return d0 >= d1 || h0 >= h1 || w0 >= w1; }
};
inline AvgWindow avg_window(const PoolGeom& g, int64_t od, int64_t oh, int64_t ow, bool count_include_pad,
                            std::optional<int64_t> divisor_override) {
    int64_t d0 = od * g.sd - g.pd, h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
    int64_t d1 = std::min(d0 + g.kd, g.D + g.pd), h1 = std::min(h0 + g.kh, g.H + g.ph),
            w1 = std::min(w0 + g.kw, g.W + g.pw);
    const int64_t pool_size = (d1 - d0) * (h1 - h0) * (w1 - w0);
    d0 = std::max<int64_t>(d0, 0);
    h0 = std::max<int64_t>(h0, 0);
    w0 = std::max<int64_t>(w0, 0);
    d1 = std::min(d1, g.D);
    h1 = std::min(h1, g.H);
    w1 = std::min(w1, g.W);
    const int64_t divisor = divisor_override ? *divisor_override
                            : count_include_pad ? pool_size
                                                : (d1 - d0) * (h1 - h0) * (w1 - w0);
    return {d0, d1, h0, h1, w0, w1, divisor};
}

template <typename T>
void avg_pool_kernel(const T* x, T* out, const PoolGeom& g, bool count_include_pad,
                     std::optional<int64_t> divisor_override) {
    using Acc = std::conditional_t<std::is_same_v<T, int64_t>, int64_t, double>;
    parallel_for(0, g.planes, grain_for(g.out_plane() * g.window()), [&](int64_t c0, int64_t c1) {
        for (int64_t c = c0; c < c1; ++c) {
            const T* in = x + c * g.in_plane();
            for (int64_t od = 0; od < g.OD; ++od)
                for (int64_t oh = 0; oh < g.OH; ++oh)
                    for (int64_t ow = 0; ow < g.OW; ++ow) {
                        const AvgWindow wnd = avg_window(g, od, oh, ow, count_include_pad, divisor_override);
                        T& o = out[((c * g.OD + od) * g.OH + oh) * g.OW + ow];
                        if (wnd.empty()) {
                            o = T(0);
                            continue;
                        }
                        Acc s = 0;
                        for (int64_t id = wnd.d0; id < wnd.d1; ++id)
                            for (int64_t ih = wnd.h0; ih < wnd.h1; ++ih)
                                for (int64_t iw = wnd.w0; iw < wnd.w1; ++iw) s += Acc(in[(id * g.H + ih) * g.W + iw]);
                        o = T(s / Acc(wnd.divisor));
                    }
        }
    });
}

Tensor avg_pool_forward(const Tensor& x, const PoolGeom& g, bool count_include_pad, std::optional<int64_t> divisor_override);

Tensor avg_pool_backward(const Tensor& grad, const Shape& in_shape, const PoolGeom& g, bool count_include_pad,
                         std::optional<int64_t> divisor_override) {
    const DType dt = grad.dtype(), cdt = compute_dtype(dt);
    Tensor gy = plain(grad, cdt);
    Tensor gx = zeros(in_shape, {cdt, grad.device()});  // the CPU or the meta device
    dispatch_pool(cdt, g.spatial == 3 ? "avg_pool3d_backward" : "avg_pool2d_backward", [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_floating_point_v<T>) {
            const T* gp = gy.data_ptr<T>();
            T* o = gx.data_ptr<T>();
            parallel_for(0, g.planes, grain_for(g.out_plane() * g.window()), [&](int64_t c0, int64_t c1) {
                for (int64_t c = c0; c < c1; ++c)
                    for (int64_t od = 0; od < g.OD; ++od)
                        for (int64_t oh = 0; oh < g.OH; ++oh)
                            for (int64_t ow = 0; ow < g.OW; ++ow) {
                                const AvgWindow wnd = avg_window(g, od, oh, ow, count_include_pad, divisor_override);
                                if (wnd.empty()) continue;
                                const T v = gp[((c * g.OD + od) * g.OH + oh) * g.OW + ow] / T(wnd.divisor);
                                for (int64_t id = wnd.d0; id < wnd.d1; ++id)
                                    for (int64_t ih = wnd.h0; ih < wnd.h1; ++ih)
                                        for (int64_t iw = wnd.w0; iw < wnd.w1; ++iw)
                                            o[((c * g.D + id) * g.H + ih) * g.W + iw] += v;
                            }
            });
        }
    });
    Tensor out = cast(gx, dt);
    if (autograd::needs_grad({grad})) {
        // grad_input is linear in grad; its own derivative is the forward pooling.
        autograd::record(g.spatial == 3 ? "AvgPool3DBackwardBackward0" : "AvgPool2DBackwardBackward0", {grad}, {out},
                         [g, count_include_pad, divisor_override](const Grads& gg) {
                             return Grads{avg_pool_forward(gg[0], g, count_include_pad, divisor_override)};
                         });
    }
    return out;
}

// avg_pool2d/3d of x with the window read into g (its planes from x), recorded for autograd.
Tensor avg_pool_forward(const Tensor& x, const PoolGeom& g, bool count_include_pad, std::optional<int64_t> divisor_override) {
    const DType dt = x.dtype(), cdt = compute_dtype(dt);
    Tensor xc = plain(x, cdt);
    const Shape out_shape = pool_out_shape(x, g);
    Tensor y = Tensor::empty(out_shape, cdt, x.device());  // the CPU or the meta device
    dispatch_pool(cdt, g.spatial == 3 ? "avg_pool3d" : "avg_pool2d", [&](auto tag) {
        using T = typename decltype(tag)::type;
        avg_pool_kernel<T>(xc.data_ptr<T>(), y.data_ptr<T>(), g, count_include_pad, divisor_override);
    });
    Tensor out = cast(y, dt);
    if (autograd::needs_grad({x})) {
        Shape in_shape = x.sizes();
        autograd::record(g.spatial == 3 ? "AvgPool3DBackward0" : "AvgPool2DBackward0", {x}, {out},
                         [in_shape, g, count_include_pad, divisor_override](const Grads& gr) {
                             return Grads{avg_pool_backward(gr[0], in_shape, g, count_include_pad, divisor_override)};
                         });
    }
    return out;
}

// Adaptive average pooling windows: [floor(o*I/O), ceil((o+1)*I/O)).
inline int64_t start_index(int64_t o, int64_t O, int64_t I) { return (o * I) / O; }
inline int64_t end_index(int64_t o, int64_t O, int64_t I) { return ((o + 1) * I + O - 1) / O; }


}  // namespace

std::optional<Tensor> conv_transpose_direct(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                            const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                                            const std::vector<int64_t>& output_padding,
                                            const std::vector<int64_t>& dilation, int64_t groups) {
    return conv_transpose_kernels(input, weight, bias, stride, padding, output_padding, dilation, groups);
}

namespace {
}  // namespace

namespace {

// Adaptive average pooling over the last `spatial` (2 or 3) dims to sizes `osz` (OD, OH, OW; a 2-d
// pool has OD = 1 and the depth of one), or the adjoint: grad (of the output's shape) spread back
// over in_shape. Recorded with PyTorch's names.
Tensor adaptive_avg_pool_nd(const Tensor& x, const std::array<int64_t, 3>& osz, int spatial);

// Adaptive average pooling of GPU tensors: the window sizes factor per spatial dim, so the pool is a
// product with one averaging matrix per dim, y = P_d x P_h x P_w^T (P: out x in, 1/|window| over each
// output's window), and its backward the product with the transposes: cuBLAS GEMMs instead of a kernel
// of its own. (The CPU loops the windows below.)
Tensor averaging_matrix(int64_t out, int64_t in, DType dt, bool transposed) {
    Tensor m = zeros(transposed ? Shape{in, out} : Shape{out, in}, {DType::Float64});
    double* p = m.data_ptr<double>();
    for (int64_t o = 0; o < out; ++o) {
        const int64_t i0 = start_index(o, out, in), i1 = end_index(o, out, in);
        for (int64_t i = i0; i < i1; ++i) p[transposed ? i * out + o : o * in + i] = 1.0 / double(i1 - i0);
    }
    return to_device(m, Device::CUDA, dt);
}

// x (..., [D,] H, W) -> (..., [OD,] OH, OW) on the GPU; backward: g (..., [OD,] OH, OW) -> (..., [D,] H, W).
Tensor adaptive_avg_pool_gpu(const Tensor& t, const Shape& in_shape, const std::array<int64_t, 3>& osz, int spatial,
                             bool backward) {
    autograd::NoGradGuard no_grad;
    const size_t r = in_shape.size();
    const int64_t D = spatial == 3 ? in_shape[r - 3] : 1, H = in_shape[r - 2], W = in_shape[r - 1];
    Shape out_shape = backward ? in_shape : t.sizes();
    if (!backward) {
        if (spatial == 3) out_shape[r - 3] = osz[0];
        out_shape[r - 2] = osz[1];
        out_shape[r - 1] = osz[2];
    }
    if (meta_mode()) {
        Tensor y = Tensor::empty(out_shape, t.dtype(), Device::CUDA);
        mark_meta(y.impl()->storage.get());
        return y;
    }
    const DType dt = t.dtype();
    // forward: y = Ph @ x @ PwT; backward: g @ Pw then PhT @ that (Ph: OH x H)
    Tensor y = matmul(t, averaging_matrix(osz[2], W, dt, !backward));
    y = matmul(averaging_matrix(osz[1], H, dt, backward), y);
    if (spatial == 3) {  // (..., D|OD, a, b) -> (..., D|OD, a*b), the depth product, back
        const Shape s = y.sizes();
        Shape flat(s.begin(), s.end() - 2);
        flat.push_back(s[s.size() - 2] * s[s.size() - 1]);
        y = matmul(averaging_matrix(osz[0], D, dt, backward), reshape(y, flat));
    }
    return reshape(contiguous(y), out_shape);
}

Tensor adaptive_avg_pool_backward_cpu(const Tensor& grad, const Shape& in_shape, int spatial);

Tensor adaptive_avg_pool_backward_nd(const Tensor& grad, const Shape& in_shape, int spatial) {
    const std::array<int64_t, 3> osz{spatial == 3 ? grad.size(-3) : 1, grad.size(-2), grad.size(-1)};
    Tensor out = grad.device() == Device::CUDA ? adaptive_avg_pool_gpu(grad, in_shape, osz, spatial, true)
                                               : adaptive_avg_pool_backward_cpu(grad, in_shape, spatial);
    if (autograd::needs_grad({grad}))
        autograd::record(spatial == 3 ? "AdaptiveAvgPool3DBackwardBackward0" : "AdaptiveAvgPool2DBackwardBackward0",
                         {grad}, {out},
                         [osz, spatial](const Grads& gg) { return Grads{adaptive_avg_pool_nd(gg[0], osz, spatial)}; });
    return out;
}

// The CPU kernel of adaptive_avg_pool_backward_nd (no autograd): each output's gradient spread over its window.
Tensor adaptive_avg_pool_backward_cpu(const Tensor& grad, const Shape& in_shape, int spatial) {
    const DType dt = grad.dtype(), cdt = compute_dtype(dt);
    Tensor gy = plain(grad, cdt);
    Tensor gx = zeros(in_shape, {cdt, grad.device()});  // the CPU or the meta device
    const size_t r = in_shape.size();
    const int64_t D = spatial == 3 ? in_shape[r - 3] : 1, H = in_shape[r - 2], W = in_shape[r - 1];
    const int64_t OD = spatial == 3 ? gy.size(-3) : 1, OH = gy.size(-2), OW = gy.size(-1);
    const int64_t planes = shape_numel(in_shape) / std::max<int64_t>(D * H * W, 1);
    dispatch_dtype(cdt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_floating_point_v<T>) {
            const T* gp = gy.data_ptr<T>();
            T* o = gx.data_ptr<T>();
            parallel_for(0, planes, grain_for(std::max(D * H * W, OD * OH * OW)), [&](int64_t c0, int64_t c1) {
                for (int64_t c = c0; c < c1; ++c)
                    for (int64_t od = 0; od < OD; ++od) {
                        const int64_t d0 = start_index(od, OD, D), d1 = end_index(od, OD, D);
                        for (int64_t oh = 0; oh < OH; ++oh) {
                            const int64_t h0 = start_index(oh, OH, H), h1 = end_index(oh, OH, H);
                            for (int64_t ow = 0; ow < OW; ++ow) {
                                const int64_t w0 = start_index(ow, OW, W), w1 = end_index(ow, OW, W);
                                const T v = gp[((c * OD + od) * OH + oh) * OW + ow] / T((d1 - d0) * (h1 - h0) * (w1 - w0));
                                for (int64_t id = d0; id < d1; ++id)
                                    for (int64_t ih = h0; ih < h1; ++ih)
                                        for (int64_t iw = w0; iw < w1; ++iw) o[((c * D + id) * H + ih) * W + iw] += v;
                            }
                        }
                    }
            });
        }
    });
    return cast(gx, dt);
}

Tensor adaptive_avg_pool_cpu(const Tensor& x, const std::array<int64_t, 3>& osz, int spatial);

Tensor adaptive_avg_pool_nd(const Tensor& x, const std::array<int64_t, 3>& osz, int spatial) {
    const char* name = spatial == 3 ? "adaptive_avg_pool3d" : "adaptive_avg_pool2d";
    const DType dt = x.dtype();
    KILN_CHECK(dtype_is_floating(dt), NotImplementedError, "\"", name, "\" not implemented for '",
               dtype_scalar_type_name(dt), "'");
    Tensor out = x.device() == Device::CUDA ? adaptive_avg_pool_gpu(x, x.sizes(), osz, spatial, false)
                                            : adaptive_avg_pool_cpu(x, osz, spatial);
    if (autograd::needs_grad({x})) {
        Shape in_shape = x.sizes();
        autograd::record(spatial == 3 ? "AdaptiveAvgPool3DBackward0" : "AdaptiveAvgPool2DBackward0", {x}, {out},
                         [in_shape, spatial](const Grads& gr) {
                             return Grads{adaptive_avg_pool_backward_nd(gr[0], in_shape, spatial)};
                         });
    }
    return out;
}

// The CPU kernel of adaptive_avg_pool_nd (no autograd): each output averages its window in double.
Tensor adaptive_avg_pool_cpu(const Tensor& x, const std::array<int64_t, 3>& osz, int spatial) {
    const DType dt = x.dtype(), cdt = compute_dtype(dt);
    const int64_t D = spatial == 3 ? x.size(-3) : 1, H = x.size(-2), W = x.size(-1);
    const int64_t OD = osz[0], OH = osz[1], OW = osz[2];
    const int64_t planes = x.numel() / (D * H * W);
    Tensor xc = plain(x, cdt);
    Shape out_shape = x.sizes();
    if (spatial == 3) out_shape[out_shape.size() - 3] = OD;
    out_shape[out_shape.size() - 2] = OH;
    out_shape[out_shape.size() - 1] = OW;
    Tensor y = Tensor::empty(out_shape, cdt, x.device());  // the CPU or the meta device
    dispatch_dtype(cdt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_floating_point_v<T>) {
            const T* in = xc.data_ptr<T>();
            T* o = y.data_ptr<T>();
            parallel_for(0, planes, grain_for(std::max(D * H * W, OD * OH * OW)), [&](int64_t c0, int64_t c1) {
                for (int64_t c = c0; c < c1; ++c)
                    for (int64_t od = 0; od < OD; ++od) {
                        const int64_t d0 = start_index(od, OD, D), d1 = end_index(od, OD, D);
                        for (int64_t oh = 0; oh < OH; ++oh) {
                            const int64_t h0 = start_index(oh, OH, H), h1 = end_index(oh, OH, H);
                            for (int64_t ow = 0; ow < OW; ++ow) {
                                const int64_t w0 = start_index(ow, OW, W), w1 = end_index(ow, OW, W);
                                double s = 0;
                                for (int64_t id = d0; id < d1; ++id)
                                    for (int64_t ih = h0; ih < h1; ++ih)
                                        for (int64_t iw = w0; iw < w1; ++iw) s += double(in[((c * D + id) * H + ih) * W + iw]);
                                o[((c * OD + od) * OH + oh) * OW + ow] = T(s / double((d1 - d0) * (h1 - h0) * (w1 - w0)));
                            }
                        }
                    }
            });
        }
    });
    return cast(y, dt);
}

}  // namespace

Tensor adaptive_avg_pool2d_backward(const Tensor& grad, const Shape& in_shape) {
    return adaptive_avg_pool_backward_nd(grad, in_shape, 2);
}

Tensor adaptive_avg_pool3d_backward(const Tensor& grad, const Shape& in_shape) {
    return adaptive_avg_pool_backward_nd(grad, in_shape, 3);
}

// ---- public ops ---------------------------------------------------------------------------------

Tensor convolution_pointwise(const Tensor& x, const Tensor& weight, const Tensor& bias, std::vector<int64_t> padding,
                             std::vector<int64_t> stride, std::vector<int64_t> dilation, int64_t groups,
                             const std::string& attr) {
    // ATen's mkldnn fusion_unary_attr_map knows more activations; Kiln's epilogue computes these two.
    KILN_CHECK(attr == "none" || attr == "relu", RuntimeError, "Fusion behavior undefined.");
    // The fused op has no backward formula (PyTorch's has none either): graphs that train keep
    // conv and relu apart, and an eager call that would need a gradient is refused.
    KILN_CHECK(!autograd::grad_enabled() || !(x.requires_grad() || weight.requires_grad() ||
                                              (bias.defined() && bias.requires_grad())),
               RuntimeError, "the derivative for 'mkldnn::_convolution_pointwise' is not implemented.");
    KILN_CHECK(x.dim() == weight.dim(), RuntimeError, "Expected ", weight.dim(), "-dimensional input for ", weight.dim(),
               "-dimensional weight ", shape_str(weight.sizes()), ", but got ", x.dim(), "-dimensional input of size ",
               shape_str(x.sizes()), " instead");
    return convolution_impl(x, weight, bias, std::move(stride), std::move(padding), std::move(dilation), groups,
                            attr == "relu");
}

Tensor convolution_pointwise_binary(const Tensor& x, const Tensor& other, const Tensor& weight, const Tensor& bias,
                                    std::vector<int64_t> padding, std::vector<int64_t> stride,
                                    std::vector<int64_t> dilation, int64_t groups, const std::string& binary_attr,
                                    std::optional<Scalar> alpha, const std::optional<std::string>& unary_attr) {
    // Kiln's epilogue computes conv + other, then relu or nothing (ATen's binary post-ops also
    // include sub/mul/div, and alpha scales other).
    const bool unary_ok = !unary_attr || *unary_attr == "none" || *unary_attr == "relu";
    KILN_CHECK(binary_attr == "add" && unary_ok && (!alpha || alpha->to_double() == 1.0), RuntimeError,
               "Fusion behavior undefined.");
    KILN_CHECK(!autograd::grad_enabled() || !(x.requires_grad() || weight.requires_grad() || other.requires_grad() ||
                                              (bias.defined() && bias.requires_grad())),
               RuntimeError, "the derivative for 'mkldnn::_convolution_pointwise.binary' is not implemented.");
    KILN_CHECK(x.dim() == weight.dim(), RuntimeError, "Expected ", weight.dim(), "-dimensional input for ", weight.dim(),
               "-dimensional weight ", shape_str(weight.sizes()), ", but got ", x.dim(), "-dimensional input of size ",
               shape_str(x.sizes()), " instead");
    KILN_CHECK(other.dtype() == x.dtype() && other.device() == x.device(), RuntimeError, "Fusion behavior undefined.");
    return convolution_impl(x, weight, bias, std::move(stride), std::move(padding), std::move(dilation), groups,
                            unary_attr && *unary_attr == "relu", other);
}

Tensor conv2d(const Tensor& x, const Tensor& weight, const Tensor& bias, std::vector<int64_t> stride,
              std::vector<int64_t> padding, std::vector<int64_t> dilation, int64_t groups) {
    KILN_AUTOCAST(x, conv2d(amp::lower(x), amp::lower(weight), amp::lower(bias), stride, padding, dilation, groups));
    KILN_CHECK(x.dim() == 3 || x.dim() == 4, RuntimeError,
               "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: ", shape_str(x.sizes()));
    // Unbatched input runs as a batch of one; the result is squeezed back (SqueezeBackward1), as ATen.
    const bool batched = x.dim() == 4;
    Tensor out = convolution(batched ? x : unsqueeze(x, 0), weight, bias, std::move(stride), std::move(padding),
                             std::move(dilation), groups);
    return batched ? out : squeeze(out, 0);
}

Tensor conv3d(const Tensor& x, const Tensor& weight, const Tensor& bias, std::vector<int64_t> stride,
              std::vector<int64_t> padding, std::vector<int64_t> dilation, int64_t groups) {
    KILN_AUTOCAST(x, conv3d(amp::lower(x), amp::lower(weight), amp::lower(bias), stride, padding, dilation, groups));
    KILN_CHECK(x.dim() == 4 || x.dim() == 5, RuntimeError,
               "Expected 4D (unbatched) or 5D (batched) input to conv3d, but got input of size: ", shape_str(x.sizes()));
    const bool batched = x.dim() == 5;
    Tensor out = convolution(batched ? x : unsqueeze(x, 0), weight, bias, std::move(stride), std::move(padding),
                             std::move(dilation), groups);
    return batched ? out : squeeze(out, 0);
}

RowMajorConvolution::RowMajorConvolution() : previous(t_row_major_convolution) { t_row_major_convolution = true; }
RowMajorConvolution::~RowMajorConvolution() { t_row_major_convolution = previous; }

std::array<Tensor, 3> convolution_backward(const Tensor& grad, const Tensor& x, const Tensor& weight,
                                           std::vector<int64_t> stride, std::vector<int64_t> padding,
                                           std::vector<int64_t> dilation, int64_t groups, std::array<bool, 3> mask) {
    KILN_CHECK((x.dim() == 4 || x.dim() == 5) && weight.dim() == x.dim(), NotImplementedError,
               "convolution_backward: Kiln computes it for 2-d and 3-d convolutions of batched (4-D or 5-D) inputs "
               "only");
    const Device dev = cuda::common_device({grad, x, weight});
    KILN_CHECK(dev == Device::CPU || x.dim() == 4, NotImplementedError,
               "convolution_backward: Kiln computes it for 2-d convolutions only on CUDA");
    KILN_CHECK(groups > 0 && weight.size(0) % groups == 0 && x.size(1) == weight.size(1) * groups, RuntimeError,
               "convolution_backward: input ", shape_str(x.sizes()), " and weight ", shape_str(weight.sizes()),
               " do not match groups=", groups);
    const int64_t dims = x.dim() - 2;
    stride = expand_param(stride, "stride", dims);
    padding = expand_param(padding, "padding", dims);
    dilation = expand_param(dilation, "dilation", dims);
    ConvGeom g = conv_geom(x.sizes(), weight.sizes(), stride, padding, dilation, groups);
    g.channels_last = conv_channels_last(x, weight, g);
    const Shape out = g.out_shape();
    KILN_CHECK(grad.sizes() == out, RuntimeError, "convolution_backward: expected grad_output of size ", shape_str(out),
               ", got ", shape_str(grad.sizes()));
    autograd::NoGradGuard no_grad;
    if (dev == Device::CUDA) return conv2d_cuda_backward(grad, x, weight, g, mask);
    return convolution_backward_cpu(grad, x, weight, g, mask);
}

namespace {

// max_pool2d's window and plane geometry, with ATen's checks.
PoolGeom max_pool_geom(const Tensor& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& stride,
                       const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, bool ceil_mode) {
    PoolGeom g;
    pool_params("max_pool2d", kernel_size, stride, padding, &dilation, g);
    KILN_CHECK(x.dim() == 3 || x.dim() == 4, RuntimeError, "non-empty 3D or 4D (batch mode) tensor expected for input");
    pool_planes(g, x, ceil_mode);
    return g;
}

// The GPU pool of max_pool2d_with_indices (windows.cu): values and flat indices, recording
// MaxPool2DWithIndicesBackward0 as the CPU's does. With `values_only` (max_pool2d) and no gradient to
// record, the indices are neither written nor allocated: a third of the kernel's memory traffic that
// nothing reads (Inductor's max_pool2d lowering computes no indices in inference either).
std::pair<Tensor, Tensor> max_pool2d_with_indices_cuda(const Tensor& x_in, const PoolGeom& g, bool values_only = false) {
    KILN_CHECK(dtype_is_floating(x_in.dtype()), NotImplementedError, "\"max_pool2d_with_indices_out_cuda_frame\" not "
               "implemented for '", dtype_scalar_type_name(x_in.dtype()), "'");
    const Shape out_shape = pool_out_shape(x_in, g);
    // A 4-d input laid out channels-last (suggest_memory_format) is pooled in that layout and gives
    // channels-last values and indices, as ATen's max_pool2d_with_indices_out_cuda does.
    const bool nhwc = x_in.dim() == 4 && suggest_memory_format(x_in) == MemoryFormat::ChannelsLast;
    const std::vector<int64_t> order = nhwc ? format_order(MemoryFormat::ChannelsLast, 4) : std::vector<int64_t>{};
    const bool grad = autograd::needs_grad({x_in});
    Tensor y = empty_in_order(out_shape, x_in.dtype(), Device::CUDA, order);
    Tensor indices = values_only && !grad ? Tensor() : empty_in_order(out_shape, DType::Int64, Device::CUDA, order);
    int64_t* idx = indices.defined() ? static_cast<int64_t*>(indices.raw_data()) : nullptr;
    if (meta_mode()) {
        mark_meta(y.impl()->storage.get());
        if (indices.defined()) mark_meta(indices.impl()->storage.get());
    } else {
        cuda::Window2d w;
        w.H = g.H, w.W = g.W, w.kh = g.kh, w.kw = g.kw, w.sh = g.sh, w.sw = g.sw, w.ph = g.ph, w.pw = g.pw;
        w.dh = g.dh, w.dw = g.dw, w.OH = g.OH, w.OW = g.OW;
        if (nhwc) {
            Tensor x = contiguous_as(x_in.detach(), MemoryFormat::ChannelsLast);
            w.C = x_in.size(1);
            cuda::max_pool2d_nhwc(x.raw_data(), y.raw_data(), idx, uint8_t(x.dtype()), w, x_in.size(0));
        } else {
            Tensor x = contiguous(x_in.detach());
            cuda::max_pool2d(x.raw_data(), y.raw_data(), idx, uint8_t(x.dtype()), w, g.planes);
        }
    }
    if (grad) {
        const Shape in_shape = x_in.sizes();
        autograd::record("MaxPool2DWithIndicesBackward0", {x_in}, {y}, [indices, in_shape](const Grads& gr) {
            return Grads{max_pool_backward(gr[0], indices, in_shape, 2)};
        });
    }
    return {y, indices};
}

// The CPU pool of max_pool2d/3d_with_indices once the geometry is checked: values and flat indices,
// recording MaxPool{2,3}DWithIndicesBackward0.
std::pair<Tensor, Tensor> max_pool_with_indices_cpu(const Tensor& x, const PoolGeom& g, int spatial) {
    const DType dt = x.dtype(), cdt = compute_dtype(dt);
    Tensor xc = plain(x, cdt);
    const Shape out_shape = pool_out_shape(x, g);
    Tensor y = Tensor::empty(out_shape, cdt, x.device());  // the CPU or the meta device
    Tensor indices = Tensor::empty(out_shape, DType::Int64, x.device());
    dispatch_pool(cdt, spatial == 3 ? "max_pool3d" : "max_pool2d", [&](auto tag) {
        using T = typename decltype(tag)::type;
        max_pool_kernel<T>(xc.data_ptr<T>(), y.data_ptr<T>(), indices.data_ptr<int64_t>(), g);
    });
    Tensor out = cast(y, dt);
    // ATen's CPU max pool keeps a channels-last input's layout (max_pool2d_channels_last /
    // the 3-d kernel's ChannelsLast3d case) for the values and the indices.
    const MemoryFormat fmt = suggest_memory_format(x);
    if (fmt != MemoryFormat::Contiguous) {
        out = contiguous_as(out, fmt);
        indices = contiguous_as(indices, fmt);
    }
    if (autograd::needs_grad({x})) {
        Shape in_shape = x.sizes();
        autograd::record(spatial == 3 ? "MaxPool3DWithIndicesBackward0" : "MaxPool2DWithIndicesBackward0", {x}, {out},
                         [indices, in_shape, spatial](const Grads& gr) {
                             return Grads{max_pool_backward(gr[0], indices, in_shape, spatial)};
                         });
    }
    return {out, indices};
}

// The values alone, for a pool nothing will differentiate (max_pool2d/3d in inference): the same
// kernel without the int64 index of every output, laid out as max_pool_with_indices_cpu lays them.
Tensor max_pool_values_cpu(const Tensor& x, const PoolGeom& g, int spatial) {
    const DType dt = x.dtype(), cdt = compute_dtype(dt);
    Tensor xc = plain(x, cdt);
    Tensor y = Tensor::empty(pool_out_shape(x, g), cdt, x.device());
    dispatch_pool(cdt, spatial == 3 ? "max_pool3d" : "max_pool2d", [&](auto tag) {
        using T = typename decltype(tag)::type;
        max_pool_kernel<T, false>(xc.data_ptr<T>(), y.data_ptr<T>(), nullptr, g);
    });
    Tensor out = cast(y, dt);
    const MemoryFormat fmt = suggest_memory_format(x);
    return fmt != MemoryFormat::Contiguous ? contiguous_as(out, fmt) : out;
}

}  // namespace

std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& x, std::vector<int64_t> kernel_size,
                                                  std::vector<int64_t> stride, std::vector<int64_t> padding,
                                                  std::vector<int64_t> dilation, bool ceil_mode) {
    const PoolGeom g = max_pool_geom(x, kernel_size, stride, padding, dilation, ceil_mode);
    if (x.device() == Device::CUDA) return max_pool2d_with_indices_cuda(x, g);
    return max_pool_with_indices_cpu(x, g, 2);
}

Tensor max_pool2d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                  std::vector<int64_t> padding, std::vector<int64_t> dilation, bool ceil_mode) {
    if (x.device() == Device::CUDA)
        return max_pool2d_with_indices_cuda(x, max_pool_geom(x, kernel_size, stride, padding, dilation, ceil_mode), true).first;
    const PoolGeom g = max_pool_geom(x, kernel_size, stride, padding, dilation, ceil_mode);
    if (!autograd::needs_grad({x})) return max_pool_values_cpu(x, g, 2);
    return max_pool_with_indices_cpu(x, g, 2).first;
}

Tensor avg_pool2d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                  std::vector<int64_t> padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
    PoolGeom g;
    pool_params("avg_pool2d", kernel_size, stride, padding, nullptr, g);
    KILN_CHECK(!divisor_override || *divisor_override != 0, RuntimeError, "divisor must be not zero");
    (void)x.size(-3);  // ATen reads size(-3) first: a 2-d input raises its IndexError here
    pool_planes(g, x, ceil_mode);
    const Shape out_shape = pool_out_shape(x, g);
    if (x.device() == Device::CUDA) {
        // The windows' sum over each window's divisor (avg_window: padding counted or not).
        KILN_CHECK(x.is_floating_point(), NotImplementedError, "\"avg_pool2d\" not implemented for '",
                   dtype_scalar_type_name(x.dtype()), "'");
        std::vector<double> divisor(size_t(g.OH * g.OW));
        for (int64_t oh = 0; oh < g.OH; ++oh)
            for (int64_t ow = 0; ow < g.OW; ++ow)
                divisor[size_t(oh * g.OW + ow)] = double(avg_window(g, 0, oh, ow, count_include_pad, divisor_override).divisor);
        Tensor cols = windows_cuda(reshape(x, {1, g.planes, g.H * g.W}), g.H, g.W, g.kh, g.kw, g.sh, g.sw, g.ph, g.pw,
                                   1, 1, g.OH, g.OW, 0.0);
        Tensor sums = sum(reshape(cols, {g.planes, g.kh * g.kw, g.OH * g.OW}), {1});
        return reshape(div(sums, to_device(tensor(divisor, {g.OH * g.OW}, x.dtype()), Device::CUDA)), out_shape);
    }
    return avg_pool_forward(x, g, count_include_pad, divisor_override);
}

Tensor adaptive_avg_pool2d(const Tensor& x, std::vector<int64_t> output_size) {
    KILN_CHECK(output_size.size() == 2, RuntimeError, "adaptive_avg_pool2d: output_size must be 2");
    KILN_CHECK(output_size[0] >= 0 && output_size[1] >= 0, RuntimeError,
               "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
               output_size[0], ", ", output_size[1], "}");
    // ATen computes a 1x1 adaptive pool as a mean over H and W (so grad_fn is MeanBackward1).
    if (output_size[0] == 1 && output_size[1] == 1) return mean(x, {-1, -2}, /*keepdim=*/true);
    KILN_CHECK(x.dim() == 3 || x.dim() == 4, RuntimeError, "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ",
               shape_str(x.sizes()));
    for (int64_t d : {x.dim() - 2, x.dim() - 1})
        KILN_CHECK(x.size(d) != 0, RuntimeError,
                   "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input "
                   "has sizes ", shape_str(x.sizes()), " with dimension ", d, " being empty");
    return adaptive_avg_pool_nd(x, {1, output_size[0], output_size[1]}, 2);
}

// ---- pooling gradients as graph ops (ops/native_backward.h) --------------------------------------

// The position of the first of id[0, n) outside [0, limit), or -1: the pooling backward graph ops'
// check of indices a graph passed in. In parallel: the serial loop (numel() again per element) ran
// on one thread while 15 waited, about 2 ms of the MNIST CNN's compiled training step at batch 64
// and 16 threads (590K indices) and 16x that at batch 1024, where eager's pooling backward, whose
// indices come from its own forward, checks nothing.
int64_t first_outside(const int64_t* id, int64_t n, int64_t limit) {
    std::atomic<int64_t> first{n};
    parallel_for(0, n, grain_for(1), [&](int64_t i0, int64_t i1) {
        bool any = false;
        for (int64_t i = i0; i < i1; ++i) any |= id[i] < 0 || id[i] >= limit;
        if (!any) return;
        int64_t i = i0;
        while (id[i] >= 0 && id[i] < limit) ++i;
        for (int64_t cur = first.load(); i < cur && !first.compare_exchange_weak(cur, i);) {}
    });
    return first.load() < n ? first.load() : -1;
}

Tensor max_pool2d_with_indices_backward(const Tensor& grad, const Tensor& x, const Tensor& indices) {
    KILN_CHECK(indices.dtype() == DType::Int64 && indices.sizes() == grad.sizes(), RuntimeError,
               "max_pool2d_with_indices_backward: expected int64 indices of grad_output's size ", shape_str(grad.sizes()));
    KILN_CHECK(x.dim() == grad.dim() && (x.dim() == 3 || x.dim() == 4) &&
                   std::equal(x.sizes().begin(), x.sizes().end() - 2, grad.sizes().begin()),
               RuntimeError, "max_pool2d_with_indices_backward: expected a 3-D or 4-D input matching grad_output");
    autograd::NoGradGuard no_grad;
    // The kernel scatters through the indices: each must lie inside its plane (a graph can pass any).
    Tensor idx = contiguous(indices);
    const int64_t hw = x.size(-2) * x.size(-1);
    if (!meta_mode() && idx.device() == Device::CPU) {  // the GPU kernel skips indices outside the plane
        const int64_t* id = idx.data_ptr<int64_t>();
        const int64_t bad = first_outside(id, idx.numel(), hw);
        KILN_CHECK(bad < 0, RuntimeError, "max_pool2d_with_indices_backward: index ", bad < 0 ? 0 : id[bad],
                   " is outside the ", x.size(-2), "x", x.size(-1), " plane");
    }
    return max_pool_backward(grad, idx, x.sizes(), 2);
}

Tensor avg_pool2d_backward(const Tensor& grad, const Tensor& x, std::vector<int64_t> kernel_size,
                           std::vector<int64_t> stride, std::vector<int64_t> padding, bool ceil_mode,
                           bool count_include_pad, std::optional<int64_t> divisor_override) {
    PoolGeom g;
    pool_params("avg_pool2d", kernel_size, stride, padding, nullptr, g);
    KILN_CHECK(!divisor_override || *divisor_override != 0, RuntimeError, "divisor must be not zero");
    KILN_CHECK(x.dim() == 3 || x.dim() == 4, RuntimeError, "avg_pool2d_backward: expected a 3-D or 4-D input");
    pool_planes(g, x, ceil_mode);
    KILN_CHECK(grad.sizes() == pool_out_shape(x, g), RuntimeError, "avg_pool2d_backward: expected grad_output of size ",
               shape_str(pool_out_shape(x, g)), ", got ", shape_str(grad.sizes()));
    autograd::NoGradGuard no_grad;
    return avg_pool_backward(grad, x.sizes(), g, count_include_pad, divisor_override);
}

// ---- 3-d pooling ----------------------------------------------------------------------------------

Tensor max_pool3d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                  std::vector<int64_t> padding, std::vector<int64_t> dilation, bool ceil_mode) {
    return max_pool3d_with_indices(x, std::move(kernel_size), std::move(stride), std::move(padding),
                                   std::move(dilation), ceil_mode).first;
}

std::pair<Tensor, Tensor> max_pool3d_with_indices(const Tensor& x, std::vector<int64_t> kernel_size,
                                                  std::vector<int64_t> stride, std::vector<int64_t> padding,
                                                  std::vector<int64_t> dilation, bool ceil_mode) {
    PoolGeom g;
    pool3d_params(true, kernel_size, stride, padding, &dilation, g);
    pool3d_planes(g, x, ceil_mode, "max_pool3d_with_indices_cpu()", false);
    KILN_CHECK(x.device() == Device::CPU, NotImplementedError, "max_pool3d on CUDA is not implemented in Kiln");
    KILN_CHECK(dtype_is_floating(x.dtype()), NotImplementedError, "\"max_pool3d_with_indices_cpu\" not implemented for '",
               dtype_scalar_type_name(x.dtype()), "'");
    return max_pool_with_indices_cpu(x, g, 3);
}

Tensor avg_pool3d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                  std::vector<int64_t> padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
    PoolGeom g;
    pool3d_params(false, kernel_size, stride, padding, nullptr, g);
    KILN_CHECK(!divisor_override || *divisor_override != 0, RuntimeError, "divisor must be not zero");
    pool3d_planes(g, x, ceil_mode, "avg_pool3d()", true);
    KILN_CHECK(x.device() == Device::CPU, NotImplementedError, "avg_pool3d on CUDA is not implemented in Kiln");
    return avg_pool_forward(x, g, count_include_pad, divisor_override);
}

Tensor adaptive_avg_pool3d(const Tensor& x, std::vector<int64_t> output_size) {
    KILN_CHECK(output_size.size() == 3, RuntimeError, "adaptive_avg_pool3d: output_size must be 3");
    KILN_CHECK(output_size[0] >= 0 && output_size[1] >= 0 && output_size[2] >= 0, RuntimeError,
               "adaptive_avg_pool3d: elements of output_size must be greater than or equal to 0 but received {",
               output_size[0], ", ", output_size[1], ",", output_size[2], "}");
    // As in 2-d, ATen computes a 1x1x1 adaptive pool as a mean (grad_fn MeanBackward1).
    if (output_size[0] == 1 && output_size[1] == 1 && output_size[2] == 1) return mean(x, {-1, -2, -3}, true);
    KILN_CHECK(x.dim() == 4 || x.dim() == 5, RuntimeError, "adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got ",
               shape_str(x.sizes()));
    for (int64_t d = 1; d < x.dim(); ++d)
        KILN_CHECK(x.size(d) != 0, RuntimeError,
                   "adaptive_avg_pool3d(): Expected input to have non-zero size for non-batch dimensions, but input "
                   "has sizes ", shape_str(x.sizes()), " with dimension ", d, " being empty");
    return adaptive_avg_pool_nd(x, {output_size[0], output_size[1], output_size[2]}, 3);
}

Tensor max_pool3d_with_indices_backward(const Tensor& grad, const Tensor& x, const Tensor& indices) {
    KILN_CHECK(indices.dtype() == DType::Int64 && indices.sizes() == grad.sizes(), RuntimeError,
               "max_pool3d_with_indices_backward: expected int64 indices of grad_output's size ", shape_str(grad.sizes()));
    KILN_CHECK(x.dim() == grad.dim() && (x.dim() == 4 || x.dim() == 5) &&
                   std::equal(x.sizes().begin(), x.sizes().end() - 3, grad.sizes().begin()),
               RuntimeError, "max_pool3d_with_indices_backward: expected a 4-D or 5-D input matching grad_output");
    autograd::NoGradGuard no_grad;
    Tensor idx = contiguous(indices);
    const int64_t vol = x.size(-3) * x.size(-2) * x.size(-1);
    if (!meta_mode()) {
        const int64_t* id = idx.data_ptr<int64_t>();
        const int64_t bad = first_outside(id, idx.numel(), vol);
        KILN_CHECK(bad < 0, RuntimeError, "max_pool3d_with_indices_backward: index ", bad < 0 ? 0 : id[bad],
                   " is outside the ", x.size(-3), "x", x.size(-2), "x", x.size(-1), " volume");
    }
    return max_pool_backward(grad, idx, x.sizes(), 3);
}

Tensor avg_pool3d_backward(const Tensor& grad, const Tensor& x, std::vector<int64_t> kernel_size,
                           std::vector<int64_t> stride, std::vector<int64_t> padding, bool ceil_mode,
                           bool count_include_pad, std::optional<int64_t> divisor_override) {
    PoolGeom g;
    pool3d_params(false, kernel_size, stride, padding, nullptr, g);
    pool3d_planes(g, x, ceil_mode, "avg_pool3d_backward()", true);
    KILN_CHECK(grad.sizes() == pool_out_shape(x, g), RuntimeError, "avg_pool3d_backward: expected grad_output of size ",
               shape_str(pool_out_shape(x, g)), ", got ", shape_str(grad.sizes()));
    autograd::NoGradGuard no_grad;
    return avg_pool_backward(grad, x.sizes(), g, count_include_pad, divisor_override);
}

}  // namespace kiln
