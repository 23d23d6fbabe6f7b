# badinput: a decimal literal with a leading zero
# expect-exit: 1
# expect-stderr: SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
x = 0777
