// View operations: new sizes/strides/offset over the same storage, no data copied.
//
// Each view records its backward: the gradient of a view is the gradient re-laid-out into the
// base's shape (reshape back, inverse permutation, sum over expanded dims, scatter into zeros for
// slices). reshape() views when the strides allow it (PyTorch's computeStride rule) and copies
// otherwise.
#include <algorithm>
#include <cstring>
#include <numeric>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/alias.h"
#include "ops/ops.h"
#include "support/profiler.h"
#include "support/error.h"

namespace kiln {

namespace {

using autograd::Grads;

Tensor make_view(const Tensor& t, Shape sizes, Shape strides, int64_t offset) {
    // TensorImpl's safe_compute_numel: a view whose sizes' product overflows (ones(1).expand(2**62, 4))
    // is refused, else every kernel's element count would wrap around
    (void)shape_numel(sizes);
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes = std::move(sizes);
    impl->strides = std::move(strides);
    impl->offset = offset;
    impl->dtype = t.dtype();
    impl->base = t.impl()->base ? t.impl()->base : t.impl_ptr();
    impl->diff_view = autograd::grad_enabled() && (dtype_is_floating(impl->dtype) || dtype_is_complex(impl->dtype));
    mark_view_creation(*impl, *t.impl());
    impl->version_counter = t.impl()->version_counter;  // a view shares its base's counter
    impl->view_version = impl->storage->version;
    return Tensor(std::move(impl));
}

// Resolves one -1 and checks the element count: "shape '[2, 5]' is invalid for input of size 6".
Shape infer_size(const Shape& shape, int64_t numel) {
    Shape out = shape;
    int64_t known = 1;
    int infer = -1;
    bool overflowed = false, zero = false;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            KILN_CHECK(infer < 0, RuntimeError, "only one dimension can be inferred");
            infer = int(i);
        } else {
            KILN_CHECK(shape[i] >= 0, RuntimeError, "invalid shape dimension ", shape[i]);
            zero |= shape[i] == 0;
            overflowed |= __builtin_mul_overflow(known, shape[i], &known);
        }
    }
    if (zero) known = 0;
    // A product past int64 cannot equal any element count (it used to wrap: 2**62 * 4 * 6 == 0).
    KILN_CHECK(!overflowed || zero, RuntimeError, "shape '", shape_str(shape), "' is invalid for input of size ", numel);
    if (infer >= 0 && known == 0 && numel == 0)
        KILN_FAIL(RuntimeError, "cannot reshape tensor of 0 elements into shape ", shape_str(shape),
                  " because the unspecified dimension size -1 can be any value and is ambiguous");
    if (infer >= 0) {
        KILN_CHECK(known != 0 && numel % known == 0, RuntimeError, "shape '", shape_str(shape),
                   "' is invalid for input of size ", numel);
        out[infer] = numel / known;
    } else {
        KILN_CHECK(known == numel, RuntimeError, "shape '", shape_str(shape), "' is invalid for input of size ", numel);
    }
    return out;
}

