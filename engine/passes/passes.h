// The graph passes of Kiln's Inductor-style back end, one function per pass, over the aten-level
// graph the back end receives (a traced graph::Graph of aten:: nodes with complete tensor types).
//
// Each pass edits the graph in place, keeps it valid for graph::verify, keeps every tensor value's
// complete type (sizes, strides, dtype) so later stages can read them, and returns whether it
// changed anything. pipeline.h runs them in order; tests call them one at a time. The scheduler,
// fusion, memory planning and lowering that follow these passes live in files of their own
// (engine/passes/schedule*.cpp and friends).
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "graph/ir.h"

namespace kiln::passes {

// ---- print.cpp ----
// The graph as PyTorch prints a post-grad FX graph (GraphModule.print_readable without the class
// line): `def forward(self, arg0_1: "f32[8, 16][16, 1]cpu"):`, one line per op
// (`add: "f32[8, 16][16, 1]cpu" = torch.ops.aten.add.Tensor(arg0_1, arg1_1);  arg0_1 = None`),
// constants and constant lists inline as Python literals, `return (relu,)`. Deterministic: names
// depend only on the graph's structure.
std::string print_aten_graph(const graph::Graph& g);
// The same with the inputs named by their debug names (AOT autograd's primals_1, tangents_1 and the
// saved values a backward graph receives) instead of arg0_1, arg1_1, ...
std::string print_aten_graph(const graph::Graph& g, bool named_inputs);
// The names that printout gives values (arg0_1, add, add_1, _tensor_constant0): the scheduler names
// kernels' source nodes and buffers' origins with them, so every stage speaks of the same values.
std::unordered_map<const graph::Value*, std::string> aten_value_names(const graph::Graph& g, bool named_inputs = false);

// ---- fold_conv_bn.cpp ----
// batch_norm(conv(x, W, b), mean, var, gamma, beta, training=False, eps) with W, b and the
// statistics being any graph values (inputs, in Dynamo graphs) -> conv(x, W', b') where the new
// weight and bias are computed in the graph from the small parameter tensors.
bool fold_conv_bn(graph::Graph& g);

// ---- fuse_conv_pointwise.cpp ----
// relu(conv(x, W, b)), conv(x, W, b) + other and relu(conv(x, W, b) + other) on the CPU, the conv read
// by nothing else -> mkldnn::_convolution_pointwise(..., "relu") / _convolution_pointwise.binary(...,
// "add", ..., "relu" | None): the post-ops in the convolution's epilogue (Inductor's conv + unary and
// conv + binary fusions).
bool fuse_conv_pointwise(graph::Graph& g);

// ---- conv_layout.cpp ----
// Inductor's layout optimization for an inference graph of 2-d convolutions on the GPU: convolution
// inputs converted to channels-last (everything computed from them follows) and outputs eager
// returns contiguous copied back, when decide_layout_opt's heuristic (or `force`) says so.
bool optimize_conv_layout(graph::Graph& g, bool force = false);
// conv(x, w, b) on the GPU -> conv(x, w, None) + b.view(C, 1, 1), the add fused with what follows.
bool peel_conv_bias(graph::Graph& g);

// ---- sink_views.cpp ----
// A pointwise value read only through slices that together cover at most its elements (max_pool2d's
// taps, x[a:b:c]) and are no graph outputs -> the op computed at each slice, the slices moved onto
// its operands; repeated back to the first non-pointwise value, so the value is never stored
// (Inductor's inlining of pointwise producers into the loads of their readers).
bool sink_views(graph::Graph& g);

// ---- retype.cpp ----
// Every tensor value's type (sizes, strides, dtype) re-inferred by running `g` on meta tensors laid
// out as its input types say: the eager kernels' layout rules, after a pass changed a layout.
void retype_by_meta_run(graph::Graph& g);

// ---- decompose.cpp ----
// Composite aten ops -> primitive aten ops (gelu, silu, layer_norm, softmax, log_softmax, linear,
// eval-mode batch_norm and dropout, mean, var). Ops whose form is not covered (a dtype argument,
// training-mode batch norm, a non-contiguous input to a 3-D linear) stay as they are.
bool decompose(graph::Graph& g);
// The op kinds decompose() rewrites (for README tables and tests).
std::vector<std::string> decomposed_ops();

// ---- cse.cpp ----
// Common subexpression elimination: a pure node with the same kind, schema, inputs and attributes
// as an earlier one (in the same or an enclosing block) is replaced by it; constants are merged by
// value. Constants or lists that something may write are left alone.
bool eliminate_common_subexpressions(graph::Graph& g);

// merge_slice_grads.cpp: add(cat([zeros, a]), cat([b, zeros])) along one dim, where the non-zero
// pieces never overlap and cover the dim -> cat([b, a]) (the summed gradients of slices of one
// tensor, as AOT autograd writes them).
bool merge_slice_grads(graph::Graph& g);

// pack_attention_grads.cpp: a cat of the three gradients of one fused attention backward, each
// reached by views (heads merged: reshape(transpose(d, 1, 2), (B, L, H * D)), or the (L, N, E) order
// of F.multi_head_attention_forward), and the views after it, -> one
// _scaled_dot_product_fused_attention_backward_packed, which writes them into the chain's result.
bool pack_attention_grads(graph::Graph& g);

// ---- pipeline.cpp (wrappers over engine/graph/passes, which torch.jit.freeze also runs) ----
// Runs every op whose inputs are all constants now (graph::propagate_constants): prim::ListConstruct
// of constant ints becomes one int[] constant, arithmetic on constant tensors becomes its result.
bool fold_constants(graph::Graph& g);
// Removes nodes nobody reads that have no side effects (graph::eliminate_dead_code).
bool eliminate_dead_code(graph::Graph& g);

}  // namespace kiln::passes
