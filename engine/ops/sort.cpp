// Order statistics and related dim-wise ops: sort, argsort, topk, median, cumprod, nonzero,
// unique, aminmax. Each works on rows along one dim: the input is moved so that dim is last and
// made contiguous, every row is processed on its own, and results are moved back. Floating NaNs
// order as larger than every number (as PyTorch's sort does).
#include <algorithm>
#include <climits>
#include <cmath>
#include <type_traits>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/complex_unary.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

using autograd::Grads;

// Half and BFloat16 are loaded as float, the narrow integers as int64 (tensor.h compute_t).
template <typename T>
using calc_t = compute_t<T>;

template <typename C>
inline bool nan_of(C v) {
    if constexpr (std::is_floating_point_v<C>) return std::isnan(v);
    else return false;
}

// a < b with NaN largest.
template <typename C>
inline bool nan_less(C a, C b) {
    if constexpr (std::is_floating_point_v<C>) {
        if (std::isnan(b)) return !std::isnan(a);
        if (std::isnan(a)) return false;
    }
    return a < b;
}

// The input with dim moved last, contiguous; n = the row length (1 for a 0-dim tensor).
struct Rows {
    Tensor xc;
    int64_t d = 0, n = 1, rows = 0;
    bool zero_dim = false;
};

Rows rows_of(const Tensor& x, int64_t dim) {
    Rows r;
    r.zero_dim = x.dim() == 0;
    r.d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
    if (r.zero_dim) {
        r.xc = reshape(x.detach(), {1});
        r.n = 1;
        r.rows = 1;
        return r;
    }
    r.xc = contiguous(movedim(x.detach(), r.d, -1));
    r.n = x.sizes()[size_t(r.d)];
    r.rows = r.n == 0 ? 0 : x.numel() / r.n;
    return r;
}

// Back from the dim-last layout of shape `last_shape` to the input's dim order.
Tensor unrows(const Tensor& t, const Rows& r, const Shape& orig_shape_with_k) {
    if (r.zero_dim) return reshape(t, {});
    (void)orig_shape_with_k;
    return contiguous(movedim(t, -1, r.d));
}

Shape last_shape(const Tensor& x, const Rows& r, int64_t k) {
    if (r.zero_dim) return {1};
    Shape s;
    for (int64_t i = 0; i < x.dim(); ++i)
        if (i != r.d) s.push_back(x.sizes()[size_t(i)]);
    s.push_back(k);
    return s;
}

// The index order of the keys k[0..n) that a stable sort gives (equal keys, NaNs among them, keep
// their input order; descending too), or its first `first` entries only (the rest of idx then in no
// particular order). (key, index) pairs are ordered by key, then index: a strict total order whose
// sorted sequence is the stable sort's, so an unstable sort of the pairs and a partial sort (topk's
// few largest of a long row) give the same result. Sorting the pairs themselves, not indices into
// the keys, keeps each comparison's data together: a 1M-element sort took 180 ms through the indices.
template <typename K>
struct KeyIndex {
    K key;
    int64_t index;
};

template <bool Descending, typename K>
void order_pairs(std::vector<KeyIndex<K>>& p, int64_t first) {
    auto before = [](const KeyIndex<K>& a, const KeyIndex<K>& b) {
        if (Descending ? nan_less(b.key, a.key) : nan_less(a.key, b.key)) return true;
        if (Descending ? nan_less(a.key, b.key) : nan_less(b.key, a.key)) return false;
        return a.index < b.index;
    };
    const int64_t n = int64_t(p.size());
    if (first >= n) {
        std::sort(p.begin(), p.end(), before);
    } else if (first > 0) {
        std::partial_sort(p.begin(), p.begin() + first, p.end(), before);
    }
}

// idx := the pairs' indices in the order above (or its first `first` entries, then the rest).
template <typename K>
void order_keys(std::vector<KeyIndex<K>>& pairs, bool descending, std::vector<int64_t>& idx, int64_t first) {
    if (descending) order_pairs<true>(pairs, first);
    else order_pairs<false>(pairs, first);
    idx.resize(pairs.size());
    for (size_t i = 0; i < pairs.size(); ++i) idx[i] = pairs[i].index;
}

