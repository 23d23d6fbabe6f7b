# badinput: removing items from a list while iterating it skips elements (no error, as CPython)
# expect-exit: 0
# expect-stdout: [2, 4]
l = [1, 2, 3, 4]
for x in l:
    l.remove(x)
print(l)
