// The playground window (see app.h): the menu and run controls on top, the editor on the left, the
// result panels in tabs on the right. Runs go through a ProgramRunner (runner.h: a thread natively,
// a Web Worker in the browser) and are polled once per frame, so the UI keeps drawing while a
// program runs; Stop ends it, and the VM's instruction budget and memory cap bound it anyway.
#include "app.h"

#include <algorithm>
#include <cmath>

#include "break_catalogue.h"
#include "examples.h"
#include "imgui.h"
#include "share.h"
#include "start_card.h"

#ifndef KILN_VERSION
#define KILN_VERSION "dev"
#endif

namespace kiln::playground {
namespace {

// Seconds after the last edit before the live run: none. An edit starts the run in the frame that
// sees it, and an edit while a run is in flight queues one more, which starts when that run ends: a
// burst of keys (a key held down, a pasted word) becomes at most two runs. Issue 29's goal is <= 150 ms
// from the last keystroke to updated panels; the 50 ms pause this was (300 ms before it) came to
// 74 ms of the 253 ms median measured with a frame's wait (web/tests/latency.mjs).
constexpr double kLivePause = 0.0;
constexpr ImWchar kEmDash = 0x2014;

// Editor marks from the last run: the error, break lines, lines coloured by their graph.
void update_marks(PlaygroundState& s) {
    EditorMarks m;
    const RunReport& r = s.report;
    if (!r.ok) {
        m.error_line = r.error.line;
        m.error_col = r.error.col;
        m.error_message = r.error.type + ": " + r.error.message;
    }
    for (const auto& b : r.breaks)
        if (b.filename == s.options.filename && b.line > 0) m.breaks.push_back({b.line, b.reason});
    int graph = 0;
    for (const auto& c : r.compiles) {
        if (!c.has_graph) continue;
        for (const auto& n : c.nodes)
            for (int line : n.lines) {
                if (line <= 0) continue;
                if (int(m.line_graph.size()) < line) m.line_graph.resize(line, -1);
                if (m.line_graph[line - 1] < 0) m.line_graph[line - 1] = graph;
            }
        ++graph;
    }
    s.marks = std::move(m);
}

// The live run: after the pause that follows the last edit (or at once for other causes).
// A run in flight finishes first (Stop ends it sooner): edits meanwhile queue one more run.
void start_due_run(PlaygroundState& s, double now) {
    if (s.run_pending && !s.running && (s.last_edit < 0 || (s.auto_run && now - s.last_edit >= kLivePause)))
        playground_run(s);
}

void update_hash(PlaygroundState& s) {
    ShareState sh;
    sh.code = s.editor.text;
    sh.options = s.options;
    sh.example = s.example;
    // The link opens what the learner sees: the lesson and its step while the Lesson tab is shown,
    // not a lesson visited earlier.
    sh.lesson = s.lesson_tab_shown ? lesson_current_id(s.lessons) : "";
    sh.step = sh.lesson.empty() ? 0 : s.lessons.step;
    s.hash_lesson = sh.lesson;
    s.hash_step = sh.step;
    sh.presenter = s.presenter.on;
    sh.panels = presenter_panels_text(s.presenter);
    std::string h = encode_share_hash(sh);
    if (h != s.hash) {
        s.hash = h;
        s.hash_changed = true;
    }
}

// A control's label on its left, in the menu bar's text colour (ImGui puts labels on the right).
void label_left(const char* label) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    ImGui::SameLine(0, 4);
}

// A combo labelled on its left; `tip` (PyTorch's name for the option) shows on hover.
template <size_t N>
bool combo(const char* label, std::string& value, const char* const (&items)[N], float width, const char* tip) {
    bool changed = false;
    label_left(label);
    ImGui::SetNextItemWidth(width * ImGui::GetIO().FontGlobalScale);  // presenter mode scales fonts
    const std::string id = std::string("##") + label;
    bool open = ImGui::BeginCombo(id.c_str(), value.c_str());
    if (ImGui::IsItemHovered() && tip) ImGui::SetTooltip("%s", tip);
    if (open) {
        for (const char* it : items)
            if (ImGui::Selectable(it, value == it)) {
                changed = value != it;
                value = it;
            }
        ImGui::EndCombo();
    }
    return changed;
}

// The run controls; true when an option changed.
bool run_controls(PlaygroundState& s) {
    RunOptions& o = s.options;
    bool changed = false;
    static const char* const kModes[] = {"eager", "trace", "script", "compile"};
    std::string mode = run_mode_name(o.mode);
    if (combo("mode", mode, kModes, 90,
              "What the program's torch.compile(...) calls do: nothing (eager), torch.jit.trace at the\n"
              "first call, torch.jit.script, or torch.compile with the options on the right.")) {
        parse_run_mode(mode, &o.mode);
        changed = true;
    }
    if (o.mode == RunMode::Compile) {
        static const char* const kBackends[] = {"inductor", "aot_eager", "eager"};
        static const char* const kCompileModes[] = {"default", "reduce-overhead", "max-autotune"};
        static const char* const kDynamic[] = {"None", "True", "False"};
        ImGui::SameLine();
        changed |= combo("backend", o.backend, kBackends, 100,
                         "torch.compile(backend=...): inductor generates fused kernels; aot_eager runs the\n"
                         "forward and backward graphs as captured; eager runs the captured graph as it is.");
        ImGui::SameLine();
        changed |= combo("compile mode", o.compile_mode, kCompileModes, 130,
                         "torch.compile(mode=...): reduce-overhead replays CUDA graphs, max-autotune also times\n"
                         "kernel variants and keeps the fastest.");
        ImGui::SameLine();
        label_left("whole graph");
        changed |= ImGui::Checkbox("##fullgraph", &o.fullgraph);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("torch.compile(fullgraph=True): a graph break is an error instead of a split.");
        ImGui::SameLine();
        changed |= combo("dynamic shapes", o.dynamic, kDynamic, 70,
                         "torch.compile(dynamic=...): None compiles static shapes first and marks a size dynamic\n"
                         "when it changes; True compiles dynamic sizes at once; False never does.");
    }
    if (s.devices.size() > 1) {
        ImGui::SameLine();
        label_left("device");
        ImGui::SetNextItemWidth(70);
        if (ImGui::BeginCombo("##device", o.device.c_str())) {
            for (const auto& d : s.devices)
                if (ImGui::Selectable(d.c_str(), o.device == d)) changed |= o.device != d, o.device = d;
            ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Where compiled functions run: a compiled module moves there, tensor arguments are moved\n"
                              "there at each call (cuda: the generated code is CUDA).");
    }
    return changed;
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

void playground_set_code(PlaygroundState& s, const std::string& code, const std::string& example) {
    // What InputText would never hold: NUL ends its C string, and it drops '\r' from pasted text.
    std::string clean;
    for (size_t i = 0; i < code.size(); ++i)
        if (code[i] != '\0' && !(code[i] == '\r' && i + 1 < code.size() && code[i + 1] == '\n')) clean += code[i];
    s.editor.text = std::move(clean);
    s.editor.reset_widget = true;
    s.editor.last_cursor = -1;
    s.example = example;
    s.run_pending = true;
    s.last_edit = -1;  // run at once
}

void playground_apply_hash(PlaygroundState& s, const std::string& hash) {
    if (hash.empty() || hash == "#" || hash == s.hash) return;
    ShareState sh = decode_share_hash(hash);
    s.options = sh.options;
    s.presenter.on = sh.presenter;
    presenter_set_panels(s.presenter, sh.panels);
    // A link that names what this page does not have says so (never a silent fallback).
    std::vector<std::string> notes;
    if (!sh.lesson.empty()) {
        if (lesson_open(s.lessons, sh.lesson, sh.step)) {
            s.lessons.open_panel = "lesson";
            s.panels.select_tab.clear();  // the Lesson tab comes to the front, not the start-up default
            s.lesson = lesson_current_id(s.lessons);
            s.lesson_tab_shown = true;
            if (s.lessons.step != sh.step)
                notes.push_back("The link's step " + std::to_string(sh.step + 1) + " is past the lesson's last step (" +
                                std::to_string(s.lessons.step + 1) + "), shown instead.");
        } else {
            notes.push_back("The link's lesson \"" + sh.lesson + "\" is not in this page's course: the Lessons menu lists them.");
        }
    }
    if (sh.has_code && sh.code_ok) {
        playground_set_code(s, sh.code, sh.example);
    } else if (const Example* e = find_example(sh.example)) {
        playground_set_code(s, e->source, e->id);
    } else if (!sh.example.empty()) {
        notes.push_back("The link's example \"" + sh.example + "\" is not among this page's examples (the Examples menu lists them).");
    }
    if (sh.has_code && !sh.code_ok) notes.push_back("The link's code= part is corrupt: it was not loaded.");
    s.link_note.clear();
    for (const std::string& n : notes) s.link_note += (s.link_note.empty() ? "" : " ") + n;
    s.run_pending = true;
}

void playground_init(PlaygroundState& s, const std::string& hash, bool first_visit) {
    const Example& first = example_list().front();
    playground_set_code(s, first.source, first.id);
    playground_apply_hash(s, hash);
    const bool plain_visit = hash.empty() || hash == "#";
    s.show_start = s.select_start = plain_visit && first_visit;
    // The Lesson tab leads the dock; without a lesson to show, the console comes to the front.
    if (!s.select_start && s.lessons.open_panel.empty()) s.panels.select_tab = "console";
}

void playground_run(PlaygroundState& s) {
    if (!s.runner) s.runner = make_inline_runner();
    if (s.running) playground_stop(s);
    RunOptions o = s.options;
    o.extra = std::move(s.next_extra);
    s.next_extra = {};
    s.run_pending = false;
    s.running = true;
    s.run_started = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0;
    s.run_edit = s.last_edit;
    s.runner->start(s.editor.text, o);
    playground_poll(s);  // the inline runner is done already
}

namespace {

// A "try the fix" run ended: its report gives the count after; the panels keep the program's own.
void finish_fix_trial(PlaygroundState& s, RunReport&& r) {
    PanelState::Fix& f = s.panels.fix;
    f.running = false;
    f.done = true;
    f.after = int(r.breaks.size());
    f.after_ok = r.ok;
    f.after_error = r.ok ? "" : r.error.type + ": " + r.error.message;
    s.running = false;
}

// The Breaks panel's "try the fix": the break's rewrite on a copy of the editor's program, run
// through the runner like any run (the UI keeps drawing), its report kept apart from the program's.
void start_fix_trial(PlaygroundState& s, int index) {
    if (s.running || index < 0 || index >= int(s.report.breaks.size())) return;
    const GraphBreak& b = s.report.breaks[size_t(index)];
    PanelState::Fix& f = s.panels.fix;
    f = {};
    f.index = index;
    f.before = int(s.report.breaks.size());
    f.edit = apply_rewrite(s.editor.text, break_info(b.reason).rewrite, b.line);
    if (!f.edit.applied) {
        f.done = true;
        return;
    }
    if (!s.runner) s.runner = make_inline_runner();
    f.running = true;
    s.running = true;
    s.run_started = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0;
    s.runner->start(f.edit.source, s.options);
    playground_poll(s);  // the inline runner is done already
}

}  // namespace

void playground_stop(PlaygroundState& s) {
    if (!s.running || !s.runner) return;
    s.runner->stop();
    RunReport r;
    while (!s.runner->poll(&r)) {  // a thread answers within ~1 ms of VM time; a worker at once
    }
    if (s.panels.fix.running) {
        finish_fix_trial(s, std::move(r));
        return;
    }
    s.report = std::move(r);
    s.running = false;
    ++s.runs;
    update_marks(s);
}

bool playground_poll(PlaygroundState& s) {
    if (!s.running || !s.runner) return false;
    RunReport r;
    if (!s.runner->poll(&r)) return false;
    if (s.panels.fix.running) {
        finish_fix_trial(s, std::move(r));
        return true;
    }
    s.report = std::move(r);
    s.panels.fix = {};  // a tried fix belongs to the report it was tried on
    s.running = false;
    s.report_at = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0;
    s.run_edit_done = s.run_edit;
    ++s.runs;
    update_marks(s);
    update_hash(s);
    return true;
}

namespace {

// The graph-break panel's lesson link: the lesson, at the step with that heading.
void open_lesson_link(PlaygroundState& s, const LessonLink& link) {
    lesson_load(s.lessons);
    int step = 0;
    for (const Lesson& l : s.lessons.course.lessons)
        if (l.folder == link.lesson || l.id == link.lesson)
            for (size_t k = 0; k < l.steps.size(); ++k)
                if (l.steps[k].title == link.step) step = int(k);
    if (lesson_open(s.lessons, link.lesson, step)) {
        s.lessons.open_panel = "lesson";
        s.lesson = lesson_current_id(s.lessons);
        update_hash(s);
    }
}

// The Presenter menu: on/off, font size, the panels shown.
void presenter_menu(PlaygroundState& s) {
    if (!ImGui::BeginMenu("Presenter")) return;
    bool changed = ImGui::MenuItem("Presenter mode", nullptr, &s.presenter.on);
    ImGui::SetNextItemWidth(120);
    ImGui::SliderFloat("font size", &s.presenter.scale, 1.0f, 3.0f, "%.1fx");
    ImGui::Separator();
    ImGui::TextDisabled("Panels shown (none ticked: all)");
    for (const PanelId& p : presenter_panel_ids()) {
        auto it = std::find(s.presenter.panels.begin(), s.presenter.panels.end(), p.id);
        bool shown = it != s.presenter.panels.end();
        if (ImGui::Checkbox(p.label, &shown)) {
            if (shown) s.presenter.panels.push_back(p.id);
            else s.presenter.panels.erase(it);
            changed = true;
        }
    }
    ImGui::Separator();
    ImGui::TextDisabled("Right / PageDown: next lesson step; Left / PageUp: previous");
    ImGui::EndMenu();
    if (changed) update_hash(s);
}

// Presenter mode's keys: step through the open lesson (lesson_panel.h's presenter hooks).
void presenter_keys(PlaygroundState& s) {
    const ImGuiIO& io = ImGui::GetIO();
    PresenterKey key = PresenterKey::Other;
    bool repeat = false;
    // IsKeyPressed(k, true) is also true at each of ImGui's repeats of a held key; (k, false) only at
    // the press itself (the browser's own auto-repeat keydowns do not press a held key again).
    auto pressed = [&](ImGuiKey k, PresenterKey as) {
        if (key != PresenterKey::Other || !ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), true)) return;
        key = as;
        repeat = !ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), false);
    };
    pressed(ImGuiKey_RightArrow, PresenterKey::Right);
    pressed(ImGuiKey_LeftArrow, PresenterKey::Left);
    pressed(ImGuiKey_PageDown, PresenterKey::PageDown);
    pressed(ImGuiKey_PageUp, PresenterKey::PageUp);
    int step = presenter_step_for_key(s.presenter, key, io.WantTextInput, repeat);
    if (step == 0) return;
    lesson_load(s.lessons);
    if (step > 0) lesson_next_step(s.lessons);
    else lesson_prev_step(s.lessons);
    s.lessons.open_panel = "lesson";
    if (s.lesson != lesson_current_id(s.lessons)) s.lesson = lesson_current_id(s.lessons), update_hash(s);
}

