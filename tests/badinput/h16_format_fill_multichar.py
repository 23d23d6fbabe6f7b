# badinput: a format spec whose fill is two characters
# expect-exit: 1
# expect-stderr: ValueError: Invalid format specifier 'ab>5' for object of type 'int'
format(1, "ab>5")
