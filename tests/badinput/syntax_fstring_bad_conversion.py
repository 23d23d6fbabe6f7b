# badinput: an f-string with conversion !z
# expect-exit: 1
# expect-stderr: SyntaxError: f-string: invalid conversion character
x = 1
s = f"{x!z}"
