# badinput: bad octal (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
x = 09
