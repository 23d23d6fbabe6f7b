// Reading the course (see course.h): lesson.md's Markdown subset into steps and blocks, exercise
// blocks into exercises with parsed checks, and the folder's programs and goldens attached. Every
// problem becomes a located error; parsing goes on after one so an author sees them all at once.
#include "course.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace kiln::playground {
namespace {

std::string strip_space(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }
bool ends_with(const std::string& s, const std::string& p) {
    return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
}

std::vector<std::string> file_lines(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == '\n') {
            if (!cur.empty() && cur.back() == '\r') cur.pop_back();
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

std::string plain_text(const std::vector<Span>& spans) {
    std::string s;
    for (const auto& sp : spans) s += sp.text;
    return s;
}

// A lesson folder is NN-slug: two or more digits, a dash, a lower-case slug.
bool parse_folder_name(const std::string& folder, int* number, std::string* id) {
    size_t i = 0;
    while (i < folder.size() && std::isdigit(static_cast<unsigned char>(folder[i]))) ++i;
    if (i < 2 || i + 1 >= folder.size() || folder[i] != '-') return false;
    for (size_t k = i + 1; k < folder.size(); ++k) {
        char c = folder[k];
        if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-'))
            return false;
    }
    *number = std::stoi(folder.substr(0, i));
    *id = folder.substr(i + 1);
    return true;
}

const std::vector<std::string> kMetrics = {"graphs", "compiles", "breaks", "recompiles", "hits", "kernels"};

// The checks' tokens: words, integers, operators, double-quoted strings (\" and \\ escapes).
struct CheckLexer {
    const std::string& s;
    size_t pos = 0;
    void skip() {
        while (pos < s.size() && s[pos] == ' ') ++pos;
    }
    bool at_end() {
        skip();
        return pos >= s.size();
    }
    std::string word() {
        skip();
        size_t a = pos;
        while (pos < s.size() && (std::isalnum(static_cast<unsigned char>(s[pos])) || s[pos] == '_')) ++pos;
        return s.substr(a, pos - a);
    }
    std::string op() {
        skip();
        static const char* ops[] = {"==", "!=", "<=", ">=", "<", ">"};
        for (const char* o : ops)
            if (s.compare(pos, std::char_traits<char>::length(o), o) == 0) {
                pos += std::char_traits<char>::length(o);
                return o;
            }
        return "";
    }
    bool integer(long* out) {
        skip();
        size_t a = pos;
        if (pos < s.size() && s[pos] == '-') ++pos;
        while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
        if (pos == a || (pos == a + 1 && s[a] == '-')) {
            pos = a;
            return false;
        }
        *out = std::stol(s.substr(a, pos - a));
        return true;
    }
    bool quoted(std::string* out, std::string* error) {
        skip();
        if (pos >= s.size() || s[pos] != '"') {
            *error = "expected a double-quoted string";
            return false;
        }
        ++pos;
        std::string v;
        while (pos < s.size() && s[pos] != '"') {
            if (s[pos] == '\\' && pos + 1 < s.size()) ++pos;
            v += s[pos++];
        }
        if (pos >= s.size()) {
            *error = "unclosed string: add the closing '\"'";
            return false;
        }
        ++pos;
        *out = v;
        return true;
    }
};

// Splits `check text | message` at the first '|' outside a string.
void split_message(const std::string& text, std::string* check, std::string* message) {
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && in_string) {
            ++i;
        } else if (text[i] == '"') {
            in_string = !in_string;
        } else if (text[i] == '|' && !in_string) {
            *check = text.substr(0, i);
            *message = strip_space(text.substr(i + 1));
            return;
        }
    }
    *check = text;
    message->clear();
}

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
}

