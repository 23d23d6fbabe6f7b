# badinput: str mul huge var (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
n = 10 ** 13
print(len('ab' * n))
