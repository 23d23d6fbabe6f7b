# badinput: str center neg (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
print("a".center(-5), "b".ljust(-(2**70)))
