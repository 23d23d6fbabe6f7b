# badinput: int('abc')
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: 'abc'
int('abc')
