// The graph view: a captured graph drawn with ImGui draw lists, inputs on the left, each node one
// column right of its deepest input; fused kernels share a colour (backend="inductor"'s aten graph).
// Drag to pan, wheel to zoom, click a node to jump to its source line.
#pragma once
#include "graph_model.h"
#include "imgui.h"

namespace kiln::playground {

struct GraphViewState {
    ImVec2 pan = ImVec2(20, 20);
    float zoom = 1.0f;
    int hovered = -1;
};

// Draws `g` filling the available region; sets *jump_line when a node with a source line is clicked and
// *hover_line while one is hovered (the editor lights that line up: node <-> source cross-link).
void graph_view(const char* id, const ViewGraph& g, GraphViewState& st, int* jump_line, int* hover_line);

}  // namespace kiln::playground
