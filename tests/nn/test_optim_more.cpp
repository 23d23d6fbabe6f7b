// RMSprop, Adagrad, Adadelta, Adamax, NAdam, RAdam, ASGD, Rprop and LBFGS: several steps on a
// quadratic against the algorithms as PyTorch's documentation writes them (the math blocks of
// torch/optim/*.py), re-derived here in float64; defaults, option errors and state names.
#include <cmath>

#include "optim/optimizer.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;

namespace {

// The gradient of L(p) = sum(c * p^2 / 2 + d * p): c * p + d (minimum at -d / c).
const std::vector<double> kC = {1.0, 2.0, 0.5, 3.0, 1.5};
const std::vector<double> kD = {0.3, -1.0, 0.7, 0.2, -0.4};
const std::vector<double> kStart = {1.0, -0.5, 2.0, 0.25, -1.5};
constexpr size_t kN = 5;

std::vector<double> grad_of(const std::vector<double>& p) {
    std::vector<double> g(p.size());
    for (size_t i = 0; i < p.size(); ++i) g[i] = kC[i] * p[i] + kD[i];
    return g;
}

double loss_of(const std::vector<double>& p) {
    double l = 0;
    for (size_t i = 0; i < p.size(); ++i) l += kC[i] * p[i] * p[i] / 2 + kD[i] * p[i];
    return l;
}

Tensor make_param() { return tensor(kStart, {5}, DType::Float64, true); }
void fill_grad(Tensor& p) { p.set_grad(tensor(grad_of(p.to_double_vector()), {5}, DType::Float64)); }
std::vector<double> zeros5() { return std::vector<double>(kN, 0.0); }

// Runs `steps` steps of the optimizer and of the reference, comparing the parameters after each.
template <typename Ref>
void run_and_compare(optim::Optimizer& opt, Tensor& p, Ref& ref, int steps, double tol = 1e-12) {
    std::vector<double> rp = kStart;
    for (int s = 0; s < steps; ++s) {
        fill_grad(p);
        opt.step();
        ref.step(rp);
        INFO("step " << s);
        check_close(p, rp, tol, tol);
    }
}

std::vector<optim::ParamGroup> group_of(const Tensor& p) { return optim::single_group({p}); }

std::vector<std::string> keys_of(const optim::Optimizer& opt) {
    std::vector<std::string> out;
    for (const auto& [k, v] : opt.param_groups()[0].options) out.push_back(k);
    return out;
}

std::vector<std::string> state_names(optim::Optimizer& opt, const Tensor& p) {
    std::vector<std::string> out;
    for (const auto& [k, v] : opt.state(p).entries) out.push_back(k);
    return out;
}

// v = a v + (1 - a) g^2; centered: g_ave = a g_ave + (1 - a) g, v~ = v - g_ave^2;
// momentum: b = mu b + g / (sqrt(v~) + eps), p -= lr b; else p -= lr g / (sqrt(v~) + eps).
struct RefRMSprop {
    double lr, alpha = 0.99, eps = 1e-8, wd = 0, momentum = 0;
    bool centered = false;
    std::vector<double> v = zeros5(), gave = zeros5(), b = zeros5();
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        for (size_t i = 0; i < kN; ++i) {
            if (wd != 0) g[i] += wd * p[i];
            v[i] = alpha * v[i] + (1 - alpha) * g[i] * g[i];
            double vt = v[i];
            if (centered) {
                gave[i] = alpha * gave[i] + (1 - alpha) * g[i];
                vt -= gave[i] * gave[i];
            }
            double denom = std::sqrt(vt) + eps;
            if (momentum > 0) {
                b[i] = momentum * b[i] + g[i] / denom;
                p[i] -= lr * b[i];
            } else {
                p[i] -= lr * g[i] / denom;
            }
        }
    }
};

