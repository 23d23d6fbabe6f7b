// Depthwise convolutions on the CPU by direct loops over kernel taps on a padded, phase-split grid:
// see conv_depthwise.h for the method.
#include "ops/conv_depthwise.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "tensor/parallel.h"

namespace kiln {

namespace {

// a * b + c, fused where the machine has the instruction (as the GEMM path's elements are); without
// it (the WebAssembly build) a software fma would cost a call per element
template <typename T>
inline T dw_madd(T a, T b, T c) {
#if defined(__FMA__)
    return std::fma(a, b, c);
#else
    return a * b + c;
#endif
}

// The grid of a block of nb samples of one channel: the zero-padded input planes (Hp x Wp each)
// split into sh x sw phases, phase (a, b) at a * sw + b holding the block's padded rows a, a + sh, ...
// (sample s's from row s * Hq on) and columns b, b + sw, ...; each phase is followed by a tail of zeros
// so that a tap's shifted read of the whole output grid stays inside it. The output grid has the same
// rows (sample s's output row oh at s * Hq + oh; the rows past OH and the columns past OW are
// computed and dropped). Tap (i, j) reads phase ((i dh) % sh, (j dw) % sw) at offset
// ((i dh) / sh) * Wq + (j dw) / sw. Small planes (MobileNet's 4x4 ones) put many samples in one
// block, so that each tap is one long loop rather than a few elements per plane.
struct DwGrid {
    int64_t nb, Hq, Wq;
    int64_t out;     // nb * Hq * Wq: a phase's elements, and the output grid's
    int64_t stride;  // elements from one phase to the next (the phase and its tail of zeros)
    std::vector<int64_t> tap_start;  // tap t reads the grid from tap_start[t] (its phase's start + offset)
    explicit DwGrid(const DepthwiseGeom& g) {
        const int64_t Hp = g.H + 2 * g.ph, Wp = g.W + 2 * g.pw;
        Hq = (Hp + g.sh - 1) / g.sh;
        Wq = (Wp + g.sw - 1) / g.sw;
        nb = std::clamp<int64_t>((1024 + Hq * Wq - 1) / (Hq * Wq), 1, g.N);
        out = nb * Hq * Wq;
        std::vector<int64_t> phase_of, offset;
        for (int64_t i = 0; i < g.kh; ++i)
            for (int64_t j = 0; j < g.kw; ++j) {
                const int64_t r = i * g.dh, c = j * g.dw;
                phase_of.push_back((r % g.sh) * g.sw + c % g.sw);
                offset.push_back((r / g.sh) * Wq + c / g.sw);
            }
        stride = out + *std::max_element(offset.begin(), offset.end());  // the tail: the largest offset
        for (size_t t = 0; t < offset.size(); ++t) tap_start.push_back(phase_of[t] * stride + offset[t]);
        place(g);
    }
    // (where an input row and an input column land: worked out once, not per row and sample)
    std::vector<int64_t> row_phase, row_q;  // per input row h: (h + ph) % sh, (h + ph) / sh
    struct ColumnSet {
        int64_t first, count, phase, col_q;  // input columns first, first + sw, ...: phase column, grid column
    };
    std::vector<ColumnSet> column_sets;
    void place(const DepthwiseGeom& g) {
        for (int64_t h = 0; h < g.H; ++h) {
            row_phase.push_back((h + g.ph) % g.sh);
            row_q.push_back((h + g.ph) / g.sh);
        }
        for (int64_t b = 0; b < g.sw; ++b) {
            const int64_t w0 = ((b - g.pw) % g.sw + g.sw) % g.sw;  // the first input column of phase column b
            if (w0 < g.W) column_sets.push_back({w0, (g.W - w0 + g.sw - 1) / g.sw, b, (w0 + g.pw) / g.sw});
        }
    }
    int64_t size(const DepthwiseGeom& g) const { return g.sh * g.sw * stride; }
    // the output grid's element of sample s's output (oh, 0)
    int64_t out_row(int64_t s, int64_t oh) const { return (s * Hq + oh) * Wq; }
};

// Calls f(grid_row, first, step, count) for each phase column set of sample s's input row h:
// input columns first, first + step, ... (count of them) go to grid_row[0, count) in order.
template <typename F>
void dw_row_phases(const DepthwiseGeom& g, const DwGrid& gr, int64_t s, int64_t h, F&& f) {
    const int64_t row = (s * gr.Hq + gr.row_q[size_t(h)]) * gr.Wq, phase_a = gr.row_phase[size_t(h)] * g.sw;
    for (const DwGrid::ColumnSet& cs : gr.column_sets)
        f((phase_a + cs.phase) * gr.stride + row + cs.col_q, cs.first, g.sw, cs.count);
}

// buf := the grid of samples [n0, n0 + ns) of channel c (zeros everywhere else)
template <typename T>
void dw_fill_grid(const T* x, const DepthwiseGeom& g, const DwGrid& gr, int64_t n0, int64_t ns, int64_t c, T* buf) {
    std::fill_n(buf, gr.size(g), T(0));
    for (int64_t s = 0; s < ns; ++s) {
        const T* xp = x + ((n0 + s) * g.C + c) * g.H * g.W;
        for (int64_t h = 0; h < g.H; ++h) {
            const T* row = xp + h * g.W;
            dw_row_phases(g, gr, s, h, [&](int64_t at, int64_t first, int64_t step, int64_t count) {
                T* __restrict dst = buf + at;
                const T* __restrict src = row + first;
                // (a loop, not memcpy: rows are a few dozen elements, a call each cost more than the copy)
                if (step == 1) for (int64_t k = 0; k < count; ++k) dst[k] = src[k];
                else for (int64_t k = 0; k < count; ++k) dst[k] = src[k * step];
            });
        }
    }
}

// acc[q] += wv * src[q], q in [0, n)
template <typename T>
inline void dw_axpy(T* __restrict acc, const T* __restrict src, T wv, int64_t n) {
    for (int64_t q = 0; q < n; ++q) acc[q] = dw_madd(wv, src[q], acc[q]);
}

// acc[q] += w0 * s0[q], then w1 * s1[q], then w2 * s2[q]: three taps in one pass over acc (the same
// fused multiply-adds in the same order as three passes, a third of acc's loads and stores)
template <typename T>
inline void dw_axpy3(T* __restrict acc, const T* __restrict s0, const T* __restrict s1, const T* __restrict s2, T w0,
                  T w1, T w2, int64_t n) {
    for (int64_t q = 0; q < n; ++q) acc[q] = dw_madd(w2, s2[q], dw_madd(w1, s1[q], dw_madd(w0, s0[q], acc[q])));
}

// acc[q] += sum of the taps [0, taps) in order (w[t] times the grid buf at the tap's offset)
template <typename T>
void dw_taps_into(T* acc, const T* buf, const T* w, const DwGrid& gr, int64_t taps, int64_t n) {
    const int64_t* at = gr.tap_start.data();
    int64_t t = 0;
    for (; t + 3 <= taps; t += 3)
        dw_axpy3(acc, buf + at[t], buf + at[t + 1], buf + at[t + 2], w[t], w[t + 1], w[t + 2], n);
    for (; t < taps; ++t) dw_axpy(acc, buf + at[t], w[t], n);
}

// sum over q of a[q] * b[q] into 16 lanes (lane q % 16), fixed order
constexpr int kDwLanes = 16;
template <typename T>
inline void dw_dot_lanes(const T* __restrict a, const T* __restrict b, int64_t n, T* __restrict lanes) {
    int64_t q = 0;
    for (; q + kDwLanes <= n; q += kDwLanes)
        for (int l = 0; l < kDwLanes; ++l) lanes[l] = dw_madd(a[q + l], b[q + l], lanes[l]);
    for (int l = 0; q + l < n; ++l) lanes[l] = dw_madd(a[q + l], b[q + l], lanes[l]);
}

template <typename T>
T* dw_scratch(std::vector<T>& v, size_t n) {
    if (v.size() < n) v.resize(n);
    return v.data();
}

}  // namespace

template <typename T>
void depthwise_conv_forward(const T* x, const T* w, const T* b, T* y, const DepthwiseGeom& g, bool relu,
                            const T* other) {
    const DwGrid gr(g);
    const int64_t Cout = g.C * g.mult, P = g.OH * g.OW, taps = g.kh * g.kw, blocks = (g.N + gr.nb - 1) / gr.nb;
    // items: (channel, block of samples)
    parallel_for(0, g.C * blocks, grain_for(g.mult * gr.out * taps), [&](int64_t i0, int64_t i1) {
        std::vector<T> scratch;
        T* buf = dw_scratch(scratch, size_t(gr.size(g) + gr.out));
        T* acc = buf + gr.size(g);
        for (int64_t item = i0; item < i1; ++item) {
            const int64_t c = item / blocks, n0 = item % blocks * gr.nb, ns = std::min(gr.nb, g.N - n0);
            const int64_t len = ns * gr.Hq * gr.Wq;
            dw_fill_grid(x, g, gr, n0, ns, c, buf);
            for (int64_t m = 0; m < g.mult; ++m) {
                const int64_t co = c * g.mult + m;
                const T* wc = w + co * taps;
                std::fill_n(acc, len, T(0));
                dw_taps_into(acc, buf, wc, gr, taps, len);
                const T bv = b ? b[co] : T(0);
                for (int64_t s = 0; s < ns; ++s) {
                    T* yp = y + ((n0 + s) * Cout + co) * P;
                    const T* add = other ? other + ((n0 + s) * Cout + co) * P : nullptr;
                    for (int64_t oh = 0; oh < g.OH; ++oh) {
                        const T* src = acc + gr.out_row(s, oh);
                        T* dst = yp + oh * g.OW;
                        if (add) {
                            const T* ar = add + oh * g.OW;
                            for (int64_t ow = 0; ow < g.OW; ++ow) dst[ow] = (src[ow] + bv) + ar[ow];
                        } else {
                            for (int64_t ow = 0; ow < g.OW; ++ow) dst[ow] = src[ow] + bv;
                        }
                        if (relu)  // (NaN stays NaN, as relu's)
                            for (int64_t ow = 0; ow < g.OW; ++ow) dst[ow] = dst[ow] < T(0) ? T(0) : dst[ow];
                    }
                }
            }
        }
    });
}

template <typename T>
void depthwise_conv_backward(const T* x, const T* w, const T* gy, T* gx, T* gw, const DepthwiseGeom& g) {
    const DwGrid gr(g);
    const int64_t Cout = g.C * g.mult, HW = g.H * g.W, P = g.OH * g.OW, taps = g.kh * g.kw,
                  blocks = (g.N + gr.nb - 1) / gr.nb;
    // output channel co's gradient planes of samples [n0, n0 + ns) on the output grid, zeros in the
    // dropped rows and columns
    auto lay_out = [&](int64_t co, int64_t n0, int64_t ns, T* grid) {
        std::fill_n(grid, ns * gr.Hq * gr.Wq, T(0));
        for (int64_t s = 0; s < ns; ++s)
            for (int64_t oh = 0; oh < g.OH; ++oh) {
                const T* __restrict src = gy + ((n0 + s) * Cout + co) * P + oh * g.OW;
                T* __restrict dst = grid + gr.out_row(s, oh);
                for (int64_t ow = 0; ow < g.OW; ++ow) dst[ow] = src[ow];  // (short rows: no memmove call)
            }
    };
    if (gx) {
        parallel_for(0, g.C * blocks, grain_for(g.mult * gr.out * taps), [&](int64_t i0, int64_t i1) {
            std::vector<T> scratch;
            T* buf = dw_scratch(scratch, size_t(gr.size(g) + gr.out));
            T* gyg = buf + gr.size(g);
            for (int64_t item = i0; item < i1; ++item) {
                const int64_t c = item / blocks, n0 = item % blocks * gr.nb, ns = std::min(gr.nb, g.N - n0);
                const int64_t len = ns * gr.Hq * gr.Wq;
                std::fill_n(buf, gr.size(g), T(0));
                for (int64_t m = 0; m < g.mult; ++m) {
                    const int64_t co = c * g.mult + m;
                    const T* wc = w + co * taps;
                    lay_out(co, n0, ns, gyg);
                    for (int64_t t = 0; t < taps; ++t)
                        dw_axpy(buf + gr.tap_start[size_t(t)], gyg, wc[t], len);
                }
                for (int64_t s = 0; s < ns; ++s) {
                    T* gxp = gx + ((n0 + s) * g.C + c) * HW;
                    for (int64_t h = 0; h < g.H; ++h) {
                        T* row = gxp + h * g.W;
                        dw_row_phases(g, gr, s, h, [&](int64_t at, int64_t first, int64_t step, int64_t count) {
                            const T* src = buf + at;
                            if (step == 1) for (int64_t k = 0; k < count; ++k) row[first + k] = src[k];
                            else for (int64_t k = 0; k < count; ++k) row[first + k * step] = src[k];
                        });
                    }
                }
            }
        });
    }
    if (gw) {
        // per output channel: every tap's dot product of the gradient grid with its shifted phase,
        // over every sample, in 16 lanes per tap
        parallel_for(0, Cout, grain_for(g.N * HW * taps), [&](int64_t c0, int64_t c1) {
            std::vector<T> scratch;
            T* buf = dw_scratch(scratch, size_t(gr.size(g) + gr.out + taps * kDwLanes));
            T* gyg = buf + gr.size(g);
            T* lanes = gyg + gr.out;
            for (int64_t co = c0; co < c1; ++co) {
                const int64_t c = co / g.mult;
                std::fill_n(lanes, taps * kDwLanes, T(0));
                for (int64_t n0 = 0; n0 < g.N; n0 += gr.nb) {
                    const int64_t ns = std::min(gr.nb, g.N - n0), len = ns * gr.Hq * gr.Wq;
                    dw_fill_grid(x, g, gr, n0, ns, c, buf);
                    lay_out(co, n0, ns, gyg);
                    for (int64_t t = 0; t < taps; ++t)
                        dw_dot_lanes(gyg, buf + gr.tap_start[size_t(t)], len,
                                  lanes + t * kDwLanes);
                }
                for (int64_t t = 0; t < taps; ++t) {
                    T s = T(0);
                    for (int l = 0; l < kDwLanes; ++l) s += lanes[t * kDwLanes + l];
                    gw[co * taps + t] = s;
                }
            }
        });
    }
}

template void depthwise_conv_forward<float>(const float*, const float*, const float*, float*, const DepthwiseGeom&,
                                            bool, const float*);
template void depthwise_conv_forward<double>(const double*, const double*, const double*, double*,
                                             const DepthwiseGeom&, bool, const double*);
template void depthwise_conv_backward<float>(const float*, const float*, const float*, float*, float*,
                                             const DepthwiseGeom&);
template void depthwise_conv_backward<double>(const double*, const double*, const double*, double*, double*,
                                              const DepthwiseGeom&);

}  // namespace kiln
