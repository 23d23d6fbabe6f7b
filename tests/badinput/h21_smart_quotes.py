# badinput: smart quotes around a string
# expect-exit: 1
# expect-stderr: SyntaxError: invalid character '“' (U+201C)
print(“hello”)
