# badinput: invalid decimal literal
# expect-exit: 1
# expect-stderr: SyntaxError: invalid decimal literal
x = 1abc
