# badinput: a match statement without cases
# expect-exit: 1
# expect-stderr: SyntaxError
match x:
    pass
