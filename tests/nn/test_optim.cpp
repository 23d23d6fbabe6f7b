// Optimizers: several steps on a quadratic against the update formulas of torch/optim/{sgd,adam}.py
// written out in float64 here, option handling and errors, and a small training run.
#include <cmath>

#include "nn/modules.h"
#include "optim/optimizer.h"
#include "support/check.h"
#include "tensor/parallel.h"

using namespace kiln;
using kiln::testing::check_close;

namespace {

// The gradient of L(p) = sum(c * p^2 / 2 + d * p): c * p + d.
const std::vector<double> kC = {1.0, 2.0, 0.5, 3.0, 1.5};
const std::vector<double> kD = {0.3, -1.0, 0.7, 0.2, -0.4};
const std::vector<double> kStart = {1.0, -0.5, 2.0, 0.25, -1.5};

std::vector<double> grad_of(const std::vector<double>& p) {
    std::vector<double> g(p.size());
    for (size_t i = 0; i < p.size(); ++i) g[i] = kC[i] * p[i] + kD[i];
    return g;
}

Tensor make_param() { return tensor(kStart, {5}, DType::Float64, true); }

void fill_grad(Tensor& p) { p.set_grad(tensor(grad_of(p.to_double_vector()), {5}, DType::Float64)); }

struct RefSGD {
    double lr, momentum = 0, dampening = 0, wd = 0;
    bool nesterov = false, maximize = false;
    std::vector<double> buf;
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        for (size_t i = 0; i < p.size(); ++i) {
            if (maximize) g[i] = -g[i];
            if (wd != 0) g[i] += wd * p[i];
        }
        if (momentum != 0) {
            if (buf.empty()) {
                buf = g;
            } else {
                for (size_t i = 0; i < p.size(); ++i) buf[i] = momentum * buf[i] + (1 - dampening) * g[i];
            }
            for (size_t i = 0; i < p.size(); ++i) g[i] = nesterov ? g[i] + momentum * buf[i] : buf[i];
        }
        for (size_t i = 0; i < p.size(); ++i) p[i] -= lr * g[i];
    }
};

struct RefAdam {
    double lr, b1 = 0.9, b2 = 0.999, eps = 1e-8, wd = 0;
    bool amsgrad = false, decoupled = false, maximize = false;
    int t = 0;
    std::vector<double> m, v, vmax;
    void step(std::vector<double>& p) {
        std::vector<double> g = grad_of(p);
        if (m.empty()) m = v = vmax = std::vector<double>(p.size(), 0.0);
        ++t;
        for (size_t i = 0; i < p.size(); ++i) {
            if (maximize) g[i] = -g[i];
            if (wd != 0) {
                if (decoupled)
                    p[i] *= 1 - lr * wd;
                else
                    g[i] += wd * p[i];
            }
            m[i] = b1 * m[i] + (1 - b1) * g[i];
            v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
            double bc1 = 1 - std::pow(b1, t), bc2 = 1 - std::pow(b2, t);
            double vv = v[i];
            if (amsgrad) {
                vmax[i] = std::max(vmax[i], v[i]);
                vv = vmax[i];
            }
            double denom = std::sqrt(vv) / std::sqrt(bc2) + eps;
            p[i] -= lr / bc1 * m[i] / denom;
        }
    }
};

template <typename Opt, typename Ref>
void run_and_compare(Opt& opt, Tensor& p, Ref& ref, int steps) {
    std::vector<double> rp = kStart;
    for (int s = 0; s < steps; ++s) {
        fill_grad(p);
        opt.step();
        ref.step(rp);
        INFO("step " << s);
        check_close(p, rp, 1e-12, 1e-12);
    }
}

}  // namespace

TEST_CASE("SGD plain steps", "[optim][sgd]") {
    Tensor p = make_param();
    optim::SGDOptions o;
    o.lr = 0.1;
    optim::SGD opt({p}, o);
    RefSGD ref{0.1};
    run_and_compare(opt, p, ref, 5);
}

