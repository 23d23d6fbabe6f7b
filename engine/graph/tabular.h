// The FX-style table of a graph (`graph.print_tabular()`): one row per node with the columns
// torch.fx prints, so a TorchScript-style graph can be read the way an FX graph is.
//
//   opcode         name    target        args           kwargs
//   -------------  ------  ------------  -------------  ------------
//   placeholder    x       x             ()             {}
//   get_attr       weight  lin.weight    ()             {}
//   call_function  2       aten::linear  (x, weight, 3) {}
//   output         output  output        (2,)           {}
//
// Mapping: graph inputs are placeholders; prim::GetAttr is get_attr with the dotted path from self
// as target; prim::CallMethod is call_method (target: the method); operators and other prim nodes
// are call_function (target: the op, overload included), with a schema's keyword-only arguments
// under kwargs; constants are not rows (they appear as literals in args, tensors as <Tensor>); the
// graph's results are the output row. Names are the graph's own (`%x.1` prints as x.1), so rows
// line up with `.graph`. Control flow, which FX graphs cannot hold, nests: after a prim::If/Loop row
// come its blocks, each a `block` row (its parameters as args), its nodes with names indented two
// spaces, and a `->` row with the block's results.
#pragma once
#include <string>

#include "graph/ir.h"

namespace kiln::graph {

std::string graph_tabular(const Graph& g);

}  // namespace kiln::graph
