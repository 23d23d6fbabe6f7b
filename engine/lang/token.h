// Tokens: what the lexer (lexer.h) hands to the parser (parser.h).
//
// The token set follows CPython 3.11's tokenize module (NAME, NEWLINE, INDENT, DEDENT, the operator
// names LPAR, DOUBLESTAR, ...) so that a dump reads like `python -m tokenize`, with three
// differences that make the parser simpler: keywords stay NAME tokens (as in CPython; the parser
// checks the text), numbers are split into INT and FLOAT with their value already computed, and an
// f-string is one FSTRING token that carries its parsed structure (FStringPart) instead of raw text
// the parser would have to re-scan. Every token has a SourceSpan; `tokens_dump` prints one token per
// line (`1:1-1:7 NAME 'import'`) for golden tests and the playground's token panel.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lang/source.h"

namespace kiln::lang {

// X-macro: TOKEN(Enum, NAME printed in dumps, spelling or "" for tokens without a fixed spelling).
#define KILN_TOKEN_KINDS(TOKEN)                   \
    TOKEN(EndMarker, "ENDMARKER", "")             \
    TOKEN(Newline, "NEWLINE", "")                 \
    TOKEN(Indent, "INDENT", "")                   \
    TOKEN(Dedent, "DEDENT", "")                   \
    TOKEN(Name, "NAME", "")                       \
    TOKEN(Int, "INT", "")                         \
    TOKEN(Float, "FLOAT", "")                     \
    TOKEN(String, "STRING", "")                   \
    TOKEN(FString, "FSTRING", "")                 \
    TOKEN(LPar, "LPAR", "(")                      \
    TOKEN(RPar, "RPAR", ")")                      \
    TOKEN(LSqb, "LSQB", "[")                      \
    TOKEN(RSqb, "RSQB", "]")                      \
    TOKEN(LBrace, "LBRACE", "{")                  \
    TOKEN(RBrace, "RBRACE", "}")                  \
    TOKEN(Colon, "COLON", ":")                    \
    TOKEN(Comma, "COMMA", ",")                    \
    TOKEN(Semi, "SEMI", ";")                      \
    TOKEN(Plus, "PLUS", "+")                      \
    TOKEN(Minus, "MINUS", "-")                    \
    TOKEN(Star, "STAR", "*")                      \
    TOKEN(Slash, "SLASH", "/")                    \
    TOKEN(VBar, "VBAR", "|")                      \
    TOKEN(Amper, "AMPER", "&")                    \
    TOKEN(Less, "LESS", "<")                      \
    TOKEN(Greater, "GREATER", ">")                \
    TOKEN(Equal, "EQUAL", "=")                    \
    TOKEN(Dot, "DOT", ".")                        \
    TOKEN(Percent, "PERCENT", "%")                \
    TOKEN(EqEqual, "EQEQUAL", "==")               \
    TOKEN(NotEqual, "NOTEQUAL", "!=")             \
    TOKEN(LessEqual, "LESSEQUAL", "<=")           \
    TOKEN(GreaterEqual, "GREATEREQUAL", ">=")     \
    TOKEN(Tilde, "TILDE", "~")                    \
    TOKEN(Circumflex, "CIRCUMFLEX", "^")          \
    TOKEN(LeftShift, "LEFTSHIFT", "<<")           \
    TOKEN(RightShift, "RIGHTSHIFT", ">>")         \
    TOKEN(DoubleStar, "DOUBLESTAR", "**")         \
    TOKEN(PlusEqual, "PLUSEQUAL", "+=")           \
    TOKEN(MinEqual, "MINEQUAL", "-=")             \
    TOKEN(StarEqual, "STAREQUAL", "*=")           \
    TOKEN(SlashEqual, "SLASHEQUAL", "/=")         \
    TOKEN(PercentEqual, "PERCENTEQUAL", "%=")     \
    TOKEN(AmperEqual, "AMPEREQUAL", "&=")         \
    TOKEN(VBarEqual, "VBAREQUAL", "|=")           \
    TOKEN(CircumflexEqual, "CIRCUMFLEXEQUAL", "^=") \
    TOKEN(LeftShiftEqual, "LEFTSHIFTEQUAL", "<<=")  \
    TOKEN(RightShiftEqual, "RIGHTSHIFTEQUAL", ">>=") \
    TOKEN(DoubleStarEqual, "DOUBLESTAREQUAL", "**=") \
    TOKEN(DoubleSlash, "DOUBLESLASH", "//")       \
    TOKEN(DoubleSlashEqual, "DOUBLESLASHEQUAL", "//=") \
    TOKEN(At, "AT", "@")                          \
    TOKEN(AtEqual, "ATEQUAL", "@=")               \
    TOKEN(RArrow, "RARROW", "->")                 \
    TOKEN(Ellipsis, "ELLIPSIS", "...")            \
    TOKEN(ColonEqual, "COLONEQUAL", ":=")

enum class TokenKind {
#define KILN_TOKEN_ENUM(e, name, spelling) e,
    KILN_TOKEN_KINDS(KILN_TOKEN_ENUM)
#undef KILN_TOKEN_ENUM
};

// "NAME", "LPAR", ... as in dumps.
const char* token_kind_name(TokenKind kind);
// "(" for LPar, "" for kinds without a fixed spelling.
const char* token_kind_spelling(TokenKind kind);

// One piece of an f-string. f"a{x!r:>{w}}b" is [literal "a", field x (conversion 'r', format spec
// [literal ">", field w]), literal "b"]. The expression of a field is kept as source text plus the
// position of its first character: the parser lexes and parses it as an expression there, so
// errors inside a field point into the f-string.
struct FStringPart {
    bool is_field = false;
    std::string literal;                   // !is_field: the text with escapes and {{ }} resolved
    std::string expr_source;               // is_field: the expression's source text
    SourcePos expr_pos;                    // is_field: where expr_source starts
    SourceSpan span;                       // the whole part ({...} for a field)
    char conversion = 0;                   // 0, 'r', 's' or 'a' (from !r, !s, !a)
    bool has_format_spec = false;          // a ':' was present (the spec may still be empty)
    std::vector<FStringPart> format_spec;  // literal text and nested {fields}
    std::string debug_text;                // is_field with '=' (f"{x = }"): "x = ", printed before the value
};

struct Token {
    TokenKind kind = TokenKind::EndMarker;
    SourceSpan span;
    std::string text;        // the source text (empty for NEWLINE at EOF, INDENT/DEDENT, ENDMARKER)
    int64_t int_value = 0;   // INT
    double float_value = 0;  // FLOAT
    std::string str_value;   // STRING: the decoded value (escapes resolved, UTF-8; raw bytes for b'...')
    bool is_bytes = false;   // STRING: a bytes literal (b'...')
    bool big_int = false;    // INT beyond int64: str_value holds the digits, int_value the base
    bool imaginary = false;  // FLOAT with a j suffix (3j, 1.5e3J): float_value is the imaginary part
    std::shared_ptr<const std::vector<FStringPart>> fstring;  // FSTRING: its parts

    bool is(TokenKind k) const { return kind == k; }
    // True for a NAME token spelled `word` (keywords are NAME tokens).
    bool is_name(std::string_view word) const { return kind == TokenKind::Name && text == word; }
};

// True when `word` is one of Python 3.11's hard keywords (def, if, lambda, True, ...).
bool is_keyword(std::string_view word);

// One token per line: `LINE:COL-ENDLINE:ENDCOL KIND 'text'` with the text escaped Python-style.
std::string tokens_dump(const std::vector<Token>& tokens);

}  // namespace kiln::lang
