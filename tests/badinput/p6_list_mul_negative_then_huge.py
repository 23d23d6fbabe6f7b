# badinput: list mul negative then huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
# expect-stdout: []
print([1] * -5)
print(len([None] * (2 ** 62)))
