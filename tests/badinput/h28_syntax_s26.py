# badinput: a leading-zero decimal literal
# expect-exit: 1
# expect-stderr: h28_syntax_s26.py:4:5: SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
x = 0777
