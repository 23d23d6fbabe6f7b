# badinput: 1 << 2**64 cannot be represented
# expect-exit: 1
# expect-stderr: MemoryError
x = 1 << 2**64
