# badinput: a for line without its colon
# expect-exit: 1
# expect-stderr: SyntaxError: expected ':'
for x in range(3) print(x)
