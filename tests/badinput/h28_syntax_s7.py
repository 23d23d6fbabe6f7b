# badinput: a parenthesis never closed before the next statement
# expect-exit: 1
# expect-stderr: h28_syntax_s7.py:4:5: SyntaxError: '(' was never closed
x = (1, 2
y = 3
