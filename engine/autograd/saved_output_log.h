// The outputs autograd saves for backward, logged for the TorchDispatchMode that ran the op.
//
// PyTorch's SavedVariable keeps a node's own (non-leaf) output as `tensor_data()`, a shallow detached
// copy; under a TorchDispatchMode (the Python dispatch key) that copy is made by dispatching
// aten.detach.default, so a logging mode sees `aten.detach.default(result)` right after each op
// whose backward saves its result (relu, sigmoid, tanh, exp, softmax, ...). Kiln's autograd sits
// below the binding layer that hands calls to modes, so SavedTensor::output appends each saved
// output to the log installed here, and bindings/torch_dispatch.cpp dispatches one aten.detach per
// entry once the outermost mode's handler for the op has returned (where PyTorch's autograd layer
// would make it: above every mode).
#pragma once
#include <vector>

#include "tensor/tensor.h"

namespace kiln::autograd {

// The log of the innermost running dispatch-mode call on this thread, or null (nothing is logged).
std::vector<Tensor>*& saved_output_log();

}  // namespace kiln::autograd
