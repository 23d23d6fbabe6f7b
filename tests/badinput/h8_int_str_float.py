# badinput: int() of a decimal string
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: '12.5'
n = int('12.5')
