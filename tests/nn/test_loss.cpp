// Loss functions: values against float64 loops written here, gradcheck for each reduction, the
// grad_fn PyTorch gives, and PyTorch's error texts.
#include <cmath>
#include <map>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {

const std::vector<std::string> kReductions = {"none", "mean", "sum"};

// Reduces per-element losses the way `reduction` asks (mean = plain mean here).
std::vector<double> reduce_ref(const std::vector<double>& l, const std::string& reduction) {
    if (reduction == "none") return l;
    double s = 0;
    for (double v : l) s += v;
    return {reduction == "mean" ? s / double(l.size()) : s};
}

// log_softmax of row r of an (N, C) row-major matrix, entry c.
double log_softmax_ref(const std::vector<double>& x, int64_t C, int64_t r, int64_t c) {
    double m = -INFINITY;
    for (int64_t j = 0; j < C; ++j) m = std::max(m, x[size_t(r * C + j)]);
    double s = 0;
    for (int64_t j = 0; j < C; ++j) s += std::exp(x[size_t(r * C + j)] - m);
    return x[size_t(r * C + c)] - m - std::log(s);
}

// nll over (N, C) log-probabilities with class weights and ignore_index, PyTorch's "mean" divides by
// the summed weights of the kept targets.
std::vector<double> nll_ref(const std::vector<double>& lp, int64_t C, const std::vector<int64_t>& t,
                            const std::vector<double>& w, const std::string& reduction, int64_t ignore) {
    std::vector<double> l;
    double total = 0, wsum = 0;
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == ignore) {
            l.push_back(0);
            continue;
        }
        double wi = w.empty() ? 1.0 : w[size_t(t[i])];
        l.push_back(-wi * lp[i * size_t(C) + size_t(t[i])]);
        total += l.back();
        wsum += wi;
    }
    if (reduction == "none") return l;
    return {reduction == "mean" ? total / wsum : total};
}

}  // namespace

TEST_CASE("mse_loss values for each reduction", "[loss][mse]") {
    Tensor a = test_input({3, 4}, 1, -1, 1, false), b = test_input({3, 4}, 2, -1, 1, false);
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector(), l;
    for (size_t i = 0; i < av.size(); ++i) l.push_back((av[i] - bv[i]) * (av[i] - bv[i]));
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor y = mse_loss(a, b, r);
        CHECK(y.sizes() == (r == "none" ? Shape{3, 4} : Shape{}));
        check_close(y, reduce_ref(l, r), 1e-12, 1e-12);
    }
}

TEST_CASE("mse_loss gradcheck for input and target, each reduction", "[loss][mse][grad]") {
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor a = test_input({2, 3}, 3), b = test_input({2, 3}, 4);
        Tensor y = mse_loss(a, b, r);
        CHECK(y.grad_fn()->name == "MseLossBackward0");
        CHECK(gradcheck([r](const std::vector<Tensor>& in) { return mse_loss(in[0], in[1], r); }, {a, b}));
    }
}

TEST_CASE("mse_loss broadcasts a smaller target", "[loss][mse][grad]") {
    Tensor a = test_input({3, 2}, 5), b = test_input({2}, 6);
    CHECK(mse_loss(a, b, "none").sizes() == Shape{3, 2});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return mse_loss(in[0], in[1]); }, {a, b}));
}

TEST_CASE("l1_loss values, grad_fn and gradcheck for each reduction", "[loss][l1][grad]") {
    Tensor a = test_input({3, 3}, 7), b = test_input({3, 3}, 8);
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector(), l;
    for (size_t i = 0; i < av.size(); ++i) l.push_back(std::fabs(av[i] - bv[i]));
    const std::map<std::string, std::string> grad_fn = {
        {"none", "AbsBackward0"}, {"mean", "MeanBackward0"}, {"sum", "SumBackward0"}};
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor y = l1_loss(a, b, r);
        check_close(y, reduce_ref(l, r), 1e-12, 1e-12);
        CHECK(y.grad_fn()->name == grad_fn.at(r));
        CHECK(gradcheck([r](const std::vector<Tensor>& in) { return l1_loss(in[0], in[1], r); }, {a, b}));
    }
}

