// The main loop: the one place where the browser and the desktop differ (ImGui's
// emscripten_mainloop_stub.h, as a function).
//
// A desktop main loops until the window closes. In the browser the page owns the loop: the frame
// function is handed to requestAnimationFrame through emscripten_set_main_loop, and main() never
// returns (simulate_infinite_loop unwinds it), so code after main_loop_run() runs only natively and
// anything the frame uses must outlive main's stack (statics or heap, not main's locals).
#pragma once
#include <functional>
#include <utility>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace kiln::playground {

// Calls frame() once per display frame until it returns false.
inline void main_loop_run(std::function<bool()> frame) {
#ifdef __EMSCRIPTEN__
    static std::function<bool()> s_frame;
    s_frame = std::move(frame);
    emscripten_set_main_loop([] { if (!s_frame()) emscripten_cancel_main_loop(); }, 0, true);
#else
    while (frame()) {
    }
#endif
}

}  // namespace kiln::playground