// Opens a lesson in the Lesson tab (the Lessons menu, the Start card).
void open_lesson(PlaygroundState& s, const std::string& id) {
    lesson_load(s.lessons);
    if (!lesson_open(s.lessons, id)) return;
    s.lessons.open_panel = "lesson";
    s.lesson = lesson_current_id(s.lessons);
    update_hash(s);
}

// The Lessons menu: every lesson of the course, the open one ticked.
void lessons_menu(PlaygroundState& s) {
    if (!ImGui::BeginMenu("Lessons")) return;
    lesson_load(s.lessons);
    for (size_t i = 0; i < s.lessons.course.lessons.size(); ++i) {
        const Lesson& L = s.lessons.course.lessons[i];
        const std::string item = std::to_string(i + 1) + ". " + L.title;
        if (ImGui::MenuItem(item.c_str(), nullptr, s.lesson == L.id)) open_lesson(s, L.id);
        if (ImGui::IsItemHovered() && !L.summary.empty()) ImGui::SetTooltip("%s", L.summary.c_str());
    }
    if (s.lessons.course.lessons.empty()) ImGui::TextDisabled("No lessons were built into this page.");
    ImGui::EndMenu();
}

// What a click on the Start card asked for.
void apply_start_request(PlaygroundState& s, const StartRequest& rq) {
    if (!rq.lesson.empty()) open_lesson(s, rq.lesson);
    if (rq.example.empty()) return;
    const Example* e = find_example(rq.example);
    if (!e) return;
    if (!rq.mode.empty()) parse_run_mode(rq.mode, &s.options.mode);
    playground_set_code(s, e->source, e->id);
    s.panels.select_tab = rq.panel;
    update_hash(s);
}

}  // namespace

