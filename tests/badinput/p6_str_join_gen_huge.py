# badinput: str join gen huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
s = 'x' * 1000000
print(len(''.join(s for _ in range(100000))))
