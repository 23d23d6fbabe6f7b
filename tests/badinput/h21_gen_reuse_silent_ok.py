# badinput: iterating a generator twice (second pass empty)
# expect-exit: 0
# expect-stdout: 3 0
g = (i for i in range(3))
print(sum(g), sum(g))
