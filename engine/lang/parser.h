// The parser: tokens (lexer.h) -> AST (ast.h), by recursive descent over Python 3.11's grammar
// restricted to Kiln's subset.
//
// Each parse function in parser.cpp carries its grammar rule (PEG notation from CPython's
// Grammar/python.gram, simplified). Binary operators use precedence climbing over Python's table;
// `**` binds tighter than a unary minus on its left (-2**2 == -4) and is right-associative.
//
// Errors throw SyntaxError (source.h) with `FILE:LINE:COL: SyntaxError: MESSAGE`: the message says
// what was expected and what was found ("expected ')' to close '(' opened at 3:10, got NEWLINE"),
// and adds a hint where one helps. Python outside the subset (async, await, match, walrus,
// multiple inheritance, positional-only parameters, ...) fails with "... is not supported in Kiln".
// A few checks CPython does after parsing are done here too, because they are purely syntactic and
// the earliest place gives the best location: 'return' outside function, 'break'/'continue' outside
// loop, nonlocal at module level, duplicate parameter names.
#pragma once
#include <string>
#include <string_view>

#include "lang/ast.h"

namespace kiln::lang {

// Parses a whole file (Python's `exec` mode). `filename` only labels spans in error messages.
Module parse_module(std::string_view source, const std::string& filename);

// Parses one expression (Python's `eval` mode): the whole source must be one expression list.
ExprPtr parse_expression(std::string_view source, const std::string& filename);

}  // namespace kiln::lang
