# badinput: len of a huge range
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
len(range(10**30))
