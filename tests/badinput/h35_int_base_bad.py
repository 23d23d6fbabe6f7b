# badinput: Python misuse: int base bad
# expect-exit: 1
# expect-stderr: ValueError: int() base must be >= 2 and <= 36, or 0
int("12", 37)
