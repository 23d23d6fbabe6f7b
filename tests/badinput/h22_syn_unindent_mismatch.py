# badinput: a dedent to no outer level
# expect-exit: 1
# expect-stderr: IndentationError: unindent does not match any outer indentation level
if True:
        x = 1
    y = 2
