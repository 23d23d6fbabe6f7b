// aten::embedding_bag (F.embedding_bag, nn.EmbeddingBag): sums, means or maxima of "bags" of
// embedding rows, without materializing the looked-up rows, and its two gradients.
//
// Bag b holds the indices from offsets[b] up to offsets[b+1] (the last bag up to the end of the
// indices; with include_last_offset the last offset closes it instead). As ATen's CPU kernels
// (aten/src/ATen/native/EmbeddingBag.cpp): rows equal to padding_idx are skipped and do not count
// in a bag's size, a mean divides by max(size, 1), an empty bag is zeros, max keeps the first
// maximum (and remembers which row gave it, the fourth output), sums run in index order in the
// weight's compute type. The outputs are ATen's four: (output, offset2bag, bag_size, max_indices).
//
// The weight's gradient (aten::_embedding_bag_backward) adds each bag's gradient row into the
// rows the bag read, scaled by the sample's weight, by 1/size for a mean and by 1/frequency with
// scale_grad_by_freq; for max only into the row that gave each maximum. The per-sample weights'
// gradient (aten::_embedding_bag_per_sample_weights_backward) is the dot product of the bag's
// gradient row and the row read. Both are the eager EmbeddingBagBackward0's kernels and AOT
// autograd's formula (aot/derivatives.cpp). The loops run on the host (a CUDA tensor is copied).
#include <algorithm>
#include <map>

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "autograd/sparse_grad.h"
#include "ops/embedding_sparse.h"
#include "ops/native_backward.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

using autograd::Grads;

constexpr int64_t kSum = 0, kMean = 1, kMax = 2;

// The bag of each index: the number of offsets at or before it, less one (ATen's make_offset2bag;
// with include_last_offset the closing offset changes nothing before it). Indices past the last
// bag (-1 or >= bags) read nothing.
std::vector<int64_t> bag_of_indices(const std::vector<int64_t>& offs, int64_t n) {
    std::vector<int64_t> r(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) r[size_t(i)] = int64_t(std::upper_bound(offs.begin(), offs.end(), i) - offs.begin()) - 1;
    return r;
}

// [begin, end) of each bag's indices.
std::vector<std::pair<int64_t, int64_t>> bag_ranges(const std::vector<int64_t>& offs, int64_t n, bool include_last) {
    const int64_t bags = int64_t(offs.size()) - (include_last ? 1 : 0);
    std::vector<std::pair<int64_t, int64_t>> r;
    for (int64_t b = 0; b < bags; ++b) {
        int64_t end = b + 1 < int64_t(offs.size()) ? offs[size_t(b + 1)] : n;
        r.emplace_back(std::min(offs[size_t(b)], n), std::min(std::max(end, offs[size_t(b)]), n));
    }
    return r;
}

void check_index_dtype(const Tensor& t, const char* name) {
    KILN_CHECK(t.dtype() == DType::Int64 || t.dtype() == DType::Int32, RuntimeError, "Expected tensor for argument #1 '",
               name, "' to have one of the following scalar types: Long, Int; but got ", dtype_legacy_name(t.dtype()),
               " instead (while checking arguments for embedding_bag)");
}

