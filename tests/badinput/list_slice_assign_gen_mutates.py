# badinput: list slice assign gen mutates (issue 31 sweep)
# expect-exit: 0
# expect-stdout: [9]
l = [1, 2, 3, 4]
def g():
    l.clear()
    yield 9
l[1:3] = g()
print(l)