TEST_CASE("nll_loss on (N, C) for each reduction", "[loss][nll]") {
    Tensor lp = test_input({4, 3}, 9, -3, 0, false);
    std::vector<int64_t> t = {2, 0, 1, 2};
    Tensor target = tensor({2, 0, 1, 2}, {4}, DType::Int64);
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor y = nll_loss(lp, target, Tensor(), r);
        CHECK(y.sizes() == (r == "none" ? Shape{4} : Shape{}));
        check_close(y, nll_ref(lp.to_double_vector(), 3, t, {}, r, -100), 1e-12, 1e-12);
    }
}

TEST_CASE("nll_loss mean with weights divides by the weight sum of kept targets", "[loss][nll]") {
    Tensor lp = test_input({5, 3}, 10, -3, 0, false);
    Tensor w = tensor({0.2, 1.0, 3.0}, {3}, DType::Float64);
    Tensor target = tensor({2, 1, 1, 0, 2}, {5}, DType::Int64);
    Tensor y = nll_loss(lp, target, w, "mean", 1);
    // Kept: samples 0 (w 3), 3 (w 0.2), 4 (w 3).
    std::vector<double> v = lp.to_double_vector();
    double expected = -(3.0 * v[0 * 3 + 2] + 0.2 * v[3 * 3 + 0] + 3.0 * v[4 * 3 + 2]) / 6.2;
    check_close(y, {expected}, 1e-12, 1e-12);
}

TEST_CASE("nll_loss gradcheck with weights and ignore_index, each reduction", "[loss][nll][grad]") {
    Tensor w = tensor({0.5, 2.0, 1.5, 1.0}, {4}, DType::Float64);
    Tensor target = tensor({3, 1, 0, 1, 2}, {5}, DType::Int64);
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor lp = test_input({5, 4}, 11);
        Tensor y = nll_loss(lp, target, w, r, 0);
        CHECK(y.grad_fn()->name == "NllLossBackward0");
        check_close(y, nll_ref(lp.to_double_vector(), 4, {3, 1, 0, 1, 2}, w.to_double_vector(), r, 0), 1e-12, 1e-12);
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return nll_loss(in[0], target, w, r, 0); }, {lp}));
    }
}

TEST_CASE("nll_loss on a 1-d input gives a 0-dim loss", "[loss][nll]") {
    Tensor lp = tensor({-1.0, -2.0, -0.5}, {3}, DType::Float64, true);
    Tensor y = nll_loss(lp, scalar_tensor(Scalar(int64_t(1))), Tensor(), "none");
    CHECK(y.dim() == 0);
    check_close(y, {2.0}, 0, 0);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return nll_loss(in[0], scalar_tensor(Scalar(int64_t(2)))); },
                    {lp}));
}

TEST_CASE("nll_loss on (N, C, d1) inputs goes through nll_loss2d", "[loss][nll][grad]") {
    Tensor lp = test_input({2, 3, 4}, 12, -3, 0);
    Tensor target = tensor({0, 1, 2, 1, 2, 2, 0, 0}, {2, 4}, DType::Int64);
    Tensor none = nll_loss(lp, target, Tensor(), "none");
    CHECK(none.sizes() == Shape{2, 4});
    CHECK(none.grad_fn()->name == "ViewBackward0");
    Tensor m = nll_loss(lp, target);
    CHECK(m.grad_fn()->name == "NllLoss2DBackward0");
    std::vector<double> v = lp.to_double_vector(), expected;
    std::vector<int64_t> t = target.to_int_vector();
    double s = 0;
    for (int64_t n = 0; n < 2; ++n)
        for (int64_t i = 0; i < 4; ++i) {
            expected.push_back(-v[size_t((n * 3 + t[size_t(n * 4 + i)]) * 4 + i)]);
            s += expected.back();
        }
    check_close(none, expected, 1e-12, 1e-12);
    check_close(m, {s / 8}, 1e-12, 1e-12);
    for (const std::string& r : kReductions) {
        INFO(r);
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return nll_loss(in[0], target, Tensor(), r); }, {lp}));
    }
}

