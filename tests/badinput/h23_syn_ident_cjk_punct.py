# badinput: an ideographic full stop after a name
# expect-exit: 1
# expect-stderr: SyntaxError: invalid character '。' (U+3002)
y = 1
x = y。
