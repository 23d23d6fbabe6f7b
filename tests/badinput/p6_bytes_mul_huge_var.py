# badinput: bytes mul huge var (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
n = 2 ** 40
print(len(b'ab' * n))
