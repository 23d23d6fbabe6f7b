# badinput: int base 36 bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: int() base must be >= 2 and <= 36, or 0
print(int('z', 37))
