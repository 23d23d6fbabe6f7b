# badinput: bad number (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: invalid decimal literal
x = 1__0
