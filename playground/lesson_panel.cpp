// The lesson panel (see lesson_panel.h): actions first (plain functions shared with presenter mode,
// share links and the page's test hook), then drawing: the Markdown subset laid out word by word so
// that inline code and links keep their colours inside wrapped paragraphs.
#include "lesson_panel.h"

#include <algorithm>
#include <sstream>

#include "course_embedded.h"
#include "imgui.h"
#include "palette.h"

namespace kiln::playground {
namespace {

using namespace palette;

std::string progress_key(const Lesson& L, const Exercise& ex) { return L.id + "/" + ex.id; }

const Exercise* find_exercise(const Lesson& L, const std::string& id) {
    for (const auto& ex : L.exercises)
        if (ex.id == id) return &ex;
    return nullptr;
}

// The tab labels of app.cpp's panels, by the names panel:NAME links use.
const char* tab_label_of(const std::string& panel) {
    static const std::pair<const char*, const char*> map[] = {
        {"console", "Console"}, {"breaks", "Breaks"},   {"guards", "Guards"},     {"graph", "Graph"},
        {"fx", "FX code"},     {"output", "Output code"}, {"bytecode", "Bytecode"}, {"passes", "Passes"},
        {"fusion", "Fusion"},  {"lesson", "Lesson"}};
    for (const auto& [name, label] : map)
        if (panel == name) return label;
    return nullptr;
}

// ---- drawing ---------------------------------------------------------------------------------------

// What following a link does: a panel tab, another lesson, or (sources, URLs) a tooltip with the
// path, copied to the clipboard on click: the page cannot open repository files.
void follow_link(LessonPanelState& s, const std::string& target, LessonRequests* rq) {
    if (target.rfind("panel:", 0) == 0) {
        rq->open_panel = target.substr(6);
    } else if (target.rfind("lesson:", 0) == 0) {
        lesson_open(s, target.substr(7));
    } else {
        ImGui::SetClipboardText(target.c_str());
    }
}

// Paragraph text laid out word by word inside the available width.
void flow(LessonPanelState& s, const std::vector<Span>& spans, LessonRequests* rq, float indent = 0) {
    const float left = ImGui::GetCursorPosX() + indent;
    const float width = std::max(80.0f, ImGui::GetContentRegionAvail().x - indent);
    float x = 0;
    bool line_start = true;
    int link_id = 0;
    for (const Span& sp : spans) {
        // Words keep their trailing space, so measuring a word measures the gap after it too.
        std::vector<std::string> words;
        std::string cur;
        for (char c : sp.text) {
            cur += c;
            if (c == ' ') {
                words.push_back(cur);
                cur.clear();
            }
        }
        if (!cur.empty()) words.push_back(cur);
        for (const std::string& w : words) {
            float wsz = ImGui::CalcTextSize(w.c_str()).x;
            if (!line_start && x + wsz > width) {
                line_start = true;
                x = 0;
                if (w == " ") continue;
            }
            if (line_start) {
                ImGui::SetCursorPosX(left);
            } else {
                ImGui::SameLine(0, 0);
            }
            line_start = false;
            x += wsz;
            switch (sp.kind) {
                case Span::Kind::Text: ImGui::TextUnformatted(w.c_str()); break;
                case Span::Kind::Code: ImGui::TextColored(kCode, "%s", w.c_str()); break;
                case Span::Kind::Bold: ImGui::TextColored(kBold, "%s", w.c_str()); break;
                case Span::Kind::Link: {
                    ImGui::PushID(link_id++);
                    ImGui::TextColored(kLink, "%s", w.c_str());
                    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
                    ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), ImGui::GetColorU32(kLink));
                    if (ImGui::IsItemHovered()) {
                        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
                        const std::string& t = sp.target;
                        if (t.rfind("panel:", 0) == 0) ImGui::SetTooltip("Show the %s panel", t.c_str() + 6);
                        else if (t.rfind("lesson:", 0) == 0) ImGui::SetTooltip("Open the lesson %s", t.c_str() + 7);
                        else ImGui::SetTooltip("%s\n(click to copy the path)", t.c_str());
                    }
                    if (ImGui::IsItemClicked()) follow_link(s, sp.target, rq);
                    ImGui::PopID();
                    break;
                }
            }
        }
    }
    if (spans.empty()) ImGui::NewLine();
}

