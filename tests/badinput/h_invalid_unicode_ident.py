# badinput: invalid unicode ident (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: invalid character '☃' (U+2603)
x☃ = 1
