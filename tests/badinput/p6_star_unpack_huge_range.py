# badinput: star unpack huge range (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
a, *b = range(10 ** 12)
