// nn.Module and the built-in layers: registration order, recursive iteration, state_dict round
// trips and PyTorch's error texts, train/eval, zero_grad, to(dtype), reprs, seeded initialisation.
#include <cmath>

#include "nn/init.h"
#include "nn/modules.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::test_input;

namespace {

std::shared_ptr<nn::Sequential> mlp() {
    return std::make_shared<nn::Sequential>(std::vector<nn::ModulePtr>{
        std::make_shared<nn::Linear>(4, 8), std::make_shared<nn::ReLU>(), std::make_shared<nn::Linear>(8, 2)});
}

std::vector<std::string> keys(const nn::NamedTensors& named) {
    std::vector<std::string> out;
    for (const auto& [k, v] : named) out.push_back(k);
    return out;
}

}  // namespace

TEST_CASE("Linear after manual_seed(0) has PyTorch's weights", "[nn][init]") {
    manual_seed(0);
    nn::Linear lin(3, 2);
    // torch.manual_seed(0); torch.nn.Linear(3, 2).weight / .bias
    check_close(lin.parameter("weight"),
                {-0.004322517663240433, 0.3097158372402191, -0.4751853346824646, -0.4248946011066437,
                 -0.2223689705133438, 0.15482072532176971},
                2e-7, 0);
    check_close(lin.parameter("bias"), {-0.011439144611358643, 0.45777493715286255}, 2e-7, 0);
}

TEST_CASE("Linear weights and bias lie within 1/sqrt(fan_in)", "[nn][init]") {
    manual_seed(3);
    nn::Linear lin(16, 32);
    const double bound = 1.0 / 4.0;
    double maxabs = 0;
    for (double v : lin.parameter("weight").to_double_vector()) maxabs = std::max(maxabs, std::fabs(v));
    for (double v : lin.parameter("bias").to_double_vector()) maxabs = std::max(maxabs, std::fabs(v));
    CHECK(maxabs <= bound);
    CHECK(maxabs > 0.9 * bound);  // 544 uniform draws come close to the bound
}