TEST_CASE("SGD with momentum, dampening and weight decay", "[optim][sgd]") {
    Tensor p = make_param();
    optim::SGDOptions o;
    o.lr = 0.05;
    o.momentum = 0.9;
    o.dampening = 0.1;
    o.weight_decay = 0.01;
    optim::SGD opt({p}, o);
    RefSGD ref{0.05, 0.9, 0.1, 0.01};
    run_and_compare(opt, p, ref, 6);
    CHECK(opt.state(p).get("momentum_buffer").defined());
}

TEST_CASE("SGD nesterov and maximize", "[optim][sgd]") {
    Tensor p = make_param();
    optim::SGDOptions o;
    o.lr = 0.02;
    o.momentum = 0.8;
    o.nesterov = true;
    o.maximize = true;
    optim::SGD opt({p}, o);
    RefSGD ref{0.02, 0.8, 0, 0, true, true};
    run_and_compare(opt, p, ref, 5);
}

TEST_CASE("Adam matches the bias-corrected update", "[optim][adam]") {
    Tensor p = make_param();
    optim::AdamOptions o;
    o.lr = 0.01;
    optim::Adam opt({p}, o);
    RefAdam ref{0.01};
    run_and_compare(opt, p, ref, 8);
    optim::ParamState& st = opt.state(p);
    CHECK(st.entries[0].first == "step");
    CHECK(st.get("step").item_double() == 8.0);
    CHECK(st.get("step").dtype() == DType::Float32);
}

TEST_CASE("Adam with amsgrad, L2 weight decay and custom betas", "[optim][adam]") {
    Tensor p = make_param();
    optim::AdamOptions o;
    o.lr = 0.05;
    o.beta1 = 0.8;
    o.beta2 = 0.95;
    o.eps = 1e-6;
    o.weight_decay = 0.1;
    o.amsgrad = true;
    optim::Adam opt({p}, o);
    RefAdam ref{0.05, 0.8, 0.95, 1e-6, 0.1, true};
    run_and_compare(opt, p, ref, 8);
}

TEST_CASE("AdamW decays weights before the Adam step", "[optim][adam]") {
    Tensor p = make_param();
    optim::AdamOptions o = optim::AdamW::default_options();
    o.lr = 0.02;
    CHECK(o.weight_decay == 0.01);
    optim::AdamW opt({p}, o);
    RefAdam ref{0.02};
    ref.wd = 0.01;
    ref.decoupled = true;
    run_and_compare(opt, p, ref, 6);
}

TEST_CASE("Adam maximize ascends", "[optim][adam]") {
    Tensor p = make_param();
    optim::AdamOptions o;
    o.lr = 0.01;
    o.maximize = true;
    optim::Adam opt({p}, o);
    RefAdam ref{0.01};
    ref.maximize = true;
    run_and_compare(opt, p, ref, 4);
}

TEST_CASE("param groups carry their own options, lr changes take effect", "[optim]") {
    Tensor a = make_param(), b = make_param();
    optim::ParamGroup g1{{a}, {}};
    optim::ParamGroup g2{{b}, {{"lr", optim::OptionValue(0.5)}}};
    optim::SGDOptions o;
    o.lr = 0.1;
    optim::SGD opt({g1, g2}, o);
    CHECK(opt.param_groups()[0].number("lr") == 0.1);
    CHECK(opt.param_groups()[1].number("lr") == 0.5);
    fill_grad(a);
    fill_grad(b);
    opt.step();
    std::vector<double> g = grad_of(kStart);
    CHECK(a.to_double_vector()[0] == Approx(kStart[0] - 0.1 * g[0]));
    CHECK(b.to_double_vector()[0] == Approx(kStart[0] - 0.5 * g[0]));
    opt.param_groups()[0].set("lr", optim::OptionValue(0.0));
    std::vector<double> before = a.to_double_vector();
    fill_grad(a);
    opt.step();
    check_close(a, before, 0, 0);
}

TEST_CASE("step skips parameters without gradients", "[optim]") {
    Tensor a = make_param(), b = make_param();
    optim::Adam opt({a, b});
    fill_grad(a);
    opt.step();
    check_close(b, kStart, 0, 0);
    CHECK(opt.state(b).empty());
    CHECK(a.to_double_vector()[0] != kStart[0]);
}

