# badinput: 0x with no digits
# expect-exit: 1
# expect-stderr: SyntaxError: invalid hexadecimal literal
x = 0x
