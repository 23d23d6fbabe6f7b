// Ops real programs call, built from other ops (see tensor_extra.h): diagonal (a view), diag, trace,
// meshgrid, einsum, cross, cdist. Where PyTorch has a dedicated backward (DiagonalBackward0,
// TraceBackward0, LinalgCrossBackward0, CdistBackward0) the op computes without history and records
// that node; einsum and meshgrid are differentiable through the ops they are made of, as in PyTorch.
#include "autograd/forward_ad.h"
#include "ops/tensor_extra.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/native_backward.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"
#include "tensor/shape.h"

namespace kiln {

using autograd::Grads;
using autograd::SavedTensor;

// ---- diagonal / diag / trace ---------------------------------------------------------------------

Tensor diagonal(const Tensor& t, int64_t offset, int64_t dim1, int64_t dim2) {
    const int64_t nd = t.dim();
    const int64_t d1 = wrap_dim(dim1, nd), d2 = wrap_dim(dim2, nd);
    KILN_CHECK(d1 != d2, RuntimeError, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
    const Shape& sz = t.sizes();
    const Shape& st = t.strides();
    int64_t len, off = t.storage_offset();
    if (offset >= 0) len = std::max<int64_t>(std::min(sz[size_t(d1)], sz[size_t(d2)] - offset), 0);
    else len = std::max<int64_t>(std::min(sz[size_t(d1)] + offset, sz[size_t(d2)]), 0);
    if (len > 0) off += offset >= 0 ? offset * st[size_t(d2)] : -offset * st[size_t(d1)];
    Shape sizes, strides;
    for (int64_t i = 0; i < nd; ++i)
        if (i != d1 && i != d2) {
            sizes.push_back(sz[size_t(i)]);
            strides.push_back(st[size_t(i)]);
        }
    sizes.push_back(len);
    strides.push_back(st[size_t(d1)] + st[size_t(d2)]);
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes = sizes;
    impl->strides = strides;
    impl->offset = off;
    impl->dtype = t.dtype();
    impl->base = t.impl()->base ? t.impl()->base : t.impl_ptr();
    impl->diff_view = autograd::grad_enabled() && dtype_is_floating(impl->dtype);
    mark_view_creation(*impl, *t.impl());
    impl->version_counter = t.impl()->version_counter;  // a view shares its base's counter
    impl->view_version = impl->storage->version;
    Tensor out(std::move(impl));
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        autograd::record("DiagonalBackward0", {t}, {out}, [in_shape, offset, d1, d2](const Grads& g) {
            return Grads{diagonal_backward(g[0], in_shape, offset, d1, d2)};
        });
    }
    return out;
}

Tensor diagonal_backward(const Tensor& grad, const std::vector<int64_t>& input_sizes, int64_t offset, int64_t dim1,
                         int64_t dim2) {
    if (meta_mode()) return Tensor::empty(input_sizes, grad.dtype(), grad.device());  // sizes only
    Tensor full = zeros(input_sizes, {grad.dtype(), grad.device()});
    Tensor part = diagonal(full, offset, dim1, dim2);
    {
        autograd::NoGradGuard no_grad;
        copy_(part, grad.detach());
    }
    if (autograd::needs_grad({grad}))  // double backward: the gradient's gradient is its diagonal
        autograd::record("DiagonalBackwardBackward0", {grad}, {full}, [offset, dim1, dim2](const Grads& g) {
            return Grads{diagonal(g[0], offset, dim1, dim2)};
        });
    return full;
}

Tensor diag(const Tensor& t, int64_t k) {
    KILN_CHECK(t.dim() == 1 || t.dim() == 2, RuntimeError, "diag(): Supports 1D or 2D tensors. Got ", t.dim(), "D");
    if (t.dim() == 2) return clone(diagonal(t, k, 0, 1));
    // 1-d: PyTorch's diag_embed (DiagEmbedBackward0: the gradient is the same diagonal of g).
    const int64_t n = t.sizes()[0] + (k < 0 ? -k : k);
    Tensor out = zeros({n, n}, {t.dtype(), t.device()});
    {
        autograd::NoGradGuard no_grad;
        Tensor part = diagonal(out, k, 0, 1);
        copy_(part, t.detach());
    }
    if (autograd::needs_grad({t}))
        autograd::record("DiagEmbedBackward0", {t}, {out}, [k](const Grads& g) { return Grads{clone(diagonal(g[0], k, 0, 1))}; });
    return out;
}

Tensor trace(const Tensor& t) {
    KILN_CHECK(t.dim() == 2, RuntimeError, "trace: expected a matrix, but got tensor with dim ", t.dim());
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        out = sum(diagonal(t.detach(), 0, 0, 1));
    }
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        const int64_t n = std::min(in_shape[0], in_shape[1]);
        autograd::record("TraceBackward0", {t}, {out}, [in_shape, n](const Grads& g) {
            return Grads{diagonal_backward(expand(g[0], {n}), in_shape, 0, 0, 1)};
        });
    }
    return out;
}

