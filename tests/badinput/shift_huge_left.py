# badinput: 1 << 10**10 would be a 1.25 GB int: over Kiln's limit
# expect-exit: 1
# expect-stderr: MemoryError
x = 1 << 10**10
