# badinput: a 10 TB string by repetition is MemoryError at once, not a hang
# expect-exit: 1
# expect-stderr: MemoryError
s = "x" * 10**13
