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
        std::vector<int64_t> idx(ndim, 0);
        int64_t rem = begin;
        for (int64_t d = ndim - 1; d >= 0; --d) {
            idx[d] = rem % shape[d];
            rem /= shape[d];
        }
        std::array<char*, kMaxLoopOperands> ptrs;
        int64_t pos = begin;
        while (pos < end) {
            for (int k = 0; k < nops; ++k) {
                char* p = base[k];
                for (int64_t d = 0; d < ndim; ++d) p += idx[d] * strides[d][k];
                ptrs[k] = p;
            }
            int64_t count = std::min(inner_n - idx[ndim - 1], end - pos);
            inner(ptrs.data(), inner_strides, count);
            pos += count;
            idx[ndim - 1] += count;
            for (int64_t d = ndim - 1; d > 0 && idx[d] >= shape[d]; --d) {
                idx[d] = 0;
                ++idx[d - 1];
            }
        }
    };
    if (parallel)
        parallel_for(0, n, kParallelGrain, range);
    else
        range(0, n);
}

}  // namespace kiln