// sparse=True's weight gradient, ATen's _embedding_bag_sparse_backward: each index takes its bag's
// gradient row (index_select by offset2bag), times the reciprocal of the bag's size for mean (a
// float reciprocal then a product, as apply_bag_size_backward computes it), times its sample's
// weight, and embedding_sparse_backward makes the sparse COO gradient of those rows (padding rows
// dropped, uncoalesced). Indices past the last bag read nothing and give no entry.
Tensor embedding_bag_sparse_grad(const Tensor& grad, const Tensor& indices, const Tensor& offsets, const Tensor& bag_size,
                                 int64_t num_weights, bool scale_grad_by_freq, int64_t mode,
                                 const Tensor& per_sample_weights, int64_t padding_idx) {
    autograd::NoGradGuard no_grad;
    KILN_CHECK(!scale_grad_by_freq, RuntimeError, "embedding_backward: scale_grad_by_freq not supported with sparse gradients");
    const int64_t n = indices.numel(), bags = grad.size(0);
    std::vector<int64_t> bag = bag_of_indices(offsets.to_int_vector(), n);
    std::vector<int64_t> keep;
    for (int64_t i = 0; i < n; ++i)
        if (bag[size_t(i)] >= 0 && bag[size_t(i)] < bags) keep.push_back(i);
    auto longs = [](const std::vector<int64_t>& v) {
        Tensor t = Tensor::empty({int64_t(v.size())}, DType::Int64);
        std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
        return t;
    };
    Tensor idx = reshape(indices, {-1});
    std::vector<int64_t> o2b;
    for (int64_t i : keep) o2b.push_back(bag[size_t(i)]);
    if (int64_t(keep.size()) != n) idx = index_select(idx, 0, longs(keep));
    Tensor o2b_t = longs(o2b);
    Tensor index_grad = index_select(grad, 0, o2b_t);
    if (mode == kMean)
        index_grad = mul(index_grad, index_select(unsqueeze(reciprocal(to_dtype(bag_size, grad.dtype())), 1), 0, o2b_t));
    if (per_sample_weights.defined()) {
        Tensor w = reshape(per_sample_weights, {-1});
        if (int64_t(keep.size()) != n) w = index_select(w, 0, longs(keep));
        index_grad = mul(index_grad, unsqueeze(w, 1));
    }
    return embedding_sparse_backward(index_grad, idx, num_weights, padding_idx);
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(const Tensor& weight, const Tensor& indices, const Tensor& offsets,
                                                         bool scale_grad_by_freq, int64_t mode, bool sparse,
                                                         const Tensor& per_sample_weights, bool include_last_offset,
                                                         std::optional<int64_t> padding_idx) {
    KILN_CHECK(weight.dim() == 2, RuntimeError, "embedding_bag: weight has to be a 2D Tensor");
    const int64_t num = weight.size(0), D = weight.size(1);
    int64_t pad = -1;
    if (padding_idx) {
        KILN_CHECK(*padding_idx >= -num && *padding_idx < num, RuntimeError,
                   "padding_idx must be within the number of embeddings, -", num, " through ", num - 1, ", but got ",
                   *padding_idx);
        pad = *padding_idx < 0 ? *padding_idx + num : *padding_idx;
    }
    check_index_dtype(indices, "indices");
    check_index_dtype(offsets, "offsets");
    KILN_CHECK(weight.dtype() == DType::Float32 || weight.dtype() == DType::Float64 || weight.dtype() == DType::Float16 ||
                   weight.dtype() == DType::BFloat16,
               RuntimeError, "Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, "
               "BFloat16, Float, Double; but got ", dtype_legacy_name(weight.dtype()),
               " instead (while checking arguments for embedding_bag)");
    KILN_CHECK(offsets.dim() == 1, RuntimeError, "offsets has to be a 1D Tensor");
    const bool psw = per_sample_weights.defined();
    if (psw) {
        KILN_CHECK(mode == kSum, RuntimeError, "embedding_bag: per_sample_weights only supported with mode='sum'");
        KILN_CHECK(per_sample_weights.dtype() == weight.dtype(), RuntimeError,
                   "Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 "
                   "'per_sample_weights'; but type ", dtype_legacy_name(weight.dtype()), " does not equal ",
                   dtype_legacy_name(per_sample_weights.dtype()), " (while checking arguments for embedding_bag)");
        KILN_CHECK(per_sample_weights.dim() == 1 && per_sample_weights.numel() == indices.numel(), RuntimeError,
                   "embedding_bag: per_sample_weights must be 1-D with one weight per index");
    }
    if (include_last_offset)
        KILN_CHECK(offsets.size(0) >= 1, RuntimeError, "include_last_offset: number of offset should be at least 1");
    KILN_CHECK(mode == kSum || mode == kMean || mode == kMax, RuntimeError,
               "embedding_bag: mode must be 0 (sum), 1 (mean) or 2 (max), got ", mode);
    const int64_t n = indices.numel();
    const int64_t bags = offsets.size(0) - (include_last_offset ? 1 : 0);
    const Device dev = weight.device();
    // The ATen outputs beside the result: offset2bag (empty on sum's fast path: no padding row),
    // bag_size (counts for mean and max, zeros for sum), max_indices (max: [bags, D] rows; else a
    // copy of bag_size).
    const bool fast_sum = mode == kSum && pad < 0;
    Tensor out = Tensor::empty({bags, D}, weight.dtype(), dev);
    if (meta_mode()) {
        Tensor o2b = Tensor::empty({fast_sum ? 0 : n}, DType::Int64, dev);
        Tensor bs = Tensor::empty({bags}, DType::Int64, dev);
        Tensor mi = mode == kMax ? Tensor::empty({bags, D}, DType::Int64, dev) : Tensor::empty({bags}, DType::Int64, dev);
        return {out, o2b, bs, mi};
    }
    std::vector<int64_t> idx = indices.to_int_vector();
    std::vector<int64_t> offs = offsets.to_int_vector();
    if (!offs.empty()) {
        KILN_CHECK(offs[0] == 0, RuntimeError, "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to "
                   "start from position 0. However, got ", offs[0]);
        KILN_CHECK(offs.back() <= n, RuntimeError, "offsets[-1] can not be greater than input's length ", n,
                   " but got offsets[-1] of ", offs.back());
    }
    auto ranges = bag_ranges(offs, n, include_last_offset);
    std::vector<int64_t> offset2bag(size_t(n), 0), bag_size(size_t(bags), 0);
    for (int64_t b = 0; b < bags; ++b) {
        for (int64_t i = ranges[size_t(b)].first; i < ranges[size_t(b)].second; ++i) offset2bag[size_t(i)] = b;
        bag_size[size_t(b)] = ranges[size_t(b)].second - ranges[size_t(b)].first;
    }
    // ATen's make_bag_size: the last bag counts every index from its offset to the end, even where
    // include_last_offset closes it earlier (a mean then divides by that count).
    if (bags > 0 && !offs.empty()) bag_size[size_t(bags - 1)] = n - std::min(offs[size_t(bags - 1)], n);
    std::vector<int64_t> max_indices(mode == kMax ? size_t(bags * D) : 0, 0);
    const DType ct = compute_dtype(weight.dtype());
    Tensor wc = host_contiguous(weight, ct);
    Tensor sc = psw ? host_contiguous(per_sample_weights, ct) : Tensor();
    Tensor oc = zeros({bags, D}, {ct});
    dispatch_float(ct, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* w = wc.data_ptr<T>();
        const T* s = psw ? sc.data_ptr<T>() : nullptr;
        T* o = oc.data_ptr<T>();
        for (int64_t b = 0; b < bags; ++b) {
            bool empty = true;
            T* row = o + b * D;
            for (int64_t i = ranges[size_t(b)].first; i < ranges[size_t(b)].second; ++i) {
                const int64_t k = idx[size_t(i)];
                KILN_CHECK(k >= 0 && k < num, RuntimeError,
                           "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be ", k);
                if (k == pad) {
                    --bag_size[size_t(b)];
                    continue;
                }
                const T* src = w + k * D;
                if (mode == kMax) {
                    for (int64_t d = 0; d < D; ++d)
                        if (empty || src[d] > row[d]) {
                            row[d] = src[d];
                            max_indices[size_t(b * D + d)] = k;
                        }
                } else {
                    const T scale = s ? s[i] : T(1);
                    for (int64_t d = 0; d < D; ++d) row[d] += s ? src[d] * scale : src[d];
                }
                empty = false;
            }
            if (mode == kMean) {
                const T size = T(std::max<int64_t>(bag_size[size_t(b)], 1));
                for (int64_t d = 0; d < D; ++d) row[d] /= size;
            }
        }
    });
    if (mode == kSum) std::fill(bag_size.begin(), bag_size.end(), 0);
    {
        autograd::NoGradGuard no_grad;
        out = to_device(to_dtype(oc, weight.dtype()), dev);
    }
    auto int_tensor = [&](const std::vector<int64_t>& v, Shape shape) {
        Tensor t = Tensor::empty(shape, DType::Int64);
        std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
        return to_device(t, dev);
    };
    Tensor o2b = int_tensor(fast_sum ? std::vector<int64_t>{} : offset2bag, {fast_sum ? 0 : n});
    // Sum's bag_size is zeros, one per offset when no gradient is wanted (ATen's forward_only path).
    if (mode == kSum && !autograd::needs_grad({weight, per_sample_weights})) bag_size.assign(offs.size(), 0);
    Tensor bs = int_tensor(bag_size, {int64_t(bag_size.size())});
    Tensor mi = mode == kMax ? int_tensor(max_indices, {bags, D}) : int_tensor(bag_size, {int64_t(bag_size.size())});
    if (autograd::needs_grad({weight, per_sample_weights})) {
        Tensor si = indices.detach(), so = offsets.detach(), sbs = bs, smi = mi;
        Tensor sw = weight.detach(), spsw = psw ? per_sample_weights.detach() : Tensor();
        const bool need_w = autograd::differentiable(weight), need_s = psw && autograd::differentiable(per_sample_weights);
        autograd::record("EmbeddingBagBackward0", {weight, per_sample_weights}, {out},
                         [=](const Grads& g) {
                             Grads r(2);
                             if (need_w && sparse && dev == Device::CPU)
                                 r[0] = embedding_bag_sparse_grad(g[0], si, so, sbs, num, scale_grad_by_freq, mode, spsw, pad);
                             else if (need_w)
                                 r[0] = embedding_bag_backward(g[0], si, so, sbs, smi, num, scale_grad_by_freq, mode,
                                                               spsw, pad);
                             if (need_s) r[1] = embedding_bag_per_sample_weights_backward(g[0], sw, si, so, mode, pad);
                             return r;
                         });
    }
    return {out, o2b, bs, mi};
}

