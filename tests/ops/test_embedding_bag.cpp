// embedding_bag (ops/embedding_bag.cpp): sum/mean/max bags against a float64 reference loop over
// the looked-up rows, padding_idx, include_last_offset, empty bags, ATen's extra outputs, error texts,
// and float64 finite-difference gradchecks of the weight and per-sample-weight gradients.
#include <algorithm>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;
Tensor i64(std::vector<int64_t> v) {
    std::vector<double> d(v.begin(), v.end());
    return to_dtype(tensor(d, {int64_t(v.size())}, DType::Float64), DType::Int64);
}
std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// The bags as a plain loop: mode 0 sum, 1 mean (over rows other than pad), 2 max; empty bags zero.
std::vector<double> reference(const Tensor& w, const std::vector<int64_t>& idx, const std::vector<int64_t>& offs,
                              int mode, bool include_last, int64_t pad, const std::vector<double>& psw = {}) {
    const int64_t D = w.size(1);
    std::vector<double> wv = w.to_double_vector(), out;
    const size_t bags = offs.size() - (include_last ? 1 : 0);
    for (size_t b = 0; b < bags; ++b) {
        int64_t lo = offs[b], hi = b + 1 < offs.size() ? offs[b + 1] : int64_t(idx.size());
        std::vector<double> acc(size_t(D), 0.0);
        int64_t count = 0;
        for (int64_t i = lo; i < hi; ++i) {
            if (idx[size_t(i)] == pad) continue;
            for (int64_t d = 0; d < D; ++d) {
                double x = wv[size_t(idx[size_t(i)] * D + d)] * (psw.empty() ? 1.0 : psw[size_t(i)]);
                acc[size_t(d)] = mode == 2 ? (count == 0 ? x : std::max(acc[size_t(d)], x)) : acc[size_t(d)] + x;
            }
            ++count;
        }
        for (double& a : acc) out.push_back(mode == 1 && count ? a / double(count) : a);
    }
    return out;
}
}  // namespace

TEST_CASE("embedding_bag matches a reference loop in every mode", "[ops][embedding_bag]") {
    Tensor w = test_input({7, 3}, 5);
    std::vector<int64_t> idx = {0, 2, 6, 1, 2, 2, 5, 4, 3};
    for (int mode : {0, 1, 2})
        for (int64_t pad : {int64_t(-1), int64_t(2)})
            for (bool last : {false, true}) {
                std::vector<int64_t> offs = last ? std::vector<int64_t>{0, 3, 3, 6, 9} : std::vector<int64_t>{0, 3, 3, 6};
                INFO("mode " << mode << " pad " << pad << " include_last_offset " << last);
                auto [out, o2b, bs, mi] = embedding_bag(w, i64(idx), i64(offs), false, mode, false, Tensor(), last,
                                                        pad < 0 ? std::nullopt : std::optional<int64_t>(pad));
                REQUIRE(out.sizes() == Shape{4, 3});
                check_close(out, reference(w, idx, offs, mode, last, pad), 1e-12, 1e-12);
                CHECK(grad_fn_name(out) == "EmbeddingBagBackward0");
                if (mode != 0) CHECK(bs.to_int_vector() == std::vector<int64_t>{pad < 0 ? 3 : 2, 0, pad < 0 ? 3 : 1, 3});
            }
    std::vector<double> psw = {0.5, -1.0, 2.0, 1.5, 0.25, 3.0, -0.5, 1.0, 2.0};
    Tensor ps = tensor(psw, {9}, DType::Float64);
    auto [out, o2b, bs, mi] = embedding_bag(w, i64(idx), i64({0, 4}), false, 0, false, ps);
    check_close(out, reference(w, idx, {0, 4}, 0, false, -1, psw), 1e-12, 1e-12);
}

TEST_CASE("embedding_bag gradients match finite differences", "[ops][embedding_bag][grad]") {
    const Tensor idx = i64({0, 2, 4, 1, 2, 3, 4, 0});
    const Tensor offs = i64({0, 3, 3, 5});
    for (int mode : {0, 1, 2})
        for (int64_t pad : {int64_t(-1), int64_t(4)}) {
            INFO("mode " << mode << " pad " << pad);
            CHECK(gradcheck(
                [&](const Ins& x) {
                    return std::get<0>(embedding_bag(x[0], idx, offs, false, mode, false, Tensor(), false,
                                                     pad < 0 ? std::nullopt : std::optional<int64_t>(pad)));
                },
                {test_input({5, 3}, 9)}));
        }
    // per_sample_weights: both gradients; scale_grad_by_freq on the CPU divides as ATen's
    // _embedding_bag_dense_backward_cpu_sum_mean: group i of the sorted indices by counts[sorted_indices[i]],
    // so in [1, 1, 1, 3] index 3's gradient is divided by 3 too (parity torch/embedding_bag, PyTorch 2.11)
    CHECK(gradcheck([&](const Ins& x) { return std::get<0>(embedding_bag(x[0], idx, offs, false, 0, false, x[1])); },
                    {test_input({5, 3}, 3), test_input({8}, 4)}));
    Tensor w = test_input({5, 3}, 2);
    Tensor out = std::get<0>(embedding_bag(w, i64({1, 1, 1, 3}), i64({0, 2}), true, 0));
    autograd::backward({sum(out)});
    check_close(w.grad(), std::vector<double>{0, 0, 0, 1, 1, 1, 0, 0, 0, 1.0 / 3, 1.0 / 3, 1.0 / 3, 0, 0, 0});
}

TEST_CASE("embedding_bag's errors use PyTorch's texts", "[ops][embedding_bag][errors]") {
    Tensor w = test_input({4, 2}, 1, -1.0, 1.0, false);
    CHECK(error_of([&] { embedding_bag(w, i64({0, 7}), i64({0}), false, 2); }) ==
          "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be 7");
    CHECK(error_of([&] { embedding_bag(w, i64({0, 1}), i64({0, 3})); }) ==
          "offsets[-1] can not be greater than input's length 2 but got offsets[-1] of 3");
    CHECK(error_of([&] { embedding_bag(w, i64({0, 1}), i64({0}), false, 1, false, Tensor(), false, 4); }) ==
          "padding_idx must be within the number of embeddings, -4 through 3, but got 4");
    CHECK(error_of([&] { embedding_bag(w, i64({0, 1}), i64({}), false, 0, false, Tensor(), true); }) ==
          "include_last_offset: number of offset should be at least 1");
}