// ---- flip / repeat -------------------------------------------------------------------------------------

Tensor flip(const Tensor& t, const std::vector<int64_t>& dims) {
    std::vector<int64_t> wrapped;
    for (int64_t d : dims) {
        const int64_t w = wrap_dim(d, t.dim());
        KILN_CHECK(std::find(wrapped.begin(), wrapped.end(), w) == wrapped.end(), RuntimeError, "dim ", w,
                   " appears multiple times in the list of dims");
        wrapped.push_back(w);
    }
    Tensor r;
    {
        autograd::NoGradGuard no_grad;
        r = t.detach();
        for (int64_t w : wrapped) {
            if (t.dim() == 0) break;  // a 0-dim tensor has nothing to reverse (its dim 0 is only a name)
            const int64_t n = t.sizes()[size_t(w)];
            Tensor rev = arange(Scalar(n - 1), Scalar(int64_t(-1)), Scalar(int64_t(-1)));
            r = index_select(r, w, t.device() == Device::CPU ? rev : to_device(rev, t.device()));
        }
        if (wrapped.empty() || t.dim() == 0) r = clone(r);  // always a new tensor, as PyTorch's flip
    }
    if (autograd::needs_grad({t}))
        autograd::record("FlipBackward0", {t}, {r}, [wrapped](const Grads& g) { return Grads{flip(g[0], wrapped)}; });
    return r;
}

