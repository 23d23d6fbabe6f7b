# badinput: an f-string with { never closed
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: expecting '}'
s = f"a{1"
