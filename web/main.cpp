// The browser playground's main: an SDL2 window with a WebGL2 context, Dear ImGui on top, the
// platform-free playground UI (playground/app.h), the URL hash (share links) kept in sync with it,
// and the C functions behind window.kiln (kiln_api.js.in wraps them for JavaScript).
//
// The same kiln.js also starts inside a Web Worker, where programs run (worker_runner.h): there
// main() opens no window and only answers the page's requests (window.kiln.session's function).
#include <SDL.h>
#include <GLES3/gl3.h>
#include <emscripten.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

#include "app.h"
#include "vm/interpreter.h"
#include "demos.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "main_loop.h"
#include "report_json.h"
#include "worker_runner.h"

using namespace kiln::playground;

namespace {
// The UI's state lives past main() (see main_loop.h) and is read by window.kiln.ui().
PlaygroundState& ui_state() {
    static PlaygroundState state;
    return state;
}

// Where the page's frames spend their time (window.kiln.timing(); web/tests/latency.mjs): the last
// frame's, and the one that took in the last run's report: from the frame's start through ImGui's
// Render (events, every visible panel built), then WebGL's draw; and how many frames were drawn.
struct FrameTimes {
    int count = 0, drawn = 0;
    double ui_ms = 0, gl_ms = 0, report_ui_ms = 0, report_gl_ms = 0;
    void record(double ui, double gl, bool was_drawn, bool took_report) {
        ++count;
        drawn += was_drawn;
        ui_ms = ui, gl_ms = gl;
        if (took_report) report_ui_ms = ui, report_gl_ms = gl;
    }
} g_frames;

// How long the frame of a run's start waits for its report before it is drawn anyway (main loop).
constexpr double kReportWaitSeconds = 0.05;

// A frame is drawn only when its picture differs from the last one drawn: the same vertices, indices,
// clip rectangles, textures and canvas size draw the same pixels, and a WebGL canvas left untouched
// keeps showing its last frame. Drawing costs more than building the UI (the page's GL goes to the
// GPU process, which is software GL on machines without a GPU: 70 ms a frame on the loaded 2-core
// machine, where the main thread waits on it), and an idle page redrew the same picture 60 times a
// second, on the cores the worker's runs need. This is that picture's hash.
uint64_t draw_data_hash(const ImDrawData* d) {
    uint64_t h = 1469598103934665603ull;
    auto mix = [&h](const void* p, size_t n) {
        const unsigned char* b = static_cast<const unsigned char*>(p);
        size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            uint64_t w;
            std::memcpy(&w, b + i, 8);
            h = (h ^ w) * 1099511628211ull;
            h ^= h >> 29;
        }
        for (; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    };
    mix(&d->DisplaySize, sizeof d->DisplaySize);
    mix(&d->FramebufferScale, sizeof d->FramebufferScale);
    for (int l = 0; l < d->CmdListsCount; ++l) {
        const ImDrawList* cl = d->CmdLists[l];
        mix(cl->VtxBuffer.Data, size_t(cl->VtxBuffer.Size) * sizeof(ImDrawVert));
        mix(cl->IdxBuffer.Data, size_t(cl->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& c : cl->CmdBuffer) {
            mix(&c.ClipRect, sizeof c.ClipRect);
            mix(&c.TextureId, sizeof c.TextureId);
            mix(&c.VtxOffset, sizeof c.VtxOffset);
            mix(&c.IdxOffset, sizeof c.IdxOffset);
            mix(&c.ElemCount, sizeof c.ElemCount);
            mix(&c.UserCallback, sizeof c.UserCallback);
        }
    }
    return h;
}

// ImGui's OpenGL3 backend reads back the GL state it changes at the start of every drawn frame
// (glGetIntegerv: scissor box, viewport, blend factors and equations) to restore it afterwards. In
// Chromium a WebGL getParameter of these is a synchronous call into the GPU process, which first
// finishes every command sent before it: the previous frame's drawing. With software GL (SwiftShader,
// no GPU) that is 40-60 ms a frame on the 2-core machine, spent by the page's main thread waiting in
// GL_SCISSOR_BOX's read (measured by wrapping every WebGL call: 1347 of 1441 ms of getParameter over
// 27 frames), while the worker's answer waits behind it. The page is this context's only user, so
// these values are exactly the last ones set through it: the context answers them from a copy kept
// as they are set (read once here), and the GPU process works on a frame while the page builds the
// next. A call the GL would reject (a negative size, a factor or equation that is not one) changes
// nothing in the copy, as it changes nothing in the GL.
EM_JS(void, shadow_gl_state_reads, (), {
    var gl = Module.ctx;
    if (!gl) return;
    var get = gl.getParameter.bind(gl);
    var shadow = {};
    [gl.SCISSOR_BOX, gl.VIEWPORT, gl.BLEND_SRC_RGB, gl.BLEND_DST_RGB, gl.BLEND_SRC_ALPHA, gl.BLEND_DST_ALPHA,
     gl.BLEND_EQUATION_RGB, gl.BLEND_EQUATION_ALPHA].forEach(function (p) { shadow[p] = get(p); });
    var factors = [gl.ZERO, gl.ONE, gl.SRC_COLOR, gl.ONE_MINUS_SRC_COLOR, gl.DST_COLOR, gl.ONE_MINUS_DST_COLOR,
                   gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.DST_ALPHA, gl.ONE_MINUS_DST_ALPHA, gl.CONSTANT_COLOR,
                   gl.ONE_MINUS_CONSTANT_COLOR, gl.CONSTANT_ALPHA, gl.ONE_MINUS_CONSTANT_ALPHA, gl.SRC_ALPHA_SATURATE];
    var equations = [gl.FUNC_ADD, gl.FUNC_SUBTRACT, gl.FUNC_REVERSE_SUBTRACT, gl.MIN, gl.MAX];
    var isFactor = function (f) { return factors.indexOf(f) >= 0; };
    var isEquation = function (e) { return equations.indexOf(e) >= 0; };
    var box = function (name, p) {
        var set = gl[name].bind(gl);
        gl[name] = function (x, y, w, h) {
            if (w >= 0 && h >= 0) shadow[p] = new Int32Array([x, y, w, h]);
            set(x, y, w, h);
        };
    };
    box('scissor', gl.SCISSOR_BOX);
    box('viewport', gl.VIEWPORT);
    var blendFuncSeparate = gl.blendFuncSeparate.bind(gl), blendFunc = gl.blendFunc.bind(gl);
    gl.blendFuncSeparate = function (sr, dr, sa, da) {
        if (isFactor(sr) && isFactor(dr) && isFactor(sa) && isFactor(da)) {
            shadow[gl.BLEND_SRC_RGB] = sr; shadow[gl.BLEND_DST_RGB] = dr;
            shadow[gl.BLEND_SRC_ALPHA] = sa; shadow[gl.BLEND_DST_ALPHA] = da;
        }
        blendFuncSeparate(sr, dr, sa, da);
    };
    gl.blendFunc = function (s, d) {
        if (isFactor(s) && isFactor(d)) {
            shadow[gl.BLEND_SRC_RGB] = shadow[gl.BLEND_SRC_ALPHA] = s;
            shadow[gl.BLEND_DST_RGB] = shadow[gl.BLEND_DST_ALPHA] = d;
        }
        blendFunc(s, d);
    };
    var blendEquationSeparate = gl.blendEquationSeparate.bind(gl), blendEquation = gl.blendEquation.bind(gl);
    gl.blendEquationSeparate = function (c, a) {
        if (isEquation(c) && isEquation(a)) { shadow[gl.BLEND_EQUATION_RGB] = c; shadow[gl.BLEND_EQUATION_ALPHA] = a; }
        blendEquationSeparate(c, a);
    };
    gl.blendEquation = function (e) {
        if (isEquation(e)) shadow[gl.BLEND_EQUATION_RGB] = shadow[gl.BLEND_EQUATION_ALPHA] = e;
        blendEquation(e);
    };
    gl.getParameter = function (p) {
        var v = shadow[p];
        if (v === undefined) return get(p);
        return v instanceof Int32Array ? new Int32Array(v) : v;
    };
});

// The system clipboard. ImGui asks for clipboard text synchronously when it handles Ctrl+V, but a page
// may read the clipboard only inside the browser's `paste` event; main() keeps Ctrl+V away from SDL
// and lets the browser paste (see there). So the page keeps the text of the latest paste event here,
// and the main loop then presses Ctrl+V for ImGui for exactly one frame, so its InputText inserts it.
// Copies (Ctrl+C/X in a text field, a panel's Copy button) go out through navigator.clipboard while
// the key press still counts as a user gesture; the text is kept here too, so pasting inside the page
// works without permission.
std::string& clipboard_text() {
    static std::string text;
    return text;
}

// Ctrl+V presses that ImGui has yet to see. The physical key never reaches SDL: ImGui 1.86 repeats a
// key held past its repeat delay, and one long frame on a loaded machine is enough for that, so a
// single Ctrl+V would paste twice. Each request instead becomes one frame with V down and the next
// with it up (a held Ctrl+V still pastes repeatedly: the browser repeats its key press and paste).
struct PastePresses {
    int requested = 0;
    bool down = false;  // V is down for ImGui in this frame; the next frame releases it
};
PastePresses& paste_presses() {
    static PastePresses presses;
    return presses;
}

// Between SDL's events and ImGui::NewFrame: turns one requested press into one frame of Ctrl+V.
void apply_paste_press() {
    PastePresses& p = paste_presses();
    ImGuiIO& io = ImGui::GetIO();
    if (p.down) {
        p.down = false;
        io.KeysDown[SDL_SCANCODE_V] = false;
        io.KeyCtrl = (SDL_GetModState() & KMOD_CTRL) != 0;
    } else if (p.requested > 0) {
        p.requested--;
        p.down = true;
        io.KeysDown[SDL_SCANCODE_V] = true;
        io.KeyCtrl = true;
        io.KeyShift = io.KeyAlt = io.KeySuper = false;
    }
}

const char* get_clipboard(void*) { return clipboard_text().c_str(); }

void set_clipboard(void*, const char* text) {
    clipboard_text() = text ? text : "";
    EM_ASM({
        try {
            navigator.clipboard.writeText(UTF8ToString($0)).catch(function () {});
        } catch (e) {
        }
    }, clipboard_text().c_str());
}

}  // namespace

extern "C" {
// The page's `paste` listener (main() installs it): the pasted text, before ImGui's Ctrl+V asks for it.
EMSCRIPTEN_KEEPALIVE void kiln_clipboard_paste(const char* text) { clipboard_text() = text ? text : ""; }

// The page's Ctrl+V listener, once the paste event has stored its text (or none came): one press.
EMSCRIPTEN_KEEPALIVE void kiln_clipboard_press() { paste_presses().requested++; }

// window.kiln.evalDemo(name, rows, cols): runs a playground demo with the engine and returns
// {"ok":true,"stdout":"tensor(...)"} or {"ok":false,"stderr":"RuntimeError: ..."} as JSON.
EMSCRIPTEN_KEEPALIVE const char* kiln_eval_demo(const char* name, int rows, int cols) {
    static std::string json_text;  // stays valid until the next call (ccall copies it right away)
    DemoResult result = demo_run(name ? name : "", rows, cols);
    nlohmann::json out;
    out["ok"] = result.ok;
    out[result.ok ? "stdout" : "stderr"] = result.output;
    json_text = out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return json_text.c_str();
}

// window.kiln.run(source, options): runs a program in a fresh interpreter and returns JSON
// {"ok", "stdout", "stderr", "exit_code", "instructions", "error": {"type", "message", "line", "col"}}.
// options (JSON): {"filename", "max_instructions", "max_tensor_mb", "max_heap_mb"}; the browser defaults keep a
// runaway program from freezing the page (an infinite loop ends with KilnLimitError).
EMSCRIPTEN_KEEPALIVE const char* kiln_run(const char* source, const char* options_json) {
    static std::string json_text;
    nlohmann::json opts = nlohmann::json::parse(options_json ? options_json : "{}", nullptr, false);
    if (!opts.is_object()) opts = nlohmann::json::object();
    kiln::vm::Options o;
    std::string out, err;
    o.out = [&](std::string_view s) { out += s; };
    o.err = [&](std::string_view s) { err += s; };
    // A limit option must be a whole number in [lo, hi] (0: none, for the budget and the caps): a
    // negative, fractional, non-finite or huge one is refused with a message, never converted (a
    // double outside the integer's range is undefined behaviour, and wrapped it would be a
    // different limit than the one asked for: the kiln CLI range-checks its flags the same way).
    std::string bad_option;
    auto number = [&](const char* key, double dflt, double lo, double hi) {
        if (!opts.contains(key)) return dflt;
        const double v = opts[key].is_number() ? opts[key].get<double>() : -1;
        if (!opts[key].is_number() || !(v >= lo && v <= hi) || v != double(int64_t(v))) {
            if (bad_option.empty())
                bad_option = std::string("run(): option ") + key + " must be a whole number from " +
                             std::to_string(int64_t(lo)) + " to " + std::to_string(int64_t(hi)) + ", got " + opts[key].dump();
            return dflt;
        }
        return v;
    };
    o.max_instructions = uint64_t(number("max_instructions", 50e6, 0, 1e18));
    o.max_tensor_bytes = size_t(number("max_tensor_mb", 512, 0, 1 << 20)) << 20;
    o.budget_hint = "raise it with run()'s max_instructions option";
    o.memory_hint = "raise it with run()'s max_tensor_mb option";
    o.max_heap_bytes = size_t(number("max_heap_mb", 1024, 0, 1 << 20)) << 20;
    o.heap_hint = "raise it with run()'s max_heap_mb option";
    // Emscripten's exception support routes calls through JavaScript (invoke_*), so each Python call
    // costs JS stack too: the browser's JS stack, not the 16 MiB wasm stack, bounds recursion here.
    o.recursion_limit = int(number("recursion_limit", 200, 1, 1 << 30));
    if (!bad_option.empty()) {
        nlohmann::json j;
        j["ok"] = false;
        j["stdout"] = "";
        j["stderr"] = "ValueError: " + bad_option + "\n";
        j["exit_code"] = 2;
        j["instructions"] = 0;
        j["error"] = {{"type", "ValueError"}, {"message", bad_option}, {"line", 0}, {"col", 0}};
        json_text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return json_text.c_str();
    }
    std::string filename = opts.contains("filename") && opts["filename"].is_string() ? opts["filename"].get<std::string>()
                                                                                     : "main.py";
    kiln::vm::RunResult r;
    {
        kiln::vm::Interpreter interp(o);
        r = interp.run_source(source ? source : "", filename);
        r.exit_code = interp.finalize_main(r.exit_code);
    }
    nlohmann::json j;
    j["ok"] = r.ok;
    j["stdout"] = out;
    j["stderr"] = err;
    j["exit_code"] = r.exit_code;
    j["instructions"] = r.instructions;
    if (!r.ok) j["error"] = {{"type", r.error_type}, {"message", r.error_message}, {"line", r.error_line}, {"col", r.error_col}};
    json_text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return json_text.c_str();
}

// window.kiln.session(source, options): runs a program through the playground's session and returns
// its whole report as JSON (kiln::web::report_json: stdout, stderr, error, compiles with graphs,
// guards, bytecode and Inductor artifacts, breaks, calls, TorchScript graphs). options: mode
// (eager|trace|script|compile), backend, compile_mode, fullgraph, dynamic, max_instructions, max_tensor_mb.
EMSCRIPTEN_KEEPALIVE const char* kiln_session(const char* source, const char* options_json) {
    static std::string json_text;
    nlohmann::json opts = nlohmann::json::parse(options_json ? options_json : "{}", nullptr, false);
    RunOptions o = kiln::web::options_from_json(opts);
    RunReport r = run_program(source ? source : "", o);
    json_text = kiln::web::report_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return json_text.c_str();
}

// The Web Worker, after answering a run with these options: start the next run ahead
// (playground/session.h, prepare_next_run; web/kiln_api.js.in calls it).
EMSCRIPTEN_KEEPALIVE void kiln_session_prepare(const char* options_json) {
    nlohmann::json opts = nlohmann::json::parse(options_json ? options_json : "{}", nullptr, false);
    kiln::playground::prepare_next_run(kiln::web::options_from_json(opts));
}

// window.kiln.ui(): what the playground shows now (tests read it instead of pixels): the editor's
// code, the options, the share hash, how many runs finished, and the last run's report.
EMSCRIPTEN_KEEPALIVE const char* kiln_ui_state() {
    static std::string json_text;
    const PlaygroundState& s = ui_state();
    nlohmann::json j;
    j["code"] = s.editor.text;
    j["hash"] = s.hash;
    j["runs"] = s.runs;
    j["run_pending"] = s.run_pending;
    j["running"] = s.running;
    j["runner"] = s.runner ? s.runner->where() : "";
    j["presenter"] = {{"on", s.presenter.on}, {"scale", s.presenter.scale}, {"panels", presenter_panels_text(s.presenter)}};
    j["example"] = s.example;
    j["start"] = s.show_start;  // the Start card is open
    j["clipboard"] = clipboard_text();  // what the page last copied or was pasted
    j["lesson"] = s.lesson;
    j["lesson_tab"] = s.lesson_tab_shown;  // the Lesson tab is on screen (the link carries lesson= and step=)
    j["link_note"] = s.link_note;
    j["options"] = {{"mode", run_mode_name(s.options.mode)}, {"backend", s.options.backend},
                    {"compile_mode", s.options.compile_mode}, {"fullgraph", s.options.fullgraph},
                    {"dynamic", s.options.dynamic}};
    j["report"] = kiln::web::report_json(s.report);
    j["marks"] = {{"error_line", s.marks.error_line}, {"breaks", s.marks.breaks.size()}};
    const PanelState::Fix& f = s.panels.fix;  // the Breaks panel's last "try the fix"
    j["fix"] = {{"index", f.index}, {"applied", f.edit.applied}, {"summary", f.edit.summary}, {"running", f.running},
                {"done", f.done}, {"before", f.before}, {"after", f.after}, {"after_ok", f.after_ok},
                {"after_error", f.after_error}};
    // The linked selection (linked.h) and where the code views and graph boxes are on screen, so a
    // test can click a line or a node and read what lit up.
    const PanelState& ps = s.panels;
    nlohmann::json lines = nlohmann::json::object();
    for (const auto& [view, lit] : ps.link_lines) lines[view] = lit;
    j["linked"] = {{"pick", {{"level", link_level_name(ps.link_pick.level)}, {"line", ps.link_pick.line}, {"name", ps.link_pick.name}}},
                   {"source_lines", ps.linked.source_lines}, {"fx_nodes", ps.linked.fx_nodes},
                   {"aten_nodes", ps.linked.aten_nodes}, {"kernels", ps.linked.kernels}, {"lines", lines},
                   {"editor_lines", s.marks.linked_lines}};
    nlohmann::json views = nlohmann::json::object();
    for (const auto& [view, g] : code_view_geometry())
        views[view] = {{"x", g.x}, {"y", g.y}, {"line_h", g.line_h}, {"top", g.top}, {"bottom", g.bottom}, {"lines", g.lines}};
    j["views"] = views;
    nlohmann::json boxes = nlohmann::json::array();
    for (const GraphBoxGeometry& b : graph_view_boxes())
        boxes.push_back({{"node", b.node}, {"x0", b.x0}, {"y0", b.y0}, {"x1", b.x1}, {"y1", b.y1}, {"lit", b.lit}});
    j["graph_boxes"] = boxes;
    json_text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return json_text.c_str();
}

// window.kiln.timing(): the live run's timestamps (ImGui's clock, ms) without the report.
EMSCRIPTEN_KEEPALIVE const char* kiln_ui_timing() {
    static std::string json_text;
    const PlaygroundState& s = ui_state();
    auto ms = [](double t) { return t < 0 ? -1.0 : t * 1000.0; };
    nlohmann::json j = {{"runs", s.runs}, {"running", s.running}, {"run_pending", s.run_pending},
                        {"now", ImGui::GetCurrentContext() ? ImGui::GetTime() * 1000.0 : 0.0},
                        {"edit", ms(s.run_edit_done)}, {"run_started", ms(s.run_started)},
                        {"report_at", ms(s.report_at)}, {"engine_ms", s.report.millis},
                        {"started_ahead", s.report.started_ahead}};
    // The worker's part (worker_runner.h): its own time, the answer's arrival (ImGui's clock, as
    // the others) and size, the page's parse.
    const kiln::web::WorkerTimes& w = kiln::web::last_worker_times();
    const double clock_offset = ImGui::GetCurrentContext() ? emscripten_get_now() - ImGui::GetTime() * 1000.0 : 0.0;
    j["worker_ms"] = w.worker_ms;
    j["arrived"] = w.arrived_ms > 0 ? w.arrived_ms - clock_offset : -1.0;
    j["parse_ms"] = w.parse_ms;
    j["report_bytes"] = w.bytes;
    // The page's own frames: the last one's time building the UI (ImGui's frame: every visible panel)
    // and drawing it (WebGL), and the same for the frame that took in the last report.
    j["frames"] = g_frames.count;
    j["frames_drawn"] = g_frames.drawn;
    j["frame_ui_ms"] = g_frames.ui_ms;
    j["frame_gl_ms"] = g_frames.gl_ms;
    j["report_frame_ui_ms"] = g_frames.report_ui_ms;
    j["report_frame_gl_ms"] = g_frames.report_gl_ms;
    json_text = j.dump();
    return json_text.c_str();
}

// window.kiln.lesson(action): drives the lesson panel through the functions its buttons call
// (playground/lesson_panel.h), for tests and embedding pages. action (JSON, one key): {open: ID,
// step: N} | {next: true} | {prev: true} | {run: "NAME.py"} | {start: EXERCISE} | {solution: EXERCISE}
// | {check: EXERCISE} (checks the editor's code) | {} (nothing). Returns the panel's state:
// {ok, lessons: [{id, title, steps, exercises: [ids], programs: [names]}], errors, lesson, step,
// step_title, progress: {passed, total}, check: {passed, error, results: [{check, passed, detail}]}}.
EMSCRIPTEN_KEEPALIVE const char* kiln_lesson(const char* action_json) {
    static std::string json_text;
    PlaygroundState& s = ui_state();
    nlohmann::json a = nlohmann::json::parse(action_json ? action_json : "{}", nullptr, false);
    if (!a.is_object()) a = nlohmann::json::object();
    auto text = [&](const char* key) { return a.contains(key) && a[key].is_string() ? a[key].get<std::string>() : ""; };
    lesson_load(s.lessons);
    LessonRequests rq;
    bool ok = true;
    nlohmann::json check;
    if (a.contains("open")) {
        int step = a.contains("step") && a["step"].is_number_integer() ? a["step"].get<int>() : 0;
        ok = lesson_open(s.lessons, text("open"), step);
        s.lessons.open_panel = "lesson";
    } else if (a.contains("next")) {
        lesson_next_step(s.lessons);
    } else if (a.contains("prev")) {
        lesson_prev_step(s.lessons);
    } else if (a.contains("run")) {
        ok = lesson_run_program(s.lessons, text("run"), &rq);
    } else if (a.contains("start") || a.contains("solution")) {
        bool solution = a.contains("solution");
        ok = lesson_load_exercise_file(s.lessons, text(solution ? "solution" : "start"), solution, &rq);
    } else if (a.contains("check")) {
        const ExerciseProgress* p = lesson_check(s.lessons, text("check"), s.editor.text);
        ok = p != nullptr;
        if (p) {
            check = {{"passed", p->passed}, {"error", p->error}, {"results", nlohmann::json::array()}};
            for (const auto& r : p->results)
                check["results"].push_back({{"check", r.check->source}, {"passed", r.passed}, {"detail", r.detail}});
        }
    }
    if (rq.set_code) playground_set_code(s, rq.code, "");
    if (!rq.open_panel.empty()) s.lessons.open_panel = rq.open_panel;
    s.lesson = lesson_current_id(s.lessons);
    nlohmann::json j;
    j["ok"] = ok;
    j["errors"] = s.lessons.load_errors;
    j["lessons"] = nlohmann::json::array();
    for (const auto& L : s.lessons.course.lessons) {
        nlohmann::json l = {{"id", L.id}, {"title", L.title}, {"steps", L.steps.size()},
                            {"exercises", nlohmann::json::array()}, {"programs", nlohmann::json::array()}};
        for (const auto& ex : L.exercises) l["exercises"].push_back(ex.id);
        for (const auto& st : L.steps)
            for (const auto& b : st.blocks)
                if (b.kind == Block::Kind::Run) l["programs"].push_back(b.text);
        j["lessons"].push_back(l);
    }
    const Lesson* L = lesson_current(s.lessons);
    j["lesson"] = L ? L->id : "";
    j["step"] = s.lessons.step;
    j["step_title"] = L && s.lessons.step < int(L->steps.size()) ? L->steps[s.lessons.step].title : "";
    int passed = 0, total = 0;
    lesson_progress(s.lessons, &passed, &total);
    j["progress"] = {{"passed", passed}, {"total", total}};
    if (!check.is_null()) j["check"] = check;
    json_text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return json_text.c_str();
}

// window.kiln.stop(): the Stop button.
// window.kiln.tryFix(i) / useFix(): the Breaks panel's "try the fix" button on break i and its
// "use this code" (the same requests the buttons make; the frame acts on them).
EMSCRIPTEN_KEEPALIVE void kiln_try_fix(int index) { ui_state().panels.try_fix = index; }
EMSCRIPTEN_KEEPALIVE void kiln_use_fix() { ui_state().panels.use_fix = true; }

EMSCRIPTEN_KEEPALIVE void kiln_stop() { playground_stop(ui_state()); }

// The exercise progress the page kept in localStorage (lesson_panel.h's text form), at start-up.
EMSCRIPTEN_KEEPALIVE void kiln_restore_progress(const char* text) { lesson_progress_restore(ui_state().lessons, text ? text : ""); }

// Called with location.hash at start-up and on every hashchange (a pasted share link).
EMSCRIPTEN_KEEPALIVE void kiln_apply_hash(const char* hash) { playground_apply_hash(ui_state(), hash ? hash : ""); }

// window.kiln.showPanel(id): brings a panel's tab to the front ("lesson", "console", "graph", ...:
// presenter.h's panel ids), as a click on the tab does.
EMSCRIPTEN_KEEPALIVE void kiln_show_panel(const char* id) { ui_state().panels.select_tab = id ? id : ""; }

// window.kiln.setCode(code, example): replaces the editor's text (lessons, embedding pages).
EMSCRIPTEN_KEEPALIVE void kiln_set_code(const char* code, const char* example) {
    playground_set_code(ui_state(), code ? code : "", example ? example : "");
}

// window.kiln.setOptions(json): the run controls (same keys as session(); max_instructions and
// max_tensor_mb only when given).
EMSCRIPTEN_KEEPALIVE void kiln_set_options(const char* options_json) {
    nlohmann::json opts = nlohmann::json::parse(options_json ? options_json : "{}", nullptr, false);
    RunOptions o = kiln::web::options_from_json(opts);
    // Keys left out keep the UI's settings for the limits (the sliders).
    if (!opts.contains("max_instructions")) o.max_instructions = ui_state().options.max_instructions;
    if (!opts.contains("max_tensor_mb")) o.max_tensor_mb = ui_state().options.max_tensor_mb;
    o.extra = {};
    ui_state().options = o;
    ui_state().run_pending = true;
    ui_state().last_edit = -1;
}

}  // extern "C"

namespace {

// Reports a startup failure to the page (window.kiln.ready rejects with the message).
void fail(const std::string& message) {
    std::fprintf(stderr, "Kiln: %s\n", message.c_str());
    EM_ASM({ Module.kilnFailed(UTF8ToString($0)); }, message.c_str());
}

// Keeps the SDL window (and so the canvas) the size of the browser window.
void fit_to_browser_window(SDL_Window* window) {
    int want_w = EM_ASM_INT({ return window.innerWidth; });
    int want_h = EM_ASM_INT({ return window.innerHeight; });
    int w = 0, h = 0;
    SDL_GetWindowSize(window, &w, &h);
    if (want_w > 0 && want_h > 0 && (w != want_w || h != want_h)) SDL_SetWindowSize(window, want_w, want_h);
}

}  // namespace

namespace kiln::web {
void install_stdlib_fetcher();  // stdlib_fetch.cpp
}

int main(int, char**) {
    // Both the page and the worker run programs: both fetch the standard library's deferred files.
    kiln::web::install_stdlib_fetcher();
    // In the Web Worker: no window; tell the page's half of kiln_api.js that requests may come.
    if (EM_ASM_INT({ return typeof document === 'undefined' ? 1 : 0; })) {
        EM_ASM({ Module.kilnWorkerReady(); });
        return 0;
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        fail(std::string("SDL_Init failed: ") + SDL_GetError());
        return 1;
    }
    // WebGL2 = OpenGL ES 3.0; ImGui's OpenGL3 backend is built with IMGUI_IMPL_OPENGL_ES3 to match.
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    auto flags = SDL_WindowFlags(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Window* window = SDL_CreateWindow("Kiln", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 720, flags);
    SDL_GLContext gl_context = window ? SDL_GL_CreateContext(window) : nullptr;
    if (!gl_context) {
        fail(std::string("could not create a WebGL2 context: ") + SDL_GetError());
        return 1;
    }
    SDL_GL_SetSwapInterval(1);
    shadow_gl_state_reads();

    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no file system in the page; layout state lives in the URL later
    ImGui::StyleColorsDark();
    playground_load_fonts();
    ImGui_ImplSDL2_InitForOpenGL(window, gl_context);
    ImGui_ImplOpenGL3_Init("#version 300 es");
    io.GetClipboardTextFn = get_clipboard;  // after the SDL backend's own (SDL's clipboard stays inside the page)
    io.SetClipboardTextFn = set_clipboard;
    io.ClipboardUserData = nullptr;
    // Ctrl+V. SDL's key handler cancels every Ctrl key press, and a cancelled key press never
    // becomes the browser's paste, so the page would never see the text. A capture listener takes
    // Ctrl+V before SDL does and lets the browser paste; a canvas is not editable, so the paste
    // command is enabled only when `beforepaste` is cancelled (the DOM's rule for pasting into a
    // page that handles paste itself). The paste event stores the text and asks the main loop for
    // one Ctrl+V press (apply_paste_press); if no paste event comes (the clipboard is empty or
    // refused), the press comes after one task and ImGui pastes what the page last copied.
    EM_ASM({
        var pending = null;
        function press() {
            pending = null;
            Module.ccall('kiln_clipboard_press', null, [], []);
        }
        window.addEventListener('keydown', function (e) {
            if (!e.ctrlKey || e.metaKey || e.code !== 'KeyV') return;
            e.stopImmediatePropagation();
            pending = e;
            var mine = e;
            setTimeout(function () { if (pending === mine) press(); }, 0);
        }, true);
        document.addEventListener('beforepaste', function (e) { e.preventDefault(); });
        document.addEventListener('paste', function (e) {
            var text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
            Module.ccall('kiln_clipboard_paste', null, ['string'], [text]);
            e.preventDefault();
            if (pending) press();
        });
    });

    PlaygroundState& state = ui_state();
    state.runner = kiln::web::make_worker_runner();
    // A first visit (no share link, the Start card never closed here) opens on the Start card.
    const bool first_visit = EM_ASM_INT({
        try {
            return (!location.hash || location.hash === '#') && !localStorage.getItem('kiln.startClosed') ? 1 : 0;
        } catch (e) {
            return 1;
        }
    });
    playground_init(state, "", first_visit);
    // Exercise progress from earlier visits (lesson_panel.h's text form, in localStorage).
    EM_ASM({
        var text = '';
        try {
            text = localStorage.getItem('kiln.progress') || '';
        } catch (e) {
        }
        if (text) Module.ccall('kiln_restore_progress', null, ['string'], [text]);
    });
    // Share links: the hash the page was opened with, and any pasted later. The event's newURL,
    // not location.hash: a run finishing between the navigation and the event rewrites the address
    // bar with the playground's own state (history.replaceState below), which would hide the link.
    EM_ASM({
        Module.ccall('kiln_apply_hash', null, ['string'], [location.hash]);
        window.addEventListener('hashchange', function (e) {
            var hash = e.newURL ? new URL(e.newURL).hash : location.hash;
            Module.ccall('kiln_apply_hash', null, ['string'], [hash]);
        });
    });
    static bool first_frame = true;
    main_loop_run([window]() {
        const double frame_t0 = emscripten_get_now();
        fit_to_browser_window(window);
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            ImGui_ImplSDL2_ProcessEvent(&event);
            if (event.type == SDL_QUIT) return false;
        }
        apply_paste_press();

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        PlaygroundState& state = ui_state();
        const int runs_before = state.runs;
        playground_frame(state);
        ImGui::Render();
        const double frame_t1 = emscripten_get_now();
        if (state.hash_changed) {  // the address bar follows the playground (no history entry per edit)
            state.hash_changed = false;
            EM_ASM({ history.replaceState(null, '', UTF8ToString($0)); }, state.hash.c_str());
        }
        if (state.start_closed) {  // the Start card was closed: do not show it on the next visit
            state.start_closed = false;
            EM_ASM({
                try {
                    localStorage.setItem('kiln.startClosed', '1');
                } catch (e) {
                }
            });
        }
        if (state.lessons.progress_changed) {  // an exercise checked, a hint or solution shown
            state.lessons.progress_changed = false;
            const std::string text = lesson_progress_save(state.lessons);
            EM_ASM({
                try {
                    localStorage.setItem('kiln.progress', UTF8ToString($0));
                } catch (e) {
                }
            }, text.c_str());
        }
        if (state.copy_link) {
            state.copy_link = false;
            EM_ASM({
                try {
                    navigator.clipboard.writeText(location.href).catch(function () {});
                } catch (e) {
                }
            });
        }

        static uint64_t drawn_hash = 0;
        const uint64_t picture = draw_data_hash(ImGui::GetDrawData());
        // A run started less than kReportWaitSeconds ago (the edit that started a live run, a Run
        // press) holds the frame back for its report, so that one drawn frame shows both: with
        // software GL a drawn frame costs the GPU process ~50 ms on the 2-core machine, the browser
        // gives the page no next frame before that one is shown, and the report (20-30 ms for a
        // lesson program) otherwise waited behind the edit's frame and then drew its own. A run still
        // going after the wait is drawn as running. The typed key shows at most that much later.
        const bool waiting_for_report = state.running && ImGui::GetTime() - state.run_started < kReportWaitSeconds;
        const bool draw = first_frame || (picture != drawn_hash && !waiting_for_report);
        if (draw) {
            drawn_hash = picture;
            const ImGuiIO& frame_io = ImGui::GetIO();
            glViewport(0, 0, int(frame_io.DisplaySize.x * frame_io.DisplayFramebufferScale.x),
                       int(frame_io.DisplaySize.y * frame_io.DisplayFramebufferScale.y));
            glClearColor(0.11f, 0.11f, 0.12f, 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            SDL_GL_SwapWindow(window);
        }
        g_frames.record(frame_t1 - frame_t0, emscripten_get_now() - frame_t1, draw, state.runs != runs_before);

        if (first_frame) {  // window.kiln.ready resolves once this frame is on screen
            first_frame = false;
            EM_ASM({ Module.kilnFirstFrame(); });
        }
        return true;
    });
    return 0;  // not reached in the browser (see main_loop.h)
}
