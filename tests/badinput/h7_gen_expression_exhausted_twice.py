# badinput: a generator expression consumed twice yields nothing the second time
# expect-exit: 0
# expect-stdout: 3 0
g = (x for x in range(3))
print(sum(g), sum(g))
