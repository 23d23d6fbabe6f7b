# badinput: bang not
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
if !x:
    pass
