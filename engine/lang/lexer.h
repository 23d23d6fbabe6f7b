// The lexer: source text -> tokens (token.h), following CPython 3.11's tokenizer.
//
// What it does beyond splitting text:
//  - Indentation: a stack of indentation widths turns leading whitespace into INDENT/DEDENT tokens;
//    blank and comment-only lines produce nothing; a logical line ends with NEWLINE. Tabs and spaces
//    may not both be used for indentation in one file (CPython's TabError, made stricter: Kiln
//    never has to guess a tab width).
//  - Line joining: newlines inside (), [] and {} are ignored, and a backslash before a newline
//    joins two lines. Bracket pairs are checked here, so an unclosed '(' is reported where it opened.
//  - Literals are decoded: INT/FLOAT carry their value (ints are 64-bit; larger literals and complex
//    numbers are errors), STRING carries the decoded text, FSTRING carries its parts (token.h).
//  - Outside the subset: bytes literals, imaginary numbers and \N{...} escapes are located
//    "not supported in Kiln" errors. A self-documenting f-string field (f"{x = }") keeps its text
//    (FStringPart::debug_text).
// Errors throw SyntaxError (source.h).
#pragma once
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "lang/token.h"

namespace kiln::lang {

// Tokenizes a whole module. The result always ends with NEWLINE (when there was any token),
// the DEDENTs closing every open block, and ENDMARKER.
std::vector<Token> tokenize(std::string_view source, const std::string& filename);

// As tokenize, but the errors CPython's tokenizer reports only when the parser reaches them do not
// throw: an indentation error (unindent to no known level, tabs against spaces, too deep) or a
// bracket never closed is stored in `error`, and the result holds the complete logical lines before
// it, or every token lexed (brackets: `mode`), closed by DEDENTs and
// ENDMARKER at the error; `complete` counts the tokens taken from the source. Other errors throw
// as in tokenize (CPython's tokenizer raises them over a parser error: it reads the rest of the
// file for them). parse_module decides which error is reported.
// How a stored error yields to a parser error (parse_module): Lines, a parser error in an earlier
// line wins; Bracket (a bracket never closed; every token kept), one on the bracket's line or
// before; IndentOnly (an unmatched closing bracket; every token kept), only an "unexpected indent"
// there or before, as CPython raises that one without reading the rest of the file.
enum class DeferredLexError { Lines, Bracket, IndentOnly };
std::vector<Token> tokenize_until_error(std::string_view source, const std::string& filename,
                                        std::exception_ptr& error, size_t& complete, DeferredLexError& mode);

// Tokenizes the expression of an f-string field, which starts at `start` in the file. It is lexed as
// if inside brackets (newlines are insignificant; no NEWLINE/INDENT/DEDENT) and ends with ENDMARKER.
std::vector<Token> tokenize_expression(std::string_view source, const std::string& filename, SourcePos start);

}  // namespace kiln::lang
