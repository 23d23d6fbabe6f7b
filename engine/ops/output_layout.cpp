// Result layouts as PyTorch's TensorIterator and preserve_format choose them (see output_layout.h).
#include "ops/output_layout.h"

#include <algorithm>
#include <memory>

#include "support/error.h"
#include "tensor/iter.h"

namespace kiln {

namespace {

// operand's stride for output dim d of `shape` (broadcast dims: 0), TensorIterator's compute_strides.
int64_t stride_at(const Tensor& t, const Shape& shape, size_t d) {
    const size_t n = shape.size(), m = size_t(t.dim());
    if (d + m < n) return 0;
    const size_t td = d + m - n;
    if (t.sizes()[td] == 1 && shape[d] != 1) return 0;
    return t.strides()[td];
}

bool row_major(const Shape& sizes, const Shape& strides) {
    int64_t expected = 1;
    for (size_t i = sizes.size(); i-- > 0;) {
        if (sizes[i] == 1) continue;
        if (strides[i] != expected) return false;
        expected *= sizes[i];
    }
    return true;
}

// reorder_dimensions over the operands broadcast to `shape` (tensor/iter.h's reorder_dims), slowest
// first; empty when the result is the plain row-major order.
std::vector<int64_t> sorted_order(const Shape& shape, const std::vector<Tensor>& operands) {
    std::vector<Shape> strides;
    for (const Tensor& t : operands) {
        if (!t.defined()) continue;
        Shape st(shape.size());
        for (size_t d = 0; d < shape.size(); ++d) st[d] = stride_at(t, shape, d);
        strides.push_back(std::move(st));
    }
    std::vector<const int64_t*> views;
    for (const Shape& st : strides) views.push_back(st.data());
    const std::vector<size_t> perm = reorder_dims(shape, views);
    for (size_t i = 0; i < perm.size(); ++i)
        if (perm[i] != i) return std::vector<int64_t>(perm.begin(), perm.end());
    return {};
}

// c10's is_channels_last_strides_2d_s4 / _3d_s5: strides non-decreasing from C outward, with its
// tie rules for size-1 dims (an N111 or 1C1W tensor stays row-major).
bool strides_like_channels_last(const Tensor& t, const std::vector<int64_t>& order_fast_first) {
    const Shape& sizes = t.sizes();
    const Shape& strides = t.strides();
    if (strides[1] == 0) return false;
    int64_t min = 0;
    for (int64_t d : order_fast_first) {
        if (strides[size_t(d)] < min) return false;
        if (d == 0 && min == strides[1]) return false;
        min = strides[size_t(d)];
        if (sizes[size_t(d)] > 1) min *= sizes[size_t(d)];
    }
    return true;
}

bool channels_last_contiguous_in(const Tensor& t, const std::vector<int64_t>& order_fast_first) {
    int64_t expected = 1;
    for (int64_t d : order_fast_first) {
        if (t.size(d) == 1) continue;
        if (t.stride(d) != expected) return false;
        expected *= t.size(d);
    }
    return true;
}

const std::vector<int64_t> kLast2d = {1, 3, 2, 0}, kLast3d = {1, 4, 3, 2, 0};

}  // namespace

bool non_overlapping_and_dense(const Shape& sizes, const Shape& strides) {
    std::vector<size_t> dims;
    for (size_t d = 0; d < sizes.size(); ++d)
        if (sizes[d] != 1) dims.push_back(d);
    std::sort(dims.begin(), dims.end(), [&](size_t x, size_t y) { return strides[x] < strides[y]; });
    int64_t expected = 1;
    for (size_t d : dims) {
        if (strides[d] != expected) return false;
        expected *= sizes[d];
    }
    return true;
}

std::vector<int64_t> format_order(MemoryFormat format, int64_t dim) {
    if (format == MemoryFormat::ChannelsLast) {
        KILN_CHECK(dim == 4, RuntimeError, "required rank 4 tensor to use channels_last format");
        return {0, 2, 3, 1};
    }
    if (format == MemoryFormat::ChannelsLast3d) {
        KILN_CHECK(dim == 5, RuntimeError, "required rank 5 tensor to use channels_last_3d format");
        return {0, 2, 3, 4, 1};
    }
    return {};
}

bool is_contiguous_as(const Tensor& t, MemoryFormat format) {
    if (format == MemoryFormat::ChannelsLast) return t.dim() == 4 && channels_last_contiguous_in(t, kLast2d);
    if (format == MemoryFormat::ChannelsLast3d) return t.dim() == 5 && channels_last_contiguous_in(t, kLast3d);
    return t.is_contiguous();
}

MemoryFormat suggest_memory_format(const Tensor& t) {
    if (t.dim() == 4 && strides_like_channels_last(t, kLast2d)) return MemoryFormat::ChannelsLast;
    if (t.dim() == 5 && strides_like_channels_last(t, kLast3d)) return MemoryFormat::ChannelsLast3d;
    return MemoryFormat::Contiguous;
}

// ATen's infer_dense_strides (TensorUtils.cpp): dense strides that keep the layout permutation of
// `strides`: the dims sorted by stride, fastest first, by TensorIterator's rules (a stable insertion
// sort from the last dim; a 0 stride never moves; equal strides put the smaller size first).
Shape infer_dense_strides(const Shape& sizes, const Shape& strides) {
    const size_t n = sizes.size();
    std::vector<size_t> perm(n);
    for (size_t i = 0; i < n; ++i) perm[i] = n - 1 - i;
    auto should_swap = [&](size_t d0, size_t d1) {
        const int64_t s0 = strides[d0], s1 = strides[d1];
        if (s0 == 0 || s1 == 0) return 0;
        if (s0 != s1) return s0 < s1 ? -1 : 1;
        return sizes[d0] > sizes[d1] ? 1 : 0;
    };
    for (size_t i = 1; i < n; ++i) {
        size_t d1 = i;
        for (size_t j = 1; j <= i; ++j) {
            const size_t d0 = i - j;
            const int c = should_swap(perm[d0], perm[d1]);
            if (c > 0) {
                std::swap(perm[d0], perm[d1]);
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    }
    Shape out(n);
    int64_t cur = 1;
    for (size_t i = 0; i < n; ++i) {
        out[perm[i]] = cur;
        if (sizes[perm[i]] > 1) cur *= sizes[perm[i]];
    }
    return out;
}

Tensor empty_format(const Tensor& t, DType dtype, Device device, MemoryFormat format) {
    if (format == MemoryFormat::Preserve) {
        if (non_overlapping_and_dense(t.sizes(), t.strides()))
            return empty_like_layout(t.sizes(), t.strides(), t.sizes(), dtype, device);
        // ATen's empty_like of a strided tensor that is not dense (a slice, an expanded view): dense
        // strides in the same layout permutation (dropout's noise of a transposed slice is drawn in
        // that order, so this decides which elements each random draw lands on)
        Tensor out = Tensor::empty(t.sizes(), dtype, device);
        out.impl()->strides = infer_dense_strides(t.sizes(), t.strides());
        return out;
    }
    return empty_in_order(t.sizes(), dtype, device, format_order(format, t.dim()));
}

std::vector<int64_t> iterator_dim_order(const Shape& shape, const std::vector<Tensor>& operands) {
    if (shape.size() <= 1) return {};
    // compute_fast_setup_type: operands all of the output's shape and one layout keep it.
    bool same_shape = true, contiguous = true, channels_last = true;
    for (const Tensor& t : operands) {
        if (!t.defined()) continue;
        same_shape = same_shape && t.sizes() == shape;
        contiguous = contiguous && t.is_contiguous();
        channels_last = channels_last && is_contiguous_as(t, MemoryFormat::ChannelsLast);
    }
    if (same_shape && contiguous) return {};
    if (same_shape && channels_last) return {0, 2, 3, 1};
    return sorted_order(shape, operands);
}

std::vector<int64_t> memory_dim_order(const Tensor& t) {
    if (t.dim() <= 1 || t.is_contiguous()) return {};
    return sorted_order(t.sizes(), {t});
}

Shape strides_in_order(const Shape& shape, const std::vector<int64_t>& order) {
    if (order.empty()) return contiguous_strides(shape);
    Shape psizes(shape.size());
    for (size_t i = 0; i < order.size(); ++i) psizes[i] = shape[size_t(order[i])];
    const Shape pstrides = contiguous_strides(psizes);
    Shape strides(shape.size());
    for (size_t i = 0; i < order.size(); ++i) strides[size_t(order[i])] = pstrides[i];
    return strides;
}

Shape elementwise_strides(const Shape& shape, const std::vector<std::pair<Shape, Shape>>& operands) {
    std::vector<Tensor> layouts;
    for (const auto& [sizes, strides] : operands) {
        auto impl = std::make_shared<TensorImpl>();  // a layout only: no storage
        impl->sizes = sizes;
        impl->strides = strides;
        layouts.emplace_back(std::move(impl));
    }
    return strides_in_order(shape, iterator_dim_order(shape, layouts));
}

Tensor empty_in_order(const Shape& shape, DType dtype, Device device, const std::vector<int64_t>& order) {
    Tensor out = Tensor::empty(shape, dtype, device);
    if (!order.empty()) out.impl()->strides = strides_in_order(shape, order);
    return out;
}

Tensor empty_preserving(const Tensor& t, DType dtype) { return empty_format(t, dtype, t.device(), MemoryFormat::Preserve); }

Tensor empty_like_layout(const Shape& layout_sizes, const Shape& layout_strides, const Shape& sizes, DType dtype,
                         Device device) {
    Tensor out = Tensor::empty(sizes, dtype, device);
    if (layout_sizes == sizes && !row_major(layout_sizes, layout_strides) &&
        non_overlapping_and_dense(layout_sizes, layout_strides))
        out.impl()->strides = layout_strides;
    return out;
}

Tensor permuted_view(const Tensor& t, const Shape& shape, const std::vector<int64_t>& order) {
    const Shape strides = t.sizes() == shape ? t.strides() : broadcast_strides(t.sizes(), t.strides(), shape);
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes.resize(shape.size());
    impl->strides.resize(shape.size());
    for (size_t i = 0; i < order.size(); ++i) {
        impl->sizes[i] = shape[size_t(order[i])];
        impl->strides[i] = strides[size_t(order[i])];
    }
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    return Tensor(std::move(impl));
}

}  // namespace kiln
