# badinput: len() of a range past sys.maxsize
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
len(range(2 ** 64))