// lr~ = lr / (1 + (t - 1) lr_decay); sum += g^2; p -= lr~ g / (sqrt(sum) + eps).
struct RefAdagrad {
    double lr, lr_decay = 0, wd = 0, init = 0, eps = 1e-10;
    int t = 0;
    std::vector<double> sum;
    void step(std::vector<double>& p) {
        if (sum.empty()) sum = std::vector<double>(kN, init);
        std::vector<double> g = grad_of(p);
        ++t;
        const double clr = lr / (1 + (t - 1) * lr_decay);
        for (size_t i = 0; i < kN; ++i) {
            if (wd != 0) g[i] += wd * p[i];
            sum[i] += g[i] * g[i];
            p[i] -= clr * g[i] / (std::sqrt(sum[i]) + eps);
        }
    }
};

// v = rho v + (1 - rho) g^2; dx = sqrt(u + eps) / sqrt(v + eps) g; u = rho u + (1 - rho) dx^2; p -= lr dx.
struct RefAdadelta {
    double lr = 1.0, rho = 0.9, eps = 1e-6, wd = 0;
    std::vector<double> v = zeros5(), u = zeros5();
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        for (size_t i = 0; i < kN; ++i) {
            if (wd != 0) g[i] += wd * p[i];
            v[i] = rho * v[i] + (1 - rho) * g[i] * g[i];
            double dx = std::sqrt(u[i] + eps) / std::sqrt(v[i] + eps) * g[i];
            u[i] = rho * u[i] + (1 - rho) * dx * dx;
            p[i] -= lr * dx;
        }
    }
};

// m = b1 m + (1 - b1) g; u = max(b2 u, |g| + eps); p -= lr m / ((1 - b1^t) u).
struct RefAdamax {
    double lr = 2e-3, b1 = 0.9, b2 = 0.999, eps = 1e-8, wd = 0;
    int t = 0;
    std::vector<double> m = zeros5(), u = zeros5();
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        ++t;
        for (size_t i = 0; i < kN; ++i) {
            if (wd != 0) g[i] += wd * p[i];
            m[i] = b1 * m[i] + (1 - b1) * g[i];
            u[i] = std::max(b2 * u[i], std::abs(g[i]) + eps);
            p[i] -= lr * m[i] / ((1 - std::pow(b1, t)) * u[i]);
        }
    }
};

// mu_t = b1 (1 - 0.96^(t psi) / 2); m, v as Adam;
// p -= lr (mu_{t+1} m / (1 - prod_{i<=t+1} mu_i) + (1 - mu_t) g / (1 - prod_{i<=t} mu_i)) / (sqrt(v / (1 - b2^t)) + eps).
struct RefNAdam {
    double lr = 2e-3, b1 = 0.9, b2 = 0.999, eps = 1e-8, wd = 0, psi = 4e-3;
    bool decoupled = false;
    int t = 0;
    double mu_product = 1;
    std::vector<double> m = zeros5(), v = zeros5();
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        ++t;
        const double mu = b1 * (1 - 0.5 * std::pow(0.96, t * psi));
        const double mu_next = b1 * (1 - 0.5 * std::pow(0.96, (t + 1) * psi));
        mu_product *= mu;
        for (size_t i = 0; i < kN; ++i) {
            if (wd != 0) {
                if (decoupled)
                    p[i] *= 1 - lr * wd;
                else
                    g[i] += wd * p[i];
            }
            m[i] = b1 * m[i] + (1 - b1) * g[i];
            v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
            const double mhat = mu_next * m[i] / (1 - mu_product * mu_next) + (1 - mu) * g[i] / (1 - mu_product);
            const double vhat = v[i] / (1 - std::pow(b2, t));
            p[i] -= lr * mhat / (std::sqrt(vhat) + eps);
        }
    }
};

