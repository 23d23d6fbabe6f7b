// Reductions: sum, mean, prod, max/min (+ indices), amax/amin, argmax/argmin, var/std, logsumexp,
// norm, all/any, and the dim-wise softmax, log_softmax and cumsum.
//
// Every reduction over a set of dims runs through one driver (run_reduce). It splits the input's
// dims into kept dims (one output element per combination) and reduced dims (one "row" per output
// element), merges neighbouring dims that are contiguous with each other, and then picks a loop:
//   - contiguous rows (reducing the innermost dims of a contiguous tensor): a tight loop per row,
//     parallel over output elements, or over chunks of one long row when there are few outputs;
//   - "vertical" reductions (the innermost kept dim has stride 1, e.g. summing a [B, N] tensor over
//     dim 0): blocks of neighbouring outputs are accumulated together, so memory is read in rows;
//   - anything else: a strided walk over each row.
// A reduction itself is a small accumulator struct (init/step/merge/finish), so sum, max-with-index,
// Welford variance and the online logsumexp share that one driver. Floating sums accumulate in
// double (PyTorch uses float with cascade summation; both agree to float tolerance). Backward
// formulas are written with ordinary tensor ops next to each forward, with PyTorch's grad_fn names.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/autocast.h"
#include "ops/complex_unary.h"
#include "ops/composite.h"
#include "ops/extreme_run.h"
#include "ops/ops.h"
#include "support/profiler.h"
#include "ops/pointwise_math.h"
#include "ops/tensor_extra.h"
#include "support/error.h"
#include "tensor/iter.h"

namespace kiln {

namespace {

using autograd::Grads;
using autograd::SavedTensor;

// ---- element types -------------------------------------------------------------------------------

// Half and BFloat16 are loaded as float, the narrow integers as int64 (tensor.h compute_t).
template <typename T>
using calc_t = compute_t<T>;

template <typename T>
constexpr bool is_float_v = std::is_floating_point_v<calc_t<T>>;

template <typename C>
inline bool is_nan(C v) {
    if constexpr (std::is_floating_point_v<C>) return std::isnan(v);
    else return false;
}

// ---- the reduction plan --------------------------------------------------------------------------

// Which dims a reduction removes: dims empty means all of them. PyTorch rejects repeated dims.
std::vector<bool> reduce_mask(const Tensor& x, const std::vector<int64_t>& dims) {
    const int64_t ndim = x.dim();
    std::vector<bool> mask(size_t(ndim), dims.empty());
    for (int64_t d : dims) {
        int64_t w = wrap_dim(d, ndim);
        if (ndim == 0) continue;
        KILN_CHECK(!mask[size_t(w)], RuntimeError, "dim ", w, " appears multiple times in the list of dims");
        mask[size_t(w)] = true;
    }
    return mask;
}

std::vector<bool> single_dim_mask(const Tensor& x, int64_t dim) {
    std::vector<bool> mask(size_t(x.dim()), false);
    if (x.dim() > 0) mask[size_t(wrap_dim(dim, x.dim()))] = true;
    else wrap_dim(dim, 0);  // still rejects dims other than 0 and -1
    return mask;
}

struct ReducePlan {
    Shape out_keep;   // output shape with reduced dims kept as size 1
    Shape out_shape;  // output shape with keepdim=false
    Shape osz, ost;   // kept dims (merged), with the input's strides in elements
    Shape rsz, rst;   // reduced dims (merged), in their logical order
    int64_t n_out = 1;
    int64_t row_len = 1;

