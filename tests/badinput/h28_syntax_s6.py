# badinput: a list closed by ')'
# expect-exit: 1
# expect-stderr: h28_syntax_s6.py:4:13: SyntaxError: closing parenthesis ')' does not match opening parenthesis '['
x = [1, 2, 3)
