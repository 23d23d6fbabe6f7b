# badinput: the key function clears the list during list.sort
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
lst = list(range(10))
def key(x):
    lst.append(x)
    return -x
lst.sort(key=key)