    // Element offset (from the input's data pointer) of the first element of output o's row.
    int64_t row_base(int64_t o) const {
        int64_t off = 0;
        for (size_t d = osz.size(); d-- > 0;) {
            off += (o % osz[d]) * ost[d];
            o /= osz[d];
        }
        return off;
    }
    const Shape& out(bool keepdim) const { return keepdim ? out_keep : out_shape; }
};

// Appends a dim, merging it into the previous one when the two are contiguous with each other.
void push_dim(Shape& sizes, Shape& strides, int64_t size, int64_t stride) {
    if (size == 1) return;
    if (!sizes.empty() && strides.back() == stride * size) {
        sizes.back() *= size;
        strides.back() = stride;
        return;
    }
    sizes.push_back(size);
    strides.push_back(stride);
}

ReducePlan make_plan(const Tensor& x, const std::vector<bool>& mask) {
    ReducePlan p;
    for (int64_t d = 0; d < x.dim(); ++d) {
        int64_t size = x.sizes()[size_t(d)], stride = x.strides()[size_t(d)];
        if (mask[size_t(d)]) {
            p.out_keep.push_back(1);
            push_dim(p.rsz, p.rst, size, stride);
            p.row_len *= size;
        } else {
            p.out_keep.push_back(size);
            p.out_shape.push_back(size);
            push_dim(p.osz, p.ost, size, stride);
            p.n_out *= size;
        }
    }
    return p;
}

// Calls f(offset, r) for every element of a row in logical order: r counts 0, 1, ... and offset is
// relative to the row's first element.
template <typename F>
void for_each_in_row(const ReducePlan& plan, F&& f) {
    const size_t nd = plan.rsz.size();
    if (nd == 0) {
        f(int64_t(0), int64_t(0));
        return;
    }
    const int64_t n_in = plan.rsz[nd - 1], s_in = plan.rst[nd - 1];
    std::vector<int64_t> idx(nd, 0);
    int64_t off = 0, r = 0;
    while (true) {
        for (int64_t i = 0; i < n_in; ++i) f(off + i * s_in, r++);
        size_t d = nd - 1;
        while (d-- > 0) {
            if (++idx[d] < plan.rsz[d]) {
                off += plan.rst[d];
                break;
            }
            off -= plan.rst[d] * (plan.rsz[d] - 1);
            idx[d] = 0;
        }
        if (d == size_t(-1)) return;
    }
}

// Storage types whose reductions the WebAssembly build runs through the general loop only (the
// last one in run_reduce): the narrow integers other than bool, which programs seldom reduce.
// Integer arithmetic is exact (and wraps alike in any order), so the results are the same;
// each reduction's contiguous and vertical copies for them would only add download size.
template <typename T>
constexpr bool general_reduce_only_v =
#ifdef __EMSCRIPTEN__
    std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t> ||
    std::is_same_v<T, uint16_t> || std::is_same_v<T, uint32_t> || std::is_same_v<T, uint8_t>;
#else
    false;
#endif

// float16/bfloat16 too, for a reduction without a reduce_contig of its own (prod, max/min: they have
// none for these types): its contiguous and vertical loops step the elements in the general loop's
// order, so its results are the general loop's (sum's four-accumulator reduce_contig is not).
template <typename T, typename Op>
constexpr bool general_reduce_only_op_v =
    general_reduce_only_v<T> ||
#ifdef __EMSCRIPTEN__
    ((std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) &&
     !requires(const Op& op, const T* p) { op.reduce_contig(p, int64_t(0), int64_t(0)); });
#else
    false;
#endif

// The reduction driver (see the file comment). Op provides: Acc init(); step(Acc&, T, index);
// merge(Acc&, const Acc& later); finish(const Acc&, output index); optionally
// Acc reduce_contig(const T*, n, first index) for a faster contiguous row.
template <typename T, typename Op>
void run_reduce(const Tensor& x, const ReducePlan& plan, const Op& op) {
    using Acc = typename Op::Acc;
    const T* data = x.data_ptr<T>();
    const int64_t n_out = plan.n_out, len = plan.row_len;
    if (n_out == 0) return;
    if (len == 0) {
        for (int64_t o = 0; o < n_out; ++o) op.finish(op.init(), o);
        return;
    }
    if constexpr (!general_reduce_only_op_v<T, Op>) {
        auto contig_row = [&](const T* p, int64_t n, int64_t i0) -> Acc {
            if constexpr (requires { op.reduce_contig(p, n, i0); }) {
                return op.reduce_contig(p, n, i0);
            } else {
                Acc a = op.init();
                for (int64_t i = 0; i < n; ++i) op.step(a, p[i], i0 + i);
                return a;
            }
        };
        const bool contiguous_rows = plan.rsz.empty() || (plan.rsz.size() == 1 && plan.rst[0] == 1);
        if (contiguous_rows) {
#ifdef _OPENMP
            // (Only where threads exist: without them, as in the WebAssembly build, this copy of every
            // reduction could never run and would only add download size.)
            const int64_t nt = num_threads();
            if (n_out < nt && len >= 2 * kParallelGrain) {
                // Few long rows (typically a full reduction): reduce chunks of each row in parallel and
                // merge the partial results in order, so "first index on ties" still holds.
                const int64_t nchunks = std::min<int64_t>(4 * nt, len / kParallelGrain);
                // One whole object per chunk: std::vector<bool> (all/any's Acc) packs the chunks'
                // results as bits of shared words, and threads writing neighbouring bits race.
                std::unique_ptr<Acc[]> part(new Acc[size_t(nchunks)]());
                for (int64_t o = 0; o < n_out; ++o) {
                    const T* p = data + plan.row_base(o);
                    parallel_for(0, nchunks, 1, [&](int64_t b, int64_t e) {
                        for (int64_t c = b; c < e; ++c) {
                            int64_t lo = c * len / nchunks, hi = (c + 1) * len / nchunks;
                            part[size_t(c)] = contig_row(p + lo, hi - lo, lo);
                        }
                    });
                    Acc a = part[0];
                    for (int64_t c = 1; c < nchunks; ++c) op.merge(a, part[size_t(c)]);
                    op.finish(a, o);
                }
                return;
            }
#endif
            parallel_for(0, n_out, grain_for(len), [&](int64_t b, int64_t e) {
                for (int64_t o = b; o < e; ++o) op.finish(contig_row(data + plan.row_base(o), len, 0), o);
            });
            return;
        }
        if (!plan.osz.empty() && plan.ost.back() == 1 && plan.osz.back() >= 8) {
            // Vertical: outputs o0..o0+B-1 read neighbouring elements, so step them together.
            constexpr int64_t B = 64;
            const int64_t inner = plan.osz.back(), outer = n_out / inner;
            const int64_t nblk = (inner + B - 1) / B;
            parallel_for(0, outer * nblk, grain_for(len * B), [&](int64_t b, int64_t e) {
                std::array<Acc, B> acc;
                for (int64_t t = b; t < e; ++t) {
                    const int64_t j0 = (t % nblk) * B, cnt = std::min(B, inner - j0);
                    const int64_t o0 = (t / nblk) * inner + j0;
                    const T* p = data + plan.row_base(o0);
                    if constexpr (requires { op.vertical_block(p, cnt, o0, plan); }) {
                        op.vertical_block(p, cnt, o0, plan);
                        continue;
                    }
                    for (int64_t j = 0; j < cnt; ++j) acc[size_t(j)] = op.init();
                    for_each_in_row(plan, [&](int64_t off, int64_t r) {
                        const T* q = p + off;
                        for (int64_t j = 0; j < cnt; ++j) op.step(acc[size_t(j)], q[j], r);
                    });
                    for (int64_t j = 0; j < cnt; ++j) op.finish(acc[size_t(j)], o0 + j);
                }
            });
            return;
        }
    }  // !general_reduce_only_op_v<T, Op>
    parallel_for(0, n_out, grain_for(len), [&](int64_t b, int64_t e) {
        for (int64_t o = b; o < e; ++o) {
            const T* p = data + plan.row_base(o);
            Acc a = op.init();
            for_each_in_row(plan, [&](int64_t off, int64_t r) { op.step(a, p[off], r); });
            op.finish(a, o);
        }
    });
}

// ---- accumulators ---------------------------------------------------------------------------------

// sum (and mean, with scale = 1/n). Integers and bools sum in int64.
template <typename T>
struct SumOp {
    using C = calc_t<T>;
    static constexpr bool kFloat = std::is_floating_point_v<C>;
    using Acc = std::conditional_t<kFloat, double, int64_t>;
    using O = std::conditional_t<kFloat, T, int64_t>;
    O* out;
    double scale = 1.0;
    Acc init() const { return 0; }
    void step(Acc& a, T v, int64_t) const { a += Acc(C(v)); }
    void merge(Acc& a, const Acc& b) const { a += b; }
    Acc reduce_contig(const T* p, int64_t n, int64_t) const {
        // Four independent accumulators: the loop vectorizes and rounding error grows more slowly.
        Acc s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int64_t i = 0;
        for (; i + 4 <= n; i += 4) {
            s0 += Acc(C(p[i]));
            s1 += Acc(C(p[i + 1]));
            s2 += Acc(C(p[i + 2]));
            s3 += Acc(C(p[i + 3]));
        }
        for (; i < n; ++i) s0 += Acc(C(p[i]));
        return (s0 + s1) + (s2 + s3);
    }
    void finish(const Acc& a, int64_t o) const {
        if constexpr (kFloat) out[o] = O(C(a * scale));
        else out[o] = a;
    }
};

template <typename T>
struct ProdOp {
    using C = calc_t<T>;
    static constexpr bool kFloat = std::is_floating_point_v<C>;
    using Acc = std::conditional_t<kFloat, double, int64_t>;
    using O = std::conditional_t<kFloat, T, int64_t>;
    O* out;
    Acc init() const { return 1; }
    static Acc mul(Acc a, Acc b) {
        if constexpr (kFloat) return a * b;
        else return int64_t(uint64_t(a) * uint64_t(b));  // wraps on overflow, as PyTorch's int64
    }
    void step(Acc& a, T v, int64_t) const { a = mul(a, Acc(C(v))); }
    void merge(Acc& a, const Acc& b) const { a = mul(a, b); }
    void finish(const Acc& a, int64_t o) const {
        if constexpr (kFloat) out[o] = O(C(a));
        else out[o] = a;
    }
};

// max/min with the index of the first extreme element; NaN wins (and the first NaN is kept).
template <typename T, bool IsMax>
struct ExtremeOp {
    using C = calc_t<T>;
    struct Acc {
        C best{};
        int64_t idx = -1;
    };
    T* values = nullptr;        // optional outputs
    int64_t* indices = nullptr;
    static bool better(C v, C best) {
        if (is_nan(v)) return !is_nan(best);
        if constexpr (IsMax) return v > best;
        else return v < best;
    }
    Acc init() const { return {}; }
    void step(Acc& a, T v, int64_t i) const {
        C c = C(v);
        if (a.idx < 0 || better(c, a.best)) {
            a.best = c;
            a.idx = i;
        }
    }
    // A contiguous float run: its extreme vectorized (ops/extreme_run.h), then, where indices are
    // wanted, the first element equal to it (or the first NaN), a second pass that stops there.
    Acc reduce_contig(const T* p, int64_t n, int64_t i0) const
        requires std::is_floating_point_v<T>
    {
        if (n == 0) return init();
        const T m = ops::extreme_run<T, IsMax>(p, n);
        if (!indices) return {m, i0};
        int64_t i = 0;
        if (is_nan(m)) while (!is_nan(p[i])) ++i;
        else while (p[i] != m) ++i;
        return {p[i], i0 + i};  // p[i], not m: of -0 and 0 the value at the index
    }
    void merge(Acc& a, const Acc& b) const {
        if (b.idx >= 0 && (a.idx < 0 || better(b.best, a.best))) a = b;
    }
    // run_reduce's vertical walk for `cnt` (<= 64) neighbouring outputs starting at o0: their values
    // and indices as two arrays updated by branch-free selects, which the compiler vectorizes, where
    // step() on one Acc per output branched per element (max over dim 1 of [64, 128, 32, 32] was ten
    // times a sum's time). The same rule: the first row starts each output, a later element replaces
    // it when better() (NaN over a number, the first NaN kept, ties keep the first index).
    void vertical_block(const T* p, int64_t cnt, int64_t o0, const ReducePlan& plan) const {
        C best[64];
        int64_t at[64];
        bool first = true;
        for_each_in_row(plan, [&](int64_t off, int64_t r) {
            const T* q = p + off;
            if (first) {
                for (int64_t j = 0; j < cnt; ++j) best[j] = C(q[j]), at[j] = r;
                first = false;
                return;
            }
            for (int64_t j = 0; j < cnt; ++j) {
                const C v = C(q[j]), b = best[j];
                bool take;
                if constexpr (std::is_floating_point_v<C>)
                    take = (IsMax ? v > b : v < b) | ((v != v) & (b == b));  // (v != v: v is NaN)
                else
                    take = IsMax ? v > b : v < b;
                best[j] = take ? v : b;
                at[j] = take ? r : at[j];
            }
        });
        for (int64_t j = 0; j < cnt; ++j) finish({best[j], at[j]}, o0 + j);
    }
    void finish(const Acc& a, int64_t o) const {
        if (values) values[o] = T(a.best);
        if (indices) indices[o] = a.idx;
    }
};

// Variance by Welford's update (strided rows) or two passes (contiguous rows); merge is Chan's rule.
template <typename T>
struct VarOp {
    using C = calc_t<T>;
    struct Acc {
        double n = 0, mean = 0, m2 = 0;
    };
    T* out;
    double correction;
    bool take_sqrt;
    Acc init() const { return {}; }
    void step(Acc& a, T v, int64_t) const {
        double x = double(C(v));
        a.n += 1;
        double d = x - a.mean;
        a.mean += d / a.n;
        a.m2 += d * (x - a.mean);
    }
    void merge(Acc& a, const Acc& b) const {
        if (b.n == 0) return;
        if (a.n == 0) {
            a = b;
            return;
        }
        double n = a.n + b.n, d = b.mean - a.mean;
        a.m2 += b.m2 + d * d * a.n * b.n / n;
        a.mean += d * b.n / n;
        a.n = n;
    }
    Acc reduce_contig(const T* p, int64_t n, int64_t) const {
        double s = 0;
        for (int64_t i = 0; i < n; ++i) s += double(C(p[i]));
        double mean = s / double(n), m2 = 0;
        for (int64_t i = 0; i < n; ++i) {
            double d = double(C(p[i])) - mean;
            m2 += d * d;
        }
        return {double(n), mean, m2};
    }
    void finish(const Acc& a, int64_t o) const {
        double v = a.m2 / std::max(0.0, a.n - correction);
        out[o] = T(C(take_sqrt ? std::sqrt(v) : v));
    }
};

// log(sum(exp(x))) computed online: m is the running max, s the sum of exp(x - m).
template <typename T>
struct LogSumExpOp {
    using C = calc_t<T>;
    struct Acc {
        double m = -std::numeric_limits<double>::infinity();
        double s = 0;
        bool nan = false;
    };
    T* out;
    static constexpr double kInf = std::numeric_limits<double>::infinity();
    Acc init() const { return {}; }
    void step(Acc& a, T v, int64_t) const {
        double x = double(C(v));
        if (std::isnan(x)) {
            a.nan = true;
        } else if (a.m == kInf || x == -kInf) {
            // +inf already dominates; -inf adds exp(-inf) = 0
        } else if (x > a.m) {
            a.s = (x == kInf ? 0.0 : a.s * std::exp(a.m - x)) + 1.0;
            a.m = x;
        } else {
            a.s += std::exp(x - a.m);
        }
    }
    void merge(Acc& a, const Acc& b) const {
        a.nan = a.nan || b.nan;
        if (b.m == -kInf) return;
        if (a.m == -kInf || (b.m == kInf && a.m != kInf)) {
            bool nan = a.nan;
            a = b;
            a.nan = nan;
            return;
        }
        if (a.m == kInf) return;
        double m = std::max(a.m, b.m);
        a.s = a.s * std::exp(a.m - m) + b.s * std::exp(b.m - m);
        a.m = m;
    }
    void finish(const Acc& a, int64_t o) const {
        double r = a.nan ? std::numeric_limits<double>::quiet_NaN()
                   : (a.m == kInf || a.m == -kInf) ? a.m
                                                   : a.m + std::log(a.s);
        out[o] = T(C(r));
    }
};

// Vector p-norms: p = 0 counts non-zeros, +-inf take max/min |x|, otherwise (sum |x|^p)^(1/p).
template <typename T>
struct NormOp {
    using C = calc_t<T>;
    using Acc = double;
    T* out;
    double p;
    Acc init() const {
        if (std::isinf(p)) return p > 0 ? 0.0 : std::numeric_limits<double>::infinity();
        return 0.0;
    }
    void step(Acc& a, T v, int64_t) const {
        double x = std::fabs(double(C(v)));
        if (std::isnan(x)) {
            a = x;
        } else if (std::isnan(a)) {
        } else if (p == 2) {
            a += x * x;
        } else if (p == 1) {
            a += x;
        } else if (p == 0) {
            a += x != 0 ? 1.0 : 0.0;
        } else if (std::isinf(p)) {
            a = p > 0 ? std::max(a, x) : std::min(a, x);
        } else {
            a += std::pow(x, p);
        }
    }
    void merge(Acc& a, const Acc& b) const {
        if (std::isnan(a) || std::isnan(b)) a = std::numeric_limits<double>::quiet_NaN();
        else if (std::isinf(p)) a = p > 0 ? std::max(a, b) : std::min(a, b);
        else a += b;
    }
    void finish(const Acc& a, int64_t o) const {
        double r = a;
        if (p == 2) r = std::sqrt(a);
        else if (p != 1 && p != 0 && !std::isinf(p)) r = std::pow(a, 1.0 / p);
        out[o] = T(C(r));
    }
};

template <typename T, bool IsAll>
struct AllAnyOp {
    using Acc = bool;
    bool* out;
    Acc init() const { return IsAll; }
    void step(Acc& a, T v, int64_t) const {
        bool b = calc_t<T>(v) != calc_t<T>(0);
        if constexpr (IsAll) a = a && b;
        else a = a || b;
    }
    void merge(Acc& a, const Acc& b) const { a = IsAll ? (a && b) : (a || b); }
    void finish(const Acc& a, int64_t o) const { out[o] = a; }
};

// ---- autograd helpers -----------------------------------------------------------------------------

// A reduction's output saved by its own backward. Saving the output tensor itself would make a
// cycle (output -> grad_fn -> closure -> output), so the data is saved detached, and attach() notes
// the node and output number after record(). When the backward runs with create_graph, get()
// rebuilds the output as a tensor whose grad_fn is that node (which is alive while it runs), so
// higher-order gradients see the output's history; this is how PyTorch unpacks a saved output.
class SavedOutput {
public:
    explicit SavedOutput(const Tensor& out) : state_(std::make_shared<State>()) {
        state_->data = SavedTensor::output(out);
    }
    void attach(const Tensor& out) const {
        state_->node = out.grad_fn();
        state_->output_nr = out.impl()->output_nr;
    }
    Tensor get() const {
        Tensor d = state_->data.get();
        if (autograd::grad_enabled()) {
            if (auto node = state_->node.lock()) {
                auto impl = std::make_shared<TensorImpl>(*d.impl());
                impl->grad_fn = node;
                impl->diff_view = false;  // the saved history, as it was when saved
                impl->output_nr = state_->output_nr;
                impl->requires_grad = true;
                return Tensor(std::move(impl));
            }
        }
        return d;
    }

private:
    struct State {
        SavedTensor data;
        std::weak_ptr<autograd::Node> node;
        uint32_t output_nr = 0;
    };
    std::shared_ptr<State> state_;
};

// A gradient of a reduction's output spread back over the input: reshape to the keepdim shape,
// then broadcast over the reduced dims.
Tensor expand_grad(const Tensor& g, const Shape& out_keep, const Shape& in_shape) {
    return expand(reshape(g, out_keep), in_shape);
}

std::vector<int64_t> mask_dims(const std::vector<bool>& mask) {
    std::vector<int64_t> dims;
    for (size_t d = 0; d < mask.size(); ++d)
        if (mask[d]) dims.push_back(int64_t(d));
    return dims;
}

// Gradient of amax/amin/max()/min(): split evenly among the elements equal to the result.
Tensor evenly_distribute(const Tensor& g, const Tensor& x, const Tensor& result, const std::vector<bool>& mask,
                         const Shape& out_keep) {
    Tensor r = reshape(result, out_keep);
    Tensor hit = to_dtype(eq(x, r), g.dtype());
    Tensor count = x.dim() == 0 ? hit : sum(hit, mask_dims(mask), /*keepdim=*/true);
    return mul(div(reshape(g, out_keep), count), hit);
}

// ---- kernels used by several public functions ------------------------------------------------------

// The plan as engine/cuda's raw reduction geometry.
cuda::ReduceGeometry cuda_geometry(const ReducePlan& plan) {
    cuda::ReduceGeometry g;
    KILN_CHECK(plan.osz.size() <= size_t(cuda::kMaxDims) && plan.rsz.size() <= size_t(cuda::kMaxDims),
               NotImplementedError, "Kiln's CUDA reductions take at most ", cuda::kMaxDims, " non-mergeable dims");
    g.out_ndim = int(plan.osz.size());
    g.row_ndim = int(plan.rsz.size());
    for (size_t d = 0; d < plan.osz.size(); ++d) {
        g.out_sizes[d] = plan.osz[d];
        g.out_strides[d] = plan.ost[d];
    }
    for (size_t d = 0; d < plan.rsz.size(); ++d) {
        g.row_sizes[d] = plan.rsz[d];
        g.row_strides[d] = plan.rst[d];
    }
    g.n_out = plan.n_out;
    g.row_len = plan.row_len;
    return g;
}

Tensor sum_kernel(const Tensor& x, const ReducePlan& plan, bool keepdim, double scale) {
    DType out_dt = dtype_is_floating(x.dtype()) ? x.dtype() : DType::Int64;
    Tensor out = Tensor::empty(plan.out(keepdim), out_dt, x.device());
    if (x.device() == Device::CUDA) {
        if (out.numel() > 0)
            cuda::reduce_sum(cuda_geometry(plan), x.raw_data(), uint8_t(x.dtype()), out.raw_data(), uint8_t(out_dt), scale);
        return out;
    }
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        SumOp<T> op{out.data_ptr<typename SumOp<T>::O>(), scale};
        run_reduce<T>(x, plan, op);
    });
    return out;
}

