# badinput: unpack too few
# expect-exit: 1
# expect-stderr: ValueError: not enough values to unpack (expected 3, got 2)
a, b, c = [1, 2]
