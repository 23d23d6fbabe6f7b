// The playground's user interface: platform-free Dear ImGui code.
//
// A platform main (web/main.cpp for the browser; later native/ for the desktop app) creates the
// window and the ImGui context, calls playground_init() once with the URL hash (share links), then
// playground_frame() once per frame between ImGui::NewFrame() and ImGui::Render(). Everything the
// UI remembers lives in PlaygroundState; what the platform must do for it (write the URL hash, copy
// a link) is asked through its fields.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "editor.h"
#include "lesson_panel.h"
#include "panels.h"
#include "presenter.h"
#include "runner.h"
#include "session.h"

namespace kiln::playground {

struct PlaygroundState {
    CodeEditor editor;
    RunOptions options;
    RunReport report;
    bool auto_run = true;         // re-run in the frame of an edit (app.cpp kLivePause)
    bool run_pending = true;      // a run is due (edit, option change, example, link)
    double last_edit = 0;         // ImGui time of the last edit
    int runs = 0;                 // completed runs (tests wait on it)
    std::string example;          // the example the code came from ("" once edited away from it)
    std::string lesson;           // the open lesson's id
    bool lesson_tab_shown = false;  // the Lesson tab is on screen: the share link carries lesson= and step=
    std::string hash_lesson;      // the lesson and step the share hash carries now
    int hash_step = 0;
    LessonPanelState lessons;     // the lesson panel (course, open step, exercise progress)
    PanelState panels;
    EditorMarks marks;
    std::string link_note;        // a one-line status ("link copied", "the link's code was corrupt")
    PresenterState presenter;
    std::vector<std::string> devices = {"cpu"};  // what the device control offers (the platform adds cuda)
    bool show_start = false;      // the Start card's tab (start_card.h): the platform sets it on a first visit
    bool select_start = false;    // bring the Start tab to the front once (first visit, Help > Start here)

    // Runs go through `runner` (the platform main picks a thread or a Web Worker; null: inline, the
    // frame that starts a run waits for it). The frame polls it: the UI never waits on a program.
    std::unique_ptr<ProgramRunner> runner;
    bool running = false;         // a run is in flight
    double run_started = 0;       // ImGui time it started
    // Live-run latency (window.kiln.ui()'s timing; web/tests/latency.mjs bounds it): the edit the run
    // in flight answers (ImGui time; -1: not an edit), and when its report arrived.
    double run_edit = -1;
    double run_edit_done = -1;    // that edit, once its report arrived (-1: the last run was no edit's)
    double report_at = 0;
    RunOptions::ExtraCall next_extra;  // the next run's extra call (Run with these, Measure)

    // Requests to the platform, cleared by it.
    std::string hash;             // the current share hash ("#code=...")
    bool hash_changed = false;    // write `hash` into the address bar
    bool copy_link = false;       // copy the page URL (with `hash`) to the clipboard
    bool start_closed = false;    // the user closed the Start card: remember it (the page's localStorage)
    // Exercise progress changed (lessons.progress_changed): store lesson_progress_save(lessons) where
    // the platform keeps it across visits, and clear the flag.
};

// Registers the fonts the UI needs (the default font plus an em dash glyph) into io.Fonts; call
// once after ImGui::CreateContext(), before the renderer builds the font texture.
void playground_load_fonts();

// Starts from a share hash ("" or "#..."): its code and options, or the first example. Without a
// hash (a plain visit) and with `first_visit`, the Start card is shown in front.
void playground_init(PlaygroundState& state, const std::string& url_hash, bool first_visit);
// Applies a share hash opened later (the address bar changed); "" changes nothing.
void playground_apply_hash(PlaygroundState& state, const std::string& url_hash);
// Replaces the editor's text (an example, a lesson step, window.kiln.setCode) and schedules a run.
void playground_set_code(PlaygroundState& state, const std::string& code, const std::string& example);
// Starts a run now (what the live run does once the pause after an edit is over); its report
// arrives in a later frame (at once with the inline runner). A run in flight is stopped first.
void playground_run(PlaygroundState& state);
// The Stop button: ends the run in flight; its report says KilnLimitError(kStoppedMessage).
void playground_stop(PlaygroundState& state);
// Takes the finished run's report, if there is one (playground_frame calls it every frame).
bool playground_poll(PlaygroundState& state);

// Draws one frame of the UI and runs the program when a run is due.
void playground_frame(PlaygroundState& state);

}  // namespace kiln::playground
