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