// values and/or indices of max or min over the plan's rows.
template <bool IsMax>
void extreme_kernel(const Tensor& x, const ReducePlan& plan, Tensor* values, Tensor* indices) {
    if (x.device() == Device::CUDA) {
        if (plan.n_out > 0)
            cuda::reduce_extreme(IsMax, cuda_geometry(plan), x.raw_data(), uint8_t(x.dtype()),
                                 values ? values->raw_data() : nullptr,
                                 indices ? static_cast<int64_t*>(indices->raw_data()) : nullptr);
        return;
    }
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        ExtremeOp<T, IsMax> op;
        if (values) op.values = values->data_ptr<T>();
        if (indices) op.indices = indices->data_ptr<int64_t>();
        run_reduce<T>(x, plan, op);
    });
}

void check_nonempty_dims(const Tensor& x, const std::vector<bool>& mask, const char* name) {
    if (x.numel() != 0) return;
    bool any = false;
    for (size_t d = 0; d < mask.size(); ++d) {
        if (!mask[d]) continue;
        any = true;
        KILN_CHECK(x.sizes()[d] != 0, IndexError, name, "(): Expected reduction dim ", d,
                   " to have non-zero size.");
    }
    KILN_CHECK(any || x.dim() > 0, RuntimeError, name,
               "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
               "with the 'dim' argument.");
    KILN_CHECK(any, RuntimeError, name,
               "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
               "with the 'dim' argument.");
}

}  // namespace

