# badinput: a list never closed
# expect-exit: 1
# expect-stderr: SyntaxError: '[' was never closed
x = [1, 2
y = 3
