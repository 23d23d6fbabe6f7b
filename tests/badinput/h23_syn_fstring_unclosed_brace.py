# badinput: an f-string field never closed
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: expecting '}'
x=1
print(f"{x")
