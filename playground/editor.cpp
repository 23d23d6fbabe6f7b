// The code editor overlay and the code views (see editor.h).
#include "editor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "imgui_internal.h"  // GetInputTextState (cursor position), ClearActiveID (text replaced)

namespace kiln::playground {
namespace {

constexpr int kSpareLines = 4;  // InputText is sized a few lines past the text: a new line never scrolls it

struct Lines {
    std::vector<size_t> start;  // byte offset of each line
};

Lines line_starts(const std::string& s) {
    Lines l;
    l.start.push_back(0);
    for (size_t i = 0; i < s.size(); ++i)
        if (s[i] == '\n') l.start.push_back(i + 1);
    return l;
}

// Draws `text[begin, end)` in syntax colours from `pos`; tabs and glyph widths come from the font,
// as InputText measures them.
void draw_coloured(ImDrawList* dl, ImVec2 pos, const std::string& text, const std::vector<Syntax>& cls, size_t begin,
                   size_t end) {
    ImFont* font = ImGui::GetFont();
    float size = ImGui::GetFontSize();
    size_t i = begin;
    while (i < end) {
        size_t j = i;
        while (j < end && cls[j] == cls[i]) ++j;
        const char* b = text.data() + i;
        const char* e = text.data() + j;
        dl->AddText(font, size, pos, syntax_colour(cls[i]), b, e);
        pos.x += font->CalcTextSizeA(size, FLT_MAX, 0.0f, b, e).x;
        i = j;
    }
}

// InputText callback: the std::string grows with the text, and tabs become spaces (Python
// indentation; the overlay never guesses a tab width). A tab is swapped for one space in place (the
// same length, so the undo record InputText made for it stays right); a single typed tab then gets
// three more spaces typed through the normal input path (undoable too), see code_editor().
struct EditState {
    std::string* text;
    int tabs = 0;
};

int editor_callback(ImGuiInputTextCallbackData* data) {
    auto* st = static_cast<EditState*>(data->UserData);
    if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
        st->text->resize(size_t(data->BufTextLen));
        data->Buf = st->text->data();
    } else if (data->EventFlag == ImGuiInputTextFlags_CallbackEdit) {
        for (int i = 0; i < data->BufTextLen; ++i)
            if (data->Buf[i] == '\t') {
                data->Buf[i] = ' ';
                data->BufDirty = true;
                ++st->tabs;
            }
    }
    return 0;
}

std::vector<std::pair<std::string, CodeViewGeometry>>& geometry() {
    static std::vector<std::pair<std::string, CodeViewGeometry>> g;
    return g;
}

void record_geometry(const std::string& id, const CodeViewGeometry& v) {
    for (auto& [k, g] : geometry())
        if (k == id) {
            g = v;
            return;
        }
    geometry().push_back({id, v});
}

constexpr ImU32 kLinkedFill = IM_COL32(80, 220, 200, 46);  // the linked selection (linked.h)
constexpr ImU32 kLinkedBar = IM_COL32(80, 220, 200, 230);

}  // namespace

const std::vector<std::pair<std::string, CodeViewGeometry>>& code_view_geometry() { return geometry(); }
void code_view_geometry_clear() { geometry().clear(); }

ImU32 graph_colour(int graph, float alpha) {
    static const ImVec4 palette[] = {{0.30f, 0.60f, 1.00f, 1}, {0.35f, 0.85f, 0.45f, 1}, {0.95f, 0.65f, 0.20f, 1},
                                     {0.80f, 0.45f, 0.95f, 1}, {0.25f, 0.85f, 0.85f, 1}, {0.95f, 0.45f, 0.55f, 1}};
    ImVec4 c = palette[((graph % 6) + 6) % 6];
    c.w = alpha;
    return ImGui::ColorConvertFloat4ToU32(c);
}