namespace {

// scale_grad_by_freq's divisor for each index value. CUDA's kernel divides by the value's own count.
// ATen's CPU kernel (_embedding_bag_dense_backward_cpu_sum_mean) walks the sorted indices group by
// group and divides group i by counts[sorted_indices[i]], the count of the i-th sorted index rather
// than of the group's value (indices [1, 1, 1, 3]: the group of 3 is the second, sorted_indices[1] is
// 1, so 3's gradient is divided by 3): reproduced here as PyTorch computes it.
std::map<int64_t, int64_t> freq_divisors(const std::vector<int64_t>& idx, Device device) {
    std::map<int64_t, int64_t> counts;
    for (int64_t k : idx) ++counts[k];
    if (device != Device::CPU) return counts;
    std::vector<int64_t> sorted = idx;
    std::sort(sorted.begin(), sorted.end());
    std::map<int64_t, int64_t> divisors;
    size_t group = 0;
    for (const auto& [value, count] : counts) divisors[value] = counts[sorted[group++]];
    return divisors;
}

Tensor embedding_bag_backward_kernel(const Tensor& grad, const Tensor& indices, const Tensor& offsets,
                                     const Tensor& bag_size, const Tensor& max_indices, int64_t num_weights,
                                     bool scale_grad_by_freq, int64_t mode, const Tensor& per_sample_weights,
                                     int64_t padding_idx) {
    autograd::NoGradGuard no_grad;
    const int64_t D = grad.size(1), bags = grad.size(0);
    const DType ct = compute_dtype(grad.dtype());
    if (meta_mode()) return Tensor::empty({num_weights, D}, grad.dtype(), grad.device());
    std::vector<int64_t> idx = indices.to_int_vector();
    const int64_t n = int64_t(idx.size());
    std::vector<int64_t> bag = bag_of_indices(offsets.to_int_vector(), n);
    std::vector<int64_t> sizes = bag_size.to_int_vector();
    Tensor gc = host_contiguous(grad, ct);
    Tensor gw = zeros({num_weights, D}, {ct});
    std::map<int64_t, int64_t> counts;
    if (scale_grad_by_freq) counts = freq_divisors(idx, grad.device());
    dispatch_float(ct, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* g = gc.data_ptr<T>();
        T* w = gw.data_ptr<T>();
        if (mode == kMax) {
            std::vector<int64_t> mi = max_indices.to_int_vector();
            for (int64_t b = 0; b < bags; ++b) {
                if (sizes[size_t(b)] == 0) continue;  // an empty (or all-padding) bag read no row
                for (int64_t d = 0; d < D; ++d) w[mi[size_t(b * D + d)] * D + d] += g[b * D + d];
            }
            return;
        }
        Tensor sc = per_sample_weights.defined() ? host_contiguous(per_sample_weights, ct) : Tensor();
        const T* s = sc.defined() ? sc.data_ptr<T>() : nullptr;
        for (int64_t i = 0; i < n; ++i) {
            const int64_t k = idx[size_t(i)], b = bag[size_t(i)];
            if (k == padding_idx || b < 0 || b >= bags) continue;
            // ATen's scale, in double and in its order: the sample's weight, / the frequency, / the
            // bag's size for mean (a bag of size 0 is not divided), then cast to the gradient's type.
            double scale = s ? double(s[i]) : 1.0;
            if (scale_grad_by_freq) scale /= double(counts[k]);
            if (mode == kMean && sizes[size_t(b)] != 0) scale /= double(sizes[size_t(b)]);
            const T sc = T(scale);
            for (int64_t d = 0; d < D; ++d) w[k * D + d] += g[b * D + d] * sc;
        }
    });
    return to_device(to_dtype(gw, grad.dtype()), grad.device());
}

