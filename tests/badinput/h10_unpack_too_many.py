# badinput: unpack too many
# expect-exit: 1
# expect-stderr: ValueError: too many values to unpack (expected 2)
a, b = [1, 2, 3]
