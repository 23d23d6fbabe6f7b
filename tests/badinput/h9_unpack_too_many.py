# badinput: unpacking 3 values into 2 names
# expect-exit: 1
# expect-stderr: ValueError: too many values to unpack (expected 2)
a, b = [1, 2, 3]