// A link target must be something the panel can follow or the checker can verify.
bool valid_link_target(const std::string& t, std::string* why) {
    if (starts_with(t, "panel:")) {
        const auto& names = lesson_panel_names();
        if (std::find(names.begin(), names.end(), t.substr(6)) != names.end()) return true;
        *why = "unknown panel '" + t.substr(6) + "'; expected one of " + join(names);
        return false;
    }
    if (starts_with(t, "lesson:") && t.size() > 7) return true;
    if (starts_with(t, "https://") || starts_with(t, "http://")) return true;
    for (const char* root : {"engine/", "playground/", "native/", "tests/", "web/", "lessons/"})
        if (starts_with(t, root) && t.find("..") == std::string::npos) return true;
    *why = "unknown link target '" + t + "'; expected panel:NAME, lesson:ID, an engine/... (or playground/, native/, "
           "tests/, web/, lessons/) source path or an http(s) URL";
    return false;
}

class LessonParser {
public:
    LessonParser(const std::string& folder, std::vector<std::string>* errors) : folder_(folder), errors_(errors) {}

    Lesson parse(const std::string& markdown) {
        Lesson L;
        L.folder = folder_;
        if (!parse_folder_name(folder_, &L.number, &L.id)) {
            L.id = folder_;
            error(0, 0, "the folder name '" + folder_ + "' is not NN-slug; expected two digits, a dash and a lower-case slug, e.g. 03-tracing");
        }
        lines_ = file_lines(markdown);
        size_t i = 0;
        while (i < lines_.size() && strip_space(lines_[i]).empty()) ++i;
        if (i >= lines_.size() || !starts_with(lines_[i], "# ")) {
            error(int(i + 1), 1, "a lesson starts with its title: expected a line '# Title'");
        } else {
            L.title = strip_space(lines_[i].substr(2));
            ++i;
        }
        std::vector<std::string> summary;
        for (; i < lines_.size() && !starts_with(lines_[i], "## "); ++i) {
            if (starts_with(lines_[i], "@") || starts_with(lines_[i], "```") || starts_with(lines_[i], "# ")) {
                error(int(i + 1), 1, "only the summary paragraph may come before the first step; start a step with '## Title'");
                continue;
            }
            if (!strip_space(lines_[i]).empty()) summary.push_back(strip_space(lines_[i]));
        }
        for (const auto& s : summary) L.summary += (L.summary.empty() ? "" : " ") + s;
        L.summary = plain_text(parse_inline(L.summary));
        while (i < lines_.size()) i = parse_step(L, i);
        if (L.steps.empty()) error(int(lines_.size()), 1, "the lesson has no step; expected at least one '## Step title'");
        return L;
    }

private:
    std::string folder_;
    std::vector<std::string>* errors_;
    std::vector<std::string> lines_;

    void error(int line, int col, const std::string& what) {
        errors_->push_back(folder_ + "/lesson.md:" + std::to_string(line) + ":" + std::to_string(col) + ": " + what);
    }

    void check_links(Lesson& L, const std::vector<Span>& spans, int line) {
        for (const auto& sp : spans) {
            if (sp.kind != Span::Kind::Link) continue;
            std::string why;
            if (!valid_link_target(sp.target, &why)) error(line, 1, why);
            bool source = !starts_with(sp.target, "panel:") && !starts_with(sp.target, "lesson:") &&
                          !starts_with(sp.target, "http");
            if (source && std::find(L.source_links.begin(), L.source_links.end(), sp.target) == L.source_links.end())
                L.source_links.push_back(sp.target);
        }
    }

