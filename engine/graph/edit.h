// Structural edits of the graph IR that PyTorch's frontend and cleanup passes make (erasing an
// output, copying a block the way Block::cloneFrom numbers and names the copies), kept beside ir.h.
#pragma once
#include <functional>

#include "graph/ir.h"

namespace kiln::graph {

// Removes output i of `n`, which must have no uses (PyTorch's eraseOutput); later outputs shift down.
void erase_output(Node* n, size_t i);
// Removes output i of block `b` (its return node's input i).
void erase_return(Block* b, size_t i);

// PyTorch's Block::cloneFrom: appends to `into` a copy of `from`'s parameters, nodes (nested blocks
// included) and outputs, reading `value_map(v)` for each value defined outside `from`. Numbers and
// names are given as PyTorch's createClone gives them (each output copies its original's debug name,
// which renames the original, and then copies that name again), so a copied block prints as
// PyTorch's does.
void clone_block_from(Block* into, const Block* from, const std::function<Value*(Value*)>& value_map);

// PyTorch's CanonicalizeOutputs (graph/passes/canonicalize_outputs.cpp): the outputs of each
// prim::If / prim::Loop (with the block values and loop inputs that go with them) in the order of
// their first use; unused ones last.
void canonicalize_outputs(Graph& g);

}  // namespace kiln::graph
