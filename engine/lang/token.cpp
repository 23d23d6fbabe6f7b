// Token kind names and the token dump (see token.h).
#include "lang/token.h"

#include <algorithm>
#include <array>

#include "support/pyrepr.h"

namespace kiln::lang {

const char* token_kind_name(TokenKind kind) {
    switch (kind) {
#define KILN_TOKEN_NAME(e, name, spelling) \
    case TokenKind::e: return name;
        KILN_TOKEN_KINDS(KILN_TOKEN_NAME)
#undef KILN_TOKEN_NAME
    }
    return "?";
}

const char* token_kind_spelling(TokenKind kind) {
    switch (kind) {
#define KILN_TOKEN_SPELLING(e, name, spelling) \
    case TokenKind::e: return spelling;
        KILN_TOKEN_KINDS(KILN_TOKEN_SPELLING)
#undef KILN_TOKEN_SPELLING
    }
    return "";
}

bool is_keyword(std::string_view word) {
    // Python 3.11 keyword.kwlist, sorted for binary search.
    static constexpr std::array<std::string_view, 35> kKeywords = {
        "False", "None",  "True",  "and",    "as",       "assert", "async",  "await", "break",
        "class", "continue", "def", "del",   "elif",     "else",   "except", "finally", "for",
        "from",  "global", "if",   "import", "in",       "is",     "lambda", "nonlocal", "not",
        "or",    "pass",  "raise", "return", "try",      "while",  "with",   "yield"};
    return std::binary_search(kKeywords.begin(), kKeywords.end(), word);
}

namespace {

}  // namespace

std::string tokens_dump(const std::vector<Token>& tokens) {
    std::string out;
    for (const Token& t : tokens) {
        out += span_str(t.span);
        out += ' ';
        out += token_kind_name(t.kind);
        if (!t.text.empty()) {
            out += ' ';
            out += py_str_repr(t.text);
        }
        out += '\n';
    }
    return out;
}

}  // namespace kiln::lang