void code_block(const std::string& text, int id) {
    int lines = 1 + int(std::count(text.begin(), text.end(), '\n'));
    float h = lines * ImGui::GetTextLineHeight() + ImGui::GetStyle().WindowPadding.y * 2 + 4;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.16f, 0.16f, 0.19f, 1));
    ImGui::PushID(id);
    ImGui::BeginChild("##code", ImVec2(0, h), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(text.c_str());
    ImGui::EndChild();
    ImGui::PopID();
    ImGui::PopStyleColor();
}

void run_card(LessonPanelState& s, const Lesson& L, const std::string& name, int id, const std::string& editor_code,
              const RunReport& last_run, LessonRequests* rq) {
    const Program* p = L.find_program(name);
    ImGui::PushID(id);
    if (ImGui::Button(("Run " + name).c_str())) lesson_run_program(s, name, rq);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Load %s into the editor and run it", name.c_str());
    if (p) {
        ImGui::SameLine();
        if (p->has_golden) {
            if (ImGui::TreeNode("##golden", "what PyTorch 2.11 prints")) {
                code_block(p->golden, 1);
                ImGui::TreePop();
            }
        } else {
            ImGui::TextColored(kDim, "(no PyTorch golden yet: not yet compared with PyTorch)");
        }
        // The editor holds this program: its last run's output right here (the Console tab has it all).
        if (editor_code == p->source) {
            if (!last_run.ok) ImGui::TextColored(kRed, "%s: %s", last_run.error.type.c_str(), last_run.error.message.c_str());
            if (!last_run.stdout_text.empty()) code_block(last_run.stdout_text, 2);
            ImGui::TextColored(kDim, "graphs %d, breaks %d, recompiles %d", last_run.graph_count(),
                               int(last_run.breaks.size()), int(last_run.recompiles.size()));
        }
    }
    ImGui::PopID();
}

void exercise_card(LessonPanelState& s, const Lesson& L, const Exercise& ex, const std::string& editor_code,
                   LessonRequests* rq) {
    ExerciseProgress& p = s.progress[progress_key(L, ex)];
    ImGui::PushID(ex.id.c_str());
    ImGui::Separator();
    ImGui::TextColored(kHeading, "Exercise: %s", ex.title.c_str());
    if (p.ever_passed) {
        ImGui::SameLine();
        ImGui::TextColored(kGreen, "(solved)");
    }
    if (ImGui::Button("Start")) lesson_load_exercise_file(s, ex.id, false, rq);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Load the exercise's starter code (%s) into the editor", ex.starter.c_str());
    ImGui::SameLine();
    if (ImGui::Button("Check")) lesson_check(s, ex.id, editor_code);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Run the editor's code and check it against the engine's results");
    ImGui::SameLine();
    ImGui::BeginDisabled(p.hints_shown >= int(ex.hints.size()));
    if (ImGui::Button("Hint")) ++p.hints_shown, s.progress_changed = true;
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Reset")) {
        lesson_load_exercise_file(s, ex.id, false, rq);
        p.checked = false;
        p.results.clear();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Put the starter code back into the editor");
    ImGui::SameLine();
    if (ImGui::Button("Show solution")) lesson_load_exercise_file(s, ex.id, true, rq);
    for (int i = 0; i < p.hints_shown && i < int(ex.hints.size()); ++i) {
        ImGui::TextColored(kDim, "Hint %d:", i + 1);
        ImGui::SameLine();
        flow(s, parse_inline(ex.hints[i]), rq);
    }
    if (p.checked) {
        if (p.passed) ImGui::TextColored(kGreen, "All %d checks pass.", int(p.results.size()));
        else ImGui::TextColored(kRed, "Not yet:");
        for (const auto& r : p.results) {
            ImGui::TextColored(r.passed ? kGreen : kRed, r.passed ? "  pass " : "  FAIL ");
            ImGui::SameLine();
            ImGui::TextUnformatted(r.check->source.c_str());
            ImGui::SameLine();
            ImGui::TextColored(kDim, "(%s)", r.detail.c_str());
            if (!r.passed && !r.check->message.empty()) {
                ImGui::Indent();
                flow(s, parse_inline(r.check->message), rq);
                ImGui::Unindent();
            }
        }
        if (!p.error.empty()) ImGui::TextColored(kRed, "%s", p.error.c_str());
    }
    ImGui::Separator();
    ImGui::PopID();
}

}  // namespace

// ---- actions ---------------------------------------------------------------------------------------

