# badinput: deep zip chain (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 1
g = [1]
for i in range(100000):
    g = zip(g)
print(len(list(g)))
