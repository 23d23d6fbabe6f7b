# badinput: format bad spec int (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Precision not allowed in integer format specifier
print(format(3, '.2d'))
