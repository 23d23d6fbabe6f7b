// Second derivatives through ops whose backward reads their own output (tanh, sigmoid, exp, sqrt,
// rsqrt, reciprocal, tan, erfinv: pointwise.def rows that save Y): under create_graph the saved
// output is re-attached to its node, so d2/dx2 sees y = f(x) instead of a constant y.
#include <cmath>

#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::test_input;

namespace {
// d2/dx2 of sum(f(x)) element by element, through autograd::grad twice.
std::vector<double> second_derivative(Tensor (*f)(const Tensor&), const Tensor& x) {
    std::vector<Tensor> g = autograd::grad({sum(f(x))}, {x}, {}, /*retain_graph=*/true, /*create_graph=*/true);
    std::vector<Tensor> h = autograd::grad({sum(g[0])}, {x});
    return h[0].to_double_vector();
}
}  // namespace

TEST_CASE("double backward through ops that save their output", "[autograd]") {
    Tensor x = test_input({4}, 7, 0.1, 0.9);
    std::vector<double> xv = x.to_double_vector(), ref;
    for (double v : xv) ref.push_back(-2.0 * std::tanh(v) * (1.0 - std::tanh(v) * std::tanh(v)));
    check_close(tensor(second_derivative(tanh, x), {4}, DType::Float64), ref, 1e-10, 1e-12);
    ref.clear();
    for (double v : xv) {
        double s = 1.0 / (1.0 + std::exp(-v));
        ref.push_back(s * (1 - s) * (1 - 2 * s));
    }
    check_close(tensor(second_derivative(sigmoid, x), {4}, DType::Float64), ref, 1e-10, 1e-12);
    ref.clear();
    for (double v : xv) ref.push_back(std::exp(v));
    check_close(tensor(second_derivative(exp, x), {4}, DType::Float64), ref, 1e-10, 1e-12);
    ref.clear();
    for (double v : xv) ref.push_back(-0.25 * std::pow(v, -1.5));
    check_close(tensor(second_derivative(sqrt, x), {4}, DType::Float64), ref, 1e-10, 1e-12);
    ref.clear();
    for (double v : xv) ref.push_back(2.0 / (v * v * v));
    check_close(tensor(second_derivative(reciprocal, x), {4}, DType::Float64), ref, 1e-10, 1e-12);
    // First-order gradients and graphs without create_graph are unchanged (no history on the result).
    std::vector<Tensor> g = autograd::grad({sum(tanh(x))}, {x});
    CHECK_FALSE(g[0].requires_grad());
}
