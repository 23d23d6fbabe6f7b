// The standard rewrites behind "try the fix" (see try_fix.h).
#include "try_fix.h"
#include "text.h"

#include <vector>

namespace kiln::playground {
namespace {


std::string join_lines(const std::vector<std::string>& lines) {
    std::string s;
    for (size_t i = 0; i < lines.size(); ++i) s += (i ? "\n" : "") + lines[i];
    return s;
}

// Bracket depth change over a line, ignoring brackets inside string literals and comments.
int depth_change(const std::string& line) {
    int d = 0;
    char quote = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quote) {
            if (c == '\\') ++i;
            else if (c == quote) quote = 0;
            continue;
        }
        if (c == '#') break;
        if (c == '"' || c == '\'') quote = c;
        else if (c == '(' || c == '[' || c == '{') ++d;
        else if (c == ')' || c == ']' || c == '}') --d;
    }
    return d;
}


}  // namespace

FixEdit apply_rewrite(const std::string& source, Rewrite kind, int line) {
    FixEdit e;
    e.source = source;
    std::vector<std::string> lines = split_lines(source);
    if (line < 1 || size_t(line) > lines.size()) {
        e.summary = "the break has no line in the program";
        return e;
    }
    std::string& text = lines[size_t(line) - 1];
    switch (kind) {
        case Rewrite::None:
            e.summary = "no standard rewrite for this kind of break";
            return e;
        case Rewrite::ItemAsTensor: {
            const std::string item = ".item()";
            if (text.find(item) == std::string::npos) {
                e.summary = "line " + std::to_string(line) + " has no .item() call";
                return e;
            }
            std::string before = trim_blanks(text);
            for (size_t p; (p = text.find(item)) != std::string::npos;) text.erase(p, item.size());
            e.summary = "line " + std::to_string(line) + ": " + before + "  ->  " + trim_blanks(text) + "  (the value stays a tensor)";
            break;
        }
        case Rewrite::PrintOut: {
            std::string body = trim_blanks(text);
            if (body.rfind("print(", 0) != 0) {
                e.summary = "line " + std::to_string(line) + " is not a print() statement";
                return e;
            }
            // The whole statement: following lines while its brackets are open.
            size_t last = size_t(line) - 1;
            int depth = depth_change(text);
            while (depth > 0 && last + 1 < lines.size()) depth += depth_change(lines[++last]);
            const std::string indent = text.substr(0, text.find_first_not_of(" \t"));
            std::string call;
            for (size_t i = size_t(line) - 1; i <= last; ++i) call += (i + 1 == size_t(line) ? "" : " ") + trim_blanks(lines[i]);
            lines.erase(lines.begin() + long(line) - 1, lines.begin() + long(last) + 1);
            // `pass` keeps the block valid when the print was its only statement.
            lines.insert(lines.begin() + long(line) - 1, indent + "pass  # taken out of the compiled function: " + call);
            e.summary = "line " + std::to_string(line) + ": " + call + " taken out of the compiled function";
            break;
        }
    }
    e.applied = true;
    e.source = join_lines(lines);
    return e;
}

FixTrial try_fix(const std::string& source, const RunOptions& options, const RunReport& before, const GraphBreak& brk) {
    FixTrial t;
    t.breaks_before = int(before.breaks.size());
    t.edit = apply_rewrite(source, break_info(brk.reason).rewrite, brk.line);
    if (!t.edit.applied) return t;
    t.after = run_program(t.edit.source, options);
    t.ran = true;
    t.after_ok = t.after.ok;
    if (!t.after.ok) t.after_error = t.after.error.type + ": " + t.after.error.message;
    t.breaks_after = int(t.after.breaks.size());
    return t;
}

}  // namespace kiln::playground