ImU32 syntax_colour(Syntax s) {
    switch (s) {
        case Syntax::Keyword: return IM_COL32(198, 120, 221, 255);
        case Syntax::Builtin: return IM_COL32(86, 182, 194, 255);
        case Syntax::Number: return IM_COL32(209, 154, 102, 255);
        case Syntax::String: return IM_COL32(152, 195, 121, 255);
        case Syntax::Comment: return IM_COL32(120, 128, 140, 255);
        case Syntax::Decorator: return IM_COL32(229, 192, 123, 255);
        case Syntax::Function: return IM_COL32(97, 175, 239, 255);
        case Syntax::Text: break;
    }
    return IM_COL32(220, 223, 228, 255);
}

bool code_editor(const char* id, CodeEditor& ed, const EditorMarks& marks, ImVec2 size) {
    ImGui::PushID(id);
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(30, 31, 36, 255));
    ImGui::BeginChild("##scroll", size, true, ImGuiWindowFlags_HorizontalScrollbar);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line_h = ImGui::GetFontSize();
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const Lines lines = line_starts(ed.text);
    const int n_lines = int(lines.start.size());
    char digits[16];
    std::snprintf(digits, sizeof digits, "%d", std::max(n_lines, 99));
    const float gutter = ImGui::CalcTextSize(digits).x + 22.0f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 text_origin(origin.x + gutter + pad.x, origin.y + pad.y);
    const float view_w = ImGui::GetWindowWidth() + ImGui::GetScrollX() + 400;
    const double now = ImGui::GetTime();

    if (ed.jump_line > 0) {
        ImGui::SetScrollY(std::max(0.0f, (ed.jump_line - 1) * line_h - ImGui::GetWindowHeight() / 3));
        ed.flash_line = ed.jump_line;
        ed.flash_until = now + 1.5;
        ed.jump_line = 0;
    }

    // Line backgrounds: the captured graph a line belongs to, the error line, a jump's flash.
    const float scroll_y = ImGui::GetScrollY();
    const int first = std::max(0, int((scroll_y - pad.y) / line_h) - 1);
    const int last = std::min(n_lines, int((scroll_y + ImGui::GetWindowHeight()) / line_h) + 2);
    for (int l = first; l < last; ++l) {
        float y = text_origin.y + l * line_h;
        ImVec2 a(origin.x + gutter - 4, y), b(origin.x + view_w, y + line_h);
        if (l < int(marks.line_graph.size()) && marks.line_graph[l] >= 0) {
            dl->AddRectFilled(a, b, graph_colour(marks.line_graph[l], 0.16f));
            dl->AddRectFilled(ImVec2(origin.x + gutter - 4, y), ImVec2(origin.x + gutter - 1, y + line_h),
                              graph_colour(marks.line_graph[l], 0.9f));
        }
        if (std::binary_search(marks.linked_lines.begin(), marks.linked_lines.end(), l + 1)) {
            dl->AddRectFilled(a, b, kLinkedFill);
            dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + 3, y + line_h), kLinkedBar);
        }
        if (l + 1 == marks.error_line) dl->AddRectFilled(a, b, IM_COL32(255, 70, 70, 50));
        if (l + 1 == ed.flash_line && now < ed.flash_until)
            dl->AddRectFilled(a, b, IM_COL32(255, 230, 90, int(90 * std::min(1.0, (ed.flash_until - now) / 0.5))));
    }

    // Syntax colours and the gutter.
    const std::vector<Syntax> cls = classify_text(ed.text, SyntaxLanguage::Python);
    for (int l = first; l < last; ++l) {
        size_t b = lines.start[l];
        size_t e = l + 1 < n_lines ? lines.start[l + 1] - 1 : ed.text.size();
        float y = text_origin.y + l * line_h;
        draw_coloured(dl, ImVec2(text_origin.x, y), ed.text, cls, b, e);
        char num[16];
        std::snprintf(num, sizeof num, "%d", l + 1);
        float w = ImGui::CalcTextSize(num).x;
        dl->AddText(ImVec2(origin.x + gutter - 8 - w, y), IM_COL32(110, 115, 125, 255), num);
    }
    for (const auto& [line, reason] : marks.breaks) {
        float y = text_origin.y + (line - 1) * line_h;
        dl->AddTriangleFilled(ImVec2(origin.x + 2, y + 2), ImVec2(origin.x + 2, y + line_h - 2),
                              ImVec2(origin.x + 10, y + line_h / 2), IM_COL32(255, 150, 40, 255));
    }
    if (marks.error_line > 0) {
        float y = text_origin.y + (marks.error_line - 1) * line_h;
        dl->AddCircleFilled(ImVec2(origin.x + 6, y + line_h / 2), 4.5f, IM_COL32(255, 80, 80, 255));
        // A squiggle from the column to the end of the line.
        if (marks.error_line <= n_lines && marks.error_col > 0) {
            size_t b = lines.start[marks.error_line - 1];
            size_t e = marks.error_line < n_lines ? lines.start[marks.error_line] - 1 : ed.text.size();
            size_t at = std::min(e, b + size_t(marks.error_col - 1));
            float x0 = text_origin.x + ImGui::CalcTextSize(ed.text.data() + b, ed.text.data() + at).x;
            float x1 = std::max(x0 + 8, text_origin.x + ImGui::CalcTextSize(ed.text.data() + b, ed.text.data() + e).x);
            for (float x = x0; x < x1; x += 4)
                dl->AddLine(ImVec2(x, y + line_h), ImVec2(x + 2, y + line_h - 2), IM_COL32(255, 80, 80, 255));
        }
    }

    // The editing widget itself, with transparent text, on top.
    float max_w = 0;
    for (int l = 0; l < n_lines; ++l) {
        size_t b = lines.start[l], e = l + 1 < n_lines ? lines.start[l + 1] - 1 : ed.text.size();
        max_w = std::max(max_w, ImGui::CalcTextSize(ed.text.data() + b, ed.text.data() + e).x);
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x + gutter, origin.y));
    ImVec2 widget(std::max(ImGui::GetContentRegionAvail().x, max_w + 200),
                  std::max(ImGui::GetContentRegionAvail().y, (n_lines + kSpareLines) * line_h + 2 * pad.y));
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(0, 0, 0, 0));
    ImGui::PushStyleColor(ImGuiCol_FrameBg, IM_COL32(0, 0, 0, 0));
    ImGui::PushStyleColor(ImGuiCol_TextSelectedBg, IM_COL32(90, 130, 220, 110));
    if (ed.reset_widget) {
        // InputText keeps its own copy of the text while active: drop it, or the old text returns.
        ImGui::ClearActiveID();
        ed.reset_widget = false;
    }
    if (ed.pending_spaces > 0) {
        for (int k = 0; k < ed.pending_spaces; ++k) ImGui::GetIO().AddInputCharacter(' ');
        ed.pending_spaces = 0;
    }
    EditState edit{&ed.text};
    bool changed = ImGui::InputTextMultiline(
        "##text", ed.text.data(), ed.text.capacity() + 1, widget,
        ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackResize |
            ImGuiInputTextFlags_CallbackEdit | ImGuiInputTextFlags_NoHorizontalScroll,
        editor_callback, &edit);
    ImGui::PopStyleColor(3);
    const ImGuiID text_id = ImGui::GetItemID();
    // The rest of a typed tab's four spaces: typed on the next frame, before the widget reads its
    // input (ImGui empties the character queue at the end of each frame).
    if (edit.tabs == 1 && ImGui::IsItemActive()) ed.pending_spaces = 3;
    const bool hovered = ImGui::IsItemHovered();
    // A click on a line picks it for the linked selection (the click also places the cursor).
    ed.clicked_line = 0;
    if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        int line = int((ImGui::GetIO().MousePos.y - text_origin.y) / line_h) + 1;
        if (line >= 1 && line <= n_lines) ed.clicked_line = line;
    }
    {
        CodeViewGeometry geo;
        geo.x = text_origin.x, geo.y = text_origin.y, geo.line_h = line_h, geo.lines = n_lines;
        geo.top = ImGui::GetWindowPos().y, geo.bottom = geo.top + ImGui::GetWindowHeight();
        record_geometry(id, geo);
    }

    // The cursor (drawn here because the widget's own is transparent) and keeping it in view.
    if (ImGuiInputTextState* st = ImGui::GetInputTextState(text_id)) {
        int cursor_w = st->Stb.cursor;
        // wchar index -> byte offset (the text is UTF-8).
        size_t byte = 0;
        for (int k = 0; k < cursor_w && byte < ed.text.size(); ++k) {
            unsigned char c = ed.text[byte];
            byte += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        }
        byte = std::min(byte, ed.text.size());
        int line = int(std::upper_bound(lines.start.begin(), lines.start.end(), byte) - lines.start.begin()) - 1;
        if (line >= n_lines) line = n_lines - 1;
        float x = text_origin.x + ImGui::CalcTextSize(ed.text.data() + lines.start[line], ed.text.data() + byte).x;
        float y = text_origin.y + line * line_h;
        if (std::fmod(now, 1.0) < 0.6 || st->Stb.cursor != ed.last_cursor)
            dl->AddLine(ImVec2(x, y), ImVec2(x, y + line_h), IM_COL32(240, 240, 240, 255), 1.5f);
        if (st->Stb.cursor != ed.last_cursor) {
            ed.last_cursor = st->Stb.cursor;
            float top = ImGui::GetScrollY(), h = ImGui::GetWindowHeight() - 2 * line_h;
            float rel = y - origin.y;
            if (rel < top) ImGui::SetScrollY(rel);
            else if (rel + line_h > top + h) ImGui::SetScrollY(rel + line_h - h);
        }
    }

    // Hover: the error's message, a graph break's reason.
    if (ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) || hovered) {
        int line = int((ImGui::GetIO().MousePos.y - text_origin.y) / line_h) + 1;
        if (line == marks.error_line && !marks.error_message.empty()) ImGui::SetTooltip("%s", marks.error_message.c_str());
        for (const auto& [bl, reason] : marks.breaks)
            if (bl == line && ImGui::GetIO().MousePos.x < origin.x + gutter)
                ImGui::SetTooltip("graph break: %s", reason.c_str());
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
    ImGui::PopID();
    return changed;
}