// Sorted (stable) index order of each row (its first `first` entries only when first < n). The row is
// first widened to one of three key types (double, int64, uint64: each keeps the order, the ties and
// NaN of every dtype that widens to it), so the sort itself is instantiated three times rather than
// once per dtype (the browser's download).
template <typename T>
void row_order(const T* in, int64_t n, bool descending, std::vector<int64_t>& idx, int64_t first = INT64_MAX) {
    using C = calc_t<T>;
    using K = std::conditional_t<std::is_floating_point_v<C>, double,
                                 std::conditional_t<std::is_unsigned_v<C> && !std::is_same_v<C, bool>, uint64_t, int64_t>>;
    thread_local std::vector<KeyIndex<K>> pairs;
    pairs.resize(size_t(n));
    for (int64_t i = 0; i < n; ++i) pairs[size_t(i)] = {K(C(in[i])), i};
    order_keys(pairs, descending, idx, first);
}

// values/indices of the first k of each sorted row.
std::pair<Tensor, Tensor> sort_k(const Tensor& x, int64_t dim, int64_t k, bool descending, const char* grad_name) {
    Rows r = rows_of(x, dim);
    Shape ls = last_shape(x, r, k);
    Tensor vals = Tensor::empty(ls, x.dtype());
    Tensor inds = Tensor::empty(ls, DType::Int64);
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* in = r.xc.data_ptr<T>();
        T* vo = vals.data_ptr<T>();
        int64_t* io = inds.data_ptr<int64_t>();
        std::vector<int64_t> idx;
        for (int64_t row = 0; row < r.rows; ++row) {
            const T* src = in + row * r.n;
            row_order(src, r.n, descending, idx, k);
            for (int64_t j = 0; j < k; ++j) {
                vo[row * k + j] = src[idx[size_t(j)]];
                io[row * k + j] = idx[size_t(j)];
            }
        }
    });
    Tensor values = unrows(vals, r, {});
    Tensor indices = unrows(inds, r, {});
    if (autograd::needs_grad({x}) && x.is_floating_point()) {
        Shape in_shape = x.sizes();
        int64_t d = r.d;
        bool zd = r.zero_dim;
        Tensor ix = indices;
        autograd::record(grad_name, {x}, {values}, [in_shape, d, zd, ix](const Grads& g) {
            if (zd) return Grads{reshape(g[0], in_shape)};
            return Grads{scatter_add(zeros(in_shape, {g[0].dtype(), g[0].device()}), d, ix, g[0])};
        });
    }
    return {values, indices};
}

}  // namespace

std::pair<Tensor, Tensor> sort(const Tensor& x, int64_t dim, bool descending, bool stable) {
    (void)stable;
    int64_t n = x.dim() == 0 ? 1 : x.sizes()[size_t(wrap_dim(dim, x.dim()))];
    return sort_k(x, dim, n, descending, "SortBackward0");
}

Tensor argsort(const Tensor& x, int64_t dim, bool descending, bool stable) {
    autograd::NoGradGuard ng;
    return sort(x, dim, descending, stable).second;
}

std::pair<Tensor, Tensor> topk(const Tensor& x, int64_t k, int64_t dim, bool largest, bool sorted) {
    (void)sorted;
    int64_t n = x.dim() == 0 ? 1 : x.sizes()[size_t(wrap_dim(dim, x.dim()))];
    KILN_CHECK(k >= 0 && k <= n, RuntimeError, "selected index k out of range");
    return sort_k(x, dim, k, largest, "TopkBackward0");
}

Tensor median(const Tensor& x) {
    Tensor flat = reshape(x.detach(), {-1});
    const int64_t n = flat.numel();
    Tensor out = Tensor::empty({}, x.dtype());
    if (n == 0) {
        KILN_CHECK(x.is_floating_point(), IndexError, "median(): Expected reduction dim 0 to have non-zero size.");
        out = full({}, Scalar(std::nan("")), {x.dtype()});
    } else {
        Tensor fc = contiguous(flat);
        dispatch_dtype(x.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            const T* in = fc.data_ptr<T>();
            std::vector<int64_t> idx;
            row_order(in, n, false, idx);
            // With any NaN the median is NaN (NaNs sort last).
            T v = in[idx[size_t((n - 1) / 2)]];
            if (nan_of(calc_t<T>(in[idx[size_t(n - 1)]]))) v = in[idx[size_t(n - 1)]];
            out.data_ptr<T>()[0] = v;
        });
    }
    if (autograd::needs_grad({x}) && x.is_floating_point()) {
        Tensor xs = x.detach(), res = out.detach();  // not out itself: its node would hold it (a cycle)
        autograd::record("MedianBackward0", {x}, {out}, [xs, res](const Grads& g) {
            Tensor mask = logical_or(eq(xs, res), logical_and(ne(xs, xs), ne(res, res)));
            Tensor mf = to_dtype(mask, g[0].dtype());
            return Grads{div(mul(mf, g[0]), sum(mf))};
        });
    }
    return out;
}

