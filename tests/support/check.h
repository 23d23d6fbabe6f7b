// Test helpers shared by every test file: tensor comparison against expected values (usually
// computed by a float64 reference loop in the test) and gradcheck, which compares autograd's
// gradients with central finite differences in float64, as torch.autograd.gradcheck does.
#pragma once
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <random>
#include <sstream>
#include <vector>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::testing {

// Checks |actual - expected| <= atol + rtol * |expected| element-wise (NaNs must match NaNs).
inline void check_close(const Tensor& actual, const std::vector<double>& expected, double rtol = 1e-5,
                        double atol = 1e-6) {
    std::vector<double> a = actual.to_double_vector();
    REQUIRE(a.size() == expected.size());
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(expected[i])) {
            INFO("element " << i << ": expected nan, got " << a[i]);
            CHECK(std::isnan(a[i]));
            continue;
        }
        if (std::isinf(expected[i])) {
            INFO("element " << i << ": expected " << expected[i] << ", got " << a[i]);
            CHECK(a[i] == expected[i]);
            continue;
        }
        double tol = atol + rtol * std::fabs(expected[i]);
        INFO("element " << i << ": expected " << expected[i] << ", got " << a[i] << " (tol " << tol << ")");
        CHECK(std::fabs(a[i] - expected[i]) <= tol);
    }
}

inline void check_close(const Tensor& actual, const Tensor& expected, double rtol = 1e-5, double atol = 1e-6) {
    REQUIRE(actual.sizes() == expected.sizes());
    check_close(actual, expected.to_double_vector(), rtol, atol);
}

// The grad_fn name PyTorch would print for t ("None" for a leaf or a tensor without history).
inline std::string grad_fn_name(const Tensor& t) { return t.grad_fn() ? t.grad_fn()->name : "None"; }

// Deterministic float64 test input with values in [lo, hi), independent of torch.manual_seed.
inline Tensor test_input(const Shape& shape, uint32_t seed = 1, double lo = -1.0, double hi = 1.0,
                         bool requires_grad = true) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(size_t(shape_numel(shape)));
    for (double& x : v) x = dist(rng);
    return tensor(v, shape, DType::Float64, requires_grad);
}

// gradcheck: f maps inputs to one output. Each input that requires grad must be a contiguous float64
// leaf. The output is reduced with fixed random weights w to L = sum(w * f(x)); autograd's dL/dx is
// compared with (L(x + eps) - L(x - eps)) / (2 eps) for every element of every input.
inline bool gradcheck(const std::function<Tensor(const std::vector<Tensor>&)>& f, const std::vector<Tensor>& inputs,
                      double eps = 1e-6, double atol = 1e-5, double rtol = 1e-3) {
    Tensor out = f(inputs);
    REQUIRE(out.requires_grad());
    std::mt19937 rng(1234);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    std::vector<double> w(size_t(out.numel()));
    for (double& x : w) x = dist(rng);
    Tensor wt = tensor(w, out.sizes(), out.dtype());
    std::vector<Tensor> diff_inputs;
    for (const Tensor& t : inputs)
        if (t.defined() && t.requires_grad()) diff_inputs.push_back(t);
    std::vector<Tensor> analytic =
        autograd::grad({out}, diff_inputs, {wt}, /*retain_graph=*/false, /*create_graph=*/false, /*allow_unused=*/true);

    auto loss = [&]() {
        autograd::NoGradGuard no_grad;
        std::vector<double> o = f(inputs).to_double_vector();
        double s = 0;
        for (size_t i = 0; i < o.size(); ++i) s += o[i] * w[i];
        return s;
    };
    bool ok = true;
    for (size_t k = 0; k < diff_inputs.size(); ++k) {
        Tensor x = diff_inputs[k];
        REQUIRE(x.dtype() == DType::Float64);
        REQUIRE(x.is_contiguous());
        double* p = x.data_ptr<double>();
        std::vector<double> a = analytic[k].defined() ? analytic[k].to_double_vector()
                                                      : std::vector<double>(size_t(x.numel()), 0.0);
        for (int64_t j = 0; j < x.numel(); ++j) {
            double orig = p[j];
            p[j] = orig + eps;
            double lp = loss();
            p[j] = orig - eps;
            double lm = loss();
            p[j] = orig;
            double numeric = (lp - lm) / (2 * eps);
            if (std::fabs(numeric - a[size_t(j)]) > atol + rtol * std::fabs(numeric)) {
                UNSCOPED_INFO("gradcheck: input " << k << " element " << j << ": numeric " << numeric
                                                  << " vs analytic " << a[size_t(j)]);
                ok = false;
            }
        }
    }
    return ok;
}

}  // namespace kiln::testing
