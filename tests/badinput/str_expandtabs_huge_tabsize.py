# badinput: str.expandtabs(2**40) returned the str unchanged (no tab to expand) where CPython's tabsize is a C int: OverflowError
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
print("abc".expandtabs(2**40))