    // step ::= '## ' title NEWLINE block*
    size_t parse_step(Lesson& L, size_t i) {
        Step st;
        st.title = strip_space(lines_[i].substr(3));
        st.line = int(i + 1);
        if (st.title.empty()) error(int(i + 1), 4, "a step needs a title after '## '");
        ++i;
        std::string para;
        int para_line = 0;
        auto flush = [&] {
            if (para.empty()) return;
            Block b;
            b.kind = Block::Kind::Paragraph;
            b.spans = parse_inline(para);
            b.line = para_line;
            check_links(L, b.spans, para_line);
            st.blocks.push_back(std::move(b));
            para.clear();
        };
        const int step_index = int(L.steps.size());
        while (i < lines_.size() && !starts_with(lines_[i], "## ")) {
            const std::string& raw = lines_[i];
            std::string t = strip_space(raw);
            const int line = int(i + 1);
            if (t.empty()) {
                flush();
                ++i;
            } else if (starts_with(raw, "# ")) {
                flush();
                error(line, 1, "a lesson has one '# Title'; use '## ' for a step or '### ' for a heading inside it");
                ++i;
            } else if (starts_with(raw, "###")) {
                flush();
                Block b;
                b.kind = Block::Kind::Heading;
                size_t n = 0;
                while (n < raw.size() && raw[n] == '#') ++n;
                b.level = int(n);
                b.spans = parse_inline(strip_space(raw.substr(n)));
                b.line = line;
                st.blocks.push_back(std::move(b));
                ++i;
            } else if (starts_with(raw, "```")) {
                flush();
                i = parse_fence(L, st, step_index, i);
            } else if (starts_with(raw, "@")) {
                flush();
                parse_directive(st, raw, line);
                ++i;
            } else if (starts_with(raw, "- ") || starts_with(raw, "* ") || numbered(raw)) {
                flush();
                Block b;
                b.kind = Block::Kind::ListItem;
                b.line = line;
                std::string text;
                if (numbered(raw)) {
                    size_t dot = raw.find('.');
                    b.level = std::stoi(raw.substr(0, dot));
                    text = strip_space(raw.substr(dot + 1));
                } else {
                    text = strip_space(raw.substr(2));
                }
                ++i;
                // Continuation lines of the item are indented.
                while (i < lines_.size() && starts_with(lines_[i], "  ") && !strip_space(lines_[i]).empty()) {
                    text += " " + strip_space(lines_[i]);
                    ++i;
                }
                b.spans = parse_inline(text);
                check_links(L, b.spans, line);
                st.blocks.push_back(std::move(b));
            } else {
                if (para.empty()) para_line = line;
                para += (para.empty() ? "" : " ") + t;
                ++i;
            }
        }
        flush();
        L.steps.push_back(std::move(st));
        return i;
    }

    static bool numbered(const std::string& raw) {
        size_t k = 0;
        while (k < raw.size() && std::isdigit(static_cast<unsigned char>(raw[k]))) ++k;
        return k > 0 && k + 1 < raw.size() && raw[k] == '.' && raw[k + 1] == ' ';
    }

    void parse_directive(Step& st, const std::string& raw, int line) {
        std::string t = strip_space(raw);
        if (starts_with(t, "@run ") || t == "@run") {
            std::string name = strip_space(t.substr(4));
            if (name.empty() || !ends_with(name, ".py") || name.find('/') != std::string::npos) {
                error(line, 6, "@run needs a program file of this lesson's folder, e.g. '@run tensors.py'");
                return;
            }
            Block b;
            b.kind = Block::Kind::Run;
            b.text = name;
            b.line = line;
            st.blocks.push_back(std::move(b));
            return;
        }
        error(line, 1, "unknown directive '" + t.substr(0, t.find(' ')) + "'; expected '@run NAME.py' (exercises are ```exercise blocks)");
    }

    // fence ::= '```' lang NEWLINE line* '```'
    size_t parse_fence(Lesson& L, Step& st, int step_index, size_t i) {
        const int open_line = int(i + 1);
        std::string lang = strip_space(lines_[i].substr(3));
        ++i;
        std::vector<std::string> body;
        std::vector<int> body_lines;
        bool closed = false;
        for (; i < lines_.size(); ++i) {
            if (strip_space(lines_[i]) == "```") {
                closed = true;
                ++i;
                break;
            }
            body.push_back(lines_[i]);
            body_lines.push_back(int(i + 1));
        }
        if (!closed) {
            error(open_line, 1, "this ``` block is never closed; expected a line holding only ``` after it");
            return i;
        }
        if (lang == "exercise") {
            parse_exercise(L, st, step_index, open_line, body, body_lines);
            return i;
        }
        Block b;
        b.kind = Block::Kind::Code;
        b.lang = lang;
        b.line = open_line;
        for (size_t k = 0; k < body.size(); ++k) b.text += body[k] + (k + 1 < body.size() ? "\n" : "");
        st.blocks.push_back(std::move(b));
        return i;
    }

