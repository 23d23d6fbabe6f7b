# badinput: int with underscores bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: '1__0'
print(int('1__0'))
