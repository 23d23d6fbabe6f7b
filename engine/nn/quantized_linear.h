// DynamicQuantizedLinear: the module torch.ao.quantization.quantize_dynamic puts where an nn.Linear
// was (torch.ao.nn.quantized.dynamic.Linear in PyTorch), with int8 weights and float activations
// quantized on every call (ops/quantized.h has the arithmetic).
//
// It is made from a float Linear: the weight is quantized once (symmetric per-tensor qint8) and the
// float bias kept. It has no parameters: the int8 weight is not a tensor Kiln can hold (Kiln has no
// quantized dtypes), so parameters(), state_dict() and autograd see nothing, as a PyTorch dynamic
// Linear's packed weight is invisible to them too. It prints as PyTorch prints it:
//   DynamicQuantizedLinear(in_features=4, out_features=4, dtype=torch.qint8, qscheme=torch.per_tensor_affine)
#pragma once
#include "nn/module.h"
#include "ops/quantized.h"

namespace kiln::nn {

class DynamicQuantizedLinear : public Module {
public:
    // From a float Linear's weight (out x in) and bias (undefined when the Linear has none).
    DynamicQuantizedLinear(const Tensor& weight, const Tensor& bias);
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;

    const QuantizedWeight& weight() const { return weight_; }
    const Tensor& bias() const { return bias_; }
    int64_t in_features() const { return weight_.in_features; }
    int64_t out_features() const { return weight_.out_features; }

private:
    QuantizedWeight weight_;
    Tensor bias_;  // float32, detached
};

}  // namespace kiln::nn