    void parse_exercise(Lesson& L, Step& st, int step_index, int open_line, const std::vector<std::string>& body,
                        const std::vector<int>& body_lines) {
        Exercise ex;
        ex.step = step_index;
        ex.line = open_line;
        for (size_t k = 0; k < body.size(); ++k) {
            const std::string& raw = body[k];
            const int line = body_lines[k];
            if (strip_space(raw).empty()) continue;
            size_t colon = raw.find(':');
            std::string key = colon == std::string::npos ? strip_space(raw) : strip_space(raw.substr(0, colon));
            std::string value = colon == std::string::npos ? "" : strip_space(raw.substr(colon + 1));
            int value_col = 1;
            if (colon != std::string::npos) {
                value_col = int(colon) + 2;
                while (value_col - 1 < int(raw.size()) && raw[value_col - 1] == ' ') ++value_col;
            }
            if (colon == std::string::npos) {
                error(line, 1, "expected 'key: value' in an exercise block (keys: id, title, starter, solution, check, hint)");
            } else if (key == "id") {
                ex.id = value;
            } else if (key == "title") {
                ex.title = value;
            } else if (key == "starter" || key == "solution") {
                if (!ends_with(value, ".py") || value.find('/') != std::string::npos)
                    error(line, value_col, key + " must name a .py file of this lesson's folder, got '" + value + "'");
                (key == "starter" ? ex.starter : ex.solution) = value;
            } else if (key == "hint") {
                if (value.empty()) error(line, value_col, "an empty hint; write what would help");
                else ex.hints.push_back(value);
            } else if (key == "check") {
                Check c;
                std::string why;
                int col = 0;
                if (parse_check(value, &c, &why, &col)) {
                    c.line = line;
                    ex.checks.push_back(std::move(c));
                } else {
                    error(line, value_col + col, "bad check: " + why);
                }
            } else {
                error(line, 1, "unknown exercise key '" + key + "'; expected id, title, starter, solution, check or hint");
            }
        }
        auto need = [&](const std::string& v, const char* key) {
            if (v.empty()) error(open_line, 1, std::string("the exercise has no ") + key + ": add a line '" + key + ": ...'");
        };
        need(ex.id, "id");
        need(ex.title, "title");
        need(ex.starter, "starter");
        need(ex.solution, "solution");
        if (ex.checks.empty()) error(open_line, 1, "the exercise has no check; expected at least one 'check: ...' line");
        for (const auto& other : L.exercises)
            if (!ex.id.empty() && other.id == ex.id) error(open_line, 1, "a second exercise with id '" + ex.id + "'; ids are unique in a lesson");
        Block b;
        b.kind = Block::Kind::Exercise;
        b.exercise = int(L.exercises.size());
        b.line = open_line;
        st.blocks.push_back(std::move(b));
        L.exercises.push_back(std::move(ex));
    }
};

}  // namespace

const Program* Lesson::find_program(const std::string& name) const {
    for (const auto& p : programs)
        if (p.name == name) return &p;
    return nullptr;
}

const Lesson* Course::find(const std::string& id) const {
    int k = index_of(id);
    return k < 0 ? nullptr : &lessons[k];
}

int Course::index_of(const std::string& id) const {
    for (size_t i = 0; i < lessons.size(); ++i)
        if (lessons[i].id == id) return int(i);
    return -1;
}

