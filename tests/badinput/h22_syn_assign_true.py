# badinput: assigning to True
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to True
True = 1
