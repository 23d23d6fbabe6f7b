# badinput: list.sort whose key appends to the list
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
lst = [3, 1, 2]
lst.sort(key=lambda x: lst.append(x) or x)
