// The backward formulas of aten ops, as graph code: PyTorch's derivatives.yaml, for Kiln's graphs.
//
// Kiln's eager ops record their backward as C++ closures (autograd/node.h) that call the engine's
// ops directly: a tracer sitting at the Python boundary cannot see inside them. So AOT autograd
// states the formulas in terms of aten ops (builder.h), sharing with eager autograd what can be
// shared: pointwise.def's backward expressions are evaluated over graph values, the large backwards
// are graph ops running the eager nodes' kernels (ops/native_backward.h), and composites decompose
// into the ops the eager composite calls (README.md). Every formula is checked against the eager
// engine's gradients (tests/aot), which stay the oracle; tests/aot/test_aot_coverage.cpp checks
// that every op of the op table is covered or on the commented gap list.
//
// Formulas are keyed by qualified op name ("aten::mul.Tensor"); each receives the forward node
// (its inputs and outputs are joint-graph values), the gradient of each output (nullptr where none
// flows) and which inputs need one, and returns one gradient per input (nullptr for none).
#pragma once
#include <string>
#include <vector>

#include "aot/builder.h"

namespace kiln::aot {

// False for ops through which no gradient flows (comparisons, argmax, random draws, *_like...: the
// "not differentiable" rows of op_table_coverage): the joint graph gives their outputs no gradient.
bool differentiable(const graph::Node* n);
// Whether output i of a differentiable node carries a gradient (PyTorch's output_differentiability in
// derivatives.yaml: linalg_slogdet's sign does not, so it never requires grad, compiled or not).
bool differentiable_output(const graph::Node* n, size_t i);

// True when `n` has a formula (prim::ListUnpack of a split counts: split's formula handles both).
bool has_formula(const graph::Node* n);

// The gradients of n's inputs. Throws kiln::Error (NotImplementedError) naming the op and the
// argument when a formula cannot handle this use (dropout in training, matmul of 1-D operands...).
std::vector<graph::Value*> differentiate(Builder& b, const graph::Node* n, const std::vector<graph::Value*>& grad_outputs,
                                         const std::vector<bool>& needs);

// Attention on the GPU, where the fused backward kernels apply (no mask, no dropout, causal or not
// (a constant), float32 4-D operands, head dim <= 64): replaces aten::scaled_dot_product_attention node `n` of a
// joint graph's forward half by aten::_scaled_dot_product_fused_attention at the same place, whose
// second output, each query row's logsumexp, the backward then reads instead of recomputing it (the
// role of PyTorch's _scaled_dot_product_efficient_attention). Returns the node now in n's place
// (n itself when nothing changed; n is destroyed otherwise).
graph::Node* fuse_attention_forward(Builder& b, graph::Node* n);

// Composite ops (PyTorch's CompositeImplicitAutograd: cross_entropy_loss, nll_loss(_nd), l1_loss,
// group_norm, conv1d, training dropout, weighted BCE with logits): replaces forward node `n` by the
// ops it is made of, built in front of it, and returns true; false (graph unchanged) for other ops
// and for forms the decomposition does not take (then n's own formula decides).
bool decompose_composite(Builder& b, graph::Node* n);
std::vector<std::string> composite_ops();  // sorted

// How AOT autograd handles one overload of the op table. The ops that take and return tensors are
// all listed (tests/aot/test_aot_coverage.cpp fails on any without a decision, and prints the gaps):
//   "formula"         derivatives.cpp has its backward
//   "composite"       decompose_composite rebuilds it from ops with formulas
//   "functionalized"  an in-place op: functionalize.cpp makes it `functional` (whose row decides)
//   "not differentiable"  no gradient flows through it (`reason` says why)
//   "gap"             differentiable, no formula yet (`reason` says why): compiled training with it
//                     runs on the FX graph interpreter, said on stderr
//   "missing"         differentiable and on no list: a bug the test reports
struct OpCoverage {
    std::string op;
    std::string how;
    std::string reason;
    std::string functional;  // for "functionalized"
};
std::vector<OpCoverage> op_table_coverage();
// Names on the non-differentiable and gap lists that the op table does not have, or that also have
// a formula (the lists must stay true).
std::vector<std::string> stale_coverage_entries();
// An op registered at run time with no graph formula (bindings/jit_python_ops.cpp: kernels that run
// Kiln's Python torch.nn.functional): a gap row of op_table_coverage, with `reason`.
void declare_runtime_gap(const std::string& op, const std::string& reason);

// The ops with formulas, sorted (docs, the playground, a test that each one is exercised).
std::vector<std::string> differentiable_ops();

}  // namespace kiln::aot
