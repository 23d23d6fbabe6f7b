# badinput: [1, 2] * 2**62
# expect-exit: 1
# expect-stderr: MemoryError
x = [1, 2] * 2**62
