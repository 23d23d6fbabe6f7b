# badinput: a list index out of range
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
[1][5]
