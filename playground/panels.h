// The result panels (Dear ImGui), each drawing one part of a RunReport (session.h): console,
// graph breaks, guards & recompiles, graph view, captured code, generated code, bytecode, pass
// timeline, fusion notes. A panel that wants the editor to show a line sets *jump_line.
#pragma once
#include "graph_view.h"
#include "session.h"

namespace kiln::playground {

struct PanelState {
    int compile = 0;        // selected compile record (index into report.compiles)
    int pass_step = 1;      // selected step of the pass timeline
    bool aten_graph = false;  // graph view: the back end's aten graph instead of the FX graph
    GraphViewState graph;
};

void console_panel(const RunReport& r);
void breaks_panel(const RunReport& r, int* jump_line);
void guards_panel(const RunReport& r, PanelState& ps);
void graph_panel(const RunReport& r, PanelState& ps, int* jump_line, int* hover_line);
void captured_code_panel(const RunReport& r, PanelState& ps);
void generated_code_panel(const RunReport& r, PanelState& ps);
void bytecode_panel(const RunReport& r, PanelState& ps);
void passes_panel(const RunReport& r, PanelState& ps);
void fusion_panel(const RunReport& r, PanelState& ps);

}  // namespace kiln::playground
