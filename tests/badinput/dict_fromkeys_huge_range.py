# badinput: dict.fromkeys(range(10**12)): MemoryError at once (the length is known), not an hour of inserting
# expect-exit: 1
# expect-stderr: MemoryError
d = dict.fromkeys(range(10**12))
