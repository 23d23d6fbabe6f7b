// The graph the graph view draws, built from the session's report: the FX graph Dynamo captured
// (nodes with source lines), or, for backend="inductor", the post-grad aten graph with each node's
// fused kernel (the schedule's "origins:" lists), so fused groups can be coloured. No ImGui here.
#pragma once
#include <string>
#include <vector>

#include "session.h"

namespace kiln::playground {

struct ViewNode {
    std::string name;
    std::string label;        // the target ("torch.relu", "aten.mul.Tensor")
    std::string kind;         // placeholder, call, output, extern
    std::vector<int> inputs;  // indices into the node list
    int line = 0;             // source line in the user's file (0: none known)
    int group = -1;           // the fused kernel (index into kernels), -1 when none
    int layer = 0;            // longest path from an input (layout column)
};

struct ViewGraph {
    std::vector<ViewNode> nodes;
    std::vector<std::string> kernels;  // kernel names, for the legend
};

ViewGraph view_graph_from_fx(const CompileRecord& c);
// From TORCH_LOGS=post_grad_graphs and schedule texts of one back-end compile.
ViewGraph view_graph_from_aten(const InductorArtifacts& a);
// Fills ViewNode::layer: each node one past its deepest input; graph inputs one before their first use.
void assign_layers(ViewGraph& g);

}  // namespace kiln::playground