TEST_CASE("nll_loss on (N, C, H, W) inputs", "[loss][nll][grad]") {
    Tensor lp = test_input({2, 3, 2, 2}, 13, -3, 0);
    Tensor target = tensor({0, 1, 2, 1, 2, 2, 0, 1}, {2, 2, 2}, DType::Int64);
    Tensor none = nll_loss(lp, target, Tensor(), "none");
    CHECK(none.sizes() == Shape{2, 2, 2});
    CHECK(none.grad_fn()->name == "NllLoss2DBackward0");
    std::vector<double> v = lp.to_double_vector();
    CHECK(none.to_double_vector()[5] == Approx(-v[size_t((1 * 3 + 2) * 4 + 1)]));
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return nll_loss(in[0], target, Tensor(), "sum"); }, {lp}));
}

TEST_CASE("nll_loss rejects out-of-bounds targets and mismatched batches", "[loss][nll][errors]") {
    Tensor lp = zeros({2, 3});
    CHECK_THROWS_WITH(nll_loss(lp, tensor({0, 5}, {2}, DType::Int64)), "Target 5 is out of bounds.");
    CHECK_THROWS_WITH(nll_loss(lp, tensor({0, -1}, {2}, DType::Int64)), "Target -1 is out of bounds.");
    CHECK_THROWS_WITH(nll_loss(lp, tensor({0, 1, 2}, {3}, DType::Int64)),
                      "Expected input batch_size (2) to match target batch_size (3).");
    CHECK_THROWS_WITH(nll_loss(lp, tensor({0, 1}, {2}, DType::Int64), ones({2})),
                      Catch::Contains("weight tensor should be defined either for all 3 classes or no classes"));
    CHECK_THROWS_WITH(nll_loss(lp, tensor({0, 1}, {2}, DType::Int64), Tensor(), "avg"),
                      "avg is not a valid value for reduction");
}

TEST_CASE("nll_loss mean is nan when every target is ignored", "[loss][nll]") {
    Tensor y = nll_loss(zeros({2, 3}), tensor({-100, -100}, {2}, DType::Int64));
    CHECK(std::isnan(y.item_double()));
}

TEST_CASE("cross_entropy is log_softmax + nll for each reduction", "[loss][cross_entropy][grad]") {
    Tensor x = test_input({4, 5}, 14, -2, 2);
    std::vector<int64_t> t = {4, 0, 2, 2};
    Tensor target = tensor({4, 0, 2, 2}, {4}, DType::Int64);
    std::vector<double> v = x.to_double_vector(), l;
    for (int64_t r = 0; r < 4; ++r) l.push_back(-log_softmax_ref(v, 5, r, t[size_t(r)]));
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor y = cross_entropy(x, target, Tensor(), r);
        CHECK(y.grad_fn()->name == "NllLossBackward0");
        check_close(y, reduce_ref(l, r), 1e-12, 1e-12);
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return cross_entropy(in[0], target, Tensor(), r); }, {x}));
    }
}

TEST_CASE("cross_entropy with class weights and ignore_index", "[loss][cross_entropy][grad]") {
    Tensor x = test_input({5, 3}, 15, -2, 2);
    Tensor w = tensor({1.0, 0.5, 2.0}, {3}, DType::Float64);
    Tensor target = tensor({0, 2, 1, 2, 0}, {5}, DType::Int64);
    std::vector<double> v = x.to_double_vector(), lp;
    for (int64_t r = 0; r < 5; ++r)
        for (int64_t c = 0; c < 3; ++c) lp.push_back(log_softmax_ref(v, 3, r, c));
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor y = cross_entropy(x, target, w, r, 2);
        check_close(y, nll_ref(lp, 3, {0, 2, 1, 2, 0}, w.to_double_vector(), r, 2), 1e-12, 1e-12);
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return cross_entropy(in[0], target, w, r, 2); }, {x}));
    }
}

