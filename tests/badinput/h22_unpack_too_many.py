# badinput: unpacking three values into two
# expect-exit: 1
# expect-stderr: ValueError: too many values to unpack (expected 2)
a, b = 1, 2, 3
