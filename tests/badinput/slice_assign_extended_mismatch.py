# badinput: extended slice assignment of the wrong length
# expect-exit: 1
# expect-stderr: ValueError: attempt to assign sequence of size 3 to extended slice of size 2
a = [1, 2, 3, 4]
a[::2] = [1, 2, 3]
