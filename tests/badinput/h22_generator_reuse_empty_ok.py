# badinput: a generator consumed twice
# expect-exit: 0
# expect-stdout: 3 0
g = (i for i in range(3))
print(sum(g), sum(g))
