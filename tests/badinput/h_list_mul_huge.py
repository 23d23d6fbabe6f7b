# badinput: list mul huge (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: MemoryError
l = [1, 2] * (2**61)
