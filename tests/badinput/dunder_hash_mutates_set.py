# badinput: dunder hash mutates set (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 1
class E:
    def __hash__(self):
        s.clear()
        return 1
    def __eq__(self, o): return self is o
s = {1, 2, 3}
s.add(E())
print(len(s))
