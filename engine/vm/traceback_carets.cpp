// The position markers CPython 3.12 prints under a traceback's source line (`~~~^^^`).
//
// Each traceback entry carries the span of the instruction that was running (its line, column,
// end line and end column, as CPython's co_positions). CPython 3.12's printer (Python/traceback.c,
// which the traceback module's format_frame_summary mirrors) underlines that span with '^', unless it
// covers the whole stripped line; for a one-line span that is a binary operation or a subscript
// (the segment parsed on its own), the operands are '~' and only the operator, or the `[...]`, is
// '^'. A span over several lines is underlined from its start to the end of its first line, without
// anchors. Kiln's spans count characters (CPython's offsets count UTF-8 bytes and convert), so a line
// with non-ASCII text lines up as CPython's does.
// Both the uncaught-exception printer (Interpreter::format_one_exception) and `_traceback.carets`
// (for traceback.py) call traceback_carets.
#include <algorithm>
#include <string>
#include <vector>

#include "lang/ast.h"
#include "lang/parser.h"
#include "vm/interpreter.h"

namespace kiln::vm {

namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r' || c == '\v'; }

// Where each character of UTF-8 text starts (spans count characters), plus the end.
std::vector<size_t> char_starts(const std::string& s) {
    std::vector<size_t> out;
    for (size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) out.push_back(i);
    out.push_back(s.size());
    return out;
}

// CPython's extract_anchors_from_expr over the segment, in its characters: the operator of a
// BinOp, the brackets of a Subscript. False when the segment is neither (or does not parse alone).
bool anchors(const std::string& seg, const std::string& filename, size_t& left, size_t& right) {
    const std::vector<size_t> at = char_starts(seg);
    const size_t n = at.size() - 1;
    auto ch = [&](size_t i) { return seg[at[i]]; };  // a non-ASCII character's lead byte matches nothing below
    try {
        lang::Module m = lang::parse_module(seg, filename);
        if (m.body.size() != 1 || m.body[0]->kind != lang::StmtKind::ExprStmt) return false;
        const lang::Expr& e = *lang::cast<lang::ExprStmt>(*m.body[0]).value;
        // the parsed segment is one line: spans' columns count characters from 1, ends exclusive
        if (e.kind == lang::ExprKind::BinOp) {
            const auto& b = lang::cast<lang::BinOp>(e);
            const size_t from = size_t(b.left->span.end_col - 1), to = size_t(b.right->span.col - 1);
            bool found = false;
            for (size_t i = from; i < to && i < n; ++i) {
                if (is_space(ch(i))) continue;
                left = i;
                right = i + 1;
                if (i + 1 < to && !is_space(ch(i + 1))) ++right;  // a two-character operator (//, **)
                found = true;
                if (i + 1 < to && ch(i) == ')') continue;  // a parenthesized left operand's ')'
                break;
            }
            return found;
        }
        if (e.kind == lang::ExprKind::Subscript) {
            const auto& s = lang::cast<lang::Subscript>(e);
            left = size_t(s.value->span.end_col - 1);
            right = size_t(s.slice->span.end_col - 1) + 1;
            while (left < n && ch(left) != '[') ++left;
            while (right < n && ch(right) != ']') ++right;
            if (right < n) ++right;
            return true;
        }
    } catch (...) {  // a segment that is no expression on its own: plain carets
    }
    return false;
}
}  // namespace

std::string traceback_carets(const Interpreter& in, const std::string& filename, int line, int col, int end_line, int end_col) {
    if (line < 1 || end_line < line || col < 1 || end_col < 1) return "";
    const std::string* src = in.source_text(filename);
    if (!src) return "";
    size_t pos = 0;
    for (int l = 1; l < line; ++l) {
        pos = src->find('\n', pos);
        if (pos == std::string::npos) return "";
        ++pos;
    }
    size_t eol = src->find('\n', pos);
    std::string text = src->substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    const std::vector<size_t> at = char_starts(text);
    const size_t len = at.size() - 1;  // in characters
    const size_t start = size_t(col - 1);
    if (start > len) return "";
    size_t indent = 0;  // CPython strips spaces, tabs and form feeds before printing the line
    while (indent < text.size() && (text[indent] == ' ' || text[indent] == '\t' || text[indent] == '\f')) ++indent;
    size_t end;
    size_t left = 0, right = 0;
    bool anchored = false;
    if (end_line == line) {
        end = std::min(size_t(end_col - 1), len);
        if (end < start) return "";
        size_t l = 0, r = 0;
        if (anchors(text.substr(at[start], at[end] - at[start]), filename, l, r)) {
            anchored = true;
            left = start + l;
            right = start + r;
        }
    } else {
        size_t last = len;
        while (last > 0 && is_space(text[at[last - 1]])) --last;
        end = last;
    }
    if (end - start == len - indent && !anchored) return "";
    // CPython's print_error_location_carets, in character positions of the stripped line
    std::string out = "    ";
    for (size_t i = indent; i < end; ++i) {
        if (i < start) out += ' ';
        else if (anchored && left <= i && i < right) out += '^';
        else out += anchored ? '~' : '^';
    }
    return out;
}

}  // namespace kiln::vm
