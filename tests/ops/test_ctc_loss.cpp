// ctc_loss (ops/ctc_loss.cpp): the forward recursion against a brute-force sum over every alignment
// (paths that collapse to the target), the reductions, infinite losses and zero_infinity, and a float64
// finite-difference gradcheck through log_softmax (ATen's gradient with respect to log_probs is the one
// for log_softmax outputs, so the check goes through log_softmax as real models do).
#include <cmath>
#include <functional>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;
Tensor i64(std::vector<int64_t> v, Shape shape) {
    std::vector<double> d(v.begin(), v.end());
    return to_dtype(tensor(d, shape, DType::Float64), DType::Int64);
}

// -log of the summed probability of every length-T path over C labels that collapses (merge repeats,
// drop blanks) to `target`.
double brute_force(const std::vector<double>& lp, int64_t T, int64_t N, int64_t C, int64_t b,
                   const std::vector<int64_t>& target, int64_t blank) {
    double total = 0;
    std::vector<int64_t> path(size_t(T), 0);
    std::function<void(int64_t)> walk = [&](int64_t t) {
        if (t == T) {
            std::vector<int64_t> out;
            int64_t prev = -1;
            for (int64_t c : path) {
                if (c != prev && c != blank) out.push_back(c);
                prev = c;
            }
            if (out != target) return;
            double s = 0;
            for (int64_t k = 0; k < T; ++k) s += lp[size_t((k * N + b) * C + path[size_t(k)])];
            total += std::exp(s);
            return;
        }
        for (int64_t c = 0; c < C; ++c) {
            path[size_t(t)] = c;
            walk(t + 1);
        }
    };
    walk(0);
    return -std::log(total);
}
}  // namespace

TEST_CASE("ctc_loss equals the sum over all alignments", "[ops][ctc_loss]") {
    const int64_t T = 5, N = 3, C = 4;
    Tensor lp = log_softmax(test_input({T, N, C}, 7), 2);
    Tensor targets = i64({1, 2, 2, 3, 1, 0, 2, 2, 2}, {3, 3});
    std::vector<int64_t> il = {5, 4, 5}, tl = {3, 2, 1};
    Tensor none = ctc_loss(lp, targets, il, tl, 0, "none");
    CHECK(grad_fn_name(none) == "CtcLossBackward0");
    std::vector<double> lpv = lp.to_double_vector();
    std::vector<double> expected = {brute_force(lpv, 5, N, C, 0, {1, 2, 2}, 0),
                                    brute_force(lpv, 4, N, C, 1, {3, 1}, 0), brute_force(lpv, 5, N, C, 2, {2}, 0)};
    check_close(none, expected, 1e-12, 1e-12);
    Tensor mean_loss = ctc_loss(lp, targets, il, tl);
    CHECK(grad_fn_name(mean_loss) == "MeanBackward0");
    check_close(mean_loss, {(expected[0] / 3 + expected[1] / 2 + expected[2]) / 3}, 1e-12, 1e-12);
    // blank 3: the labels 0..2 are the alphabet
    std::vector<double> b3 = ctc_loss(lp, i64({0, 1, 1, 0, 2, 2}, {3, 2}), {5, 5, 5}, {2, 1, 2}, 3, "none").to_double_vector();
    CHECK(std::fabs(b3[0] - brute_force(lpv, 5, N, C, 0, {0, 1}, 3)) < 1e-12);
    CHECK(std::fabs(b3[2] - brute_force(lpv, 5, N, C, 2, {2, 2}, 3)) < 1e-12);
    // an alignment that cannot exist: inf, or 0 with zero_infinity
    Tensor imp = i64({1, 1, 1, 1, 1, 1, 1, 1, 1}, {3, 3});
    CHECK(std::isinf(ctc_loss(lp, imp, {5, 4, 5}, {3, 3, 3}, 0, "none").to_double_vector()[1]));
    CHECK(ctc_loss(lp, imp, {5, 4, 5}, {3, 3, 3}, 0, "none", true).to_double_vector()[1] == 0.0);
}

TEST_CASE("ctc_loss gradients through log_softmax match finite differences", "[ops][ctc_loss][grad]") {
    Tensor targets = i64({1, 2, 2, 3, 1, 0}, {2, 3});
    for (const char* reduction : {"none", "mean", "sum"}) {
        INFO(reduction);
        CHECK(gradcheck([&](const Ins& x) { return ctc_loss(log_softmax(x[0], 2), targets, {5, 3}, {3, 2}, 0, reduction); },
                        {test_input({5, 2, 4}, 11)}));
    }
}
