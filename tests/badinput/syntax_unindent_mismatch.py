# badinput: a dedent to a column that was never an indentation level
# expect-exit: 1
# expect-stderr: IndentationError: unindent does not match any outer indentation level
if True:
        x = 1
    y = 2
