// Drawing the graph view (see graph_view.h): a layered layout computed per frame (graphs here have
// tens of nodes), cubic edges from an output's right side to an input's left side.
#include "graph_view.h"

#include <algorithm>
#include <string>
#include <vector>

#include "editor.h"  // graph_colour

namespace kiln::playground {

void graph_view(const char* id, const ViewGraph& g, GraphViewState& st, int* jump_line, int* hover_line) {
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (avail.y < 120) avail.y = 120;
    ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, avail, ImGuiButtonFlags_MouseButtonLeft);
    const bool hovered = ImGui::IsItemHovered();
    ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
        st.pan.x += io.MouseDelta.x;
        st.pan.y += io.MouseDelta.y;
    }
    if (hovered && io.MouseWheel != 0) {
        // Zoom about the mouse: the point under it stays put.
        float old = st.zoom;
        st.zoom = std::clamp(st.zoom * (io.MouseWheel > 0 ? 1.15f : 1 / 1.15f), 0.3f, 3.0f);
        ImVec2 m(io.MousePos.x - origin.x, io.MousePos.y - origin.y);
        st.pan.x = m.x - (m.x - st.pan.x) * st.zoom / old;
        st.pan.y = m.y - (m.y - st.pan.y) * st.zoom / old;
    }

    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(origin, ImVec2(origin.x + avail.x, origin.y + avail.y), true);
    dl->AddRectFilled(origin, ImVec2(origin.x + avail.x, origin.y + avail.y), IM_COL32(24, 25, 29, 255));

    // Layout: columns by layer, rows in order within a layer.
    const float z = st.zoom, node_w = 170 * z, node_h = 38 * z, col_gap = 60 * z, row_gap = 14 * z;
    std::vector<ImVec2> pos(g.nodes.size());
    std::vector<int> rows;
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        int layer = g.nodes[i].layer;
        if (int(rows.size()) <= layer) rows.resize(layer + 1, 0);
        pos[i] = ImVec2(origin.x + st.pan.x + layer * (node_w + col_gap), origin.y + st.pan.y + rows[layer]++ * (node_h + row_gap));
    }
    // Edges first, under the nodes.
    for (size_t i = 0; i < g.nodes.size(); ++i)
        for (int k : g.nodes[i].inputs) {
            ImVec2 a(pos[k].x + node_w, pos[k].y + node_h / 2), b(pos[i].x, pos[i].y + node_h / 2);
            float dx = std::max(30.0f * z, (b.x - a.x) / 2);
            bool lit = st.hovered == int(i) || st.hovered == k;
            dl->AddBezierCubic(a, ImVec2(a.x + dx, a.y), ImVec2(b.x - dx, b.y), b,
                               lit ? IM_COL32(255, 220, 120, 255) : IM_COL32(140, 145, 160, 200), lit ? 2.5f : 1.5f);
        }
    st.hovered = -1;
    const float font = ImGui::GetFontSize() * std::clamp(z, 0.6f, 1.6f);
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        const ViewNode& n = g.nodes[i];
        ImVec2 a = pos[i], b(a.x + node_w, a.y + node_h);
        ImU32 fill = n.group >= 0                ? graph_colour(n.group, 0.55f)
                     : n.kind == "placeholder"   ? IM_COL32(55, 75, 60, 255)
                     : n.kind == "output"        ? IM_COL32(80, 60, 60, 255)
                     : n.kind == "extern"        ? IM_COL32(85, 70, 40, 255)
                                                 : IM_COL32(52, 56, 68, 255);
        bool over = hovered && io.MousePos.x >= a.x && io.MousePos.x < b.x && io.MousePos.y >= a.y && io.MousePos.y < b.y;
        if (over) st.hovered = int(i);
        dl->AddRectFilled(a, b, fill, 5 * z);
        dl->AddRect(a, b, over ? IM_COL32(255, 220, 120, 255) : IM_COL32(120, 125, 140, 255), 5 * z);
        ImVec4 clip(a.x, a.y, b.x - 4, b.y);
        dl->AddText(ImGui::GetFont(), font, ImVec2(a.x + 6 * z, a.y + 3 * z), IM_COL32(240, 240, 240, 255), n.name.c_str(),
                    nullptr, 0, &clip);
        dl->AddText(ImGui::GetFont(), font, ImVec2(a.x + 6 * z, a.y + 3 * z + font), IM_COL32(170, 200, 255, 255),
                    n.label.c_str(), nullptr, 0, &clip);
        if (over) {
            if (n.line > 0) *hover_line = n.line;
            ImGui::BeginTooltip();
            ImGui::Text("%s = %s", n.name.c_str(), n.label.c_str());
            if (n.group >= 0 && n.group < int(g.kernels.size())) ImGui::Text("fused into %s", g.kernels[n.group].c_str());
            if (n.line > 0) ImGui::TextDisabled("line %d (click to jump)", n.line);
            ImGui::EndTooltip();
            if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] < 16 && n.line > 0)
                *jump_line = n.line;
        }
    }
    // Legend of kernels.
    float y = origin.y + avail.y - 6;
    for (int k = int(g.kernels.size()) - 1; k >= 0; --k) {
        y -= ImGui::GetFontSize() + 2;
        dl->AddRectFilled(ImVec2(origin.x + 8, y + 2), ImVec2(origin.x + 20, y + 12), graph_colour(k, 0.8f));
        dl->AddText(ImVec2(origin.x + 26, y), IM_COL32(220, 220, 220, 255), g.kernels[k].c_str());
    }
    dl->PopClipRect();
}

}  // namespace kiln::playground
