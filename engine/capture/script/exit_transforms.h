// PyTorch's TransformExits (torch/csrc/jit/frontend/exit_transforms.cpp), the last step of its
// ConvertToSSA: the script compiler emits a `return` as a prim::ReturnStmt node where it stands and
// stops emitting the rest of that block; this pass removes the ReturnStmts and makes every path
// reach the graph's end. A block that might have returned conditionalizes the nodes after it on a
// bool (the If's extra outputs: has-exited and the returned values), a loop that might have returned
// stops (its continue condition becomes `if exited: False else cond`) and carries them out, and an
// If followed by an If on its has-exited output is fused into one (inlineConsecutiveIfs), so
//     if c: return a          becomes          %r = prim::If(%c)
//     return b                                   block0(): -> (%a)    block1(): <b> -> (%b)
// The values it makes (the true/false constants and prim::Uninitialized of each type, the new If
// outputs, the nodes copied by the fusion) take their numbers in PyTorch's order, so graphs print
// with PyTorch's value numbers; the dead ones go with the cleanup passes that follow.
#pragma once

#include "graph/ir.h"

namespace kiln::capture::script {

void transform_exits(graph::Graph& g);

}  // namespace kiln::capture::script
