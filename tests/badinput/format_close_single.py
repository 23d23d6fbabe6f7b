# badinput: format close single (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Single '}' encountered in format string
print('}'.format(1))
