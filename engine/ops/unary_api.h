// The `inplace` column of ops/pointwise.def's KILN_UNARY_FN rows: which Python forms a row's op
// has besides Tensor.name and aten::name. Declared once here for the three readers that expand the
// rows into bindings and graph ops (bindings/tensor.cpp, bindings/torch_module.cpp,
// graph/optable/pointwise.cpp); a row naming anything else fails their build.
#pragma once

namespace kiln {

enum class UnaryApi {
    FN_INPLACE,      // native_functions.yaml's in-place form has `variants: function, method`: torch.sin_ exists
    METHOD_INPLACE,  // only the method Tensor.name_ exists
    SPECIAL,         // a torch.special function (row special_NAME): no method, torch/special.py names it
};

}  // namespace kiln
