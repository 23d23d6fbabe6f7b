// PyTorch's check_inplace over all of an in-place op's inputs (VariableTypeUtils.h): the write is
// tracked by autograd when grad mode is on and the written tensor or any other operand requires
// grad, and only then are handle_view_on_rebase's view checks and the leaf checks applied. So a
// view made in no_grad mode of a plain tensor may be changed in place with a plain tensor, but not
// with one that requires grad (`v.copy_(w)`, `v[1] = w`). node.h's one-argument check_inplace(x)
// is this with no other operands; copy_, item assignment, graph/optable's inplace_via and the
// Python-implemented in-place methods pass theirs (ops/pointwise.cpp's native add_/mul_/... do not
// yet). A header of its own, so that node.h, included by most of the engine, stays as it is.
#pragma once
#include <vector>

#include "tensor/tensor.h"

namespace kiln::autograd {

void check_inplace(const Tensor& x, const std::vector<Tensor>& others);

}  // namespace kiln::autograd
