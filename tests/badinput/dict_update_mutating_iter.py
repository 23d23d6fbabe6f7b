# badinput: dict.update from a generator that clears the dict: pairs are inserted as they come (stale result)
# expect-exit: 0
# expect-stdout: {2: 2}
d = {1: 1}
def g():
    for i in range(3):
        d.clear()
        yield (i, i)
d.update(g())
print(d)