// ==== sum / mean ==================================================================================

Tensor sum(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim, std::optional<DType> dtype) {
    if (x.is_complex()) return complex_reduce(x, dims, keepdim, false);
    KILN_AUTOCAST_CUDA(x, sum(x, dims, keepdim, amp::fp32_opt_dtype(x, dtype)));
    // sum(dtype=...) converts first, so the accumulation happens in the requested type.
    Tensor in = dtype && *dtype != x.dtype() && *dtype != DType::Bool ? to_dtype(x, *dtype) : x;
    std::vector<bool> mask = reduce_mask(in, dims);
    ReducePlan plan = make_plan(in, mask);
    Tensor out = sum_kernel(in, plan, keepdim, 1.0);
    // The kernel sums integers in int64; a requested bool or narrow integer dtype is the result's
    // (sum of int32 with dtype=torch.int32 is int32, wrapped as PyTorch's int32 accumulation).
    if (dtype && out.dtype() != *dtype) out = to_dtype(out, *dtype);
    if (autograd::needs_grad({in}) && out.is_floating_point()) {
        Shape in_shape = in.sizes(), out_keep = plan.out_keep;
        autograd::record(dims.empty() ? "SumBackward0" : "SumBackward1", {in}, {out},
                         [in_shape, out_keep](const Grads& g) { return Grads{expand_grad(g[0], out_keep, in_shape)}; });
    }
    return out;
}

Tensor mean(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim) {
    if (x.is_complex()) return complex_reduce(x, dims, keepdim, true);
    KILN_CHECK(x.is_floating_point(), RuntimeError,
               "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
               "Got: ", dtype_scalar_type_name(x.dtype()));
    std::vector<bool> mask = reduce_mask(x, dims);
    ReducePlan plan = make_plan(x, mask);
    const int64_t n = plan.row_len;
    Tensor out = sum_kernel(x, plan, keepdim, 1.0 / double(n));
    if (autograd::needs_grad({x})) {
        Shape in_shape = x.sizes(), out_keep = plan.out_keep;
        autograd::record(dims.empty() ? "MeanBackward0" : "MeanBackward1", {x}, {out},
                         [in_shape, out_keep, n](const Grads& g) {
                             return Grads{expand_grad(div(g[0], Scalar(double(n))), out_keep, in_shape)};
                         });
    }
    return out;
}

// ==== prod ========================================================================================

namespace {

// The product of all other elements along `dim` for every element (what d prod / d x_i is),
// computed from exclusive prefix and suffix products so zeros need no division.
Tensor prod_of_others(const Tensor& x_in, int64_t dim) {
    Tensor x = contiguous(x_in);
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    int64_t outer = 1, inner = 1, n = x.dim() == 0 ? 1 : x.sizes()[size_t(dim)];
    for (int64_t d = 0; d < dim; ++d) outer *= x.sizes()[size_t(d)];
    for (int64_t d = dim + 1; d < x.dim(); ++d) inner *= x.sizes()[size_t(d)];
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using C = calc_t<T>;
        if constexpr (std::is_floating_point_v<C>) {
            const T* in = x.data_ptr<T>();
            T* o = out.data_ptr<T>();
            parallel_for(0, outer * inner, grain_for(n),
                         [&](int64_t b, int64_t e) {
                             for (int64_t t = b; t < e; ++t) {
                                 int64_t base = (t / inner) * n * inner + t % inner;
                                 double acc = 1;
                                 for (int64_t i = 0; i < n; ++i) {
                                     o[base + i * inner] = T(C(acc));
                                     acc *= double(C(in[base + i * inner]));
                                 }
                                 acc = 1;
                                 for (int64_t i = n; i-- > 0;) {
                                     o[base + i * inner] = T(C(double(C(o[base + i * inner])) * acc));
                                     acc *= double(C(in[base + i * inner]));
                                 }
                             }
                         });
        }
    });
    return out;
}

// d prod / d x: result / x when x has no zeros (differentiable again), else products of the others.
Tensor prod_backward(const Tensor& g_keep, const Tensor& x, const Tensor& result_keep, std::optional<int64_t> dim) {
    bool has_zero = false;
    {
        autograd::NoGradGuard no_grad;
        has_zero = any(eq(x, Scalar(0.0))).item().to_bool();
    }
    if (!has_zero) return mul(g_keep, div(result_keep, x));
    Tensor others;
    if (dim) {
        others = prod_of_others(x, *dim);
    } else {
        Tensor flat = reshape(x.detach(), {-1});
        others = reshape(prod_of_others(flat, 0), x.sizes());
    }
    return mul(g_keep, others);
}

Tensor prod_kernel(const Tensor& x, const ReducePlan& plan, bool keepdim) {
    DType out_dt = dtype_is_floating(x.dtype()) ? x.dtype() : DType::Int64;
    Tensor out = Tensor::empty(plan.out(keepdim), out_dt);
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        ProdOp<T> op{out.data_ptr<typename ProdOp<T>::O>()};
        run_reduce<T>(x, plan, op);
    });
    return out;
}

}  // namespace

Tensor prod(const Tensor& x) {
    KILN_AUTOCAST(x, prod(amp::fp32(x)));
    if (x.is_complex()) return complex_prod(x, std::nullopt, false);
    std::vector<bool> mask = reduce_mask(x, {});
    ReducePlan plan = make_plan(x, mask);
    Tensor out = prod_kernel(x, plan, false);
    if (autograd::needs_grad({x}) && out.is_floating_point()) {
        SavedTensor sx(x);
        SavedOutput so(out);
        Shape in_shape = x.sizes();
        autograd::record("ProdBackward0", {x}, {out}, [sx, so, in_shape](const Grads& g) {
            Tensor xv = sx.get();
            return Grads{prod_backward(expand(g[0], in_shape), xv, so.get(), std::nullopt)};
        });
        so.attach(out);
    }
    return out;
}

