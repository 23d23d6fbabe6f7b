// The result panels (see panels.h). Text comes from the engine's printers through the session;
// these functions only lay it out, colour it and link it back to source lines.
#include "panels.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <string>

#include "break_catalogue.h"
#include "editor.h"
#include "imgui.h"
#include "palette.h"

namespace kiln::playground {
namespace {

using namespace palette;

// The compile records that have a graph, and a picker among them; returns the selected one.
const CompileRecord* compile_picker(const RunReport& r, PanelState& ps, bool graphs_only) {
    std::vector<int> idx;
    for (int i = 0; i < int(r.compiles.size()); ++i)
        if (!graphs_only || r.compiles[i].has_graph) idx.push_back(i);
    if (idx.empty()) return nullptr;
    if (std::find(idx.begin(), idx.end(), ps.compile) == idx.end()) ps.compile = idx.front();
    auto label = [&](int i) {
        const CompileRecord& c = r.compiles[i];
        return "[" + c.compile_id + "] " + c.function + (c.has_graph ? " (" + c.graph_name + ")" : " (no graph)");
    };
    ImGui::SetNextItemWidth(360);
    if (ImGui::BeginCombo("compile", label(ps.compile).c_str())) {
        for (int i : idx)
            if (ImGui::Selectable(label(i).c_str(), i == ps.compile)) ps.compile = i;
        ImGui::EndCombo();
    }
    return &r.compiles[ps.compile];
}

void no_capture_note(const RunReport& r) {
    if (r.scripted.empty())
        ImGui::TextDisabled("Nothing captured: run in compile mode, with a program that calls torch.compile.");
    else
        ImGui::TextDisabled("Trace/script mode: the FX code tab shows the TorchScript graph and code.");
}

void wrapped(const std::string& s, const ImVec4* color = nullptr) {
    if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(s.c_str());
    ImGui::PopTextWrapPos();
    if (color) ImGui::PopStyleColor();
}

}  // namespace

void console_panel(const RunReport& r) {
    if (r.ok) ImGui::TextColored(kGreen, "ok");
    else ImGui::TextColored(kRed, "%s at line %d:%d", r.error.type.c_str(), r.error.line, r.error.col);
    ImGui::SameLine();
    ImGui::TextDisabled("  %.1f ms, %llu instructions, %d graph(s), %zu break(s)", r.millis,
                        static_cast<unsigned long long>(r.instructions), r.graph_count(), r.breaks.size());
    ImGui::BeginChild("##console", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(r.stdout_text.c_str());
    if (!r.stderr_text.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, r.ok ? kOrange : kRed);
        ImGui::TextUnformatted(r.stderr_text.c_str());
        ImGui::PopStyleColor();
    }
    copy_button(r.stdout_text + r.stderr_text);
    ImGui::EndChild();
}

void breaks_panel(const RunReport& r, PanelState& ps, int* jump_line) {
    if (r.breaks.empty()) {
        if (r.compiles.empty()) no_capture_note(r);
        else ImGui::TextColored(kGreen, "No graph breaks: every compiled frame became whole graphs.");
        return;
    }
    ImGui::TextDisabled("Click a break to show its line in the editor; the lesson link explains that kind of break.");
    if (ImGui::BeginTable("##breaks", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_Resizable)) {
        ImGui::TableSetupColumn("line", ImGuiTableColumnFlags_WidthFixed, 50);
        ImGui::TableSetupColumn("compile", ImGuiTableColumnFlags_WidthFixed, 60);
        ImGui::TableSetupColumn("PyTorch id", ImGuiTableColumnFlags_WidthFixed, 80);
        ImGui::TableSetupColumn("why, and who can fix it");
        ImGui::TableSetupColumn("lesson", ImGuiTableColumnFlags_WidthFixed, 130 * ImGui::GetIO().FontGlobalScale);
        ImGui::TableHeadersRow();
        for (size_t i = 0; i < r.breaks.size(); ++i) {
            const GraphBreak& b = r.breaks[i];
            const BreakInfo& info = break_info(b.reason);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(int(i));
            if (ImGui::Selectable(std::to_string(b.line).c_str(), false, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap) &&
                b.line > 0)
                *jump_line = b.line;
            ImGui::PopID();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(b.compile_id.c_str());
            ImGui::TableNextColumn();
            if (info.gb.empty()) {
                ImGui::TextDisabled("Kiln only");
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("A break Kiln's Dynamo raises where PyTorch has none of this kind");
            } else {
                ImGui::TextUnformatted(info.gb.c_str());
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", info.gb_name.c_str(), info.docs_url().c_str());
            }
            ImGui::TableNextColumn();
            wrapped(info.explain);
            ImGui::TextColored(info.fixer == Fixer::YourCode ? kGreen : info.fixer == Fixer::Library ? kOrange : kRed,
                               "fix: %s", fixer_name(info.fixer));
            ImGui::PushID(int(i) + 200000);
            if (info.rewrite != Rewrite::None) {
                const PanelState::Fix& f = ps.fix;
                if (f.index == int(i) && f.running) {
                    ImGui::TextDisabled("trying the fix...");
                } else if (ImGui::SmallButton("try the fix")) {
                    ps.try_fix = int(i);
                }
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s", info.rewrite == Rewrite::ItemAsTensor
                                                ? "Run a copy of the program with .item() removed on this line (the value stays a tensor)"
                                                : "Run a copy of the program with this print() taken out of the compiled function");
                if (f.index == int(i) && f.done) {
                    wrapped(f.edit.summary);
                    if (f.edit.applied) {
                        const ImVec4& col = f.after < f.before ? kGreen : kOrange;
                        ImGui::TextColored(col, "graph breaks: %d before, %d after", f.before, f.after);
                        if (!f.after_ok) wrapped("the rewritten program failed: " + f.after_error, &kRed);
                        ImGui::SameLine();
                        if (ImGui::SmallButton("use this code")) ps.use_fix = true;
                    }
                }
            }
            if (ImGui::TreeNode("engine's reason")) {
                wrapped(b.reason);
                ImGui::TreePop();
            }
            ImGui::PopID();
            ImGui::TableNextColumn();
            LessonLink link = lesson_for_break(b.reason);
            ImGui::PushID(int(i) + 100000);
            if (ImGui::SmallButton(link.lesson.c_str())) ps.open_lesson = link;
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s\nOpens lessons/%s at \"%s\"", link.why.c_str(), link.lesson.c_str(), link.step.c_str());
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
}

void guards_panel(const RunReport& r, PanelState& ps) {
    if (r.calls.empty()) {
        no_capture_note(r);
        return;
    }
    ImGui::Text("Calls of compiled frames (%d)", r.calls_total);
    if (r.calls_total > int(r.calls.size())) ImGui::TextDisabled("(the first %zu are listed)", r.calls.size());
    if (ImGui::BeginTable("##calls", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable,
                          ImVec2(0, ImGui::GetContentRegionAvail().y * 0.45f))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 30);
        ImGui::TableSetupColumn("function", ImGuiTableColumnFlags_WidthFixed, 200);
        ImGui::TableSetupColumn("outcome", ImGuiTableColumnFlags_WidthFixed, 80);
        ImGui::TableSetupColumn("entry", ImGuiTableColumnFlags_WidthFixed, 50);
        ImGui::TableSetupColumn("why (failing guards)");
        ImGui::TableHeadersRow();
        for (size_t i = 0; i < r.calls.size(); ++i) {
            const FrameCall& c = r.calls[i];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%zu", i + 1);
            ImGui::TableNextColumn();
            ImGui::Text("%s (line %d)", c.function.c_str(), c.first_line);
            ImGui::TableNextColumn();
            const ImVec4& col = c.outcome == "hit" ? kGreen : c.outcome == "recompile" || c.outcome == "error" ? kRed
                                : c.outcome == "compile"                                          ? kOrange
                                                                                                  : kDim;
            ImGui::TextColored(col, "%s", c.outcome.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(c.compile_id.c_str());
            ImGui::TableNextColumn();
            for (size_t k = 0; k < c.guard_failures.size(); ++k) {
                const std::string kind = k < c.guard_failure_kinds.size() ? c.guard_failure_kinds[k] : "";
                const RecompileInfo& info = recompile_info(kind);
                wrapped(c.guard_failures[k]);
                if (!kind.empty()) {
                    ImGui::TextColored(kOrange, "%s: %s", kind.c_str(), info.explain.c_str());
                    if (!info.fix.empty()) ImGui::TextDisabled("fix (%s): %s", fixer_name(info.fixer), info.fix.c_str());
                    ImGui::PushID(int(i * 64 + k));
                    LessonLink link = lesson_for_recompile(kind);
                    if (ImGui::SmallButton(("lesson " + link.lesson).c_str())) ps.open_lesson = link;
                    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Opens lessons/%s at \"%s\"", link.lesson.c_str(), link.step.c_str());
                    ImGui::PopID();
                }
            }
            if (!c.note.empty()) wrapped(c.note);
        }
        ImGui::EndTable();
    }
    const CompileRecord* c = compile_picker(r, ps, false);
    if (!c) return;
    ImGui::TextDisabled("Guards of compile %s (TORCH_LOGS=guards):", c->compile_id.c_str());
    code_view("##guards", c->guards.empty() ? "(no guards recorded)" : c->guards, SyntaxLanguage::Python);
}

