# badinput: bytes.expandtabs with a tabsize past a C int is CPython's OverflowError, not a MemoryError or a silent result
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
print(b"\tx".expandtabs(-2**40))
