// lstm_layer (ops/rnn.cpp), the one-op LSTM layer nn.LSTM runs on CUDA: its outputs against the cell
// written with ops (linear, chunk, sigmoid, tanh) in float64, forward and reverse, with and without
// the hidden bias; float64 finite-difference gradchecks of every input; the create_graph rule (a
// double backward through it raises cuDNN's message); shape errors.
#include "autograd/grad_mode.h"
#include "ops/rnn.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;

// Distinct deterministic inputs: each call draws from the next seed.
Tensor inp(const Shape& shape, bool requires_grad = true) {
    static uint32_t seed = 100;
    return test_input(shape, ++seed, -1.0, 1.0, requires_grad);
}

// The layer as the composite cell of nn.LSTM on the CPU.
std::tuple<Tensor, Tensor, Tensor> reference(const Tensor& xw, Tensor h, Tensor c, const Tensor& w, const Tensor& b,
                                             bool reverse) {
    const int64_t T = xw.size(0);
    std::vector<Tensor> outs(static_cast<size_t>(T));
    for (int64_t s = 0; s < T; ++s) {
        const int64_t t = reverse ? T - 1 - s : s;
        Tensor gates = add(select(xw, 0, t), b.defined() ? addmm(b, h, kiln::t(w)) : mm(h, kiln::t(w)));
        std::vector<Tensor> q = chunk(gates, 4, 1);
        Tensor i = sigmoid(q[0]), f = sigmoid(q[1]), g = tanh(q[2]), o = sigmoid(q[3]);
        c = add(mul(f, c), mul(i, g));
        h = mul(o, tanh(c));
        outs[size_t(t)] = h;
    }
    return {stack(outs, 0), h, c};
}

Tensor flat_all(const std::tuple<Tensor, Tensor, Tensor>& r) {
    return cat({reshape(std::get<0>(r), {-1}), reshape(std::get<1>(r), {-1}), reshape(std::get<2>(r), {-1})}, 0);
}
}  // namespace

TEST_CASE("lstm_layer: forward equals the cell written with ops", "[rnn]") {
    const int64_t T = 5, B = 3, H = 4;
    for (bool reverse : {false, true})
        for (bool bias : {false, true}) {
            Tensor xw = inp({T, B, 4 * H}, false), h0 = inp({B, H}, false), c0 = inp({B, H}, false);
            Tensor w = inp({4 * H, H}, false), b = bias ? inp({4 * H}, false) : Tensor();
            auto got = lstm_layer(xw, h0, c0, w, b, reverse);
            auto want = reference(xw, h0, c0, w, b, reverse);
            check_close(std::get<0>(got), std::get<0>(want).to_double_vector(), 1e-12);
            check_close(std::get<1>(got), std::get<1>(want).to_double_vector(), 1e-12);
            check_close(std::get<2>(got), std::get<2>(want).to_double_vector(), 1e-12);
        }
    // float32 too (the CPU layer's other dtype), against the float64 result
    Tensor xw = inp({T, B, 4 * H}, false), h0 = inp({B, H}, false), c0 = inp({B, H}, false), w = inp({4 * H, H}, false);
    auto want = reference(xw, h0, c0, w, Tensor(), false);
    auto got = lstm_layer(to_dtype(xw, DType::Float32), to_dtype(h0, DType::Float32), to_dtype(c0, DType::Float32),
                          to_dtype(w, DType::Float32), Tensor(), false);
    check_close(std::get<0>(got), std::get<0>(want).to_double_vector(), 1e-5);
}

TEST_CASE("lstm_layer: gradients of every input pass gradcheck", "[rnn][autograd]") {
    const int64_t T = 4, B = 2, H = 3;
    for (bool reverse : {false, true}) {
        Ins x = {inp({T, B, 4 * H}), inp({B, H}), inp({B, H}),
                 inp({4 * H, H}), inp({4 * H})};
        CHECK(gradcheck([&](const Ins& v) { return flat_all(lstm_layer(v[0], v[1], v[2], v[3], v[4], reverse)); }, x));
        // only the output used: h_T's and c_T's gradients arrive undefined
        CHECK(gradcheck([&](const Ins& v) { return std::get<0>(lstm_layer(v[0], v[1], v[2], v[3], v[4], reverse)); }, x));
        CHECK(gradcheck([&](const Ins& v) { return std::get<2>(lstm_layer(v[0], v[1], v[2], v[3], v[4], reverse)); }, x));
    }
    Ins x = {inp({T, B, 4 * H}), inp({B, H}), inp({B, H}), inp({4 * H, H})};
    auto r = lstm_layer(x[0], x[1], x[2], x[3], Tensor(), false);
    CHECK(std::get<0>(r).grad_fn()->name == "CudnnRnnBackward0");
}

TEST_CASE("lstm_layer: a double backward through it raises as cuDNN's does", "[rnn][autograd]") {
    const int64_t T = 3, B = 2, H = 2;
    Tensor xw = inp({T, B, 4 * H}), h0 = inp({B, H}, false), c0 = inp({B, H}, false);
    Tensor w = inp({4 * H, H});
    Tensor y = sum(std::get<0>(lstm_layer(xw, h0, c0, w, Tensor(), false)));
    std::vector<Tensor> g = autograd::grad({y}, {w}, {}, false, true);
    REQUIRE(g[0].requires_grad());
    try {
        autograd::backward({sum(g[0])});
        FAIL("double backward did not raise");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("the derivative for '_cudnn_rnn_backward' is not implemented.") != std::string::npos);
    }
}

TEST_CASE("lstm_layer: operands of the wrong shape are refused", "[rnn]") {
    Tensor xw = inp({2, 3, 8}, false), h0 = inp({3, 2}, false), c0 = inp({3, 2}, false), w = inp({8, 2}, false);
    CHECK_THROWS_WITH(lstm_layer(xw, inp({3, 3}, false), c0, w, Tensor(), false),
                      Catch::Contains("h0 must have shape [3, 2]"));
    CHECK_THROWS_WITH(lstm_layer(xw, h0, c0, inp({8, 3}, false), Tensor(), false),
                      Catch::Contains("weight_hh must have shape [8, 2]"));
    CHECK_THROWS_WITH(lstm_layer(inp({2, 3, 7}, false), h0, c0, w, Tensor(), false),
                      Catch::Contains("(T, B, 4*hidden_size)"));
}