void lesson_load(LessonPanelState& s) {
    if (s.loaded) return;
    LoadResult r = load_course(embedded_course_files());
    s.course = std::move(r.course);
    s.load_errors = std::move(r.errors);
    s.loaded = true;
}

bool lesson_open(LessonPanelState& s, const std::string& id, int step) {
    lesson_load(s);
    for (size_t i = 0; i < s.course.lessons.size(); ++i) {
        const Lesson& L = s.course.lessons[i];
        if (L.id == id || L.folder == id) {
            s.lesson = int(i);
            s.step = std::clamp(step, 0, std::max(0, int(L.steps.size()) - 1));
            return true;
        }
    }
    return false;
}

const Lesson* lesson_current(const LessonPanelState& s) {
    if (!s.loaded || s.lesson < 0 || s.lesson >= int(s.course.lessons.size())) return nullptr;
    return &s.course.lessons[s.lesson];
}

std::string lesson_current_id(const LessonPanelState& s) {
    const Lesson* L = lesson_current(s);
    return L ? L->id : "";
}

void lesson_next_step(LessonPanelState& s) {
    lesson_load(s);
    const Lesson* L = lesson_current(s);
    if (!L) return;
    if (s.step + 1 < int(L->steps.size())) {
        ++s.step;
    } else if (s.lesson + 1 < int(s.course.lessons.size())) {
        ++s.lesson;
        s.step = 0;
    }
}

void lesson_prev_step(LessonPanelState& s) {
    lesson_load(s);
    if (!lesson_current(s)) return;
    if (s.step > 0) {
        --s.step;
    } else if (s.lesson > 0) {
        --s.lesson;
        s.step = std::max(0, int(s.course.lessons[s.lesson].steps.size()) - 1);
    }
}

bool lesson_run_program(LessonPanelState& s, const std::string& name, LessonRequests* rq) {
    const Lesson* L = lesson_current(s);
    const Program* p = L ? L->find_program(name) : nullptr;
    if (!p) return false;
    rq->set_code = true;
    rq->code = p->source;
    rq->code_name = name;
    return true;
}

bool lesson_load_exercise_file(LessonPanelState& s, const std::string& exercise_id, bool solution, LessonRequests* rq) {
    const Lesson* L = lesson_current(s);
    const Exercise* ex = L ? find_exercise(*L, exercise_id) : nullptr;
    const Program* p = ex ? L->find_program(solution ? ex->solution : ex->starter) : nullptr;
    if (!p) return false;
    rq->set_code = true;
    rq->code = p->source;
    rq->code_name = p->name;
    if (solution) s.progress[progress_key(*L, *ex)].solution_shown = true, s.progress_changed = true;
    return true;
}

const ExerciseProgress* lesson_check(LessonPanelState& s, const std::string& exercise_id, const std::string& code) {
    const Lesson* L = lesson_current(s);
    const Exercise* ex = L ? find_exercise(*L, exercise_id) : nullptr;
    if (!ex) return nullptr;
    ExerciseProgress& p = s.progress[progress_key(*L, *ex)];
    ExerciseResult r = check_exercise(*L, *ex, code);
    p.checked = true;
    p.passed = r.passed && r.error.empty();
    p.ever_passed |= p.passed;
    s.progress_changed = true;
    p.results = std::move(r.results);
    p.error = !r.error.empty() ? r.error
              : r.report.ok  ? ""
                             : "Your program stopped: " + r.report.error.type + ": " + r.report.error.message;
    return &p;
}

std::string lesson_progress_save(const LessonPanelState& s) {
    std::string out;
    for (const auto& [key, p] : s.progress) {
        if (!p.ever_passed && p.hints_shown == 0 && !p.solution_shown) continue;
        out += key + " " + (p.ever_passed ? "1" : "0") + " " + std::to_string(p.hints_shown) + " " +
               (p.solution_shown ? "1" : "0") + "\n";
    }
    return out;
}

void lesson_progress_restore(LessonPanelState& s, const std::string& text) {
    lesson_load(s);
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream ls(line);
        std::string key;
        int passed = 0, hints = 0, solution = 0;
        if (!(ls >> key >> passed >> hints >> solution)) continue;
        const size_t slash = key.find('/');
        if (slash == std::string::npos) continue;
        const Exercise* ex = nullptr;
        for (const Lesson& L : s.course.lessons)
            if (L.id == key.substr(0, slash)) ex = find_exercise(L, key.substr(slash + 1));
        if (!ex) continue;
        ExerciseProgress& p = s.progress[key];
        p.ever_passed |= passed == 1;
        p.hints_shown = std::clamp(hints, p.hints_shown, int(ex->hints.size()));
        p.solution_shown |= solution == 1;
    }
}

