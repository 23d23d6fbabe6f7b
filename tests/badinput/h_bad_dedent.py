# badinput: bad dedent (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: IndentationError: unindent does not match any outer indentation level
if True:
        x = 1
    y = 2
