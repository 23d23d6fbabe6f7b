# badinput: a list of 10**12 elements
# expect-exit: 1
# expect-stderr: MemoryError
[0] * 10 ** 12
