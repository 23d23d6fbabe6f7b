# badinput: assignment to None
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to None
None = 1