// Strides that let (sizes, strides) be viewed as new_sizes, or nullopt (PyTorch's computeStride).
std::optional<Shape> view_strides(const Shape& sizes, const Shape& strides, const Shape& new_sizes) {
    if (sizes.empty()) return Shape(new_sizes.size(), 1);
    int64_t numel = shape_numel(sizes);
    if (numel == 0) return contiguous_strides(new_sizes);
    Shape out(new_sizes.size());
    int64_t view_d = int64_t(new_sizes.size()) - 1;
    int64_t chunk_base_stride = strides.back();
    int64_t tensor_numel = 1, view_numel = 1;
    for (int64_t d = int64_t(sizes.size()) - 1; d >= 0; --d) {
        tensor_numel *= sizes[d];
        if (d == 0 || (sizes[d - 1] != 1 && strides[d - 1] != tensor_numel * chunk_base_stride)) {
            while (view_d >= 0 && (view_numel < tensor_numel || new_sizes[view_d] == 1)) {
                out[view_d] = view_numel * chunk_base_stride;
                view_numel *= new_sizes[view_d];
                --view_d;
            }
            if (view_numel != tensor_numel) return std::nullopt;
            if (d > 0) {
                chunk_base_stride = strides[d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    if (view_d != -1) return std::nullopt;
    return out;
}

Tensor reshape_backward_view(const Tensor& t, const Shape& shape, const Shape& strides, const char* name) {
    Tensor out = make_view(t, shape, strides, t.storage_offset());
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        autograd::record(name, {t}, {out}, [in_shape](const Grads& g) { return Grads{reshape(g[0], in_shape)}; });
    }
    return out;
}

std::vector<int64_t> normalize_dims(const std::vector<int64_t>& dims, int64_t ndim) {
    std::vector<int64_t> out;
    for (int64_t d : dims) out.push_back(wrap_dim(d, ndim));
    return out;
}

}  // namespace

Tensor view(const Tensor& t, const Shape& shape) {
    Shape sizes = infer_size(shape, t.numel());
    auto strides = view_strides(t.sizes(), t.strides(), sizes);
    KILN_CHECK(strides.has_value(), RuntimeError,
               "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
               "two contiguous subspaces). Use .reshape(...) instead.");
    return reshape_backward_view(t, sizes, *strides, "ViewBackward0");
}

Tensor reshape(const Tensor& t, const Shape& shape) {
    Shape sizes = infer_size(shape, t.numel());
    if (auto strides = view_strides(t.sizes(), t.strides(), sizes))
        return reshape_backward_view(t, sizes, *strides, "ViewBackward0");
    Tensor c = contiguous(t);
    return reshape_backward_view(c, sizes, contiguous_strides(sizes), "UnsafeViewBackward0");
}

Tensor as_strided(const Tensor& t, const Shape& sizes, const Shape& strides, std::optional<int64_t> offset) {
    KILN_CHECK(sizes.size() == strides.size(), RuntimeError, "mismatch in length of strides and shape");
    int64_t off = offset.value_or(t.storage_offset());
    for (size_t i = 0; i < sizes.size(); ++i) {
        KILN_CHECK(strides[i] >= 0, RuntimeError, "as_strided: Negative strides are not supported at the moment, got strides: ",
                   shape_str(strides));
        KILN_CHECK(sizes[i] >= 0, RuntimeError, "as_strided: negative sizes are not supported, got sizes: ", shape_str(sizes));
    }
    KILN_CHECK(off >= 0, RuntimeError, "Tensor: invalid storage offset ", off);
    // PyTorch's checkInBoundsForStorage, in checked arithmetic: a huge stride or offset must not
    // wrap around into a small byte count that passes.
    bool empty = false;
    for (int64_t d : sizes) empty |= d == 0;
    if (!empty) {
        uint64_t last = uint64_t(off);
        bool overflowed = false;
        for (size_t i = 0; i < sizes.size(); ++i) {
            uint64_t step = 0;
            overflowed |= __builtin_mul_overflow(uint64_t(sizes[i] - 1), uint64_t(strides[i]), &step);
            overflowed |= __builtin_add_overflow(last, step, &last);
        }
        uint64_t need = 0;
        overflowed |= __builtin_add_overflow(last, uint64_t(1), &need);
        overflowed |= __builtin_mul_overflow(need, uint64_t(t.element_size()), &need);
        const uint64_t have = t.impl()->storage->nbytes;
        KILN_CHECK(!overflowed && need <= have, RuntimeError, "setStorage: sizes ", shape_str(sizes), ", strides ",
                   shape_str(strides), ", storage offset ", off, ", and itemsize ", t.element_size(), " requiring a storage size of ",
                   overflowed ? std::string("more than 2**64") : std::to_string(need), " are out of bounds for storage of size ",
                   have);
    }
    Tensor out = make_view(t, sizes, strides, off);
    if (autograd::needs_grad({t})) {
        // The gradient lands on the storage elements each output element reads; this assumes the
        // input itself is contiguous from its offset, as for tensors made by factory functions.
        KILN_CHECK(t.is_contiguous(), NotImplementedError,
                   "as_strided backward is implemented for contiguous inputs only in Kiln");
        Shape in_shape = t.sizes();
        int64_t base = t.storage_offset();
        autograd::record("AsStridedBackward0", {t}, {out}, [in_shape, sizes, strides, off, base](const Grads& g) {
            // Each gradient element is scatter-added into the (flattened) input element it read;
            // positions outside the input get nothing. As ops (index_select, scatter_add) the formula
            // is differentiable in the gradient, so double backward and forward-mode tangents (the
            // tangent's own as_strided view: Tensor.unfold's jvp) follow from it.
            const int64_t n_in = shape_numel(in_shape), n_out = shape_numel(sizes);
            std::vector<int64_t> src, dst;
            src.reserve(size_t(n_out));
            dst.reserve(size_t(n_out));
            std::vector<int64_t> idx(sizes.size(), 0);
            for (int64_t k = 0; k < n_out; ++k) {
                int64_t pos = off - base;
                for (size_t d = 0; d < sizes.size(); ++d) pos += idx[d] * strides[d];
                if (pos >= 0 && pos < n_in) {
                    src.push_back(k);
                    dst.push_back(pos);
                }
                for (size_t d = sizes.size(); d-- > 0;) {
                    if (++idx[d] < sizes[d]) break;
                    idx[d] = 0;
                }
            }
            auto index_tensor = [&](const std::vector<int64_t>& v) {
                Tensor r = Tensor::empty({int64_t(v.size())}, DType::Int64);
                std::copy(v.begin(), v.end(), r.data_ptr<int64_t>());
                return to_device(r, g[0].device());
            };
            Tensor gf = reshape(g[0], {-1});
            if (int64_t(src.size()) != n_out) gf = index_select(gf, 0, index_tensor(src));
            Tensor flat = scatter_add(zeros({n_in}, {g[0].dtype(), g[0].device()}), 0, index_tensor(dst), gf);
            return Grads{reshape(flat, in_shape)};
        });
    }
    return out;
}

Tensor permute(const Tensor& t, const std::vector<int64_t>& dims) {
    const int64_t n = t.dim();
    KILN_CHECK(int64_t(dims.size()) == n, RuntimeError,
               "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
               "desired ordering of dimensions i.e. input.dim() = ", n, " is not equal to len(dims) = ", dims.size());
    std::vector<int64_t> d = normalize_dims(dims, n);
    std::vector<bool> seen(size_t(n), false);
    Shape sizes(n), strides(n);
    for (int64_t i = 0; i < n; ++i) {
        KILN_CHECK(!seen[d[i]], RuntimeError, "permute(): duplicate dims are not allowed.");
        seen[d[i]] = true;
        sizes[i] = t.sizes()[d[i]];
        strides[i] = t.strides()[d[i]];
    }
    Tensor out = make_view(t, sizes, strides, t.storage_offset());
    if (autograd::needs_grad({t})) {
        std::vector<int64_t> inverse(n);
        for (int64_t i = 0; i < n; ++i) inverse[d[i]] = i;
        autograd::record("PermuteBackward0", {t}, {out}, [inverse](const Grads& g) { return Grads{permute(g[0], inverse)}; });
    }
    return out;
}

// ATen's view_dtype (TensorConversions.cpp): a new impl over the same storage; a smaller element size
// multiplies the last size, the other strides and the offset, a larger one divides them, each only
// where the bytes line up (stride(-1) == 1, divisible sizes, strides and offset). The same dtype still
// gives a new tensor (autograd's non-differentiable view is a shallow copy): `x.view(x.dtype) is x` is False.
Tensor view_dtype(const Tensor& t, DType dtype) {
    const int64_t old_size = int64_t(dtype_size(t.dtype())), new_size = int64_t(dtype_size(dtype));
    const char* from = dtype_scalar_type_name(t.dtype());
    const char* to = dtype_scalar_type_name(dtype);
    Shape sizes = t.sizes(), strides = t.strides();
    int64_t offset = t.storage_offset();
    const int64_t n = t.dim();
    if (old_size != new_size) {
        KILN_CHECK(n != 0, RuntimeError, "self.dim() cannot be 0 to view ", from, " as ", to, " (different element sizes)");
        KILN_CHECK(strides[n - 1] == 1, RuntimeError, "self.stride(-1) must be 1 to view ", from, " as ", to,
                   " (different element sizes), but got ", strides[n - 1]);
        if (old_size > new_size) {
            const int64_t ratio = old_size / new_size;
            for (int64_t d = 0; d < n - 1; ++d) strides[d] *= ratio;
            sizes[n - 1] *= ratio;
            offset *= ratio;
        } else {
            const int64_t ratio = new_size / old_size;
            KILN_CHECK(sizes[n - 1] % ratio == 0, RuntimeError, "self.size(-1) must be divisible by ", ratio, " to view ", from,
                       " as ", to, " (different element sizes), but got ", sizes[n - 1]);
            KILN_CHECK(offset % ratio == 0, RuntimeError, "self.storage_offset() must be divisible by ", ratio, " to view ",
                       from, " as ", to, " (different element sizes), but got ", offset);
            for (int64_t d = 0; d < n - 1; ++d) {
                KILN_CHECK(strides[d] % ratio == 0, RuntimeError, "self.stride(", d, ") must be divisible by ", ratio, " to view ",
                           from, " as ", to, " (different element sizes), but got ", strides[d]);
                strides[d] /= ratio;
            }
            sizes[n - 1] /= ratio;
            offset /= ratio;
        }
    }
    Tensor out = make_view(t, sizes, strides, offset);
    out.impl()->dtype = dtype;
    // view.dtype's output is not differentiable (derivatives.yaml): PyTorch makes it a non-differentiable
    // view (make_variable_non_differentiable_view), an alias sharing the version counter with no base,
    // so it neither follows the base's requires_grad nor answers _is_view()
    out.impl()->diff_view = false;
    out.impl()->base.reset();
    out.impl()->creation_meta = out.impl()->parent_meta = kViewDefault;
    out.impl()->requires_grad = false;
    return out;
}

Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1) {
    const int64_t n = t.dim();
    int64_t a = wrap_dim(dim0, n), b = wrap_dim(dim1, n);
    Shape sizes = t.sizes(), strides = t.strides();
    if (n > 0) {
        std::swap(sizes[a], sizes[b]);
        std::swap(strides[a], strides[b]);
    }
    Tensor out = make_view(t, sizes, strides, t.storage_offset());
    if (autograd::needs_grad({t}))
        autograd::record("TransposeBackward0", {t}, {out}, [a, b](const Grads& g) { return Grads{transpose(g[0], a, b)}; });
    return out;
}

Tensor t(const Tensor& x) {
    KILN_CHECK(x.dim() <= 2, RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is ", x.dim(), "D");
    if (x.dim() < 2) return make_view(x, x.sizes(), x.strides(), x.storage_offset());
    Tensor out = make_view(x, {x.size(1), x.size(0)}, {x.stride(1), x.stride(0)}, x.storage_offset());
    if (autograd::needs_grad({x}))
        autograd::record("TBackward0", {x}, {out}, [](const Grads& g) {
            profiler::push_tree({profiler::t_event(g[0].sizes())});
            return Grads{t(g[0])};
        });
    return out;
}

Tensor expand(const Tensor& t, const Shape& shape) {
    // PyTorch prints the tensor as its legacy type: "expand(torch.FloatTensor{[2, 3]}, size=[3])"
    KILN_CHECK(shape.size() >= t.sizes().size(), RuntimeError, "expand(", dtype_legacy_name(t.dtype()), "{",
               shape_str(t.sizes()), "}, size=", shape_str(shape),
               "): the number of sizes provided (", shape.size(),
               ") must be greater or equal to the number of dimensions in the tensor (", t.dim(), ")");
    Shape target = shape;
    size_t off = shape.size() - t.sizes().size();
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            KILN_CHECK(i >= off, RuntimeError, "The expanded size of the tensor (-1) isn't allowed in a leading, "
                       "non-existing dimension ", i);
            target[i] = t.sizes()[i - off];
        }
        KILN_CHECK(target[i] >= 0, RuntimeError, "Trying to create tensor with negative dimension ", target[i], ": ",
                   shape_str(target));
    }
    Shape strides = broadcast_strides(t.sizes(), t.strides(), target);
    Tensor out = make_view(t, target, strides, t.storage_offset());
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        autograd::record("ExpandBackward0", {t}, {out},
                         [in_shape](const Grads& g) { return Grads{autograd::sum_to(g[0], in_shape)}; });
    }
    return out;
}

