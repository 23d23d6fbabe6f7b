// Joining and splitting: cat, stack, split (by size or by a list of sizes) and chunk.
//
// cat and stack allocate one contiguous output and copy each input into its slice (copy_ does the
// dtype conversion, so mixed inputs promote as PyTorch's result_type does). split and chunk return
// views of the input, made with narrow, sharing one multi-output autograd node whose backward
// concatenates the pieces' gradients (zeros for pieces that got none). Error texts are PyTorch's.
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln {

namespace {

using autograd::Grads;

// The legacy rule kept by torch.cat: 1-d tensors of size 0 are skipped, whatever the other shapes.
bool skipped_in_cat(const Tensor& t) { return t.dim() == 1 && t.numel() == 0; }

DType promoted_dtype(const std::vector<Tensor>& tensors) {
    DType dt = tensors[0].dtype();
    for (const Tensor& t : tensors) dt = promote_types(dt, t.dtype());
    return dt;
}

// The pieces of t along dim d with the given sizes, as views sharing one autograd node.
std::vector<Tensor> split_views(const Tensor& t, const std::vector<int64_t>& sizes, int64_t d, const char* name) {
    std::vector<Tensor> outs;
    {
        autograd::NoGradGuard no_grad;
        int64_t start = 0;
        for (int64_t len : sizes) {
            outs.push_back(narrow(t, d, start, len));
            start += len;
        }
    }
    if (autograd::needs_grad({t})) {
        autograd::record(name, {t}, outs, [d](const Grads& g) { return Grads{cat(g, d)}; });
    }
    // PyTorch's MULTI_OUTPUT_NODE views: the pieces share one backward node, so none may be changed
    // in place (check_inplace), nor used after t was (Tensor::grad_fn).
    if (autograd::grad_enabled())
        for (Tensor& o : outs) o.impl()->creation_meta = kViewMultiOutput;
    return outs;
}

}  // namespace

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
    KILN_CHECK(!tensors.empty(), RuntimeError, "torch.cat(): expected a non-empty list of Tensors");
    for (size_t i = 0; i < tensors.size(); ++i)
        KILN_CHECK(tensors[i].dim() > 0, RuntimeError, "zero-dimensional tensor (at position ", i,
                   ") cannot be concatenated");
    // The first tensor that is not skipped sets the shape every other one must match.
    const Tensor* ref = nullptr;
    for (const Tensor& t : tensors)
        if (!skipped_in_cat(t)) {
            ref = &t;
            break;
        }
    const DType dt = promoted_dtype(tensors);
    if (!ref) return empty({0}, {dt});
    const int64_t d = wrap_dim(dim, ref->dim());
    Shape out_shape = ref->sizes();
    out_shape[size_t(d)] = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = tensors[i];
        if (skipped_in_cat(t)) continue;
        KILN_CHECK(t.dim() == ref->dim(), RuntimeError, "Tensors must have same number of dimensions: got ", ref->dim(),
                   " and ", t.dim());
        for (int64_t k = 0; k < t.dim(); ++k) {
            if (k == d) continue;
            KILN_CHECK(t.sizes()[size_t(k)] == ref->sizes()[size_t(k)], RuntimeError,
                       "Sizes of tensors must match except in dimension ", d, ". Expected size ",
                       ref->sizes()[size_t(k)], " but got size ", t.sizes()[size_t(k)], " for tensor number ", i,
                       " in the list.");
        }
        out_shape[size_t(d)] += t.sizes()[size_t(d)];
    }
    Tensor out = Tensor::empty(out_shape, dt, cuda::common_device(tensors));
    std::vector<int64_t> offsets(tensors.size(), 0);
    {
        autograd::NoGradGuard no_grad;
        int64_t off = 0;
        for (size_t i = 0; i < tensors.size(); ++i) {
            offsets[i] = off;
            if (skipped_in_cat(tensors[i])) continue;
            int64_t len = tensors[i].sizes()[size_t(d)];
            Tensor part = narrow(out, d, off, len);
            copy_(part, tensors[i].detach());
            off += len;
        }
    }
    if (autograd::needs_grad(tensors)) {
        std::vector<Shape> shapes;
        for (const Tensor& t : tensors) shapes.push_back(t.sizes());
        autograd::record("CatBackward0", tensors, {out}, [shapes, offsets, d](const Grads& g) {
            Grads out_grads;
            for (size_t i = 0; i < shapes.size(); ++i) {
                if (shapes[i].size() == 1 && shapes[i][0] == 0 && g[0].dim() != 1)
                    out_grads.push_back(zeros(shapes[i], {g[0].dtype(), g[0].device()}));
                else
                    out_grads.push_back(narrow(g[0], d, offsets[i], shapes[i][size_t(d)]));
            }
            return out_grads;
        });
    }
    return out;
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
    KILN_CHECK(!tensors.empty(), RuntimeError, "stack expects a non-empty TensorList");
    const Shape& shape = tensors[0].sizes();
    for (size_t i = 1; i < tensors.size(); ++i)
        KILN_CHECK(tensors[i].sizes() == shape, RuntimeError, "stack expects each tensor to be equal size, but got ",
                   shape_str(shape), " at entry 0 and ", shape_str(tensors[i].sizes()), " at entry ", i);
    const int64_t d = wrap_dim(dim, int64_t(shape.size()) + 1);
    Shape out_shape = shape;
    out_shape.insert(out_shape.begin() + d, int64_t(tensors.size()));
    Tensor out = Tensor::empty(out_shape, promoted_dtype(tensors), cuda::common_device(tensors));
    {
        autograd::NoGradGuard no_grad;
        for (size_t i = 0; i < tensors.size(); ++i) {
            Tensor part = select(out, d, int64_t(i));
            copy_(part, tensors[i].detach());
        }
    }
    if (autograd::needs_grad(tensors)) {
        const size_t n = tensors.size();
        autograd::record("StackBackward0", tensors, {out}, [n, d](const Grads& g) {
            Grads out_grads;
            for (size_t i = 0; i < n; ++i) out_grads.push_back(select(g[0], d, int64_t(i)));
            return out_grads;
        });
    }
    return out;
}

