// The Start card (see start_card.h).
#include "start_card.h"

#include "app.h"
#include "imgui.h"
#include "lesson_panel.h"

namespace kiln::playground {

const StartTry* start_tries(int* count) {
    static const StartTry tries[] = {
        {"See a graph break", "print() inside a compiled function splits it into two graphs: the Breaks tab says why",
         "print_break", "compile", "breaks"},
        {"See a recompile", "a new input shape fails a guard: the Guards tab shows the guard and the recompile",
         "recompile", "compile", "guards"},
        {"See kernels fuse", "a transformer block becomes a few fused kernels: the Fusion tab shows which and why",
         "transformer", "compile", "fusion"},
    };
    *count = int(sizeof(tries) / sizeof(tries[0]));
    return tries;
}

void start_card(PlaygroundState& s, StartRequest* rq) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted("Welcome to Kiln");
    ImGui::Separator();
    ImGui::TextUnformatted(
        "Kiln runs a PyTorch program and shows what PyTorch 2's compiler does with it: the graphs torch.compile "
        "captures, where and why it breaks them, the guards that decide when it recompiles, and the fused kernels "
        "it generates. It is PyTorch in miniature, written in C++ and running entirely in this page; its test "
        "corpus checks what it prints against what PyTorch 2.11 prints for the same programs.");
    ImGui::Spacing();
    ImGui::TextUnformatted("Bring your own model: click into the editor on the left, select all (Ctrl+A) and paste "
                           "(Ctrl+V). It runs as you type; Ctrl+Enter runs it at once. The mode menu above picks "
                           "eager, torch.jit.trace, torch.jit.script or torch.compile.");
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("Three things to try");
    int n = 0;
    const StartTry* tries = start_tries(&n);
    for (int i = 0; i < n; ++i) {
        ImGui::PushID(i);
        if (ImGui::Button(tries[i].label)) *rq = {tries[i].example, tries[i].mode, tries[i].panel, ""};
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tries[i].what);
        ImGui::PopID();
    }
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("Lessons");
    lesson_load(s.lessons);
    if (s.lessons.course.lessons.empty()) ImGui::TextDisabled("No lessons were built into this page.");
    for (size_t i = 0; i < s.lessons.course.lessons.size(); ++i) {
        const Lesson& L = s.lessons.course.lessons[i];
        ImGui::PushID(int(i));
        if (ImGui::SmallButton("Open")) rq->lesson = L.id;
        ImGui::SameLine();
        ImGui::Text("%zu. %s", i + 1, L.title.c_str());
        if (ImGui::IsItemHovered() && !L.summary.empty()) ImGui::SetTooltip("%s", L.summary.c_str());
        ImGui::PopID();
    }
    ImGui::Spacing();
    ImGui::TextDisabled("Help > Start here shows this card again.");
    ImGui::PopTextWrapPos();
}

}  // namespace kiln::playground