// m^ = m / (1 - b1^t); rho_t = rho_inf - 2 t b2^t / (1 - b2^t); when rho_t > 5:
// p -= lr m^ r l with l = sqrt(1 - b2^t) / (sqrt(v) + eps), r the variance rectification; else p -= lr m^.
struct RefRAdam {
    double lr = 1e-3, b1 = 0.9, b2 = 0.999, eps = 1e-8, wd = 0;
    bool decoupled = false;
    int t = 0;
    std::vector<double> m = zeros5(), v = zeros5();
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        ++t;
        const double rho_inf = 2 / (1 - b2) - 1;
        const double bc2 = 1 - std::pow(b2, t);
        const double rho_t = rho_inf - 2 * t * std::pow(b2, t) / bc2;
        for (size_t i = 0; i < kN; ++i) {
            if (wd != 0) {
                if (decoupled)
                    p[i] *= 1 - lr * wd;
                else
                    g[i] += wd * p[i];
            }
            m[i] = b1 * m[i] + (1 - b1) * g[i];
            v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
            const double mhat = m[i] / (1 - std::pow(b1, t));
            if (rho_t > 5) {
                const double l = std::sqrt(bc2) / (std::sqrt(v[i]) + eps);
                const double r = std::sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t));
                p[i] -= lr * mhat * l * r;
            } else {
                p[i] -= lr * mhat;
            }
        }
    }
};

// p = p (1 - lambd eta) - eta g; ax = p while mu == 1, else ax += mu (p - ax);
// eta = lr / (1 + lambd lr t)^alpha; mu = 1 / max(1, t - t0).
struct RefASGD {
    double lr = 1e-2, lambd = 1e-4, alpha = 0.75, t0 = 1e6, wd = 0;
    int t = 0;
    double eta = 1e-2, mu = 1;
    std::vector<double> ax = zeros5();
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        ++t;
        for (size_t i = 0; i < kN; ++i) {
            if (wd != 0) g[i] += wd * p[i];
            p[i] = p[i] * (1 - lambd * eta) - eta * g[i];
            ax[i] = mu != 1 ? ax[i] + mu * (p[i] - ax[i]) : p[i];
        }
        eta = lr / std::pow(1 + lambd * lr * t, alpha);
        mu = 1 / std::max(1.0, t - t0);
    }
};

// The step size grows by eta+ while the gradient keeps its sign and shrinks by eta- when it flips
// (that step then skips the parameter and forgets the gradient); p -= sign(g) step_size.
struct RefRprop {
    double lr = 1e-2, eminus = 0.5, eplus = 1.2, smin = 1e-6, smax = 50;
    std::vector<double> prev = zeros5(), size;
    void step(std::vector<double>& p) {
        if (size.empty()) size = std::vector<double>(kN, lr);
        std::vector<double> g = grad_of(p);
        for (size_t i = 0; i < kN; ++i) {
            const double s = g[i] * prev[i];
            if (s > 0) size[i] *= eplus;
            if (s < 0) {
                size[i] *= eminus;
                g[i] = 0;
            }
            size[i] = std::min(std::max(size[i], smin), smax);
            p[i] -= (g[i] > 0 ? 1 : g[i] < 0 ? -1 : 0) * size[i];
            prev[i] = g[i];
        }
    }
};

}  // namespace

TEST_CASE("RMSprop: plain, centered with momentum and weight decay", "[optim][rmsprop]") {
    Tensor p = make_param();
    optim::RMSpropOptions o;
    optim::RMSprop opt(group_of(p), o);
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "momentum", "alpha", "eps", "centered", "weight_decay",
                                                   "capturable", "foreach", "maximize", "differentiable"});
    RefRMSprop ref{1e-2};
    run_and_compare(opt, p, ref, 6);
    CHECK(state_names(opt, p) == std::vector<std::string>{"step", "square_avg"});

    Tensor q = make_param();
    o.lr = 0.05;
    o.momentum = 0.9;
    o.centered = true;
    o.weight_decay = 0.1;
    optim::RMSprop opt2(group_of(q), o);
    RefRMSprop ref2{0.05, 0.99, 1e-8, 0.1, 0.9, true};
    run_and_compare(opt2, q, ref2, 6);
    CHECK(state_names(opt2, q) == std::vector<std::string>{"step", "square_avg", "momentum_buffer", "grad_avg"});
    CHECK(opt2.state(q).get("step").item_double() == 6.0);
}

