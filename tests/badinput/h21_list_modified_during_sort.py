# badinput: key function that mutates the list being sorted
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
a = [3, 1, 2]
a.sort(key=lambda v: a.append(v) or v)
