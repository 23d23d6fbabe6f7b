// The result panels (Dear ImGui), each drawing one part of a RunReport (session.h): console,
// graph breaks, guards & recompiles, graph view, captured code, generated code, bytecode, pass
// timeline, fusion notes, inputs (what-if), performance. A panel that wants the editor to show a
// line sets *jump_line; one that wants a run or a lesson asks through PanelState's requests.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "break_lessons.h"
#include "graph_view.h"
#include "linked.h"
#include "session.h"
#include "try_fix.h"
#include "whatif.h"

namespace kiln::playground {

struct PanelState {
    int compile = 0;        // selected compile record (index into report.compiles)
    int pass_step = 1;      // selected step of the pass timeline
    bool aten_graph = false;  // graph view: the back end's aten graph instead of the FX graph
    GraphViewState graph;
    WhatIfEdit whatif;      // the inputs panel's edited arguments (for whatif.compile_id)
    int perf_repeats = 5;   // the performance panel's timed calls per side

    // Requests to the window, cleared by it: run the program again with an extra call after it
    // (inputs: "Run with these"; performance: "Measure"), open a lesson at a step.
    bool run_extra = false;
    RunOptions::ExtraCall extra;
    LessonLink open_lesson;  // lesson non-empty: open it
    int try_fix = -1;        // Breaks: apply break N's standard rewrite to a copy and run it
    bool use_fix = false;    // Breaks: put the tried rewrite into the editor
    // The last "try the fix" (the window fills it in): the rewrite and the break counts around it.
    struct Fix {
        int index = -1;       // the break it was tried on (-1: none)
        FixEdit edit;
        bool running = false, done = false;
        int before = 0, after = 0;
        bool after_ok = false;
        std::string after_error;
    } fix;
    std::string select_tab;  // a panel id (presenter.h) to bring to front once, e.g. "inputs"

    // The linked selection (linked.h) in the selected compile: what was picked (a source line, a
    // node, a kernel), what it links to, and each code view's lit lines (computed when first drawn).
    // Panels put a click into link_request; the window makes it the pick (link_update).
    LinkPick link_pick;
    LinkPick link_request;
    Linked linked;
    LinkModel link_model;
    std::string link_key;                          // what `linked` was computed for
    std::map<std::string, std::vector<int>> link_lines;  // view id -> lit lines (0-based)
};

// Recomputes the linked selection when the report (`runs`), the selected compile or the pick changed;
// takes a panel's request first. A source line without graph code in the selected compile switches
// to a compile that has some.
void link_update(const RunReport& r, PanelState& ps, int runs);

void console_panel(const RunReport& r);
void breaks_panel(const RunReport& r, PanelState& ps, int* jump_line);  // + the lesson that explains each break
void guards_panel(const RunReport& r, PanelState& ps);
void graph_panel(const RunReport& r, PanelState& ps, int* jump_line, int* hover_line);
void captured_code_panel(const RunReport& r, PanelState& ps);
void generated_code_panel(const RunReport& r, PanelState& ps);
void bytecode_panel(const RunReport& r, PanelState& ps);
void passes_panel(const RunReport& r, PanelState& ps);
void fusion_panel(const RunReport& r, PanelState& ps);
// inputs_panel.cpp: a compiled function's arguments, editable; which guard would fail before running.
void inputs_panel(const RunReport& r, PanelState& ps);
// perf_panel.cpp: eager vs compiled time, kernel launches, bytes moved, the kernels in order.
void performance_panel(const RunReport& r, PanelState& ps);

}  // namespace kiln::playground
