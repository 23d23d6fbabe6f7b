# badinput: sort key clears (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
lst = list(range(20))
def key(x):
    lst.clear()
    return x
lst.sort(key=key)
print(lst)
