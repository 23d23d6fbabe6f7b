// tensor_repr(t, prefix): Tensor::repr() (print.cpp) with another prefix than "tensor(": a tensor
// subclass instance prints as "MyTensor([1., 2.])", rows indented by the prefix's width.
#pragma once

#include <string>

#include "tensor/tensor.h"

namespace kiln {
std::string tensor_repr(const Tensor& t, const std::string& prefix);
}
