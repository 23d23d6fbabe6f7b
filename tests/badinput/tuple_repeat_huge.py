# badinput: (0,) * 10**12
# expect-exit: 1
# expect-stderr: MemoryError
x = (0,) * 10**12
