# badinput: int base bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: int() base must be >= 2 and <= 36, or 0
print(int("10", 37))
