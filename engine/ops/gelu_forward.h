// gelu with its forward values supplied by the caller: ops/activation.cpp's gelu_cpu writes oneDNN's
// erf form straight into the output (one pass) while gelu (ops/pointwise.cpp) keeps the argument
// checks and the GeluBackward0 record. Kept out of ops.h: only these two files use it.
//
// defines: gelu_with_forward
#pragma once
#include <functional>
#include <string>

#include "tensor/tensor.h"

namespace kiln {

// `forward(x, out)` returns true after allocating `out` and filling it with the erf-form values, or
// false to leave them to gelu's generic kernel (the tanh form always uses the generic kernel).
Tensor gelu_with_forward(const Tensor& x, const std::string& approximate,
                         const std::function<bool(const Tensor& x, Tensor& out)>& forward);

}  // namespace kiln
