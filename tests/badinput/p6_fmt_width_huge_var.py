# badinput: fmt width huge var (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
w = 10 ** 12
print(len(format(1, str(w))))
