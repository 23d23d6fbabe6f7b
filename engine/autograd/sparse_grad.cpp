// Sparse COO gradients (see sparse_grad.h): the side table of stand-in tensors and the few sparse
// operations autograd and the optimizers need, with ATen's orders of summation.
#include "autograd/sparse_grad.h"

#include <algorithm>
#include <mutex>
#include <numeric>
#include <unordered_map>

#include "autograd/grad_mode.h"
#include "ops/index_ext.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::autograd {

namespace {
struct SparseGradEntry {
    std::weak_ptr<TensorImpl> owner;  // the stand-in: a dead one (or a reused address) is no entry
    SparseCooParts parts;
};
std::mutex& sparse_grad_mutex() {
    static std::mutex m;
    return m;
}
std::unordered_map<const TensorImpl*, SparseGradEntry>& sparse_grad_table() {
    static std::unordered_map<const TensorImpl*, SparseGradEntry> t;
    return t;
}

// The rows of a sparse gradient as a flat int64 vector.
std::vector<int64_t> sparse_rows_of(const Tensor& rows) {
    Tensor flat = reshape(rows, {-1});
    return flat.numel() == 0 ? std::vector<int64_t>() : contiguous(flat.device() == Device::CPU ? flat : flat.host_snapshot()).to_int_vector();
}

Tensor sparse_int64_vector(const std::vector<int64_t>& v) {
    Tensor t = Tensor::empty({1, int64_t(v.size())}, DType::Int64);
    if (!v.empty()) std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
    return t;
}
}  // namespace

Tensor make_sparse_grad(Tensor indices, Tensor values, Shape size, bool coalesced) {
    NoGradGuard no_grad;
    // The stand-in: the dense shape over one zero element, so that it is never a dense copy.
    Tensor stand_in = expand(zeros({}, {values.dtype(), values.device()}), size);
    if (indices.dim() == 1) indices = reshape(indices, {1, -1});
    std::lock_guard<std::mutex> lock(sparse_grad_mutex());
    auto& table = sparse_grad_table();
    for (auto it = table.begin(); it != table.end();) it = it->second.owner.expired() ? table.erase(it) : std::next(it);
    table[stand_in.impl()] = {stand_in.impl_ptr(), {indices, values, size, coalesced}};
    return stand_in;
}

const SparseCooParts* sparse_grad_parts(const Tensor& t) {
    if (!t.defined()) return nullptr;
    std::lock_guard<std::mutex> lock(sparse_grad_mutex());
    auto& table = sparse_grad_table();
    if (table.empty()) return nullptr;
    auto it = table.find(t.impl());
    if (it == table.end()) return nullptr;
    auto owner = it->second.owner.lock();
    if (owner.get() != t.impl()) {
        table.erase(it);
        return nullptr;
    }
    return &it->second.parts;
}

void dense_index_add_rows_(Tensor& dense, const Tensor& rows, const Tensor& values, double alpha) {
    NoGradGuard no_grad;
    const std::vector<int64_t> r = sparse_rows_of(rows);
    const int64_t n = dense.dim() == 0 ? 0 : dense.size(0);
    for (int64_t k = 0; k < int64_t(r.size()); ++k) {
        KILN_CHECK(r[size_t(k)] >= 0 && r[size_t(k)] < n, IndexError, "index ", r[size_t(k)],
                   " is out of bounds for dimension 0 with size ", n);
        Tensor row = select(dense, 0, r[size_t(k)]);
        add_(row, select(values, 0, k), Scalar(alpha));
    }
    dense.bump_version();
}

void dense_add_sparse_(Tensor& dense, const Tensor& sparse, double alpha) {
    const SparseCooParts* p = sparse_grad_parts(sparse);
    KILN_CHECK(p, RuntimeError, "dense_add_sparse_: expected a sparse gradient");
    KILN_CHECK(dense.sizes() == p->size, RuntimeError, "add: expected 'self' and 'other' to have same size, but self has size ",
               shape_str(dense.sizes()), " while other has size ", shape_str(p->size),
               " (FYI: dense-sparse addition does not currently support broadcasting)");
    SparseCooParts parts = *p;  // the table may change under the adds
    dense_index_add_rows_(dense, parts.indices, parts.values, alpha);
}

Tensor sparse_grad_to_dense(const Tensor& t) {
    const SparseCooParts* p = sparse_grad_parts(t);
    if (!p) return t;
    SparseCooParts parts = *p;
    NoGradGuard no_grad;
    Tensor out = zeros(parts.size, {parts.values.dtype(), parts.values.device()});
    dense_index_add_rows_(out, parts.indices, parts.values, 1.0);
    return out;
}

Tensor sparse_grad_zeroed(const Tensor& t) {
    const SparseCooParts* p = sparse_grad_parts(t);
    KILN_CHECK(p, RuntimeError, "zero_: expected a sparse gradient");
    Shape vshape = p->values.sizes();
    vshape[0] = 0;
    const Shape size = p->size;
    Tensor values = Tensor::empty(vshape, p->values.dtype(), p->values.device());
    return make_sparse_grad(Tensor::empty({1, 0}, DType::Int64), values, size, true);
}

Tensor sparse_grad_coalesce(const Tensor& t) {
    const SparseCooParts* p = sparse_grad_parts(t);
    KILN_CHECK(p, RuntimeError, "coalesce: expected a sparse gradient");
    if (p->coalesced) return t;
    SparseCooParts parts = *p;
    NoGradGuard no_grad;
    const std::vector<int64_t> rows = sparse_rows_of(parts.indices);
    std::vector<int64_t> order(rows.size());
    std::iota(order.begin(), order.end(), int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return rows[size_t(a)] < rows[size_t(b)]; });
    std::vector<int64_t> uniq;
    std::vector<int64_t> slot(rows.size());
    for (int64_t k : order) {
        if (uniq.empty() || uniq.back() != rows[size_t(k)]) uniq.push_back(rows[size_t(k)]);
        slot[size_t(k)] = int64_t(uniq.size()) - 1;
    }
    Shape vshape = parts.values.sizes();
    vshape[0] = int64_t(uniq.size());
    Tensor values = zeros(vshape, {parts.values.dtype(), parts.values.device()});
    // each unique row's values summed in sorted (then original) order, as ATen's coalesce walks them
    for (int64_t k : order) {
        Tensor dst = select(values, 0, slot[size_t(k)]);
        add_(dst, select(parts.values, 0, k));
    }
    return make_sparse_grad(sparse_int64_vector(uniq), values, parts.size, true);
}

Tensor sparse_aware_add(const Tensor& a, const Tensor& b) {
    const SparseCooParts* pa = sparse_grad_parts(a);
    const SparseCooParts* pb = sparse_grad_parts(b);
    if (!pa && !pb) return add(a, b);
    NoGradGuard no_grad;
    if (pa && pb) {
        SparseCooParts x = *pa, y = *pb;
        return make_sparse_grad(cat({x.indices, y.indices}, 1), cat({x.values, y.values}, 0), x.size, false);
    }
    // dense + sparse: a dense copy of the dense operand with the sparse one's rows added
    Tensor out = clone(pa ? b : a);
    dense_add_sparse_(out, pa ? a : b, 1.0);
    return out;
}

}  // namespace kiln::autograd
