# badinput: 0o8: no octal digit at all, the digit is named
# expect-exit: 1
# expect-stderr: SyntaxError: invalid digit '8' in octal literal
x = 0o8
