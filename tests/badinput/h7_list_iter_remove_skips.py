# badinput: removing from a list while iterating it skips elements (CPython's defined behaviour)
# expect-exit: 0
# expect-stdout: [2, 4, 6]
lst = [1, 2, 3, 4, 5, 6]
for x in lst:
    lst.remove(x)
print(lst)