Tensor expand_as(const Tensor& t, const Tensor& other) { return expand(t, other.sizes()); }
Tensor broadcast_to(const Tensor& t, const Shape& shape) { return expand(t, shape); }

Tensor squeeze(const Tensor& t) {
    Shape sizes, strides;
    for (int64_t i = 0; i < t.dim(); ++i) {
        if (t.sizes()[i] == 1) continue;
        sizes.push_back(t.sizes()[i]);
        strides.push_back(t.strides()[i]);
    }
    return reshape_backward_view(t, sizes, strides, "SqueezeBackward0");
}

Tensor squeeze(const Tensor& t, int64_t dim) {
    int64_t d = wrap_dim(dim, t.dim());
    if (t.dim() == 0 || t.sizes()[d] != 1) return reshape_backward_view(t, t.sizes(), t.strides(), "SqueezeBackward1");
    Shape sizes = t.sizes(), strides = t.strides();
    sizes.erase(sizes.begin() + d);
    strides.erase(strides.begin() + d);
    return reshape_backward_view(t, sizes, strides, "SqueezeBackward1");
}

Tensor unsqueeze(const Tensor& t, int64_t dim) {
    int64_t d = wrap_dim(dim, t.dim() + 1);
    Shape sizes = t.sizes(), strides = t.strides();
    int64_t st = d < t.dim() ? sizes[d] * strides[d] : 1;
    sizes.insert(sizes.begin() + d, 1);
    strides.insert(strides.begin() + d, st);
    return reshape_backward_view(t, sizes, strides, "UnsqueezeBackward0");
}