void lesson_progress(const LessonPanelState& s, int* passed, int* total) {
    *passed = *total = 0;
    for (const auto& L : s.course.lessons)
        for (const auto& ex : L.exercises) {
            ++*total;
            auto it = s.progress.find(progress_key(L, ex));
            if (it != s.progress.end() && it->second.ever_passed) ++*passed;
        }
}

int lesson_tab_flags(LessonPanelState& s, const char* tab_label) {
    if (s.open_panel.empty()) return 0;
    const char* want = tab_label_of(s.open_panel);
    std::string label = tab_label;
    if (!want || label.rfind(want, 0) != 0) return 0;
    s.open_panel.clear();
    return ImGuiTabItemFlags_SetSelected;
}

void lesson_panel(LessonPanelState& s, const std::string& editor_code, const RunReport& last_run, LessonRequests* rq) {
    lesson_load(s);
    for (const auto& e : s.load_errors) ImGui::TextColored(kRed, "%s", e.c_str());
    const Lesson* L = lesson_current(s);
    if (!L) {
        ImGui::TextUnformatted("No lessons were built into this page.");
        return;
    }
    // The lesson picker and progress.
    ImGui::SetNextItemWidth(std::min(360.0f, ImGui::GetContentRegionAvail().x * 0.6f));
    std::string current = std::to_string(L->number) + ". " + L->title;
    if (ImGui::BeginCombo("##lesson", current.c_str())) {
        for (size_t i = 0; i < s.course.lessons.size(); ++i) {
            const Lesson& o = s.course.lessons[i];
            std::string label = std::to_string(o.number) + ". " + o.title;
            if (ImGui::Selectable(label.c_str(), int(i) == s.lesson)) lesson_open(s, o.id);
            if (ImGui::IsItemHovered() && !o.summary.empty()) ImGui::SetTooltip("%s", o.summary.c_str());
        }
        ImGui::EndCombo();
    }
    L = lesson_current(s);
    int passed = 0, total = 0;
    lesson_progress(s, &passed, &total);
    ImGui::SameLine();
    ImGui::TextColored(kDim, "%d/%d exercises solved", passed, total);

    // Step navigation.
    const bool first = s.lesson == 0 && s.step == 0;
    const bool last = s.lesson + 1 >= int(s.course.lessons.size()) && s.step + 1 >= int(L->steps.size());
    ImGui::BeginDisabled(first);
    if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) lesson_prev_step(s);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(last);
    if (ImGui::ArrowButton("##next", ImGuiDir_Right)) lesson_next_step(s);
    ImGui::EndDisabled();
    L = lesson_current(s);
    const Step& st = L->steps[std::clamp(s.step, 0, int(L->steps.size()) - 1)];
    ImGui::SameLine();
    ImGui::TextColored(kHeading, "Step %d/%d: %s", s.step + 1, int(L->steps.size()), st.title.c_str());
    ImGui::Separator();

    // The step's text.
    ImGui::BeginChild("##lesson_text", ImVec2(0, 0), false);
    int id = 0;
    for (const Block& b : st.blocks) {
        ++id;
        switch (b.kind) {
            case Block::Kind::Heading:
                ImGui::Spacing();
                ImGui::PushStyleColor(ImGuiCol_Text, kHeading);
                flow(s, b.spans, rq);
                ImGui::PopStyleColor();
                break;
            case Block::Kind::Paragraph:
                flow(s, b.spans, rq);
                ImGui::Spacing();
                break;
            case Block::Kind::ListItem: {
                std::string bullet = b.level > 0 ? std::to_string(b.level) + "." : "-";
                ImGui::TextColored(kDim, "%s", bullet.c_str());
                ImGui::SameLine();
                flow(s, b.spans, rq, 0);
                break;
            }
            case Block::Kind::Code: code_block(b.text, id); break;
            case Block::Kind::Run: run_card(s, *L, b.text, id, editor_code, last_run, rq); break;
            case Block::Kind::Exercise: exercise_card(s, *L, L->exercises[b.exercise], editor_code, rq); break;
        }
    }
    ImGui::Spacing();
    if (!last && ImGui::Button(s.step + 1 < int(L->steps.size()) ? "Next step" : "Next lesson")) lesson_next_step(s);
    ImGui::EndChild();
}

}  // namespace kiln::playground
