# badinput: a sort key that appends to the list being sorted
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
l = [3, 1, 2]
l.sort(key=lambda x: l.append(x) or x)