const std::vector<std::string>& lesson_panel_names() {
    static const std::vector<std::string> names = {"console", "breaks", "guards", "graph", "fx", "output",
                                                   "bytecode", "passes", "fusion", "lesson"};
    return names;
}

// inline ::= ( '`' code '`' | '**' bold '**' | '[' text '](' target ')' | text )*
std::vector<Span> parse_inline(const std::string& text) {
    std::vector<Span> out;
    std::string plain;
    auto push_plain = [&] {
        if (!plain.empty()) out.push_back({Span::Kind::Text, plain, ""});
        plain.clear();
    };
    size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        if (c == '`') {
            size_t end = text.find('`', i + 1);
            if (end != std::string::npos) {
                push_plain();
                out.push_back({Span::Kind::Code, text.substr(i + 1, end - i - 1), ""});
                i = end + 1;
                continue;
            }
        } else if (c == '*' && i + 1 < text.size() && text[i + 1] == '*') {
            size_t end = text.find("**", i + 2);
            if (end != std::string::npos) {
                push_plain();
                out.push_back({Span::Kind::Bold, text.substr(i + 2, end - i - 2), ""});
                i = end + 2;
                continue;
            }
        } else if (c == '[') {
            size_t close = text.find("](", i + 1);
            size_t end = close == std::string::npos ? close : text.find(')', close + 2);
            if (end != std::string::npos) {
                push_plain();
                out.push_back({Span::Kind::Link, text.substr(i + 1, close - i - 1), text.substr(close + 2, end - close - 2)});
                i = end + 1;
                continue;
            }
        }
        plain += c;
        ++i;
    }
    push_plain();
    return out;
}

// check ::= METRIC OP INT | 'ok' | 'fails' [NAME] | ('stdout' | 'stderr') ('contains' | 'lacks') STRING
//         | 'stdout' '==' 'solution' | 'break_reason' 'contains' STRING      (then optionally '|' message)
bool parse_check(const std::string& text_in, Check* out, std::string* error, int* col) {
    std::string text, message;
    split_message(text_in, &text, &message);
    Check c;
    c.source = strip_space(text);
    c.message = message;
    CheckLexer lx{text};
    *col = 0;
    std::string head = lx.word();
    auto fail = [&](const std::string& why) {
        *error = why;
        *col = int(lx.pos);
        return false;
    };
    if (head.empty()) return fail("expected a check such as 'graphs == 1', 'ok', 'stdout contains \"...\"'");
    if (std::find(kMetrics.begin(), kMetrics.end(), head) != kMetrics.end()) {
        c.kind = Check::Kind::Metric;
        c.metric = head;
        c.op = lx.op();
        if (c.op.empty()) return fail("expected a comparison (== != < <= > >=) after '" + head + "'");
        if (!lx.integer(&c.value)) return fail("expected an integer after '" + c.op + "'");
    } else if (head == "ok") {
        c.kind = Check::Kind::Ok;
    } else if (head == "fails") {
        c.kind = Check::Kind::Failed;
        c.text = lx.word();
    } else if (head == "stdout" || head == "stderr" || head == "break_reason") {
        size_t at = lx.pos;
        lx.skip();
        if (head == "stdout" && lx.op() == "==") {
            if (lx.word() != "solution") return fail("expected 'solution' after 'stdout ==' (the solution's output)");
            c.kind = Check::Kind::StdoutSolution;
        } else {
            lx.pos = at;
            std::string verb = lx.word();
            if (verb != "contains" && !(verb == "lacks" && head != "break_reason"))
                return fail(head == "break_reason" ? "expected 'contains' after 'break_reason'"
                                                   : "expected 'contains', 'lacks' or '== solution' after '" + head + "'");
            std::string why;
            if (!lx.quoted(&c.text, &why)) return fail(why);
            if (head == "break_reason") c.kind = Check::Kind::BreakReason;
            else if (head == "stdout") c.kind = verb == "contains" ? Check::Kind::StdoutContains : Check::Kind::StdoutLacks;
            else c.kind = verb == "contains" ? Check::Kind::StderrContains : Check::Kind::StderrLacks;
        }
    } else {
        lx.pos = 0;
        return fail("unknown check '" + head + "'; expected one of " + join(kMetrics) +
                    " (with a comparison), ok, fails, stdout, stderr or break_reason");
    }
    if (!lx.at_end()) return fail("unexpected text after the check: '" + text.substr(lx.pos) + "' (a message goes after '|')");
    *out = std::move(c);
    return true;
}

