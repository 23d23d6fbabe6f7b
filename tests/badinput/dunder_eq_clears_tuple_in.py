# badinput: dunder eq clears tuple in (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'E'
class E:
    def __eq__(self, o):
        d.clear()
        return False
d = {E(): 1, E(): 2}
t = tuple(d)
print(0 in t, t.count(0), len(d))
