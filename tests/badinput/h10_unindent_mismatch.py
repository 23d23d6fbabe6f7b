# badinput: unindent mismatch
# expect-exit: 1
# expect-stderr: IndentationError: unindent does not match any outer indentation level
if 1:
        x = 1
    y = 2
