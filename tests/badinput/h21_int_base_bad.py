# badinput: int() with base 37
# expect-exit: 1
# expect-stderr: ValueError: int() base must be >= 2 and <= 36, or 0
int('1', 37)
