// The graph view: a captured graph drawn with ImGui draw lists from graph_model.h's layout: inputs on
// the left, each box one column right of its deepest input; modules framed and collapsible (a
// collapsed module is one box: click it to open it, click an open module's title to close it);
// fused kernels (backend="inductor"'s aten graph) framed and coloured. The graph fits the view when
// first shown and on "fit"; drag to pan, wheel to zoom, click a node to jump to its source line.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "graph_model.h"
#include "imgui.h"
#include "linked.h"

namespace kiln::playground {

struct GraphViewState {
    ImVec2 pan = ImVec2(20, 20);
    float zoom = 1.0f;
    int hovered = -1;                 // box under the mouse
    std::set<std::string> collapsed;  // module paths drawn as one box
    std::string shown;                // the graph last drawn (a new one gets default_collapsed and a fit)
    bool fit = true;                  // fit the layout to the view on the next frame
};

// Draws `g` filling the available region; sets *jump_line when a node with a source line is clicked and
// *hover_line while one is hovered (the editor lights that line up: node <-> source cross-link).
// `key` names the graph (compile id and view): a different key resets the collapsed modules and fits.
// `linked`: the linked selection (linked.h): its nodes (FX or aten, as `aten` says) and kernels are
// outlined; a click on a node sets *pick to it (an aten node, or an FX node), for the window to link.
void graph_view(const char* id, const std::string& key, const ViewGraph& g, GraphViewState& st, int* jump_line,
                int* hover_line, const Linked* linked = nullptr, bool aten = false, LinkPick* pick = nullptr);

// The node boxes drawn last frame (screen pixels), for tests that click a node (window.kiln.ui()).
struct GraphBoxGeometry {
    std::string node;  // "" for a collapsed module
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool lit = false;  // outlined by the linked selection
};
const std::vector<GraphBoxGeometry>& graph_view_boxes();

}  // namespace kiln::playground
