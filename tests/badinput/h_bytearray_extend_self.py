# badinput: bytearray extend self (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
b = bytearray(b"ab")
for _ in range(100): b.extend(b)
