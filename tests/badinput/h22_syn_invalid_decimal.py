# badinput: a number followed by letters
# expect-exit: 1
# expect-stderr: SyntaxError: invalid decimal literal
x = 1_000_
