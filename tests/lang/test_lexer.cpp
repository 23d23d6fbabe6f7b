// Lexer tests (engine/lang/lexer.h): indentation, line joining, every literal form, f-string
// structure, and located errors.
#include <catch2/catch.hpp>

#include "lang/lexer.h"

using namespace kiln::lang;

namespace {

std::string dump(const std::string& src) { return tokens_dump(tokenize(src, "t.py")); }

std::vector<TokenKind> kinds(const std::string& src) {
    std::vector<TokenKind> out;
    for (const Token& t : tokenize(src, "t.py")) out.push_back(t.kind);
    return out;
}

// The what() of the SyntaxError that lexing `src` throws.
std::string lex_error(const std::string& src) {
    try {
        tokenize(src, "t.py");
    } catch (const SyntaxError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("lexer: simple statement dump", "[lang][lexer]") {
    CHECK(dump("import torch\n") ==
          "1:1-1:7 NAME 'import'\n"
          "1:8-1:13 NAME 'torch'\n"
          "1:13-1:14 NEWLINE '\\n'\n"
          "2:1-2:1 ENDMARKER\n");
}

TEST_CASE("lexer: INDENT and DEDENT follow the indentation stack", "[lang][lexer]") {
    using K = TokenKind;
    auto k = kinds("if x:\n    if y:\n        a\n    b\nc\n");
    std::vector<K> want = {K::Name, K::Name,    K::Colon,  K::Newline, K::Indent,  K::Name,    K::Name,
                           K::Colon, K::Newline, K::Indent, K::Name,    K::Newline, K::Dedent,  K::Name,
                           K::Newline, K::Dedent, K::Name,  K::Newline, K::EndMarker};
    CHECK(k == want);
}

TEST_CASE("lexer: blank lines and comments produce no tokens", "[lang][lexer]") {
    using K = TokenKind;
    auto k = kinds("# header\n\nx = 1  # trailing\n   \n   # indented comment\ny\n");
    std::vector<K> want = {K::Name, K::Equal, K::Int, K::Newline, K::Name, K::Newline, K::EndMarker};
    CHECK(k == want);
}

TEST_CASE("lexer: dedents are closed at end of file without a final newline", "[lang][lexer]") {
    using K = TokenKind;
    auto k = kinds("def f():\n    return 1");
    std::vector<K> want = {K::Name,   K::Name, K::LPar,    K::RPar,   K::Colon,    K::Newline, K::Indent,
                           K::Name,   K::Int,  K::Newline, K::Dedent, K::EndMarker};
    CHECK(k == want);
}

TEST_CASE("lexer: implicit line joining inside brackets and backslash continuation", "[lang][lexer]") {
    using K = TokenKind;
    auto k = kinds("x = (1,\n     2)\ny = [\n  3, # c\n]\nz = 1 + \\\n    2\n");
    std::vector<K> want = {K::Name, K::Equal,   K::LPar, K::Int,  K::Comma,   K::Int, K::RPar, K::Newline,
                           K::Name, K::Equal,   K::LSqb, K::Int,  K::Comma,   K::RSqb, K::Newline,
                           K::Name, K::Equal,   K::Int,  K::Plus, K::Int,     K::Newline, K::EndMarker};
    CHECK(k == want);
}

TEST_CASE("lexer: integer literal forms", "[lang][lexer]") {
    auto v = [](const std::string& s) {
        auto t = tokenize(s, "t.py");
        REQUIRE(t[0].kind == TokenKind::Int);
        return t[0].int_value;
    };
    CHECK(v("0") == 0);
    CHECK(v("1_000_000") == 1000000);
    CHECK(v("0xff") == 255);
    CHECK(v("0XFF") == 255);
    CHECK(v("0o17") == 15);
    CHECK(v("0b1010") == 10);
    CHECK(v("0x_ff") == 255);
    CHECK(v("9223372036854775807") == INT64_MAX);
    CHECK(v("00") == 0);
}

TEST_CASE("lexer: float literal forms", "[lang][lexer]") {
    auto v = [](const std::string& s) {
        auto t = tokenize(s, "t.py");
        REQUIRE(t[0].kind == TokenKind::Float);
        return t[0].float_value;
    };
    CHECK(v("1.") == 1.0);
    CHECK(v(".5") == 0.5);
    CHECK(v("1e-3") == 1e-3);
    CHECK(v("1_000.5") == 1000.5);
    CHECK(v("2.5E+2") == 250.0);
    CHECK(v("1e10") == 1e10);
    CHECK(v("3.14_15") == 3.1415);
}

TEST_CASE("lexer: int literals beyond 64 bits keep their digits and base", "[lang][lexer]") {
    auto toks = tokenize("9223372036854775808 0x1_0000_0000_0000_0000 9223372036854775807\n", "t.py");
    CHECK(toks[0].big_int);
    CHECK(toks[0].str_value == "9223372036854775808");
    CHECK(toks[0].int_value == 10);
    CHECK(toks[1].big_int);
    CHECK(toks[1].str_value == "10000000000000000");
    CHECK(toks[1].int_value == 16);
    CHECK(!toks[2].big_int);
    CHECK(toks[2].int_value == 9223372036854775807);
}

TEST_CASE("lexer: imaginary literals are FLOAT tokens marked imaginary", "[lang][lexer]") {
    auto toks = tokenize("3j 1.5J 1e3j 010j 1_0j 2.0\n", "t.py");
    const double want[] = {3, 1.5, 1000, 10, 10, 2};
    for (int i = 0; i < 6; ++i) {
        CHECK(toks[size_t(i)].kind == TokenKind::Float);
        CHECK(toks[size_t(i)].float_value == want[i]);
        CHECK(toks[size_t(i)].imaginary == (i < 5));
    }
}

TEST_CASE("lexer: numeric literal errors", "[lang][lexer]") {
    CHECK_THAT(lex_error("x = 1jx\n"), Catch::Contains("invalid imaginary literal"));
    CHECK_THAT(lex_error("x = 1__0\n"), Catch::StartsWith("t.py:1:6: SyntaxError: invalid decimal literal"));
    CHECK_THAT(lex_error("x = 012\n"), Catch::Contains("leading zeros in decimal integer literals"));
    CHECK_THAT(lex_error("x = 0x\n"), Catch::Contains("invalid hexadecimal literal"));
    CHECK_THAT(lex_error("x = 12abc\n"), Catch::Contains("invalid decimal literal"));
}

TEST_CASE("lexer: string literals and escapes", "[lang][lexer]") {
    auto v = [](const std::string& s) {
        auto t = tokenize(s, "t.py");
        REQUIRE(t[0].kind == TokenKind::String);
        return t[0].str_value;
    };
    CHECK(v("'abc'") == "abc");
    CHECK(v("\"it's\"") == "it's");
    CHECK(v("'a\\nb\\tc\\\\d\\'e\\\"f'") == "a\nb\tc\\d'e\"f");
    CHECK(v("'\\x41\\u00e9\\U0001F600'") == "A\xc3\xa9\xf0\x9f\x98\x80");
    CHECK(v("'\\101'") == "A");
    CHECK(v("r'a\\nb'") == "a\\nb");
    CHECK(v("R\"\\d+\"") == "\\d+");
    CHECK(v("u'x'") == "x");
    CHECK(v("'''a\nb'''") == "a\nb");
    CHECK(v("\"\"\"doc \"quoted\" \"\"\"") == "doc \"quoted\" ");
    CHECK(v("'a\\\nb'") == "ab");
    CHECK(v("'\\d'") == "\\d");
}

TEST_CASE("lexer: string errors", "[lang][lexer]") {
    CHECK(lex_error("s = 'abc\n") == "t.py:1:5: SyntaxError: unterminated string literal (detected at line 1)");
    CHECK(lex_error("s = '''abc\n\n") ==
          "t.py:1:5: SyntaxError: unterminated triple-quoted string literal (detected at line 2)");
    CHECK_THAT(lex_error("s = b'\xc3\xa9'\n"), Catch::StartsWith("t.py:1:5: SyntaxError: bytes can only contain ASCII literal characters"));
    CHECK_THAT(lex_error("s = '\\N{DASH}'\n"), Catch::Contains("\\N{...} escapes are not supported in Kiln"));
    CHECK_THAT(lex_error("s = '\\x4'\n"), Catch::Contains("truncated \\xXX escape"));
}

TEST_CASE("lexer: f-string parts, conversions and nested format specs", "[lang][lexer]") {
    auto toks = tokenize("f\"{x:.3f} {name!r:>{w}} {{literal}}\"", "t.py");
    REQUIRE(toks[0].kind == TokenKind::FString);
    const auto& parts = *toks[0].fstring;
    REQUIRE(parts.size() == 4);
    CHECK(parts[0].is_field);
    CHECK(parts[0].expr_source == "x");
    CHECK(parts[0].expr_pos.col == 4);
    REQUIRE(parts[0].format_spec.size() == 1);
    CHECK(parts[0].format_spec[0].literal == ".3f");
    CHECK(parts[1].literal == " ");
    CHECK(parts[2].expr_source == "name");
    CHECK(parts[2].conversion == 'r');
    REQUIRE(parts[2].format_spec.size() == 2);
    CHECK(parts[2].format_spec[0].literal == ">");
    CHECK(parts[2].format_spec[1].is_field);
    CHECK(parts[2].format_spec[1].expr_source == "w");
    CHECK(parts[3].literal == " {literal}");
}

TEST_CASE("lexer: f-string prefixes and nested strings", "[lang][lexer]") {
    auto toks = tokenize("F'{d[\"k\"]}' rf'\\d{x}' fR\"{a!s}\"", "t.py");
    REQUIRE(toks[0].kind == TokenKind::FString);
    CHECK((*toks[0].fstring)[0].expr_source == "d[\"k\"]");
    REQUIRE(toks[1].kind == TokenKind::FString);
    CHECK((*toks[1].fstring)[0].literal == "\\d");
    REQUIRE(toks[2].kind == TokenKind::FString);
    CHECK((*toks[2].fstring)[0].conversion == 's');
}

TEST_CASE("lexer: self-documenting f-string fields keep their text", "[lang][lexer]") {
    auto toks = tokenize("f'{x = !r:>4}' f'{a==b}' f'{n=}'\n", "t.py");
    CHECK((*toks[0].fstring)[0].expr_source == "x ");
    CHECK((*toks[0].fstring)[0].debug_text == "x = ");
    CHECK((*toks[0].fstring)[0].conversion == 'r');
    CHECK((*toks[1].fstring)[0].debug_text.empty());
    CHECK((*toks[2].fstring)[0].debug_text == "n=");
}

TEST_CASE("lexer: f-string errors", "[lang][lexer]") {
    // CPython 3.12's tokenizer texts and positions
    CHECK_THAT(lex_error("f'{}'\n"), Catch::StartsWith("t.py:1:4: SyntaxError: f-string: valid expression required before '}'"));
    CHECK_THAT(lex_error("f'{!r}'\n"), Catch::StartsWith("t.py:1:4: SyntaxError: f-string: valid expression required before '!'"));
    CHECK_THAT(lex_error("f'a}'\n"), Catch::StartsWith("t.py:1:4: SyntaxError: f-string: single '}' is not allowed"));
    CHECK_THAT(lex_error("f'{x!z}'\n"), Catch::Contains("f-string: invalid conversion character 'z': expected 's', 'r', or 'a'"));
    CHECK_THAT(lex_error("f'{x!}'\n"), Catch::Contains("f-string: missing conversion character"));
    CHECK_THAT(lex_error("f'{x'\n"), Catch::Contains("f-string: expecting '}'"));
    CHECK_THAT(lex_error("f'{x[1}'\n"), Catch::Contains("closing parenthesis '}' does not match opening parenthesis '['"));
    CHECK_THAT(lex_error("f'{x:{y:{z:{w}}}}'\n"), Catch::Contains("f-string: expressions nested too deeply"));
    CHECK_THAT(lex_error("f'abc\n"), Catch::Contains("unterminated f-string literal (detected at line 1)"));
}

TEST_CASE("lexer: PEP 701 f-string fields", "[lang][lexer]") {
    // the field's text keeps nested strings with the outer quotes, backslashes, newlines, comments
    auto toks = tokenize("f'{d['k']}' f\"{'\\n'.join(x)}\" f'{f'{1}'}' f'''{x # c\n}'''\n", "t.py");
    REQUIRE(toks[0].is(TokenKind::FString));
    CHECK((*toks[0].fstring)[0].expr_source == "d['k']");
    CHECK((*toks[1].fstring)[0].expr_source == "'\\n'.join(x)");
    CHECK((*toks[2].fstring)[0].expr_source == "f'{1}'");
    CHECK((*toks[3].fstring)[0].expr_source == "x # c\n");
}

TEST_CASE("lexer: operators of Python 3.11", "[lang][lexer]") {
    using K = TokenKind;
    auto k = kinds("a **= b //= c -> d := e @ f @= g ... != >>= <<= ~ ^ |= &=");
    std::vector<K> want = {K::Name, K::DoubleStarEqual, K::Name, K::DoubleSlashEqual, K::Name, K::RArrow,
                           K::Name, K::ColonEqual,      K::Name, K::At,               K::Name, K::AtEqual,
                           K::Name, K::Ellipsis,        K::NotEqual, K::RightShiftEqual, K::LeftShiftEqual,
                           K::Tilde, K::Circumflex,     K::VBarEqual, K::AmperEqual,   K::Newline, K::EndMarker};
    CHECK(k == want);
}

TEST_CASE("lexer: indentation errors", "[lang][lexer]") {
    // CPython's rule: each block's depth must be the same whether a tab counts 8 columns or 1.
    CHECK(lex_error("if x:\n        a\n\tb\n") ==
          "t.py:3:1: TabError: inconsistent use of tabs and spaces in indentation (hint: indent each block with the "
          "same characters as the lines around it (4 spaces per level))");
    CHECK(lex_error("if x:\n    a\n\tb\n") ==
          "t.py:3:1: TabError: inconsistent use of tabs and spaces in indentation (hint: indent each block with the "
          "same characters as the lines around it (4 spaces per level))");
    // A tab-indented block beside a space-indented one, and the same mix on every line, are fine.
    CHECK(kinds("if x:\n\ta\nif y:\n    b\n").size() == 17);
    CHECK(kinds("if x:\n\t  a\n\t  b\n").size() == 11);
    CHECK_THAT(lex_error("if x:\n        a\n    b\n"),
               Catch::StartsWith("t.py:3:5: IndentationError: unindent does not match any outer indentation level"));
}

TEST_CASE("lexer: bracket errors point at the bracket", "[lang][lexer]") {
    CHECK(lex_error("x = (1,\n2\n") == "t.py:1:5: SyntaxError: '(' was never closed");
    CHECK(lex_error("x = (1]\n") == "t.py:1:7: SyntaxError: closing parenthesis ']' does not match opening parenthesis '('");
    CHECK(lex_error("x = 1)\n") == "t.py:1:6: SyntaxError: unmatched ')'");
    CHECK_THAT(lex_error("x = 1 \\ 2\n"), Catch::Contains("unexpected character after line continuation character"));
    CHECK_THAT(lex_error("x = $\n"), Catch::Contains("SyntaxError: invalid syntax"));  // CPython's wording for a stray ASCII character
}

TEST_CASE("lexer: columns count characters, not bytes", "[lang][lexer]") {
    auto toks = tokenize("s = 'héllo' + x\n", "t.py");
    CHECK(span_str(toks[2].span) == "1:5-1:12");
    CHECK(span_str(toks[4].span) == "1:15-1:16");
}

TEST_CASE("lexer: CRLF line endings", "[lang][lexer]") {
    CHECK(dump("a\r\nb\r\n") == dump("a\nb\n"));
}
