# badinput: bytearray(10**12)
# expect-exit: 1
# expect-stderr: MemoryError
b = bytearray(10**12)
