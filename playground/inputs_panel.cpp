// The inputs ("what-if") panel: a compiled function's arguments as its guards saw them, editable;
// the recorded guards checked against the edits before anything runs (whatif.h), and "Run with
// these" to see the engine do what the panel predicted.
#include <algorithm>
#include <cstdio>

#include "editor.h"
#include "imgui.h"
#include "palette.h"
#include "panels.h"

namespace kiln::playground {
namespace {

namespace dyn = capture::dynamo;
using namespace palette;

bool input_text(const char* id, std::string& value, float width) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s", value.c_str());
    ImGui::SetNextItemWidth(width * ImGui::GetIO().FontGlobalScale);  // presenter mode scales fonts
    if (!ImGui::InputText(id, buf, sizeof buf)) return false;
    value = buf;
    return true;
}

// The compile records that have recorded arguments; the picker keeps ps.compile among them.
const CompileRecord* picker(const RunReport& r, PanelState& ps) {
    std::vector<int> idx;
    for (int i = 0; i < int(r.compiles.size()); ++i)
        if (!r.compiles[i].inputs.empty()) idx.push_back(i);
    if (idx.empty()) return nullptr;
    if (std::find(idx.begin(), idx.end(), ps.compile) == idx.end()) ps.compile = idx.front();
    auto label = [&](int i) {
        const CompileRecord& c = r.compiles[i];
        return "[" + c.compile_id + "] " + c.function + " (line " + std::to_string(c.first_line) + ")";
    };
    ImGui::SetNextItemWidth(320 * ImGui::GetIO().FontGlobalScale);
    if (ImGui::BeginCombo("compiled entry", label(ps.compile).c_str())) {
        for (int i : idx)
            if (ImGui::Selectable(label(i).c_str(), i == ps.compile)) ps.compile = i;
        ImGui::EndCombo();
    }
    return &r.compiles[size_t(ps.compile)];
}

}  // namespace

void inputs_panel(const RunReport& r, PanelState& ps) {
    const CompileRecord* c = picker(r, ps);
    if (!c) {
        ImGui::TextDisabled("No compiled function yet: run in compile mode a program that calls a torch.compile'd function.");
        return;
    }
    // A new entry (or a new run that changed what the entry saw) starts from the seen values.
    bool fresh = ps.whatif.compile_id != c->compile_id || ps.whatif.args.size() != c->inputs.size();
    for (size_t i = 0; !fresh && i < c->inputs.size(); ++i) fresh = ps.whatif.args[i].name != c->inputs[i].first;
    if (fresh) ps.whatif = whatif_start(*c);
    ImGui::SameLine();
    if (ImGui::Button("Reset to seen")) ps.whatif = whatif_start(*c);

    ImGui::TextDisabled("The arguments of the call that compiled this entry. Edit them: the guards are checked before anything runs.");
    if (ImGui::BeginTable("##args", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("argument");
        ImGui::TableSetupColumn("as the guards saw it");
        ImGui::TableSetupColumn("what if", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        for (size_t i = 0; i < ps.whatif.args.size(); ++i) {
            WhatIfArg& a = ps.whatif.args[i];
            ImGui::PushID(int(i));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(a.name.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(a.seen.text().c_str());
            ImGui::TableNextColumn();
            if (!a.editable) {
                ImGui::TextDisabled(a.name == "self" ? "the compiled module itself" : "an object: passed as it was");
            } else if (a.is_tensor) {
                static const char* const kDtypes[] = {"float32", "float64", "float16", "bfloat16", "int64",
                                                      "int32",   "int16",   "int8",    "uint8",    "bool"};
                ImGui::SetNextItemWidth(90 * ImGui::GetIO().FontGlobalScale);
                if (ImGui::BeginCombo("##dtype", a.dtype.c_str())) {
                    for (const char* d : kDtypes)
                        if (ImGui::Selectable(d, a.dtype == d)) a.dtype = d;
                    ImGui::EndCombo();
                }
                ImGui::SameLine();
                input_text("sizes##s", a.sizes, 110);
                ImGui::SameLine();
                ImGui::Checkbox("requires_grad", &a.requires_grad);
            } else {
                input_text("##lit", a.literal, 160);
            }
            ImGui::PopID();
        }
        ImGui::EndTable();
    }

    WhatIfVerdict v = whatif_evaluate(r, *c, ps.whatif);
    for (const auto& e : v.errors) ImGui::TextColored(kRed, "%s", e.c_str());
    if (v.errors.empty()) {
        if (!v.hit.empty()) ImGui::TextColored(kGreen, "Prediction: reuses compiled entry %s (every guard holds)", v.hit.c_str());
        else ImGui::TextColored(kOrange, "Prediction: no entry matches: Dynamo recompiles (or runs eagerly past the recompile limit)");
    }
    std::string error;
    RunOptions::ExtraCall extra;
    bool can_run = v.errors.empty() && whatif_extra_call(*c, ps.whatif, &extra, &error);
    ImGui::BeginDisabled(!can_run);
    if (ImGui::Button("Run with these")) {
        ps.extra = extra;
        ps.run_extra = true;
    }
    if (ImGui::IsItemHovered() && can_run)
        ImGui::SetTooltip("Runs the program again, then calls %s(...) once more with these values", c->function.c_str());
    ImGui::EndDisabled();
    if (!can_run && !error.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", error.c_str());
    }

    // What the last "Run with these" did: the engine's own verdict next to the prediction.
    if (!r.extra_call.empty()) {
        ImGui::Separator();
        ImGui::Text("Last extra call: %s", r.extra_call.c_str());
        if (!r.extra_error.empty()) {
            ImGui::TextColored(kRed, "  did not run: %s", r.extra_error.c_str());
        } else if (r.extra_call_record >= 0 && r.extra_call_record < int(r.calls.size())) {
            const FrameCall& call = r.calls[size_t(r.extra_call_record)];
            ImGui::TextColored(call.outcome == "hit" ? kGreen : kOrange, "  engine: %s %s", call.outcome.c_str(), call.compile_id.c_str());
            for (const auto& f : call.guard_failures) ImGui::TextColored(kDim, "    %s", f.c_str());
        }
    }

    // Every guard of every entry of this frame, newest entry first (Dynamo's lookup order).
    ImGui::Separator();
    for (const WhatIfEntryVerdict& e : v.entries) {
        ImGui::PushID(e.compile_id.c_str());
        const bool holds = e.first_failure.empty();
        std::string head = "entry " + e.compile_id + (holds ? ": every guard holds" : ": fails: " + e.first_failure);
        ImGui::PushStyleColor(ImGuiCol_Text, holds ? kGreen : kOrange);
        bool open = ImGui::TreeNodeEx(head.c_str(), e.compile_id == c->compile_id ? ImGuiTreeNodeFlags_DefaultOpen : 0);
        ImGui::PopStyleColor();
        if (open) {
            for (const auto& g : e.guards) {
                using O = dyn::WhatIfResult::Outcome;
                const char* mark = g.result.outcome == O::Holds ? "ok  " : g.result.outcome == O::Fails ? "FAIL" : " -  ";
                const ImVec4& col = g.result.outcome == O::Holds ? kGreen : g.result.outcome == O::Fails ? kRed : kDim;
                ImGui::TextColored(col, "%s", mark);
                ImGui::SameLine();
                ImGui::TextUnformatted((g.fact->kind_name + ": " + g.fact->code).c_str());
                if (g.result.outcome != O::Holds) {
                    ImGui::SameLine();
                    ImGui::TextColored(col, " %s", g.result.reason.c_str());
                }
            }
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
}

}  // namespace kiln::playground