Tensor embedding_bag_per_sample_weights_backward_kernel(const Tensor& grad, const Tensor& weight, const Tensor& indices,
                                                        const Tensor& offsets, int64_t mode, int64_t padding_idx) {
    autograd::NoGradGuard no_grad;
    KILN_CHECK(mode == kSum, RuntimeError, "embedding_bag_backward: per_sample_weights only supported for mode='sum'");
    const DType ct = compute_dtype(grad.dtype());
    const int64_t n = indices.numel(), D = grad.size(1), bags = grad.size(0);
    if (meta_mode()) return Tensor::empty({n}, grad.dtype(), grad.device());
    std::vector<int64_t> idx = indices.to_int_vector();
    std::vector<int64_t> bag = bag_of_indices(offsets.to_int_vector(), n);
    Tensor gc = host_contiguous(grad, ct), wc = host_contiguous(weight, ct);
    Tensor out = zeros({n}, {ct});
    dispatch_float(ct, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* g = gc.data_ptr<T>();
        const T* w = wc.data_ptr<T>();
        T* o = out.data_ptr<T>();
        for (int64_t i = 0; i < n; ++i) {
            const int64_t k = idx[size_t(i)], b = bag[size_t(i)];
            if (k == padding_idx || b < 0 || b >= bags) continue;
            T acc = 0;
            for (int64_t d = 0; d < D; ++d) acc += g[b * D + d] * w[k * D + d];
            o[i] = acc;
        }
    });
    return to_device(to_dtype(out, grad.dtype()), grad.device());
}