namespace {
// code_view's text split into lines and classified, per view, until the text changes: a 100 KB
// output_code was split and classified again in every frame it was shown (and a frame's time is
// part of the time from an edit to its panels).
struct CodeViewText {
    std::string text;
    SyntaxLanguage lang = SyntaxLanguage::Python;
    Lines lines;
    std::vector<Syntax> cls;
    int last_frame = 0;
};
const CodeViewText& code_view_text(ImGuiID id, const std::string& text, SyntaxLanguage lang) {
    static std::map<ImGuiID, CodeViewText> cache;
    const int frame = ImGui::GetFrameCount();
    // Views not drawn for a while (another compile, a closed tab) let go of their copies.
    for (auto it = cache.begin(); it != cache.end();) it = frame - it->second.last_frame > 600 ? cache.erase(it) : std::next(it);
    CodeViewText& c = cache[id];
    c.last_frame = frame;
    if (c.lines.start.empty() || c.lang != lang || c.text != text) {
        c.text = text;
        c.lang = lang;
        c.lines = line_starts(text);
        c.cls = classify_text(text, lang);
    }
    return c;
}
}  // namespace

void code_view(const char* id, const std::string& text, SyntaxLanguage lang, ImVec2 size, const std::vector<int>* lit,
               int* clicked, const std::vector<ImU32>* line_bg) {
    if (clicked) *clicked = -1;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(30, 31, 36, 255));
    ImGui::BeginChild(id, size, true, ImGuiWindowFlags_HorizontalScrollbar);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line_h = ImGui::GetTextLineHeight();
    const CodeViewText& cached = code_view_text(ImGui::GetID("##text"), text, lang);
    const Lines& lines = cached.lines;
    const std::vector<Syntax>& cls = cached.cls;
    const int n = int(lines.start.size());
    const ImVec2 origin = ImGui::GetCursorScreenPos();  // line 0, scrolling included
    // The linked selection: scroll its first line into view when the selection changes.
    if (lit) {
        ImGuiStorage* store = ImGui::GetStateStorage();
        const ImGuiID key = ImGui::GetID("##lit_first");
        const int first = lit->empty() ? -1 : lit->front();
        if (store->GetInt(key, -1) != first) {
            store->SetInt(key, first);
            if (first >= 0) {
                float y = first * line_h, top = ImGui::GetScrollY(), h = ImGui::GetWindowHeight();
                if (y < top || y + line_h > top + h - line_h) ImGui::SetScrollY(std::max(0.0f, y - h / 3));
            }
        }
    }
    ImGuiListClipper clipper;
    clipper.Begin(n, line_h);
    float max_w = 0;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
    while (clipper.Step())
        for (int l = clipper.DisplayStart; l < clipper.DisplayEnd; ++l) {
            size_t b = lines.start[l], e = l + 1 < n ? lines.start[l + 1] - 1 : text.size();
            ImVec2 pos = ImGui::GetCursorScreenPos();
            if (line_bg && l < int(line_bg->size()) && (*line_bg)[size_t(l)] != 0) {
                dl->AddRectFilled(ImVec2(pos.x - 4, pos.y), ImVec2(right, pos.y + line_h), (*line_bg)[size_t(l)]);
                dl->AddRectFilled(ImVec2(pos.x - 4, pos.y), ImVec2(pos.x - 1, pos.y + line_h), (*line_bg)[size_t(l)] | IM_COL32_A_MASK);
            }
            if (lit && std::binary_search(lit->begin(), lit->end(), l)) {
                dl->AddRectFilled(ImVec2(pos.x - 4, pos.y), ImVec2(right, pos.y + line_h), kLinkedFill);
                dl->AddRectFilled(ImVec2(pos.x - 4, pos.y), ImVec2(pos.x - 1, pos.y + line_h), kLinkedBar);
            }
            draw_coloured(dl, pos, text, cls, b, e);
            float w = ImGui::CalcTextSize(text.data() + b, text.data() + e).x;
            max_w = std::max(max_w, w);
            ImGui::Dummy(ImVec2(w, line_h));
        }
    // (Not on the Copy button, drawn over the top-right corner.)
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const bool on_copy = mouse.x > right - 80 && mouse.y < ImGui::GetWindowPos().y + line_h + 10;
    if (clicked && !on_copy && ImGui::IsWindowHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        int l = int(std::floor((ImGui::GetIO().MousePos.y - origin.y) / line_h));
        if (l >= 0 && l < n) *clicked = l;
    }
    CodeViewGeometry geo;
    geo.x = origin.x, geo.y = origin.y, geo.line_h = line_h, geo.lines = n;
    geo.top = ImGui::GetWindowPos().y, geo.bottom = geo.top + ImGui::GetWindowHeight();
    record_geometry(id, geo);
    copy_button(text);
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

void copy_button(const std::string& text) {
    if (text.empty()) return;
    // Drawn last, over the text's top-right corner as the window is scrolled (the text stays the item
    // under it only where the button is not).
    const ImVec2 keep = ImGui::GetCursorPos();
    const float w = ImGui::CalcTextSize("Copy").x + ImGui::GetStyle().FramePadding.x * 2;
    const float x = ImGui::GetScrollX() + ImGui::GetWindowContentRegionMax().x - w - 4;
    ImGui::SetCursorPos(ImVec2(x, ImGui::GetScrollY() + ImGui::GetWindowContentRegionMin().y + 2));
    if (ImGui::SmallButton("Copy")) ImGui::SetClipboardText(text.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy this text to the clipboard");
    ImGui::SetCursorPos(keep);
}

}  // namespace kiln::playground