std::pair<Tensor, Tensor> median(const Tensor& x, int64_t dim, bool keepdim) {
    Rows r = rows_of(x, dim);
    if (!r.zero_dim)
        KILN_CHECK(r.n > 0, IndexError, "median(): Expected reduction dim ", r.d, " to have non-zero size.");
    Shape ls = last_shape(x, r, 1);
    Tensor vals = Tensor::empty(ls, x.dtype());
    Tensor inds = Tensor::empty(ls, DType::Int64);
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using C = calc_t<T>;
        const T* in = r.xc.data_ptr<T>();
        T* vo = vals.data_ptr<T>();
        int64_t* io = inds.data_ptr<int64_t>();
        std::vector<int64_t> idx;
        for (int64_t row = 0; row < r.rows; ++row) {
            const T* src = in + row * r.n;
            int64_t pick = -1;
            for (int64_t j = 0; j < r.n; ++j)
                if (nan_of(C(src[j]))) {
                    pick = j;
                    break;
                }
            if (pick < 0) {
                row_order(src, r.n, false, idx);
                pick = idx[size_t((r.n - 1) / 2)];
            }
            vo[row] = src[pick];
            io[row] = pick;
        }
    });
    Tensor values = unrows(vals, r, {});
    Tensor indices = unrows(inds, r, {});
    if (!keepdim && !r.zero_dim) {
        values = squeeze(values, r.d);
        indices = squeeze(indices, r.d);
    }
    if (autograd::needs_grad({x}) && x.is_floating_point()) {
        Shape in_shape = x.sizes();
        int64_t d = r.d;
        bool zd = r.zero_dim, kd = keepdim;
        Tensor ix = indices;
        autograd::record("MedianBackward1", {x}, {values}, [in_shape, d, zd, kd, ix](const Grads& g) {
            if (zd) return Grads{reshape(g[0], in_shape)};
            Tensor gk = kd ? g[0] : unsqueeze(g[0], d);
            Tensor ik = kd ? ix : unsqueeze(ix, d);
            return Grads{scatter_add(zeros(in_shape, {g[0].dtype(), g[0].device()}), d, ik, gk)};
        });
    }
    return {values, indices};
}

namespace {
// cumprod's Jacobian along `dim` per row, exact with zeros (no division), in double: J v (transpose
// false) gives out_j = sum_{i <= j} v_i * prod_{k <= j, k != i} x_k; J^T u (transpose true) gives
// grad_i = sum_{j >= i} u_j * prod_{k <= j, k != i} x_k.
Tensor cumprod_jacobian_product(const Tensor& v, const Tensor& x, int64_t dim, bool transpose) {
    autograd::NoGradGuard no_grad;
    Tensor vd = to_dtype(v, DType::Float64), xd = to_dtype(x, DType::Float64);
    Rows rv = rows_of(vd, dim), rx = rows_of(xd, dim);
    Tensor res = Tensor::empty(last_shape(xd, rx, rx.n), DType::Float64);
    const double* vp = rv.xc.data_ptr<double>();
    const double* xp = rx.xc.data_ptr<double>();
    double* rp = res.data_ptr<double>();
    const int64_t n = rx.n;
    std::vector<double> q(size_t(std::max<int64_t>(n, 0)));
    for (int64_t row = 0; row < rx.rows; ++row) {
        const double* vr = vp + row * n;
        const double* xr = xp + row * n;
        double* out = rp + row * n;
        if (transpose) {
            double before = 1.0;
            for (int64_t i = 0; i < n; ++i) {
                double p = before, acc = 0.0;
                for (int64_t j = i; j < n; ++j) {
                    if (j > i) p *= xr[j];
                    acc += vr[j] * p;
                }
                out[i] = acc;
                before *= xr[i];
            }
        } else {
            // q_i = prod_{k <= j, k != i} x_k, advanced one j at a time
            double before = 1.0;
            for (int64_t j = 0; j < n; ++j) {
                for (int64_t i = 0; i < j; ++i) q[size_t(i)] *= xr[j];
                q[size_t(j)] = before;
                before *= xr[j];
                double acc = 0.0;
                for (int64_t i = 0; i <= j; ++i) acc += vr[i] * q[size_t(i)];
                out[j] = acc;
            }
        }
    }
    return to_dtype(unrows(res, rx, {}), v.dtype());
}

// cumprod's gradient J^T g. It is linear in g: its own derivative there (CumprodBackwardBackward0:
// double backward in g, and forward-mode tangents, which are derived from this formula) is J,
// derivatives.yaml's cumprod_jvp.
Tensor cumprod_backward(const Tensor& grad, const Tensor& x, int64_t dim) {
    Tensor out = cumprod_jacobian_product(grad, x, dim, true);
    if (autograd::needs_grad({grad})) {
        Tensor xs = x.detach();
        autograd::record("CumprodBackwardBackward0", {grad}, {out},
                         [xs, dim](const Grads& g) { return Grads{cumprod_jacobian_product(g[0], xs, dim, false)}; });
    }
    return out;
}
}  // namespace

