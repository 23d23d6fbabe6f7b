# badinput: try without except or finally
# expect-exit: 1
# expect-stderr: SyntaxError: expected 'except' or 'finally' block
try:
    pass
x = 1
