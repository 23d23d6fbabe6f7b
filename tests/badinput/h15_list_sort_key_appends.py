# badinput: a sort key that appends to the list being sorted: 'list modified during sort'
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
lst = [3, 1, 2]
def k(x):
    lst.append(x)
    return x
lst.sort(key=k)
