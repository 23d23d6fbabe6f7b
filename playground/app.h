// The playground's user interface: platform-free Dear ImGui code.
//
// A platform main (web/main.cpp for the browser; later native/ for the desktop app) creates the
// window and the ImGui context, then calls playground_frame() once per frame between
// ImGui::NewFrame() and ImGui::Render(). Everything the UI remembers lives in PlaygroundState.
#pragma once
#include <cstdint>
#include <string>

namespace kiln::playground {

struct PlaygroundState {
    int demo = 0;  // index into demo_list()
    int rows = 2;
    int cols = 3;
    // The last run, redone whenever the demo or a size changes.
    bool dirty = true;
    bool ok = true;
    std::string output;
    double millis = 0;
};

// Registers the fonts the UI needs (the default font plus an em dash glyph) into io.Fonts; call
// once after ImGui::CreateContext(), before the renderer builds the font texture.
void playground_load_fonts();

// Draws one frame of the UI (the "Kiln — eager tensor engine" window) and reruns the demo if needed.
void playground_frame(PlaygroundState& state);

}  // namespace kiln::playground