Tensor flatten(const Tensor& t, int64_t start_dim, int64_t end_dim) {
    if (t.dim() == 0) return reshape(t, {1});
    int64_t s = wrap_dim(start_dim, t.dim()), e = wrap_dim(end_dim, t.dim());
    KILN_CHECK(s <= e, RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim");
    if (s == e) return t;
    Shape sizes(t.sizes().begin(), t.sizes().begin() + s);
    int64_t prod = 1;
    for (int64_t i = s; i <= e; ++i) prod *= t.sizes()[i];
    sizes.push_back(prod);
    sizes.insert(sizes.end(), t.sizes().begin() + e + 1, t.sizes().end());
    return reshape(t, sizes);
}

Tensor unflatten(const Tensor& t, int64_t dim, const Shape& sizes) {
    int64_t d = wrap_dim(dim, t.dim());
    KILN_CHECK(!sizes.empty(), RuntimeError, "unflatten: sizes must be non-empty");
    // ATen's unflatten reads self.sym_size(dim) (no dim to give for a 0-dim tensor) and infers the
    // sizes inside one try (handle_unflatten_exception): infer_size's element-count error is worded
    // for unflatten, any other error is wrapped as "unflatten got an unexpected error:" and its
    // text (PyTorch's also carries its C++ backtrace, which Kiln has none of).
    Shape inner;
    try {
        inner = infer_size(sizes, t.size(d));
    } catch (const Error& e) {
        if (!std::strstr(e.what(), "is invalid for input of size"))
            KILN_FAIL(RuntimeError, "unflatten got an unexpected error:\n", e.what());
        KILN_FAIL(RuntimeError, "unflatten: Provided sizes ", shape_str(sizes), " don't multiply up to the size of dim ", d, " (",
                  t.sizes()[d], ") in the input tensor");
    }
    Shape shape(t.sizes().begin(), t.sizes().begin() + d);
    shape.insert(shape.end(), inner.begin(), inner.end());
    shape.insert(shape.end(), t.sizes().begin() + d + 1, t.sizes().end());
    return view(t, shape);
}

Tensor slice(const Tensor& t, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
    KILN_CHECK(t.dim() > 0, IndexError, "slice() cannot be applied to a 0-dim tensor.");
    KILN_CHECK(step > 0, ValueError, "step must be greater than zero");
    int64_t d = wrap_dim(dim, t.dim());
    int64_t n = t.sizes()[d];
    auto clampi = [n](int64_t v) {
        if (v < 0) v += n;
        return std::clamp<int64_t>(v, 0, n);
    };
    int64_t b = start ? clampi(*start) : 0;
    int64_t e = end ? clampi(*end) : n;
    // rounded up without forming e - b + step - 1, which overflows for a step near 2**63 (t[::2**63 - 1])
    int64_t len = e > b ? 1 + (e - b - 1) / step : 0;
    Shape sizes = t.sizes(), strides = t.strides();
    sizes[d] = len;
    // a huge step's stride wraps as PyTorch's int64 product does (it only matters past one element)
    strides[d] = int64_t(uint64_t(strides[d]) * uint64_t(step));
    Tensor out = make_view(t, sizes, strides, t.storage_offset() + b * t.strides()[d]);
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        autograd::record("SliceBackward0", {t}, {out}, [in_shape, d, b, e, step](const Grads& g) {
            Tensor full = zeros(in_shape, {g[0].dtype(), g[0].device()});
            Tensor part = slice(full, d, b, e, step);
            copy_(part, g[0]);
            return Grads{full};
        });
    }
    return out;
}

