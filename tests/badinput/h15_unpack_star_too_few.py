# badinput: a, *b, c = [1]: 'not enough values to unpack (expected at least 2, got 1)'
# expect-exit: 1
# expect-stderr: ValueError: not enough values to unpack (expected at least 2, got 1)
a, *b, c = [1]
