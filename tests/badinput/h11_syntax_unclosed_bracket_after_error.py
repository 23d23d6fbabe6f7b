# badinput: a line with a syntax error followed by a bracket never closed: CPython keeps the parser's error when it lies on an earlier line than the open bracket (_PyPegen_tokenize_full_source_to_check_for_errors) (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: h11_syntax_unclosed_bracket_after_error.py:4:7: SyntaxError: invalid syntax
x = 1 1
y = (2,
