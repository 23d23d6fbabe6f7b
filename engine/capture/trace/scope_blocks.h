// Traced module hierarchy: from the tracer's scope blocks to one graph per submodule call
// (PyTorch's FixupTraceScopeBlocks, torch/csrc/jit/passes/fixup_trace_scope_blocks.cpp).
//
// While a module is traced, every attribute of the module tree is a prim::TracedAttr placeholder
// named by its path ("__module.fc.weight"), and each submodule call is a prim::TracedModuleForward
// node whose block holds the ops that call recorded. fixup_trace_scope_blocks then does what
// PyTorch does, in PyTorch's order (the order decides value numbers and where prim::GetAttr nodes
// land, both visible in printed graphs):
//   1. each scope block gets a `self` parameter, fed by the submodule's placeholder;
//   2. every placeholder use becomes a prim::GetAttr chain in the tightest enclosing scope, placed at
//      the top of that block (so the last attribute a block reads is fetched first);
//   3. values made inside a block and used after it become block outputs;
//   4. blocks with several (or no) outputs return a tuple (or None);
//   5. each block is lambda-lifted into its own graph (free values become inputs);
//   6. each scope node becomes prim::CallMethod[name="forward"](%submodule, inputs...), the lifted
//      graph becoming that submodule's forward (forward1, forward2 for further calls);
//   7. dead code is removed from every graph.
// inline_traced_methods is `.inlined_graph`: a copy of a graph with every call replaced by the
// callee's (constant-pooled) nodes, as torch.jit's Inline pass does with optimized graphs.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "graph/ir.h"

namespace kiln::capture {

// A method made from a submodule call: the submodule's path ("fc", "block.0"), its method name
// ("forward", "forward1") and graph.
struct TracedMethod {
    std::string path;
    std::string name;
    std::shared_ptr<graph::Graph> graph;
};

// Rewrites `g` (a module trace, graph input 0 being self) in place and returns the submodules'
// methods, callees before callers.
std::vector<TracedMethod> fixup_trace_scope_blocks(graph::Graph& g);

// A copy of `g` (the method graph of the submodule at `self_path`, "" for the traced module) with
// every prim::CallMethod on a submodule replaced by the callee's nodes.
std::unique_ptr<graph::Graph> inline_traced_methods(const graph::Graph& g, const std::vector<TracedMethod>& methods,
                                                    const std::string& self_path = "");

}  // namespace kiln::capture
