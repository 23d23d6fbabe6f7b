# badinput: a fullwidth parenthesis
# expect-exit: 1
# expect-stderr: SyntaxError: invalid character '（' (U+FF08)
print（1）
