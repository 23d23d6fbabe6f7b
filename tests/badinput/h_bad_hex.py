# badinput: bad hex (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: invalid hexadecimal literal
x = 0x
