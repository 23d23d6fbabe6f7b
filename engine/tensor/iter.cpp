// ElementwiseLoop construction: dim merging (see iter.h).
#include "tensor/iter.h"

#include "support/error.h"

namespace kiln {

std::vector<size_t> reorder_dims(const Shape& sizes, const std::vector<const int64_t*>& strides) {
    const size_t n = sizes.size();
    std::vector<size_t> perm(n);  // innermost first while sorting, as TensorIterator's perm_
    for (size_t i = 0; i < n; ++i) perm[i] = n - 1 - i;
    // > 0: dim a (nearer the inside) belongs outside dim b; < 0: inside; 0: no operand decides.
    auto compare = [&](size_t a, size_t b) {
        for (const int64_t* st : strides) {
            const int64_t sa = st[a], sb = st[b];
            if (sa == 0 || sb == 0) continue;
            if (sa != sb) return sa < sb ? -1 : 1;
            if (sizes[a] > sizes[b]) return 1;
        }
        return 0;
    };
    for (size_t i = 1; i < n; ++i) {
        size_t b = i;
        for (size_t a = i; a-- > 0;) {
            const int c = compare(perm[a], perm[b]);
            if (c > 0) {
                std::swap(perm[a], perm[b]);
                b = a;
            } else if (c < 0) {
                break;
            }
        }
    }
    std::reverse(perm.begin(), perm.end());
    return perm;
}

std::vector<size_t> loop_order(const Shape& sizes, const std::vector<const int64_t*>& strides) {
    std::vector<size_t> order;
    for (size_t d : reorder_dims(sizes, strides))
        if (sizes[d] != 1) order.push_back(d);
    return order;
}

ElementwiseLoop ElementwiseLoop::make(const std::vector<Tensor>& ops) {
    KILN_CHECK(!ops.empty() && ops.size() <= size_t(kMaxLoopOperands), RuntimeError,
               "ElementwiseLoop: bad operand count");
    ElementwiseLoop loop;
    loop.nops = int(ops.size());
    loop.meta_out = ops[0].is_meta();
    if (meta_mode() && ops[0].numel() > 0) mark_meta(ops[0].impl()->storage.get());  // run() will not write it
    const Shape& full = ops[0].sizes();
    for (int k = 0; k < loop.nops; ++k) loop.base[k] = static_cast<char*>(ops[k].data());
    // The dims but size-1 ones in memory order, neighbours contiguous for every operand merged.
    std::vector<const int64_t*> views;
    for (const Tensor& t : ops) views.push_back(t.strides().data());
    for (size_t d : loop_order(full, views)) {
        std::array<int64_t, kMaxLoopOperands> st{};
        for (int k = 0; k < loop.nops; ++k) st[k] = ops[k].strides()[d] * int64_t(ops[k].element_size());
        if (!loop.shape.empty()) {
            auto& prev = loop.strides.back();
            bool mergeable = true;
            for (int k = 0; k < loop.nops; ++k)
                if (prev[k] != st[k] * full[d]) mergeable = false;
            if (mergeable) {
                loop.shape.back() *= full[d];
                prev = st;
                continue;
            }
        }
        loop.shape.push_back(full[d]);
        loop.strides.push_back(st);
    }
    if (loop.shape.empty()) {
        bool empty = shape_numel(full) == 0;
        loop.shape.push_back(empty ? 0 : 1);
        loop.strides.push_back({});
    }
    return loop;
}

int64_t ElementwiseLoop::numel() const { return shape_numel(shape); }

}  // namespace kiln
