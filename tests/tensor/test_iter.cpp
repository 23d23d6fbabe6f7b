// The elementwise loop's iteration space (tensor/iter.h): dims walked in memory order as
// TensorIterator's reorder_dimensions walks them, then merged where every operand allows it.
#include "support/check.h"
#include "ops/output_layout.h"
#include "tensor/iter.h"

using namespace kiln;

namespace {
Tensor iota(const Shape& s) {
    std::vector<double> v(size_t(shape_numel(s)));
    for (size_t i = 0; i < v.size(); ++i) v[i] = double(i);
    return tensor(v, s, DType::Float32);
}
std::vector<size_t> order_of(const Shape& sizes, const std::vector<Shape>& strides) {
    std::vector<const int64_t*> views;
    for (const Shape& s : strides) views.push_back(s.data());
    return loop_order(sizes, views);
}
}  // namespace

TEST_CASE("loop_order puts the smallest stride innermost, the output deciding first", "[tensor][iter]") {
    // channels-last (N, C, H, W): C is innermost in memory, then W, H, N
    CHECK(order_of({2, 3, 4, 5}, {{60, 1, 15, 3}}) == std::vector<size_t>{0, 2, 3, 1});
    // row-major keeps the logical order; size-1 dims are left out
    CHECK(order_of({2, 1, 4}, {{4, 4, 1}}) == std::vector<size_t>{0, 2});
    // a broadcast (stride 0) dim of the output's partner leaves the choice to the others
    CHECK(order_of({2, 3, 4, 5}, {{60, 1, 15, 3}, {0, 1, 0, 0}}) == std::vector<size_t>{0, 2, 3, 1});
    // the output decides before an input laid out otherwise (a transposed read into a dense write)
    CHECK(order_of({3, 4}, {{4, 1}, {1, 3}}) == std::vector<size_t>{0, 1});
    // an output that is all broadcast (a reduction's view) leaves the order to the input
    CHECK(order_of({3, 4}, {{0, 0}, {1, 3}}) == std::vector<size_t>{1, 0});
    // equal strides: the smaller dim goes inside
    CHECK(order_of({5, 2}, {{1, 1}}) == std::vector<size_t>{0, 1});
    CHECK(order_of({2, 5}, {{1, 1}}) == std::vector<size_t>{1, 0});
}

TEST_CASE("ElementwiseLoop merges a channels-last output with a broadcast bias into (N*H*W, C)", "[tensor][iter]") {
    Tensor y = contiguous_as(iota({2, 3, 4, 5}), MemoryFormat::ChannelsLast);
    Tensor bias = expand(reshape(iota({3}), {1, 3, 1, 1}), {2, 3, 4, 5});
    ElementwiseLoop loop = ElementwiseLoop::make({y, bias});
    CHECK(loop.shape == Shape{40, 3});
    CHECK(loop.strides.back()[0] == 4);  // the inner loop steps one float through the output
    CHECK(loop.strides.back()[1] == 4);
    // the same layout everywhere is one flat loop in any format
    Tensor z = contiguous_as(iota({2, 3, 4, 5}), MemoryFormat::ChannelsLast);
    CHECK(ElementwiseLoop::make({z, y}).shape == Shape{120});
    // the values are the logical ones whatever the walk
    Tensor sum = add(y, reshape(iota({3}), {1, 3, 1, 1}));
    CHECK(is_contiguous_as(sum, MemoryFormat::ChannelsLast));
    Tensor expect = add(iota({2, 3, 4, 5}), reshape(iota({3}), {1, 3, 1, 1}));
    CHECK(contiguous(sum).to_double_vector() == expect.to_double_vector());
    add_(y, reshape(iota({3}), {1, 3, 1, 1}));
    CHECK(contiguous(y).to_double_vector() == expect.to_double_vector());
}

TEST_CASE("ElementwiseLoop's row pointers follow the index across rows, dims and thread ranges", "[tensor][iter]") {
    // run() advances each operand's row pointer by the outer strides (an odometer) instead of
    // recomputing it per row: permuted copies (a reversed dim order: every input stride differs from
    // the output's) with short, odd inner rows, 1 to 5 dims, against the same values gathered one by
    // one. The large shapes exceed kParallelGrain, so with 3 threads the element ranges start and end
    // mid-row; a broadcast input (stride 0) goes through the same walk.
    const int saved = num_threads();
    for (int threads : {1, 3}) {
        set_num_threads(threads);
        for (const Shape& sizes : std::vector<Shape>{{7}, {4, 9}, {3, 5, 7, 2}, {2, 3, 1, 5, 3}, {33, 65, 31}, {5, 7, 41, 33}}) {
            const int64_t nd = int64_t(sizes.size());
            std::vector<int64_t> perm;
            for (int64_t d = nd - 1; d >= 0; --d) perm.push_back(d);
            const Shape rev(sizes.rbegin(), sizes.rend());
            Tensor view = permute(iota(rev), perm);  // sizes `sizes`, strides reversed
            std::vector<double> want(size_t(shape_numel(sizes)));
            const Shape rs = contiguous_strides(rev);
            std::vector<int64_t> idx(size_t(nd), 0);
            for (size_t flat = 0; flat < want.size(); ++flat) {
                int64_t off = 0;
                for (int64_t d = 0; d < nd; ++d) off += idx[size_t(d)] * rs[size_t(nd - 1 - d)];
                want[flat] = double(off);
                for (int64_t d = nd - 1; d >= 0 && ++idx[size_t(d)] == sizes[size_t(d)]; --d) idx[size_t(d)] = 0;
            }
            INFO("threads " << threads << " sizes " << shape_str(sizes));
            CHECK(contiguous(view).to_double_vector() == want);
            if (nd > 1) {  // a broadcast first dim
                const Shape inner(sizes.begin() + 1, sizes.end());
                Tensor row = iota(inner);
                std::vector<double> bw;
                const std::vector<double> rv = row.to_double_vector();
                for (int64_t i = 0; i < sizes[0]; ++i) bw.insert(bw.end(), rv.begin(), rv.end());
                CHECK(contiguous(expand(row, sizes)).to_double_vector() == bw);
                // and the broadcast read through a permuted output walk: out = view + row
                Tensor sum2 = add(view, expand(row, sizes));
                std::vector<double> w2(want.size());
                for (size_t k = 0; k < want.size(); ++k) w2[k] = want[k] + bw[k];
                CHECK(sum2.to_double_vector() == w2);
            }
        }
    }
    set_num_threads(saved);
}
