// An activation applied in place by an op that has no in-place kernel (F.leaky_relu(x, inplace=True),
// nn.ELU(inplace=True), ...): PyTorch runs leaky_relu_ / elu_ / hardtanh_, which write into the input
// and move its history onto the result (a leaf that requires grad is refused). The op runs on a copy
// of the input's old value carrying its history (autograd::inplace_source), the result is written
// into the input and the input's history rebased onto it. Defined in bindings/nn.cpp; the functional
// and module bindings share it.
#pragma once
#include "support/function.h"
#include "tensor/tensor.h"

namespace kiln::vm::bind {

// Writes f(input) into input as described above; returns input.
Tensor activation_inplace(const Tensor& input, const kiln::Function<Tensor(const Tensor&)>& f);

}  // namespace kiln::vm::bind
