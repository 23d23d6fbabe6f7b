// Located syntax errors (see source.h).
#include "lang/source.h"

namespace kiln::lang {

std::string span_str(const SourceSpan& s) {
    return str(s.line, ":", s.col, "-", s.end_line, ":", s.end_col);
}

SyntaxError::SyntaxError(std::string filename, SourcePos pos, std::string message, std::string kind)
    // The parser's resource limits are CPython's MemoryError / RecursionError (a SyntaxError's kind
    // otherwise: IndentationError and TabError are SyntaxErrors).
    : kiln::Error(kind == "MemoryError"      ? ErrorKind::MemoryError
                  : kind == "RecursionError" ? ErrorKind::RecursionError
                                             : ErrorKind::SyntaxError,
                  str(filename, ":", pos.line, ":", pos.col, ": ", kind, ": ", message)),
      filename_(std::move(filename)),
      pos_(pos),
      message_(std::move(message)),
      kind_(std::move(kind)) {}

void throw_syntax_error(const std::string& filename, SourcePos pos, const std::string& message,
                        const std::string& hint, const std::string& kind) {
    SyntaxError e(filename, pos, hint.empty() ? message : message + " (hint: " + hint + ")", kind);
    if (!hint.empty()) e.hint_size_ = hint.size() + 9;
    throw e;
}

}  // namespace kiln::lang
