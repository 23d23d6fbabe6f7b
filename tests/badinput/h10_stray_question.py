# badinput: stray question
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
x = y ? 1 : 2
