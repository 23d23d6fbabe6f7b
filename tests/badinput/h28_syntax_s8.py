# badinput: a dict closed by ']'
# expect-exit: 1
# expect-stderr: h28_syntax_s8.py:4:10: SyntaxError: closing parenthesis ']' does not match opening parenthesis '{'
x = {1: 2]
