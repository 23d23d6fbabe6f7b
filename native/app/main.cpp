// The desktop playground's main: an SDL2 window with an OpenGL 3 context, Dear ImGui on top, and
// the platform-free playground UI (playground/app.h), with programs on a thread (runner.h). The
// browser's main (web/main.cpp) differs only in its loop (main_loop.h), its Web Worker and the URL.
//
//   kiln_app                       opens the first example
//   kiln_app --hash '#example=print_break&mode=compile'
//                                  opens a share link's state (the part after '#')
//   kiln_app --smoke --screenshot out.bmp [--hash ...] [--panel inputs]
//                                  the smoke test: runs the program, draws a few frames with a
//                                  panel shown (default: breaks), writes the window as a BMP and exits (status 0
//                                  when the run finished; tests/native/check_screenshot.py checks it)
#include <SDL.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app.h"
#include "cuda/cuda.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "main_loop.h"

#if defined(__APPLE__)
#include <OpenGL/gl3.h>
#else
#include <GL/gl.h>
#endif

using namespace kiln::playground;

namespace {

struct Args {
    std::string hash;
    std::string screenshot;
    std::string panel = "breaks";
    bool smoke = false;
    int width = 1280, height = 800;
};

bool parse_args(int argc, char** argv, Args* a) {
    for (int i = 1; i < argc; ++i) {
        std::string k = argv[i];
        auto value = [&](std::string* out) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "kiln_app: %s needs a value\n", k.c_str());
                return false;
            }
            *out = argv[++i];
            return true;
        };
        if (k == "--smoke") a->smoke = true;
        else if (k == "--hash") {
            if (!value(&a->hash)) return false;
        } else if (k == "--panel") {
            if (!value(&a->panel)) return false;
        } else if (k == "--screenshot") {
            if (!value(&a->screenshot)) return false;
        } else {
            std::fprintf(stderr, "kiln_app: unknown argument '%s'\nusage: kiln_app [--hash '#...'] [--panel ID] [--smoke --screenshot out.bmp]\n",
                         k.c_str());
            return false;
        }
    }
    return true;
}

// The window's pixels (the back buffer just drawn) as a 24-bit BMP, top row first on screen.
bool write_screenshot(const std::string& path, int w, int h) {
    std::vector<unsigned char> rgba(size_t(w) * size_t(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_BGR24);
    if (!s) return false;
    for (int y = 0; y < h; ++y) {  // OpenGL's rows go bottom-up
        const unsigned char* src = rgba.data() + size_t(h - 1 - y) * size_t(w) * 4;
        unsigned char* dst = static_cast<unsigned char*>(s->pixels) + size_t(y) * size_t(s->pitch);
        for (int x = 0; x < w; ++x) {
            dst[3 * x + 0] = src[4 * x + 2];
            dst[3 * x + 1] = src[4 * x + 1];
            dst[3 * x + 2] = src[4 * x + 0];
        }
    }
    bool ok = SDL_SaveBMP(s, path.c_str()) == 0;
    SDL_FreeSurface(s);
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    Args args;
    if (!parse_args(argc, argv, &args)) return 2;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "kiln_app: SDL_Init failed: %s (no display? run under xvfb-run)\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 2);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    auto flags = SDL_WindowFlags(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Window* window = SDL_CreateWindow("Kiln — playground", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, args.width,
                                          args.height, flags);
    SDL_GLContext gl = window ? SDL_GL_CreateContext(window) : nullptr;
    if (!gl) {
        std::fprintf(stderr, "kiln_app: no OpenGL 3.2 context: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_MakeCurrent(window, gl);
    SDL_GL_SetSwapInterval(args.smoke ? 0 : 1);

    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is the program's, not a file's
    ImGui::StyleColorsDark();
    playground_load_fonts();
    ImGui_ImplSDL2_InitForOpenGL(window, gl);
    ImGui_ImplOpenGL3_Init("#version 150");

    static PlaygroundState state;  // outlives main's loop (main_loop.h)
    state.runner = make_thread_runner();
    if (kiln::cuda::is_available()) state.devices.push_back("cuda");  // a CUDA build on a GPU machine
    playground_init(state, args.hash, /*first_visit=*/true);
    state.panels.select_tab = args.panel;

    int frames_after_run = -1;  // smoke: frames drawn since the run finished
    int status = 0;
    main_loop_run([&]() {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            ImGui_ImplSDL2_ProcessEvent(&event);
            if (event.type == SDL_QUIT) return false;
            if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
                event.window.windowID == SDL_GetWindowID(window))
                return false;
        }
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        playground_frame(state);
        ImGui::Render();
        const ImGuiIO& io = ImGui::GetIO();
        const int fw = int(io.DisplaySize.x * io.DisplayFramebufferScale.x), fh = int(io.DisplaySize.y * io.DisplayFramebufferScale.y);
        glViewport(0, 0, fw, fh);
        glClearColor(0.11f, 0.11f, 0.12f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        if (args.smoke) {
            if (state.runs > 0 && !state.running && !state.run_pending && frames_after_run < 0) frames_after_run = 0;
            // A few frames after the run: tabs settle, the Breaks tab is selected, text is laid out.
            if (frames_after_run >= 0 && ++frames_after_run == 4) {
                const RunReport& r = state.report;
                std::printf("kiln_app smoke: ran %s in %.1f ms: ok=%d, %d graph(s), %zu break(s); window %dx%d\n",
                            state.example.c_str(), r.millis, int(r.ok), r.graph_count(), r.breaks.size(), fw, fh);
                if (!args.screenshot.empty() && !write_screenshot(args.screenshot, fw, fh)) {
                    std::fprintf(stderr, "kiln_app: could not write %s: %s\n", args.screenshot.c_str(), SDL_GetError());
                    status = 1;
                }
                if (!r.ok) {
                    std::fprintf(stderr, "kiln_app: the program failed: %s: %s\n", r.error.type.c_str(), r.error.message.c_str());
                    status = 1;
                }
                return false;
            }
        }
        SDL_GL_SwapWindow(window);
        return true;
    });

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