namespace {
// ImGui 1.86 repeats a held key once it has been down longer than io.KeyRepeatDelay (0.25 s),
// counted in frame times: a key down for one frame and still seen down in a second frame that took
// longer than the delay (a loaded machine, a frame waiting on software GL) counted as held, and typed
// its Tab, Enter or letter twice (browser.smoke saw both at a load of 24 on the 2-core machine).
// Right after ImGui's NewFrame, a key's time down stays under the delay until its fourth frame: a
// key held at 60 frames a second repeats as before (the delay is 15 frames), and no single long
// frame is a held key. (Ctrl+V has its own one-frame press in the browser: web/main.cpp.)
void repeat_only_held_keys() {
    static int frames_down[IM_ARRAYSIZE(ImGuiIO::KeysDown)] = {};
    ImGuiIO& io = ImGui::GetIO();
    for (int i = 0; i < IM_ARRAYSIZE(io.KeysDown); ++i) {
        frames_down[i] = io.KeysDown[i] ? frames_down[i] + 1 : 0;
        if (frames_down[i] > 1 && frames_down[i] <= 3)
            io.KeysDownDuration[i] = std::min(io.KeysDownDuration[i], io.KeyRepeatDelay * 0.9f);
    }
}
}  // namespace

void playground_frame(PlaygroundState& s) {
    const double now = ImGui::GetTime();
    repeat_only_held_keys();
    playground_poll(s);
    code_view_geometry_clear();  // the code views drawn this frame record where their lines are
    ImGui::GetIO().FontGlobalScale = s.presenter.on ? s.presenter.scale : 1.0f;
    presenter_keys(s);
    {  // Ctrl+Enter runs now (the editor lets go of the keyboard on it instead of typing a newline)
        const ImGuiIO& io = ImGui::GetIO();
        if (io.KeyCtrl && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
                           ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter))))
            s.run_pending = true, s.last_edit = -1;
    }
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    ImGui::Begin("Kiln — playground", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_MenuBar |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);

    bool options_changed = false;
    if (ImGui::BeginMenuBar()) {
        ImGui::TextDisabled("Kiln %s", KILN_VERSION);
        if (ImGui::BeginMenu("Examples")) {
            for (const Example& e : example_list())
                if (ImGui::MenuItem(e.title, nullptr, s.example == e.id)) playground_set_code(s, e.source, e.id);
            ImGui::EndMenu();
        }
        lessons_menu(s);
        presenter_menu(s);
        if (ImGui::BeginMenu("Help")) {
            if (ImGui::MenuItem("Start here")) s.show_start = s.select_start = true;
            ImGui::TextDisabled("Ctrl+Enter: run now    Ctrl+V: paste code    Ctrl+Z / Ctrl+Y: undo / redo");
            ImGui::EndMenu();
        }
        options_changed = run_controls(s);
        ImGui::EndMenuBar();
    }

    // Second row: run, live run, share, status.
    if (s.running) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.7f, 0.2f, 0.2f, 1));
        if (ImGui::Button("Stop")) playground_stop(s);
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ends the running program (KilnLimitError: %s)", kStoppedMessage);
    } else if (ImGui::Button("Run")) {
        s.run_pending = true, s.last_edit = -1;
    }
    ImGui::SameLine();
    ImGui::Checkbox("live", &s.auto_run);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Re-run the program at each edit (a run in flight finishes first)");
    ImGui::SameLine();
    if (ImGui::Button("Share link")) {
        update_hash(s);
        s.copy_link = true;
        s.link_note = "Link copied: it holds the code and the options.";
    }
    ImGui::SameLine();
    int budget_m = int(s.options.max_instructions / 1000000);
    ImGui::SetNextItemWidth(110);
    if (ImGui::SliderInt("budget (M instr.)", &budget_m, 1, 500)) {
        s.options.max_instructions = uint64_t(budget_m) * 1000000;
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The instruction budget stops a runaway program (an endless loop ends with KilnLimitError):\n"
                          "the page never freezes. Lower it to stop long programs sooner.");
    ImGui::SameLine();
    int memory_mb = int(s.options.max_tensor_mb);
    ImGui::SetNextItemWidth(110);
    if (ImGui::SliderInt("memory cap (MB)", &memory_mb, 16, 2048)) s.options.max_tensor_mb = size_t(memory_mb);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Tensor memory a program may hold at once: past it, allocation fails with a clear error\n"
                          "instead of exhausting the page.");
    ImGui::SameLine();
    if (s.running) ImGui::TextColored(ImVec4(1, 0.65f, 0.25f, 1), "running… %.1f s (%s)", now - s.run_started, s.runner ? s.runner->where() : "");
    else if (s.run_pending && s.auto_run) ImGui::TextDisabled("editing…");
    else if (!s.report.ok) ImGui::TextColored(ImVec4(1, 0.42f, 0.4f, 1), "%s (line %d)", s.report.error.type.c_str(), s.report.error.line);
    else ImGui::TextDisabled("ran in %.1f ms", s.report.millis);
    if (!s.link_note.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", s.link_note.c_str());
    }
    if (options_changed) s.run_pending = true, s.last_edit = -1;

    // The linked selection (linked.h): last frame's click in the editor or a panel becomes the pick;
    // the editor lights its source lines, the panels their nodes, kernels and code lines.
    link_update(s.report, s.panels, s.runs);
    s.marks.linked_lines.assign(s.panels.linked.source_lines.begin(), s.panels.linked.source_lines.end());

    // Editor (left) and panels (right).
    if (presenter_shows(s.presenter, "editor")) {
        const float left_w = std::floor(ImGui::GetContentRegionAvail().x * 0.46f);
        ImGui::BeginChild("##left", ImVec2(left_w, 0), false);
        if (code_editor("editor", s.editor, s.marks, ImVec2(0, 0))) {
            s.run_pending = true;
            s.last_edit = now;
            s.link_note.clear();
            if (const Example* e = find_example(s.example); e && s.editor.text != e->source) s.example.clear();
            // The worker (or thread) starts on the edit now, while this frame still builds and draws
            // the panels, instead of after them: the run and the rest of the frame overlap.
            start_due_run(s, now);
        }
        if (s.editor.clicked_line > 0) s.panels.link_request = {LinkPick::Level::Source, s.editor.clicked_line, ""};
        ImGui::EndChild();
        ImGui::SameLine();
    }
    ImGui::BeginChild("##right", ImVec2(0, 0), false);
    int jump = 0, hover = 0;
    bool lesson_shown = false, selecting = false;  // selecting: a tab switch asked this frame shows next frame
    if (ImGui::BeginTabBar("##panels", ImGuiTabBarFlags_FittingPolicyScroll)) {
        auto tab = [&](const char* name, auto&& draw) {
            const std::string id = presenter_panel_id(name);
            if (!presenter_shows(s.presenter, id)) return;
            int flags = lesson_tab_flags(s.lessons, name);
            if (!s.panels.select_tab.empty() && id == s.panels.select_tab) flags |= ImGuiTabItemFlags_SetSelected, s.panels.select_tab.clear();
            if (flags & ImGuiTabItemFlags_SetSelected) selecting = true;
            if (ImGui::BeginTabItem(name, nullptr, flags)) {
                if (id == "lesson") lesson_shown = true;
                draw();
                ImGui::EndTabItem();
            }
        };
        if (s.show_start && !s.presenter.on) {
            bool open = true;
            const bool select = s.select_start || s.panels.select_tab == "start";
            const int flags = select ? ImGuiTabItemFlags_SetSelected : 0;
            s.select_start = false;
            if (s.panels.select_tab == "start") s.panels.select_tab.clear();
            if (ImGui::BeginTabItem("Start", &open, flags)) {
                StartRequest rq;
                start_card(s, &rq);
                apply_start_request(s, rq);
                ImGui::EndTabItem();
            }
            if (!open) s.show_start = false, s.start_closed = true;
        }
        tab("Lesson", [&] {
            LessonRequests rq;
            lesson_panel(s.lessons, s.editor.text, s.report, &rq);
            if (rq.set_code) playground_set_code(s, rq.code, "");
            if (!rq.open_panel.empty()) s.lessons.open_panel = rq.open_panel;
            if (s.lesson != lesson_current_id(s.lessons)) s.lesson = lesson_current_id(s.lessons), update_hash(s);
        });
        tab("Console", [&] { console_panel(s.report); });
        std::string breaks_label = "Breaks (" + std::to_string(s.report.breaks.size()) + ")###breaks";
        tab(breaks_label.c_str(), [&] { breaks_panel(s.report, s.panels, &jump); });
        tab("Guards", [&] { guards_panel(s.report, s.panels); });
        tab("Inputs", [&] { inputs_panel(s.report, s.panels); });
        tab("Graph", [&] { graph_panel(s.report, s.panels, &jump, &hover); });
        tab("FX code", [&] { captured_code_panel(s.report, s.panels); });
        tab("Output code", [&] { generated_code_panel(s.report, s.panels); });
        tab("Bytecode", [&] { bytecode_panel(s.report, s.panels); });
        tab("Passes", [&] { passes_panel(s.report, s.panels); });
        tab("Fusion", [&] { fusion_panel(s.report, s.panels); });
        tab("Performance", [&] { performance_panel(s.report, s.panels); });
        ImGui::EndTabBar();
    }
    ImGui::EndChild();
    if (s.panels.run_extra) {  // Run with these / Measure: the program again, then the extra call
        s.panels.run_extra = false;
        s.next_extra = std::move(s.panels.extra);
        s.run_pending = true, s.last_edit = -1;
    }
    if (!s.panels.open_lesson.lesson.empty()) {
        open_lesson_link(s, s.panels.open_lesson);
        s.panels.open_lesson = {};
    }
    if (s.panels.try_fix >= 0) {
        start_fix_trial(s, s.panels.try_fix);
        s.panels.try_fix = -1;
    }
    if (s.panels.use_fix) {  // the tried rewrite becomes the program (an edit: it runs as one)
        s.panels.use_fix = false;
        if (s.panels.fix.edit.applied) {
            playground_set_code(s, s.panels.fix.edit.source, "");
            s.panels.fix = {};
        }
    }
    // The share link follows the Lesson tab: lesson= and step= while it is shown (a requested tab
    // switch is drawn next frame: wait for it).
    if (!selecting && s.lessons.open_panel.empty()) s.lesson_tab_shown = lesson_shown;
    const std::string shown = s.lesson_tab_shown ? lesson_current_id(s.lessons) : "";
    if (shown != s.hash_lesson || (!shown.empty() && s.lessons.step != s.hash_step)) update_hash(s);
    if (jump > 0) s.editor.jump_line = jump;
    if (hover > 0) {  // the hovered node's line lights up in the editor for as long as it is hovered
        s.editor.flash_line = hover;
        s.editor.flash_until = now + 0.5;
    }
    ImGui::End();

    // A run asked for elsewhere in the frame (Run, an option, a panel, a lesson) starts now.
    start_due_run(s, now);
}

}  // namespace kiln::playground
