// The playground window: pick a demo expression and its sizes, see the PyTorch source and what the
// engine prints for it (see app.h; the demos themselves are in demos.cpp).
#include "app.h"

#include <cfloat>
#include <cmath>

#include "demos.h"
#include "imgui.h"

#ifndef KILN_VERSION
#define KILN_VERSION "dev"
#endif

namespace kiln::playground {
namespace {

const ImVec4 kErrorColor(1.0f, 0.38f, 0.35f, 1.0f);
const ImVec4 kSourceColor(0.55f, 0.85f, 1.0f, 1.0f);
constexpr float kWindowWidth = 640;
constexpr int kMaxSize = 8;  // larger tensors print summarized and do not fit the window anyway
constexpr ImWchar kEmDash = 0x2014;

void rerun(PlaygroundState& state) {
    const auto& demos = demo_list();
    DemoResult result = demo_run(demos[state.demo].name, state.rows, state.cols);
    state.ok = result.ok;
    state.output = std::move(result.output);
    state.millis = result.millis;
    state.dirty = false;
}

// Text in a framed, full-width box sized to its contents.
void framed_text(const char* id, const std::string& text, const ImVec4* color) {
    const ImGuiStyle& style = ImGui::GetStyle();
    ImVec2 size = ImGui::CalcTextSize(text.c_str());
    ImGui::PushStyleColor(ImGuiCol_ChildBg, style.Colors[ImGuiCol_FrameBg]);
    ImGui::BeginChild(id, ImVec2(0, size.y + style.WindowPadding.y * 2), true,
                      ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
    ImGui::TextUnformatted(text.c_str());
    if (color) ImGui::PopStyleColor();
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

}  // namespace

void playground_load_fonts() {
    // The built-in font (ProggyClean) covers Latin-1 only; the window title's em dash is added as a
    // hand-drawn glyph: a full-width line at the height of ProggyClean's '-'.
    ImGuiIO& io = ImGui::GetIO();
    ImFont* font = io.Fonts->AddFontDefault();
    int rect_id = io.Fonts->AddCustomRectFontGlyph(font, kEmDash, 7, 13, 7.0f, ImVec2(0, 0));
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas; the renderer reuses it
    const ImFontAtlasCustomRect* rect = io.Fonts->GetCustomRectByIndex(rect_id);
    const ImFontGlyph* dash = font->FindGlyphNoFallback('-');
    if (!rect || !dash) return;
    int y0 = int(std::floor(dash->Y0)), y1 = int(std::ceil(dash->Y1));
    for (int y = y0; y < y1 && y < rect->Height; ++y)
        for (int x = 0; x < rect->Width; ++x) {
            unsigned int* p = reinterpret_cast<unsigned int*>(pixels) + (rect->Y + y) * width + (rect->X + x);
            *p = IM_COL32(255, 255, 255, 255);
        }
}

void playground_frame(PlaygroundState& state) {
    const auto& demos = demo_list();
    ImGui::SetNextWindowPos(ImVec2(16, 16), ImGuiCond_FirstUseEver);
    // Fixed width, height fitted to the contents (which change with the demo and its sizes).
    ImGui::SetNextWindowSizeConstraints(ImVec2(kWindowWidth, 0), ImVec2(kWindowWidth, FLT_MAX));
    ImGui::Begin("Kiln — eager tensor engine", nullptr, ImGuiWindowFlags_AlwaysAutoResize);

    ImGui::TextWrapped("Kiln %s: PyTorch 2 in miniature. These tensors are computed by Kiln's eager engine "
                       "(C++ compiled to WebAssembly) and printed exactly as PyTorch prints them.",
                       KILN_VERSION);
    ImGui::Separator();

    ImGui::PushItemWidth(kWindowWidth * 0.6f);
    if (ImGui::BeginCombo("expression", demos[state.demo].label)) {
        for (int i = 0; i < int(demos.size()); ++i) {
            bool selected = i == state.demo;
            if (ImGui::Selectable(demos[i].label, selected)) {
                state.demo = i;
                state.dirty = true;
            }
            if (selected) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    state.dirty |= ImGui::SliderInt("rows", &state.rows, 1, kMaxSize);
    state.dirty |= ImGui::SliderInt("cols", &state.cols, 1, kMaxSize);
    ImGui::PopItemWidth();
    if (state.dirty) rerun(state);

    ImGui::Spacing();
    ImGui::TextDisabled("PyTorch");
    framed_text("##source", demo_source(demos[state.demo].name, state.rows, state.cols), &kSourceColor);

    ImGui::Spacing();
    ImGui::TextDisabled(state.ok ? "Output" : "Error");
    framed_text("##output", state.output, state.ok ? nullptr : &kErrorColor);
    ImGui::TextDisabled("computed by the engine in %.3f ms", state.millis);

    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextWrapped("Coming next: the Python-subset language (type your own program), graph capture "
                       "(trace, script, Dynamo-style), compiler passes and generated kernels, side by side.");
    ImGui::End();
}

}  // namespace kiln::playground
