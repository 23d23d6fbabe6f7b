# badinput: dunder repr mutates list (issue 31 sweep)
# expect-exit: 0
# expect-stdout: [R]
class R:
    def __repr__(self):
        l.clear()
        return 'R'
l = [R(), R(), R()]
print(repr(l))
