# badinput: bytearray(10**15)
# expect-exit: 1
# expect-stderr: MemoryError
bytearray(10 ** 15)
