// torch.nn.init: the initialisers modules use for their parameters.
//
// Each works in place under no-grad and draws from the global generator in the same order and with
// the same bounds (computed in double, as Python does) as PyTorch, so torch.manual_seed(0) followed
// by nn.Linear(3, 2) gives PyTorch's exact weights.
#pragma once
#include <optional>
#include <string>
#include <utility>

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

}  // namespace kiln::nn::init
