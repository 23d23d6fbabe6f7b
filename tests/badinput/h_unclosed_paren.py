# badinput: unclosed paren (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: '(' was never closed
print((1)