Tensor cumprod(const Tensor& x, int64_t dim) {
    if (x.is_complex()) return complex_cumprod(x, dim);
    Rows r = rows_of(x, dim);
    DType out_dt = x.is_floating_point() ? x.dtype() : DType::Int64;
    Shape ls = last_shape(x, r, r.n);
    Tensor o = Tensor::empty(ls, out_dt);
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using C = calc_t<T>;
        const T* in = r.xc.data_ptr<T>();
        if constexpr (std::is_floating_point_v<C>) {
            T* op = o.data_ptr<T>();
            for (int64_t row = 0; row < r.rows; ++row) {
                double acc = 1.0;
                for (int64_t j = 0; j < r.n; ++j) {
                    acc *= double(C(in[row * r.n + j]));
                    op[row * r.n + j] = T(C(acc));
                }
            }
        } else {
            int64_t* op = o.data_ptr<int64_t>();
            for (int64_t row = 0; row < r.rows; ++row) {
                uint64_t acc = 1;  // wraps like int64 arithmetic, without signed overflow
                for (int64_t j = 0; j < r.n; ++j) {
                    acc *= uint64_t(int64_t(in[row * r.n + j]));
                    op[row * r.n + j] = int64_t(acc);
                }
            }
        }
    });
    Tensor out = unrows(o, r, {});
    if (autograd::needs_grad({x}) && out.is_floating_point()) {
        Tensor xs = x.detach();
        int64_t dd = dim;
        autograd::record("CumprodBackward0", {x}, {out},
                         [xs, dd](const Grads& g) { return Grads{cumprod_backward(g[0], xs, dd)}; });
    }
    return out;
}

namespace {
// Where x is nonzero, in row-major order: calls emit(row, j) for row r of x seen as (rows, last dim)
// with a running count, as stream compaction does it: every element writes its candidate at the
// count and the count moves by its flag, so a random mask costs no mispredicted branches (a branch
// per element ran nonzero at ~30 ns an element on a half-true mask).
template <typename Emit>
int64_t compact_nonzero(const Tensor& xc, Emit&& emit) {
    const int64_t n = xc.numel(), w = xc.dim() ? xc.sizes().back() : 1, rows = w ? n / w : 0;
    int64_t cnt = 0;
    dispatch_dtype(xc.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using C = calc_t<T>;
        const T* in = xc.data_ptr<T>();
        for (int64_t r = 0; r < rows; ++r) {
            const T* row = in + r * w;
            cnt = emit(r, row, w, cnt, [](T v) { return int64_t(C(v) != C(0)); });
        }
    });
    return cnt;
}

// The number of nonzero elements of contiguous xc (a vectorizable count for bool).
int64_t count_nonzero_contiguous(const Tensor& xc) {
    const int64_t n = xc.numel();
    if (xc.dtype() == DType::Bool) {
        const uint8_t* m = reinterpret_cast<const uint8_t*>(xc.data_ptr<bool>());
        int64_t c = 0;
        for (int64_t i = 0; i < n; ++i) c += m[i] != 0;
        return c;
    }
    int64_t c = 0;
    dispatch_dtype(xc.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using C = calc_t<T>;
        const T* in = xc.data_ptr<T>();
        for (int64_t i = 0; i < n; ++i) c += C(in[i]) != C(0);
    });
    return c;
}
}  // namespace

