# badinput: lst *= 10**12
# expect-exit: 1
# expect-stderr: MemoryError
lst = [1, 2, 3]
lst *= 10**12
