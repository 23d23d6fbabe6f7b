# badinput: list.sort whose key appends to the list
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
a = [3, 1, 2]
a.sort(key=lambda v: a.append(v) or v)
