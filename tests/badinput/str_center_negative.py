# badinput: str center negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
print(repr('ab'.center(-5)), repr('ab'.ljust(-10**30)))