Lesson parse_lesson(const std::string& folder, const std::string& markdown, std::vector<std::string>* errors) {
    return LessonParser(folder, errors).parse(markdown);
}

LoadResult load_course(const std::vector<CourseFile>& files_in) {
    LoadResult result;
    std::vector<CourseFile> files = files_in;
    std::sort(files.begin(), files.end(), [](const CourseFile& a, const CourseFile& b) { return a.path < b.path; });
    // Group by folder; only NN-slug folders with a lesson.md are lessons.
    std::map<std::string, std::map<std::string, const CourseFile*>> folders;
    for (const auto& f : files) {
        size_t slash = f.path.find('/');
        if (slash == std::string::npos || slash == 0) continue;
        std::string folder = f.path.substr(0, slash), name = f.path.substr(slash + 1);
        if (name.find('/') != std::string::npos) continue;
        folders[folder][name] = &f;
    }
    for (const auto& [folder, names] : folders) {
        int number = 0;
        std::string id;
        if (!parse_folder_name(folder, &number, &id)) continue;
        auto md = names.find("lesson.md");
        if (md == names.end()) {
            result.errors.push_back(folder + "/: a lesson folder without lesson.md; expected " + folder + "/lesson.md");
            continue;
        }
        Lesson L = parse_lesson(folder, md->second->text, &result.errors);
        for (const auto& [name, file] : names) {
            if (!ends_with(name, ".py")) continue;
            Program p;
            p.name = name;
            p.source = file->text;
            auto golden = names.find(name.substr(0, name.size() - 3) + ".out");
            if (golden != names.end()) {
                p.golden = golden->second->text;
                p.has_golden = true;
            }
            L.programs.push_back(std::move(p));
        }
        auto need_program = [&](const std::string& name, int line, const std::string& what) {
            if (!name.empty() && !L.find_program(name))
                result.errors.push_back(L.folder + "/lesson.md:" + std::to_string(line) + ":1: " + what + " '" + name +
                                        "' is not in the folder; expected " + L.folder + "/" + name);
        };
        for (const auto& st : L.steps)
            for (const auto& b : st.blocks)
                if (b.kind == Block::Kind::Run) need_program(b.text, b.line, "@run names a program");
        for (const auto& ex : L.exercises) {
            need_program(ex.starter, ex.line, "the starter");
            need_program(ex.solution, ex.line, "the solution");
        }
        if (result.course.find(L.id))
            result.errors.push_back(folder + "/: a second lesson with the id '" + L.id + "'; slugs are unique");
        result.course.lessons.push_back(std::move(L));
    }
    // lesson:ID links must name a lesson of this course.
    for (const auto& L : result.course.lessons)
        for (const auto& st : L.steps)
            for (const auto& b : st.blocks)
                for (const auto& sp : b.spans)
                    if (sp.kind == Span::Kind::Link && starts_with(sp.target, "lesson:") && !result.course.find(sp.target.substr(7)))
                        result.errors.push_back(L.folder + "/lesson.md:" + std::to_string(b.line) + ":1: the link '" +
                                                sp.target + "' names no lesson of the course");
    if (result.course.lessons.empty())
        result.errors.push_back("no lessons found: expected folders named NN-slug holding a lesson.md");
    return result;
}

}  // namespace kiln::playground