Tensor repeat(const Tensor& t, const std::vector<int64_t>& reps) {
    KILN_CHECK(int64_t(reps.size()) >= t.dim(), RuntimeError,
               "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
    Shape padded(reps.size() - size_t(t.dim()), 1);
    padded.insert(padded.end(), t.sizes().begin(), t.sizes().end());
    Shape inter, expanded, final_shape;
    bool overflowed = false;
    for (size_t i = 0; i < reps.size(); ++i) {
        inter.push_back(1);
        inter.push_back(padded[i]);
        expanded.push_back(reps[i]);
        expanded.push_back(padded[i]);
        int64_t n = 0;
        overflowed |= __builtin_mul_overflow(reps[i], padded[i], &n);
        final_shape.push_back(n);
    }
    // PyTorch allocates the target size first: its checks, before any view is built.
    KILN_CHECK(!overflowed, RuntimeError, "Storage size calculation overflowed with sizes=", shape_str(reps));
    for (int64_t n : final_shape)
        KILN_CHECK(n >= 0, RuntimeError, "Trying to create tensor with negative dimension ", n, ": ", shape_str(final_shape));
    checked_storage_nbytes(final_shape, t.element_size());
    Tensor r;
    {
        autograd::NoGradGuard no_grad;
        r = contiguous(reshape(expand(reshape(t.detach(), inter), expanded), final_shape));
        // With every repeat count 1 the views above are already contiguous and `contiguous` returns
        // them as they are: PyTorch's repeat always writes a new tensor (`x = zeros.repeat(1, 1)`
        // then `x += b` must neither alias nor be a no_grad view; pytorch-generative's VD-VAE at batch 1).
        if (r.impl()->storage == t.impl()->storage) r = clone(r);
    }
    if (autograd::needs_grad({t})) {
        const Shape in_shape = t.sizes();
        autograd::record("RepeatBackward0", {t}, {r}, [expanded, in_shape](const Grads& g) {
            // g as [r0, s0, r1, s1, ...]: the tiles' gradients summed over the r dims
            std::vector<int64_t> tiles;
            for (size_t i = 0; i < expanded.size(); i += 2) tiles.push_back(int64_t(i));
            return Grads{reshape(sum(reshape(g[0], expanded), tiles, false), in_shape)};
        });
    }
    return r;
}

// ---- clamp with tensor bounds --------------------------------------------------------------------------

Tensor clamp_tensors(const Tensor& x, const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
    KILN_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    Tensor r;
    {
        autograd::NoGradGuard no_grad;
        r = x.detach();
        if (min) r = maximum(r, min->detach());
        if (max) r = minimum(r, max->detach());
    }
    std::vector<Tensor> inputs = {x};
    if (min) inputs.push_back(*min);
    if (max) inputs.push_back(*max);
    if (autograd::needs_grad(inputs)) {
        Tensor xs = x.detach(), lo = min ? min->detach() : Tensor(), hi = max ? max->detach() : Tensor();
        const Shape xshape = x.sizes(), lshape = min ? min->sizes() : Shape{}, hshape = max ? max->sizes() : Shape{};
        autograd::record("ClampBackward0", inputs, {r}, [xs, lo, hi, xshape, lshape, hshape](const Grads& g) {
            Tensor zero = zeros({}, {g[0].dtype(), g[0].device()});
            auto keep = [&](const Tensor& mask, const Shape& shape) { return autograd::sum_to(where(mask, g[0], zero), shape); };
            Tensor in_range;
            if (lo.defined()) in_range = ge(xs, lo);
            if (hi.defined()) in_range = in_range.defined() ? logical_and(in_range, le(xs, hi)) : le(xs, hi);
            Grads out = {keep(in_range, xshape)};
            if (lo.defined()) out.push_back(keep(hi.defined() ? logical_and(lt(xs, lo), lt(lo, hi)) : lt(xs, lo), lshape));
            if (hi.defined()) out.push_back(keep(lo.defined() ? logical_or(gt(xs, hi), lt(hi, lo)) : gt(xs, hi), hshape));
            return out;
        });
    }
    return r;
}

// ---- meshgrid ----------------------------------------------------------------------------------------

std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing) {
    KILN_CHECK(!tensors.empty(), RuntimeError, "meshgrid expects a non-empty TensorList");
    KILN_CHECK(indexing == "ij" || indexing == "xy", RuntimeError,
               "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing);
    for (size_t i = 1; i < tensors.size(); ++i)
        KILN_CHECK(tensors[i].dtype() == tensors[0].dtype() && tensors[i].device() == tensors[0].device(), RuntimeError,
                   "torch.meshgrid: Expected all tensors in the tensor list to have the same dtype and device.");
    for (const Tensor& t : tensors)
        KILN_CHECK(t.dim() <= 1, RuntimeError, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: ",
                   t.dim(), "D");
    // "xy" is "ij" with the first two inputs (and outputs) swapped: the first input runs along columns.
    std::vector<Tensor> in = tensors;
    const bool swap = indexing == "xy" && in.size() >= 2;
    if (swap) std::swap(in[0], in[1]);
    Shape grid;
    for (const Tensor& t : in) grid.push_back(t.numel());
    std::vector<Tensor> out;
    for (size_t i = 0; i < in.size(); ++i) {
        Shape view_shape(in.size(), 1);
        view_shape[i] = -1;
        out.push_back(expand(view(in[i], view_shape), grid));
    }
    if (swap) std::swap(out[0], out[1]);
    return out;
}

// ---- einsum ------------------------------------------------------------------------------------------
namespace {

constexpr int kLetters = 52;  // 'A'-'Z' then 'a'-'z' (PyTorch's label order for the implicit output)
int label_of(char c) { return c >= 'A' && c <= 'Z' ? c - 'A' : c - 'a' + 26; }
char char_of(int l) { return l < 26 ? char('A' + l) : char('a' + l - 26); }

// One operand's subscripts: labels (0..51), with -1 standing for where '...' is.
struct Subscripts {
    std::vector<int> labels;
    bool ellipsis = false;
};

Subscripts parse_subscripts(const std::string& s, size_t base, const char* where) {
    Subscripts out;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == ' ') continue;
        if (c == '.') {
            KILN_CHECK(!out.ellipsis && i + 2 < s.size() + 0 && s[i + 1] == '.' && s[i + 2] == '.', RuntimeError,
                       "einsum(): found '.' for ", where, " that is not part of any ellipsis");
            out.ellipsis = true;
            out.labels.push_back(-1);
            i += 2;
            continue;
        }
        KILN_CHECK((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'), RuntimeError,
                   "einsum(): invalid subscript given at index ", base + i, " in the equation string, subscripts must be in [a-zA-Z]");
        out.labels.push_back(label_of(c));
    }
    return out;
}

// left and right aligned over the same dims; sums `sum_dims` (a mask) and contracts the dims both have
// through one bmm, keeping every dim (summed ones as size 1), as PyTorch's sumproduct_pair.
Tensor sumproduct_pair(Tensor left, Tensor right, const std::vector<bool>& sum_dims) {
    const int64_t n = left.dim();
    std::vector<int64_t> lro, lo, ro, sm;
    int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
    Shape out_sizes(size_t(n), 1);
    for (int64_t i = 0; i < n; ++i) {
        const int64_t ls = left.sizes()[size_t(i)], rs = right.sizes()[size_t(i)];
        const bool sl = ls > 1, sr = rs > 1;
        if (sl && sr)
            KILN_CHECK(ls == rs, RuntimeError, "einsum(): operands do not broadcast with remapped shapes (original->remapped): ",
                       shape_str(left.sizes()), " and ", shape_str(right.sizes()));
        if (sum_dims[size_t(i)]) {
            if (sl && sr) {
                sm.push_back(i);
                sum_size *= ls;
            } else if (sl) {
                left = sum(left, {i}, true);
            } else if (sr) {
                right = sum(right, {i}, true);
            }
        } else if (sl && sr) {
            lro.push_back(i);
            lro_size *= ls;
            out_sizes[size_t(i)] = ls;
        } else if (sl) {
            lo.push_back(i);
            lo_size *= ls;
            out_sizes[size_t(i)] = ls;
        } else {
            ro.push_back(i);
            ro_size *= rs;
            out_sizes[size_t(i)] = rs;
        }
    }
    // Dims of size 1 in both sides that are summed or kept go with lo/ro (size 1, no effect).
    for (int64_t i = 0; i < n; ++i) {
        const bool used = std::count(lro.begin(), lro.end(), i) || std::count(lo.begin(), lo.end(), i) ||
                          std::count(ro.begin(), ro.end(), i) || std::count(sm.begin(), sm.end(), i);
        if (!used) lo.push_back(i);
    }
    std::vector<int64_t> lperm, rperm;
    for (auto v : {&lro, &lo, &sm}) lperm.insert(lperm.end(), v->begin(), v->end());
    for (auto v : {&lro, &sm, &ro}) rperm.insert(rperm.end(), v->begin(), v->end());
    // right's lo dims (size 1) go after ro so that every dim is permuted.
    for (int64_t i : lo) rperm.push_back(i);
    for (int64_t i : ro) lperm.push_back(i);
    Tensor l = reshape(permute(left, lperm), {lro_size, lo_size, sum_size});
    Tensor r = reshape(permute(right, rperm), {lro_size, sum_size, ro_size});
    Tensor prod = bmm(l, r);  // [lro, lo, ro]
    // Back to the dim order: the result's dims are lro, lo, ro (sizes), then the summed ones (1).
    Shape shape;
    std::vector<int64_t> order;
    for (auto v : {&lro, &lo, &ro, &sm})
        for (int64_t i : *v) {
            shape.push_back(std::count(sm.begin(), sm.end(), i) ? 1 : out_sizes[size_t(i)]);
            order.push_back(i);
        }
    Tensor res = reshape(prod, shape);
    std::vector<int64_t> inv(static_cast<size_t>(n));
    for (size_t j = 0; j < order.size(); ++j) inv[size_t(order[j])] = int64_t(j);
    return permute(res, inv);
}

}  // namespace

Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands) {
    KILN_CHECK(!operands.empty(), ValueError, "einsum(): must provide at least one operand");
    const size_t arrow = equation.find("->");
    const std::string lhs = equation.substr(0, arrow);
    std::vector<Subscripts> subs;
    size_t start = 0;
    for (size_t i = 0; i <= lhs.size(); ++i)
        if (i == lhs.size() || lhs[i] == ',') {
            subs.push_back(parse_subscripts(lhs.substr(start, i - start), start, "operand"));
            start = i + 1;
        }
    KILN_CHECK(subs.size() == operands.size(), RuntimeError, "einsum(): ",
               subs.size() < operands.size() ? "more operands were provided than specified in the equation"
                                              : "fewer operands were provided than specified in the equation");
    // Ellipsis dims: each operand covers its own count; they align from the right.
    int64_t ell_ndim = 0;
    std::array<int, kLetters> count{};
    for (size_t k = 0; k < subs.size(); ++k) {
        const int64_t named = int64_t(subs[k].labels.size()) - (subs[k].ellipsis ? 1 : 0);
        const int64_t nd = operands[k].dim();
        if (subs[k].ellipsis) {
            KILN_CHECK(named <= nd, RuntimeError, "einsum(): the number of subscripts in the equation (", named,
                       ") is more than the number of dimensions (", nd, ") for operand ", k);
            ell_ndim = std::max(ell_ndim, nd - named);
        } else {
            KILN_CHECK(named == nd, RuntimeError, "einsum(): the number of subscripts in the equation (", named,
                       ") does not match the number of dimensions (", nd, ") for operand ", k, " and no ellipsis was given");
        }
        for (int l : subs[k].labels)
            if (l >= 0) ++count[size_t(l)];
    }
    // The output: explicit, or the ellipsis dims then the labels seen once, in label order.
    Subscripts out;
    if (arrow != std::string::npos) {
        out = parse_subscripts(equation.substr(arrow + 2), arrow + 2, "the output");
        std::array<bool, kLetters> seen{};
        for (int l : out.labels) {
            if (l < 0) continue;
            KILN_CHECK(!seen[size_t(l)], RuntimeError, "einsum(): output subscript ", char_of(l),
                       " appears more than once in the output");
            KILN_CHECK(count[size_t(l)] > 0, RuntimeError, "einsum(): output subscript ", char_of(l),
                       " does not appear in the equation for any input operand");
            seen[size_t(l)] = true;
        }
    } else {
        bool any_ell = false;
        for (const Subscripts& s : subs) any_ell = any_ell || s.ellipsis;
        if (any_ell) {
            out.labels.push_back(-1);
            out.ellipsis = true;
        }
        for (int l = 0; l < kLetters; ++l)
            if (count[size_t(l)] == 1) out.labels.push_back(l);
    }
    // Global dims: the output's (ellipsis expanded), then the contracted labels (then the ellipsis dims
    // when the output drops them). Ids: labels 0..51, ellipsis dim j is kLetters + j.
    std::vector<int> dims;
    std::array<bool, kLetters> in_out{};
    for (int l : out.labels) {
        if (l < 0) {
            for (int64_t j = 0; j < ell_ndim; ++j) dims.push_back(kLetters + int(j));
        } else {
            dims.push_back(l);
            in_out[size_t(l)] = true;
        }
    }
    const size_t n_out = dims.size();
    if (!out.ellipsis)
        for (int64_t j = 0; j < ell_ndim; ++j) dims.push_back(kLetters + int(j));
    for (int l = 0; l < kLetters; ++l)
        if (count[size_t(l)] > 0 && !in_out[size_t(l)]) dims.push_back(l);
    const size_t n = dims.size();
    auto pos_of = [&](int id) { return size_t(std::find(dims.begin(), dims.end(), id) - dims.begin()); };

    // Each operand: repeated labels become diagonals, then its dims are permuted into the global order
    // with size-1 dims where it has none.
    std::vector<Tensor> aligned;
    std::vector<std::vector<bool>> has(operands.size(), std::vector<bool>(n, false));
    for (size_t k = 0; k < operands.size(); ++k) {
        Tensor t = operands[k];
        std::vector<int> ids;
        const int64_t named = int64_t(subs[k].labels.size()) - (subs[k].ellipsis ? 1 : 0);
        const int64_t e = t.dim() - named;
        for (int l : subs[k].labels) {
            if (l >= 0) ids.push_back(l);
            else
                for (int64_t j = 0; j < e; ++j) ids.push_back(kLetters + int(ell_ndim - e + j));
        }
        for (bool again = true; again;) {
            again = false;
            for (size_t i = 0; i < ids.size() && !again; ++i)
                for (size_t j = i + 1; j < ids.size() && !again; ++j)
                    if (ids[i] == ids[j]) {
                        KILN_CHECK(t.sizes()[i] == t.sizes()[j], RuntimeError, "einsum(): subscript ", char_of(ids[i]),
                                   " is repeated for operand ", k, " but the sizes don't match, ", t.sizes()[i],
                                   " != ", t.sizes()[j]);
                        t = diagonal(t, 0, int64_t(i), int64_t(j));
                        const int id = ids[i];
                        ids.erase(ids.begin() + std::ptrdiff_t(j));
                        ids.erase(ids.begin() + std::ptrdiff_t(i));
                        ids.push_back(id);
                        again = true;
                    }
        }
        std::vector<std::pair<size_t, int64_t>> order;
        for (size_t i = 0; i < ids.size(); ++i) order.push_back({pos_of(ids[i]), int64_t(i)});
        std::sort(order.begin(), order.end());
        std::vector<int64_t> perm;
        for (auto& [p, i] : order) {
            perm.push_back(i);
            has[k][p] = true;
        }
        t = permute(t, perm);
        for (size_t p = 0; p < n; ++p)
            if (!has[k][p]) t = unsqueeze(t, int64_t(p));
        aligned.push_back(t);
    }
    // Contract left to right; a dim is summed once no later operand and not the output needs it.
    auto needed_after = [&](size_t p, size_t k) {
        if (p < n_out) return true;
        for (size_t m = k + 1; m < aligned.size(); ++m)
            if (has[m][p]) return true;
        return false;
    };
    Tensor result = aligned[0];
    if (aligned.size() == 1) {
        std::vector<int64_t> sdims;
        for (size_t p = n_out; p < n; ++p) sdims.push_back(int64_t(p));
        if (!sdims.empty()) result = sum(result, sdims, true);
    }
    for (size_t k = 1; k < aligned.size(); ++k) {
        std::vector<bool> sum_dims(n, false);
        for (size_t p = 0; p < n; ++p) sum_dims[p] = !needed_after(p, k);
        result = sumproduct_pair(result, aligned[k], sum_dims);
    }
    Shape out_shape(result.sizes().begin(), result.sizes().begin() + std::ptrdiff_t(n_out));
    // Output dims that no operand had (an ellipsis dim of size 1) keep size 1.
    return reshape(result, out_shape);
}