Tensor select(const Tensor& t, int64_t dim, int64_t index) {
    KILN_CHECK(t.dim() > 0, IndexError, "select() cannot be applied to a 0-dim tensor.");
    int64_t d = wrap_dim(dim, t.dim());
    int64_t n = t.sizes()[d];
    KILN_CHECK(index >= -n && index < n, IndexError, "index ", index, " is out of bounds for dimension ", d,
               " with size ", n);
    int64_t i = index < 0 ? index + n : index;
    Shape sizes = t.sizes(), strides = t.strides();
    int64_t offset = t.storage_offset() + i * strides[d];
    sizes.erase(sizes.begin() + d);
    strides.erase(strides.begin() + d);
    Tensor out = make_view(t, sizes, strides, offset);
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        autograd::record("SelectBackward0", {t}, {out}, [in_shape, d, i](const Grads& g) {
            Tensor full = zeros(in_shape, {g[0].dtype(), g[0].device()});
            Tensor part = select(full, d, i);
            copy_(part, g[0]);
            return Grads{full};
        });
    }
    return out;
}

Tensor narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length) {
    // ATen's 0-dim check first (wrap_dim would admit dim 0 of a scalar, whose size does not exist)
    KILN_CHECK(t.dim() > 0, RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
    // ATen's narrow_symint: the length's sign before the start's range (F.pad's negative padding
    // past the input reaches narrow with both wrong: PyTorch names the length)
    KILN_CHECK(length >= 0, RuntimeError, "narrow(): length must be non-negative.");
    int64_t d = wrap_dim(dim, t.dim());
    int64_t n = t.sizes()[d];
    KILN_CHECK(start >= -n && start <= n, IndexError, "start out of range (expected to be in range of [", -n, ", ", n,
               "], but got ", start, ")");
    if (start < 0) start += n;
    KILN_CHECK(start <= n - length, RuntimeError, "start (", start, ") + length (", length, ") exceeds dimension size (", n, ").");
    return slice(t, d, start, start + length, 1);
}

Tensor alias(const Tensor& t) {
    Tensor out = make_view(t, t.sizes(), t.strides(), t.storage_offset());
    if (autograd::needs_grad({t}))
        autograd::record("AliasBackward0", {t}, {out}, [](const Grads& g) { return Grads{g[0]}; });
    return out;
}

std::vector<Tensor> unbind(const Tensor& t, int64_t dim) {
    // ATen names dim 0 whatever dim was given (TORCH_CHECK_INDEX(self.dim() > 0, ...)).
    KILN_CHECK(t.dim() > 0, IndexError, "Dimension specified as 0 but tensor has no dimensions");
    int64_t d = wrap_dim(dim, t.dim());
    std::vector<Tensor> outs;
    {
        autograd::NoGradGuard no_grad;
        for (int64_t i = 0; i < t.sizes()[d]; ++i) outs.push_back(select(t, d, i));
    }
    if (autograd::needs_grad({t})) {
        autograd::record("UnbindBackward0", {t}, outs, [d](const Grads& g) { return Grads{stack(g, d)}; });
    }
    // PyTorch's MULTI_OUTPUT_NODE views (see split_views in join.cpp).
    if (autograd::grad_enabled())
        for (Tensor& o : outs) o.impl()->creation_meta = kViewMultiOutput;
    return outs;
}

Tensor movedim(const Tensor& t, int64_t source, int64_t destination) {
    int64_t n = t.dim();
    int64_t s = wrap_dim(source, n), dst = wrap_dim(destination, n);
    if (n == 0) return alias(t);  // ATen: a scalar tensor's movedim is a no-op (permute would refuse the dims)
    std::vector<int64_t> order;
    for (int64_t i = 0; i < n; ++i)
        if (i != s) order.push_back(i);
    order.insert(order.begin() + dst, s);
    return permute(t, order);
}

// ATen's movedim(IntArrayRef, IntArrayRef): the moved dims land at their destinations, the others keep
// their relative order in the remaining positions; both lists are wrapped and checked for repeats.
Tensor movedim(const Tensor& t, const std::vector<int64_t>& source, const std::vector<int64_t>& destination) {
    KILN_CHECK(source.size() == destination.size(), RuntimeError,
               "movedim: Invalid source or destination dims: source (", shape_str(source),
               " dims) should contain the same number of dims as destination (", shape_str(destination), " dims)");
    const int64_t n = t.dim();
    std::vector<int64_t> src(source.size()), dst(destination.size());
    for (size_t i = 0; i < source.size(); ++i) src[i] = wrap_dim(source[i], n);
    for (size_t i = 0; i < destination.size(); ++i) dst[i] = wrap_dim(destination[i], n);
    auto unique = [](std::vector<int64_t> d) {
        std::sort(d.begin(), d.end());
        return std::adjacent_find(d.begin(), d.end()) == d.end();
    };
    KILN_CHECK(unique(src), RuntimeError, "movedim: repeated dim in `source` (", shape_str(source), ")");
    KILN_CHECK(unique(dst), RuntimeError, "movedim: repeated dim in `destination` (", shape_str(destination), ")");
    if (n == 0) return movedim(t, 0, 0);  // a scalar tensor: an alias
    std::vector<int64_t> order(size_t(n), -1), rest_src, rest_dst;
    std::vector<bool> src_used(size_t(n), false), dst_used(size_t(n), false);
    for (size_t i = 0; i < src.size(); ++i) {
        order[size_t(dst[i])] = src[i];
        src_used[size_t(src[i])] = true;
        dst_used[size_t(dst[i])] = true;
    }
    for (int64_t i = 0; i < n; ++i) {
        if (!src_used[size_t(i)]) rest_src.push_back(i);
        if (!dst_used[size_t(i)]) rest_dst.push_back(i);
    }
    for (size_t i = 0; i < rest_src.size(); ++i) order[size_t(rest_dst[i])] = rest_src[i];
    return permute(t, order);
}

}  // namespace kiln
