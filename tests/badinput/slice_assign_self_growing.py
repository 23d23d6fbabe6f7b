# badinput: a list assigned into a slice of itself
# expect-exit: 0
# expect-stdout: [1, 1, 2, 3, 3, 1, 1, 2, 3, 3]
a = [1, 2, 3]
a[1:2] = a
a[:0] = a
print(a)