// ---- cross / cdist -------------------------------------------------------------------------------

namespace {
// (a x b) along d, without history: components from narrow views.
Tensor cross_values(const Tensor& a, const Tensor& b, int64_t d) {
    auto c = [&](const Tensor& t, int64_t i) { return narrow(t, d, i, 1); };
    Tensor x = sub(mul(c(a, 1), c(b, 2)), mul(c(a, 2), c(b, 1)));
    Tensor y = sub(mul(c(a, 2), c(b, 0)), mul(c(a, 0), c(b, 2)));
    Tensor z = sub(mul(c(a, 0), c(b, 1)), mul(c(a, 1), c(b, 0)));
    return cat({x, y, z}, d);
}
}  // namespace

Tensor cross(const Tensor& a, const Tensor& b, int64_t dim) {
    KILN_CHECK(a.dim() == b.dim(), RuntimeError, "linalg.cross: inputs must have the same number of dimensions.");
    Shape shape = broadcast_shapes(a.sizes(), b.sizes());
    // input.size(dim) as ATen's meta function reads it: IndexError for 0-dim inputs.
    const int64_t d = wrap_dim(dim, int64_t(shape.size()));
    KILN_CHECK(a.size(dim) == 3 && b.size(dim) == 3, RuntimeError,
               "linalg.cross: inputs dimension ", dim, " must have length 3. Got ", a.size(dim), " and ", b.size(dim));
    DType dt = result_type({a, b});
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        out = cross_values(to_dtype(expand(a.detach(), shape), dt), to_dtype(expand(b.detach(), shape), dt), d);
    }
    if (autograd::needs_grad({a, b})) {
        SavedTensor sa(a), sb(b);
        Shape as = a.sizes(), bs = b.sizes();
        const bool na = autograd::differentiable(a), nb = autograd::differentiable(b);
        autograd::record("LinalgCrossBackward0", {a, b}, {out}, [sa, sb, as, bs, na, nb, d](const Grads& g) {
            // d(a x b) = da x b + a x db: grad_a = b x g, grad_b = g x a.
            Tensor ga = na ? autograd::sum_to(cross(expand(sb.get(), g[0].sizes()), g[0], d), as) : Tensor();
            Tensor gb = nb ? autograd::sum_to(cross(g[0], expand(sa.get(), g[0].sizes()), d), bs) : Tensor();
            return Grads{ga, gb};
        });
    }
    return out;
}

