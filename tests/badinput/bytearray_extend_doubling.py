# badinput: b.extend(b) a hundred times
# expect-exit: 1
# expect-stderr: MemoryError: a bytearray of
b = bytearray(b"ab")
for _ in range(100):
    b.extend(b)
