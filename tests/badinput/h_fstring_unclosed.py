# badinput: fstring unclosed (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: expecting '}'
f'{1'
