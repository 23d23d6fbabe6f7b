# badinput: else without if
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
else:
    pass
