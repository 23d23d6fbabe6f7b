// The lexer (see lexer.h for what it guarantees).
//
// One pass over the text with a cursor that tracks line and column. The main loop in
// Lexer::run() handles, in order: indentation at the start of a logical line, whitespace, comments,
// backslash continuation, newlines, names (and string prefixes), numbers, strings, operators.
// Strings and f-strings are scanned by their own functions; an f-string field's expression is kept
// as source text with its position and lexed again later by the parser (tokenize_expression).
#include "lang/lexer.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "support/unicode.h"
#include "support/utf8.h"

namespace kiln::lang {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_start(char c) {
    // Bytes >= 0x80 start a name too, as in CPython's tokenizer: lex_name checks each code point
    // against Unicode's identifier classes.
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }

// The code point of the UTF-8 sequence at s[i] (the source was validated), and its length.
char32_t decode_at(const std::string& s, size_t i, size_t& len) {
    auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
    unsigned char c = b(0);
    if (c < 0x80) return len = 1, c;
    if (c < 0xE0) return len = 2, char32_t(((c & 0x1F) << 6) | (b(1) & 0x3F));
    if (c < 0xF0) return len = 3, char32_t(((c & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F));
    return len = 4, char32_t(((c & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F));
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}


// Operators, longest first so that the first match is the longest match.
struct OpSpelling {
    const char* text;
    TokenKind kind;
};
constexpr OpSpelling kOperators[] = {
    {"**=", TokenKind::DoubleStarEqual}, {"//=", TokenKind::DoubleSlashEqual}, {">>=", TokenKind::RightShiftEqual},
    {"<<=", TokenKind::LeftShiftEqual},  {"...", TokenKind::Ellipsis},         {"**", TokenKind::DoubleStar},
    {"//", TokenKind::DoubleSlash},      {"<<", TokenKind::LeftShift},         {">>", TokenKind::RightShift},
    {"<=", TokenKind::LessEqual},        {">=", TokenKind::GreaterEqual},      {"==", TokenKind::EqEqual},
    {"!=", TokenKind::NotEqual},         {"->", TokenKind::RArrow},            {"+=", TokenKind::PlusEqual},
    {"-=", TokenKind::MinEqual},         {"*=", TokenKind::StarEqual},         {"/=", TokenKind::SlashEqual},
    {"%=", TokenKind::PercentEqual},     {"&=", TokenKind::AmperEqual},        {"|=", TokenKind::VBarEqual},
    {"^=", TokenKind::CircumflexEqual},  {"@=", TokenKind::AtEqual},           {":=", TokenKind::ColonEqual},
    {"(", TokenKind::LPar},              {")", TokenKind::RPar},               {"[", TokenKind::LSqb},
    {"]", TokenKind::RSqb},              {"{", TokenKind::LBrace},             {"}", TokenKind::RBrace},
    {":", TokenKind::Colon},             {",", TokenKind::Comma},              {";", TokenKind::Semi},
    {"+", TokenKind::Plus},              {"-", TokenKind::Minus},              {"*", TokenKind::Star},
    {"/", TokenKind::Slash},             {"|", TokenKind::VBar},               {"&", TokenKind::Amper},
    {"<", TokenKind::Less},              {">", TokenKind::Greater},            {"=", TokenKind::Equal},
    {".", TokenKind::Dot},               {"%", TokenKind::Percent},            {"~", TokenKind::Tilde},
    {"^", TokenKind::Circumflex},        {"@", TokenKind::At},
};

class Lexer {
public:
    Lexer(std::string_view source, const std::string& filename, SourcePos start, bool expression_mode)
        : filename_(filename), line_(start.line), col_(start.col), expression_mode_(expression_mode) {
        // Normalise \r\n and \r to \n once, so the rest only knows '\n'.
        src_.reserve(source.size() + 1);
        for (size_t k = 0; k < source.size(); ++k) {
            if (source[k] == '\r') {
                src_ += '\n';
                if (k + 1 < source.size() && source[k + 1] == '\n') ++k;
            } else {
                src_ += source[k];
            }
        }
    }

    std::vector<Token> run();
    // After run() threw one of the errors CPython's tokenizer reports through its status when the
    // parser asks for the token (E_DEDENT, E_TABSPACE, E_TOODEEP: the complete logical lines lexed
    // so far; E_EOF inside brackets: every token lexed), closed by DEDENTs and ENDMARKER at `at`.
    enum class Deferred { No, Lines, All, Indent };
    Deferred deferred_ = Deferred::No;
    std::vector<Token> complete_lines(SourcePos at, size_t& complete) {
        size_t keep = tokens_.size();
        if (deferred_ == Deferred::Lines) {
            keep = 0;
            for (size_t k = 0; k < tokens_.size(); ++k)
                if (tokens_[k].is(TokenKind::Newline)) keep = k + 1;
        }
        tokens_.resize(keep);
        complete = keep;
        int depth = 0;
        for (const Token& t : tokens_) depth += t.is(TokenKind::Indent) ? 1 : t.is(TokenKind::Dedent) ? -1 : 0;
        Token t;
        t.span = SourceSpan::from(at, at);
        t.kind = TokenKind::Dedent;
        for (; depth > 0; --depth) tokens_.push_back(t);
        t.kind = TokenKind::EndMarker;
        tokens_.push_back(t);
        return std::move(tokens_);
    }
    bool checked_ = false;  // check_source() passed: later errors are the tokenizer's own

private:
    // ---- cursor ----
    bool eof() const { return i_ >= src_.size(); }
    char cur() const { return i_ < src_.size() ? src_[i_] : '\0'; }
    char peek(size_t n = 1) const { return i_ + n < src_.size() ? src_[i_ + n] : '\0'; }
    SourcePos pos() const { return {line_, col_}; }
    void advance() {
        char c = src_[i_++];
        if (c == '\n') {
            ++line_;
            col_ = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++col_;  // count characters, not UTF-8 continuation bytes
        }
    }
    [[noreturn]] void fail(SourcePos at, const std::string& message, const std::string& hint = "",
                           const std::string& kind = "SyntaxError") const {
        throw_syntax_error(filename_, at, message, hint, kind);
    }

    void emit(TokenKind kind, SourcePos start, size_t begin) {
        Token t;
        t.kind = kind;
        t.span = SourceSpan::from(start, pos());
        t.text = src_.substr(begin, i_ - begin);
        tokens_.push_back(std::move(t));
    }

    void check_source() const;
    void check_utf8() const;
    void lex_indentation();
    void lex_name();
    void lex_number();
    void lex_string(SourcePos start, size_t begin, const std::string& prefix);
    void lex_escape(std::string& out, SourcePos string_start, bool bytes = false);
    // Byte index where a plain (not f-) string literal's body starts, for the unicode-escape decoder's
    // "position A-B" in its errors; npos inside f-strings.
    size_t body_begin_ = std::string::npos;
    std::vector<FStringPart> lex_fstring_parts(char quote, bool triple, bool raw, bool in_spec, SourcePos start);
    FStringPart lex_fstring_field(char quote, bool triple, bool raw, SourcePos start);
    void skip_nested_string(char outer_quote, bool outer_triple);
    void skip_nested_field(char quote, bool triple);
    bool at_closing_quote(char quote, bool triple) const {
        return cur() == quote && (!triple || (peek(1) == quote && peek(2) == quote));
    }
    // A non-ASCII character where a name may start (`first`) or go on: CPython's tokenizer
    // (verify_identifier) takes a name's first code point from XID_Start and the rest from
    // XID_Continue (PEP 3131) and names the first one outside them, "non-printable" for the invisible
    // ones (no-break and zero-width spaces, bidi marks) and by itself otherwise (curly quotes, the
    // euro sign, a combining accent with nothing before it, emoji).
    void check_name_char(bool first) const {
        size_t len = 0;
        char32_t cp = decode_at(src_, i_, len);
        if (first ? unicode::is_xid_start(cp) : unicode::is_xid_continue(cp)) return;
        char hex[16];
        std::snprintf(hex, sizeof hex, "U+%04X", unsigned(cp));
        if (!unicode::is_printable(cp)) fail(pos(), str("invalid non-printable character ", hex));
        fail(pos(), str("invalid character '", src_.substr(i_, len), "' (", hex, ")"));
    }
    [[noreturn]] void fail_unterminated(SourcePos start, bool triple, bool fstring = false) const {
        // at the end of a file that ends with a newline, CPython's last line is the one before
        int line = eof() && !src_.empty() && src_.back() == '\n' && line_ > 1 ? line_ - 1 : line_;
        fail(start, str("unterminated ", triple ? "triple-quoted " : "", fstring ? "f-string" : "string",
                        " literal (detected at line ", line, ")"));
    }
    void lex_operator();

    std::string src_;
    std::string filename_;
    size_t i_ = 0;
    int line_;
    int col_;
    bool expression_mode_;
    int fstring_spec_depth_ = 0;  // format specs open around the field being lexed (CPython allows 2)
    bool at_line_start_ = true;
    // The open blocks' indentation measured twice, as CPython's tokenizer does: `col` with tabs to the
    // next multiple of 8, `alt` with a tab as one column. A block is consistent when both measures
    // order the lines the same way; tabs alone, spaces alone, or the same mix in every line all are.
    struct Indent {
        int col = 0, alt = 0;
    };
    std::vector<Indent> indents_ = {Indent{}};
    struct Open {
        char c;
        SourcePos at;
    };
    std::vector<Open> brackets_;
    std::vector<Token> tokens_;
};

// CPython reads source as UTF-8 unless a coding cookie says otherwise (Kiln has no cookies): the
// first byte that is not part of a well-formed UTF-8 sequence is a SyntaxError, worded as CPython's.
// What CPython checks before tokenizing: no NUL byte, a coding declaration (PEP 263) that names a
// codec it knows, then the text decodes (UTF-8; Kiln reads every source as UTF-8, so another
// declared codec is accepted for ASCII text only).
void Lexer::check_source() const {
    if (size_t z = src_.find('\0'); z != std::string::npos) {
        int line = 1 + int(std::count(src_.begin(), src_.begin() + long(z), '\n'));
        fail(SourcePos{line, 1}, "source code cannot contain null bytes");
    }
    // The cookie: a comment on line 1 or 2 matching coding[:=]\s*([-\w.]+).
    size_t line_begin = 0;
    for (int line = 1; line <= 2 && line_begin < src_.size(); ++line) {
        size_t end = src_.find('\n', line_begin);
        if (end == std::string::npos) end = src_.size();
        std::string text = src_.substr(line_begin, end - line_begin);
        size_t k = text.find_first_not_of(" \t\f");
        if (line == 1 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) k = text.find_first_not_of(" \t\f", 3);
        if (k == std::string::npos || text[k] != '#') {
            if (k != std::string::npos) break;  // code before the cookie: no cookie (CPython)
            line_begin = end + 1;
            continue;
        }
        size_t c = text.find("coding", k);
        if (c != std::string::npos && c + 6 < text.size() && (text[c + 6] == ':' || text[c + 6] == '=')) {
            size_t b = c + 7;
            while (b < text.size() && (text[b] == ' ' || text[b] == '\t')) ++b;
            size_t e = b;
            while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '-' ||
                                       text[e] == '_' || text[e] == '.'))
                ++e;
            std::string name = text.substr(b, e - b), norm;
            for (char ch : name) norm += ch == '_' ? '-' : char(std::tolower(static_cast<unsigned char>(ch)));
            static const char* kUtf8[] = {"utf-8", "utf8", "utf-8-sig", "u8", "utf"};
            static const char* kAsciiCompatible[] = {"ascii", "us-ascii", "latin-1", "latin1", "iso-8859-1", "iso8859-1",
                                                     "l1", "cp1252", "windows-1252", "iso-8859-15", "latin-9",
                                                     "cp437", "utf-16", "utf-32"};
            bool utf8 = false, known = false;
            for (const char* u : kUtf8) utf8 |= norm == u;
            for (const char* a : kAsciiCompatible) known |= norm == a;
            if (!utf8 && !known && !name.empty())
                fail(SourcePos{line, int(k) + 1}, str("encoding problem: ", name));
            if (!utf8 && !name.empty()) {
                for (unsigned char ch : src_)
                    if (ch >= 0x80)
                        fail(SourcePos{line, int(k) + 1}, str("encoding problem: ", name, " (Kiln reads source files as UTF-8)"),
                             "save the file as UTF-8 and declare '# -*- coding: utf-8 -*-' or nothing");
            }
            break;
        }
        line_begin = end + 1;
    }
    check_utf8();
}

void Lexer::check_utf8() const {
    int line = line_;
    for (size_t i = 0; i < src_.size();) {
        const char* reason = nullptr;
        size_t bad_end = 0;
        size_t len = utf8_sequence_length(src_, i, reason, bad_end);
        if (!len) {
            auto c = static_cast<unsigned char>(src_[i]);
            fail(SourcePos{line, 1},
                 str("Non-UTF-8 code starting with '\\x", "0123456789abcdef"[c >> 4], "0123456789abcdef"[c & 0xF],
                     "' in file ", filename_, " on line ", line,
                     ", but no encoding declared; see https://peps.python.org/pep-0263/ for details"),
                 "save the file as UTF-8");
        }
        if (src_[i] == '\n') ++line;
        i += len;
    }
}

std::vector<Token> Lexer::run() {
    if (expression_mode_) at_line_start_ = false;
    else check_source();
    checked_ = true;
    // Python source runs about one token to five characters: reserving that spares the vector's
    // regrowths, each of which moved every token (two strings apiece) made so far.
    tokens_.reserve(src_.size() / 5 + 16);
    while (true) {
        if (at_line_start_ && brackets_.empty()) {
            deferred_ = Deferred::Lines;  // its errors are all CPython tokenizer statuses
            lex_indentation();
            deferred_ = Deferred::No;
            if (eof()) break;
            continue;  // lex_indentation consumed a blank line or set at_line_start_ = false
        }
        if (eof()) break;
        char c = cur();
        if (c == ' ' || c == '\t' || c == '\f') {
            advance();
        } else if (c == '#') {
            while (!eof() && cur() != '\n') advance();
        } else if (c == '\\') {
            SourcePos at = pos();
            advance();
            if (eof()) fail(at, "unexpected EOF while parsing", "the file ends right after a line continuation character (\\)");
            if (cur() != '\n') fail(at, "unexpected character after line continuation character",
                                    "a backslash continues a line only as the last character of the line");
            advance();
        } else if (c == '\n') {
            if (brackets_.empty() && !expression_mode_) {
                SourcePos at = pos();
                size_t begin = i_;
                advance();
                Token t;
                t.kind = TokenKind::Newline;
                t.span = SourceSpan{at.line, at.col, at.line, at.col + 1};
                t.text = src_.substr(begin, 1);
                tokens_.push_back(std::move(t));
                at_line_start_ = true;
            } else {
                advance();
            }
        } else if (is_ident_start(c)) {
            if (static_cast<unsigned char>(c) >= 0x80) check_name_char(true);
            lex_name();
        } else if (is_digit(c) || (c == '.' && is_digit(peek()))) {
            lex_number();
        } else if (c == '"' || c == '\'') {
            lex_string(pos(), i_, "");
        } else {
            lex_operator();
        }
    }
    if (!brackets_.empty()) {
        const Open& o = brackets_.back();
        deferred_ = Deferred::All;
        fail(o.at, str("'", o.c, "' was never closed"));
    }
    SourcePos end = pos();
    if (!expression_mode_) {
        if (!tokens_.empty() && !tokens_.back().is(TokenKind::Newline)) {
            Token t;
            t.kind = TokenKind::Newline;
            t.span = SourceSpan::from(end, end);
            tokens_.push_back(std::move(t));
        }
        while (indents_.size() > 1) {
            indents_.pop_back();
            Token t;
            t.kind = TokenKind::Dedent;
            t.span = SourceSpan::from(end, end);
            tokens_.push_back(std::move(t));
        }
    }
    Token t;
    t.kind = TokenKind::EndMarker;
    t.span = SourceSpan::from(end, end);
    tokens_.push_back(std::move(t));
    return std::move(tokens_);
}

// Measures the leading whitespace of a line. Blank and comment-only lines are consumed whole and
// change nothing (as in CPython); otherwise INDENT or DEDENTs are emitted against the stack, and a
// line whose tabs and spaces make its depth ambiguous is CPython's TabError.
void Lexer::lex_indentation() {
    SourcePos line_start = pos();
    size_t begin = i_;
    Indent in;
    while (cur() == ' ' || cur() == '\t' || cur() == '\f') {
        if (cur() == ' ') {
            ++in.col;
            ++in.alt;
        } else if (cur() == '\t') {
            in.col = (in.col / 8 + 1) * 8;
            ++in.alt;
        } else {
            in = Indent{};  // a form feed restarts the count (CPython)
        }
        advance();
    }
    if (eof()) return;
    if (cur() == '#' || cur() == '\n') {
        while (!eof() && cur() != '\n') advance();
        if (!eof()) advance();
        return;
    }
    at_line_start_ = false;
    auto tab_error = [&] {
        fail(line_start, "inconsistent use of tabs and spaces in indentation",
             "indent each block with the same characters as the lines around it (4 spaces per level)", "TabError");
    };
    SourcePos here = pos();
    if (in.col == indents_.back().col) {
        if (in.alt != indents_.back().alt) tab_error();
        return;
    }
    if (in.col > indents_.back().col) {
        if (in.alt <= indents_.back().alt) tab_error();
        // CPython's tokenizer keeps 100 levels (MAXINDENT)
        if (indents_.size() > 100)
            fail(here, "too many levels of indentation", "move the inner blocks into functions", "IndentationError");
        indents_.push_back(in);
        Token t;
        t.kind = TokenKind::Indent;
        t.span = SourceSpan::from(line_start, here);
        t.text = src_.substr(begin, i_ - begin);
        tokens_.push_back(std::move(t));
        return;
    }
    while (in.col < indents_.back().col) {
        indents_.pop_back();
        Token t;
        t.kind = TokenKind::Dedent;
        t.span = SourceSpan::from(here, here);
        tokens_.push_back(std::move(t));
    }
    if (in.col != indents_.back().col)
        fail(here, "unindent does not match any outer indentation level",
             "indent this line exactly like an enclosing block", "IndentationError");
    if (in.alt != indents_.back().alt) tab_error();
}

// NAME, or a string prefix (r, b, f, u and their combinations) directly followed by a quote.
void Lexer::lex_name() {
    SourcePos start = pos();
    size_t begin = i_;
    while (!eof() && is_ident_char(cur())) {
        if (static_cast<unsigned char>(cur()) >= 0xC0) check_name_char(i_ == begin);  // a code point's first byte
        advance();
    }
    if ((cur() == '"' || cur() == '\'') && i_ - begin <= 2) {
        std::string prefix = src_.substr(begin, i_ - begin);
        std::string lower;
        for (char ch : prefix) lower += static_cast<char>(ch | 0x20);
        static const char* kPrefixes[] = {"r", "u", "b", "f", "rb", "br", "rf", "fr"};
        for (const char* p : kPrefixes)
            if (lower == p) return lex_string(start, begin, lower);
    }
    emit(TokenKind::Name, start, begin);
    // PEP 3131: a name is NFKC-normalized while it is parsed, so `\ufb01` (the fi ligature) and `fi`
    // are one variable, as in CPython.
    std::string& text = tokens_.back().text;
    if (std::any_of(text.begin(), text.end(), [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; })) {
        std::u32string cps;
        for (size_t k = 0, len = 0; k < text.size(); k += len) cps.push_back(decode_at(text, k, len));
        std::u32string norm = unicode::normalize(unicode::Form::NFKC, cps);
        if (norm != cps) {
            std::string out;
            for (char32_t cp : norm) utf8_append(out, cp);
            text = std::move(out);
        }
    }
}

// decinteger, hexinteger, octinteger, bininteger, floatnumber, exponentfloat; '_' between digits.
void Lexer::lex_number() {
    SourcePos start = pos();
    size_t begin = i_;
    // Reads digits accepted by `ok`, allowing single underscores between digits.
    auto digits = [&](auto ok, const char* what) {
        std::string out;
        while (!eof() && (ok(cur()) || cur() == '_')) {
            if (cur() == '_') {
                if (out.empty() || !ok(peek())) fail(pos(), str("invalid ", what, " literal"),
                                                     "'_' may only appear between two digits");
            } else {
                out += cur();
            }
            advance();
        }
        return out;
    };
    auto check_end = [&](const char* what) {
        if (is_ident_char(cur())) fail(pos(), str("invalid ", what, " literal"));
    };
    // A literal beyond int64 keeps its digits (str_value) and base (int_value): a heap int at run time.
    auto emit_big = [&](const std::string& d, int base) {
        emit(TokenKind::Int, start, begin);
        tokens_.back().big_int = true;
        tokens_.back().str_value = d;
        tokens_.back().int_value = base;
    };
    if (cur() == '0' && (peek() == 'x' || peek() == 'X' || peek() == 'o' || peek() == 'O' || peek() == 'b' ||
                         peek() == 'B')) {
        char base_char = static_cast<char>(peek() | 0x20);
        advance();
        advance();
        if (cur() == '_') advance();  // 0x_ff is legal Python
        int base = base_char == 'x' ? 16 : base_char == 'o' ? 8 : 2;
        const char* what = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
        std::string d = digits([base](char ch) { int v = hex_value(ch); return v >= 0 && v < base; }, what);
        // CPython's tokenizer names a decimal digit past the base ("0b102", "0o8") before anything else
        if (base != 16 && is_digit(cur())) fail(pos(), str("invalid digit '", cur(), "' in ", what, " literal"));
        if (d.empty()) fail(pos(), str("invalid ", what, " literal"));
        check_end(what);
        uint64_t value = 0;
        for (char ch : d) {
            uint64_t v = static_cast<uint64_t>(hex_value(ch));
            if (value > (static_cast<uint64_t>(INT64_MAX) - v) / static_cast<uint64_t>(base)) return emit_big(d, base);
            value = value * static_cast<uint64_t>(base) + v;
        }
        emit(TokenKind::Int, start, begin);
        tokens_.back().int_value = static_cast<int64_t>(value);
        return;
    }
    std::string int_part = digits(is_digit, "decimal");
    std::string frac_part, exp_part;
    bool is_float = false;
    if (cur() == '.' && !(peek() == '.' && peek(2) == '.')) {
        is_float = true;
        advance();
        if (is_digit(cur())) frac_part = digits(is_digit, "decimal");
    }
    if ((cur() == 'e' || cur() == 'E') &&
        (is_digit(peek()) || ((peek() == '+' || peek() == '-') && is_digit(peek(2))))) {
        is_float = true;
        exp_part += 'e';
        advance();
        if (cur() == '+' || cur() == '-') {
            exp_part += cur();
            advance();
        }
        exp_part += digits(is_digit, "decimal");
    }
    // imagnumber: (floatnumber | digitpart) ("j" | "J"); 010j is legal (the digits read as decimal).
    if (cur() == 'j' || cur() == 'J') {
        advance();
        check_end("imaginary");
        std::string text = (int_part.empty() ? "0" : int_part) + "." + frac_part + exp_part;
        emit(TokenKind::Float, start, begin);
        tokens_.back().float_value = std::strtod(text.c_str(), nullptr);
        tokens_.back().imaginary = true;
        return;
    }
    check_end("decimal");
    if (is_float) {
        std::string text = (int_part.empty() ? "0" : int_part) + "." + frac_part + exp_part;
        emit(TokenKind::Float, start, begin);
        tokens_.back().float_value = std::strtod(text.c_str(), nullptr);
        return;
    }
    if (int_part.size() > 1 && int_part[0] == '0' && int_part.find_first_not_of('0') != std::string::npos)
        fail(start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
    if (size_t ndigits = size_t(std::count_if(int_part.begin(), int_part.end(), [](char ch) { return ch != '_'; }));
        ndigits > 4300)
        fail(start, str("Exceeds the limit (4300 digits) for integer string conversion: value has ", ndigits,
                        " digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge "
                        "integer literals to avoid decimal conversion limits."));
    int64_t value = 0;
    for (char ch : int_part) {
        int v = ch - '0';
        if (value > (INT64_MAX - v) / 10) return emit_big(int_part, 10);
        value = value * 10 + v;
    }
    emit(TokenKind::Int, start, begin);
    tokens_.back().int_value = value;
}

// One backslash escape of a non-raw string; the cursor is on the backslash.
// In a bytes literal (bytes) \x and octal escapes give one byte and \u \U \N are not escapes.
void Lexer::lex_escape(std::string& out, SourcePos string_start, bool bytes) {
    SourcePos at = pos();
    const size_t escape_begin = i_;
    advance();
    if (eof()) fail_unterminated(string_start, false);
    char e = cur();
    auto hex_escape = [&](int n, const char* name) {
        advance();
        uint32_t cp = 0;
        for (int k = 0; k < n; ++k) {
            int v = hex_value(cur());
            if (v < 0) {
                // CPython decodes the literal with the unicode_escape codec: its UnicodeDecodeError
                // becomes "(unicode error) ...", located at the string, with the escape's byte range
                // in the literal's body (the backslash through the last hex digit read)
                if (!bytes && body_begin_ != std::string::npos)
                    fail(string_start, str("(unicode error) 'unicodeescape' codec can't decode bytes in position ",
                                           escape_begin - body_begin_, "-", i_ - body_begin_ - 1, ": truncated ",
                                           name, " escape"));
                fail(at, str("truncated ", name, " escape: expected ", n, " hex digits"));
            }
            cp = cp * 16 + static_cast<uint32_t>(v);
            advance();
        }
        if (cp > 0x10FFFF) fail(at, str("illegal Unicode character in ", name, " escape"));
        if (bytes) out += static_cast<char>(cp);
        else utf8_append(out, char32_t(cp));
    };
    if (bytes && (e == 'u' || e == 'U' || e == 'N')) {
        out += '\\';  // not an escape in bytes: the backslash stays, the letter is read as text
        return;
    }
    switch (e) {
        case '\n': advance(); return;  // backslash-newline continues the string
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case 'x': return hex_escape(2, "\\xXX");
        case 'u': return hex_escape(4, "\\uXXXX");
        case 'U': return hex_escape(8, "\\UXXXXXXXX");
        case 'N':
            // deliberate (engine/vm/README.md, "What stays out"): the Unicode name table would add
            // about 1 MB to the browser bundle
            fail(at, "\\N{...} escapes are not supported in Kiln (Unicode character names are not included)",
                 "write the character itself or use \\uXXXX");
        default:
            if (e >= '0' && e <= '7') {
                uint32_t cp = 0;
                for (int k = 0; k < 3 && cur() >= '0' && cur() <= '7'; ++k) {
                    cp = cp * 8 + static_cast<uint32_t>(cur() - '0');
                    advance();
                }
                if (bytes) out += static_cast<char>(cp & 0xFF);
                else utf8_append(out, char32_t(cp));
                return;
            }
            out += '\\';  // unknown escapes keep their backslash, as in Python
            return;       // the character itself is read as ordinary text
    }
    advance();
}

// STRING or FSTRING; `start`/`begin` are where the prefix began, the cursor is on the opening quote.
void Lexer::lex_string(SourcePos start, size_t begin, const std::string& prefix) {
    const bool bytes = prefix.find('b') != std::string::npos || prefix.find('B') != std::string::npos;
    bool raw = prefix.find('r') != std::string::npos;
    bool fstring = prefix.find('f') != std::string::npos;
    char quote = cur();
    bool triple = peek() == quote && peek(2) == quote;
    advance();
    if (triple) {
        advance();
        advance();
    }
    if (fstring) {
        auto parts = lex_fstring_parts(quote, triple, raw, false, start);
        for (int k = 0; k < (triple ? 3 : 1); ++k) advance();
        emit(TokenKind::FString, start, begin);
        tokens_.back().fstring = std::make_shared<const std::vector<FStringPart>>(std::move(parts));
        return;
    }
    std::string value;
    body_begin_ = i_;
    struct ResetBody {
        size_t& b;
        ~ResetBody() { b = std::string::npos; }
    } reset_body{body_begin_};
    while (true) {
        if (eof() || (cur() == '\n' && !triple)) fail_unterminated(start, triple);
        if (at_closing_quote(quote, triple)) break;
        if (cur() == '\\') {
            if (raw) {
                // A raw string keeps the backslash and the next character, which cannot close it.
                value += cur();
                advance();
                if (eof()) fail_unterminated(start, triple);
                value += cur();
                advance();
            } else {
                lex_escape(value, start, bytes);
            }
            continue;
        }
        if (bytes && static_cast<unsigned char>(cur()) >= 0x80)
            fail(start, "bytes can only contain ASCII literal characters");
        value += cur();
        advance();
    }
    for (int k = 0; k < (triple ? 3 : 1); ++k) advance();
    emit(TokenKind::String, start, begin);
    tokens_.back().str_value = std::move(value);
    tokens_.back().is_bytes = bytes;
}

// Literal text and {fields} of an f-string up to its closing quote (not consumed), or, for a format
// spec (in_spec), up to the '}' that ends the enclosing field (not consumed).
std::vector<FStringPart> Lexer::lex_fstring_parts(char quote, bool triple, bool raw, bool in_spec, SourcePos start) {
    std::vector<FStringPart> parts;
    FStringPart lit;
    auto flush = [&]() {
        if (lit.literal.empty()) return;
        lit.span.end_line = line_;
        lit.span.end_col = col_;
        parts.push_back(std::move(lit));
        lit = FStringPart{};
    };
    auto mark = [&]() {
        if (lit.literal.empty()) lit.span = SourceSpan::from(pos(), pos());
    };
    while (true) {
        if (eof() || (cur() == '\n' && !triple)) fail_unterminated(start, triple, true);
        if (at_closing_quote(quote, triple)) {
            if (in_spec) fail(pos(), "f-string: expecting '}'");
            break;
        }
        char c = cur();
        if (c == '{') {
            if (!in_spec && peek() == '{') {
                mark();
                lit.literal += '{';
                advance();
                advance();
                continue;
            }
            flush();
            parts.push_back(lex_fstring_field(quote, triple, raw, start));
            continue;
        }
        if (c == '}') {
            if (in_spec) break;
            if (peek() == '}') {
                mark();
                lit.literal += '}';
                advance();
                advance();
                continue;
            }
            fail(pos(), "f-string: single '}' is not allowed", "write '}}' for a literal '}'");
        }
        mark();
        if (c == '\\' && !raw) {
            lex_escape(lit.literal, start);
            continue;
        }
        lit.literal += c;
        advance();
    }
    flush();
    return parts;
}

// One replacement field: '{' expression ['=']['!' conversion] [':' format_spec] '}'. The expression
// is delimited here and lexed again by the parser (tokenize_expression). Since CPython 3.12 (PEP 701)
// it may hold strings with any quotes (nested f-strings included), backslashes, newlines and
// comments; the error texts are 3.12's tokenizer's.
FStringPart Lexer::lex_fstring_field(char quote, bool triple, bool raw, SourcePos start) {
    (void)raw;
    FStringPart field;
    field.is_field = true;
    SourcePos field_start = pos();
    advance();  // '{'
    field.expr_pos = pos();
    size_t expr_begin = i_;
    std::string open;  // the brackets open in the expression, innermost last
    auto blank_so_far = [&]() {
        return src_.find_first_not_of(" \t\n\f\r", expr_begin) >= i_;
    };
    while (true) {
        if (eof()) fail(field_start, "'{' was never closed");
        char c = cur();
        if (c == '#') {  // a comment runs to the end of the line
            while (!eof() && cur() != '\n') advance();
            continue;
        }
        if (c == '\'' || c == '"') {
            skip_nested_string(quote, triple);
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            open.push_back(c);
        } else if (c == ')' || c == ']' || c == '}') {
            if (open.empty()) {
                if (c == '}') break;
                fail(pos(), str("f-string: unmatched '", c, "'"));
            }
            char o = open.back();
            if ((o == '(' && c != ')') || (o == '[' && c != ']') || (o == '{' && c != '}'))
                fail(pos(), str("closing parenthesis '", c, "' does not match opening parenthesis '", o, "'"));
            open.pop_back();
        } else if (open.empty()) {
            if (c == '!' && peek() != '=') break;
            if (c == ':') break;
            if (c == '=' && peek() != '=' && (i_ == expr_begin || !std::strchr("=!<>", src_[i_ - 1]))) {
                if (blank_so_far()) fail(pos(), "f-string: valid expression required before '='");
                // A self-documenting field (f"{x = }"): the text up to '=' and the whitespace after
                // it is printed before the value, as CPython keeps it.
                field.expr_source = src_.substr(expr_begin, i_ - expr_begin);
                advance();
                while (!eof() && (cur() == ' ' || cur() == '\t' || cur() == '\n' || cur() == '\f' || cur() == '\r'))
                    advance();
                field.debug_text = src_.substr(expr_begin, i_ - expr_begin);
                if (eof()) fail(field_start, "'{' was never closed");
                break;
            }
        }
        advance();
    }
    if (field.debug_text.empty()) {
        if (blank_so_far()) fail(pos(), str("f-string: valid expression required before '", cur(), "'"));
        field.expr_source = src_.substr(expr_begin, i_ - expr_begin);
    }
    if (cur() == '!') {
        advance();
        SourcePos at = pos();
        size_t b = i_;
        while (!eof() && is_ident_char(cur())) advance();
        std::string name = src_.substr(b, i_ - b);
        if (name.empty()) fail(at, "f-string: missing conversion character");
        if (name != "r" && name != "s" && name != "a")
            fail(at, str("f-string: invalid conversion character '", name, "': expected 's', 'r', or 'a'"));
        field.conversion = name[0];
        if (cur() != ':' && cur() != '}')
            fail(pos(), eof() || at_closing_quote(quote, triple) ? "f-string: expecting '}'" : "f-string: expecting ':' or '}'");
    }
    if (cur() == ':') {
        if (fstring_spec_depth_ >= 2) fail(pos(), "f-string: expressions nested too deeply");
        advance();
        field.has_format_spec = true;
        ++fstring_spec_depth_;
        field.format_spec = lex_fstring_parts(quote, triple, raw, true, start);
        --fstring_spec_depth_;
    }
    if (cur() != '}') fail(pos(), "f-string: expecting '}'");
    advance();
    field.span = SourceSpan::from(field_start, pos());
    return field;
}

// A string literal inside a replacement field, cursor on its opening quote (its prefix letters were
// passed over as part of the expression). One that is unterminated but opened with the enclosing
// f-string's own quote is that f-string's end: the field lacks its '}' (CPython 3.12's tokenizer).
void Lexer::skip_nested_string(char outer_quote, bool outer_triple) {
    size_t p = i_;
    while (p > 0 && std::strchr("rRbBfFuU", src_[p - 1])) --p;
    const bool prefixed = i_ - p <= 2 && (p == 0 || !is_ident_char(src_[p - 1]));
    const std::string prefix = prefixed ? src_.substr(p, i_ - p) : "";
    const bool is_f = prefix.find_first_of("fF") != std::string::npos;
    SourcePos string_start = pos();
    char q = cur();
    bool tq = peek() == q && peek(2) == q;
    for (int k = 0; k < (tq ? 3 : 1); ++k) advance();
    while (true) {
        if (eof() || (cur() == '\n' && !tq)) {
            if (q == outer_quote && tq == outer_triple) fail(string_start, "f-string: expecting '}'");
            fail_unterminated(string_start, tq, is_f);
        }
        if (at_closing_quote(q, tq)) break;
        if (cur() == '\\') {  // an escape (or a raw string's backslash): the next character can't close it
            advance();
            if (!eof()) advance();
            continue;
        }
        if (is_f && cur() == '{') {
            if (peek() == '{') {
                advance();
                advance();
                continue;
            }
            skip_nested_field(q, tq);
            continue;
        }
        advance();
    }
    for (int k = 0; k < (tq ? 3 : 1); ++k) advance();
}

// A replacement field of a nested f-string, cursor on its '{': up to and past its matching '}'
// (format specs and their fields nest as brackets do).
void Lexer::skip_nested_field(char quote, bool triple) {
    SourcePos field_start = pos();
    advance();
    int depth = 0;
    while (true) {
        if (eof()) fail(field_start, "'{' was never closed");
        char c = cur();
        if (c == '\'' || c == '"') {
            skip_nested_string(quote, triple);
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            if (c == '}' && depth == 0) {
                advance();
                return;
            }
            --depth;
        }
        advance();
    }
}

void Lexer::lex_operator() {
    SourcePos start = pos();
    size_t begin = i_;
    for (const OpSpelling& op : kOperators) {
        if (op.text[0] != cur()) continue;  // most spellings differ at once: skip the string compare
        size_t n = std::strlen(op.text);
        if (src_.compare(i_, n, op.text) != 0) continue;
        for (size_t k = 0; k < n; ++k) advance();
        char c = op.text[0];
        if (n == 1 && (c == '(' || c == '[' || c == '{')) {
            // CPython's tokenizer stops at MAXLEVEL (200) open brackets
            if (brackets_.size() >= 200) fail(start, "too many nested parentheses");
            brackets_.push_back({c, start});
        } else if (n == 1 && (c == ')' || c == ']' || c == '}')) {
            // raised when the parser gets here: an earlier line's unexpected indent comes first
            deferred_ = Deferred::Indent;
            if (brackets_.empty()) fail(start, str("unmatched '", c, "'"));
            char open = brackets_.back().c;
            char want = open == '(' ? ')' : open == '[' ? ']' : '}';
            if (c != want) {
                SourcePos at = brackets_.back().at;
                fail(start, at.line == start.line
                                ? str("closing parenthesis '", c, "' does not match opening parenthesis '", open, "'")
                                : str("closing parenthesis '", c, "' does not match opening parenthesis '", open,
                                      "' on line ", at.line));
            }
            brackets_.pop_back();
            deferred_ = Deferred::No;
        }
        emit(op.kind, start, begin);
        return;
    }
    char c = cur();
    // CPython's tokenizer makes these ASCII characters an error token: the parser's "invalid syntax",
    // met only when the parser gets there (an error in an earlier line comes first)
    if (c == '!' || c == '$' || c == '?' || c == '`') deferred_ = Deferred::Lines;
    if (c == '!') fail(start, "invalid syntax", "'!' is not an operator: use 'not' for negation, '!=' for inequality");
    if (c == '$' || c == '?' || c == '`')
        fail(start, "invalid syntax", str("'", c, "' is not part of Python's syntax"));
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        fail(start, str("invalid non-printable character U+", "00", "0123456789ABCDEF"[(c >> 4) & 0xF],
                        "0123456789ABCDEF"[c & 0xF]));
    fail(start, str("invalid character '", c, "' in source"));
}

}  // namespace

std::vector<Token> tokenize(std::string_view source, const std::string& filename) {
    // A UTF-8 byte order mark at the start is skipped, as CPython does (editors on Windows write it).
    if (source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);
    return Lexer(source, filename, SourcePos{1, 1}, false).run();
}

std::vector<Token> tokenize_until_error(std::string_view source, const std::string& filename,
                                        std::exception_ptr& error, size_t& complete, DeferredLexError& mode) {
    if (source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);
    Lexer lexer(source, filename, SourcePos{1, 1}, false);
    try {
        std::vector<Token> toks = lexer.run();
        complete = toks.size();
        return toks;
    } catch (const SyntaxError& e) {
        if (!lexer.checked_ || lexer.deferred_ == Lexer::Deferred::No) throw;
        mode = lexer.deferred_ == Lexer::Deferred::All      ? DeferredLexError::Bracket
               : lexer.deferred_ == Lexer::Deferred::Indent ? DeferredLexError::IndentOnly
                                                            : DeferredLexError::Lines;
        error = std::current_exception();
        return lexer.complete_lines(SourcePos{e.line(), e.col()}, complete);
    }
}

std::vector<Token> tokenize_expression(std::string_view source, const std::string& filename, SourcePos start) {
    return Lexer(source, filename, start, true).run();
}

}  // namespace kiln::lang
