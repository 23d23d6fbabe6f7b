# badinput: a trailing underscore in a number
# expect-exit: 1
# expect-stderr: SyntaxError: invalid decimal literal
x = 1_000_
