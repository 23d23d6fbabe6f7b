// torch.nn.init: the initialisers modules use for their parameters.
//
// Each works in place under no-grad and draws from the global generator in the same order and with
// the same bounds (computed in double, as Python does) as PyTorch, so torch.manual_seed(0) followed
// by nn.Linear(3, 2) gives PyTorch's exact weights.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tensor/tensor.h"

namespace kiln::nn::init {

// (fan_in, fan_out): size(1) * receptive field, size(0) * receptive field.
// "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions".
std::pair<int64_t, int64_t> calculate_fan_in_and_fan_out(const Tensor& t);
// The recommended gain for a nonlinearity: linear/conv/sigmoid 1, tanh 5/3, relu sqrt(2),
// leaky_relu sqrt(2 / (1 + slope^2)) (slope 0.01 by default), selu 3/4.
double calculate_gain(const std::string& nonlinearity, std::optional<double> param = std::nullopt);

Tensor& uniform_(Tensor& t, double a = 0.0, double b = 1.0);
Tensor& normal_(Tensor& t, double mean = 0.0, double std = 1.0);
Tensor& constant_(Tensor& t, double value);
Tensor& zeros_(Tensor& t);
Tensor& ones_(Tensor& t);
// U(-bound, bound) with bound = gain * sqrt(3 / fan) (mode "fan_in" or "fan_out").
Tensor& kaiming_uniform_(Tensor& t, double a = 0.0, const std::string& mode = "fan_in",
                         const std::string& nonlinearity = "leaky_relu");
Tensor& kaiming_normal_(Tensor& t, double a = 0.0, const std::string& mode = "fan_in",
                        const std::string& nonlinearity = "leaky_relu");
// U(-a, a) with a = gain * sqrt(6 / (fan_in + fan_out)).
Tensor& xavier_uniform_(Tensor& t, double gain = 1.0);
Tensor& xavier_normal_(Tensor& t, double gain = 1.0);

// ---- construction under a TorchFunctionMode -----------------------------------------------------
// PyTorch's built-in layers are Python: their __init__ makes each parameter with torch.empty (zeros /
// ones for BatchNorm's buffers) and fills it with torch.nn.init functions, and a TorchFunctionMode on
// the stack sees every one of those calls (lit-llama's EmptyInitOnDevice gives the factories its dtype
// and skips the init calls; torchtune-style modes put parameters on the meta device). Kiln's layers are
// C++, so while a mode is active the bindings install ConstructionHooks (bindings/fx.cpp) around a
// layer's construction: the factories and the initialisers below hand their work to the program's own
// torch functions, which dispatch to the mode as PyTorch's Python layers' calls do. Without hooks
// (the normal case) nothing changes. The hooks are suspended while one of their calls runs, so the
// native initialiser a mode's handler calls back into computes instead of re-entering the mode.
using InitArg = std::variant<std::monostate, double, std::string>;  // None, a number, a string
using InitKwargs = std::vector<std::pair<const char*, InitArg>>;
class ConstructionHooks {
public:
    virtual ~ConstructionHooks() = default;
    // torch.<factory>(shape, dtype=dtype, device=None): "empty", "zeros" or "ones"; "tensor" is
    // torch.tensor(0, dtype=dtype, device=None) (BatchNorm's num_batches_tracked).
    virtual Tensor factory(const char* name, const Shape& shape, std::optional<DType> dtype) = 0;
    // torch.nn.init.<fn>(tensor=t, **kwargs) as PyTorch's handle_torch_function passes it.
    virtual void init(const char* fn, const Tensor& t, const InitKwargs& kwargs) = 0;
    // t.<method>(*args, **kwargs) under no_grad (the Tensor calls of the initialisers that have no
    // torch-function entry of their own: ones_'s fill_, zeros_'s zero_, xavier's uniform_ / normal_).
    virtual void method(const char* name, const Tensor& t, const std::vector<InitArg>& args,
                        const InitKwargs& kwargs) = 0;
};
// The hooks in force (nullptr when none are installed or while one of their calls runs).
ConstructionHooks* construction_hooks();
class ConstructionHooksScope {
public:
    explicit ConstructionHooksScope(ConstructionHooks* h);
    ~ConstructionHooksScope();
    ConstructionHooksScope(const ConstructionHooksScope&) = delete;
    ConstructionHooksScope& operator=(const ConstructionHooksScope&) = delete;

private:
    ConstructionHooks* prev_;
};
// The factories the layers make their parameters and buffers with: the hooks' when installed.
Tensor factory(const char* name, const Shape& shape, std::optional<DType> dtype);

}  // namespace kiln::nn::init