TEST_CASE("optimizer zero_grad", "[optim]") {
    Tensor p = make_param();
    optim::SGD opt({p});
    fill_grad(p);
    opt.zero_grad(false);
    check_close(p.grad(), {0, 0, 0, 0, 0}, 0, 0);
    opt.zero_grad();
    CHECK_FALSE(p.grad().defined());
}

TEST_CASE("optimizer option errors", "[optim][errors]") {
    Tensor p = make_param();
    optim::SGDOptions bad_lr;
    bad_lr.lr = -0.1;
    CHECK_THROWS_WITH(optim::SGD({p}, bad_lr), "Invalid learning rate: -0.1");
    optim::SGDOptions nest;
    nest.nesterov = true;
    CHECK_THROWS_WITH(optim::SGD({p}, nest), "Nesterov momentum requires a momentum and zero dampening");
    optim::AdamOptions betas;
    betas.beta2 = 1.0;
    CHECK_THROWS_WITH(optim::Adam({p}, betas), "Invalid beta parameter at index 1: 1.0");
    CHECK_THROWS_WITH(optim::SGD(std::vector<Tensor>{}), "optimizer got an empty parameter list");
    Tensor nonleaf = p * 2.0;
    CHECK_THROWS_WITH(optim::SGD({nonleaf}), "can't optimize a non-leaf Tensor");
}

TEST_CASE("optimizer repr lists sorted options like PyTorch", "[optim][repr]") {
    Tensor p = make_param();
    optim::SGDOptions o;
    o.lr = 0.1;
    o.momentum = 0.9;
    CHECK(optim::SGD({p}, o).repr() ==
          "SGD (\n"
          "Parameter Group 0\n"
          "    dampening: 0\n"
          "    differentiable: False\n"
          "    foreach: None\n"
          "    fused: None\n"
          "    lr: 0.1\n"
          "    maximize: False\n"
          "    momentum: 0.9\n"
          "    nesterov: False\n"
          "    weight_decay: 0\n"
          ")");
    std::string adam = optim::Adam({p}).repr();
    CHECK_THAT(adam, Catch::Contains("    betas: (0.9, 0.999)\n"));
    CHECK_THAT(adam, Catch::Contains("    eps: 1e-08\n"));
    CHECK_THAT(adam, Catch::Contains("    lr: 0.001\n"));
}

TEST_CASE("Adam trains a small MLP: the loss drops by more than 10x", "[optim][training]") {
    manual_seed(0);
    auto model = std::make_shared<nn::Sequential>(std::vector<nn::ModulePtr>{
        std::make_shared<nn::Linear>(1, 16), std::make_shared<nn::Tanh>(), std::make_shared<nn::Linear>(16, 1)});
    // y = sin(2x) on [-1, 1].
    std::vector<double> xs, ys;
    for (int i = 0; i < 32; ++i) {
        double x = -1.0 + 2.0 * i / 31.0;
        xs.push_back(x);
        ys.push_back(std::sin(2 * x));
    }
    Tensor x = tensor(xs, {32, 1}), y = tensor(ys, {32, 1});
    optim::AdamOptions o;
    o.lr = 0.02;
    optim::Adam opt(model->parameters(), o);
    double first = 0, last = 0;
    for (int step = 0; step < 300; ++step) {
        opt.zero_grad();
        Tensor loss = mse_loss((*model)(x), y);
        if (step == 0) first = loss.item_double();
        last = loss.item_double();
        autograd::backward({loss});
        opt.step();
    }
    INFO("first " << first << " last " << last);
    CHECK(last < first / 10);
}

