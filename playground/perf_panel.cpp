// The performance panel: for one compiled graph, eager vs compiled time (measured on request: the
// median of a few calls of each, RunOptions::ExtraCall with measure), kernel launches and bytes
// moved (perf_model.h, from the plan and the aten graph), and the plan's launches in order as a
// timeline: widths are each launch's measured time after Measure (backends/step_profile.h: host
// clocks, or CUDA events for a GPU plan), the bytes it moves before; timed launches name the engine
// that ran them (interpreter, native, wasm, eager for extern kernels and fallbacks, cuda).
#include <algorithm>

#include "editor.h"
#include "imgui.h"
#include "panels.h"
#include "perf_model.h"
#include "whatif.h"

namespace kiln::playground {
namespace {

// A titled rule (ImGui 1.86 has no SeparatorText).
void section(const char* title) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextDisabled("%s", title);
}

const ImVec4 kEager(0.85f, 0.55f, 0.3f, 1), kCompiled(0.35f, 0.65f, 0.95f, 1);

// Two horizontal bars on one scale: `a` against `b`, labelled with their values.
void bars(const char* label_a, double a, const char* label_b, double b, const char* unit) {
    const double top = std::max(a, b) > 0 ? std::max(a, b) : 1;
    const float width = ImGui::GetContentRegionAvail().x - 200;
    auto bar = [&](const char* label, double v, const ImVec4& col) {
        ImGui::Text("%-9s", label);
        ImGui::SameLine(90 * ImGui::GetIO().FontGlobalScale);
        ImVec2 p = ImGui::GetCursorScreenPos();
        float w = std::max(2.0f, float(v / top) * std::max(50.0f, width));
        float h = ImGui::GetTextLineHeight();
        ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::ColorConvertFloat4ToU32(col));
        ImGui::Dummy(ImVec2(w, h));
        ImGui::SameLine();
        if (std::string(unit) == "B") ImGui::Text("%s", bytes_text(int64_t(v)).c_str());
        else ImGui::Text("%.3g %s", v, unit);
    };
    bar(label_a, a, kEager);
    bar(label_b, b, kCompiled);
}

}  // namespace