Tensor prod(const Tensor& x, int64_t dim, bool keepdim) {
    KILN_AUTOCAST(x, prod(amp::fp32(x), dim, keepdim));
    if (x.is_complex()) return complex_prod(x, dim, keepdim);
    std::vector<bool> mask = single_dim_mask(x, dim);
    int64_t d = x.dim() == 0 ? 0 : wrap_dim(dim, x.dim());
    ReducePlan plan = make_plan(x, mask);
    Tensor out = prod_kernel(x, plan, keepdim);
    if (autograd::needs_grad({x}) && out.is_floating_point()) {
        SavedTensor sx(x);
        SavedOutput so(out);
        Shape in_shape = x.sizes(), out_keep = plan.out_keep;
        autograd::record("ProdBackward1", {x}, {out}, [sx, so, in_shape, out_keep, d](const Grads& g) {
            Tensor xv = sx.get();
            Tensor gk = expand_grad(g[0], out_keep, in_shape);
            Tensor rk = expand_grad(so.get(), out_keep, in_shape);
            return Grads{prod_backward(gk, xv, rk, d)};
        });
        so.attach(out);
    }
    return out;
}

// ==== max / min ===================================================================================

namespace {

template <bool IsMax>
Tensor extreme_all(const Tensor& x) {
    const char* name = IsMax ? "max" : "min";
    KILN_CHECK(x.numel() > 0, RuntimeError, name,
               "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
               "with the 'dim' argument.");
    Tensor xc = contiguous(x.detach());
    ReducePlan plan = make_plan(xc, reduce_mask(xc, {}));
    Tensor values = Tensor::empty({}, x.dtype(), x.device());
    extreme_kernel<IsMax>(xc, plan, &values, nullptr);
    if (autograd::needs_grad({x}) && x.is_floating_point()) {
        SavedTensor sx(x);
        SavedOutput so(values);
        std::vector<bool> mask(size_t(x.dim()), true);
        Shape out_keep(size_t(x.dim()), 1);
        autograd::record(IsMax ? "MaxBackward1" : "MinBackward1", {x}, {values},
                         [sx, so, mask, out_keep](const Grads& g) {
                             return Grads{evenly_distribute(g[0], sx.get(), so.get(), mask, out_keep)};
                         });
        so.attach(values);
    }
    return values;
}

template <bool IsMax>
std::pair<Tensor, Tensor> extreme_dim(const Tensor& x, int64_t dim, bool keepdim) {
    std::vector<bool> mask = single_dim_mask(x, dim);
    int64_t d = x.dim() == 0 ? 0 : wrap_dim(dim, x.dim());
    check_nonempty_dims(x, mask, IsMax ? "max" : "min");
    ReducePlan plan = make_plan(x, mask);
    Tensor values = Tensor::empty(plan.out(keepdim), x.dtype(), x.device());
    Tensor indices = Tensor::empty(plan.out(keepdim), DType::Int64, x.device());
    extreme_kernel<IsMax>(x, plan, &values, &indices);
    if (autograd::needs_grad({x}) && x.is_floating_point()) {
        Shape in_shape = x.sizes(), out_keep = plan.out_keep;
        DType dt = x.dtype();
        Tensor idx = indices;
        autograd::record(IsMax ? "MaxBackward0" : "MinBackward0", {x}, {values},
                         [in_shape, out_keep, d, dt, idx](const Grads& g) {
                             // The gradient goes to the selected element of each row.
                             Tensor gk = reshape(g[0], out_keep);
                             Tensor ik = reshape(idx, out_keep);
                             if (in_shape.empty()) return Grads{reshape(gk, in_shape)};
                             return Grads{scatter_add(zeros(in_shape, {gk.dtype(), gk.device()}), d, ik, gk)};
                         });
    }
    return {values, indices};
}

template <bool IsMax>
Tensor amax_impl(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim) {
    const char* name = IsMax ? "amax" : "amin";
    std::vector<bool> mask = reduce_mask(x, dims);
    check_nonempty_dims(x, mask, name);
    ReducePlan plan = make_plan(x, mask);
    Tensor values = Tensor::empty(plan.out(keepdim), x.dtype(), x.device());
    extreme_kernel<IsMax>(x, plan, &values, nullptr);
    if (autograd::needs_grad({x}) && x.is_floating_point()) {
        SavedTensor sx(x);
        SavedOutput so(values);
        Shape out_keep = plan.out_keep;
        autograd::record(IsMax ? "AmaxBackward0" : "AminBackward0", {x}, {values},
                         [sx, so, mask, out_keep](const Grads& g) {
                             return Grads{evenly_distribute(g[0], sx.get(), so.get(), mask, out_keep)};
                         });
        so.attach(values);
    }
    return values;
}

template <bool IsMax>
Tensor arg_extreme(const Tensor& x, std::optional<int64_t> dim, bool keepdim) {
    const char* name = IsMax ? "argmax" : "argmin";
    if (!dim) {
        KILN_CHECK(x.numel() != 0, IndexError, name, "(): Expected reduction dim to be specified for input.numel() == 0.");
        // Over all elements: the index is into the flattened (row-major) tensor.
        Tensor flat = reshape(contiguous(x.detach()), {-1});
        ReducePlan plan = make_plan(flat, {true});
        Tensor out = Tensor::empty(keepdim ? Shape(size_t(x.dim()), 1) : Shape{}, DType::Int64, x.device());
        extreme_kernel<IsMax>(flat, plan, nullptr, &out);
        return out;
    }
    std::vector<bool> mask = single_dim_mask(x, *dim);
    check_nonempty_dims(x, mask, name);
    ReducePlan plan = make_plan(x, mask);
    Tensor out = Tensor::empty(plan.out(keepdim), DType::Int64, x.device());
    extreme_kernel<IsMax>(x, plan, nullptr, &out);
    return out;
}

}  // namespace

Tensor max(const Tensor& x) { return extreme_all<true>(x); }
Tensor min(const Tensor& x) { return extreme_all<false>(x); }
std::pair<Tensor, Tensor> max(const Tensor& x, int64_t dim, bool keepdim) { return extreme_dim<true>(x, dim, keepdim); }
std::pair<Tensor, Tensor> min(const Tensor& x, int64_t dim, bool keepdim) { return extreme_dim<false>(x, dim, keepdim); }
Tensor amax(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim) { return amax_impl<true>(x, dims, keepdim); }
Tensor amin(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim) { return amax_impl<false>(x, dims, keepdim); }
Tensor argmax(const Tensor& x, std::optional<int64_t> dim, bool keepdim) { return arg_extreme<true>(x, dim, keepdim); }
Tensor argmin(const Tensor& x, std::optional<int64_t> dim, bool keepdim) { return arg_extreme<false>(x, dim, keepdim); }

// ==== var / std ===================================================================================

namespace {

Tensor var_std(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim, bool take_sqrt) {
    KILN_CHECK(x.is_floating_point(), RuntimeError, "std and var only support floating point and complex dtypes");
    std::vector<bool> mask = reduce_mask(x, dims);
    ReducePlan plan = make_plan(x, mask);
    Tensor out;
    if (x.device() == Device::CUDA) {
        // On the GPU, two passes of ops: the mean, then the sum of squared deviations.
        autograd::NoGradGuard no_grad;
        std::vector<int64_t> rd = mask_dims(mask);
        Tensor xd = x.detach();
        Tensor c = sub(xd, mean(xd, rd, true));
        out = div(sum(mul(c, c), rd, keepdim), Scalar(std::max(0.0, double(plan.row_len) - correction)));
        if (take_sqrt) out = sqrt(out);
    } else {
        out = Tensor::empty(plan.out(keepdim), x.dtype());
        dispatch_dtype(x.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (is_float_v<T>) run_reduce<T>(x, plan, VarOp<T>{out.data_ptr<T>(), correction, take_sqrt});
        });
    }
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        SavedOutput so(out);
        Shape in_shape = x.sizes(), out_keep = plan.out_keep;
        std::vector<int64_t> rdims = mask_dims(mask);
        const double denom = std::max(0.0, double(plan.row_len) - correction);
        autograd::record(take_sqrt ? "StdBackward0" : "VarBackward0", {x}, {out},
                         [sx, so, in_shape, out_keep, rdims, denom, take_sqrt](const Grads& g) {
                             // d var / dx = 2 (x - mean) / (N - correction); d std = d var / (2 std).
                             Tensor xv = sx.get();
                             Tensor centered = rdims.empty() && xv.dim() == 0 ? sub(xv, xv)
                                                                              : sub(xv, mean(xv, rdims, true));
                             Tensor gk = reshape(g[0], out_keep);
                             Tensor scale = take_sqrt ? div(gk, mul(reshape(so.get(), out_keep), Scalar(denom)))
                                                      : div(gk, Scalar(denom / 2.0));
                             return Grads{mul(centered, scale)};
                         });
        so.attach(out);
    }
    return out;
}

}  // namespace