TEST_CASE("cross_entropy with label_smoothing mixes in the mean negative log-probability", "[loss][cross_entropy][grad]") {
    Tensor x = test_input({4, 3}, 16, -2, 2);
    Tensor target = tensor({0, 2, 1, 1}, {4}, DType::Int64);
    const double eps = 0.2;
    std::vector<double> v = x.to_double_vector();
    // Without weights: loss_i = (1 - eps) * nll_i + eps / C * sum_c(-logp_ic), ignoring sample 3 (ignore_index 1
    // appears at samples 2 and 3).
    double nll_sum = 0, smooth_sum = 0;
    int kept = 0;
    for (int64_t r = 0; r < 4; ++r) {
        int64_t t = target.to_int_vector()[size_t(r)];
        if (t == 1) continue;
        ++kept;
        nll_sum += -log_softmax_ref(v, 3, r, t);
        for (int64_t c = 0; c < 3; ++c) smooth_sum += -log_softmax_ref(v, 3, r, c);
    }
    Tensor y = cross_entropy(x, target, Tensor(), "mean", 1, eps);
    CHECK(y.grad_fn()->name == "AddBackward0");
    check_close(y, {(1 - eps) * nll_sum / kept + eps / 3 * smooth_sum / kept}, 1e-12, 1e-12);
    for (const std::string& r : kReductions) {
        INFO(r);
        CHECK(gradcheck([&](const std::vector<Tensor>& in) { return cross_entropy(in[0], target, Tensor(), r, 1, eps); },
                        {x}));
    }
}

TEST_CASE("cross_entropy with label_smoothing and class weights", "[loss][cross_entropy][grad]") {
    Tensor x = test_input({3, 4}, 17, -2, 2);
    Tensor w = tensor({0.5, 1.0, 2.0, 1.5}, {4}, DType::Float64);
    Tensor target = tensor({3, 0, 2}, {3}, DType::Int64);
    const double eps = 0.1;
    std::vector<double> v = x.to_double_vector(), wv = w.to_double_vector();
    double nll_sum = 0, smooth_sum = 0, wsum = 0;
    for (int64_t r = 0; r < 3; ++r) {
        int64_t t = target.to_int_vector()[size_t(r)];
        nll_sum += -wv[size_t(t)] * log_softmax_ref(v, 4, r, t);
        wsum += wv[size_t(t)];
        for (int64_t c = 0; c < 4; ++c) smooth_sum += -wv[size_t(c)] * log_softmax_ref(v, 4, r, c);
    }
    check_close(cross_entropy(x, target, w, "mean", -100, eps),
                {(1 - eps) * nll_sum / wsum + eps / 4 * smooth_sum / wsum}, 1e-12, 1e-12);
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return cross_entropy(in[0], target, w, "mean", -100, eps); },
                    {x}));
    CHECK_THROWS_WITH(cross_entropy(x, target, w, "mean", -100, 1.5),
                      "label_smoothing must be between 0.0 and 1.0. Got: 1.5");
}

TEST_CASE("cross_entropy with class-probability targets", "[loss][cross_entropy][grad]") {
    Tensor x = test_input({2, 3}, 18, -2, 2);
    Tensor p = tensor({0.2, 0.3, 0.5, 1.0, 0.0, 0.0}, {2, 3}, DType::Float64);
    std::vector<double> v = x.to_double_vector(), pv = p.to_double_vector();
    double s = 0;
    for (int64_t r = 0; r < 2; ++r)
        for (int64_t c = 0; c < 3; ++c) s += -pv[size_t(r * 3 + c)] * log_softmax_ref(v, 3, r, c);
    check_close(cross_entropy(x, p), {s / 2}, 1e-12, 1e-12);
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return cross_entropy(in[0], p); }, {x}));
}

TEST_CASE("binary_cross_entropy_with_logits values, stable for large logits", "[loss][bce]") {
    Tensor x = tensor({-3.0, 0.5, 2.0, 100.0, -100.0}, {5}, DType::Float64);
    Tensor t = tensor({0.0, 1.0, 0.3, 1.0, 0.0}, {5}, DType::Float64);
    std::vector<double> l;
    for (size_t i = 0; i < 5; ++i) {
        double xi = x.to_double_vector()[i], ti = t.to_double_vector()[i];
        // -[t log s(x) + (1-t) log(1 - s(x))] written with log1p(exp(-|x|)) to stay finite.
        double log_sig = std::min(xi, 0.0) - std::log1p(std::exp(-std::fabs(xi)));
        double log_one_minus = std::min(-xi, 0.0) - std::log1p(std::exp(-std::fabs(xi)));
        l.push_back(-(ti * log_sig + (1 - ti) * log_one_minus));
    }
    for (const std::string& r : kReductions) {
        INFO(r);
        check_close(binary_cross_entropy_with_logits(x, t, r), reduce_ref(l, r), 1e-12, 1e-12);
    }
    CHECK(l[3] < 1e-40);  // confident and right: ~0, not nan
}