TEST_CASE("RMSprop one step by hand", "[optim][rmsprop]") {
    // p = [1, -2], g = [3, 4], lr 0.01, alpha 0.99: v = 0.01 g^2, p -= 0.01 g / (0.1 |g| + 1e-8).
    Tensor p = tensor({1.0, -2.0}, {2}, DType::Float64, true);
    p.set_grad(tensor({3.0, 4.0}, {2}, DType::Float64));
    optim::RMSprop opt(group_of(p));
    opt.step();
    check_close(p, {1.0 - 0.01 * 3 / (0.3 + 1e-8), -2.0 - 0.01 * 4 / (0.4 + 1e-8)}, 1e-12, 1e-12);
}

TEST_CASE("Adagrad: lr decay, initial accumulator, state made by the constructor", "[optim][adagrad]") {
    Tensor p = make_param();
    optim::AdagradOptions o;
    o.lr = 0.1;
    o.lr_decay = 0.05;
    o.initial_accumulator_value = 0.2;
    o.weight_decay = 0.01;
    optim::Adagrad opt(group_of(p), o);
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "lr_decay", "eps", "weight_decay",
                                                   "initial_accumulator_value", "foreach", "maximize",
                                                   "differentiable", "fused"});
    CHECK(state_names(opt, p) == std::vector<std::string>{"step", "sum"});
    check_close(opt.state(p).get("sum"), std::vector<double>(kN, 0.2), 0, 0);
    RefAdagrad ref{0.1, 0.05, 0.01, 0.2};
    run_and_compare(opt, p, ref, 6);
}

TEST_CASE("Adadelta matches the documented update", "[optim][adadelta]") {
    Tensor p = make_param();
    optim::Adadelta opt(group_of(p));
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "rho", "eps", "weight_decay", "maximize", "capturable",
                                                   "foreach", "differentiable"});
    RefAdadelta ref;
    run_and_compare(opt, p, ref, 8);
    CHECK(state_names(opt, p) == std::vector<std::string>{"step", "square_avg", "acc_delta"});

    Tensor q = make_param();
    optim::AdadeltaOptions o;
    o.lr = 0.5;
    o.rho = 0.8;
    o.weight_decay = 0.1;
    optim::Adadelta opt2(group_of(q), o);
    RefAdadelta ref2{0.5, 0.8, 1e-6, 0.1};
    run_and_compare(opt2, q, ref2, 5);
}

TEST_CASE("Adamax matches the infinity-norm update", "[optim][adamax]") {
    Tensor p = make_param();
    optim::AdamaxOptions o;
    o.lr = 0.05;
    o.weight_decay = 0.02;
    optim::Adamax opt(group_of(p), o);
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "betas", "eps", "weight_decay", "foreach", "maximize",
                                                   "differentiable", "capturable"});
    RefAdamax ref{0.05, 0.9, 0.999, 1e-8, 0.02};
    run_and_compare(opt, p, ref, 7);
    CHECK(state_names(opt, p) == std::vector<std::string>{"step", "exp_avg", "exp_inf"});
}

TEST_CASE("NAdam: momentum schedule, L2 and decoupled weight decay", "[optim][nadam]") {
    // mu_product is a float32 scalar state, as in PyTorch: its rounding shows at 1e-7.
    Tensor p = make_param();
    optim::NAdamOptions o;
    o.lr = 0.05;
    optim::NAdam opt(group_of(p), o);
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "betas", "eps", "weight_decay", "momentum_decay",
                                                   "decoupled_weight_decay", "maximize", "foreach", "capturable",
                                                   "differentiable"});
    RefNAdam ref{0.05};
    run_and_compare(opt, p, ref, 6, 1e-6);
    CHECK(state_names(opt, p) == std::vector<std::string>{"step", "mu_product", "exp_avg", "exp_avg_sq"});
    CHECK(opt.state(p).get("mu_product").dtype() == DType::Float32);

    Tensor q = make_param();
    o.weight_decay = 0.1;
    o.decoupled_weight_decay = true;
    optim::NAdam opt2(group_of(q), o);
    RefNAdam ref2{0.05};
    ref2.wd = 0.1;
    ref2.decoupled = true;
    run_and_compare(opt2, q, ref2, 6, 1e-6);
}