// Dense float32 CPU parameters take the fused single-pass update (ops/optim_kernels.h); its values
// must be the op-by-op loop's (foreach=False) bit for bit, over steps, for every option that changes
// the arithmetic, sizes that end mid-chunk, and a thread count that splits the chunks.
TEST_CASE("Adam/AdamW's fused CPU update equals the op-by-op update exactly", "[optim][adam]") {
    struct Opts {
        bool adamw, maximize;
        double wd;
    };
    const int saved_threads = num_threads();
    for (int threads : {1, 3})
        for (Opts c : {Opts{true, false, 0.01}, Opts{true, true, 0.1}, Opts{false, false, 0.0}, Opts{false, true, 0.05}}) {
            set_num_threads(threads);
            std::vector<Tensor> fused_params, loop_params;
            for (auto [shape, seed] : {std::pair{Shape{37, 81}, 3u}, std::pair{Shape{70001}, 4u}, std::pair{Shape{5}, 5u}}) {
                Tensor p = to_dtype(kiln::testing::test_input(shape, seed, -1, 1, false), DType::Float32);
                fused_params.push_back(clone(p).requires_grad_(true));
                loop_params.push_back(clone(p).requires_grad_(true));
            }
            optim::AdamOptions o;
            o.lr = 0.01;
            o.beta1 = 0.85;
            o.beta2 = 0.97;
            o.weight_decay = c.wd;
            o.maximize = c.maximize;
            optim::ParamGroup fused_group{fused_params, {}};
            optim::ParamGroup loop_group{loop_params, {{"foreach", optim::OptionValue(false)}}};
            std::unique_ptr<optim::Optimizer> fused, loop;
            if (c.adamw) {
                fused = std::make_unique<optim::AdamW>(std::vector<optim::ParamGroup>{fused_group}, o);
                loop = std::make_unique<optim::AdamW>(std::vector<optim::ParamGroup>{loop_group}, o);
            } else {
                fused = std::make_unique<optim::Adam>(std::vector<optim::ParamGroup>{fused_group}, o);
                loop = std::make_unique<optim::Adam>(std::vector<optim::ParamGroup>{loop_group}, o);
            }
            for (uint32_t step = 0; step < 4; ++step) {
                for (size_t i = 0; i < fused_params.size(); ++i) {
                    Tensor g = to_dtype(kiln::testing::test_input(fused_params[i].sizes(), 100 + step * 7 + uint32_t(i), -2, 2, false),
                                        DType::Float32);
                    fused_params[i].set_grad(clone(g));
                    loop_params[i].set_grad(clone(g));
                }
                fused->step();
                loop->step();
            }
            for (size_t i = 0; i < fused_params.size(); ++i) {
                INFO("adamw=" << c.adamw << " maximize=" << c.maximize << " wd=" << c.wd << " threads=" << threads
                              << " param " << i);
                CHECK(fused_params[i].to_double_vector() == loop_params[i].to_double_vector());
                for (const char* name : {"exp_avg", "exp_avg_sq"})
                    CHECK(fused->state(fused_params[i]).get(name).to_double_vector() ==
                          loop->state(loop_params[i]).get(name).to_double_vector());
                CHECK(fused_params[i].to_double_vector() != std::vector<double>(size_t(fused_params[i].numel()), 0.0));
            }
        }
    set_num_threads(saved_threads);
}

