# badinput: an indented line after a plain one
# expect-exit: 1
# expect-stderr: IndentationError: unexpected indent
x = 1
    y = 2
