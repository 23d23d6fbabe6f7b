# badinput: try with no except or finally
# expect-exit: 1
# expect-stderr: SyntaxError: expected 'except' or 'finally' block
try:
    x = 1
y = 2