TEST_CASE("init helpers: fans, gains, xavier and kaiming bounds", "[nn][init]") {
    Tensor w = empty({6, 4, 3, 3});
    auto [fan_in, fan_out] = nn::init::calculate_fan_in_and_fan_out(w);
    CHECK(fan_in == 36);
    CHECK(fan_out == 54);
    CHECK(nn::init::calculate_gain("tanh") == Approx(5.0 / 3));
    CHECK(nn::init::calculate_gain("relu") == Approx(std::sqrt(2.0)));
    CHECK(nn::init::calculate_gain("leaky_relu") == Approx(std::sqrt(2.0 / (1 + 0.0001))));
    Tensor x = empty({20, 30});
    nn::init::xavier_uniform_(x);
    const double a = std::sqrt(6.0 / 50.0);
    for (double v : x.to_double_vector()) CHECK(std::fabs(v) <= a);
    nn::init::kaiming_uniform_(x, 0.0, "fan_in", "relu");
    const double b = std::sqrt(2.0) * std::sqrt(3.0 / 30.0);
    for (double v : x.to_double_vector()) CHECK(std::fabs(v) <= b);
    nn::init::constant_(x, 0.25);
    check_close(sum(x), {0.25 * 600}, 1e-6, 1e-6);
    CHECK_THROWS_WITH(nn::init::xavier_uniform_(w = empty({3})),
                      "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
}

TEST_CASE("Linear forward is x @ W^T + b", "[nn][modules]") {
    nn::Linear lin(3, 2, true, DType::Float64);
    Tensor x = test_input({4, 3}, 1, -1, 1, false);
    Tensor y = lin(x);
    std::vector<double> xv = x.to_double_vector(), w = lin.parameter("weight").to_double_vector(),
                        b = lin.parameter("bias").to_double_vector(), expected;
    for (int r = 0; r < 4; ++r)
        for (int o = 0; o < 2; ++o) {
            double s = b[size_t(o)];
            for (int i = 0; i < 3; ++i) s += xv[size_t(r * 3 + i)] * w[size_t(o * 3 + i)];
            expected.push_back(s);
        }
    check_close(y, expected, 1e-12, 1e-12);
    CHECK(y.requires_grad());
}

TEST_CASE("Sequential repr and named_parameters match PyTorch", "[nn][modules][repr]") {
    auto m = mlp();
    CHECK(m->repr() ==
          "Sequential(\n"
          "  (0): Linear(in_features=4, out_features=8, bias=True)\n"
          "  (1): ReLU()\n"
          "  (2): Linear(in_features=8, out_features=2, bias=True)\n"
          ")");
    CHECK(keys(m->named_parameters()) == std::vector<std::string>{"0.weight", "0.bias", "2.weight", "2.bias"});
    CHECK(m->parameters().size() == 4);
    for (const Tensor& p : m->parameters()) {
        CHECK(p.requires_grad());
        CHECK(p.is_leaf());
    }
}

TEST_CASE("nested reprs indent children and show non-default fields", "[nn][modules][repr]") {
    auto inner = std::make_shared<nn::Sequential>(std::vector<nn::ModulePtr>{
        std::make_shared<nn::Conv2d>(3, 16, std::vector<int64_t>{3}, std::vector<int64_t>{1}, std::vector<int64_t>{1}),
        std::make_shared<nn::BatchNorm2d>(16), std::make_shared<nn::GELU>()});
    nn::Sequential outer(std::vector<nn::ModulePtr>{inner, std::make_shared<nn::Dropout>(0.1)});
    CHECK(outer.repr() ==
          "Sequential(\n"
          "  (0): Sequential(\n"
          "    (0): Conv2d(3, 16, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))\n"
          "    (1): BatchNorm2d(16, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)\n"
          "    (2): GELU(approximate='none')\n"
          "  )\n"
          "  (1): Dropout(p=0.1, inplace=False)\n"
          ")");
}

TEST_CASE("leaf module reprs", "[nn][modules][repr]") {
    CHECK(nn::Conv2d(3, 16, {3, 5}, {2}, {0}, {1}, 1, false).repr() ==
          "Conv2d(3, 16, kernel_size=(3, 5), stride=(2, 2), bias=False)");
    CHECK(nn::Conv2d(4, 8, {3}, {1}, {2}, {2}, 2).repr() ==
          "Conv2d(4, 8, kernel_size=(3, 3), stride=(1, 1), padding=(2, 2), dilation=(2, 2), groups=2)");
    CHECK(nn::LayerNorm({64}).repr() == "LayerNorm((64,), eps=1e-05, elementwise_affine=True)");
    CHECK(nn::LayerNorm({2, 3}, 1e-6, false).repr() == "LayerNorm((2, 3), eps=1e-06, elementwise_affine=False)");
    CHECK(nn::BatchNorm2d(8, 1e-3, std::nullopt, false, false).repr() ==
          "BatchNorm2d(8, eps=0.001, momentum=None, affine=False, track_running_stats=False)");
    CHECK(nn::Embedding(10, 3).repr() == "Embedding(10, 3)");
    CHECK(nn::Embedding(10, 3, -1).repr() == "Embedding(10, 3, padding_idx=9)");
    CHECK(nn::GELU("tanh").repr() == "GELU(approximate='tanh')");
    CHECK(nn::Dropout().repr() == "Dropout(p=0.5, inplace=False)");
    CHECK(nn::Tanh().repr() == "Tanh()");
    CHECK(nn::Sigmoid().repr() == "Sigmoid()");
    CHECK(nn::SiLU().repr() == "SiLU()");
    CHECK(nn::Linear(2, 3, false).repr() == "Linear(in_features=2, out_features=3, bias=False)");
    CHECK(nn::Sequential().repr() == "Sequential()");
}

TEST_CASE("ModuleList repr folds runs of identical children", "[nn][modules][repr]") {
    nn::ModuleList list;
    for (int i = 0; i < 3; ++i) list.append(std::make_shared<nn::Linear>(4, 4));
    list.append(std::make_shared<nn::ReLU>());
    CHECK(list.repr() ==
          "ModuleList(\n"
          "  (0-2): 3 x Linear(in_features=4, out_features=4, bias=True)\n"
          "  (3): ReLU()\n"
          ")");
    CHECK(nn::ModuleList().repr() == "ModuleList()");
    CHECK(list.size() == 4);
    CHECK(list[-1]->type_name() == "ReLU");
    CHECK_THROWS_WITH(list.forward({zeros({1})}), "Module [ModuleList] is missing the required \"forward\" function");
}

TEST_CASE("state_dict lists parameters then buffers, module by module", "[nn][modules][state]") {
    nn::Sequential m(std::vector<nn::ModulePtr>{std::make_shared<nn::Conv2d>(1, 2, std::vector<int64_t>{3}),
                                                std::make_shared<nn::BatchNorm2d>(2)});
    nn::StateDict sd = m.state_dict();
    CHECK(keys(sd) == std::vector<std::string>{"0.weight", "0.bias", "1.weight", "1.bias", "1.running_mean",
                                               "1.running_var", "1.num_batches_tracked"});
    for (const auto& [k, t] : sd) CHECK_FALSE(t.requires_grad());
    CHECK(sd[6].second.dtype() == DType::Int64);
    CHECK(keys(m.named_buffers()) ==
          std::vector<std::string>{"1.running_mean", "1.running_var", "1.num_batches_tracked"});
    nn::Linear nobias(2, 2, false);
    CHECK(keys(nobias.state_dict()) == std::vector<std::string>{"weight"});
}

TEST_CASE("load_state_dict copies values in place", "[nn][modules][state]") {
    auto a = mlp(), b = mlp();
    Tensor w_before = b->parameter("weight");  // undefined: Sequential has no own params
    CHECK_FALSE(w_before.defined());
    Tensor target_w = b->named_parameters()[0].second;
    nn::LoadStateDictResult r = b->load_state_dict(a->state_dict());
    CHECK(r.missing_keys.empty());
    CHECK(r.unexpected_keys.empty());
    CHECK(b->named_parameters()[0].second.is_same(target_w));  // same Parameter, new values
    for (size_t i = 0; i < 4; ++i)
        check_close(b->named_parameters()[i].second, a->named_parameters()[i].second, 0, 0);
}

TEST_CASE("load_state_dict strict errors read like PyTorch's", "[nn][modules][state][errors]") {
    nn::Linear lin(3, 2);
    nn::StateDict only_weight = {{"weight", zeros({2, 3})}};
    CHECK_THROWS_WITH(lin.load_state_dict(only_weight),
                      "Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: \"bias\". ");
    nn::StateDict extra = {{"weight", zeros({2, 3})}, {"bias", zeros({2})}, {"scale", zeros({1})}};
    CHECK_THROWS_WITH(lin.load_state_dict(extra),
                      "Error(s) in loading state_dict for Linear:\n\tUnexpected key(s) in state_dict: \"scale\". ");
    nn::StateDict wrong = {{"weight", zeros({3, 3})}, {"bias", zeros({2})}};
    CHECK_THROWS_WITH(lin.load_state_dict(wrong),
                      "Error(s) in loading state_dict for Linear:\n\tsize mismatch for weight: copying a param with "
                      "shape torch.Size([3, 3]) from checkpoint, the shape in current model is torch.Size([2, 3]).");
    // Non-strict: reports instead of raising.
    nn::LoadStateDictResult r = lin.load_state_dict(nn::StateDict{{"bias", ones({2})}, {"x.y", ones({1})}}, false);
    CHECK(r.missing_keys == std::vector<std::string>{"weight"});
    CHECK(r.unexpected_keys == std::vector<std::string>{"x.y"});
    check_close(lin.parameter("bias"), {1, 1}, 0, 0);
}

TEST_CASE("shared parameters and modules are listed once", "[nn][modules]") {
    auto shared = std::make_shared<nn::Linear>(2, 2);
    nn::Sequential m(std::vector<nn::ModulePtr>{shared, std::make_shared<nn::Tanh>(), shared});
    CHECK(keys(m.named_parameters()) == std::vector<std::string>{"0.weight", "0.bias"});
    CHECK(m.modules().size() == 3);  // Sequential, Linear, Tanh
    CHECK(m.children().size() == 2);
    CHECK(keys(m.state_dict()).size() == 4);  // state_dict keeps both names
    auto named = m.named_modules();
    CHECK(named[0].first == "");
    CHECK(named[1].first == "0");
    CHECK(named[2].first == "1");
}

TEST_CASE("train() and eval() set the flag recursively, Dropout follows it", "[nn][modules]") {
    auto drop = std::make_shared<nn::Dropout>(0.5);
    nn::Sequential m(std::vector<nn::ModulePtr>{std::make_shared<nn::Linear>(2, 2), drop});
    CHECK(m.is_training());
    m.eval();
    CHECK_FALSE(m.is_training());
    CHECK_FALSE(drop->is_training());
    Tensor x = ones({3, 2});
    CHECK(drop->forward({x})[0].is_same(x));
    m.train();
    CHECK(drop->is_training());
}

TEST_CASE("zero_grad sets grads to None or zeros them", "[nn][modules]") {
    nn::Linear lin(2, 3);
    autograd::backward({sum(lin(ones({4, 2})))});
    REQUIRE(lin.parameter("weight").grad().defined());
    lin.zero_grad(false);
    check_close(lin.parameter("bias").grad(), {0, 0, 0}, 0, 0);
    lin.zero_grad();
    CHECK_FALSE(lin.parameter("weight").grad().defined());
    CHECK_FALSE(lin.parameter("bias").grad().defined());
}

TEST_CASE("to(float64) converts floating parameters and buffers in place", "[nn][modules]") {
    nn::BatchNorm2d bn(3);
    Tensor w = bn.parameter("weight");
    bn.to(DType::Float64);
    CHECK(w.dtype() == DType::Float64);
    CHECK(bn.parameter("weight").is_same(w));
    CHECK(bn.buffer("running_var").dtype() == DType::Float64);
    CHECK(bn.buffer("num_batches_tracked").dtype() == DType::Int64);
    CHECK(w.requires_grad());
    CHECK_THROWS_WITH(bn.to(DType::Int64), Catch::Contains("nn.Module.to only accepts floating point"));
}

TEST_CASE("BatchNorm2d module updates running stats and num_batches_tracked", "[nn][modules][batch_norm]") {
    nn::BatchNorm2d bn(2);
    Tensor x = to_dtype(test_input({3, 2, 2, 2}, 30, 0, 4, false), DType::Float32);
    bn(x);
    bn(x);
    CHECK(bn.buffer("num_batches_tracked").item().to_int() == 2);
    std::vector<double> xv = x.to_double_vector();
    double m0 = 0;
    for (int n = 0; n < 3; ++n)
        for (int i = 0; i < 4; ++i) m0 += xv[size_t((n * 2 + 0) * 4 + i)];
    m0 /= 12;
    // Two updates towards the same batch mean: (1 - 0.9^2) * mean.
    CHECK(bn.buffer("running_mean").to_double_vector()[0] == Approx((1 - 0.81) * m0).epsilon(1e-5));
    bn.eval();
    Tensor y = bn(x);
    CHECK(y.sizes() == x.sizes());
    CHECK(bn.buffer("num_batches_tracked").item().to_int() == 2);
    CHECK_THROWS_WITH(bn(zeros({2, 2})), "expected 4D input (got 2D input)");
}

TEST_CASE("BatchNorm with momentum=None keeps a cumulative average", "[nn][modules][batch_norm]") {
    nn::BatchNorm1d bn(1, 1e-5, std::nullopt);
    bn(tensor({1, 3}, {2, 1}));   // batch mean 2
    bn(tensor({5, 7}, {2, 1}));   // batch mean 6
    check_close(bn.buffer("running_mean"), {4.0}, 1e-6, 1e-6);
}

TEST_CASE("LayerNorm and Embedding modules", "[nn][modules]") {
    nn::LayerNorm ln({4});
    CHECK(keys(ln.named_parameters()) == std::vector<std::string>{"weight", "bias"});
    check_close(ln.parameter("weight"), {1, 1, 1, 1}, 0, 0);
    Tensor y = ln(tensor({1, 2, 3, 4}, {1, 4}));
    check_close(sum(y), {0.0}, 0, 1e-6);
    manual_seed(1);
    nn::Embedding emb(5, 3, 2);
    check_close(select(emb.parameter("weight"), 0, 2), {0, 0, 0}, 0, 0);
    Tensor e = emb(tensor({2, 4}, {2}, DType::Int64));
    CHECK(e.sizes() == Shape{2, 3});
    CHECK(e.grad_fn()->name == "EmbeddingBackward0");
    CHECK_THROWS_WITH(nn::Embedding(3, 2, 3), "Padding_idx must be within num_embeddings");
}

TEST_CASE("register_parameter keeps order and rejects bad names", "[nn][modules][errors]") {
    nn::Module m("Custom");
    m.register_parameter("b", nn::make_parameter(zeros({1})));
    m.register_parameter("a", nn::make_parameter(zeros({2})));
    m.register_buffer("buf", zeros({1}));
    m.register_parameter("b", nn::make_parameter(ones({3})));  // replaces in place
    CHECK(keys(m.named_parameters()) == std::vector<std::string>{"b", "a"});
    CHECK(m.parameter("b").numel() == 3);
    CHECK_THROWS_WITH(m.register_parameter("x.y", zeros({1})), "parameter name can't contain \".\"");
    CHECK_THROWS_WITH(m.register_parameter("buf", zeros({1})), "attribute 'buf' already exists");
    CHECK_THROWS_WITH(m.forward({}), "Module [Custom] is missing the required \"forward\" function");
    CHECK(m.repr() == "Custom()");
}

TEST_CASE("Conv2d module checks groups and runs conv2d", "[nn][modules]") {
    CHECK_THROWS_WITH(nn::Conv2d(3, 4, {3}, {1}, {0}, {1}, 2), "in_channels must be divisible by groups");
    nn::Conv2d conv(2, 4, {3}, {1}, {1});
    CHECK(conv.parameter("weight").sizes() == Shape{4, 2, 3, 3});
    Tensor y = conv(zeros({1, 2, 5, 5}));
    CHECK(y.sizes() == Shape{1, 4, 5, 5});
    // Zero input: every output is the bias of its channel.
    std::vector<double> b = conv.parameter("bias").to_double_vector(), yv = y.to_double_vector();
    CHECK(yv[0] == Approx(b[0]));
    CHECK(yv[25 * 3 + 7] == Approx(b[3]));
}

TEST_CASE("activation modules apply their functions", "[nn][modules]") {
    Tensor x = tensor({-1.0, 0.5}, {2}, DType::Float64);
    check_close(nn::ReLU()(x), {0.0, 0.5}, 0, 0);
    check_close(nn::Tanh()(x), {std::tanh(-1.0), std::tanh(0.5)}, 1e-12, 1e-12);
    check_close(nn::Sigmoid()(x), {1 / (1 + std::exp(1.0)), 1 / (1 + std::exp(-0.5))}, 1e-12, 1e-12);
    check_close(nn::SiLU()(x), {-1 / (1 + std::exp(1.0)), 0.5 / (1 + std::exp(-0.5))}, 1e-12, 1e-12);
    check_close(nn::GELU()(x), {-0.5 * (1 + std::erf(-1 / std::sqrt(2.0))), 0.25 * (1 + std::erf(0.5 / std::sqrt(2.0)))},
                1e-12, 1e-12);
}
