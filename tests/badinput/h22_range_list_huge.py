# badinput: list(range(10**12))
# expect-exit: 1
# expect-stderr: MemoryError
list(range(10 ** 12))
