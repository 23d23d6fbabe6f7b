# badinput: a bracket still open at the end of the file
# expect-exit: 1
# expect-stderr: SyntaxError: '[' was never closed
x = [1, 2,
y = 3