Tensor var(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim) {
    return var_std(x, dims, correction, keepdim, false);
}

Tensor std_dev(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim) {
    return var_std(x, dims, correction, keepdim, true);
}

// ==== softmax / log_softmax ======================================================================

namespace {

// Softmax rows use the vectorizable float exp of ops/pointwise_math.h. Entries below -87.3 (after
// subtracting the row max) give exactly 0, so masked -inf entries get probability 0.
inline float softmax_exp(float x) { return pw::exp(x); }

template <typename C>
inline C expf_or_exp(C v) {
    if constexpr (std::is_same_v<C, float>) return softmax_exp(v);
    else return std::exp(v);
}

// One float row of softmax / log_softmax: max pass, exp-sum pass, normalize pass.
template <bool Log>
void softmax_row_f32(const float* x, float* y, int64_t n) {
    float m = -std::numeric_limits<float>::infinity();
    KILN_SIMD_REDUCE(max, m)
    for (int64_t i = 0; i < n; ++i) m = x[i] > m ? x[i] : m;
    if (m == -std::numeric_limits<float>::infinity()) m = 0;  // all -inf: PyTorch gives NaN, as 0/0 here
    float s = 0;
    if constexpr (Log) {
        KILN_SIMD_REDUCE(+, s)
        for (int64_t i = 0; i < n; ++i) s += softmax_exp(x[i] - m);
        const float shift = m + std::log(s);
        KILN_SIMD
        for (int64_t i = 0; i < n; ++i) y[i] = x[i] - shift;
    } else {
        KILN_SIMD_REDUCE(+, s)
        for (int64_t i = 0; i < n; ++i) {
            float e = softmax_exp(x[i] - m);
            y[i] = e;
            s += e;
        }
        const float inv = 1.0f / s;
        KILN_SIMD
        for (int64_t i = 0; i < n; ++i) y[i] *= inv;
    }
}

// Softmax along the middle dim of a contiguous [outer, n, inner] tensor: one pass for the max,
// one for the exp-sum, one to normalize. Float data computes in float, as PyTorch's CPU kernel.
template <typename T, bool Log>
void softmax_kernel(const T* in, T* out, int64_t outer, int64_t n, int64_t inner) {
    using C = calc_t<T>;
    if (inner == 1) {
        parallel_for(0, outer, grain_for(n), [&](int64_t b, int64_t e) {
            for (int64_t r = b; r < e; ++r) {
                const T* x = in + r * n;
                T* y = out + r * n;
                if constexpr (std::is_same_v<T, float>) {
                    softmax_row_f32<Log>(x, y, n);
                    continue;
                }
                C m = -std::numeric_limits<C>::infinity();
                for (int64_t i = 0; i < n; ++i) m = std::max(m, C(x[i]));
                if (std::isnan(m) || std::isinf(m)) {
                    // max() skips NaN; recompute so NaN propagates and an all -inf row gives NaN.
                    for (int64_t i = 0; i < n; ++i)
                        if (std::isnan(C(x[i]))) m = C(x[i]);
                    if (m == -std::numeric_limits<C>::infinity()) m = 0;
                }
                C s = 0;
                if constexpr (Log || !std::is_same_v<T, C>) {
                    for (int64_t i = 0; i < n; ++i) s += std::exp(C(x[i]) - m);
                } else {
                    for (int64_t i = 0; i < n; ++i) {
                        C v = std::exp(x[i] - m);
                        y[i] = v;
                        s += v;
                    }
                }
                if constexpr (Log) {
                    C shift = m + std::log(s);
                    for (int64_t i = 0; i < n; ++i) y[i] = T(C(x[i]) - shift);
                } else if constexpr (std::is_same_v<T, C>) {
                    C inv = C(1) / s;
                    for (int64_t i = 0; i < n; ++i) y[i] *= inv;
                } else {
                    C inv = C(1) / s;
                    for (int64_t i = 0; i < n; ++i) y[i] = T(std::exp(C(x[i]) - m) * inv);
                }
            }
        });
        return;
    }
    // Softmax over a dim that is not innermost: each thread takes (outer row, block of inner
    // positions) and walks the dim with the block's positions side by side.
    constexpr int64_t B = 64;
    const int64_t nblk = (inner + B - 1) / B;
    parallel_for(0, outer * nblk, grain_for(n * B), [&](int64_t b, int64_t e) {
        std::array<C, B> m, s;
        for (int64_t t = b; t < e; ++t) {
            const int64_t o = t / nblk, j0 = (t % nblk) * B, cnt = std::min(B, inner - j0);
            const T* x = in + o * n * inner + j0;
            T* y = out + o * n * inner + j0;
            for (int64_t j = 0; j < cnt; ++j) {
                m[size_t(j)] = -std::numeric_limits<C>::infinity();
                s[size_t(j)] = 0;
            }
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < cnt; ++j) {
                    C v = C(x[i * inner + j]);
                    if (!(v <= m[size_t(j)])) m[size_t(j)] = std::isnan(m[size_t(j)]) ? m[size_t(j)] : v;
                }
            for (int64_t j = 0; j < cnt; ++j)
                if (m[size_t(j)] == -std::numeric_limits<C>::infinity()) m[size_t(j)] = 0;
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < cnt; ++j) s[size_t(j)] += expf_or_exp(C(x[i * inner + j]) - m[size_t(j)]);
            if constexpr (Log) {
                // log of each position's sum once, not once per element (a log per element made
                // log_softmax over dim 1 of [64, 128, 32, 32] four times slower than softmax)
                for (int64_t j = 0; j < cnt; ++j) s[size_t(j)] = std::log(s[size_t(j)]);
            }
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < cnt; ++j) {
                    C v = C(x[i * inner + j]) - m[size_t(j)];
                    if constexpr (Log) y[i * inner + j] = T(v - s[size_t(j)]);
                    else y[i * inner + j] = T(expf_or_exp(v) / s[size_t(j)]);
                }
        }
    });
}

// The input gradient of softmax over rows of n (the dim innermost), gx = y * (g - sum(g * y)), in one
// pass per row (ATen's _softmax_backward_data form) instead of the composition of mul, sum, sub and
// mul (four passes, three temporaries): a ViT's attention probabilities, 16 x 12 x 65 x 65, took
// 2.67 ms per backward at one thread on the H200 host's Xeon against PyTorch's 1.09. The arithmetic is
// the composition's, operation for operation: products rounded to T, summed in double by
// SumOp::reduce_contig's four accumulators, the row sum rounded to T, then the subtraction and the
// product each rounded (training runs print the same losses as before). log_softmax's gradient
// keeps its composition (its exp is the pointwise kernel's).
template <typename T>
void softmax_backward_rows(const T* g, const T* y, T* gx, int64_t outer, int64_t n) {
    parallel_for(0, outer, grain_for(2 * n), [&](int64_t b, int64_t e) {
        std::vector<T> prod(static_cast<size_t>(n));  // g * y of one row, stored so that no FMA fuses it into the sum
        for (int64_t r = b; r < e; ++r) {
            const T* gr = g + r * n;
            const T* yr = y + r * n;
            T* o = gx + r * n;
            for (int64_t i = 0; i < n; ++i) prod[size_t(i)] = gr[i] * yr[i];
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            int64_t i = 0;
            for (; i + 4 <= n; i += 4) {
                s0 += double(prod[size_t(i)]);
                s1 += double(prod[size_t(i + 1)]);
                s2 += double(prod[size_t(i + 2)]);
                s3 += double(prod[size_t(i + 3)]);
            }
            for (; i < n; ++i) s0 += double(prod[size_t(i)]);
            const T s = T((s0 + s1) + (s2 + s3));
            for (int64_t j = 0; j < n; ++j) o[j] = yr[j] * (gr[j] - s);
        }
    });
}