void performance_panel(const RunReport& r, PanelState& ps) {
    std::vector<int> idx;
    for (int i = 0; i < int(r.compiles.size()); ++i)
        if (!r.compiles[i].inductor.empty()) idx.push_back(i);
    if (idx.empty()) {
        ImGui::TextDisabled("No kernel plan: run in compile mode with backend inductor.");
        return;
    }
    if (std::find(idx.begin(), idx.end(), ps.compile) == idx.end()) ps.compile = idx.front();
    auto label = [&](int i) { return "[" + r.compiles[i].compile_id + "] " + r.compiles[i].function + " (" + r.compiles[i].graph_name + ")"; };
    ImGui::SetNextItemWidth(320 * ImGui::GetIO().FontGlobalScale);
    if (ImGui::BeginCombo("compile", label(ps.compile).c_str())) {
        for (int i : idx)
            if (ImGui::Selectable(label(i).c_str(), i == ps.compile)) ps.compile = i;
        ImGui::EndCombo();
    }
    const CompileRecord& c = r.compiles[size_t(ps.compile)];
    const PerfModel m = perf_model(c.inductor.back());

    // ---- time: measured on request ------------------------------------------------------------
    section("time per call (median)");
    WhatIfEdit seen = whatif_start(c);
    RunOptions::ExtraCall extra;
    std::string error;
    bool can_measure = whatif_extra_call(c, seen, &extra, &error);
    ImGui::BeginDisabled(!can_measure);
    if (ImGui::Button("Measure")) {
        extra.measure = true;
        extra.repeats = ps.perf_repeats;
        ps.extra = extra;
        ps.run_extra = true;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::SetNextItemWidth(80 * ImGui::GetIO().FontGlobalScale);
    ImGui::SliderInt("calls", &ps.perf_repeats, 3, 25);
    if (!can_measure) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", error.c_str());
    }
    const bool measured = r.eager_ms > 0 && r.compiled_ms > 0 && r.extra_call.rfind(c.function + "(", 0) == 0;
    if (measured) {
        bars("eager", r.eager_ms, "compiled", r.compiled_ms, "ms");
        ImGui::TextDisabled("%s: %.2fx (the arguments as first seen, fresh random values; after one warm-up call each;"
                            " medians of samples of %d call%s)",
                            r.compiled_ms < r.eager_ms ? "faster" : "slower", r.eager_ms / r.compiled_ms, r.measure_batch,
                            r.measure_batch == 1 ? "" : "s");
    } else if (!r.measure_note.empty() && r.extra_call.rfind(c.function + "(", 0) == 0) {
        ImGui::TextColored(ImVec4(1, 0.65f, 0.25f, 1), "%s", r.measure_note.c_str());
    } else if (!r.extra_error.empty()) {
        ImGui::TextColored(ImVec4(1, 0.42f, 0.4f, 1), "%s", r.extra_error.c_str());
    } else {
        ImGui::TextDisabled("Measure runs the program again, then times %s eagerly and compiled.", c.function.c_str());
    }

    if (!m.ok) {
        ImGui::TextDisabled("No kernel plan for this graph (it ran on the FX graph interpreter).");
        return;
    }
    // ---- launches and bytes: from the plan ------------------------------------------------------
    section("kernel launches");
    bars("eager", m.eager_launches, "compiled", double(m.steps.size()), "");
    section("bytes moved (read + written, per call)");
    bars("eager", double(m.eager_bytes), "compiled", double(m.compiled_bytes), "B");
    if (m.peak_eager || m.peak_compiled) {
        section("peak memory of intermediates (the memory plan)");
        bars("eager", double(m.peak_eager), "compiled", double(m.peak_compiled), "B");
    }

    // ---- timeline: the plan's launches in order; widths = measured time, else bytes -------------
    const PerfTimeline tl = perf_timeline(m, measured ? r.kernel_profile : std::vector<backends::PlanProfile>{});
    section(!tl.timed          ? "timeline (launch order; width = bytes moved; Measure times each launch)"
            : tl.engine == "cuda" ? "timeline (one compiled call, each launch timed by CUDA events on the GPU; width = time)"
                                  : "timeline (one compiled call, each launch timed on the host; width = time)");
    if (tl.timed)
        ImGui::TextDisabled("kernels ran on %s; the call took %.3f ms", perf_engine_label(tl.engine).c_str(), tl.total_ms);
    auto weight = [&](const PerfLaunch& l) { return tl.timed ? std::max(l.ms, 1e-4) : double(std::max<int64_t>(l.bytes, 1)); };
    double total = 0;
    for (const PerfLaunch& l : tl.launches) total += weight(l);
    const float full = ImGui::GetContentRegionAvail().x;
    ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight() * 2;
    float x = p.x;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (size_t i = 0; i < tl.launches.size(); ++i) {
        const PerfLaunch& l = tl.launches[i];
        float w = std::max(3.0f, full * float(weight(l) / std::max(total, 1e-9)));
        ImU32 col = l.kind == "kernel" ? graph_colour(int(i), 1) : l.kind == "extern" ? IM_COL32(140, 140, 150, 255) : IM_COL32(200, 90, 80, 255);
        dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + w - 1, p.y + h), col);
        if (ImGui::IsMouseHoveringRect(ImVec2(x, p.y), ImVec2(x + w, p.y + h))) {
            if (tl.timed)
                ImGui::SetTooltip("%s (%s)\nran on %s\n%.3f ms, %s moved", l.name.c_str(), l.kind.c_str(),
                                  perf_engine_label(l.engine).c_str(), l.ms, bytes_text(l.bytes).c_str());
            else
                ImGui::SetTooltip("%s (%s)\n%s moved", l.name.c_str(), l.kind.c_str(), bytes_text(l.bytes).c_str());
        }
        x += w;
    }
    ImGui::Dummy(ImVec2(full, h));
    for (const PerfLaunch& l : tl.launches) {
        if (tl.timed)
            ImGui::BulletText("%s  %s  [%s]  %.3f ms  %s", l.kind.c_str(), l.name.c_str(), l.engine.c_str(), l.ms,
                              bytes_text(l.bytes).c_str());
        else
            ImGui::BulletText("%s  %s  %s", l.kind.c_str(), l.name.c_str(), bytes_text(l.bytes).c_str());
    }
    if (measured && !tl.timed)
        ImGui::TextDisabled("(no per-launch times: this graph's plan did not run during the measured call, or was replayed as a CUDA graph)");
}

}  // namespace kiln::playground