TEST_CASE("RAdam: the unrectified steps, then the rectified ones", "[optim][radam]") {
    // rho_t passes 5 at the 6th step with beta2 = 0.999: both branches run.
    Tensor p = make_param();
    optim::RAdamOptions o;
    o.lr = 0.05;
    o.weight_decay = 0.01;
    optim::RAdam opt(group_of(p), o);
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "betas", "eps", "weight_decay", "maximize", "foreach",
                                                   "capturable", "decoupled_weight_decay", "differentiable"});
    RefRAdam ref{0.05};
    ref.wd = 0.01;
    run_and_compare(opt, p, ref, 10);
}

TEST_CASE("ASGD: decay, averaging after t0, eta schedule", "[optim][asgd]") {
    // eta and mu are float32 scalar states, as in PyTorch.
    Tensor p = make_param();
    optim::ASGDOptions o;
    o.lr = 0.1;
    o.lambd = 0.01;
    o.t0 = 3;
    optim::ASGD opt(group_of(p), o);
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "lambd", "alpha", "t0", "weight_decay", "foreach",
                                                   "maximize", "differentiable", "capturable"});
    RefASGD ref{0.1, 0.01, 0.75, 3};
    ref.eta = 0.1;
    std::vector<double> rp = kStart;
    for (int s = 0; s < 8; ++s) {
        fill_grad(p);
        opt.step();
        ref.step(rp);
        INFO("step " << s);
        check_close(p, rp, 1e-6, 1e-6);
        check_close(opt.state(p).get("ax"), ref.ax, 1e-6, 1e-6);
    }
    CHECK(state_names(opt, p) == std::vector<std::string>{"step", "eta", "mu", "ax"});
}

TEST_CASE("Rprop: step sizes grow, shrink and clamp", "[optim][rprop]") {
    Tensor p = make_param();
    optim::RpropOptions o;
    o.lr = 0.3;  // large enough that gradients change sign
    o.step_size_max = 0.5;
    optim::Rprop opt(group_of(p), o);
    CHECK(keys_of(opt) == std::vector<std::string>{"lr", "etas", "step_sizes", "foreach", "maximize",
                                                   "differentiable", "capturable"});
    RefRprop ref{0.3, 0.5, 1.2, 1e-6, 0.5};
    run_and_compare(opt, p, ref, 12);
    CHECK(state_names(opt, p) == std::vector<std::string>{"step", "prev", "step_size"});
}

TEST_CASE("maximize flips the gradient for the new optimizers", "[optim]") {
    Tensor p = make_param(), q = make_param();
    optim::AdadeltaOptions o;
    o.maximize = true;
    optim::Adadelta opt(group_of(p), o);
    optim::Adadelta plain(group_of(q));
    fill_grad(p);
    q.set_grad(neg(tensor(grad_of(kStart), {5}, DType::Float64)));
    opt.step();
    plain.step();
    check_close(p, q.to_double_vector(), 0, 0);
}

