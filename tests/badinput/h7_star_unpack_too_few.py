# badinput: starred unpacking with too few values
# expect-exit: 1
# expect-stderr: ValueError: not enough values to unpack (expected at least 3, got 2)
a, b, *c, d = [1, 2]