void link_update(const RunReport& r, PanelState& ps, int runs) {
    if (ps.link_request.level != LinkPick::Level::None) {
        ps.link_pick = ps.link_request;
        ps.link_request = {};
        // A source line in another compile's graph: show that compile.
        if (ps.link_pick.level == LinkPick::Level::Source && ps.compile >= 0 && ps.compile < int(r.compiles.size())) {
            auto on_line = [&](const CompileRecord& c) {
                for (const GraphNode& n : c.nodes)
                    if (std::find(n.lines.begin(), n.lines.end(), ps.link_pick.line) != n.lines.end()) return true;
                return false;
            };
            if (!on_line(r.compiles[size_t(ps.compile)]))
                for (int i = 0; i < int(r.compiles.size()); ++i)
                    if (r.compiles[size_t(i)].has_graph && on_line(r.compiles[size_t(i)])) {
                        ps.compile = i;
                        break;
                    }
        }
    }
    const std::string key = std::to_string(runs) + "/" + std::to_string(ps.compile) + "/" +
                            link_level_name(ps.link_pick.level) + "/" + std::to_string(ps.link_pick.line) + "/" + ps.link_pick.name;
    if (key == ps.link_key) return;
    ps.link_key = key;
    ps.link_lines.clear();
    if (ps.compile < 0 || ps.compile >= int(r.compiles.size())) {
        ps.link_model = {};
        ps.linked = {};
        return;
    }
    // A new run keeps the pick: a source line is still the user's; a node or kernel is looked up by
    // name in the new graph (links to nothing when it is gone).
    ps.link_model = link_model(r.compiles[size_t(ps.compile)]);
    ps.linked = link(ps.link_model, ps.link_pick);
}

