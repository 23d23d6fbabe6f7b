# badinput: list.extend from a generator that clears the list: items append as they come (stale result)
# expect-exit: 0
# expect-stdout: [2]
l = [1, 2, 3]
def g():
    for x in range(3):
        l.clear()
        yield x
l.extend(g())
print(l)
