// The op table, one function per family: each registers its operators' schemas and kernels.
//
// op_registry.cpp calls these once, in this order, the first time the registry is consulted. They
// are plain functions rather than static registrars because kiln_engine is a static library and the
// linker drops object files nothing refers to; the explicit call chain keeps every family linked.
// A kernel receives every argument in schema order (defaults already filled in by the caller) and
// returns the outputs, computing with the eager engine (ops/ops.h) so that the graph interpreter
// agrees with eager execution by construction.
#pragma once

namespace kiln::graph {

void register_pointwise_ops();  // pointwise.cpp: unary/binary math, comparisons, where, in-place forms
void register_reduce_ops();     // reduce.cpp: sum, mean, max/min, var/std, softmax, sort, cumsum, ...
void register_linalg_ops();     // linalg.cpp: mm, bmm, matmul, addmm, linear, dot, outer, mv, baddbmm
void register_shape_ops();      // shape.cpp: views, joins, splitting, indexing, dtype conversion
void register_nn_ops();         // nn.cpp: conv, pooling, norms, dropout, embedding, losses, activations
void register_creation_ops();   // creation.cpp: zeros, ones, full, arange, eye, linspace, *_like, random
void register_scalar_ops();     // scalar.cpp: TorchScript's int/float/bool/str/list builtins

}  // namespace kiln::graph