// SGD's dense float32 CPU parameters take the fused single-pass update too (ops/optim_kernels.h's
// sgd_step_f32_cpu): bit for bit the op-by-op loop's (foreach=False) over steps (the momentum buffer's
// first step included), for each option that changes the arithmetic, at 1 and 3 threads.
TEST_CASE("SGD's fused CPU update equals the op-by-op update exactly", "[optim][sgd]") {
    const int saved_threads = num_threads();
    std::vector<optim::SGDOptions> cases(5);
    cases[0].lr = 0.1;  // plain
    cases[1].lr = 0.1, cases[1].momentum = 0.9, cases[1].weight_decay = 5e-4;  // ResNet's recipe
    cases[2].lr = 0.05, cases[2].momentum = 0.8, cases[2].dampening = 0.3, cases[2].maximize = true;
    cases[3].lr = 0.02, cases[3].momentum = 0.9, cases[3].nesterov = true, cases[3].weight_decay = 0.01;
    cases[4].lr = 0.3, cases[4].weight_decay = 0.1, cases[4].maximize = true;
    for (int threads : {1, 3})
        for (size_t ci = 0; ci < cases.size(); ++ci) {
            set_num_threads(threads);
            std::vector<Tensor> fused_params, loop_params;
            for (auto [shape, seed] : {std::pair{Shape{37, 81}, 3u}, std::pair{Shape{70001}, 4u}, std::pair{Shape{5}, 5u}}) {
                Tensor p = to_dtype(kiln::testing::test_input(shape, seed, -1, 1, false), DType::Float32);
                fused_params.push_back(clone(p).requires_grad_(true));
                loop_params.push_back(clone(p).requires_grad_(true));
            }
            optim::SGD fused(std::vector<optim::ParamGroup>{optim::ParamGroup{fused_params, {}}}, cases[ci]);
            optim::SGD loop(std::vector<optim::ParamGroup>{optim::ParamGroup{loop_params, {{"foreach", optim::OptionValue(false)}}}},
                            cases[ci]);
            for (uint32_t step = 0; step < 4; ++step) {
                for (size_t i = 0; i < fused_params.size(); ++i) {
                    Tensor g = to_dtype(kiln::testing::test_input(fused_params[i].sizes(), 100 + step * 7 + uint32_t(i), -2, 2, false),
                                        DType::Float32);
                    fused_params[i].set_grad(clone(g));
                    loop_params[i].set_grad(clone(g));
                }
                fused.step();
                loop.step();
            }
            for (size_t i = 0; i < fused_params.size(); ++i) {
                INFO("case " << ci << " threads=" << threads << " param " << i);
                CHECK(fused_params[i].to_double_vector() == loop_params[i].to_double_vector());
                if (cases[ci].momentum != 0)
                    CHECK(fused.state(fused_params[i]).get("momentum_buffer").to_double_vector() ==
                          loop.state(loop_params[i]).get("momentum_buffer").to_double_vector());
            }
        }
    set_num_threads(saved_threads);
}

// Adadelta's fused CPU update (ops/optim_kernels.h's adadelta_step_f32_cpu), bit for bit the op-by-op
// loop's over steps, with and without weight decay and maximize, at 1 and 3 threads.
TEST_CASE("Adadelta's fused CPU update equals the op-by-op update exactly", "[optim]") {
    const int saved_threads = num_threads();
    std::vector<optim::AdadeltaOptions> cases(3);
    cases[1].lr = 0.5, cases[1].rho = 0.8, cases[1].weight_decay = 0.01;
    cases[2].eps = 1e-4, cases[2].maximize = true, cases[2].weight_decay = 0.1;
    for (int threads : {1, 3})
        for (size_t ci = 0; ci < cases.size(); ++ci) {
            set_num_threads(threads);
            std::vector<Tensor> fused_params, loop_params;
            for (auto [shape, seed] : {std::pair{Shape{37, 81}, 3u}, std::pair{Shape{70001}, 4u}, std::pair{Shape{5}, 5u}}) {
                Tensor p = to_dtype(kiln::testing::test_input(shape, seed, -1, 1, false), DType::Float32);
                fused_params.push_back(clone(p).requires_grad_(true));
                loop_params.push_back(clone(p).requires_grad_(true));
            }
            optim::Adadelta fused(std::vector<optim::ParamGroup>{optim::ParamGroup{fused_params, {}}}, cases[ci]);
            optim::Adadelta loop(
                std::vector<optim::ParamGroup>{optim::ParamGroup{loop_params, {{"foreach", optim::OptionValue(false)}}}},
                cases[ci]);
            for (uint32_t step = 0; step < 4; ++step) {
                for (size_t i = 0; i < fused_params.size(); ++i) {
                    Tensor g = to_dtype(kiln::testing::test_input(fused_params[i].sizes(), 100 + step * 7 + uint32_t(i), -2, 2, false),
                                        DType::Float32);
                    fused_params[i].set_grad(clone(g));
                    loop_params[i].set_grad(clone(g));
                }
                fused.step();
                loop.step();
            }
            for (size_t i = 0; i < fused_params.size(); ++i) {
                INFO("case " << ci << " threads=" << threads << " param " << i);
                CHECK(fused_params[i].to_double_vector() == loop_params[i].to_double_vector());
                for (const char* name : {"square_avg", "acc_delta"})
                    CHECK(fused.state(fused_params[i]).get(name).to_double_vector() ==
                          loop.state(loop_params[i]).get(name).to_double_vector());
            }
        }
    set_num_threads(saved_threads);
}
