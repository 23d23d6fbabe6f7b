// DynamicQuantizedLinear (see quantized_linear.h): quantize the weight once, run the int8 kernel on
// every call.
#include "nn/quantized_linear.h"

#include "ops/ops.h"
#include "support/error.h"

namespace kiln::nn {

DynamicQuantizedLinear::DynamicQuantizedLinear(const Tensor& weight, const Tensor& bias)
    : Module("DynamicQuantizedLinear"), weight_(quantize_weight_qint8(weight)) {
    if (bias.defined()) bias_ = contiguous(to_dtype(bias.detach(), DType::Float32, true));
}

std::vector<Tensor> DynamicQuantizedLinear::forward(const std::vector<Tensor>& inputs) {
    KILN_CHECK(inputs.size() == 1, TypeError, "DynamicQuantizedLinear.forward() takes 1 input but ", inputs.size(),
               " were given");
    return {quantized_linear_dynamic(inputs[0], weight_, bias_)};
}

std::string DynamicQuantizedLinear::extra_repr() const {
    return str("in_features=", weight_.in_features, ", out_features=", weight_.out_features,
               ", dtype=torch.qint8, qscheme=torch.per_tensor_affine");
}

}  // namespace kiln::nn
