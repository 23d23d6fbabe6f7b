# badinput: an arrow sign pasted inside a name
# expect-exit: 1
# expect-stderr: SyntaxError: invalid character '→' (U+2192)
x→y = 1
