# badinput: list.remove of a missing value
# expect-exit: 1
# expect-stderr: ValueError: list.remove(x): x not in list
[1,2].remove(3)
