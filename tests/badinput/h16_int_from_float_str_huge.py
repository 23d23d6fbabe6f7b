# badinput: int('1e5000') is a ValueError (no float syntax)
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: '1e5000'
int("1e5000")
