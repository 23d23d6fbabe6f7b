# badinput: int invalid literal
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: '12a'
int("12a")