TEST_CASE("new optimizers' option errors", "[optim][errors]") {
    Tensor p = make_param();
    optim::RMSpropOptions r;
    r.alpha = -0.5;
    CHECK_THROWS_WITH(optim::RMSprop(group_of(p), r), "Invalid alpha value: -0.5");
    optim::AdagradOptions a;
    a.lr_decay = -1;
    CHECK_THROWS_WITH(optim::Adagrad(group_of(p), a), "Invalid lr_decay value: -1.0");
    optim::AdadeltaOptions d;
    d.rho = 1.5;
    CHECK_THROWS_WITH(optim::Adadelta(group_of(p), d), "Invalid rho value: 1.5");
    optim::NAdamOptions n;
    n.momentum_decay = -0.1;
    CHECK_THROWS_WITH(optim::NAdam(group_of(p), n), "Invalid momentum_decay value: -0.1");
    optim::AdamaxOptions x;
    x.beta1 = 1.0;
    CHECK_THROWS_WITH(optim::Adamax(group_of(p), x), "Invalid beta parameter at index 0: 1.0");
    optim::RpropOptions e;
    e.eta_plus = 0.9;
    CHECK_THROWS_WITH(optim::Rprop(group_of(p), e), "Invalid eta values: 0.5, 0.9");
    optim::ASGDOptions s;
    s.lr = -0.01;
    CHECK_THROWS_WITH(optim::ASGD(group_of(p), s), "Invalid learning rate: -0.01");
    Tensor q = make_param();
    std::vector<optim::ParamGroup> two = {optim::ParamGroup{{p}, {}}, optim::ParamGroup{{q}, {}}};
    CHECK_THROWS_WITH(optim::LBFGS(two), "LBFGS doesn't support per-parameter options (parameter groups)");
    optim::LBFGS lb(group_of(p));
    CHECK_THROWS_WITH(lb.step(), "LBFGS.step() missing 1 required positional argument: 'closure'");
}

TEST_CASE("optimizer reprs print PyTorch's defaults", "[optim][repr]") {
    Tensor p = make_param();
    CHECK(optim::Rprop(group_of(p)).repr() ==
          "Rprop (\n"
          "Parameter Group 0\n"
          "    capturable: False\n"
          "    differentiable: False\n"
          "    etas: (0.5, 1.2)\n"
          "    foreach: None\n"
          "    lr: 0.01\n"
          "    maximize: False\n"
          "    step_sizes: (1e-06, 50.0)\n"
          ")");
    optim::LBFGSOptions l;
    l.strong_wolfe = true;
    std::string lbfgs = optim::LBFGS(group_of(p), l).repr();
    CHECK_THAT(lbfgs, Catch::Contains("    line_search_fn: 'strong_wolfe'\n"));
    CHECK_THAT(lbfgs, Catch::Contains("    max_eval: 25\n"));
    CHECK_THAT(optim::ASGD(group_of(p)).repr(), Catch::Contains("    t0: 1000000.0\n"));
}

namespace {
// A closure for LBFGS: loss and gradient of the quadratic at the parameter's current value.
double quadratic_closure(Tensor& p, int& calls) {
    ++calls;
    std::vector<double> x = p.to_double_vector();
    fill_grad(p);
    return loss_of(x);
}
}  // namespace

TEST_CASE("LBFGS: the first iteration by hand, then convergence", "[optim][lbfgs]") {
    // One iteration: d = -g, t = min(1, 1 / |g|_1) * lr, p += t d.
    Tensor p = make_param();
    optim::LBFGSOptions o;
    o.max_iter = 1;
    optim::LBFGS one(group_of(p), o);
    int calls = 0;
    double first = one.step([&] { return quadratic_closure(p, calls); });
    CHECK(first == Approx(loss_of(kStart)));
    std::vector<double> g = grad_of(kStart), expect = kStart;
    double l1 = 0;
    for (double x : g) l1 += std::abs(x);
    for (size_t i = 0; i < kN; ++i) expect[i] -= std::min(1.0, 1.0 / l1) * g[i];
    check_close(p, expect, 1e-12, 1e-12);
    CHECK(calls == 1);  // the last iteration does not re-evaluate
    CHECK(one.func_evals() == 1);

    // A full step reaches the minimum -d / c of the quadratic.
    for (bool wolfe : {false, true}) {
        Tensor q = make_param();
        optim::LBFGSOptions full;
        full.strong_wolfe = wolfe;
        optim::LBFGS opt(group_of(q), full);
        int n = 0;
        for (int s = 0; s < 3; ++s) opt.step([&] { return quadratic_closure(q, n); });
        std::vector<double> minimum(kN);
        for (size_t i = 0; i < kN; ++i) minimum[i] = -kD[i] / kC[i];
        INFO("strong_wolfe " << wolfe);
        check_close(q, minimum, 1e-6, 1e-6);
        CHECK(opt.func_evals() == n);
        CHECK(n <= 3 * 25);
    }
}
