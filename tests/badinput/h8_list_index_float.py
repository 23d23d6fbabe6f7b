# badinput: list indexed by a float
# expect-exit: 1
# expect-stderr: TypeError: list indices must be integers or slices, not float
xs = [1, 2, 3]
v = xs[3 / 3]
