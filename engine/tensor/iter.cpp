// ElementwiseLoop construction: dim merging (see iter.h).
#include "tensor/iter.h"

#include "support/error.h"

namespace kiln {

ElementwiseLoop ElementwiseLoop::make(const std::vector<Tensor>& ops) {
    KILN_CHECK(!ops.empty() && ops.size() <= size_t(kMaxLoopOperands), RuntimeError,
               "ElementwiseLoop: bad operand count");
    ElementwiseLoop loop;
    loop.nops = int(ops.size());
    loop.meta_out = ops[0].is_meta();
    if (meta_mode() && ops[0].numel() > 0) mark_meta(ops[0].impl()->storage.get());  // run() will not write it
    const Shape& full = ops[0].sizes();
    for (int k = 0; k < loop.nops; ++k) loop.base[k] = static_cast<char*>(ops[k].data());
    // Drop size-1 dims, then merge neighbours that are contiguous for every operand.
    for (size_t d = 0; d < full.size(); ++d) {
        if (full[d] == 1) continue;
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