std::vector<Tensor> split(const Tensor& t, int64_t split_size, int64_t dim) {
    KILN_CHECK(t.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
    KILN_CHECK(split_size >= 0, RuntimeError, "split expects split_size be non-negative, but got split_size=",
               split_size);
    const int64_t d = wrap_dim(dim, t.dim());
    const int64_t dim_size = t.sizes()[size_t(d)];
    KILN_CHECK(split_size > 0 || dim_size == 0, RuntimeError,
               "split_size can only be 0 if dimension size is 0, but got dimension size of ", dim_size);
    // At least one piece, even when split_size exceeds the dim; the last piece may be shorter.
    int64_t num = split_size == 0 ? 1 : std::max<int64_t>((dim_size + split_size - 1) / split_size, 1);
    std::vector<int64_t> sizes(size_t(num), split_size);
    sizes.back() = dim_size - split_size * (num - 1);
    return split_views(t, sizes, d, "SplitBackward0");
}

std::vector<Tensor> split(const Tensor& t, const std::vector<int64_t>& sizes, int64_t dim) {
    KILN_CHECK(t.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
    const int64_t d = wrap_dim(dim, t.dim());
    const int64_t dim_size = t.sizes()[size_t(d)];
    int64_t total = 0;
    for (int64_t s : sizes) {
        KILN_CHECK(s >= 0, RuntimeError,
                   "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=",
                   shape_str(sizes));
        total += s;
    }
    KILN_CHECK(total == dim_size, RuntimeError, "split_with_sizes expects split_sizes to sum exactly to ", dim_size,
               " (input tensor's size at dimension ", d, "), but got split_sizes=", shape_str(sizes));
    return split_views(t, sizes, d, "SplitWithSizesBackward0");
}

std::vector<Tensor> chunk(const Tensor& t, int64_t chunks, int64_t dim) {
    KILN_CHECK(t.dim() > 0, RuntimeError, "chunk expects at least a 1-dimensional tensor");
    KILN_CHECK(chunks > 0, RuntimeError, "chunk expects `chunks` to be greater than 0, got: ", chunks);
    const int64_t d = wrap_dim(dim, t.dim());
    const int64_t dim_size = t.sizes()[size_t(d)];
    const int64_t split_size = (dim_size + chunks - 1) / chunks;
    // As PyTorch: an empty dim still gives `chunks` (empty) pieces; otherwise chunk is split by the
    // rounded-up size, so it may return fewer than `chunks` pieces.
    if (split_size == 0 && dim_size == 0) return split(t, std::vector<int64_t>(size_t(chunks), 0), d);
    return split(t, split_size, d);
}

}  // namespace kiln

namespace kiln {

namespace {

Tensor at_least(const Tensor& t, int64_t nd) {
    if (t.dim() >= nd) return t;
    if (nd == 1) return reshape(t, {1});
    if (nd == 2) return t.dim() == 0 ? reshape(t, {1, 1}) : unsqueeze(t, 0);
    // 3-d: scalar -> (1,1,1), (N) -> (1,N,1), (M,N) -> (M,N,1)
    if (t.dim() == 0) return reshape(t, {1, 1, 1});
    if (t.dim() == 1) return unsqueeze(unsqueeze(t, 0), 2);
    return unsqueeze(t, 2);
}

std::vector<Tensor> all_at_least(const std::vector<Tensor>& ts, int64_t nd, const char* fn) {
    KILN_CHECK(!ts.empty(), RuntimeError, fn, " expects a non-empty TensorList");
    std::vector<Tensor> out;
    out.reserve(ts.size());
    for (const Tensor& t : ts) out.push_back(at_least(t, nd));
    return out;
}

}  // namespace

Tensor hstack(const std::vector<Tensor>& tensors) {
    std::vector<Tensor> ts = all_at_least(tensors, 1, "hstack");
    return cat(ts, ts[0].dim() == 1 ? 0 : 1);
}

Tensor vstack(const std::vector<Tensor>& tensors) { return cat(all_at_least(tensors, 2, "vstack"), 0); }

Tensor dstack(const std::vector<Tensor>& tensors) { return cat(all_at_least(tensors, 3, "dstack"), 2); }

Tensor column_stack(const std::vector<Tensor>& tensors) {
    KILN_CHECK(!tensors.empty(), RuntimeError, "column_stack expects a non-empty TensorList");
    std::vector<Tensor> ts;
    for (const Tensor& t : tensors) ts.push_back(t.dim() <= 1 ? reshape(t, {t.numel(), 1}) : t);
    return cat(ts, 1);
}

Tensor roll(const Tensor& x, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
    Tensor r = x;
    if (dims.empty()) {
        KILN_CHECK(shifts.size() == 1, RuntimeError, "shifts and dimensions must align. shifts: ", shifts.size(),
                   ", dims:", dims.size());
        Tensor flat = reshape(x, {-1});
        Tensor out = reshape(roll(flat, shifts, {0}), x.sizes());
        if (out.grad_fn() && out.grad_fn() != x.grad_fn()) out.grad_fn()->name = "RollBackward0";
        return out;
    }
    KILN_CHECK(shifts.size() == dims.size(), RuntimeError, "shifts and dimensions must align. shifts: ",
               shifts.size(), ", dims:", dims.size());
    for (size_t k = 0; k < dims.size(); ++k) {
        const int64_t d = wrap_dim(dims[k], std::max<int64_t>(x.dim(), 1));
        if (x.dim() == 0) continue;
        const int64_t n = x.sizes()[size_t(d)];
        if (n == 0) continue;
        int64_t s = shifts[k] % n;
        if (s < 0) s += n;
        std::vector<double> idx(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) idx[size_t(i)] = double((i - s + n) % n);
        r = index_select(r, d, tensor(idx, {n}, DType::Int64));
    }
    if (r.grad_fn() && r.grad_fn() != x.grad_fn()) r.grad_fn()->name = "RollBackward0";
    return r;
}

Tensor repeat_interleave(const Tensor& x, int64_t repeats, std::optional<int64_t> dim) {
    KILN_CHECK(repeats >= 0, RuntimeError, "repeats can not be negative");
    Tensor t = dim ? x : reshape(x, {-1});
    const int64_t d = dim ? wrap_dim(*dim, std::max<int64_t>(t.dim(), 1)) : 0;
    if (t.dim() == 0) t = reshape(t, {1});
    Shape exp_shape = t.sizes();
    exp_shape.insert(exp_shape.begin() + d + 1, repeats);
    Shape out_shape = t.sizes();
    KILN_CHECK(!__builtin_mul_overflow(out_shape[size_t(d)], repeats, &out_shape[size_t(d)]), RuntimeError,
               "Storage size calculation overflowed with sizes=", shape_str(exp_shape));
    checked_storage_nbytes(out_shape, t.element_size());  // before the expanded copy is made
    return reshape(contiguous(expand(unsqueeze(t, d + 1), exp_shape)), out_shape);
}

}  // namespace kiln
