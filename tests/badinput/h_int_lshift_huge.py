# badinput: int lshift huge (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: MemoryError
x = 1 << (10 ** 12)