namespace {
// ATen's _euclidean_dist: sqrt(clamp_min(|a|^2 - 2 a.b + |b|^2, 0)) as one matrix product of
// [-2 a, |a|^2, 1] by [b, 1, |b|^2]^T, with its own backward (EuclideanDistBackward0), which gives
// a zero subgradient where the distance is 0. Less exact than the differences for near points
// (cancellation), as PyTorch's is: the values are PyTorch's.
Tensor euclidean_dist(const Tensor& x1, const Tensor& x2) {
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        Tensor a = x1.detach(), b = x2.detach();
        Tensor an = sum(pow(a, Scalar(2)), {-1}, true), bn = sum(pow(b, Scalar(2)), {-1}, true);
        Tensor a_ = cat({mul(a, Scalar(-2)), an, ones_like(an)}, -1);
        Tensor b_ = cat({b, ones_like(bn), bn}, -1);
        out = sqrt(clamp(matmul(a_, transpose(b_, -2, -1)), Scalar(0), std::nullopt));
    }
    if (autograd::needs_grad({x1, x2})) {
        SavedTensor s1(x1), s2(x2), sy = SavedTensor::output(out);
        const bool n1 = autograd::differentiable(x1), n2 = autograd::differentiable(x2);
        Shape sh1 = x1.sizes(), sh2 = x2.sizes();
        autograd::record("EuclideanDistBackward0", {x1, x2}, {out}, [s1, s2, sy, n1, n2, sh1, sh2](const Grads& g) {
            Tensor y = sy.get();
            Tensor ratio = masked_fill(div(g[0], y), eq(y, Scalar(0)), Scalar(0));
            Tensor a = s1.get(), b = s2.get();
            Tensor g1 = n1 ? autograd::sum_to(sub(mul(a, sum(ratio, {-1}, true)), matmul(ratio, b)), sh1) : Tensor();
            Tensor g2 = n2 ? autograd::sum_to(sub(mul(b, unsqueeze(sum(ratio, {-2}), -1)),
                                                  matmul(transpose(ratio, -2, -1), a)), sh2)
                           : Tensor();
            return Grads{g1, g2};
        });
    }
    return out;
}
}  // namespace

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, int64_t compute_mode) {
    KILN_CHECK(x1.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X1 got: ", x1.dim(), "D");
    KILN_CHECK(x2.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X2 got: ", x2.dim(), "D");
    KILN_CHECK(x1.sizes().back() == x2.sizes().back(), RuntimeError,
               "X1 and X2 must have the same number of columns. X1: ", x1.sizes().back(), " X2: ", x2.sizes().back());
    KILN_CHECK(x1.is_floating_point() && x2.is_floating_point(), RuntimeError,
               "cdist only supports floating-point dtypes, X1 got: ", dtype_scalar_type_name(x1.dtype()));
    KILN_CHECK(p >= 0, RuntimeError, "cdist only supports non-negative p values");
    const int64_t r1 = x1.size(-2), r2 = x2.size(-2), cols = x1.size(-1);
    if (p == 2 && r1 > 0 && r2 > 0 && cols > 0 && x1.numel() > 0 && x2.numel() > 0 &&
        (compute_mode == 1 || (compute_mode == 0 && (r1 > 25 || r2 > 25)))) {
        // ATen's cdist_impl: batch dims broadcast and flattened to one (inputs used as they are when
        // that is a single batch), then the result viewed as [batch..., r1, r2] (grad_fn ViewBackward0)
        Shape b1(x1.sizes().begin(), x1.sizes().end() - 2), b2(x2.sizes().begin(), x2.sizes().end() - 2);
        const Shape batch = broadcast_shapes(b1, b2);
        int64_t product = 1;
        for (int64_t v : batch) product *= v;
        Shape out_shape = batch;
        out_shape.push_back(r1);
        out_shape.push_back(r2);
        if (product == 1) return view(euclidean_dist(x1, x2), out_shape);
        auto flat = [&](const Tensor& t, int64_t rows) {
            Shape full = batch;
            full.push_back(rows);
            full.push_back(cols);
            return view(contiguous(expand(t, full)), {product, rows, cols});
        };
        return view(euclidean_dist(flat(x1, r1), flat(x2, r2)), out_shape);
    }
    // diff[..., i, j, :] = x1[..., i, :] - x2[..., j, :]; the p-norm over the last dim.
    auto dist = [p](const Tensor& a, const Tensor& b) {
        Tensor diff = abs(sub(unsqueeze(a, -2), unsqueeze(b, -3)));
        if (p == 0) return sum(to_dtype(ne(diff, Scalar(0)), a.dtype()), {-1});
        if (std::isinf(p)) return amax(diff, {-1});
        if (p == 1) return sum(diff, {-1});
        if (p == 2) return sqrt(sum(mul(diff, diff), {-1}));
        return pow(sum(pow(diff, Scalar(p)), {-1}), Scalar(1.0 / p));
    };
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        out = dist(x1.detach(), x2.detach());
    }
    if (autograd::needs_grad({x1, x2})) {
        SavedTensor s1(x1), s2(x2), sy = SavedTensor::output(out);
        const bool n1 = autograd::differentiable(x1), n2 = autograd::differentiable(x2);
        Shape sh1 = x1.sizes(), sh2 = x2.sizes();
        autograd::record("CdistBackward0", {x1, x2}, {out}, [s1, s2, sy, n1, n2, sh1, sh2, p](const Grads& g) {
            // d||a_i - b_j||_p / d a_i = sign(diff) |diff|^(p-1) / dist^(p-1) (0 where dist is 0).
            Tensor diff = sub(unsqueeze(s1.get(), -2), unsqueeze(s2.get(), -3));
            Tensor y = unsqueeze(sy.get(), -1), gy = unsqueeze(g[0], -1);
            Tensor d;
            if (p == 0) d = zeros_like(diff);
            else if (p == 1) d = mul(sign(diff), gy);
            else if (std::isinf(p)) d = mul(mul(sign(diff), eq(abs(diff), y)), gy);
            else if (p == 2) d = where(eq(y, Scalar(0)), Scalar(0), div(mul(diff, gy), y));
            else d = where(eq(y, Scalar(0)), Scalar(0),
                           div(mul(mul(sign(diff), pow(abs(diff), Scalar(p - 1))), gy), pow(y, Scalar(p - 1))));
            Tensor g1 = n1 ? autograd::sum_to(sum(d, {-2}), sh1) : Tensor();
            Tensor g2 = n2 ? autograd::sum_to(neg(sum(d, {-3})), sh2) : Tensor();
            return Grads{g1, g2};
        });
    }
    return out;
}

}  // namespace kiln
