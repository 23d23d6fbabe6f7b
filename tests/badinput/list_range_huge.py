# badinput: list(range(10**12)) fails at once (the length is known)
# expect-exit: 1
# expect-stderr: MemoryError
x = list(range(10**12))
