// torch.nn.init (see init.h). The bound arithmetic mirrors torch/nn/init.py line by line so the
// doubles handed to uniform_/normal_ are the ones Python computes.
#include "nn/init.h"

#include <cmath>

#include "autograd/grad_mode.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::nn::init {

std::pair<int64_t, int64_t> calculate_fan_in_and_fan_out(const Tensor& t) {
    KILN_CHECK(t.dim() >= 2, ValueError,
               "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
    int64_t receptive = 1;
    for (int64_t d = 2; d < t.dim(); ++d) receptive *= t.size(d);
    return {t.size(1) * receptive, t.size(0) * receptive};
}

double calculate_gain(const std::string& nonlinearity, std::optional<double> param) {
    if (nonlinearity == "linear" || nonlinearity == "conv1d" || nonlinearity == "conv2d" ||
        nonlinearity == "conv3d" || nonlinearity == "conv_transpose1d" || nonlinearity == "conv_transpose2d" ||
        nonlinearity == "conv_transpose3d" || nonlinearity == "sigmoid")
        return 1.0;
    if (nonlinearity == "tanh") return 5.0 / 3;
    if (nonlinearity == "relu") return std::sqrt(2.0);
    if (nonlinearity == "leaky_relu") {
        const double slope = param.value_or(0.01);
        return std::sqrt(2.0 / (1 + slope * slope));
    }
    if (nonlinearity == "selu") return 3.0 / 4;
    KILN_FAIL(ValueError, "Unsupported nonlinearity ", nonlinearity);
}

namespace {
thread_local ConstructionHooks* g_hooks = nullptr;
}  // namespace

ConstructionHooks* construction_hooks() { return g_hooks; }
ConstructionHooksScope::ConstructionHooksScope(ConstructionHooks* h) : prev_(g_hooks) { g_hooks = h; }
ConstructionHooksScope::~ConstructionHooksScope() { g_hooks = prev_; }

Tensor factory(const char* name, const Shape& shape, std::optional<DType> dtype) {
    if (ConstructionHooks* h = g_hooks) {
        ConstructionHooksScope suspended(nullptr);
        return h->factory(name, shape, dtype);
    }
    const std::string n = name;
    if (n == "zeros") return zeros(shape, {dtype});
    if (n == "ones") return ones(shape, {dtype});
    if (n == "tensor") return zeros({}, {dtype});
    return empty(shape, {dtype});
}

namespace {
// Runs `f(hooks)` with the hooks suspended and returns true when hooks are installed.
template <class F>
bool hooked(F f) {
    ConstructionHooks* h = g_hooks;
    if (!h) return false;
    ConstructionHooksScope suspended(nullptr);
    f(*h);
    return true;
}

int64_t fan_for(const Tensor& t, const std::string& mode) {
    KILN_CHECK(mode == "fan_in" || mode == "fan_out", ValueError, "Mode ", mode,
               " not supported, please use one of fan_in, fan_out");
    auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
    return mode == "fan_in" ? fan_in : fan_out;
}
}  // namespace

Tensor& uniform_(Tensor& t, double a, double b) {
    if (hooked([&](ConstructionHooks& h) { h.init("uniform_", t, {{"a", a}, {"b", b}, {"generator", {}}}); })) return t;
    autograd::NoGradGuard no_grad;
    return kiln::uniform_(t, a, b);
}

Tensor& normal_(Tensor& t, double mean, double std) {
    if (hooked([&](ConstructionHooks& h) { h.init("normal_", t, {{"mean", mean}, {"std", std}, {"generator", {}}}); }))
        return t;
    autograd::NoGradGuard no_grad;
    return kiln::normal_(t, mean, std);
}

Tensor& constant_(Tensor& t, double value) {
    if (hooked([&](ConstructionHooks& h) { h.init("constant_", t, {{"val", value}}); })) return t;
    autograd::NoGradGuard no_grad;
    Tensor src = scalar_tensor(Scalar(value), t.dtype());
    return copy_(t, src);
}

// PyTorch's zeros_ / ones_ have no torch-function entry: a mode sees their tensor.zero_() / fill_(1.0).
Tensor& zeros_(Tensor& t) {
    if (hooked([&](ConstructionHooks& h) { h.method("zero_", t, {}, {}); })) return t;
    return constant_(t, 0.0);
}
Tensor& ones_(Tensor& t) {
    if (hooked([&](ConstructionHooks& h) { h.method("fill_", t, {1.0}, {}); })) return t;
    return constant_(t, 1.0);
}

Tensor& kaiming_uniform_(Tensor& t, double a, const std::string& mode, const std::string& nonlinearity) {
    if (hooked([&](ConstructionHooks& h) {
            h.init("kaiming_uniform_", t,
                   {{"a", a}, {"mode", mode}, {"nonlinearity", nonlinearity}, {"generator", {}}});
        }))
        return t;
    if (t.numel() == 0) return t;  // PyTorch warns "Initializing zero-element tensors is a no-op"
    const int64_t fan = fan_for(t, mode);
    const double gain = calculate_gain(nonlinearity, a);
    const double std = gain / std::sqrt(double(fan));
    const double bound = std::sqrt(3.0) * std;
    return init::uniform_(t, -bound, bound);
}

Tensor& kaiming_normal_(Tensor& t, double a, const std::string& mode, const std::string& nonlinearity) {
    if (t.numel() == 0) return t;
    const int64_t fan = fan_for(t, mode);
    const double gain = calculate_gain(nonlinearity, a);
    const double std = gain / std::sqrt(double(fan));
    if (hooked([&](ConstructionHooks& h) { h.method("normal_", t, {0.0, std}, {{"generator", {}}}); })) return t;
    return init::normal_(t, 0.0, std);
}

Tensor& xavier_uniform_(Tensor& t, double gain) {
    auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
    const double std = gain * std::sqrt(2.0 / double(fan_in + fan_out));
    const double a = std::sqrt(3.0) * std;
    if (hooked([&](ConstructionHooks& h) { h.method("uniform_", t, {-a, a}, {{"generator", {}}}); })) return t;
    return init::uniform_(t, -a, a);
}

Tensor& xavier_normal_(Tensor& t, double gain) {
    auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
    const double std = gain * std::sqrt(2.0 / double(fan_in + fan_out));
    if (hooked([&](ConstructionHooks& h) { h.method("normal_", t, {0.0, std}, {{"generator", {}}}); })) return t;
    return init::normal_(t, 0.0, std);
}

}  // namespace kiln::nn::init
