# badinput: a trailing underscore in a number
# expect-exit: 1
# expect-stderr: h28_syntax_s27.py:4:10: SyntaxError: invalid decimal literal (hint: '_' may only appear between two digits)
x = 1_000_
