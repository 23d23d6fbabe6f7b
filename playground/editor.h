// The code editor and the read-only code views (Dear ImGui).
//
// The editor is ImGui's InputTextMultiline (editing, selection, clipboard and undo/redo with
// Ctrl+Z / Ctrl+Y come from it) drawn with transparent text, under which this file paints what
// InputText cannot: line numbers, syntax colours (highlight.h), the error at line:col with its
// message on hover, graph-break markers in the gutter, and source lines tinted by the captured
// graph they belong to. The widget is sized to its whole text inside a scrolling child, so overlay
// and text share one coordinate system.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "highlight.h"
#include "imgui.h"

namespace kiln::playground {

struct EditorMarks {
    int error_line = 0, error_col = 0;
    std::string error_message;
    std::vector<std::pair<int, std::string>> breaks;  // line, reason
    std::vector<int> line_graph;                      // per line (index line-1): graph index or -1
    std::vector<int> linked_lines;                    // lines lit by the linked selection (linked.h), 1-based
};

struct CodeEditor {
    std::string text;
    int jump_line = 0;        // scroll to and flash this line on the next frame
    int flash_line = 0;
    double flash_until = 0;
    int last_cursor = -1;
    bool reset_widget = false;  // the text was replaced from outside (example, share link)
    int pending_spaces = 0;     // the rest of a typed tab (editor.cpp editor_callback)
    int clicked_line = 0;       // set by code_editor: the line a click landed on this frame (1-based), else 0
};

// Where a code view or the editor drew its first line last frame (screen pixels), for tests that
// click a line (window.kiln.ui().views) and for nothing else.
struct CodeViewGeometry {
    float x = 0, y = 0;      // the top-left of line 0's text (scrolling included)
    float line_h = 0;
    float top = 0, bottom = 0;  // the visible part of the view
    int lines = 0;
};
const std::vector<std::pair<std::string, CodeViewGeometry>>& code_view_geometry();
void code_view_geometry_clear();  // at the start of each frame: only views drawn this frame are listed

// A colour per captured graph (cycles).
ImU32 graph_colour(int graph, float alpha);
ImU32 syntax_colour(Syntax s);

// Draws the editor; true when the user changed the text this frame.
bool code_editor(const char* id, CodeEditor& ed, const EditorMarks& marks, ImVec2 size);

// Read-only highlighted text in a scrolling child (generated code, FX code, graphs). `lit`: lines
// (0-based) the linked selection lights up (scrolled into view when they change); `clicked`: set to
// the line a click landed on this frame (-1 when none); `line_bg`: a background colour per line (0:
// none), e.g. a diff's added and removed lines. The text's lines and syntax classes are kept per view
// while the text stays the same, so an unchanged view costs only its visible lines each frame.
void code_view(const char* id, const std::string& text, SyntaxLanguage lang, ImVec2 size = ImVec2(0, 0),
               const std::vector<int>* lit = nullptr, int* clicked = nullptr, const std::vector<ImU32>* line_bg = nullptr);
// A small "Copy" button at the top right of the current child window: `text` goes to the clipboard
// (the system's, in the browser too: web/main.cpp). code_view and the console draw one.
void copy_button(const std::string& text);

}  // namespace kiln::playground
