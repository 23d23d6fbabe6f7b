// Graph-to-graph passes over the TorchScript-style IR: what torch.jit.freeze and
// torch.jit.optimize_for_inference run on a scripted module's forward graph.
//
// Each pass edits a Graph in place, keeps it valid for graph::verify, and reports whether it
// changed anything, so a driver can repeat a group of passes until nothing changes (PyTorch's
// frozen-graph optimizer loops the conv folds that way). The pipeline, in the order freeze runs it:
//
//   inline_method_calls      prim::CallMethod on self or a submodule  ->  the callee's nodes
//   freeze_attributes        prim::GetAttr of a parameter/attribute   ->  prim::Constant
//   propagate_constants      an op whose inputs are all constants     ->  its result as a constant;
//                            prim::If on a constant condition         ->  the taken block's nodes
//   remove_dropout           aten::dropout(x, p, train=False)         ->  x
//   fold_conv_batch_norm     batch_norm(conv(x, W, b)) in eval mode   ->  conv(x, W', b')
//   fold_conv_arithmetic     conv(x, W, b) +-*/ per-channel constant  ->  conv(x, W', b')
//   eliminate_dead_code      nodes whose results nobody reads, without side effects -> gone
//
// The arithmetic of the folds is PyTorch's (graph/passes/fold_conv.cpp says how), so a frozen
// module computes what the module computed, up to float rounding of the folded weights.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "graph/ir.h"

namespace kiln::graph {

// ---- dead_code.cpp ----
// Does running `n` do anything besides producing its outputs (printing, raising, writing an
// argument or an attribute, calling out of the graph)? Such nodes are never removed or folded.
bool has_side_effects(const Node* n);
// Removes, last to first and inside blocks too, every node whose outputs are unused and that has
// no side effects (an If/Loop whose blocks have none counts as pure). The graph's inputs stay.
bool eliminate_dead_code(Graph& g);

// ---- constant_propagation.cpp ----
// Ops that must not run at compile time even with constant inputs: random ops, uninitialised
// memory (aten::empty) and dropout with train=True.
bool is_nondeterministic(const Node* n);
// Folds operator nodes (and prim::ListConstruct/TupleConstruct, prim::dtype/device, aten::Bool...)
// whose inputs are all prim::Constant into constants, and replaces a prim::If whose condition is
// constant by the nodes of the block it would run. Lists that some op writes are not folded.
bool propagate_constants(Graph& g);
// PyTorch's ConstantPropagationImmutableTypes, the script compiler's cleanup: folds only nodes
// whose inputs and outputs are all immutable (int, float, bool, str, None, device, tuples of them:
// `float("-inf")`, `2 * 3`), inlines Ifs on constant conditions, and drops the If outputs both
// blocks give as one value (or equal constants) and the loop-carried values a body leaves unchanged
// (removeExtraIfOutputs / removeExtraLoopOutputs). One sweep, then dead code elimination if it
// changed anything, as PyTorch runs it.
bool propagate_immutable_constants(Graph& g);
// Could an op write the memory of `v`, or of a value derived from it (a view, a list holding it)?
// Conservative: any derived value counts, as does a value returned from the graph or passed to
// a call. Folding and freezing leave such values alone.
bool may_be_mutated(const Value* v);
// A prim::Constant holding `v`, placed just before `at`, typed from the value, named `debug_name`.
Value* insert_constant_before(Node* at, const IValue& v, const std::string& debug_name = "");

// ---- lower_tuples.cpp ----
// PyTorch's LowerSimpleTuples: the readers of a prim::TupleUnpack output, or of a prim::TupleIndex
// with a constant index, of a prim::TupleConstruct read the construct's input instead (the tuple
// nodes are left for eliminate_dead_code).
bool lower_simple_tuples(Graph& g);

// ---- canonicalize_loops.cpp ----
// PyTorch's CanonicalizeModifiedLoops: a prim::Loop with a trip count whose body changes its
// condition (break, or a return inside the loop) becomes a while loop (trip count INT64_MAX) that
// carries its own counter and tests it against the old trip count.
void canonicalize_modified_loops(Graph& g);

// ---- constant_pooling.cpp ----
// PyTorch's ConstantPooling: each prim::Constant (inside blocks too) moves to the top of the graph,
// in reverse order of first appearance, and equal non-tensor constants merge into the first one.
bool pool_constants(Graph& g);

// ---- remove_dropout.cpp ----
// aten::dropout / aten::dropout_ / aten::feature_dropout with a constant train=False: the output is
// the input (what eval-mode dropout computes).
bool remove_dropout(Graph& g);

// ---- fold_conv.cpp ----
// aten::conv1d/conv2d with constant weight (and bias or None) followed by an eval-mode
// aten::batch_norm with constant parameters and statistics, the conv's only user: one conv whose
// constants are the folded weight and bias (named <weight>_fused_bn, as PyTorch names them).
bool fold_conv_batch_norm(Graph& g);
// conv followed by aten::add/sub (a per-channel constant goes into the bias) or aten::mul/div (it
// scales weight and bias), when the constant is a number or a tensor shaped [1, C, 1, 1] (or with
// only ones), and the conv's output has no other user.
bool fold_conv_arithmetic(Graph& g);

// ---- freeze.cpp ----
// The graph of a method of an object (a scripted module's class method), input 0 being self; nullptr
// when the method cannot be inlined (an @torch.jit.ignore'd Python method).
using MethodGraphLookup = std::function<std::shared_ptr<const Graph>(const Object& self, const std::string& method)>;

// Replaces each prim::CallMethod whose receiver is self or a submodule reached by prim::GetAttr from
// self by the callee's nodes, repeatedly, until no such call is left. `self` is graph input 0.
bool inline_method_calls(Graph& g, const std::shared_ptr<Object>& self, const MethodGraphLookup& lookup);

// Turns prim::GetAttr reads of self's (and its submodules') attributes into prim::Constant nodes
// holding a copy of the value (tensors detached and cloned). Kept as reads: attributes named in
// `preserved` (top-level names), attributes some prim::SetAttr writes, tensors an op writes in
// place, mutable lists and dicts, and submodule objects (which become dead once their reads are).
bool freeze_attributes(Graph& g, const std::shared_ptr<Object>& self, const std::vector<std::string>& preserved);

// torch.jit.freeze on a module's forward graph: a copy with method calls inlined, attributes frozen,
// and the frozen-graph optimizations (constant propagation, dropout removal, the conv folds, dead
// code elimination) run until nothing changes. The result is verified.
std::unique_ptr<Graph> freeze_graph(const Graph& forward, const std::shared_ptr<Object>& self,
                                    const MethodGraphLookup& lookup, const std::vector<std::string>& preserved);

// The folding passes alone, repeated until nothing changes (optimize_for_inference after freezing).
// Returns whether anything changed.
bool optimize_frozen_graph(Graph& g);

}  // namespace kiln::graph
