// One selection that links every level of a compile: a source line, the FX nodes recorded on it, the
// post-grad aten nodes traced from them (Kiln's aten_lines log), the fused kernels that compute those
// (the schedule's `origins:`), and the lines of the FX code and the generated code that belong to
// them. Selecting any of these (a line in the editor, a graph node, a line of generated code) lights
// up all the others; the links are the source locations the engine keeps on every node, so they hold
// in both directions. No ImGui here: the panels (editor.h, graph_view.h, panels.h) only draw it.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "session.h"

namespace kiln::playground {

// What the user picked.
struct LinkPick {
    enum class Level { None, Source, FxNode, AtenNode, Kernel };
    Level level = Level::None;
    int line = 0;      // Source: the line in the user's file (1-based)
    std::string name;  // FxNode / AtenNode: the node's name; Kernel: the kernel's name
    bool operator==(const LinkPick& o) const { return level == o.level && line == o.line && name == o.name; }
};
const char* link_level_name(LinkPick::Level l);  // "source", "fx", "aten", "kernel", "" (share/test JSON)

// Everything the pick links to in one compile.
struct Linked {
    std::set<int> source_lines;         // lines of the user's file (1-based)
    std::set<std::string> fx_nodes;     // FX node names
    std::set<std::string> aten_nodes;   // post-grad node names
    std::set<std::string> kernels;      // fused kernel names
    bool empty() const { return source_lines.empty() && fx_nodes.empty() && aten_nodes.empty() && kernels.empty(); }
};

// The links of one compile record (its last back-end compile for the aten level).
struct LinkModel {
    struct Node {
        std::string name;
        std::vector<int> lines;  // the user's lines on its stack, innermost first (FX); its one line (aten)
        std::string kernel;      // aten: the fused kernel that computes it, "" when none
    };
    std::vector<Node> fx, aten;
    std::vector<std::string> kernels;
};
LinkModel link_model(const CompileRecord& c);

Linked link(const LinkModel& m, const LinkPick& pick);

// Lines (0-based) of a text lit by `l`:
// - FX code / post-grad graph text (`def forward`: "    name: ... = ..." per node; a node's "# File:"
//   comment goes with the node after it): the lines of the linked nodes (`nodes`: fx_nodes or aten_nodes);
// - generated code (C++/CUDA output_code, the WebAssembly modules, the kernel plan): each linked
//   kernel's body (from the line naming it to the closing brace at column 0, or the next kernel in
//   the plan) and every other line that names it (the call in kiln_call).
std::vector<int> linked_node_lines(const std::string& text, const std::set<std::string>& nodes);
std::vector<int> linked_kernel_lines(const std::string& text, const std::set<std::string>& kernels);

// What a click on line `line` (0-based) of a text picks: the node defined there (or after its "# File:"
// comment), the kernel whose body or call it is in; Level::None when nothing.
LinkPick pick_node_line(const std::string& text, int line, bool aten);
LinkPick pick_kernel_line(const std::string& text, int line, const std::vector<std::string>& kernels);

}  // namespace kiln::playground