// The lines of `text` the linked selection lights in view `id` (cached until the selection changes).
static const std::vector<int>& lit_lines(PanelState& ps, const std::string& id, const std::string& text, bool kernels,
                                  const std::set<std::string>* nodes) {
    auto it = ps.link_lines.find(id);
    if (it != ps.link_lines.end()) return it->second;
    std::vector<int> v = kernels ? linked_kernel_lines(text, ps.linked.kernels) : linked_node_lines(text, *nodes);
    return ps.link_lines[id] = std::move(v);
}

// A code view lit by the selection whose clicks pick kernels (generated code) or nodes (graph code).
static void linked_code_view(PanelState& ps, const char* id, const std::string& text, SyntaxLanguage lang, ImVec2 size,
                      bool kernels, bool aten) {
    const std::vector<int>& lit = lit_lines(ps, id, text, kernels, aten ? &ps.linked.aten_nodes : &ps.linked.fx_nodes);
    int clicked = -1;
    code_view(id, text, lang, size, &lit, &clicked);
    if (clicked < 0) return;
    LinkPick p = kernels ? pick_kernel_line(text, clicked, ps.link_model.kernels) : pick_node_line(text, clicked, aten);
    if (p.level != LinkPick::Level::None) ps.link_request = p;
}

void graph_panel(const RunReport& r, PanelState& ps, int* jump_line, int* hover_line) {
    const CompileRecord* c = compile_picker(r, ps, true);
    if (!c) {
        no_capture_note(r);
        return;
    }
    ImGui::SameLine();
    bool has_aten = !c->inductor.empty() && !c->inductor.back().post_grad.empty();
    if (!has_aten) ps.aten_graph = false;
    if (has_aten) ImGui::Checkbox("aten graph with fused kernels", &ps.aten_graph);
    ViewGraph g = ps.aten_graph ? view_graph_from_aten(c->inductor.back()) : view_graph_from_fx(*c);
    ImGui::SameLine();
    if (ImGui::SmallButton("fit")) ps.graph.fit = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Zoom and pan so the whole graph shows");
    std::vector<std::string> modules = module_paths(g);
    if (!modules.empty()) {
        ImGui::SameLine();
        if (ImGui::SmallButton("open all modules")) {
            ps.graph.collapsed.clear();
            ps.graph.fit = true;
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("close all modules")) {
            ps.graph.collapsed = std::set<std::string>(modules.begin(), modules.end());
            ps.graph.fit = true;
        }
    }
    ImGui::TextDisabled("drag to pan, wheel to zoom, click a node to jump to its line, a module box to open it");
    // The key changes with the graph (another compile, view or node count): a new graph is fitted.
    graph_view("##graph", c->compile_id + (ps.aten_graph ? "/aten/" : "/fx/") + std::to_string(g.nodes.size()), g, ps.graph,
               jump_line, hover_line, &ps.linked, ps.aten_graph, &ps.link_request);
}