// The rows a bag's gradient reaches, one entry per index that counts (not padding, inside a bag):
// the index's position, its bag and its weight row.
struct BagReads {
    std::vector<int64_t> pos, bag, row;
};

BagReads bag_reads(const Tensor& indices, const Tensor& offsets, int64_t bags, int64_t padding_idx) {
    std::vector<int64_t> idx = indices.to_int_vector();
    std::vector<int64_t> bag = bag_of_indices(offsets.to_int_vector(), int64_t(idx.size()));
    BagReads r;
    for (size_t i = 0; i < idx.size(); ++i) {
        if (idx[i] == padding_idx || bag[i] < 0 || bag[i] >= bags) continue;
        r.pos.push_back(int64_t(i));
        r.bag.push_back(bag[i]);
        r.row.push_back(idx[i]);
    }
    return r;
}

Tensor long_tensor(const std::vector<int64_t>& v, Device dev) {
    Tensor t = Tensor::empty({int64_t(v.size())}, DType::Int64);
    std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
    return to_device(t, dev);
}

// sum_k src[k] into out[bag[k]] for rows src (m x D): the bags' sums of what their indices read.
Tensor sum_into_bags(const Tensor& src, const std::vector<int64_t>& bag, int64_t bags) {
    const int64_t D = src.size(1);
    Tensor index = contiguous(expand(unsqueeze(long_tensor(bag, src.device()), 1), {int64_t(bag.size()), D}));
    return scatter_add(zeros({bags, D}, {src.dtype(), src.device()}), 0, index, src);
}

}  // namespace

