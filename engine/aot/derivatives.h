// The backward formulas of aten ops, as graph code: PyTorch's derivatives.yaml, for Kiln's graphs.
//
// Kiln's eager ops record their backward as C++ closures (autograd/node.h) that call the engine's
// ops directly: a tracer sitting at the Python boundary cannot see inside them. So AOT autograd
// writes the same formulas a second time, in terms of aten ops (builder.h), exactly as PyTorch
// keeps its formulas in a table (tools/autograd/derivatives.yaml) that both its eager autograd and
// AOTAutograd's joint trace read. The two copies are held together by tests: every formula here is
// checked against the eager engine's gradients (tests/aot), which stay the oracle.
//
// Formulas are keyed by qualified op name ("aten::mul.Tensor"); each receives the forward node
// (its inputs and outputs are joint-graph values), the gradient of each output (nullptr where none
// flows) and which inputs need one, and returns one gradient per input (nullptr for none).
#pragma once
#include <string>
#include <vector>

#include "aot/builder.h"

namespace kiln::aot {

// True when `n` has a formula (prim::ListUnpack of a split counts: split's formula handles both).
bool has_formula(const graph::Node* n);

// The gradients of n's inputs. Throws kiln::Error (NotImplementedError) naming the op and the
// argument when a formula cannot handle this use (dropout in training, matmul of 1-D operands...).
std::vector<graph::Value*> differentiate(Builder& b, const graph::Node* n, const std::vector<graph::Value*>& grad_outputs,
                                         const std::vector<bool>& needs);

// Attention on the GPU, where the fused backward kernels apply (no mask, no dropout, not causal,
// float32 4-D operands, head dim <= 64): replaces aten::scaled_dot_product_attention node `n` of a
// joint graph's forward half by aten::_scaled_dot_product_fused_attention at the same place, whose
// second output, each query row's logsumexp, the backward then reads instead of recomputing it (the
// role of PyTorch's _scaled_dot_product_efficient_attention). Returns the node now in n's place
// (n itself when nothing changed; n is destroyed otherwise).
graph::Node* fuse_attention_forward(Builder& b, graph::Node* n);

// The ops with formulas, sorted (docs, the playground, a test that each one is exercised).
std::vector<std::string> differentiable_ops();

}  // namespace kiln::aot