TEST_CASE("binary_cross_entropy_with_logits gradcheck for input and target", "[loss][bce][grad]") {
    for (const std::string& r : kReductions) {
        INFO(r);
        Tensor x = test_input({2, 3}, 19, -3, 3), t = test_input({2, 3}, 20, 0, 1);
        Tensor y = binary_cross_entropy_with_logits(x, t, r);
        CHECK(y.grad_fn()->name == "BinaryCrossEntropyWithLogitsBackward0");
        CHECK(gradcheck([r](const std::vector<Tensor>& in) { return binary_cross_entropy_with_logits(in[0], in[1], r); },
                        {x, t}));
    }
}

TEST_CASE("binary_cross_entropy_with_logits with weight and pos_weight: values and gradcheck", "[loss][bce][grad]") {
    // PyTorch: (1 - t) x - (1 + (pw - 1) t) log_sigmoid(x), times the weight; one node whose input and
    // target gradients (FunctionsManual.cpp's formulas) must agree with finite differences.
    Tensor x = tensor({-3.0, 0.5, 2.0, -1.0, 0.25, 4.0}, {2, 3}, DType::Float64);
    Tensor t = tensor({0.0, 1.0, 0.3, 1.0, 0.5, 0.0}, {2, 3}, DType::Float64);
    Tensor w = tensor({1.0, 2.0, 0.5}, {3}, DType::Float64), pw = tensor({3.0, 0.5, 1.5}, {3}, DType::Float64);
    std::vector<double> l;
    for (size_t i = 0; i < 6; ++i) {
        double xi = x.to_double_vector()[i], ti = t.to_double_vector()[i];
        double wi = w.to_double_vector()[i % 3], pwi = pw.to_double_vector()[i % 3];
        double log_sig = std::min(xi, 0.0) - std::log1p(std::exp(-std::fabs(xi)));
        double log_one_minus = std::min(-xi, 0.0) - std::log1p(std::exp(-std::fabs(xi)));
        l.push_back(-wi * (pwi * ti * log_sig + (1 - ti) * log_one_minus));
    }
    for (const std::string& r : kReductions) {
        INFO(r);
        check_close(binary_cross_entropy_with_logits(x, t, w, pw, r), reduce_ref(l, r), 1e-12, 1e-12);
        Tensor xg = test_input({2, 3}, 21, -3, 3), tg = test_input({2, 3}, 22, 0, 1);
        for (int which = 0; which < 3; ++which) {
            Tensor wt = which == 1 ? Tensor() : w, pwt = which == 0 ? Tensor() : pw;
            Tensor y = binary_cross_entropy_with_logits(xg, tg, wt, pwt, r);
            CHECK(y.grad_fn()->name == "BinaryCrossEntropyWithLogitsBackward0");
            CHECK(gradcheck([&](const std::vector<Tensor>& in) { return binary_cross_entropy_with_logits(in[0], in[1], wt, pwt, r); },
                            {xg, tg}));
        }
    }
}

TEST_CASE("binary_cross_entropy_with_logits needs equal sizes", "[loss][bce][errors]") {
    CHECK_THROWS_WITH(binary_cross_entropy_with_logits(zeros({3}), zeros({2})),
                      "Target size (torch.Size([2])) must be the same as input size (torch.Size([3]))");
}

TEST_CASE("float32 losses stay float32", "[loss]") {
    Tensor a = ones({2, 2}), b = zeros({2, 2});
    CHECK(mse_loss(a, b).dtype() == DType::Float32);
    CHECK(cross_entropy(a, tensor({0, 1}, {2}, DType::Int64)).dtype() == DType::Float32);
    CHECK(binary_cross_entropy_with_logits(a, b).dtype() == DType::Float32);
    check_close(cross_entropy(a, tensor({0, 1}, {2}, DType::Int64)), {std::log(2.0)}, 1e-6, 1e-6);
}
