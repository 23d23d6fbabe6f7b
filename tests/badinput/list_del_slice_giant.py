# badinput: list del slice giant (issue 31 sweep)
# expect-exit: 0
# expect-stdout: [1, 2, 3, 4, 5, 6, 7, 8, 9]
l = list(range(10))
del l[::10**30]
print(l)
