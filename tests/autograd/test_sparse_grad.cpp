// The sparse COO weight gradient of embedding(sparse=True) (autograd/sparse_grad.h,
// ops/embedding_sparse.h): its parts as ATen's embedding_sparse_backward builds them, accumulation
// over two backward calls (index lists joined), coalescing, padding_idx, and the dense form, which
// equals the dense backward's gradient.
#include "autograd/sparse_grad.h"
#include "ops/embedding_sparse.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::test_input;

namespace {
Tensor sg_i64(std::vector<double> v) { return to_dtype(tensor(v, {int64_t(v.size())}, DType::Float64), DType::Int64); }
}  // namespace

TEST_CASE("embedding(sparse=True) gives a sparse COO weight gradient", "[ops][autograd][sparse]") {
    Tensor w = test_input({5, 3}, 11);
    Tensor idx = sg_i64({1, 3, 1, 0});
    Tensor g = test_input({4, 3}, 12, -1.0, 1.0, false);
    autograd::backward({embedding(idx, w, std::nullopt, true)}, {g});
    Tensor sg = w.grad();
    REQUIRE(autograd::is_sparse_grad(sg));
    const autograd::SparseCooParts parts = *autograd::sparse_grad_parts(sg);
    CHECK(parts.indices.sizes() == Shape{1, 4});
    CHECK(parts.values.sizes() == Shape{4, 3});
    CHECK(!parts.coalesced);
    // the dense form equals the dense backward's gradient
    Tensor w2 = clone(w.detach());
    w2.requires_grad_(true);
    autograd::backward({embedding(idx, w2, std::nullopt, false)}, {g});
    check_close(autograd::sparse_grad_to_dense(sg), w2.grad(), 1e-15, 0);
    // a second backward joins the index lists; coalescing sums the duplicates in order
    autograd::backward({embedding(sg_i64({4}), w, std::nullopt, true)}, {test_input({1, 3}, 13, -1.0, 1.0, false)});
    CHECK(autograd::sparse_grad_parts(w.grad())->indices.size(1) == 5);
    Tensor c = autograd::sparse_grad_coalesce(w.grad());
    CHECK(autograd::sparse_grad_parts(c)->indices.to_double_vector() == std::vector<double>{0, 1, 3, 4});
    check_close(autograd::sparse_grad_to_dense(c), autograd::sparse_grad_to_dense(w.grad()), 1e-15, 0);
    // padding_idx's entries are dropped
    Tensor w3 = test_input({5, 2}, 14);
    autograd::backward({embedding(sg_i64({0, 2, 0}), w3, 0, true)}, {test_input({3, 2}, 15, -1.0, 1.0, false)});
    CHECK(autograd::sparse_grad_parts(w3.grad())->indices.to_double_vector() == std::vector<double>{2});
}
