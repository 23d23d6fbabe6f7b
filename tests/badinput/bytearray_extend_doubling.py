# badinput: b.extend(b) a hundred times
# expect-exit: 1
# expect-stderr: MemoryError: a bytearray of
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
b = bytearray(b"ab")
for _ in range(100):
    b.extend(b)
