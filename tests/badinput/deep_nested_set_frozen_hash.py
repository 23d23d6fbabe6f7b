# badinput: deep nested set frozen hash (issue 31 sweep)
# expect-exit: 0
x = frozenset()
for i in range(200000):
    x = frozenset([x])
hash(x)