// softmax_backward_rows where it applies (a CPU float32/float64 gradient of y's dtype and shape, the
// dim innermost, no graph to record, and rows that sum() reduces one per task: not the few long rows
// it splits across threads): the gradient, else an undefined tensor (the caller composes).
Tensor softmax_backward_fused(const Tensor& g, const Tensor& y, int64_t d) {
    if (y.dim() == 0 || g.device() != Device::CPU || y.device() != Device::CPU || g.dtype() != y.dtype() ||
        (y.dtype() != DType::Float32 && y.dtype() != DType::Float64) || g.sizes() != y.sizes() ||
        autograd::needs_grad({g, y}) || g.is_meta() || y.is_meta() || meta_mode())
        return Tensor();
    for (int64_t i = d + 1; i < y.dim(); ++i)
        if (y.sizes()[size_t(i)] != 1) return Tensor();
    const int64_t n = y.sizes()[size_t(d)];
    const int64_t outer = n > 0 ? y.numel() / n : 0;
    if (outer < num_threads() && n >= 2 * kParallelGrain) return Tensor();
    Tensor gc = contiguous(g), yc = contiguous(y);
    Tensor out = Tensor::empty(y.sizes(), y.dtype(), Device::CPU);
    if (outer == 0) return out;
    if (y.dtype() == DType::Float32)
        softmax_backward_rows<float>(gc.data_ptr<float>(), yc.data_ptr<float>(), out.data_ptr<float>(), outer, n);
    else
        softmax_backward_rows<double>(gc.data_ptr<double>(), yc.data_ptr<double>(), out.data_ptr<double>(), outer, n);
    return out;
}

template <bool Log>
Tensor softmax_impl(const Tensor& x_in, int64_t dim, std::optional<DType> dtype) {
    Tensor x = dtype ? to_dtype(x_in, *dtype) : x_in;
    const int64_t d = wrap_dim(dim, x.dim());
    const bool last = x.dim() == 0 || d == x.dim() - 1;
    KILN_CHECK(x.is_floating_point(), NotImplementedError, "\"", Log ? "log_softmax" : "softmax",
               last ? "_lastdim_kernel_impl" : "_kernel_impl", "\" not implemented for '", dtype_scalar_type_name(x.dtype()),
               "'");
    Tensor xc = contiguous(x.detach());
    Tensor out = Tensor::empty(x.sizes(), x.dtype(), x.device());
    int64_t outer = 1, inner = 1, n = x.dim() == 0 ? 1 : x.sizes()[size_t(d)];
    for (int64_t i = 0; i < d; ++i) outer *= x.sizes()[size_t(i)];
    for (int64_t i = d + 1; i < x.dim(); ++i) inner *= x.sizes()[size_t(i)];
    if (x.device() == Device::CUDA) {
        if (x.numel() > 0) cuda::softmax(Log, xc.raw_data(), out.raw_data(), uint8_t(x.dtype()), outer, n, inner);
    } else if (x.numel() > 0) {
        dispatch_dtype(x.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (is_float_v<T>) softmax_kernel<T, Log>(xc.data_ptr<T>(), out.data_ptr<T>(), outer, n, inner);
        });
    }
    if (autograd::needs_grad({x})) {
        SavedOutput so(out);
        const bool zero_dim = x.dim() == 0;
        autograd::record(Log ? "LogSoftmaxBackward0" : "SoftmaxBackward0", {x}, {out}, [so, d, zero_dim](const Grads& g) {
            Tensor y = so.get();
            std::vector<int64_t> dims = {d};
            // derivatives.yaml: _log_softmax_backward_data / _softmax_backward_data(grad, output, dim, dtype)
            profiler::push_tree({{Log ? "aten::_log_softmax_backward_data" : "aten::_softmax_backward_data",
                                  {g[0].sizes(), y.sizes(), {}, {}}, {}}});
            if constexpr (!Log)
                if (!zero_dim)
                    if (Tensor fused = softmax_backward_fused(g[0], y, d); fused.defined()) return Grads{fused};
            if constexpr (Log) {
                // d log_softmax: g - softmax * sum(g)
                Tensor gs = zero_dim ? g[0] : sum(g[0], dims, true);
                return Grads{sub(g[0], mul(exp(y), gs))};
            } else {
                // d softmax: y * (g - sum(g * y))
                Tensor gy = mul(g[0], y);
                Tensor gs = zero_dim ? gy : sum(gy, dims, true);
                return Grads{mul(y, sub(g[0], gs))};
            }
        });
        so.attach(out);
    }
    return out;
}

}  // namespace

Tensor softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
    KILN_AUTOCAST_CUDA(x, softmax(x, dim, amp::fp32_opt_dtype(x, dtype)));
    return softmax_impl<false>(x, dim, dtype);
}
Tensor log_softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
    KILN_AUTOCAST_CUDA(x, log_softmax(x, dim, amp::fp32_opt_dtype(x, dtype)));
    return softmax_impl<true>(x, dim, dtype);
}

// ==== logsumexp / norm ============================================================================

Tensor logsumexp(const Tensor& x_in, const std::vector<int64_t>& dims, bool keepdim) {
    // Integer inputs are computed in the default float dtype, as PyTorch does.
    Tensor x = x_in.is_floating_point() ? x_in : to_dtype(x_in, default_float_dtype());
    std::vector<bool> mask = reduce_mask(x, dims);
    ReducePlan plan = make_plan(x, mask);
    Tensor out = Tensor::empty(plan.out(keepdim), x.dtype());
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (is_float_v<T>) run_reduce<T>(x, plan, LogSumExpOp<T>{out.data_ptr<T>()});
    });
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        SavedOutput so(out);
        Shape out_keep = plan.out_keep;
        autograd::record("LogsumexpBackward0", {x}, {out}, [sx, so, out_keep](const Grads& g) {
            // d logsumexp / dx = exp(x - result)
            Tensor xv = sx.get();
            return Grads{mul(reshape(g[0], out_keep), exp(sub(xv, reshape(so.get(), out_keep))))};
        });
        so.attach(out);
    }
    return out;
}

namespace {
// A norm off the CPU (NormOp reads host memory), from ops with kernels there: |x|'s sum, max or
// power sum, as ATen's norm reduces.
Tensor norm_from_reductions(const Tensor& x, double p, const std::vector<int64_t>& dims, bool keepdim) {
    if (p == 0) return sum(to_dtype(ne(x, Scalar(0.0)), x.dtype()), dims, keepdim, std::nullopt);
    if (p == 2) return sqrt(sum(mul(x, x), dims, keepdim, std::nullopt));
    const Tensor a = abs(x);
    if (std::isinf(p)) return p > 0 ? amax(a, dims, keepdim) : amin(a, dims, keepdim);
    if (p == 1) return sum(a, dims, keepdim, std::nullopt);
    return pow(sum(pow(a, Scalar(p)), dims, keepdim, std::nullopt), Scalar(1.0 / p));
}
}  // namespace

namespace {
// d norm_p(x) / dx times g, for the norm `out` of x over the dims in `mask` (out_keep: out's shape with
// the reduced dims kept as 1): ATen's norm_backward, shared by linalg.vector_norm and torch.dist.
Tensor vector_norm_backward(const Tensor& g, const Tensor& xv, const Tensor& out, const std::vector<bool>& mask,
                            const Shape& out_keep, double p) {
    Tensor gk = reshape(g, out_keep);
    Tensor nk = reshape(out, out_keep);
    if (p == 0) return zeros_like(xv);
    if (p == 1) return mul(sign(xv), gk);
    if (std::isinf(p)) {
        // The extreme |x| takes the gradient, split evenly among ties, with x's sign.
        return mul(sign(xv), evenly_distribute(g, abs(xv), out, mask, out_keep));
    }
    Tensor zero_norm = eq(nk, Scalar(0.0));
    if (p == 2) return mul(xv, masked_fill(div(gk, nk), zero_norm, Scalar(0.0)));
    // x |x|^(p-2) g / norm^(p-1), and 0 where the norm is 0.
    Tensor scale = masked_fill(div(gk, pow(nk, Scalar(p - 1))), zero_norm, Scalar(0.0));
    return mul(mul(xv, pow(abs(xv), Scalar(p - 2))), scale);
}
}  // namespace

