# badinput: format sign on str (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Sign not allowed in string format specifier
print(format('a', '+'))
