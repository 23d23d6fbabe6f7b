# badinput: dunder repr mutates dict (issue 31 sweep)
# expect-exit: 0
# expect-stdout: {1: R}
class R:
    def __repr__(self):
        d.clear()
        return 'R'
d = {1: R(), 2: R()}
print(d)
