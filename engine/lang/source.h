// Source positions and located syntax errors, shared by the lexer, the parser and later stages.
//
// Positions are 1-based; columns count characters (UTF-8 code points), not bytes, because editors,
// the playground's error marks and CPython's tracebacks count characters. A span runs from the
// first character of a token or node to just past its last character (end_col is exclusive), so
// `x = 1` gives the Name node 1:1-1:2.
//
// Every front-end failure throws SyntaxError (a kiln::Error of kind ErrorKind::SyntaxError) whose
// what() reads `FILE:LINE:COL: SyntaxError: MESSAGE`; the fields stay available for the playground,
// which marks the place instead of parsing the text.
#pragma once
#include <string>

#include "support/error.h"

namespace kiln::lang {

struct SourcePos {
    int line = 1;
    int col = 1;
};

struct SourceSpan {
    int line = 1;
    int col = 1;
    int end_line = 1;
    int end_col = 1;

    SourcePos start() const { return {line, col}; }
    SourcePos end() const { return {end_line, end_col}; }
    static SourceSpan from(SourcePos a, SourcePos b) { return {a.line, a.col, b.line, b.col}; }
};

// "3:10-3:14"
std::string span_str(const SourceSpan& span);

// `kind` is the Python class: SyntaxError, or its subclasses IndentationError and TabError (for
// the indentation errors, as CPython's tokenizer raises them).
class SyntaxError : public kiln::Error {
public:
    SyntaxError(std::string filename, SourcePos pos, std::string message, std::string kind = "SyntaxError");
    const std::string& filename() const { return filename_; }
    int line() const { return pos_.line; }
    int col() const { return pos_.col; }
    // The message without the "FILE:LINE:COL: SyntaxError: " prefix.
    const std::string& message() const { return message_; }
    // The message without Kiln's " (hint: ...)" either: CPython's text, for SyntaxError.msg.
    std::string cpython_message() const { return message_.substr(0, message_.size() - hint_size_); }
    size_t hint_size_ = 0;  // the length of the " (hint: ...)" suffix of message_ (throw_syntax_error)
    const std::string& kind_name() const { return kind_; }

private:
    std::string filename_;
    SourcePos pos_;
    std::string message_;
    std::string kind_;
};

// Throws SyntaxError. `message` says what was expected and what was found; `hint`, when not empty,
// says how to fix it and is appended as " (hint: ...)".
[[noreturn]] void throw_syntax_error(const std::string& filename, SourcePos pos, const std::string& message,
                                     const std::string& hint = "", const std::string& kind = "SyntaxError");

}  // namespace kiln::lang
