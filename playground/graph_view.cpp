// Drawing the graph view (see graph_view.h): graph_model.h's layout (computed per frame: graphs here
// have tens of nodes) scaled by zoom and moved by pan; frames behind the boxes, cubic edges from an
// output's right side to an input's left side, boxes on top.
#include "graph_view.h"

#include <algorithm>
#include <string>
#include <vector>

#include "editor.h"  // graph_colour

namespace kiln::playground {
namespace {
std::vector<GraphBoxGeometry>& boxes_drawn() {
    static std::vector<GraphBoxGeometry> b;
    return b;
}
constexpr ImU32 kLinked = IM_COL32(80, 220, 200, 255);  // the linked selection, as in the code views
}  // namespace

const std::vector<GraphBoxGeometry>& graph_view_boxes() { return boxes_drawn(); }

void graph_view(const char* id, const std::string& key, const ViewGraph& g, GraphViewState& st, int* jump_line,
                int* hover_line, const Linked* linked, bool aten, LinkPick* pick) {
    boxes_drawn().clear();
    const std::set<std::string>* lit_nodes = linked ? (aten ? &linked->aten_nodes : &linked->fx_nodes) : nullptr;
    auto node_lit = [&](int i) { return lit_nodes && i >= 0 && lit_nodes->count(g.nodes[size_t(i)].name) > 0; };
    if (st.shown != key) {
        st.shown = key;
        st.collapsed = default_collapsed(g);
        st.fit = true;
    }
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (avail.y < 120) avail.y = 120;
    LayoutOptions lo;
    lo.view_w = avail.x;
    lo.view_h = avail.y;
    GraphLayout l = layout_graph(g, st.collapsed, lo);
    if (st.fit) {
        ViewFit f = fit_layout(l, avail.x, avail.y);
        st.zoom = f.zoom;
        st.pan = ImVec2(f.pan_x, f.pan_y);
        st.fit = false;
    }
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
        st.zoom = std::clamp(st.zoom * (io.MouseWheel > 0 ? 1.15f : 1 / 1.15f), 0.2f, 3.0f);
        ImVec2 m(io.MousePos.x - origin.x, io.MousePos.y - origin.y);
        st.pan.x = m.x - (m.x - st.pan.x) * st.zoom / old;
        st.pan.y = m.y - (m.y - st.pan.y) * st.zoom / old;
    }
    const float z = st.zoom;
    auto screen = [&](float x, float y) { return ImVec2(origin.x + st.pan.x + x * z, origin.y + st.pan.y + y * z); };
    // The mouse in layout units, for the model's hit tests.
    const float mx = (io.MousePos.x - origin.x - st.pan.x) / z, my = (io.MousePos.y - origin.y - st.pan.y) / z;
    const bool click = hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] < 16;

    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(origin, ImVec2(origin.x + avail.x, origin.y + avail.y), true);
    dl->AddRectFilled(origin, ImVec2(origin.x + avail.x, origin.y + avail.y), IM_COL32(24, 25, 29, 255));
    const float font = ImGui::GetFontSize() * std::clamp(z, 0.6f, 1.6f);
    const float title_h = 14;

    // Frames: modules (title strip: click to collapse), then fused kernels.
    int title_hit = hovered ? module_title_at(l, mx, my, title_h) : -1;
    for (size_t k = 0; k < l.groups.size(); ++k) {
        const GraphLayout::Group& f = l.groups[k];
        ImVec2 a = screen(f.x0, f.y0), b = screen(f.x1, f.y1);
        if (f.kind == GraphLayout::Group::Kind::Module) {
            int shade = 34 + 8 * std::min(f.depth, 4);
            dl->AddRectFilled(a, b, IM_COL32(shade, shade + 4, shade + 14, 255), 6 * z);
            dl->AddRect(a, b, int(k) == title_hit ? IM_COL32(255, 220, 120, 255) : IM_COL32(90, 100, 130, 255), 6 * z);
            ImVec4 clip(a.x, a.y, b.x - 4, a.y + title_h * z);
            dl->AddText(ImGui::GetFont(), std::min(font, title_h * z), ImVec2(a.x + 6 * z, a.y + 1 * z),
                        IM_COL32(170, 180, 210, 255), ("[-] " + f.module).c_str(), nullptr, 0, &clip);
        } else {
            const bool lit = linked && f.kernel >= 0 && f.kernel < int(g.kernels.size()) &&
                             linked->kernels.count(g.kernels[size_t(f.kernel)]);
            if (lit) dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), kLinked, 8 * z, 0, 2.5f);
            dl->AddRect(a, b, graph_colour(f.kernel, 0.9f), 6 * z, 0, 2.5f);
        }
    }
    if (title_hit >= 0) {
        ImGui::SetTooltip("%s (click to collapse into one box)", l.groups[size_t(title_hit)].module.c_str());
        if (click) st.collapsed.insert(l.groups[size_t(title_hit)].module);
    }

    // Edges, under the boxes.
    int box_hit = hovered && title_hit < 0 ? box_at(l, mx, my) : -1;
    for (const auto& [from, to] : l.edges) {
        const GraphLayout::Box &p = l.boxes[size_t(from)], &q = l.boxes[size_t(to)];
        ImVec2 a = screen(p.x + p.w, p.y + p.h / 2), b = screen(q.x, q.y + q.h / 2);
        bool lit = box_hit == from || box_hit == to;
        ImU32 col = lit ? IM_COL32(255, 220, 120, 255) : IM_COL32(140, 145, 160, 200);
        if (q.band != p.band) {
            // Into another band: out to the right, along the gap above q's band, in from the left.
            float top = q.y;
            for (const GraphLayout::Box& o : l.boxes)
                if (o.band == q.band) top = std::min(top, o.y);
            ImVec2 down(a.x + 20 * z, a.y), left(b.x - 20 * z, b.y);
            float mid_y = screen(0, top - lo.band_gap / 2).y;
            dl->AddBezierCubic(a, ImVec2(a.x + 40 * z, a.y), ImVec2(down.x + 40 * z, mid_y), ImVec2(down.x, mid_y), col, lit ? 2.5f : 1.5f);
            dl->AddLine(ImVec2(down.x, mid_y), ImVec2(left.x, mid_y), col, lit ? 2.5f : 1.5f);
            dl->AddBezierCubic(ImVec2(left.x, mid_y), ImVec2(left.x - 40 * z, mid_y), ImVec2(b.x - 40 * z, b.y), b, col, lit ? 2.5f : 1.5f);
            continue;
        }
        float dx = std::max(30.0f * z, (b.x - a.x) / 2);
        dl->AddBezierCubic(a, ImVec2(a.x + dx, a.y), ImVec2(b.x - dx, b.y), b, col, lit ? 2.5f : 1.5f);
    }

    // Boxes.
    st.hovered = box_hit;
    for (size_t bi = 0; bi < l.boxes.size(); ++bi) {
        const GraphLayout::Box& box = l.boxes[bi];
        ImVec2 a = screen(box.x, box.y), b = screen(box.x + box.w, box.y + box.h);
        const bool over = int(bi) == box_hit;
        const ViewNode* n = box.node >= 0 ? &g.nodes[size_t(box.node)] : nullptr;
        ImU32 fill = !n                          ? IM_COL32(60, 66, 96, 255)
                     : n->group >= 0             ? graph_colour(n->group, 0.55f)
                     : n->kind == "placeholder"  ? IM_COL32(55, 75, 60, 255)
                     : n->kind == "output"       ? IM_COL32(80, 60, 60, 255)
                     : n->kind == "extern"       ? IM_COL32(85, 70, 40, 255)
                                                 : IM_COL32(52, 56, 68, 255);
        dl->AddRectFilled(a, b, fill, 5 * z);
        bool lit = false;
        for (int m : box.members) lit = lit || node_lit(m);
        dl->AddRect(a, b, over ? IM_COL32(255, 220, 120, 255) : lit ? kLinked : IM_COL32(120, 125, 140, 255), 5 * z, 0,
                    lit ? 3.0f : n ? 1.0f : 2.0f);
        boxes_drawn().push_back({n ? n->name : "", a.x, a.y, b.x, b.y, lit});
        ImVec4 clip(a.x, a.y, b.x - 4, b.y);
        std::string top = n ? n->name : "[+] " + box.module;
        std::string bottom = n ? node_label(*n) : std::to_string(box.members.size()) + " nodes (click to open)";
        dl->AddText(ImGui::GetFont(), font, ImVec2(a.x + 6 * z, a.y + 3 * z), IM_COL32(240, 240, 240, 255), top.c_str(),
                    nullptr, 0, &clip);
        dl->AddText(ImGui::GetFont(), font, ImVec2(a.x + 6 * z, a.y + 3 * z + font), IM_COL32(170, 200, 255, 255),
                    bottom.c_str(), nullptr, 0, &clip);
        if (!over) continue;
        if (box.line > 0) *hover_line = box.line;
        ImGui::BeginTooltip();
        if (n) {
            ImGui::Text("%s = %s", n->name.c_str(), node_label(*n).c_str());
            if (!n->type.empty()) ImGui::TextDisabled("%s", n->type.c_str());
            if (!n->modules.empty()) ImGui::TextDisabled("in %s", n->modules.back().c_str());
            if (n->group >= 0 && n->group < int(g.kernels.size())) ImGui::Text("fused into %s", g.kernels[size_t(n->group)].c_str());
            if (n->line > 0) ImGui::TextDisabled("line %d (click to jump)", n->line);
        } else {
            ImGui::Text("%s: %zu nodes", box.module.c_str(), box.members.size());
            ImGui::TextDisabled("click to open");
        }
        ImGui::EndTooltip();
        if (click) {
            if (!n) st.collapsed.erase(box.module);
            else {
                if (n->line > 0) *jump_line = n->line;
                if (pick && n->kind != "output") *pick = {aten ? LinkPick::Level::AtenNode : LinkPick::Level::FxNode, 0, n->name};
            }
        }
    }
    // Legend of kernels.
    float y = origin.y + avail.y - 6;
    for (int k = int(g.kernels.size()) - 1; k >= 0; --k) {
        y -= ImGui::GetFontSize() + 2;
        dl->AddRectFilled(ImVec2(origin.x + 8, y + 2), ImVec2(origin.x + 20, y + 12), graph_colour(k, 0.8f));
        const bool lit = linked && linked->kernels.count(g.kernels[size_t(k)]);
        // A click on a kernel's name picks the kernel (linked.h).
        const float w = ImGui::CalcTextSize(g.kernels[size_t(k)].c_str()).x + 26;
        if (pick && click && io.MousePos.x >= origin.x + 8 && io.MousePos.x < origin.x + w && io.MousePos.y >= y &&
            io.MousePos.y < y + ImGui::GetFontSize() + 2)
            *pick = {LinkPick::Level::Kernel, 0, g.kernels[size_t(k)]};
        dl->AddText(ImVec2(origin.x + 26, y), lit ? kLinked : IM_COL32(220, 220, 220, 255), g.kernels[size_t(k)].c_str());
    }
    dl->PopClipRect();
}

}  // namespace kiln::playground
