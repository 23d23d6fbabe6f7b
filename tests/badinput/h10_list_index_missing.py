# badinput: list index missing
# expect-exit: 1
# expect-stderr: ValueError: 3 is not in list
[1, 2].index(3)
