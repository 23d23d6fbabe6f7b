# badinput: = instead of == in an if
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
if x = 1:
    pass
