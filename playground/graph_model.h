// The graph the graph view draws, built from the session's report: the FX graph Dynamo captured
// (nodes with source lines and module paths), or, for backend="inductor", the post-grad aten graph
// with each node's fused kernel (the schedule's "origins:" lists). No ImGui here: the layout (layers,
// rows, collapsed modules, group boxes around modules and fused kernels), fitting it to the view and
// hit testing live here too, so they are unit-tested natively; graph_view.cpp only draws.
#pragma once
#include <set>
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
    std::string type;         // the value's annotation ("f32[4, 8][8, 1]cpu", "Sym(s0)")
    // The modules it belongs to, outermost first ("self.attn", "self.attn.qkv"): recorded in their
    // forwards (nn_module_stack), or, for a graph input, the modules every one of its users shares
    // (a parameter sits with the layer that reads it).
    std::vector<std::string> modules;
    // Scalars shown in the label instead of as nodes: the node's constant arguments ("0.5") and the
    // names of folded scalar inputs ("s0").
    std::vector<std::string> scalars;
    bool folded = false;  // a scalar graph input (Sym, int, float): drawn in its users' labels, not as a node
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

// What a node's box says under its name: the target with its scalars, "mul(0.3536)".
std::string node_label(const ViewNode& n);

// ---- layout ----

struct LayoutOptions {
    float node_w = 170, node_h = 38, col_gap = 50, row_gap = 14, margin = 16;
    // The view the layout will be fitted to (0: unknown). A graph much wider than the view's shape
    // (a model's long chain of layers) wraps its columns into bands, one below the other, with as
    // many bands as make the fitted zoom largest.
    float view_w = 0, view_h = 0;
    float band_gap = 40;
};

// The drawn graph in layout units (zoom 1, origin at the top-left margin).
struct GraphLayout {
    struct Box {
        int node = -1;        // the node drawn, or -1 for a collapsed module
        std::string module;   // the collapsed module's path ("self.attn")
        std::vector<int> members;  // the nodes inside (the node itself for a plain box)
        int layer = 0, row = 0, band = 0;
        float x = 0, y = 0, w = 0, h = 0;
        int line = 0;         // the source line a click jumps to (a module: its first member's)
    };
    struct Group {            // a frame drawn behind boxes
        enum class Kind { Module, Kernel } kind = Kind::Module;
        std::string module;   // Module: its path (click the title to collapse it)
        int kernel = -1;      // Kernel: index into ViewGraph::kernels
        int depth = 0;        // Module: nesting depth (0 = outermost)
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    };
    std::vector<Box> boxes;
    std::vector<std::pair<int, int>> edges;  // (from box, to box), one per pair
    std::vector<Group> groups;               // modules (outermost first), then kernels
    std::vector<int> box_of;                 // node -> box; -1 for folded nodes
    float width = 0, height = 0;             // the extent, margins included
    int bands = 1;                           // how many bands the columns wrapped into
};

// Every module path in the graph, outermost first within each chain ("self.attn" before "self.attn.qkv").
std::vector<std::string> module_paths(const ViewGraph& g);
// The modules collapsed when a graph is first shown: none for a small graph; for one with more
// than `max_boxes` visible nodes, the outermost modules (then the next level, while still too many).
std::set<std::string> default_collapsed(const ViewGraph& g, size_t max_boxes = 24);
// Lays out `g` with `collapsed` modules drawn as one box each.
GraphLayout layout_graph(const ViewGraph& g, const std::set<std::string>& collapsed, const LayoutOptions& o = {});

// The zoom and pan that show the whole layout centred in a w x h view (zoom at most max_zoom, so a
// small graph keeps its size, and at least min_zoom, where a huge graph shows its start instead).
struct ViewFit {
    float zoom = 1, pan_x = 0, pan_y = 0;
};
ViewFit fit_layout(const GraphLayout& l, float w, float h, float min_zoom = 0.35f, float max_zoom = 1.25f);

// Hit tests, in layout units: the box under (x, y), or -1; the module group whose title strip
// (the top `title_h` of its frame) is under (x, y), or -1.
int box_at(const GraphLayout& l, float x, float y);
int module_title_at(const GraphLayout& l, float x, float y, float title_h);

}  // namespace kiln::playground
