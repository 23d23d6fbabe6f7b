# badinput: an operator deleted from a line leaves 'x = 1 1', and a later line holds a stray '$': the earlier line's error is reported first, as CPython's parser meets it before the '$' error token (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: h11_syntax_first_error_before_stray_char.py:4:7: SyntaxError: invalid syntax
x = 1 1
y = $