Tensor nonzero(const Tensor& x) {
    require_not_meta("nonzero");
    require_data(x.impl()->storage.get());
    Tensor xc = contiguous(x.detach());
    const int64_t nd = x.dim();
    const int64_t cnt = count_nonzero_contiguous(xc);
    // One spare row: the compaction writes each element's coordinates before knowing whether it counts.
    Tensor buf = Tensor::empty({cnt + 1, std::max<int64_t>(nd, 1)}, DType::Int64);
    int64_t* o = buf.data_ptr<int64_t>();
    std::vector<int64_t> coord(size_t(std::max<int64_t>(nd, 1)), 0);  // the current row's leading coordinates
    const Shape& sz = x.sizes();
    compact_nonzero(xc, [&](int64_t r, const auto* row, int64_t w, int64_t c, auto flag) {
        if (r > 0)  // the odometer: the next row's leading coordinates
            for (int64_t d = nd - 2; d >= 0; --d) {
                if (++coord[size_t(d)] < sz[size_t(d)]) break;
                coord[size_t(d)] = 0;
            }
        for (int64_t j = 0; j < w; ++j) {
            int64_t* dst = o + c * nd;  // c <= cnt: row cnt is the spare
            for (int64_t d = 0; d + 1 < nd; ++d) dst[d] = coord[size_t(d)];
            if (nd) dst[nd - 1] = j;
            c += flag(row[j]);
        }
        return c;
    });
    if (nd == 0) return Tensor::empty({cnt, 0}, DType::Int64);
    return contiguous(narrow(buf, 0, 0, cnt));
}

Tensor nonzero_flat(const Tensor& x) {
    require_not_meta("nonzero");
    require_data(x.impl()->storage.get());
    Tensor xc = contiguous(x.detach());
    const int64_t cnt = count_nonzero_contiguous(xc);
    Tensor out = Tensor::empty({cnt + 1}, DType::Int64);
    int64_t* o = out.data_ptr<int64_t>();
    compact_nonzero(xc, [&](int64_t r, const auto* row, int64_t w, int64_t c, auto flag) {
        const int64_t base = r * w;
        for (int64_t j = 0; j < w; ++j) {
            o[c] = base + j;  // c <= cnt: element cnt is the spare
            c += flag(row[j]);
        }
        return c;
    });
    return narrow(out, 0, 0, cnt);
}

std::vector<Tensor> unique(const Tensor& x, bool return_inverse, bool return_counts) {
    require_not_meta("unique");
    require_data(x.impl()->storage.get());
    Tensor flat = contiguous(reshape(x.detach(), {-1}));
    const int64_t n = flat.numel();
    Tensor inverse = Tensor::empty(x.sizes(), DType::Int64);
    std::vector<int64_t> counts;
    Tensor values;
    dispatch_dtype(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using C = calc_t<T>;
        const T* in = flat.data_ptr<T>();
        std::vector<int64_t> idx;
        row_order(in, n, false, idx);
        std::vector<T> uniq;
        int64_t* inv = inverse.data_ptr<int64_t>();
        for (int64_t j = 0; j < n; ++j) {
            const T v = in[idx[size_t(j)]];
            if (uniq.empty() || !(C(uniq.back()) == C(v))) {
                uniq.push_back(v);
                counts.push_back(0);
            }
            counts.back() += 1;
            inv[idx[size_t(j)]] = int64_t(uniq.size()) - 1;
        }
        values = Tensor::empty({int64_t(uniq.size())}, x.dtype());
        T* vo = values.data_ptr<T>();
        for (size_t j = 0; j < uniq.size(); ++j) vo[j] = uniq[j];
    });
    std::vector<Tensor> out{values};
    if (return_inverse) out.push_back(inverse);
    if (return_counts) {
        Tensor c = Tensor::empty({int64_t(counts.size())}, DType::Int64);
        std::copy(counts.begin(), counts.end(), c.data_ptr<int64_t>());
        out.push_back(c);
    }
    return out;
}

std::pair<Tensor, Tensor> aminmax(const Tensor& x, std::optional<int64_t> dim, bool keepdim) {
    const char* msg = "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.";
    if (!dim) {
        KILN_CHECK(x.numel() > 0, RuntimeError, msg);
        if (keepdim) {
            Shape ones_shape(size_t(x.dim()), 1);
            return {reshape(amin(x), ones_shape), reshape(amax(x), ones_shape)};
        }
        return {amin(x), amax(x)};
    }
    return {amin(x, {*dim}, keepdim), amax(x, {*dim}, keepdim)};
}

}  // namespace kiln
