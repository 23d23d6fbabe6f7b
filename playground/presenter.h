// Presenter mode: the playground on a projector. Large fonts, only the panels the presenter chose
// (the editor included), and the keyboard steps through the open lesson: Right / PageDown for the
// next step, Left / PageUp for the previous one (the lesson panel's lesson_next_step and
// lesson_prev_step), whenever no text field has the keyboard. The choice travels in the share
// link (presenter=1&panels=editor,graph,lesson), so a prepared talk opens as it was set up.
#pragma once
#include <string>
#include <vector>

namespace kiln::playground {

struct PresenterState {
    bool on = false;
    float scale = 1.6f;                // font scale while on
    std::vector<std::string> panels;   // ids shown while on; empty = all
};

// The panels presenter mode can choose among: {id, tab label}.
struct PanelId {
    const char* id;     // "graph" (share links)
    const char* label;  // "Graph" (the tab's label, before any "###")
};
const std::vector<PanelId>& presenter_panel_ids();
// The id for a tab label ("Breaks (2)###breaks" -> "breaks"), "" if unknown.
std::string presenter_panel_id(const std::string& label);

// Is this panel (by id) shown now? Always true when presenter mode is off.
bool presenter_shows(const PresenterState& p, const std::string& id);
// "editor,graph" <-> the panels list (unknown ids dropped).
std::string presenter_panels_text(const PresenterState& p);
void presenter_set_panels(PresenterState& p, const std::string& text);

// What a key press does in presenter mode: -1 previous step, +1 next step, 0 nothing. A key held
// down steps once: its auto-repeats (`repeat`: the platform's key-repeat, or ImGui's own repeat of a
// held key) do nothing, so a presenter leaning on an arrow does not run through the lesson.
enum class PresenterKey { Left, Right, PageUp, PageDown, Other };
int presenter_step_for_key(const PresenterState& p, PresenterKey key, bool text_input_active, bool repeat);

}  // namespace kiln::playground