void captured_code_panel(const RunReport& r, PanelState& ps) {
    if (!r.scripted.empty()) {
        for (size_t i = 0; i < r.scripted.size(); ++i) {
            const ScriptGraph& s = r.scripted[i];
            ImGui::PushID(int(i));
            if (ImGui::CollapsingHeader(("torch.jit." + s.kind + "(" + s.name + ")").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
                ImGui::TextDisabled(".graph");
                code_view("##g", s.graph, SyntaxLanguage::Python, ImVec2(0, 220));
                ImGui::TextDisabled(".code");
                code_view("##c", s.code, SyntaxLanguage::Python, ImVec2(0, 160));
            }
            ImGui::PopID();
        }
        return;
    }
    const CompileRecord* c = compile_picker(r, ps, true);
    if (!c) {
        no_capture_note(r);
        return;
    }
    ImGui::TextDisabled("FX graph code (TORCH_LOGS=graph_code); node comments name the source lines");
    linked_code_view(ps, "##fx", c->fx_code, SyntaxLanguage::Python, ImVec2(0, ImGui::GetContentRegionAvail().y * 0.6f), false,
                     false);
    ImGui::TextDisabled("print(gm.graph)");
    code_view("##graphtext", c->graph_text, SyntaxLanguage::Python);
}

void generated_code_panel(const RunReport& r, PanelState& ps) {
    const CompileRecord* c = compile_picker(r, ps, true);
    if (!c) {
        no_capture_note(r);
        return;
    }
    if (c->inductor.empty()) {
        ImGui::TextDisabled("No generated code: the backend is not inductor, or the graph ran on the FX interpreter.");
        for (const auto& n : r.notes) wrapped(n, &kOrange);
        return;
    }
    const InductorArtifacts& a = c->inductor.back();
    // In the browser, output_code ends with the generated WebAssembly modules (codegen/wasm): their own tab.
    const size_t wasm_at = a.output_code.find(";; ---- WebAssembly kernels");
    // A plan compiled for the GPU prints CUDA as its output_code; a CPU plan's CUDA rendering comes
    // from the cuda_code log (what the same kernels look like on a GPU).
    const bool gpu_plan = a.output_code.rfind("// Kiln compiled graph: CUDA", 0) == 0;
    if (ImGui::BeginTabBar("##gen")) {
        if (ImGui::BeginTabItem(gpu_plan ? "CUDA (output_code)" : "C++ (output_code)")) {
            linked_code_view(ps, "##cpp", wasm_at == std::string::npos ? a.output_code : a.output_code.substr(0, wasm_at),
                             SyntaxLanguage::Cpp, ImVec2(0, 0), true, false);
            ImGui::EndTabItem();
        }
        if (wasm_at != std::string::npos && ImGui::BeginTabItem("WebAssembly (run in the page)")) {
            linked_code_view(ps, "##wasm", a.output_code.substr(wasm_at), SyntaxLanguage::Cpp, ImVec2(0, 0), true, false);
            ImGui::EndTabItem();
        }
        if (!gpu_plan && !a.cuda_code.empty() && ImGui::BeginTabItem("CUDA (the same plan for a GPU)")) {
            ImGui::TextDisabled("codegen/cuda's rendering of this plan: what device cuda would compile with NVRTC");
            linked_code_view(ps, "##cuda", a.cuda_code, SyntaxLanguage::Cpp, ImVec2(0, 0), true, false);
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("kernel plan (schedule)")) {
            linked_code_view(ps, "##plan", a.schedule, SyntaxLanguage::Cpp, ImVec2(0, 0), true, false);
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
}

void bytecode_panel(const RunReport& r, PanelState& ps) {
    const CompileRecord* c = compile_picker(r, ps, false);
    if (!c) {
        no_capture_note(r);
        return;
    }
    if (ImGui::BeginTable("##bc", 2, ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableSetupColumn("original");
        ImGui::TableSetupColumn("transformed (calls the compiled graph, then resumes)");
        ImGui::TableHeadersRow();
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        code_view("##orig", c->bytecode_original, SyntaxLanguage::Python);
        ImGui::TableNextColumn();
        code_view("##mod", c->bytecode_modified, SyntaxLanguage::Python);
        ImGui::EndTable();
    }
}

void passes_panel(const RunReport& r, PanelState& ps) {
    const CompileRecord* c = compile_picker(r, ps, true);
    if (!c) {
        no_capture_note(r);
        return;
    }
    if (c->inductor.empty() || c->inductor.back().passes.size() < 2) {
        ImGui::TextDisabled("No pass timeline: choose backend inductor (graphs that need grad run on the FX interpreter).");
        return;
    }
    const auto& steps = c->inductor.back().passes;
    ps.pass_step = std::clamp(ps.pass_step, 1, int(steps.size()) - 1);
    // The timeline: one button per pass, changed ones highlighted.
    for (int i = 1; i < int(steps.size()); ++i) {
        if (i > 1) ImGui::SameLine();
        bool sel = i == ps.pass_step;
        ImGui::PushStyleColor(ImGuiCol_Button, sel ? ImVec4(0.3f, 0.45f, 0.8f, 1)
                                                   : steps[i].changed ? ImVec4(0.35f, 0.3f, 0.15f, 1) : ImVec4(0.2f, 0.2f, 0.24f, 1));
        if (ImGui::Button(steps[i].name.c_str())) ps.pass_step = i;
        ImGui::PopStyleColor();
    }
    const PassStep& before = steps[ps.pass_step - 1];
    const PassStep& after = steps[ps.pass_step];
    ImGui::Text("%s: %s", after.name.c_str(), after.changed ? "changed the graph" : "unchanged");
    ImGui::SameLine();
    ImGui::TextDisabled("(left/right arrows step; new lines green, removed lines red; click a node to link it)");
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) {
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) ps.pass_step = std::max(1, ps.pass_step - 1);
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) ps.pass_step = std::min(int(steps.size()) - 1, ps.pass_step + 1);
    }
    auto lines_of = [](const std::string& s) {
        std::vector<std::string> out;
        std::istringstream in(s);
        for (std::string l; std::getline(in, l);) out.push_back(l);
        return out;
    };
    auto b = lines_of(before.graph), a = lines_of(after.graph);
    std::multiset<std::string> bs(b.begin(), b.end()), as(a.begin(), a.end());
    // Each side is a code view: a removed line (before) or a new one (after) on a red or green
    // ground; the linked selection lights the nodes it links to by name (the passes rename nothing
    // they keep: a node the pass removed or made has no aten node of the final graph to link to), and
    // a click on a node picks it, lighting its source line, FX node and kernel everywhere else.
    auto side = [&](const char* id, const std::string& text, const std::vector<std::string>& lines,
                    const std::multiset<std::string>& other, ImU32 changed) {
        std::vector<ImU32> bg(lines.size(), 0);
        for (size_t i = 0; i < lines.size(); ++i)
            if (!other.count(lines[i])) bg[i] = changed;
        const std::vector<int>& lit = lit_lines(ps, std::string(id) + "/" + std::to_string(ps.pass_step), text, false,
                                                &ps.linked.aten_nodes);
        int clicked = -1;
        code_view(id, text, SyntaxLanguage::Python, ImVec2(0, 0), &lit, &clicked, &bg);
        if (clicked < 0) return;
        LinkPick p = pick_node_line(text, clicked, true);
        if (p.level != LinkPick::Level::None) ps.link_request = p;
    };
    if (ImGui::BeginTable("##passes", 2, ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
        ImGui::TableSetupColumn(("before (" + before.name + ")").c_str());
        ImGui::TableSetupColumn(("after " + after.name).c_str());
        ImGui::TableHeadersRow();
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        side("##pass_before", before.graph, b, as, IM_COL32(255, 107, 102, 48));
        ImGui::TableNextColumn();
        side("##pass_after", after.graph, a, bs, IM_COL32(115, 217, 128, 48));
        ImGui::EndTable();
    }
}

void fusion_panel(const RunReport& r, PanelState& ps) {
    for (const auto& n : r.notes) wrapped(n, &kOrange);
    const CompileRecord* c = compile_picker(r, ps, true);
    if (!c) {
        no_capture_note(r);
        return;
    }
    if (c->inductor.empty()) {
        ImGui::TextDisabled("No fusion decisions: choose backend inductor.");
        return;
    }
    const InductorArtifacts& a = c->inductor.back();
    ViewGraph g = view_graph_from_aten(a);
    ImGui::Text("%zu fused kernel(s)", g.kernels.size());
    for (size_t k = 0; k < g.kernels.size(); ++k) {
        std::string ops;
        for (const auto& n : g.nodes)
            if (n.group == int(k)) ops += (ops.empty() ? "" : ", ") + n.name;
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(graph_colour(int(k), 1)), "  %s", g.kernels[k].c_str());
        ImGui::SameLine();
        ImGui::TextDisabled("<- %s", ops.c_str());
    }
    ImGui::Separator();
    ImGui::Text("Why not fused");
    if (a.not_fused.empty()) ImGui::TextDisabled("  every neighbouring pair was fused");
    for (const auto& n : a.not_fused) wrapped("  " + n);
}

}  // namespace kiln::playground
