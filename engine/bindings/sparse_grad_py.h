// A sparse COO gradient (autograd/sparse_grad.h) as Python sees it: torch.sparse's SparseCOOTensor
// (stdlib/torch/sparse/__init__.py) built from its parts for the .grad property, and one such object
// turned back into the engine's stand-in when a program assigns it to .grad.
#pragma once

#include "tensor/tensor.h"
#include "vm/interpreter.h"

namespace kiln::vm::bind {

// The SparseCOOTensor for a sparse gradient.
Value sparse_grad_to_python(Interpreter& in, const Tensor& g);
// Whether v is a torch.sparse SparseCOOTensor.
bool is_python_sparse_coo(const Value& v);
// The engine's sparse gradient for a SparseCOOTensor of one sparse dimension (the layout gradients have).
Tensor sparse_grad_from_python(Interpreter& in, const Value& v);

}  // namespace kiln::vm::bind
