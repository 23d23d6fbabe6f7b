# badinput: list extend self loop (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: MemoryError
l = [1]
for _ in range(100): l.extend(l)
