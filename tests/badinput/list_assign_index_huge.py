# badinput: assignment to list index 2**62
# expect-exit: 1
# expect-stderr: IndexError: list assignment index out of range
lst = [1]
lst[2**62] = 5
