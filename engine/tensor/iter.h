// The strided loop under every elementwise kernel (a small TensorIterator).
//
// An ElementwiseLoop walks N operands of one broadcast shape: operand 0 is the output, the others are
// inputs already broadcast (stride 0 on broadcast dims). Dims are put in memory order first
// (loop_order) and those contiguous for every operand merged, so a dense op in any layout becomes one
// flat loop. The kernel supplies only the inner
// loop, called as inner(ptrs, byte_strides, n): it is handed n elements along the innermost dim and
// usually checks whether the strides are the element sizes to run a plain vectorizable loop. Loops
// of more than kParallelGrain elements are split across threads by element ranges (tensor/parallel.h).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "tensor/meta.h"
#include "tensor/parallel.h"
#include "tensor/tensor.h"

namespace kiln {

// TensorIterator's reorder_dimensions, slowest dim first: dims sorted so that the one with the
// smallest stride is innermost, judged by the operands in order (the output first when it exists):
// the first operand whose strides for two dims are both non-zero and differ decides; equal strides
// put the smaller dim inside; a broadcast (stride 0) dim of one operand leaves the choice to the
// next; where no operand decides, dims keep their logical order (an insertion sort that looks past
// undecided pairs, as ATen's). `strides[k]` are operand k's strides over `sizes`. The same order lays
// out an elementwise op's fresh result (ops/output_layout.h) and walks its loop (loop_order).
std::vector<size_t> reorder_dims(const Shape& sizes, const std::vector<const int64_t*>& strides);

// The order an elementwise loop walks dims in, outermost first: reorder_dims without the size-1
// dims. So a channels-last output with a broadcast bias walks N, H, W, C and merges to (N*H*W, C):
// its writes are coalesced where the logical order would step C elements between neighbours.
std::vector<size_t> loop_order(const Shape& sizes, const std::vector<const int64_t*>& strides);

constexpr int kMaxLoopOperands = 4;
struct ElementwiseLoop {
    int nops = 0;
    Shape shape;                                           // after merging dims; at least 1-d
    std::vector<std::array<int64_t, kMaxLoopOperands>> strides;  // bytes, per dim per operand
    std::array<char*, kMaxLoopOperands> base{};
    bool meta_out = false;  // ops[0] is on the meta device: its values are never read, so run() skips

    // ops[0] is the output; every operand must already have `shape` (use broadcast views).
    static ElementwiseLoop make(const std::vector<Tensor>& ops);
    int64_t numel() const;

    // Runs inner(char** ptrs, const int64_t* strides, int64_t n) over all elements; nothing in meta
    // mode (make() then marks the output's storage: its bytes are not the values) or into a meta-device
    // output.
    template <typename F>
    void run(F&& inner, bool parallel = true) const;
};

template <typename F>
void ElementwiseLoop::run(F&& inner, bool parallel) const {
    const int64_t n = numel();
    if (n == 0 || meta_mode() || meta_out) return;
    const int64_t ndim = int64_t(shape.size());
    const int64_t inner_n = shape[ndim - 1];
    const int64_t* inner_strides = strides[ndim - 1].data();
    auto range = [&](int64_t begin, int64_t end) {
        // Multi-index of `begin` over all dims; the last dim is the inner loop.
        std::array<int64_t, 16> idx_small{};
        std::vector<int64_t> idx_big;
        int64_t* idx = idx_small.data();
        if (ndim > int64_t(idx_small.size())) {
            idx_big.assign(size_t(ndim), 0);
            idx = idx_big.data();
        }
        int64_t rem = begin;
        for (int64_t d = ndim - 1; d >= 0; --d) {
            idx[d] = rem % shape[d];
            rem /= shape[d];
        }
        // rows[k]: operand k at the start of the current inner row (idx[ndim - 1] = 0). Advanced by
        // the outer dims' strides as the index moves on (an odometer), not recomputed from the full
        // index for every row: a permuted copy whose inner rows are 32 elements (a ViT's head dim)
        // spent more time in that recomputation than in the copying.
        std::array<char*, kMaxLoopOperands> rows, ptrs;
        for (int k = 0; k < nops; ++k) {
            char* p = base[k];
            for (int64_t d = 0; d + 1 < ndim; ++d) p += idx[d] * strides[d][k];
            rows[k] = p;
        }
        int64_t pos = begin;
        while (pos < end) {
            const int64_t j = idx[ndim - 1];
            for (int k = 0; k < nops; ++k) ptrs[k] = rows[k] + j * inner_strides[k];
            int64_t count = std::min(inner_n - j, end - pos);
            inner(ptrs.data(), inner_strides, count);
            pos += count;
            idx[ndim - 1] = j + count;
            if (idx[ndim - 1] < inner_n || pos >= end) continue;
            idx[ndim - 1] = 0;
            for (int64_t d = ndim - 2; d >= 0; --d) {
                for (int k = 0; k < nops; ++k) rows[k] += strides[d][k];
                if (++idx[d] < shape[d]) break;
                for (int k = 0; k < nops; ++k) rows[k] -= shape[d] * strides[d][k];
                idx[d] = 0;
            }
        }
    };
    if (parallel)
        parallel_for(0, n, kParallelGrain, range);
    else
        range(0, n);
}

}  // namespace kiln