namespace {
// The 2-norm of a contiguous float32 CPU tensor over its trailing dims (all of them: a gradient's
// norm in clip_grad_norm_; the last: F.normalize's rows): NormOp's sum of squares in double, but in
// eight independent lanes that the compiler vectorizes (NormOp's per-element branches on p and NaN
// kept it scalar: 2.4% of a GPT training step, where ATen's norm two kernel is vectorized). Squares
// of floats are exact in double, so only the order of the additions differs, far below float's
// rounding of the result; NaN and inf propagate through the sum as NormOp propagates them. Long
// rows are summed in fixed chunks, so the result does not depend on the thread count. Returns
// false where it does not apply.
bool norm2_f32_trailing(const Tensor& x, const std::vector<bool>& mask, Tensor& out) {
    if (x.device() != Device::CPU || x.dtype() != DType::Float32 || x.numel() == 0 || !x.is_contiguous()) return false;
    int64_t d = x.dim();
    while (d > 0 && mask[size_t(d - 1)]) --d;
    for (int64_t i = 0; i < d; ++i)
        if (mask[size_t(i)]) return false;
    if (d == x.dim() && x.dim() > 0) return false;  // nothing reduced
    int64_t inner = 1;
    for (int64_t i = d; i < x.dim(); ++i) inner *= x.size(i);
    const int64_t outer = x.numel() / inner;
    const float* src = x.data_ptr<float>();
    float* dst = out.data_ptr<float>();
    auto sumsq = [](const float* v, int64_t n) {
        double s = 0;
        KILN_SIMD_REDUCE(+, s)
        for (int64_t i = 0; i < n; ++i) s += double(v[i]) * double(v[i]);
        return s;
    };
    constexpr int64_t kChunk = 16384;
    if (outer == 1 && inner > kChunk) {
        const int64_t chunks = (inner + kChunk - 1) / kChunk;
        std::vector<double> part(size_t(chunks), 0.0);
        parallel_for(0, chunks, 4, [&](int64_t b, int64_t e) {
            for (int64_t c = b; c < e; ++c) part[size_t(c)] = sumsq(src + c * kChunk, std::min(kChunk, inner - c * kChunk));
        });
        double s = 0;
        for (double v : part) s += v;
        dst[0] = float(std::sqrt(s));
        return true;
    }
    parallel_for(0, outer, grain_for(inner), [&](int64_t b, int64_t e) {
        for (int64_t r = b; r < e; ++r) dst[r] = float(std::sqrt(sumsq(src + r * inner, inner)));
    });
    return true;
}
}  // namespace

Tensor norm(const Tensor& x, double p, const std::vector<int64_t>& dims, bool keepdim) {
    KILN_CHECK(x.is_floating_point(), RuntimeError,
               "linalg.vector_norm: Expected a floating point or complex tensor as input. Got ",
               dtype_scalar_type_name(x.dtype()));
    std::vector<bool> mask = reduce_mask(x, dims);
    ReducePlan plan = make_plan(x, mask);
    // Negative and infinite orders have no identity, so they cannot reduce an empty tensor.
    KILN_CHECK(x.numel() != 0 || !(p < 0 || std::isinf(p)), RuntimeError,
               "linalg.vector_norm cannot compute the ", std::isinf(p) ? (p > 0 ? "inf" : "-inf") : str(p),
               " norm on an empty tensor because the operation does not have an identity");
    Tensor out;
    if (x.device() == Device::CPU) {
        out = Tensor::empty(plan.out(keepdim), x.dtype());
        if (p != 2 || !norm2_f32_trailing(x, mask, out))
            dispatch_dtype(x.dtype(), [&](auto tag) {
                using T = typename decltype(tag)::type;
                if constexpr (is_float_v<T>) run_reduce<T>(x, plan, NormOp<T>{out.data_ptr<T>(), p});
            });
    } else {
        autograd::NoGradGuard no_grad;
        out = norm_from_reductions(x, p, dims, keepdim);
    }
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        SavedOutput so(out);
        Shape out_keep = plan.out_keep;
        autograd::record("LinalgVectorNormBackward0", {x}, {out}, [sx, so, out_keep, mask, p](const Grads& g) {
            return Grads{vector_norm_backward(g[0], sx.get(), so.get(), mask, out_keep, p)};
        });
        so.attach(out);
    }
    return out;
}

// torch.dist(a, b, p): the p-norm of a - b (broadcast) as one op with its own node, DistBackward0, as
// ATen's dist is: a gets norm_backward of the difference, b its negation, each summed to its shape.
Tensor dist(const Tensor& a, const Tensor& b, double p) {
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        out = norm(sub(a, b), p);
    }
    if (autograd::needs_grad({a, b})) {
        SavedTensor sa(a), sb(b);
        SavedOutput so(out);
        Shape sha = a.sizes(), shb = b.sizes();
        autograd::record("DistBackward0", {a, b}, {out}, [sa, sb, so, sha, shb, p](const Grads& g) {
            Tensor d = sub(sa.get(), sb.get());
            std::vector<bool> mask(d.dim(), true);
            Tensor gd = vector_norm_backward(g[0], d, so.get(), mask, Shape(static_cast<size_t>(d.dim()), int64_t{1}), p);
            return Grads{autograd::sum_to(gd, sha), neg(autograd::sum_to(gd, shb))};
        });
        so.attach(out);
    }
    return out;
}

// ==== all / any ===================================================================================

namespace {
// Over a bool tensor (another dtype is first compared with 0, NaN counting as true as in PyTorch):
// one kernel per direction instead of one per dtype, which the browser downloads.
template <bool IsAll>
Tensor all_any(const Tensor& x) {
    if (x.dtype() != DType::Bool) {
        autograd::NoGradGuard no_grad;
        return all_any<IsAll>(ne(x.detach(), Scalar(int64_t(0))));
    }
    ReducePlan plan = make_plan(x, reduce_mask(x, {}));
    Tensor out = Tensor::empty({}, DType::Bool);
    run_reduce<bool>(x, plan, AllAnyOp<bool, IsAll>{out.data_ptr<bool>()});
    return out;
}

// torch.all/any give bool for every dtype but uint8, whose result stays uint8 (PyTorch's documented
// exception, kept for backward compatibility).
Tensor as_input_kind(const Tensor& result, const Tensor& x) {
    return x.dtype() == DType::UInt8 ? to_dtype(result, DType::UInt8) : result;
}
}  // namespace

// On the GPU, through the counting form below (a sum over every dim: one reduction kernel).
Tensor all(const Tensor& x) {
    return x.device() == Device::CUDA ? all(x, {}, false) : as_input_kind(all_any<true>(x), x);
}
Tensor any(const Tensor& x) {
    return x.device() == Device::CUDA ? any(x, {}, false) : as_input_kind(all_any<false>(x), x);
}

Tensor all(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim) {
    Tensor c = sum(to_dtype(eq(x, Scalar(int64_t(0))), DType::Int64), dims, keepdim);
    return as_input_kind(eq(c, Scalar(int64_t(0))), x);
}
Tensor any(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim) {
    Tensor c = sum(to_dtype(ne(x, Scalar(int64_t(0))), DType::Int64), dims, keepdim);
    return as_input_kind(gt(c, Scalar(int64_t(0))), x);
}

// ==== cumsum ======================================================================================

Tensor cumsum(const Tensor& x, int64_t dim) {
    if (x.is_complex()) return complex_cumsum(x, dim);
    const int64_t d = wrap_dim(dim, x.dim());
    Tensor xc = contiguous(x.detach());
    DType out_dt = x.is_floating_point() ? x.dtype() : DType::Int64;
    Tensor out = Tensor::empty(x.sizes(), out_dt);
    int64_t outer = 1, inner = 1, n = x.dim() == 0 ? 1 : x.sizes()[size_t(d)];
    for (int64_t i = 0; i < d; ++i) outer *= x.sizes()[size_t(i)];
    for (int64_t i = d + 1; i < x.dim(); ++i) inner *= x.sizes()[size_t(i)];
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using S = SumOp<T>;
        using Acc = typename S::Acc;
        using O = typename S::O;
        using C = calc_t<T>;
        const T* in = xc.data_ptr<T>();
        O* o = out.data_ptr<O>();
        parallel_for(0, outer * inner, grain_for(n), [&](int64_t b, int64_t e) {
            for (int64_t t = b; t < e; ++t) {
                const int64_t base = (t / inner) * n * inner + t % inner;
                Acc acc = 0;
                for (int64_t i = 0; i < n; ++i) {
                    acc += Acc(C(in[base + i * inner]));
                    if constexpr (S::kFloat) o[base + i * inner] = O(C(acc));
                    else o[base + i * inner] = acc;
                }
            }
        });
    });
    if (autograd::needs_grad({x}) && out.is_floating_point()) {
        const bool zero_dim = x.dim() == 0;
        autograd::record("CumsumBackward0", {x}, {out}, [d, zero_dim](const Grads& g) {
            if (zero_dim) return Grads{g[0]};
            // The reversed cumulative sum: total - (inclusive prefix) + own element.
            return Grads{add(sub(sum(g[0], {d}, true), cumsum(g[0], d)), g[0])};
        });
    }
    return out;
}

}  // namespace kiln
