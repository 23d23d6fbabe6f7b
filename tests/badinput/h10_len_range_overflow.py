# badinput: len range overflow
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
len(range(10 ** 30))
