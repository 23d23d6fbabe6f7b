# badinput: a non-ASCII operator character
# expect-exit: 1
# expect-stderr: SyntaxError: invalid character '×' (U+00D7)
x = 1 × 2
