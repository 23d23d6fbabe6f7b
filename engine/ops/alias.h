// alias(t): ATen's Tensor.alias(), a view with t's sizes, strides and offset (AliasBackward0 when it
// needs grad). Tensor.as_subclass and the default __torch_function__'s re-wrap make their subclass
// instances from it; movedim of a 0-d tensor returns it. Defined in views.cpp.
#pragma once

#include "tensor/tensor.h"

namespace kiln {
Tensor alias(const Tensor& t);
}
