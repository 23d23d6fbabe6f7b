# badinput: bytes(10**12)
# expect-exit: 1
# expect-stderr: MemoryError
b = bytes(10**12)