// Both gradients are linear in grad; their derivative there (double backward in grad, and the
// forward-mode tangents derived from these formulas) reads back what the gradient scattered: for
// the weight's, each bag sums the (scaled) tangent rows it read, or for max takes the row that gave
// each maximum; for the per-sample weights', each bag sums its rows of the weight scaled by the
// tangent of its samples' weights. Recorded as ops, so no raw kernel ends the chain.
Tensor embedding_bag_backward(const Tensor& grad, const Tensor& indices, const Tensor& offsets, const Tensor& bag_size,
                              const Tensor& max_indices, int64_t num_weights, bool scale_grad_by_freq, int64_t mode,
                              const Tensor& per_sample_weights, int64_t padding_idx) {
    Tensor out = embedding_bag_backward_kernel(grad, indices, offsets, bag_size, max_indices, num_weights,
                                               scale_grad_by_freq, mode, per_sample_weights, padding_idx);
    if (!autograd::needs_grad({grad}) || meta_mode()) return out;
    const int64_t bags = grad.size(0), D = grad.size(1);
    const Device dev = grad.device();
    if (mode == kMax) {
        // the row of each maximum; an empty bag took none (its gradient stays zero)
        std::vector<int64_t> sizes = bag_size.to_int_vector(), mi = max_indices.to_int_vector();
        std::vector<double> keep(size_t(bags * D), 0.0);
        for (int64_t b = 0; b < bags; ++b)
            for (int64_t d = 0; d < D; ++d) {
                const size_t at = size_t(b * D + d);
                if (sizes[size_t(b)] == 0 || mi[at] < 0) mi[at] = 0;
                else keep[at] = 1.0;
            }
        Tensor index = reshape(long_tensor(mi, dev), {bags, D});
        Tensor mask = to_device(tensor(keep, {bags, D}, grad.dtype()), dev);
        autograd::record("EmbeddingBagBackwardBackward0", {grad}, {out}, [index, mask](const Grads& g) {
            return Grads{mul(gather(g[0], 0, index), mask)};
        });
        return out;
    }
    BagReads reads = bag_reads(indices, offsets, bags, padding_idx);
    std::vector<int64_t> sizes = bag_size.to_int_vector(), idx = indices.to_int_vector();
    std::map<int64_t, int64_t> counts;
    if (scale_grad_by_freq) counts = freq_divisors(idx, dev);
    std::vector<double> psw = per_sample_weights.defined() ? to_dtype(per_sample_weights.detach(), DType::Float64).to_double_vector()
                                                           : std::vector<double>();
    std::vector<double> scale;
    for (size_t j = 0; j < reads.pos.size(); ++j) {
        double sc = mode == kMean ? 1.0 / double(sizes[size_t(reads.bag[j])]) : 1.0;
        if (!psw.empty()) sc *= psw[size_t(reads.pos[j])];
        if (scale_grad_by_freq) sc /= double(counts[reads.row[j]]);
        scale.push_back(sc);
    }
    const int64_t m = int64_t(reads.pos.size());
    Tensor rows = long_tensor(reads.row, dev);
    Tensor sc = to_device(tensor(scale, {m, 1}, grad.dtype()), dev);
    std::vector<int64_t> bag = reads.bag;
    autograd::record("EmbeddingBagBackwardBackward0", {grad}, {out}, [rows, sc, bag, bags, D](const Grads& g) {
        if (bag.empty()) return Grads{zeros({bags, D}, {g[0].dtype(), g[0].device()})};
        return Grads{sum_into_bags(mul(index_select(g[0], 0, rows), sc), bag, bags)};
    });
    return out;
}

Tensor embedding_bag_per_sample_weights_backward(const Tensor& grad, const Tensor& weight, const Tensor& indices,
                                                 const Tensor& offsets, int64_t mode, int64_t padding_idx) {
    Tensor out = embedding_bag_per_sample_weights_backward_kernel(grad, weight, indices, offsets, mode, padding_idx);
    if (!autograd::needs_grad({grad}) || meta_mode()) return out;
    const int64_t bags = grad.size(0), D = grad.size(1);
    BagReads reads = bag_reads(indices, offsets, bags, padding_idx);
    Tensor w = weight.detach();
    Tensor pos = long_tensor(reads.pos, grad.device()), rows = long_tensor(reads.row, grad.device());
    std::vector<int64_t> bag = reads.bag;
    autograd::record("EmbeddingBagPerSampleWeightsBackwardBackward0", {grad}, {out}, [w, pos, rows, bag, bags, D](const Grads& g) {
        if (bag.empty()) return Grads{zeros({bags, D}, {g[0].dtype(), g[0].device()})};
        Tensor read = index_select(w, 0, rows);
        return Grads{sum_into_bags(mul(read, unsqueeze(index_select(g[0], 0, pos), 1)), bag, bags)};
    });
    return out;
}

}  // namespace kiln
