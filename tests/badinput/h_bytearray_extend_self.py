# badinput: bytearray extend self (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
b = bytearray(b"ab")
for _ in range(100): b.extend(b)
